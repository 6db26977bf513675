"""Blackjack's numbers shared by its kernels (:mod:`.nb`, :mod:`.exact`) and its policy
declarations (:mod:`.policies`): the strategy table layout, the value indices, the
policy codes and the bet bound. Imports no numba, so declaring the game loads no kernel."""
# value index i stands for card value i + 1: 0 = ace, 1..8 = 2..9, 9 = ten-value
N_VALUES = 10
ACE, TEN = 0, 9
VALUE_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
UP_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)        # columns of the tables: 2..10, A

# strategy table layout (rows x 10 up-card columns by value index); see exact.TABLE_ROWS
HARD0, SOFT0, PAIR0, SUR_HARD0, SUR_SOFT0, SUR_PAIR0, INS_ROW = 0, 22, 44, 54, 76, 98, 108
N_ROWS = 109
S, H, DH, DS = 0, 1, 2, 3                         # cell codes of hard/soft rows

#: play policy codes: a user function, or a table the kernel reads (every built-in)
POL_USER, POL_TABLE = 0, 1
#: the largest bet a policy may make, in units
MAX_BET = 10_000
