"""Polignac's play policy code and parameter slots, shared by its kernels (:mod:`.play`)
and its policy declarations (:mod:`.policies`); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN
from simkit.games.penalty_codes import P_SAMPLES

#: the ``avoid`` baseline's code (the heuristic and the simulation keep the shared codes)
PLAY_AVOID = PLAY_BUILTIN + 2
#: the play parameters' slots: the simulation's ``samples`` (shared), then the heuristic's
P_TAKE, P_LEAD, P_MASTERS, P_JACKS, P_SECOND, P_DUMP = range(P_SAMPLES + 1, P_SAMPLES + 7)
N_PLAY_PARAMS = P_SAMPLES + 7
