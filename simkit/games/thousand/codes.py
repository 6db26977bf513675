"""Thousand's policy codes, role rows, parameter slots and decision phases, shared by its kernels (through
:mod:`.layout`, which re-exports them) and its declarations (:mod:`.policies`, the game
class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401 (the engine's codes)

R_BID = 1                               # the bid role's row in SeatPolicies (R_PLAY = 0)
#: BID_COUNTED: the heuristic before the value model (sure tricks counted), kept as a baseline
BID_USER, BID_RANDOM, BID_HEURISTIC, BID_SIMULATION, BID_COUNTED = 0, 1, 2, 3, 4
PLAY_HEURISTIC = PLAY_BUILTIN           # PLAY_USER = 0, PLAY_RANDOM = 1 are the engine's
PLAY_SIMULATION = PLAY_BUILTIN + 1
P_MARGIN, P_CONCEDE, P_SAMPLES, P_SPREAD, P_BID_MARGIN, P_BID_MARGIN_2 = 0, 1, 2, 3, 4, 5
N_BID_PARAMS = 6
P_TRUMP_WEIGHT, P_PLAY_SAMPLES, P_DRAW, P_CASH, P_CASH_2 = 0, 1, 2, 3, 4
N_PLAY_PARAMS = 5

# -- phases (state[S_PHASE]): what the bid or play policy is asked ---------------------------
PHASE_AUCTION = 0   # bid: 0 = pass, else a bid
PHASE_CONTRACT = 1  # bid: the contract (>= the bid); 1001: 0 = concede (after an all-pass: throw in)
PHASE_REFUSE = 2    # bid, 1000 (2) after the widow: 1 = refuse to play (after an all-pass: throw in), 0 = play
# (after an all-pass the declarer never called: his own state[S_BID + seat] is still -1)
PHASE_GIVE = 3      # play: a card of `legal` to give to active seat state[S_TO]
PHASE_KEEP = 4      # play, 1000 (2): the widow card (of `legal`) the declarer keeps
PHASE_DECLARE = 5   # play: a king or queen of `legal` to declare its marriage by leading it, -1 = none
PHASE_PLAY = 6      # play: a card of `legal`
