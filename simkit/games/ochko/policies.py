"""Ochko policies: the punters' staking and drawing, the banker's drawing.

Roles (each also takes a user ``@njit`` function with the signature shown; see
:mod:`simkit.games.ochko.nb_core` for the meaning of every argument):

* ``stake``: ``flat`` (``units`` every coup), ``card-aware`` (``high`` when the first
  card is worth at least ``at`` points, an ace 11, else ``low``; in variant A stakes are
  set before the deal, so always ``low``), ``bank-fraction`` (the default; variant B:
  ``fraction`` of what is left in the bank, at least 1: the seed's punter claims 500 of a
  1000 bank, 003:11; variant A has no bank: 1 unit). Built-ins never claim more than the
  bank holds.
* ``draw``: ``threshold`` (the default; stand on ``stand`` or more; in variant B halve
  the stake before a card when the total is at least ``halve_at``: the defaults 17 and 12
  are the best reply to the default banker under the default rules, :data:`BEST`),
  ``mimic`` (the banker's own
  rule applied to the punter's hand, with no total to beat), ``best`` (the ``threshold``
  that ``experiments/ochko_strategy.py`` found best against the default banker; see
  :data:`BEST`).
* ``banker``: ``standard`` (see :func:`~simkit.games.ochko.nb_core.banker_move_nb`:
  beats a known total, else stands on ``stand``; at a known tie under pushes stands on
  ``tie_stand`` or more).

A user function gets its policy's parameters as a ``float64`` array ordered by
parameter name: ``Policy("mine", fn=my_draw, a_stand=16, b_halve_at=14)`` passes
``[16.0, 14.0]``. Moves are checked; an illegal one raises
:class:`~simkit.errors.IllegalMoveError` naming the policy and the situation.
"""
from simkit.errors import SimkitError
from simkit.games.ochko import codes as c
from simkit.policies.base import PolicyRole, PolicySpec, param

_UNITS = param(1, "int", 1, c.MAX_STAKE)


def _total(default):
    """A points total to compare with (-1..99; 99 never reached)."""
    return param(default, "int", -1, 99)


STAKE = PolicyRole(
    "stake",
    [PolicySpec("flat", "stake `units` every coup (at most what the bank holds)", c.STAKE_FLAT, {"units": _UNITS}),
     PolicySpec("card-aware", "stake `high` when the first card is worth at least `at` points (ace 11), else `low`",
                c.STAKE_CARD, {"low": _UNITS, "high": param(5, "int", 1, c.MAX_STAKE), "at": param(11, "int", 0, 99)}),
     PolicySpec("bank-fraction", "variant B: stake `fraction` of what is left in the bank (at least 1 unit; the "
                "seed's example claims half); variant A (no bank): 1 unit", c.STAKE_FRACTION,
                {"fraction": param(0.5, "float", 0, 1)})],
    default="bank-fraction",
    user_signature="stake(card: int64, cap: int64, params: float64[:]) -> int64 units in [1, cap] "
                   "(card = -1 and cap = -1 in variant A)",
)

DRAW = PolicyRole(
    "draw",
    [PolicySpec("threshold", "stand on `stand` or more; variant B: halve before a card at `halve_at` or more",
                c.DRAW_THRESHOLD, {"stand": _total(17), "halve_at": _total(12)}),
     PolicySpec("mimic", "draw by the banker's own rule applied to the punter's hand", c.DRAW_MIMIC, {}),
     PolicySpec("best", "the threshold experiments/ochko_strategy.py found best against the default banker",
                c.DRAW_THRESHOLD, {})],
    default="threshold",
    user_signature="draw(hand: int64[:], total: int64, soft: int64, can_halve: int64, params: float64[:]) "
                   "-> int64 (0 stand, 1 draw, 2 halve the stake then draw)",
)

BANKER = PolicyRole(
    "banker",
    [PolicySpec("standard", "draw to beat a known total (at a tie under pushes stand on `tie_stand` or more); "
                "with none known stand on `stand` or more", c.BANKER_STANDARD, {"stand": _total(17), "tie_stand": _total(15)})],
    default="standard",
    user_signature="banker(hand: int64[:], total: int64, soft: int64, targets: int64[:], params: float64[:]) "
                   "-> int64 (0 stand, 1 draw)",
)

ROLES = [STAKE, DRAW, BANKER]
PARAM_ORDER = {"flat": ("units",), "card-aware": ("low", "high", "at"), "bank-fraction": ("fraction",),
               "threshold": ("stand", "halve_at"), "mimic": (), "best": (), "standard": ("stand", "tie_stand")}

#: Best punter ``threshold`` (stand, halve_at) against the default ``standard`` banker with
#: flat stakes, by (variant, tie), every other rule at its default: the lowest house edge of
#: the sweep ``experiments/ochko_strategy.py`` writes to ``results/ochko_strategy/``
#: (``best_responses``; 200_000 banks per point, seed 2026; stand 13..20 and halve_at
#: 2..16 or never in B, stand 12..21 in A). Edges there: B push 0.0561, banker 0.1279,
#: punter -0.0028; A push -0.268, banker -0.199, punter -0.344 (stderr about 0.001).
BEST = {("B", "push"): (17.0, 12.0), ("B", "banker"): (16.0, 2.0), ("B", "punter"): (17.0, 13.0),
        ("A", "push"): (15.0, 99.0), ("A", "banker"): (14.0, 99.0), ("A", "punter"): (15.0, 99.0)}


def best_threshold(rules, banker) -> tuple:
    """(stand, halve_at) of the ``best`` policy under ``rules`` against ``banker``."""
    key = (rules.variant, rules.tie)
    changed = {k: v for k, v in rules.changed().items() if k not in ("variant", "tie")}
    if banker.name != BANKER.default or banker.params != BANKER.builtins[BANKER.default].params or changed \
            or key not in BEST:
        raise SimkitError(f"ochko: the 'best' draw policy is known only against the default banker with default "
                          f"rules apart from variant and tie (known: {sorted(BEST)}); got rules "
                          f"{rules.changed() or 'defaults'} and banker {banker.describe()!r}. Run "
                          f"experiments/ochko_strategy.py or sweep 'draw.stand' for these rules")
    return BEST[key]


def check_params(policies, rules) -> None:
    """Refuse what the declared parameter ranges cannot say: a bank fraction of 0, and a
    changed bank fraction in variant A (no bank)."""
    def bad(role, name, value, allowed):
        raise SimkitError(f"ochko: {role} policy {policies[role].describe()!r}: {name}={value!r} is not allowed; "
                          f"allowed: {allowed}")

    st = policies["stake"]
    if not st.is_user:
        p = st.params
        if st.name == "bank-fraction":
            if not 0 < p["fraction"] <= 1:
                bad("stake", "fraction", p["fraction"], "a share of the bank in (0, 1]")
            if rules.variant == "A" and p["fraction"] != STAKE.builtins["bank-fraction"].params["fraction"]:
                raise SimkitError(f"ochko: stake policy 'bank-fraction' with fraction={p['fraction']:g} needs "
                                  f"variant B (variant A has no bank: the default policy stakes 1 unit there); "
                                  f"use 'flat' or 'card-aware'")
