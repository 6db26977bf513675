"""Treize staking policies (the punter's only decision).

* ``flat``: stake ``units`` every coup (default 1).
* ``deck-aware``: stake ``high`` when the punter's exact expected result on the coming
  coup, computed from the unturned cards (:func:`~simkit.games.treize.nb.punter_ev_nb`),
  is at least ``threshold`` per unit staked, else ``low``.
* a user ``@njit`` function ``stake(counts, remaining, bank, params) -> int64`` (see
  :data:`~simkit.games.treize.nb.STAKE_SIG`); it gets the policy's ``params`` as floats.
"""
from simkit.games.treize import nb
from simkit.policies.base import PolicyRole, PolicySpec

STAKE = PolicyRole(
    "stake",
    [PolicySpec("flat", "stake the same number of units every coup", nb.POL_FLAT, {"units": 1.0}),
     PolicySpec("deck-aware", "stake `high` when the unturned cards give the punter an expected result "
                "of at least `threshold` per unit on the next coup, else `low`", nb.POL_DECK_AWARE,
                {"low": 1.0, "high": 10.0, "threshold": 0.0})],
    default="flat",
    user_signature="stake(counts: int64[13], remaining: int64, bank: int64, params: float64[:]) -> int64",
)

PARAM_ORDER = {"flat": ("units",), "deck-aware": ("low", "high", "threshold")}
