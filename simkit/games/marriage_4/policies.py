"""Marriage for four policies, one role per decision (formulas in :mod:`.nb`).

* ``exchange`` (the card each partner passes, 002:17): ``random``; ``heuristic`` (keep
  the kings and queens of the side's marriages, pass the cheapest card of the shortest
  suit, seeing the partner's hand, shown).
* ``declare`` (on leads 1-5, 002:19): ``random`` (uniform over declaring nothing or one
  of the marriages available); ``heuristic`` (declare whenever able, trump = the suit the
  side holds most of; every other marriage with it when ``together`` >= 0.5).
* ``claim`` (after a trick won or a marriage declared, 002:20): ``random`` (a fair coin);
  ``heuristic`` (claim when the side's points as counted reach ``threshold``; the count
  is off by up to ``slip`` points either way, 0 = exact: a claim short of 101 is a yan);
  ``simulation`` (claim when the games won by stopping now, on the count, are at least the
  mean games of playing on over ``samples`` deals consistent with what the seat has seen,
  played out inside the kernel with heuristic play and exact claims at 101).
* ``play``: ``random`` (uniform legal card), ``heuristic`` (card points: lead sure
  winners worth most, else the cheapest card; give points to the partner's trick as last
  to play; beat an opponent with the strongest winner, the weakest when last).

The default is ``heuristic`` everywhere, the claim at ``threshold=101`` with an exact
count (``experiments/marriage_4_claim.py``: the best threshold for an exact counter).
User ``@njit`` functions (one per role per run):

* exchange / play: ``play(hand: int64, legal: int64, state: int64[:], params: float64[:])
  -> int64`` (a card of ``legal``; for the exchange ``legal`` = the cards not passed yet,
  ``state[nb.S_PARTNER]`` = the partner's hand, ``state[nb.S_PHASE] == nb.PHASE_EXCHANGE``);
* declare: ``bid(hand, state, params) -> int64``: -1, or the trump suit ``t`` (0..3) plus
  ``4 *`` the mask of the other suits declared with it, each a bit of
  ``state[nb.S_AVAIL]``;
* claim: ``bid(hand, state, params) -> int64``: 1 = stop the deal, 0 = play on (the
  side's true points in ``state[nb.S_SIDE_PTS + (seat & 1)]``, the seat in
  ``state[S_SEAT]``).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games.marriage_4 import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

_PLAY_SIG = "play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64"
_COUNT = {"threshold": param(101, "int", 0, 400), "slip": param(0, "int", 0, 100)}

EXCHANGE = PolicyRole(
    "exchange",
    [PolicySpec("random", "a uniformly chosen card of the hand", codes.EXCHANGE_RANDOM, {}),
     PolicySpec("heuristic", "keep the side's marriages; pass the cheapest card of the shortest suit",
                codes.EXCHANGE_HEURISTIC, {})],
    default="heuristic", user_signature=_PLAY_SIG + " (a card of legal to pass)")

DECLARE = PolicyRole(
    "declare",
    [PolicySpec("random", "uniform over declaring nothing or one available marriage", codes.DECLARE_RANDOM, {}),
     PolicySpec("heuristic", "declare whenever able, trump = the side's longest suit; the others with it when "
                "`together` >= 0.5", codes.DECLARE_HEURISTIC, {"together": param(1, "float", 0, 1)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64 (-1, or trump + 4 * others)")

CLAIM = PolicyRole(
    "claim",
    [PolicySpec("random", "claim on a fair coin", codes.CLAIM_RANDOM, {}),
     PolicySpec("heuristic", "claim when the counted points (off by up to `slip`) reach `threshold`",
                codes.CLAIM_HEURISTIC, dict(_COUNT)),
     PolicySpec("simulation", "claim when stopping on the count is worth at least the mean of `samples` sampled "
                "play-outs", codes.CLAIM_SIMULATION, {"slip": _COUNT["slip"], "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64 (1 = claim, 0 = play on)")

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "card points: sure winners worth most, points to the partner's trick, beat opponents",
                codes.PLAY_HEURISTIC, {})],
    default="heuristic", user_signature=_PLAY_SIG)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"exchange": {}, "declare": {"together": codes.P_TOGETHER},
               "claim": {"threshold": codes.P_THRESHOLD, "slip": codes.P_SLIP, "samples": codes.P_SAMPLES}, "play": {}}
