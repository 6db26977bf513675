"""Marriage for four's policy roles (rows of the per-seat policies), policy codes,
parameter slots and error kinds: the numbers its kernels (:mod:`.nb`) share with its
declarations (:mod:`.policies`, the game class); imports no numba."""
from simkit.core.trick_codes import ERR_GAME, PLAY_BUILTIN

# roles' rows in SeatPolicies (R_PLAY = 0) and policy codes (0 = the user's function)
R_EXCHANGE, R_DECLARE, R_CLAIM = 1, 2, 3
PLAY_HEURISTIC = PLAY_BUILTIN
EXCHANGE_RANDOM, EXCHANGE_HEURISTIC = 1, 2
DECLARE_RANDOM, DECLARE_HEURISTIC = 1, 2
CLAIM_RANDOM, CLAIM_HEURISTIC, CLAIM_SIMULATION = 1, 2, 3
P_THRESHOLD, P_SLIP, P_SAMPLES = 0, 1, 2     # claim parameters
P_TOGETHER = 0                               # declare parameter
N_PARAMS = 3

ERR_EXCHANGE, ERR_DECLARE, ERR_CLAIM = ERR_GAME, ERR_GAME + 1, ERR_GAME + 2   # illegal cards: ERR_PLAY
