"""King policies: a ``play`` role and a ``trump`` role (naming trump in the positive deals).

Play: ``random`` (a uniformly chosen legal card); ``heuristic`` (the default: the card of
least expected cost in a negative deal, :func:`~simkit.games.king.nb.negative_values_nb`;
leads from the longest suit and takes tricks cheaply in a positive one,
:func:`~simkit.games.king.nb.positive_play_nb`; the rules below); ``basic`` (the default
before it, kept as a baseline: negative deals shed the cards that score to their taker and
duck, win free tricks with high cards; positive deals take tricks, masters and trumps
first; :func:`~simkit.games.king.nb.basic_play_nb`); ``simulation`` (for each legal card,
deals the unseen cards ``samples`` times consistently with what the seat has seen, voids
included, and plays the deal out by the heuristic at its defaults; plays the card with the
least penalty, or the most points, over the samples). Trump: ``random`` (uniform over the
choices open: the four suits, or those of the three cards with
``trump_choice=among_three``, and «По последней»), ``heuristic`` (the suit with the most
of the three cards, ties by the highest card; «По последней» when it has fewer than
``last_below`` of them).

The heuristic in a negative deal weighs every legal card ``x``: ``P(x takes this trick) x
(points of the trick) - future x P(x takes a trick led later) x (points of a later trick)
- shape(x)``, and plays the least. The chances come from the unseen cards: a card under
the winner takes nothing; a card over it (or led) takes the trick unless a later opponent
holds a higher card of the suit and no lower one (the suit's unseen cards spread over the
opponents not known void in it). The points: the contract's per trick (the last two's 8
in tricks 7 and 8), the danger cards on the table, ``x``'s own, and what the later
opponents add: one void in the suit (known, or by chance) throws his most dangerous card
(times ``dump``), one following may put a danger card of the suit under ``x`` (times
``under``); a later trick costs the mean per-trick points of the tricks left, ``x``'s own
and ``later_dump`` times what all three would throw if void. ``shape(x)`` are terms fitted
to the simulation's choices (:data:`~simkit.games.king.nb.SHAPE`, scaled by ``shape_lead``,
``shape_void``, ``shape_follow``). In words: duck under the winner with the costliest
card; with every card over the winner and others still to play, the one most likely to be
overtaken; free tricks (the first six of «Двух последних взяток») taken with the highest
cards; when void, throw a sure taker (a master) first, then from the shortest suit (a
singleton makes a void), the card with the most unseen cards below it, never the lowest
unseen card of a suit (it can never take a trick of it); lead from a short suit, not a
master, not the lowest unseen card. In a positive deal: lead from the longest suit
(``length`` a card), a master ``cash`` more, a master trump while the opponents may hold
trumps ``draw`` more, another trump 2 less (4 once they hold none), the lower card first;
follow with the lowest winning card when last or when trumping, the highest winning card
otherwise; when nothing wins, throw from a plain singleton, never a master or a trump
while another card is held, the lowest.

Defaults: ``heuristic`` for both roles, the parameters at the best values measured
(``simkit.tune``, a seat against three default heuristic players, 48 000 parties a
parameter, seed 11: none of ``future``, ``dump``, ``under``, ``later_dump``, ``length``,
``cash``, ``shape_*`` moves the score by more than 0.1 point a party within its grid;
``draw`` 13 beats 7 by 0.024 ± 0.010). Against the ``basic`` player it gains
10.8 ± 0.2 points a party (duplicate tournament of heuristic, basic and random, 2 000
parties a seating, seed 3). One ``simulation`` seat against three heuristic players,
rotated over the seats, nets +3.04 ± 0.38 a party (+12.93 ± 0.33 against the old
heuristic; 1 600 parties a seat, seed 2; in a duplicate tournament of the two, +2.4 ± 0.5
against +9.1 ± 0.5, 300 parties a seating); with ``samples=8``, twice as fast, +0.78 ±
0.39. It plays at about a hundredth of the heuristic's speed, so it is not the default:
the study and the test suite play thousands of parties. ``last_below=2`` is the best naming: in a duplicate
tournament of naming policies (4 000 parties a seating, seed 2) it beats ``last_below=1``
(never «По последней») by 0.89 ± 0.09 points a party, ``last_below=3`` by 1.74 ± 0.09 and
random naming by 5.6 ± 0.1.

Both roles take a user ``@njit`` function:

* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64`` (a card
  code whose bit is set in ``legal``; under ``king_forced=over_ace`` the K♥ must also be
  played on a heart lead once the A♥ is in the trick, which ``legal`` does not show);
* ``trump(three: int64, state: int64[:], params: float64[:]) -> int64``: ``three`` = the
  namer's three cards (bitmask); 0..3 the suit named (♠ ♥ ♦ ♣), 4 «По последней».

``state`` is the table state (``S_*`` of :mod:`simkit.core.tricks` and
:mod:`simkit.games.king.nb`: ``S_CONTRACT``, ``S_NAMER``, ``S_PTS`` = points taken this
deal (in «не брать взяток» filled after the last trick: 2 a trick of ``S_WON``),
``S_SCORE`` = net score of the party so far). Per-seat policies as in
:mod:`simkit.policies.seated` (``--policy "play=simulation|heuristic|heuristic|heuristic"``).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games.king import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

#: the heuristic's parameters and their ranges (defaults in :data:`~simkit.games.king.codes.HEURISTIC_DEFAULTS`)
HEURISTIC_RANGES = {"future": (0, 2), "dump": (0, 3), "under": (0, 2), "later_dump": (0, 3),
                    "shape_lead": (0, 3), "shape_void": (0, 3), "shape_follow": (0, 3),
                    "length": (0, 10), "cash": (0, 10), "draw": (0, 20)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "negative deals: the card of least expected cost, now and later, with the shape terms "
                "fitted to the simulation; positive deals: leads from the longest suit, masters and master trumps "
                "first, takes tricks cheaply, throws from a singleton", codes.PLAY_HEURISTIC,
                {name: param(codes.HEURISTIC_DEFAULTS[name], "float", lo, hi) for name, (lo, hi) in HEURISTIC_RANGES.items()}),
     PolicySpec("basic", "the default before the cost model (negative deals: shed danger cards and duck, win free tricks "
                "high; positive deals: take tricks, masters and trumps first)", codes.PLAY_BASIC, {}),
     PolicySpec("simulation", "plays each legal card out on `samples` deals of the unseen cards consistent with "
                "what the seat has seen (heuristic play) and keeps the best", codes.PLAY_SIMULATION,
                {"samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

TRUMP = PolicyRole(
    "trump",
    [PolicySpec("random", "uniform over the choices open: the suits allowed and «По последней»", codes.TRUMP_RANDOM, {}),
     PolicySpec("heuristic", "the suit with the most of the three cards (ties: the highest card); «По последней» "
                "when it has fewer than `last_below` of them", codes.TRUMP_HEURISTIC,
                {"last_below": param(2, "int", 0, 4)})],
    default="heuristic",
    user_signature="trump(three: int64, state: int64[:], params: float64[:]) -> int64 (0..3 a suit, 4 by the last)",
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {"samples": codes.P_SAMPLES, **codes.HEURISTIC_SLOTS}, "trump": {"last_below": codes.P_LAST_BELOW}}
