"""Oh Hell policies: a ``bid`` role and a ``play`` role (see :mod:`.nb` for the formulas).

Bid: ``random`` (uniform over the legal bids, a baseline), ``heuristic`` (expected tricks
from trumps and high cards, :func:`~simkit.games.oh_hell.nb.strength_nb`, plus ``trump`` a
trump held over a random hand's mean, less ``table`` times the excess of the bids already
made over their fair share, plus ``bias``, rounded:
:func:`~simkit.games.oh_hell.nb.heuristic_bid_nb`), ``simulation`` (plays out ``samples`` sampled deals consistent with
what the bidder sees for each bid within ``window`` of the strength bid, and bids the
one with the best estimated expected score), ``seed-advice`` (the seed's own advice,
001 line 34: one under on hands of ``long`` cards or more; the dealer avoids a balanced
table). The default bid is ``heuristic`` at ``bias=-0.2, trump=0.5, table=0.2``; at
``trump=0, table=0`` it is the old heuristic bidder bit for bit (docs/oh_hell.md).
``bias=-0.2``: the strength is calibrated (the
table's expected total is the tricks there are, :func:`~simkit.core.tricks.mean_strength_nb`)
and tricks taken are skewed low, so rounding up from .7 rather than .5 hits more often; in
``experiments/oh_hell_bid_accuracy.py``'s ``heuristic_bias`` sweep (``--hands 4000 --seed
2026``: 1000 four-player games a point, paired) -0.2 had the best bid accuracy (0.549
against 0.531 at 0 and 0.548 at -0.25, stderr 0.002) and the most points per deal (6.20
against 6.12 at 0). ``trump`` and ``table`` were raced with :func:`simkit.tune` (one seat
against the default field): long trumps take more tricks than the card-by-card strength
credits (the simulation bidder's bids rise by about 0.3-0.4 a trump at equal strength),
and an overbid table leaves fewer tricks. The new defaults beat the old by +0.186 ±
0.020 of games won against the field, and ``simulation`` no longer beats them (-0.039 ±
0.024; one simulation seat against three default seats wins 0.240 ± 0.007 of games, fair
0.25) at 1/43 of their speed (docs/oh_hell.md).

Play: ``random`` (uniform legal card), ``heuristic`` (bid-aware: win while short of the
bid, duck once it is made, spoil opponents when the bid is lost and ``spoil`` >= 0.5;
short of the bid with no sure card to lead and a trump in hand, lead the shortest plain
suit when ``lead_short`` >= 0.5, the default; ``cheap``, ``urgency`` and ``lead_high``
are raced alternatives that lost, kept at their old values:
:func:`~simkit.games.oh_hell.nb.heuristic_play_nb`; ``lead_short=0`` is the old player bit
for bit). Both roles take a user ``@njit`` function:

* ``bid(hand: int64, state: int64[:], params: float64[:]) -> int64`` (a number of tricks);
* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64`` (a card
  code whose bit is set in ``legal``).

``hand`` and ``legal`` are card bitmasks (bit ``code`` set for each card; helpers in
:mod:`simkit.core.tricks`), ``state`` the table state (``S_*`` indices of
:mod:`simkit.core.tricks` and :mod:`simkit.games.oh_hell.nb`).

Per-seat policies: give a role a list with one entry per seat (or a string with entries
separated by ``|``), e.g. ``{"bid": ["simulation", "heuristic", "heuristic", "random"]}``
or on the command line ``--policy "bid=simulation|heuristic|heuristic|random"``.
"""
from simkit.games.oh_hell import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

_STRENGTH = {"honor": param(0.5, "float", 0, 1), "trump_low": param(0.25, "float", 0, 1),
             "norm": param(1, "float", 0, 10)}
_COUNT = 20  # more than any hand's cards

BID = PolicyRole(
    "bid",
    [PolicySpec("random", "uniform over the legal bids 0..cards (a baseline)", codes.BID_RANDOM, {}),
     PolicySpec("heuristic", "expected tricks from trumps and high cards, plus `trump` a trump over a random "
                "hand's mean, less `table` x the bids so far over their fair share, plus `bias`, rounded",
                codes.BID_HEURISTIC,
                {**_STRENGTH, "bias": param(-0.2, "float", -_COUNT, _COUNT), "trump": param(0.5, "float", -5, 5),
                 "table": param(0.2, "float", -5, 5)}),
     PolicySpec("simulation", "plays out `samples` sampled deals per candidate bid (within `window` of the rounded "
                "strength) and bids the best estimated expected score", codes.BID_SIMULATION,
                {**_STRENGTH, "samples": param(12, "int", 1, 10_000), "window": param(1, "int", 0, _COUNT)}),
     PolicySpec("seed-advice", "the seed's advice: one under the hand's value when it holds `long` cards or more; "
                "the dealer avoids a balanced table", codes.BID_ADVICE, {**_STRENGTH, "long": param(4, "int", 0, _COUNT),
                                                                      "under": param(1, "int", 0, _COUNT)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64",
)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", codes.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "bid-aware: win while short of the bid (lead the shortest plain suit with "
                "`lead_short` >= 0.5; follow with the cheapest winner with `cheap` >= 0.5; try only when the tricks "
                "needed are `urgency` x those left; lead high with `lead_high` >= 0.5), duck once it is made, spoil "
                "opponents when the bid is lost (`spoil` >= 0.5)", codes.PLAY_HEURISTIC,
                {"spoil": param(1, "float", 0, 1), "cheap": param(0, "float", 0, 1), "urgency": param(0, "float", 0, 1),
                 "lead_high": param(0, "float", 0, 1), "lead_short": param(1, "float", 0, 1)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {
    "bid": {"honor": codes.P_HONOR, "trump_low": codes.P_TRUMP_LOW, "norm": codes.P_NORM, "bias": codes.P_BIAS,
            "samples": codes.P_SAMPLES, "window": codes.P_WINDOW, "long": codes.P_LONG, "under": codes.P_UNDER,
            "trump": codes.P_TRUMP, "table": codes.P_TABLE},
    "play": {"spoil": codes.Q_SPOIL, "cheap": codes.Q_CHEAP, "urgency": codes.Q_URGENCY, "lead_high": codes.Q_LEAD_HIGH,
             "lead_short": codes.Q_LEAD_SHORT},
}
