"""Macao drawing policies. Stakes are fixed by agreement («Никто не имеет права ставить
больше или меньше условленной цифры», 000:219), so drawing is the only decision.

Punters (role ``punter``):

* ``threshold``: draw while the count is below ``stand`` (stand on ``stand`` or more).
  The default ``stand=7`` reads the seed's list of good draws, each of which makes 7, 8
  or 9 (000:221); ``stand=0`` never draws.
* ``mimic``: draw exactly as the banker's policy would with the punter's hand (never,
  when the rules forbid the banker to draw).
* ``best``: the threshold that did best against the default banker in
  ``experiments/macao_strategy.py``, for each ``overdraw`` rule (:data:`BEST_STAND`).

Banker (role ``banker``): ``banker-threshold`` (draw while the count is below ``stand``).

Either role takes a user ``@njit`` function ``draw(count, natural, draws, seat, drew,
params) -> int64`` returning 1 to draw and 0 to stand (see
:data:`~simkit.games.macao.nb.DRAW_SIG`); any other value is an illegal move.
"""
import numpy as np

from simkit.games.macao import nb
from simkit.policies.base import PolicyRole, PolicySpec, param

SIGNATURE = ("draw(count: int64, natural: int64, draws: int64, seat: int64, drew: int64, "
             "params: float64[:]) -> int64 (1 = draw, 0 = stand)")

#: the punter's best standing count against the default banker (stands on 7), by overdraw
#: rule, from experiments/macao_strategy.py (200,000 shoes a point on the same deals, seed
#: 2026, standard errors about 0.0007 a point): void 8 (a draw never lowers the count, so
#: only a natural 8 or 9 should stand; 8 beats 7 by 0.0039, paired stderr 0.0008), bust 4
#: (beats 5 by 0.0042), mod10 5 (beats 4 and 6 by 0.0064)
BEST_STAND = {"void": 8.0, "bust": 4.0, "mod10": 5.0}

PUNTER = PolicyRole(
    "punter",
    [PolicySpec("threshold", "draw while the count is below `stand` (stand on `stand` or more)", nb.POL_THRESHOLD,
                {"stand": param(7, "int", 0, 10)}),
     PolicySpec("mimic", "draw as the banker's policy would with the punter's hand", nb.POL_MIMIC),
     PolicySpec("best", "the standing count that did best against the default banker under the game's overdraw "
                "rule (found by experiments/macao_strategy.py)", nb.POL_THRESHOLD)],
    default="threshold",
    user_signature=SIGNATURE,
)

BANKER = PolicyRole(
    "banker",
    [PolicySpec("banker-threshold", "the banker draws while his count is below `stand`", nb.POL_THRESHOLD,
                {"stand": param(7, "int", 0, 10)})],
    default="banker-threshold",
    user_signature=SIGNATURE,
)


def kernel_policy(role, pol, rules):
    """(code, params, user fn) of a resolved policy for the kernel."""
    if pol.is_user:
        params = np.array([pol.params[k] for k in sorted(pol.params)] or [0.0], dtype=np.float64)
        return nb.POL_USER, params, pol.fn
    spec = role.builtins[pol.name]
    if pol.name == "best":
        values = [BEST_STAND[rules.overdraw]]
    else:
        values = [pol.params[k] for k in spec.params] or [0.0]
    return spec.code, np.array(values, dtype=np.float64), nb.no_user_draw_nb
