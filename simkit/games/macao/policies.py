"""Macao drawing policies. Stakes are fixed by agreement («Никто не имеет права ставить
больше или меньше условленной цифры», 000:219), so drawing is the only decision.

Punters (role ``punter``):

* ``threshold``: draw while the count is below ``stand`` (stand on ``stand`` or more).
  The default ``stand=7`` reads the seed's list of good draws, each of which makes 7, 8
  or 9 (000:221); ``stand=0`` never draws.
* ``mimic``: draw exactly as the banker's policy would with the punter's hand (never,
  when the rules forbid the banker to draw).
* ``best`` (the default): the punters' half of the equilibrium that
  ``experiments/macao_strategy.py`` found, for each ``overdraw`` rule
  (:data:`BEST_STAND`): their best reply to the default banker.

Banker (role ``banker``): ``banker-threshold`` (draw while the count is below ``stand``);
``best`` (the default): the banker's half of that equilibrium (:data:`BANKER_BEST_STAND`).

The defaults are thus the best play the project knows for each side: among "draw while
below T" rules the pair is a saddle point of the experiment's grid (neither side gains by
changing its threshold), so the headline house edge is the edge with good play on both
sides.

Either role takes a user ``@njit`` function ``draw(count, natural, draws, seat, drew,
params) -> int64`` returning 1 to draw and 0 to stand (see
:data:`~simkit.games.macao.nb.DRAW_SIG`); any other value is an illegal move.
"""
import numpy as np

from simkit.games.macao import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

SIGNATURE = ("draw(count: int64, natural: int64, draws: int64, seat: int64, drew: int64, "
             "params: float64[:]) -> int64 (1 = draw, 0 = stand)")

#: the punters' and the banker's standing counts ("draw while below"), by overdraw rule:
#: the minimax pair of experiments/macao_strategy.py's grid of both thresholds (0, 2..10;
#: 200,000 shoes a point on the same deals, seed 2026, standard errors about 0.0007),
#: which is also the maximin pair, so a saddle point: void punters 8, banker 9 (edge
#: -0.0452; under void a draw never lowers the count, so the banker draws on every count
#: below 9: standing on 9 or 10 differ only in drawing at 9, which cannot change it; the
#: grid has -0.04523 and -0.04519), bust punters 5, banker 6 (-0.0914), mod10 punters 5,
#: banker 6 (-0.0860)
BEST_STAND = {"void": 8.0, "bust": 5.0, "mod10": 5.0}
BANKER_BEST_STAND = {"void": 9.0, "bust": 6.0, "mod10": 6.0}

PUNTER = PolicyRole(
    "punter",
    [PolicySpec("threshold", "draw while the count is below `stand` (stand on `stand` or more)", codes.POL_THRESHOLD,
                {"stand": param(7, "int", 0, 10)}),
     PolicySpec("mimic", "draw as the banker's policy would with the punter's hand", codes.POL_MIMIC),
     PolicySpec("best", "the punters' standing count of the equilibrium experiments/macao_strategy.py found "
                "under the game's overdraw rule: the best reply to the default banker", codes.POL_THRESHOLD)],
    default="best",
    user_signature=SIGNATURE,
)

BANKER = PolicyRole(
    "banker",
    [PolicySpec("banker-threshold", "the banker draws while his count is below `stand`", codes.POL_THRESHOLD,
                {"stand": param(7, "int", 0, 10)}),
     PolicySpec("best", "the banker's standing count of the equilibrium experiments/macao_strategy.py found "
                "under the game's overdraw rule", codes.POL_THRESHOLD)],
    default="best",
    user_signature=SIGNATURE,
)


def kernel_policy(role, pol, rules):
    """(code, params, user fn) of a resolved policy for the kernel."""
    from simkit.games.macao.nb import no_user_draw_nb

    if pol.is_user:
        params = pol.user_params()
        return codes.POL_USER, params, pol.fn
    spec = role.builtins[pol.name]
    if pol.name == "best":
        values = [(BEST_STAND if role is PUNTER else BANKER_BEST_STAND)[rules.overdraw]]
    else:
        values = [pol.params[k] for k in spec.params] or [0.0]
    return spec.code, np.array(values, dtype=np.float64), no_user_draw_nb
