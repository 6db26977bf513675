"""Oh Hell's policy codes, role row and parameter slots, shared by its kernels
(:mod:`.nb`, which re-exports them) and its declarations (:mod:`.policies`, the game
class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401  (the engine's play codes)

BID_USER, BID_RANDOM, BID_HEURISTIC, BID_SIMULATION, BID_ADVICE = 0, 1, 2, 3, 4
PLAY_HEURISTIC = PLAY_BUILTIN
R_BID = 1                        # the bid role's row in SeatPolicies (R_PLAY = 0)
N_BID_PARAMS = 6
N_PLAY_PARAMS = 5
#: play parameter slots (see policies.PARAM_SLOTS)
Q_SPOIL, Q_CHEAP, Q_URGENCY, Q_LEAD_HIGH, Q_LEAD_SHORT = 0, 1, 2, 3, 4
# bid parameter slots (see policies.PARAM_SLOTS)
P_HONOR, P_TRUMP_LOW, P_NORM, P_BIAS, P_SAMPLES, P_WINDOW, P_LONG, P_UNDER = 0, 1, 2, 3, 3, 4, 3, 4
P_TRUMP, P_TABLE = 4, 5     # the heuristic's trump-length and table terms
