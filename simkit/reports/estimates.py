"""Estimates from mergeable statistics: means, ratios and proportions, each with its
standard error, 95% interval and the number of observations it rests on.

Formulas (n observations):

* mean: ``x̄ = Σx/n``, ``se = s/√n`` with ``s² = (Σx² − n x̄²)/(n − 1)``; interval ``x̄ ± 1.96 se``.
* ratio ``R = Σx/Σy`` (e.g. loss per unit staked, over units that each stake ``y``): delta
  method, ``se² = (Σx² − 2RΣxy + R²Σy²) / (n (n − 1) ȳ²)``.
* proportion ``p = k/n``: ``se = √(p(1−p)/n)`` and the Wilson score interval.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """One figure: ``value`` with ``stderr``, 95% interval ``ci95`` and count ``n``."""

    value: float
    stderr: float
    ci95: tuple
    n: int

    def as_dict(self) -> dict:
        return {"value": self.value, "stderr": self.stderr,
                "ci95": [self.ci95[0], self.ci95[1]], "n": int(self.n)}

    def __sub__(self, other):  # pragma: no cover - convenience only
        return self.value - other.value


_NAN = float("nan")


def _interval(value, se):
    return (value - Z95 * se, value + Z95 * se)


def mean_estimate(row, scale: float = 1.0) -> Estimate:
    """Mean of a moment row ``[n, Σx, Σx²]``, divided by ``scale``."""
    n, s, ss = (int(v) for v in np.asarray(row)[:3])
    if n == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), 0)
    mean = s / n
    var = (ss - s * s / n) / (n - 1) if n > 1 else _NAN
    se = math.sqrt(max(var, 0.0) / n) if n > 1 else _NAN
    return Estimate(mean / scale, se / scale, _interval(mean / scale, se / scale), n)


def ratio_estimate(row, scale: float = 1.0) -> Estimate:
    """Ratio ``Σx/Σy`` of a ratio row ``[n, Σx, Σy, Σx², Σy², Σxy]``, divided by ``scale``."""
    n, sx, sy, sxx, syy, sxy = (int(v) for v in np.asarray(row)[:6])
    if n == 0 or sy == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), n)
    r = sx / sy
    ybar = sy / n
    if n > 1:
        resid = sxx - 2.0 * r * sxy + r * r * syy
        se = math.sqrt(max(resid, 0.0) / (n * (n - 1))) / abs(ybar)
    else:
        se = _NAN
    return Estimate(r / scale, se / scale, _interval(r / scale, se / scale), n)


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple:
    """Wilson score interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (_NAN, _NAN)
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def proportion_estimate(k: int, n: int) -> Estimate:
    """Share ``k/n`` with its binomial standard error and Wilson 95% interval."""
    k, n = int(k), int(n)
    if n == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), 0)
    p = k / n
    return Estimate(p, math.sqrt(p * (1 - p) / n), wilson_interval(k, n), n)
