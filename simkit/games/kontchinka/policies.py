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
  margin in the deal (its play-outs use ``greedy``, never the planner);
* ``planner`` (the default): each move is worth the cards and points it takes, minus
  ``deny`` times what the next player can expect to take from the table it leaves (the
  best of his hand, drawn from the cards the seat has not seen), plus ``own`` times what
  the seat's own cards left could take from it; a point-suit card is worth ``club`` more
  and a kontchinka ``kont`` more while they still decide something; a trail costs
  ``keep`` times the card's worth, playing a sweeping jack ``jack``
  (:func:`.nb.planner_nb`);
* a user ``@njit`` function ``play(moves, n, state, params) -> int64``
  (:data:`~simkit.core.capture.PLAY_SIG`): the index of the chosen row.

Per-seat policies as in :mod:`simkit.policies.seated` (``{"play": "greedy|heuristic"}``).
Every parameter declares its type and range (:func:`simkit.games.fishing.play_role`),
checked when the policy is resolved.
"""
from simkit.core import capture_codes
from simkit.games import fishing
from simkit.games.fishing import play_role
from simkit.policies.base import param

#: the planner's parameters (slots in :mod:`.nb`); defaults tuned by racing (simkit.tune, docs/fishing.md)
PLANNER = {"keep": param(0.25, "float", 0.0, 20.0), "deny": param(1.5, "float", 0.0, 20.0),
           "jack": param(3.0, "float", 0.0, 20.0), "club": param(0.5, "float", 0.0, 20.0),
           "kont": param(3.0, "float", 0.0, 20.0), "own": param(0.75, "float", 0.0, 20.0)}
PARAM_SLOTS = dict(fishing.PARAM_SLOTS, jack=capture_codes.P_S2, club=capture_codes.P_S3, kont=capture_codes.P_S4,
                   own=capture_codes.P_S5)

#: the default: the strongest built-in within the speed budget (at least 1/20 of random play's
#: games a second), and stronger than the slower simulation too (docs/fishing.md). The
#: heuristic's ``deny`` = 4 is the best of its sweep against greedy (4-12 equal within the noise)
DEFAULT = "planner"

PLAY = play_role("plays the deal out greedily over `samples` random deals of the unseen cards after each legal "
                 "move; the best points margin", DEFAULT, {"keep": 1.0, "deny": 4.0, "points": 1.0}, 8,
                 ("cards and points taken - `deny` x the next player's expected best take from the table left + `own` "
                  "x the seat's own best next take; a point-suit card `club`, a kontchinka `kont` more (while they "
                  "decide something); a trail costs `keep` x the card's worth, a jack `jack`", PLANNER))
