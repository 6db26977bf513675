"""Klaberjass' phases, policy codes, role rows and parameter slots, shared by its kernels
(:mod:`.nb`, which re-exports them) and its declarations (:mod:`.policies`, the game
class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401  (the engine's play codes)

#: what is asked of the seat to act (``state[S_PHASE]``)
PHASE_ROUND1, PHASE_ROUND2, PHASE_ANSWER, PHASE_DIX, PHASE_SEQ, PHASE_BELLA, PHASE_PLAY = range(7)

# roles: rows in SeatPolicies
R_BID, R_DECLARE = 1, 2
BID_USER, BID_RANDOM, BID_HEURISTIC, BID_SIMULATION = 0, 1, 2, 3
DECL_USER, DECL_RANDOM, DECL_ALWAYS = 0, 1, 2
PLAY_HEURISTIC = PLAY_BUILTIN
# bid parameter slots
P_THRESHOLD, P_TRUMP_W, P_ROUND2, P_SCHMEISS, P_ACCEPT, P_SAMPLES, P_THROW = range(7)
N_BID_PARAMS = 7
N_DECL_PARAMS = 1
N_PLAY_PARAMS = 1            # play parameters: none (one slot kept for the arrays' shape)
