"""Babochka play policies (one ``play`` role, :mod:`simkit.games.fishing`; formulas in
:mod:`simkit.core.capture` and :mod:`.nb`). A policy picks one row of the legal moves
``(card, capture mask)``; Babochka scores no cards, so "points" are void here.

* ``random``: a uniformly chosen legal move (a baseline);
* ``greedy``: the capture taking most cards; with no capture it lays its least useful card;
* ``heuristic``: cards taken minus ``deny`` times the mean number of cards an unseen card
  could take from the table left behind (the next players' chance to capture), minus
  ``keep`` times the worth of a card laid down;
* ``simulation``: ``samples`` random deals of the cards the seat cannot see; after each
  legal move the deal is finished greedily (never with the planner); the move with the
  best chips (the pot if the seat takes it, less the fees it pays);
* ``planner`` (the default): plays for its own three captures and against the others':
  each move is worth the chance that the seat still captures with every card (a card
  left with a capture on the table left counts as sure, one without as ``hope``, two
  cards whose only captures share a table card as ``wait``) against ``deny`` times the
  chances of the others who have captured with every card so far, less ``fee`` times the
  fees it expects to pay, as a share of the pot (:func:`.nb.planner_nb`);
* a user ``@njit`` function ``play(moves, n, state, params) -> int64``
  (:data:`~simkit.core.capture.PLAY_SIG`; ``state[S_EXTRA + 1]`` is the pot,
  ``state[S_EXTRA + 2 + seat]`` each seat's captures in the deal).

Per-seat policies as in :mod:`simkit.policies.seated` (``{"play": "greedy|heuristic|random"}``).
"""
from simkit.core import capture_codes
from simkit.games import fishing
from simkit.games.fishing import play_role
from simkit.policies.base import param

#: the planner's parameters (slots in :mod:`.nb`); defaults tuned by racing (simkit.tune, docs/fishing.md)
PLANNER = {"deny": param(1.5, "float", 0.0, 20.0), "fee": param(2.0, "float", 0.0, 20.0),
           "hope": param(0.3, "float", 0.0, 1.0), "wait": param(0.1, "float", 0.0, 1.0)}
PARAM_SLOTS = dict(fishing.PARAM_SLOTS, fee=capture_codes.P_S2, wait=capture_codes.P_S3, hope=capture_codes.P_S4)

#: the default: the strongest built-in within the speed budget (at least 1/20 of random play's
#: pots a second), as strong as the slower simulation (docs/fishing.md)
DEFAULT = "planner"

PLAY = play_role("finishes the deal greedily over `samples` random deals of the unseen cards after each legal "
                 "move; the most chips", DEFAULT, {"keep": 1.0, "deny": 1.0, "points": 0.0}, 8,
                 ("the chance of its own three captures against `deny` x the others' and `fee` x the fees, from the "
                  "captures each card would have on the table left (a card with none: `hope`; two cards whose "
                  "captures overlap: `wait`)", PLANNER))
