"""simkit: Monte Carlo simulation and strategy analysis for card games.

>>> import simkit
>>> simkit.list_games()                                   # doctest: +SKIP
>>> res = simkit.simulate("treize", hands=100_000, seed=1)  # doctest: +SKIP
>>> res.report()                                          # doctest: +SKIP
"""
__version__ = "0.1.0"

from simkit._cache import install as _install_cache, when_numba_imported as _when_numba  # noqa: E402

#: the folder of simkit's numba cache folders, one a kernel module (see simkit/_cache.py)
CACHE_DIR = _install_cache()

from simkit._cache_repair import install as _repair_damaged_cache  # noqa: E402

_when_numba(_repair_damaged_cache)   # a damaged cache file is recompiled, not a traceback (simkit/_cache_repair.py)

# The submodule simkit.rules must be imported before the function rules() below is
# defined: importing a submodule for the first time binds its name on the package and
# would otherwise replace the function.
import simkit.rules as _rules_module  # noqa: E402,F401
from simkit.core import cards  # noqa: E402,F401
from simkit.errors import IllegalMoveError, SimkitError  # noqa: E402,F401
from simkit.games import get_game, list_games  # noqa: E402,F401
from simkit.policies.base import Policy  # noqa: E402,F401
from simkit.runner.result import Result, load  # noqa: E402,F401
from simkit.runner.simulate import simulate  # noqa: E402,F401
from simkit.runner.compare import Comparison, compare  # noqa: E402,F401
from simkit.runner.sweep import sweep  # noqa: E402,F401
from simkit.runner.merge import merge  # noqa: E402,F401
from simkit.validation import validate  # noqa: E402,F401
from simkit.runner.tournament import Tournament, load_tournament, tournament  # noqa: E402,F401
from simkit.runner.tune import Tuning, tune  # noqa: E402,F401


def rules(game):
    """Every rule option of ``game`` as a DataFrame: name, type, default, allowed values,
    meaning and the seed sentence it reads (as ``simkit rules GAME``)."""
    return get_game(game).Rules.table()


def policies(game):
    """Every built-in policy of ``game`` by role, with its parameters, their defaults and
    what each allows (type and range)."""
    import pandas as pd

    rows = []
    for role in get_game(game).roles:
        for spec in role.builtins.values():
            rows.append({"role": role.name, "name": spec.name, "default": spec.name == role.default,
                         "params": dict(spec.params), "doc": spec.doc,
                         "allowed": {k: p.allowed() for k, p in spec.limits.items()}})
        if role.user_signature:
            rows.append({"role": role.name, "name": "<@njit function>", "default": False,
                         "params": {}, "doc": f"user function: {role.user_signature}", "allowed": {}})
    return pd.DataFrame(rows, columns=["role", "name", "default", "params", "doc", "allowed"])
