"""Sixty-six policies: one role per decision, ``play``, ``close`` (close the stock),
``declare`` (declare a marriage, leading its king or queen) and ``exchange`` (the trump
nine for the turned trump); the formulas are in :mod:`.nb`.

* play: ``random`` (a uniformly chosen legal card), ``heuristic`` (card points,
  marriages kept, trumps saved while the stock is open; top cards once it is closed);
* close: ``random`` (closes with chance ``p`` at each lead where it may), ``heuristic``
  (closes when its projection of the points it will hold, :func:`~.nb.close_estimate_nb`:
  points so far, marriages held, top cards' points plus a capture, trump length, reaches
  ``threshold``), ``simulation`` (plays out ``samples`` sampled deals closing and not, the
  hidden cards dealt consistently with what the seat has seen, and closes when closing
  scored more game points; later decisions by the heuristic at ``threshold``);
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
from simkit.games.sixty_six import nb
from simkit.policies.base import PolicyRole, PolicySpec, param

_PROB = {"p": param(0.5, "float", 0, 1)}
#: the close threshold of the heuristic (and of the simulation closer's play-outs): in
#: ``experiments/sixty_six_closing.py`` (``--hands 40000``, against a closer at 66) 80 gave the
#: most game points per deal (+0.114 against +0.060 at 66, stderr 0.008) and the best win rate to 7
#: (0.535 against 0.496). The ``simulation`` closer scores +0.080 +- 0.013 game points per deal
#: over the heuristic at 80 on the same 6000 deals (paired), but at about 1/300 of random play's
#: speed, outside the defaults' 1/20 budget (docs/strategy.md), so the heuristic is the default.
THRESHOLD = 80
_THRESHOLD = {"threshold": param(THRESHOLD, "float", 0, 400)}
_DECIDE = "f(hand: int64, state: int64[:], params: float64[:]) -> int64"

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", nb.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "card points, marriages kept and trumps saved while the stock lasts; top cards once "
                "it is closed or empty", nb.PLAY_HEURISTIC, {})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

CLOSE = PolicyRole(
    "close",
    [PolicySpec("random", "closes with chance `p` at each lead where it may", nb.D_RANDOM, _PROB),
     PolicySpec("heuristic", "closes when the projected points (points so far, marriages held, top cards plus a "
                "capture, trump length) reach `threshold`", nb.D_HEURISTIC, _THRESHOLD),
     PolicySpec("simulation", "plays out `samples` sampled deals closing and not (later decisions by the heuristic "
                "at `threshold`) and closes when closing scored more game points", nb.D_SIMULATION,
                {**_THRESHOLD, "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature=_DECIDE + " (1: close the stock now, 0: not)",
)


def _yes_no(role: str, random_doc: str, heuristic_doc: str, answer: str) -> PolicyRole:
    """A decision role with ``random`` (yes with chance ``p``) and an always-yes ``heuristic``."""
    return PolicyRole(role, [PolicySpec("random", random_doc, nb.D_RANDOM, _PROB),
                             PolicySpec("heuristic", heuristic_doc, nb.D_HEURISTIC, {})],
                      default="heuristic", user_signature=f"{_DECIDE} ({answer})")


DECLARE = _yes_no("declare", "declares with chance `p` (a random one of its marriages)",
                  "always declares, the trump marriage first", "the suit 0..3 of a marriage in hand to declare, or -1")
EXCHANGE = _yes_no("exchange", "exchanges with chance `p`", "always exchanges the trump nine for the turned trump",
                   "1: exchange the trump nine, 0: not")

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {}, "close": {"p": nb.P_PROB, "threshold": nb.P_THRESHOLD, "samples": nb.P_SAMPLES},
               "declare": {"p": nb.P_PROB}, "exchange": {"p": nb.P_PROB}}
