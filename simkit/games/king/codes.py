"""King's policy codes, role rows and parameter slots, shared by its kernels (:mod:`.nb`)
and its declarations (:mod:`.policies`, the game class); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN

# policy codes: play (PLAY_USER 0 and PLAY_RANDOM 1 are the engine's) and trump naming
PLAY_HEURISTIC = PLAY_BUILTIN
PLAY_SIMULATION = PLAY_BUILTIN + 1
PLAY_RANDOM_NARROW = PLAY_BUILTIN + 2      # random under king_forced=over_ace (the game narrows the legal set)
PLAY_BASIC = PLAY_BUILTIN + 3              # the default heuristic before the cost model (a baseline)
TRUMP_USER, TRUMP_RANDOM, TRUMP_HEURISTIC = 0, 1, 2
R_TRUMP = 1                                # the trump role's row in SeatPolicies (R_PLAY = 0)
N_PLAY_PARAMS = 11
N_TRUMP_PARAMS = 1
P_SAMPLES = 0                              # play: the simulation's samples per candidate card
P_FUTURE = 1                               # play (heuristic): weight of a card's later cost against its cost now
P_DUMP = 2                                 # play (heuristic): weight of the cards void opponents throw
P_UNDER = 3                                # play (heuristic): weight of the danger cards followers put under
P_FUT_DUMP = 4                             # play (heuristic): weight of the throws in a later trick
P_SHAPE_LEAD = 5                           # play (heuristic): weight of the shape terms of a lead
P_SHAPE_VOID = 6                           # play (heuristic): of a throw when void
P_SHAPE_FOLLOW = 7                         # play (heuristic): of a card following suit (P_SHAPE_LEAD + kind)
P_LENGTH = 8                               # play (heuristic, positive): a lead's value per card of its suit held
P_CASH = 9                                 # play (heuristic, positive): a master card's lead value
P_DRAW = 10                                # play (heuristic, positive): a master trump's, while trumps are out
P_LAST_BELOW = 0                           # trump: say «По последней» when no suit has this many of the three
BY_THE_LAST = 4
#: the heuristic's parameters (slots of the play role's row) and their defaults, the values the simulation's
#: play-outs use (:data:`HEURISTIC_PARAMS`); declared with their ranges in :mod:`.policies`
HEURISTIC_SLOTS = {"future": P_FUTURE, "dump": P_DUMP, "under": P_UNDER, "later_dump": P_FUT_DUMP,
                   "shape_lead": P_SHAPE_LEAD, "shape_void": P_SHAPE_VOID, "shape_follow": P_SHAPE_FOLLOW,
                   "length": P_LENGTH, "cash": P_CASH, "draw": P_DRAW}
HEURISTIC_DEFAULTS = {"future": 0.5, "dump": 1.0, "under": 0.5, "later_dump": 0.25,
                      "shape_lead": 1.0, "shape_void": 1.0, "shape_follow": 1.0, "length": 4.0, "cash": 2.0, "draw": 13.0}
