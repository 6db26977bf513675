"""Estimates from mergeable statistics: means, ratios and proportions, each with its
standard error, 95% interval and the number of observations it rests on.

Formulas (n observations):

* mean: ``x̄ = Σx/n``, ``se = s/√n`` with ``s² = (Σx² − n x̄²)/(n − 1)``; interval
  ``x̄ ± t se``.
* ratio ``R = Σx/Σy`` (e.g. loss per unit staked, over units that each stake ``y``): delta
  method, ``se² = (Σx² − 2RΣxy + R²Σy²) / (n (n − 1) ȳ²)``; interval ``R ± t se``.
* proportion ``p = k/n``: ``se = √(p(1−p)/n)`` and the Wilson score interval; at ``k = 0``
  or ``k = n`` that formula gives 0, so the standard error is then the Wilson
  interval's half-width divided by 1.96 (never 0 with a zero-width interval).
* rate as a mean of per-unit shares in ``[0, 1]`` (a win rate with ties split, a share of
  cards played as forced trumps) or as a ratio of counts ``Σk/Σm`` with ``k <= m`` (wins
  per coup): the value and standard error of the mean or ratio above, and the **Wilson
  score interval** at that value with the effective number of trials
  ``n_eff = p(1 − p)/se²`` (the trials of a binomial share that would give the same
  standard error: ``n − 1`` for 0/1 outcomes, more where ties or unequal weights make
  the shares less spread). The interval stays within ``[0, 1]`` and is asymmetric near
  the bounds, as a share's must be at small ``n``. At a rate of exactly 0 or 1 (every
  share 0, or every share 1) the sample variance is 0; the estimate is then the
  proportion ``0/n`` or ``n/n`` with its Wilson interval, for the same reason as above.

``t`` is Student's two-sided 5% point with ``n − 1`` degrees of freedom (12.7 for 2
observations, 2.13 for 16, 1.96 in the limit): intervals from few units (a blackjack run
of 16 shoes, a sweep point of 20 games) keep their 95% coverage for normal data, and at
the usual sizes it equals 1.96 to many digits. Sums are exact integers (see
:mod:`simkit.core.stats`), and the variance numerators are computed in exact integer
arithmetic before one division, so no cancellation or overflow can distort them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from functools import lru_cache

from simkit.core.stats import moment_sums, ratio_sums
from simkit.reports.student import t_quantile2

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


@lru_cache(maxsize=4096)
def t95(df: int) -> float:
    """Student's two-sided 5% point with ``df`` degrees of freedom: exact below 100, the
    Cornish-Fisher expansion in ``1/df`` to the fourth order from 100 on (error < 1e-10)."""
    if df < 100:
        return t_quantile2(0.05, df)
    z, v = Z95, float(df)
    g = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
         (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
         (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + g[0] / v + g[1] / v ** 2 + g[2] / v ** 3 + g[3] / v ** 4


def _interval(value, se, n):
    if n < 2:
        return (_NAN, _NAN)
    t = t95(n - 1)
    return (value - t * se, value + t * se)


def mean_estimate(row, scale: float = 1.0) -> Estimate:
    """Mean of a moment row (``n, Σx, Σx²``, see :func:`simkit.core.stats.moment_sums`),
    divided by ``scale``."""
    n, s, ss = moment_sums(row)
    if n == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), 0)
    mean = s / n / scale
    se = math.sqrt(max(n * ss - s * s, 0) / (n * n * (n - 1))) / scale if n > 1 else _NAN
    return Estimate(mean, se, _interval(mean, se, n), n)


def as_rate(est: Estimate) -> Estimate:
    """``est`` (a mean or ratio of a quantity in ``[0, 1]``) as a rate: the same value and
    standard error with the Wilson score interval at the effective number of trials
    ``n_eff = p(1 − p)/se²`` (see the module doc), so the interval stays within
    ``[0, 1]``. At exactly 0 or 1 (every share the same bound, sample variance 0) it is
    the proportion ``0/n`` or ``n/n``; with one unit (no standard error) the Wilson
    interval of one trial."""
    p, se, n = est.value, est.stderr, est.n
    if n == 0 or p != p:
        return est
    if p <= 0.0 or p >= 1.0:
        return proportion_estimate(n if p >= 1.0 else 0, n)
    if not se > 0:                       # one unit, or every share the same inner value
        lo, hi = _wilson(p, n)
        return Estimate(p, se if n > 1 else _NAN, (lo, hi), n)
    return Estimate(p, se, _wilson(p, p * (1.0 - p) / (se * se)), n)


def rate_estimate(row, scale: float = 1.0) -> Estimate:
    """A rate: the mean of a moment row of per-unit shares in ``[0, scale]`` (a win 1, a
    tie split), divided by ``scale``, with the bounded interval of :func:`as_rate`
    (Wilson at the effective number of trials; the proportion ``0/n`` or ``n/n`` with a
    nonzero standard error at a rate of exactly 0 or 1, never a zero-width interval)."""
    return as_rate(mean_estimate(row, scale))


def rate_ratio_estimate(row, scale: float = 1.0) -> Estimate:
    """A rate that is a ratio of counts ``Σk/Σm`` with ``0 <= k <= m`` (punter's wins per
    coup over banks of several coups): :func:`ratio_estimate` with the bounded interval
    of :func:`as_rate`."""
    return as_rate(ratio_estimate(row, scale))


def ratio_estimate(row, scale: float = 1.0) -> Estimate:
    """Ratio ``Σx/Σy`` of a ratio row (see :func:`simkit.core.stats.ratio_sums`), divided
    by ``scale``; ``se² = n·(Σx²Σy² − 2ΣxΣyΣxy + (Σx)²Σy²) / ((n − 1)(Σy)⁴)`` (the delta
    method above, in exact integers)."""
    n, sx, sy, sxx, syy, sxy = ratio_sums(row)
    if n == 0 or sy == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), n)
    r = sx / sy / scale
    if n > 1:
        q = sxx * sy * sy - 2 * sx * sy * sxy + sx * sx * syy
        se = math.sqrt(max(q, 0) * n / ((n - 1) * sy ** 4)) / scale
    else:
        se = _NAN
    return Estimate(r, se, _interval(r, se, n), n)


def negated(est: Estimate) -> Estimate:
    """``-est``: the same standard error and count, the interval mirrored (a dealer's extra
    penalty as his edge)."""
    return Estimate(-est.value, est.stderr, (-est.ci95[1], -est.ci95[0]), est.n)


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple:
    """Wilson score interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (_NAN, _NAN)
    return _wilson(k / n, n, z)


def _wilson(p: float, n: float, z: float = Z95) -> tuple:
    """Wilson score interval at share ``p`` of ``n`` (possibly effective, non-integer) trials."""
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if p <= 0.0 else lo, 1.0 if p >= 1.0 else hi)     # exact bounds, not rounding noise


def proportion_estimate(k: int, n: int) -> Estimate:
    """Share ``k/n`` with its binomial standard error and Wilson 95% interval (at ``k = 0``
    or ``k = n`` the standard error is the Wilson half-width over 1.96, not 0)."""
    k, n = int(k), int(n)
    if n == 0:
        return Estimate(_NAN, _NAN, (_NAN, _NAN), 0)
    p = k / n
    ci = wilson_interval(k, n)
    se = math.sqrt(p * (1 - p) / n) if 0 < k < n else (ci[1] - ci[0]) / (2 * Z95)
    return Estimate(p, se, ci, n)
