"""Babochka play policies (one ``play`` role, :mod:`simkit.games.fishing`; formulas in
:mod:`simkit.core.capture` and :mod:`.nb`). A policy picks one row of the legal moves
``(card, capture mask)``; Babochka scores no cards, so "points" are void here.

* ``random``: a uniformly chosen legal move (a baseline);
* ``greedy``: the capture taking most cards; with no capture it lays its least useful card;
* ``heuristic``: cards taken minus ``deny`` times the mean number of cards an unseen card
  could take from the table left behind (the next players' chance to capture), minus
  ``keep`` times the worth of a card laid down;
* ``simulation``: ``samples`` random deals of the cards the seat cannot see; after each
  legal move the deal is finished greedily; the move with the best chips (the pot if the
  seat takes it, less the fees it pays);
* a user ``@njit`` function ``play(moves, n, state, params) -> int64``
  (:data:`~simkit.core.capture.PLAY_SIG`; ``state[S_EXTRA + 1]`` is the pot,
  ``state[S_EXTRA + 2 + seat]`` each seat's captures in the deal).

Per-seat policies as in :mod:`simkit.policies.seated` (``{"play": "greedy|heuristic|random"}``).
"""
from simkit.games.fishing import PARAM_SLOTS, check_params, play_role  # noqa: F401

#: the default: the strongest policy of experiments/babochka_pot.py (docs/fishing.md)
DEFAULT = "simulation"

PLAY = play_role("finishes the deal greedily over `samples` random deals of the unseen cards after each legal "
                 "move; the most chips", DEFAULT, {"keep": 1.0, "deny": 1.0, "points": 0.0}, 8)
