"""Spades' policy codes, role row, parameter slots and exchange phases, shared by its
kernels (:mod:`.nb`, which re-exports them) and its declarations (:mod:`.policies`, the
game class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401  (the engine's play codes)

#: what is asked of the seat to act (``state[S_PHASE]``)
PHASE_BLIND, PHASE_BID, PHASE_DISCARD, PHASE_PASS, PHASE_PLAY = 0, 1, 2, 3, 4

BID_USER, BID_RANDOM, BID_HEURISTIC, BID_NIL, BID_SIMULATION = 0, 1, 2, 3, 4
PLAY_HEURISTIC = PLAY_BUILTIN
R_BID = 1                    # the bid role's row in SeatPolicies (R_PLAY = 0)
P_HONOR, P_TRUMP_LOW, P_NORM, P_BIAS, P_THRESHOLD, P_DNIL_BEHIND, P_SAMPLES, P_NIL_P = 0, 1, 2, 3, 4, 5, 4, 5
N_BID_PARAMS = 6
N_PLAY_PARAMS = 6
#: play parameter slots (see policies.PARAM_SLOTS)
Q_PROTECT, Q_ATTACK, Q_SECOND_LOW, Q_CHEAP, Q_LEAD_SHORT, Q_SET = 0, 1, 2, 3, 4, 5
