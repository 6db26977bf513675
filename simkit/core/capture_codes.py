"""The numbers the capture engine (:mod:`simkit.core.capture`, which re-exports them) shares
with the fishing games' declarations (Kontchinka, Babochka: their ``__init__.py`` and
``policies.py``, :mod:`simkit.games.fishing`): the card table and deal state layouts, the
built-in play policy codes and parameter slots, and :func:`card_table`. Imports no numba,
so declaring a fishing game loads no kernel (``simkit list``, ``rules`` and ``policies``)."""
import numpy as np

N_CARDS = 52
MAX_SEATS = 6
CT_VALUE, CT_TARGET, CT_SWEEP, CT_POINT, CT_KONT = 0, 52, 104, 156, 208
CT_SIZE = 260
SWEEP_NONE, SWEEP_ALL, SWEEP_ONE = 0, 1, 2

# -- the state of one deal ----------------------------------------------------------------------
S_HAND = 0                   # MAX_SEATS hand bitmasks
S_TABLE = 6                  # up to 52 table card codes
S_TN = 58                    # cards on the table
S_STOCK = 59                 # 52 stock card codes (dealt from S_TOP on)
S_TOP = 111                  # next stock position to deal
S_CARDS = 112                # MAX_SEATS: cards captured (incl. the capturing cards)
S_POINTS = 118               # MAX_SEATS: point-suit cards captured
S_KONT = 124                 # MAX_SEATS: kontchinki captured
S_SWEEPS = 130               # MAX_SEATS: captures that left the table empty
S_TRAILS = 136               # MAX_SEATS: cards trailed
S_LAST = 142                 # seat that captured last (-1: nobody yet)
S_SEEN = 143                 # bitmask of captured cards (public)
S_CAPTURED_LAST = 144        # bit per seat: that seat captured on its previous turn
S_PLAYERS = 145
S_SEAT = 146                 # seat to act
S_DEALER = 147
S_BURIED = 148               # bitmask of cards buried in the stock by the clean-up, not yet dealt
S_MOVE_CAPT = 149            # cards the last move captured from the table
S_EXTRA = 150                # game-specific slots from here
S_SIZE = 176

#: the built-in play policy codes (a user function is POL_USER) and their parameter slots
POL_USER, POL_RANDOM, POL_GREEDY, POL_HEURISTIC, POL_SIMULATION, POL_PLANNER = 0, 1, 2, 3, 4, 5
P_KEEP, P_DENY, P_POINTS, P_SAMPLES = 0, 1, 2, 0
#: more slots for the planners' parameters (a slot serves one name per game: :data:`simkit.games.fishing.PARAM_SLOTS`)
P_S2, P_S3, P_S4, P_S5 = 2, 3, 4, 5
N_PARAMS = 6


def card_table(values, targets, sweeps, point_suit: int, kontchinki) -> np.ndarray:
    """The card table ``ct`` from per-rank ``values``, ``targets`` and ``sweeps`` (13
    entries each, rank 0 = two .. 12 = ace), the point suit (0..3) and the kontchinka
    card codes."""
    ct = np.zeros(CT_SIZE, np.int64)
    for c in range(N_CARDS):
        r, s = divmod(c, 4)
        ct[CT_VALUE + c] = values[r]
        ct[CT_TARGET + c] = targets[r]
        ct[CT_SWEEP + c] = sweeps[r]
        ct[CT_POINT + c] = int(s == point_suit)
    for c in kontchinki:
        ct[CT_KONT + c] = 1
    return ct
