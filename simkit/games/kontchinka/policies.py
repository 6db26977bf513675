"""Kontchinka play policies (one ``play`` role, :mod:`simkit.games.fishing`; formulas in
:mod:`simkit.core.capture` and :mod:`.nb`). A policy picks one row of the legal moves
``(card, capture mask)``.

* ``random``: a uniformly chosen legal move (a baseline);
* ``greedy``: the capture taking most cards, then most points (point-suit cards and
  kontchinki), then a kontchinka; with no capture it trails its least valuable card;
* ``heuristic``: keeps the kontchinki and denies the next player sums: each move is
  worth the cards it takes plus ``points`` per point card, minus ``keep`` times what a
  trailed card is worth, minus ``deny`` times the mean number of cards an unseen card
  could take from the table left behind;
* ``simulation``: ``samples`` times deals the cards the seat cannot see at random and
  plays the deal out greedily after each legal move; the move with the best points
  margin in the deal;
* a user ``@njit`` function ``play(moves, n, state, params) -> int64``
  (:data:`~simkit.core.capture.PLAY_SIG`): the index of the chosen row.

Per-seat policies as in :mod:`simkit.policies.seated` (``{"play": "greedy|heuristic"}``).
Every parameter declares its range (:data:`simkit.games.fishing.RANGES`), checked when a
run starts.
"""
from simkit.games.fishing import PARAM_SLOTS, check_params, play_role  # noqa: F401

#: the default: the strongest policy of experiments/kontchinka_policies.py (docs/fishing.md); the
#: heuristic's ``deny`` = 4 is the best of its sweep against greedy (4-12 equal within the noise)
DEFAULT = "simulation"

PLAY = play_role("plays the deal out greedily over `samples` random deals of the unseen cards after each legal "
                 "move; the best points margin", DEFAULT, {"keep": 1.0, "deny": 4.0, "points": 1.0}, 8)
