"""Polish Banchok staking policies (role ``stake``). Staking is the only decision in the
game: punters may not pass (000:297) and the banker only turns cards, so there is no
banker policy (and nothing for a "mimic the banker" policy to copy).

* ``flat``: stake ``units`` every coup (within the lowest legal stake and the bank).
* ``hand``: the staking that uses the hand: ``floor(fraction · bank)`` (the whole bank with
  ``fraction=1``) when the exact probability that the hand beats the next card is at
  least ``threshold``, the minimum otherwise (``count=1``: the probability counts the
  cards turned earlier in the round). Sweeping ``threshold`` runs from always staking the
  bank (0) to the minimum (above 1).
* ``three-high``: the seed's own rule: the whole bank with three cards of different suits
  each ranked ``rank`` or more (2..14, ace = 14), the minimum otherwise («с тремя
  разными тузами идут на "банк"», 000:299).
* ``best`` (the default): ``hand`` at the threshold that made the punters most per coup
  in ``experiments/banchok_staking.py`` (:data:`BEST`): the best staking the project
  knows, so the headline ``house_edge`` is the edge against it; the report gives
  ``flat_edge`` (every coup staked one unit, on the same deals) beside it.
* a user ``@njit`` function ``stake(hand, p_win, bank, params) -> int64`` (see
  :data:`~simkit.games.banchok.nb.STAKE_SIG`); a stake outside ``[min(min_stake, bank),
  bank]`` is an illegal move.

With the rule ``primazka=true`` the role ``primazka`` decides what the other punters add
to each stake on the punter's cards (000:305): ``join`` adds ``floor(fraction · (bank -
stake))`` when the hand's exact win probability (counting the cards turned this round) is
at least ``threshold``, else nothing (:func:`~simkit.games.banchok.nb.primazka_nb`).
"""
import numpy as np

from simkit.games.banchok import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

#: the ``hand`` parameters of ``best``: the most profit per coup for the punters in
#: experiments/banchok_staking.py (200,000 banks a point, seed 2026): the banker then loses
#: 0.53 +- 0.014 stakes a coup, against 0.08 and 0.42 at thresholds 0.45 and 0.55; counting the cards
#: turned this round adds 0.008 +- 0.02. It is the myopic rule: stake the most exactly when
#: the punter is the favourite
BEST = {"threshold": 0.5, "fraction": 1.0, "count": 1.0}

STAKE = PolicyRole(
    "stake",
    [PolicySpec("flat", "stake the same number of units every coup", codes.POL_FLAT, {"units": param(1, "int", 1, 10**9)}),
     PolicySpec("hand", "stake floor(fraction x bank) when the hand's exact win probability is at least "
                "`threshold` (count=1: counting the cards turned this round), else the minimum", codes.POL_HAND,
                {"threshold": param(0.5, "float", 0, 2), "fraction": param(1, "float", 0, 1),
                 "count": param(0, "int", 0, 1)}),
     PolicySpec("three-high", "stake the whole bank with three cards of different suits ranked `rank` (2..14) or "
                "more, else the minimum", codes.POL_THREE_HIGH, {"rank": param(12, "int", 2, 14)}),
     PolicySpec("best", "`hand` at the parameters found best by experiments/banchok_staking.py", codes.POL_HAND)],
    default="best",
    user_signature="stake(hand: int64[3], p_win: float64, bank: int64, params: float64[:]) -> int64",
)

PRIMAZKA = PolicyRole(
    "primazka",
    [PolicySpec("join", "with primazka=true the others add floor(fraction x (bank - stake)) to a stake when the "
                "hand's win probability (counting the cards turned this round) is at least `threshold`",
                codes.POL_HAND, {"threshold": param(0.5, "float", 0, 1), "fraction": param(1.0, "float", 0, 1)})],
    default="join",
)

PARAM_ORDER = {"flat": ("units",), "hand": ("threshold", "fraction", "count"), "three-high": ("rank",)}


def kernel_policy(pol):
    """(code, params, user fn) of a resolved stake policy for the kernel."""
    from simkit.games.banchok.nb import no_user_stake_nb

    if pol.is_user:
        params = pol.user_params()
        return codes.POL_USER, params, pol.fn
    if pol.name == "best":
        values = [BEST[k] for k in PARAM_ORDER["hand"]]
    else:
        values = [pol.params[k] for k in PARAM_ORDER[pol.name]]
    return STAKE.builtins[pol.name].code, np.array(values, dtype=np.float64), no_user_stake_nb


def primazka_params(pol, rules) -> np.ndarray:
    """The ``join`` parameters (threshold, fraction) for the kernel; a changed primazka
    policy is refused when the rules have no primazka, and a fraction outside [0, 1]."""
    from simkit.errors import SimkitError

    spec = PRIMAZKA.builtins[pol.name]
    if not rules.primazka and pol.params != spec.params:
        raise SimkitError(f"banchok: primazka policy {pol.describe()!r} has no effect with primazka=false; "
                          f"set the rule primazka=true or leave the primazka policy at its default")
    if not 0 <= pol.params["fraction"] <= 1:
        raise SimkitError(f"banchok: primazka policy {pol.describe()!r}: fraction={pol.params['fraction']:g} is not "
                          f"allowed; allowed: a share of what the bank holds beyond the stake, in [0, 1]")
    return np.array([pol.params["threshold"], pol.params["fraction"]], dtype=np.float64)
