"""What the trick engine (:mod:`simkit.core.trick_play`) and the Python side share by
number: the play policy codes the engine plays itself, the policy rows, the per-seat
policies record and the error layout. This module imports no numba, so a game's policy
declarations (``policies.py``) and its game class can use these names without loading a
kernel (``simkit list``, ``rules`` and ``policies`` import none)."""
from collections import namedtuple

#: play policy codes the engine plays itself; a game's own play policies use codes from PLAY_BUILTIN
PLAY_USER = 0
PLAY_RANDOM = 1
PLAY_BUILTIN = 2

#: per-seat policies (:meth:`simkit.games.tricks_base.TrickGame.seat_policies`): ``code[role, seat]``,
#: ``params[role, seat, :]`` and ``group[seat]`` (seats with the same policies share a group, for the
#: reports); role 0 is the play role (R_PLAY), a game numbers its other roles from 1 (``roles`` order)
SeatPolicies = namedtuple("SeatPolicies", "code params group")
R_PLAY = 0

# -- the error layout every trick game shares (err: int64[N_ERR]) --------------------------
E_KIND = 0      # 0 = none, ERR_PLAY, or a game's own kind (>= ERR_GAME)
E_UNIT = 1      # the unit being played
E_SEAT = 2      # the seat whose move was illegal
E_MOVE = 3      # the move it returned
E_HAND = 4      # its hand (bitmask)
E_LEGAL = 5     # the legal cards (bitmask), or a game's bound for other moves
E_DEAL = 6      # deal number within the unit
E_TRICK = 7     # tricks completed
E_LED = 8       # the card led to the current trick, -1 when leading
E_BROKEN = 9    # state[S_BROKEN]: whether the lead-banned suit was open
E_TRUMP = 10    # trump effective suit, -1 none
E_CARDS = 11    # cards dealt to each seat this deal
E_PHASE = 12    # a game's phase code for other moves
E_EXTRA = 13    # game fields from here
N_ERR = 16
ERR_PLAY = 1
ERR_GAME = 2
