"""The delete-one-group jackknife of paired differences (``compare`` and ``sweep``).

Units are cut into ``G`` fixed groups; a difference ``θ_B − θ_A`` of any metric is
recomputed without each group in turn, ``d_(−g)``, and
``se² = (G−1)/G · Σ_g (d_(−g) − d̄)²``. It reuses the game's own report code, so it
serves every metric (ratios, rates, means).
"""
from __future__ import annotations

import math

from simkit.runner.batch import merge_groups


def leave_one_out(game, groups, rules, policies) -> list:
    """The game's metric values recomputed without each group in turn: a list (one per
    group) of ``{metric: value}``."""
    total = merge_groups(groups)
    out = []
    for g in groups:
        rest = total.copy()
        for key in rest:
            rest[key] = rest[key] - g[key]
        out.append({k: e.value for k, e in game.metrics(rest, rules, policies).items()})
    return out


def jackknife_se(loo_a: list, loo_b: list, metric: str) -> float:
    """Jackknife standard error of the difference ``b − a`` of ``metric`` (NaN where a
    leave-one-out sample does not report the metric, e.g. one defined only when nonzero)."""
    g = len(loo_a)
    if g < 2 or any(metric not in x for x in loo_a) or any(metric not in x for x in loo_b):
        return float("nan")
    diffs = [b[metric] - a[metric] for a, b in zip(loo_a, loo_b)]
    mean = sum(diffs) / g
    return math.sqrt((g - 1) / g * sum((d - mean) ** 2 for d in diffs))
