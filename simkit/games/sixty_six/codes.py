"""Sixty-six's policy roles (rows of the per-seat policies), policy codes, parameter slots,
the close estimate's weights before tuning and its error kinds: the numbers its kernels
(:mod:`.nb`) share with its declarations (:mod:`.policies`, the game class); imports no
numba. The decisions' ``random`` and ``heuristic`` codes are the stock games' shared
ones (:mod:`simkit.games.stock_codes`)."""
from simkit.core.trick_codes import ERR_GAME, PLAY_BUILTIN

# -- policies: roles (rows of SeatPolicies) and codes ----------------------------------------------
R_CLOSE, R_DECLARE, R_EXCHANGE = 1, 2, 3
PLAY_HEURISTIC = PLAY_BUILTIN
D_SIMULATION = 3            # close, declare, exchange decisions: D_USER, D_RANDOM, D_HEURISTIC (stock_codes) and this
P_PROB = 0                  # random decisions: the chance to say yes
P_THRESHOLD = 0             # heuristic / simulation close: the projected points to close at
P_SAMPLES = 1               # simulation close: sampled deals per decision
P_CAPTURE = 2               # heuristic close: what a top card captures (points beyond its own)
P_TRUMP_LENGTH = 3          # heuristic close: what each trump below the top adds
P_PLAIN = 4                 # heuristic close: the percent of a plain top card's worth counted while a trump is unseen
P_FLOOR = 5                 # simulation close: the old heuristic's estimate below which it does not simulate (or close)
N_PARAMS = 6
#: the heuristic's expected capture with a top card (points won from the card it beats), before tuning
CAPTURE = 4
#: and what a trump held below the top adds (it can trump a plain lead after closing), before tuning
TRUMP_LENGTH = 2
#: the percent of a plain top card's worth counted while a trump is unseen, before tuning
PLAIN = 50

ERR_CLOSE, ERR_DECLARE, ERR_EXCHANGE = ERR_GAME, ERR_GAME + 1, ERR_GAME + 2
