"""Student's t distribution (no SciPy dependency): the two-sided quantile and p-value
that intervals from few groups and paired comparisons need.

``t_cdf`` uses the regularized incomplete beta function,
``P(T <= t) = 1 − ½ I_{ν/(ν+t²)}(ν/2, ½)`` for ``t >= 0`` (Abramowitz & Stegun 26.7.1),
evaluated by its continued fraction (Numerical Recipes §6.4, modified Lentz); the
quantile inverts it by bisection to full double precision. With ``ν = inf`` both
fall back to the normal distribution.
"""
from __future__ import annotations

import math

from simkit.errors import SimkitError


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta ``I_x(a, b)``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lbeta) * _betacf(a, b, x) / a
    return 1.0 - math.exp(lbeta) * _betacf(b, a, 1.0 - x) / b


def _check_df(df) -> float:
    df = float(df)
    if not df > 0:
        raise SimkitError(f"degrees of freedom must be > 0, got {df!r}")
    return df


def t_sf2(t: float, df: float) -> float:
    """Two-sided p-value ``P(|T| >= |t|)`` for ``T`` Student-t with ``df`` degrees of freedom."""
    df = _check_df(df)
    t = abs(float(t))
    if math.isnan(t):
        return float("nan")
    if math.isinf(df):
        return math.erfc(t / math.sqrt(2.0))
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile2(alpha: float, df: float) -> float:
    """The ``q`` with ``P(|T| >= q) = alpha`` (e.g. ``alpha=0.05`` gives the 95% multiplier)."""
    df = _check_df(df)
    if not 0.0 < alpha < 1.0:
        raise SimkitError(f"alpha must be in (0, 1), got {alpha!r}")
    lo, hi = 0.0, 1.0
    sf = (lambda q: math.erfc(q / math.sqrt(2.0))) if math.isinf(df) else (lambda q: t_sf2(q, df))
    while sf(hi) > alpha:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if sf(mid) > alpha:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * hi:
            break
    return 0.5 * (lo + hi)
