"""Tyotka's play policy code and parameter slots, shared by its kernels (:mod:`.play`)
and its declarations (:mod:`.policies`, the game class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN
from simkit.games.penalty_codes import P_SAMPLES

#: the ``basic`` baseline's code (the heuristic and the simulation keep the shared codes)
PLAY_BASIC = PLAY_BUILTIN + 2
#: the play parameters' slots: the simulation's ``samples`` (shared), then the heuristic's
(P_TAKE, P_HIGH, P_SAVE, P_LEAD, P_SHED, P_PROBE, P_LAST, P_COUNT, P_MODEL,
 P_KINDS, P_GAP, P_TOPS, P_TIE, P_DEPTH) = range(P_SAMPLES + 1, P_SAMPLES + 15)
N_PLAY_PARAMS = P_SAMPLES + 15
