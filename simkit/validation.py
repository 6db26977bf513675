"""``simkit validate``: every simulated figure the project can check against an exact or
independent value, for every game, as one table.

Each game contributes :class:`Check` objects through ``Game.validation_checks()`` (by
default the ``checks()`` of its package's ``validation`` module), so a game added later
plugs in its own checks without editing a central list. A check names what it measures,
the rules and policies, the exact value and how to read the simulated estimate from a
result; :func:`validate` plays each with ``simulate`` and reports
``z = (simulated − exact) / stderr``. The verdict is ``pass`` when ``|z| <= 4`` (a
two-sided normal tail of 6e-5 per check, so a correct toolkit fails none of a few dozen
checks except with probability under 0.3%) and ``FAIL`` otherwise.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import pandas as pd

from simkit.errors import SimkitError

Z_LIMIT = 4.0


@dataclass(frozen=True)
class Check:
    """One check: ``what`` (a phrase), ``rules`` and ``policies`` to simulate, the
    ``exact`` value, ``hands`` (the default size), ``metric`` (a metric name, or a
    function ``Result -> Estimate`` for figures read from tables) and ``source``
    (where the exact value comes from)."""

    what: str
    exact: float
    hands: int
    rules: dict = field(default_factory=dict)
    policies: object = None
    metric: object = None
    source: str = "exact"

    def estimate(self, res):
        if callable(self.metric):
            return self.metric(res)
        return res.estimates[self.metric or res.game.headline]


#: the fewest units a check may run: below it a standard error says nothing
MIN_HANDS = 100


def validate(games=None, *, hands=None, seed=0, n_jobs: int = 1, progress=False) -> pd.DataFrame:
    """Run every check of every game (or of ``games``) and return one row per check:
    game, check, rules, policies, hands, exact, simulated, stderr, z, verdict, source.
    ``hands`` replaces every check's default size (the units of each check's game)."""
    import simkit
    from simkit.policies.base import describe_policies
    from simkit.runner.units import parse_hands

    if isinstance(games, str):
        games = [games]
    ids = list(games) if games else simkit.list_games()
    size = None if hands is None else parse_hands(hands)
    if size is not None and size < MIN_HANDS:
        raise SimkitError(f"validate needs at least {MIN_HANDS} units per check to estimate a standard error; "
                          f"got hands={size}")
    resolved: dict = {}
    for gid in ids:
        game = simkit.get_game(gid)
        if game.id in resolved:
            raise SimkitError(f"game {game.id!r} given twice ({resolved[game.id]!r} and {gid!r}); give it once")
        resolved[game.id] = gid
    rows = []
    for gid in ids:
        game = simkit.get_game(gid)
        for check in game.validation_checks():
            n = size or check.hands
            t0 = time.perf_counter()
            res = simkit.simulate(game.id, n, rules=check.rules, policies=check.policies, seed=seed, n_jobs=n_jobs,
                                  progress=progress)
            est = check.estimate(res)
            se = est.stderr
            z = (est.value - check.exact) / se if se and math.isfinite(se) else float("nan")
            rows.append({"game": game.id, "check": check.what,
                         "rules": ", ".join(f"{k}={v}" for k, v in res.rules.changed().items()) or "defaults",
                         "policies": " ".join(str(v) for v in describe_policies(res.policies).values()),
                         "hands": n, "exact": check.exact, "simulated": est.value, "stderr": se, "z": z,
                         "verdict": "pass" if abs(z) <= Z_LIMIT else "FAIL", "source": check.source,
                         "seconds": round(time.perf_counter() - t0, 2)})
    if not rows:
        raise SimkitError(f"no validation checks for {', '.join(ids)}")
    return pd.DataFrame(rows)
