"""Two-hand Marriage policies: a ``play`` role and a ``declare`` role (declare a marriage,
leading its king or queen; its suit becomes trump).

* play: ``random`` (a uniformly chosen legal card), ``heuristic`` (the stock games' card
  play, :func:`simkit.games.stock.heuristic_play_nb`: card points, marriages kept, trumps
  saved while the stock lasts, top cards after);
* declare: ``random`` (declares with chance ``p``, a random one of its marriages),
  ``heuristic`` (always declares when it may, the suit it holds longest, then the one
  scoring most).

Both take a user ``@njit`` function: ``play(hand: int64, legal: int64, state: int64[:],
params: float64[:]) -> int64`` (a card of ``legal``) and ``declare(hand: int64, state:
int64[:], params: float64[:]) -> int64`` (the suit 0..3 of a marriage in ``hand``, or -1;
asked only when the seat has won a trick, is on lead, holds a marriage and the stock has
cards). ``state`` is the table state (:mod:`simkit.core.tricks` ``S_*`` and :mod:`.nb`'s
``S_STOCK``, ``S_POINTS``, ...).
"""
from simkit.games.marriage import nb
from simkit.policies.base import PolicyRole, PolicySpec, param

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", nb.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "card points, marriages kept and trumps saved while the stock lasts; top cards after",
                nb.PLAY_HEURISTIC, {})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

DECLARE = PolicyRole(
    "declare",
    [PolicySpec("random", "declares with chance `p` (a random one of its marriages)", nb.D_RANDOM,
                {"p": param(0.5, "float", 0, 1)}),
     PolicySpec("heuristic", "always declares, the suit held longest first", nb.D_HEURISTIC, {})],
    default="heuristic",
    user_signature="declare(hand: int64, state: int64[:], params: float64[:]) -> int64 (a marriage's suit or -1)",
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {}, "declare": {"p": nb.P_PROB}}
