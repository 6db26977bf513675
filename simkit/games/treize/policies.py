"""Treize staking policies (the punter's only decision).

* ``flat``: stake ``units`` every coup (default 1).
* ``deck-aware``: stake ``high`` when the punter's exact expected result on the coming
  coup, computed from the unturned cards (:func:`~simkit.games.treize.nb.punter_ev_nb`),
  is at least ``threshold`` per unit staked, else ``low``.
* a user ``@njit`` function ``stake(counts, remaining, bank, params) -> int64`` (see
  :data:`~simkit.games.treize.nb.STAKE_SIG`); it gets the policy's ``params`` as floats.
"""
from simkit.games.treize import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

STAKE = PolicyRole(
    "stake",
    [PolicySpec("flat", "stake the same number of units every coup", codes.POL_FLAT, {"units": param(1, "int", 1, codes.MAX_STAKE)}),
     PolicySpec("deck-aware", "stake `high` when the unturned cards give the punter an expected result "
                "of at least `threshold` per unit on the next coup, else `low`", codes.POL_DECK_AWARE,
                {"low": param(1, "int", 1, codes.MAX_STAKE), "high": param(10, "int", 1, codes.MAX_STAKE),
                 "threshold": param(0.0, "float", -1, 1)})],
    default="flat",
    user_signature="stake(counts: int64[13], remaining: int64, bank: int64, params: float64[:]) -> int64",
)

PARAM_ORDER = {"flat": ("units",), "deck-aware": ("low", "high", "threshold")}
