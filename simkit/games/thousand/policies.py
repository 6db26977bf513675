"""Thousand policies: a ``bid`` role (the auction, the contract, conceding or refusing) and
a ``play`` role (the cards given and kept from the widow, the marriage declared, the
cards played); formulas in :mod:`.heuristic`, :mod:`.nb` and :mod:`.simulation`.

Bid: ``random`` (a baseline: each call passes or makes the lowest raise with chance 1/2,
the contract is the bid, never concedes), ``heuristic`` (the hand's value, card points,
marriages, trump length and tricks counted (:func:`~.heuristic.estimate_nb`), plus the
widow's expected gain before it is seen: raises by the lowest step while the bid stays at
most the value less ``margin``; contract = the value less ``margin``, rounded down to the
step, at least the bid; concedes (refuses) when the value falls short of the bid by more
than ``concede``), ``simulation`` (the same rules on the mean points of ``samples``
sampled deals played out in the kernel, :mod:`.simulation`). ``margin`` is the bid-margin
threshold: a run-time parameter, swept without recompiling
(``experiments/thousand_bid_margin.py``). Its default, 40, is the best reply found there:
against two heuristic bidders at 40, seat 0 won 0.315 ± 0.033 of 200 games to 1001 at
margin 40, against 0.18 at 20, 0.255 at 60 and 0.235 at 80 (``--hands 6000 --seed 0``);
at margin 0 every seat overbids (contracts made 0.34 of single deals, against 0.86 at
40). The simulation bidder bids better still (seat 0 with ``simulation`` against two
heuristic bidders: win rate 0.408 ± 0.045 against 0.325 ± 0.043 for the heuristic in the
same 120 games, contracts made 0.90 against 0.83) but plays eight deals out per decision,
so the heuristic stays the default: the default study and the tests play thousands of
deals.

Play: ``random`` (uniform legal card; random cards given and kept; each possible
marriage or none declared uniformly), ``heuristic`` (declares the marriage of the
greatest value plus ``trump_weight`` points per card of its suit held; gives away the
cards least worth keeping, keeps the most, never breaking a marriage; plays counting
points, the defenders as partners: :func:`~.heuristic.heuristic_play_nb`).

Both roles take a user ``@njit`` function; seats are the deal's active seats 0..2 from
the dealer's left, ``state`` the table state (:mod:`simkit.core.tricks` ``S_*`` and
:mod:`.layout`), ``state[S_PHASE]`` says what is asked:

* ``bid(hand: int64, state: int64[:], params: float64[:]) -> int64``: ``PHASE_AUCTION``
  0 = pass or a bid over ``state[S_HIGH]`` (-1: none yet); ``PHASE_CONTRACT`` the
  contract, at least the bid (1001: 0 = concede); ``PHASE_REFUSE`` (1000 (2), after the
  widow) 1 = refuse, 0 = play;
* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a
  card of ``legal`` (``PHASE_PLAY``; ``PHASE_GIVE`` to seat ``state[S_TO]``;
  ``PHASE_KEEP``), or for ``PHASE_DECLARE`` the king or queen of ``legal`` whose marriage
  is declared by leading it, or -1 for none.

Per-seat policies as in :mod:`simkit.policies.seated` (``"bid=simulation|heuristic|heuristic"``).
"""
from simkit.games.thousand import layout as L
from simkit.policies.base import PolicyRole, PolicySpec, param

_VALUE = {"margin": param(40, "float", -400, 400), "concede": param(20, "float", 0, 400)}

BID = PolicyRole(
    "bid",
    [PolicySpec("random", "a baseline: pass or the lowest raise, each with chance 1/2; contract = the bid; never "
                "concedes", L.BID_RANDOM, {}),
     PolicySpec("heuristic", "the hand's value (points, marriages, trump length, tricks counted): bid while the bid "
                "stays within the value less `margin`; contract = value - margin; concede when short by more than "
                "`concede`", L.BID_HEURISTIC, dict(_VALUE)),
     PolicySpec("simulation", "the heuristic's rules on the mean points of `samples` sampled deals played out",
                L.BID_SIMULATION, {**_VALUE, "samples": param(8, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64",
)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card; random cards given and kept; a random marriage or none",
                L.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "declares the best marriage (value + `trump_weight` per card of its suit), gives the "
                "cards least worth keeping, plays counting points with the defenders as partners",
                L.PLAY_HEURISTIC, {"trump_weight": param(10, "float", 0, 100)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {"bid": {"margin": L.P_MARGIN, "concede": L.P_CONCEDE, "samples": L.P_SAMPLES},
               "play": {"trump_weight": L.P_TRUMP_WEIGHT}}
