"""Klaberjass policies: roles ``bid`` (the auction's calls), ``declare`` (the dix, sequences,
bella) and ``play`` (formulas in :mod:`.nb`).

Bid: ``random`` (uniform over the calls the phase allows: pass / take / schmeiss, pass or
one of the three other suits, accept or refuse a schmeiss), ``heuristic`` (the hand's value
with a suit as trumps, :func:`~simkit.games.klaberjass.nb.hand_value_nb`: card points held,
``trump_w`` per trump, bella, sequences and the dix; take at ``threshold``, schmeiss within
``schmeiss`` under it, name a suit in round 2 at ``threshold + round2``, accept a schmeiss
when the answerer's own value is under ``accept``; the dealer, after a pass, calls schmeiss
where he would pass when the value is within ``throw`` under ``threshold``; defaults 80, 18 a
trump, 0, 0, accept 20, throw 0, tuned by duplicate tournaments: docs/klaberjass.md),
``simulation`` (the same decisions on the
expected margin of ``samples`` deals sampled from what the seat has seen and played out in
the kernel). Declare: ``random`` (each yes/no a coin), ``heuristic`` (always: each adds
points). Play: ``random``, ``heuristic`` (card points: capture with the suit led, trump a
card led with the weakest winning trump, throw the cheapest). Each role takes a user ``@njit``
function:

* ``bid(hand: int64, state: int64[:], params: float64[:]) -> int64``: ``state[S_PHASE]``
  PHASE_ROUND1: 0 pass, 1 take, 2 schmeiss; PHASE_ROUND2: 0 pass or 1 + a suit other than
  the turned suit ``state[S_TURNUP] & 3``; PHASE_ANSWER: 1 accept the schmeiss (throw the deal in), 0 refuse;
* ``declare(hand, state, params) -> int64``: 1 yes, 0 no at PHASE_DIX (exchange the dix),
  PHASE_SEQ (declare the sequences), PHASE_BELLA (announce bella);
* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a
  card of ``legal``.
"""
from simkit.games.klaberjass import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

_CALLS = {"schmeiss": param(0, "float", 0, 500), "round2": param(0, "float", -500, 500)}

BID = PolicyRole(
    "bid",
    [PolicySpec("random", "uniform over the calls allowed (a baseline)", codes.BID_RANDOM, {}),
     PolicySpec("heuristic", "take when the hand's value (card points, `trump_w` per trump, bella, sequences, the "
                "dix) reaches `threshold`; schmeiss within `schmeiss` under it; round 2 at `threshold + round2`; "
                "accept a schmeiss when the own value is under `accept`; the dealer, after a pass, schmeiss "
                "(to throw the deal in) within `throw` under `threshold`", codes.BID_HEURISTIC,
                {"threshold": param(80, "float", -500, 500), "trump_w": param(18, "float", 0, 100), **_CALLS,
                 "accept": param(20, "float", -500, 500), "throw": param(0, "float", 0, 500)}),
     PolicySpec("simulation", "take when the expected margin over `samples` sampled deals played out reaches "
                "`threshold` points; schmeiss within `schmeiss` under it; round 2 at `threshold + round2`; "
                "refuse a schmeiss when the expected margin against the caller reaches `accept`", codes.BID_SIMULATION,
                {"threshold": param(10, "float", -500, 500), **_CALLS, "accept": param(0, "float", -500, 500),
                 "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64 (see state[S_PHASE])",
)

DECLARE = PolicyRole(
    "declare",
    [PolicySpec("random", "each yes/no (dix, sequences, bella) a coin toss (a baseline)", codes.DECL_RANDOM, {}),
     PolicySpec("heuristic", "always exchange the dix, declare sequences and announce bella (each only adds "
                "points)", codes.DECL_ALWAYS, {})],
    default="heuristic",
    user_signature="declare(hand: int64, state: int64[:], params: float64[:]) -> int64 (1 yes, 0 no)",
)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", codes.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "lead sure winners, capture with the suit led, else win with the weakest winning "
                "trump (compulsory, 000:357), else throw the cheapest", codes.PLAY_HEURISTIC, {})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {
    "bid": {"threshold": codes.P_THRESHOLD, "trump_w": codes.P_TRUMP_W, "round2": codes.P_ROUND2, "schmeiss": codes.P_SCHMEISS,
            "accept": codes.P_ACCEPT, "samples": codes.P_SAMPLES, "throw": codes.P_THROW},
    "declare": {},
    "play": {},
}
