"""Sixty-six policies: one role per decision, ``play``, ``close`` (close the stock),
``declare`` (declare a marriage, leading its king or queen) and ``exchange`` (the trump
nine for the turned trump); the formulas are in :mod:`.nb`.

* play: ``random`` (a uniformly chosen legal card), ``heuristic`` (card points,
  marriages kept, trumps saved while the stock is open; top cards once it is closed);
* close: ``random`` (closes with chance ``p`` at each lead where it may), ``heuristic``
  (closes when its projection of the points it will hold, :func:`~.nb.close_estimate_nb`:
  points so far, marriages held, top cards' points plus a capture, trump length, reaches
  ``threshold``; a plain top card counts ``plain`` percent while a trump is unseen; tuned to
  threshold 70, plain 0), ``simulation`` (plays out ``samples`` sampled deals closing and not, the
  hidden cards dealt consistently with what the seat has seen, and closes when closing
  scored more game points; later decisions by the heuristic before tuning at ``threshold``;
  with ``floor`` it simulates only where that heuristic's estimate reaches it), ``screened``
  (the default: the simulation closer with 3 samples and ``floor`` 65);
* declare: ``random`` (declares with chance ``p``, a random one of its marriages),
  ``heuristic`` (always, the trump marriage first);
* exchange: ``random`` (chance ``p``), ``heuristic`` (always: the nine is worth nothing).

Every role takes a user ``@njit`` function: ``play(hand: int64, legal: int64, state:
int64[:], params: float64[:]) -> int64`` (a card of ``legal``), and ``close``,
``exchange`` and ``declare`` ``f(hand: int64, state: int64[:], params: float64[:]) ->
int64`` (1 yes / 0 no; ``declare``: the suit 0..3 of a marriage in ``hand``, or -1).
``state`` is the table state (:mod:`simkit.core.tricks` ``S_*`` and :mod:`.nb`'s
``S_STOCK``, ``S_CLOSER``, ``S_POINTS``, ...).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games.sixty_six import codes
from simkit.games.stock_codes import D_HEURISTIC, D_RANDOM
from simkit.policies.base import PolicyRole, PolicySpec, param

_PROB = {"p": param(0.5, "float", 0, 1)}
#: the close threshold of the simulation closer's play-outs (and of the heuristic before its tuning): in
#: ``experiments/sixty_six_closing.py`` (``--hands 40000``, against a closer at 66) 80 gave the
#: most game points per deal (+0.114 against +0.060 at 66, stderr 0.008) and the best win rate to 7
#: (0.535 against 0.496). The ``simulation`` closer scores +0.080 +- 0.013 game points per deal
#: over the heuristic at 80 on the same 6000 deals (paired), but at about 1/300 of random play's
#: speed, outside the defaults' 1/20 budget (docs/strategy.md), so the heuristic was the default (now ``screened``).
THRESHOLD = 80
_THRESHOLD = {"threshold": param(THRESHOLD, "float", 0, 400)}
#: the heuristic closer's tuned threshold and plain share (docs/sixty_six.md, "Tuning the closer"): ``simkit.tune``
#: against the old heuristic (threshold 80, plain 50) put plain 0 and threshold 70 first (+0.011 of games won
#: a seat, seed 2026), and a duplicate tournament on other deals confirmed it (+0.022 ± 0.002 new less old,
#: 20 000 games a seating, seed 7). The simulation closer's play-outs keep 80 and the old weights.
HEURISTIC_THRESHOLD = 70
HEURISTIC_PLAIN = 0
#: the close estimate's weights (:func:`~.nb.close_estimate_nb`); the values before tuning are
#: ``codes.CAPTURE``, ``codes.TRUMP_LENGTH``, ``codes.PLAIN`` (4, 2, 50), which give the old closer bit for bit
_HEURISTIC = {"threshold": param(HEURISTIC_THRESHOLD, "float", 0, 400),
              "capture": param(codes.CAPTURE, "int", 0, 30), "trump_length": param(codes.TRUMP_LENGTH, "int", 0, 30),
              "plain": param(HEURISTIC_PLAIN, "int", 0, 100)}
#: the default closer (docs/sixty_six.md, "The screened closer"): the simulation closer, asked only where the
#: heuristic's estimate before tuning reaches 65, with 3 sampled deals: 1/18 of random play's speed (both seats),
#: and of the gap of 0.102 ± 0.011 between the simulation closer and the tuned heuristic in a field tournament it
#: closes 0.040 ± 0.007 (1000 games a seating, seed 2026)
SCREENED_SAMPLES = 3
SCREENED_FLOOR = 65
_DECIDE = "f(hand: int64, state: int64[:], params: float64[:]) -> int64"

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "card points, marriages kept and trumps saved while the stock lasts; top cards once "
                "it is closed or empty", codes.PLAY_HEURISTIC, {})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

CLOSE = PolicyRole(
    "close",
    [PolicySpec("random", "closes with chance `p` at each lead where it may", D_RANDOM, _PROB),
     PolicySpec("heuristic", "closes when the projected points (points so far, marriages held, top cards plus a "
                "capture, trump length) reach `threshold`; a plain top card counts `plain` percent while a trump is "
                "unseen (`threshold=80,plain=50`: the closer before tuning)", D_HEURISTIC, _HEURISTIC),
     PolicySpec("simulation", "plays out `samples` sampled deals closing and not (later decisions by the heuristic "
                "at `threshold`) and closes when closing scored more game points; with `floor` > 0 only where the "
                "heuristic's estimate before tuning reaches it (below it, does not close)", codes.D_SIMULATION,
                {**_THRESHOLD, "samples": param(16, "int", 1, 10_000), "floor": param(0, "float", 0, 400)}),
     PolicySpec("screened", "the simulation closer with `samples` 3 at the leads where the heuristic's estimate "
                "before tuning reaches `floor` (65); below it, does not close", codes.D_SIMULATION,
                {**_THRESHOLD, "samples": param(SCREENED_SAMPLES, "int", 1, 10_000),
                 "floor": param(SCREENED_FLOOR, "float", 0, 400)})],
    default="screened",
    user_signature=_DECIDE + " (1: close the stock now, 0: not)",
)


def _yes_no(role: str, random_doc: str, heuristic_doc: str, answer: str) -> PolicyRole:
    """A decision role with ``random`` (yes with chance ``p``) and an always-yes ``heuristic``."""
    return PolicyRole(role, [PolicySpec("random", random_doc, D_RANDOM, _PROB),
                             PolicySpec("heuristic", heuristic_doc, D_HEURISTIC, {})],
                      default="heuristic", user_signature=f"{_DECIDE} ({answer})")


DECLARE = _yes_no("declare", "declares with chance `p` (a random one of its marriages)",
                  "always declares, the trump marriage first", "the suit 0..3 of a marriage in hand to declare, or -1")
EXCHANGE = _yes_no("exchange", "exchanges with chance `p`", "always exchanges the trump nine for the turned trump",
                   "1: exchange the trump nine, 0: not")

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {}, "close": {"p": codes.P_PROB, "threshold": codes.P_THRESHOLD, "samples": codes.P_SAMPLES,
                                     "capture": codes.P_CAPTURE, "trump_length": codes.P_TRUMP_LENGTH,
                                     "plain": codes.P_PLAIN, "floor": codes.P_FLOOR},
               "declare": {"p": codes.P_PROB}, "exchange": {"p": codes.P_PROB}}
