"""Two-hand Marriage policies: a ``play`` role and a ``declare`` role (declare a marriage,
leading its king or queen; its suit becomes trump).

* play: ``random`` (a uniformly chosen legal card), ``heuristic`` (the default,
  :func:`simkit.games.marriage.nb.heuristic_marriage_nb`: each legal card scored by the
  trick's stake, its points and the lead's worth (``tempo``, ``mine`` more with a marriage
  held, ``deny`` more when the opponent may hold one, while the stock lasts), won or lost:
  following, for certain; leading, by the chance that the opponent's hand, drawn from the
  unseen cards, holds nothing that takes it, the loser paying ``lose`` more; less what the
  card spends: ``keep`` for a marriage's king or queen, ``half`` for one whose partner is
  unseen, ``trump``, ``master``; once the stock is empty the same with ``end_tempo``, or
  the basic play with ``end=0``), ``basic`` (the stock games' play, as Sixty-six's,
  :func:`simkit.games.stock.heuristic_play_nb`: card points, marriages kept, trumps saved
  while the stock lasts, top cards after; the default until the scored heuristic),
  ``simulation`` (:func:`simkit.games.marriage.nb.simulation_play_nb`: ``samples`` deals
  of the cards the seat cannot see, its opponent's hand and the stock, dealt consistently
  with what it has seen; each legal card played out with both seats on the basic play
  (``playout=0``) or the heuristic (``playout=1``); the best total, a win by 101 first,
  then the points margin).
  Duplicate tournaments (``simkit.tournament``, both seatings on the same deals, seed 2026,
  share of games won): the heuristic beats the basic play by +0.102 (stderr 0.004, 20,000
  deals a seating) and the 16-sample simulation by +0.038 (stderr 0.004, 10,000), which
  beats the basic play by +0.116 (stderr 0.004, 10,000); the simulation on heuristic
  play-outs is level with it (-0.005, stderr 0.006, 4,000) at about 1/250 of its speed;
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
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games.marriage import codes
from simkit.games.stock_codes import D_HEURISTIC, D_RANDOM
from simkit.policies.base import PolicyRole, PolicySpec, param

#: the heuristic's weights (points; see :func:`simkit.games.marriage.nb.heuristic_marriage_nb`), defaults
#: :data:`simkit.games.marriage.codes.HEURISTIC_DEFAULTS`
_D = codes.HEURISTIC_DEFAULTS
HEURISTIC_PARAMS = {
    "tempo": param(_D["tempo"], "float", -100, 100), "mine": param(_D["mine"], "float", -200, 200),
    "deny": param(_D["deny"], "float", -200, 200), "lose": param(_D["lose"], "float", 0, 50),
    "keep": param(_D["keep"], "float", 0, 200), "half": param(_D["half"], "float", 0, 100),
    "trump": param(_D["trump"], "float", 0, 100), "master": param(_D["master"], "float", 0, 100),
    "end": param(_D["end"], "int", 0, 1), "end_tempo": param(_D["end_tempo"], "float", -100, 100)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "scores each card by the trick's stake (points and the lead's worth: `tempo`, `mine` "
                "with a marriage held, `deny` when the opponent may hold one; leading, by its chance to hold the "
                "trick, the loser paying `lose`) less what it spends (`keep`, `half`, `trump`, `master`); once the "
                "stock is empty the same with `end_tempo` (`end`=1) or the basic play (`end`=0)",
                codes.PLAY_HEURISTIC, HEURISTIC_PARAMS),
     PolicySpec("basic", "the stock games' play (as Sixty-six's): card points, marriages kept and trumps saved "
                "while the stock lasts; top cards after (the default before the scored heuristic)",
                codes.PLAY_BASIC, {}),
     PolicySpec("simulation", "samples the hidden cards (the opponent's hand, the stock) `samples` times "
                "consistently with what the seat has seen, plays each legal card out with both seats on the basic play "
                "(`playout`=0) or the heuristic (`playout`=1), plays the best total (a win by 101 first, then the "
                "points margin)", codes.PLAY_SIMULATION,
                {"samples": param(16, "int", 1, 1000), "playout": param(0, "int", 0, 1)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

DECLARE = PolicyRole(
    "declare",
    [PolicySpec("random", "declares with chance `p` (a random one of its marriages)", D_RANDOM,
                {"p": param(0.5, "float", 0, 1)}),
     PolicySpec("heuristic", "always declares, the suit held longest first", D_HEURISTIC, {})],
    default="heuristic",
    user_signature="declare(hand: int64, state: int64[:], params: float64[:]) -> int64 (a marriage's suit or -1)",
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {"samples": codes.P_SAMPLES, "tempo": codes.P_TEMPO, "mine": codes.P_MINE, "deny": codes.P_DENY,
                        "lose": codes.P_LOSE, "keep": codes.P_KEEP, "half": codes.P_HALF, "trump": codes.P_TRUMP,
                        "master": codes.P_MASTER, "end": codes.P_END, "end_tempo": codes.P_END_TEMPO,
                        "playout": codes.P_PLAYOUT},
               "declare": {"p": codes.P_PROB}}
