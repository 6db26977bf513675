"""Spades policies: a ``bid`` role and a ``play`` role (formulas in :mod:`.nb`).

Bid: ``random`` (uniform over nil and 1..13, a baseline), ``heuristic`` (expected tricks
from spades and high cards, :func:`~simkit.core.tricks.strength_nb`, plus ``bias``,
rounded, at least 1), ``nil`` (the heuristic, but nil when the hand's expected tricks are
at most ``threshold``, and a blind double nil when the side trails by ``dnil_behind``
points or more, 0 = never), ``simulation`` (plays out ``samples`` sampled deals: nil when
the share of samples without a trick reaches ``nil_p``, else the mean tricks; the default:
the strongest bidder in the duplicate tournament of ``experiments/tournaments.py``, 0.92
of games against the field to the heuristic's 0.51, at 98 games a second, 1/9 of random
play's, within the 1/20 speed budget of ``docs/strategy.md``). Play:
``random`` (uniform legal card and random exchange cards), ``heuristic`` (partnership play:
win until the side's contract is made, never overtake the partner, protect a partner's
nil when ``protect`` >= 0.5, let an opponent's nil win tricks when ``attack`` >= 0.5; the nil bidder discards
his strongest cards, the partner passes his weakest; follow with the cheapest winner when
``cheap`` >= 0.5 and keep winning to set the opponents' contract once the side's is made
(no bag penalty) when ``set_them`` >= 0.5, both on by default; ``second_low`` and
``lead_short`` were raced and lost, off; ``cheap=0, set_them=0`` is the old player bit for
bit: :func:`~simkit.games.spades.nb.heuristic_play_nb`, docs/spades.md). Both roles take a
user ``@njit`` function:

* ``bid(hand: int64, state: int64[:], params: float64[:]) -> int64``: asked blind first
  (``state[S_PHASE] == PHASE_BLIND``, hand 0: 1 = double nil, 0 = look), then 0 (nil) or 1..13;
* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a card
  of ``legal``; also the nil exchange (``state[S_PHASE]`` = PHASE_DISCARD or PHASE_PASS).

Per-seat policies as in :mod:`simkit.policies.seated` (``"bid=nil|heuristic|nil|heuristic"``).
"""
from simkit.games.spades import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

#: spades are trumps in every deal; overtricks cost little and a set costs 10 a trick, so the
#: defaults bid about 3/4 of a trick under the estimate (best of a sweep against a fixed side)
_STRENGTH = {"honor": param(0.5, "float", 0, 1), "trump_low": param(0.25, "float", 0, 1),
             "norm": param(0, "float", 0, 10), "bias": param(-0.75, "float", -13, 13)}

BID = PolicyRole(
    "bid",
    [PolicySpec("random", "uniform over nil and 1..13 (a baseline)", codes.BID_RANDOM, {}),
     PolicySpec("heuristic", "expected tricks from spades and high cards plus `bias`, rounded, at least 1",
                codes.BID_HEURISTIC, dict(_STRENGTH)),
     PolicySpec("nil", "the heuristic, but nil when the expected tricks are at most `threshold`; blind double nil "
                "when the side trails by `dnil_behind` points or more (0 = never)", codes.BID_NIL,
                {**_STRENGTH, "threshold": param(1, "float", 0, 13), "dnil_behind": param(0, "int", 0, 10_000)}),
     PolicySpec("simulation", "plays out `samples` sampled deals: nil when the share without a trick reaches "
                "`nil_p`, else the mean tricks plus `bias`", codes.BID_SIMULATION,
                {**_STRENGTH, "samples": param(12, "int", 1, 10_000), "nil_p": param(0.8, "float", 0, 1)})],
    default="simulation",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64 (blind phase: 1 = double nil)",
)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card (and random exchange cards)", codes.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "partnership play: make the contract, never overtake the partner, protect a partner's "
                "nil when `protect` >= 0.5, feed an opponent's nil when `attack` >= 0.5; follow with the cheapest "
                "winner (`cheap`), set the opponents once the contract is made (`set_them`), second hand low "
                "(`second_low`), lead the shortest plain suit (`lead_short`)", codes.PLAY_HEURISTIC,
                {"protect": param(1, "float", 0, 1), "attack": param(1, "float", 0, 1),
                 "second_low": param(0, "float", 0, 1), "cheap": param(1, "float", 0, 1),
                 "lead_short": param(0, "float", 0, 1), "set_them": param(1, "float", 0, 1)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {
    "bid": {"honor": codes.P_HONOR, "trump_low": codes.P_TRUMP_LOW, "norm": codes.P_NORM, "bias": codes.P_BIAS,
            "threshold": codes.P_THRESHOLD, "dnil_behind": codes.P_DNIL_BEHIND, "samples": codes.P_SAMPLES,
            "nil_p": codes.P_NIL_P},
    "play": {"protect": codes.Q_PROTECT, "attack": codes.Q_ATTACK, "second_low": codes.Q_SECOND_LOW, "cheap": codes.Q_CHEAP,
             "lead_short": codes.Q_LEAD_SHORT, "set_them": codes.Q_SET},
}
