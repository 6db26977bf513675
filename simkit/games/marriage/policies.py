"""Two-hand Marriage policies: a ``play`` role and a ``declare`` role (declare a marriage,
leading its king or queen; its suit becomes trump).

* play: ``random`` (a uniformly chosen legal card), ``heuristic`` (the stock games' card
  play, :func:`simkit.games.stock.heuristic_play_nb`: card points, marriages kept, trumps
  saved while the stock lasts, top cards after), ``simulation``
  (:func:`simkit.games.marriage.nb.simulation_play_nb`: ``samples`` deals of the cards the
  seat cannot see, its opponent's hand and the stock, dealt consistently with what it has
  seen; each legal card played out with the heuristics for both seats; the best total, a
  win by 101 first, then the points margin). In ``experiments/marriage_simulation.py``
  (4000 paired deals to 101) it beats the heuristic at 16 samples (seat 0's win rate
  +0.064, stderr 0.010; the heuristic opponent's -0.047, stderr 0.008); with 8 the gain is
  small and with 2 or 4 it is worse (2 samples: -0.060, stderr 0.009); at 16 samples it plays about 470 deals a second against the
  heuristic's 195,000, so the heuristic stays the default;
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
                nb.PLAY_HEURISTIC, {}),
     PolicySpec("simulation", "samples the hidden cards (the opponent's hand, the stock) `samples` times "
                "consistently with what the seat has seen, plays each legal card out with the heuristics for both "
                "seats, plays the best total (a win by 101 first, then the points margin)", nb.PLAY_SIMULATION,
                {"samples": param(16, "int", 1, 1000)})],
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
PARAM_SLOTS = {"play": {"samples": nb.P_SAMPLES}, "declare": {"p": nb.P_PROB}}
