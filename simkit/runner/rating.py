"""Ratings fitted to a tournament's seating results, with side (seat) effects.

Data: for every seating ``σ`` (weight ``w_σ``) and side ``j``, the value ``v_σj`` of the
contest's metric for the entrant ``σ(j)`` sitting there.

* **Bradley-Terry** (the metric is a share, e.g. of games won, adding up to 1 over the
  sides): the multinomial-logit form of Bradley-Terry (Luce's choice model) with a side
  effect, ``π_σj = exp(r_σ(j) + c_j) / Σ_l exp(r_σ(l) + c_l)``, fitted by maximising
  ``Σ_σ w_σ Σ_j v_σj log π_σj`` (Newton's method; the shares stand in for the counts, so
  the fit does not depend on how many units each seating played). A small ridge term
  ``λ Σ r²`` (``λ = 1e-4``) keeps a rating finite for an entrant that never wins.
  Ratings are reported on the Elo scale, ``400 · r / ln 10``, centred to mean 0: a
  difference of 400 means odds of 10 to 1 head to head.
* **Additive** (any other metric, e.g. points per deal): ``v_σj = r_σ(j) + c_j + ε`` by
  weighted least squares, centred to mean 0, in the metric's own unit.

Intervals come from the same delete-one-group jackknife as the scores
(:mod:`simkit.runner.tournament`).
"""
from __future__ import annotations

import math

import numpy as np

ELO = 400.0 / math.log(10.0)
RIDGE = 1e-4


def _design(design: list, k: int, sides: int):
    """Indicator matrices: ``E[σ, j, e] = 1`` when entrant ``e`` sits side ``j`` of ``σ``."""
    E = np.zeros((len(design), sides, k))
    for i, (s, _) in enumerate(design):
        for j, e in enumerate(s):
            E[i, j, e] = 1.0
    return E


def bradley_terry(values: np.ndarray, design: list, k: int) -> np.ndarray:
    """Elo-scale ratings (mean 0) from ``values[σ, j]`` shares; see the module doc."""
    n_s, sides = values.shape
    E = _design(design, k, sides)
    w = np.array([wt for _, wt in design], float)
    X = np.concatenate([E, np.broadcast_to(np.eye(sides), (n_s, sides, sides))], axis=2)  # [σ, j, k+S]
    theta = np.zeros(k + sides)
    v = np.clip(values, 0.0, None)
    for _ in range(100):
        eta = X @ theta
        eta -= eta.max(axis=1, keepdims=True)
        p = np.exp(eta)
        p /= p.sum(axis=1, keepdims=True)
        tot = v.sum(axis=1)                                   # each seating's shares (1 when all are known)
        grad = np.einsum("s,sj,sjp->p", w, v - tot[:, None] * p, X)
        xbar = np.einsum("sj,sjp->sp", p, X)
        hess = np.einsum("s,sj,sjp,sjq->pq", w * tot, p, X, X) - np.einsum("s,sp,sq->pq", w * tot, xbar, xbar)
        grad[:k] -= 2 * RIDGE * w.sum() * theta[:k]
        hess[:k, :k] += 2 * RIDGE * w.sum() * np.eye(k)
        step = np.linalg.lstsq(hess, grad, rcond=None)[0]    # the side effects' sum is not identified
        theta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    r = theta[:k]
    return ELO * (r - r.mean())


def additive(values: np.ndarray, design: list, k: int) -> np.ndarray:
    """Ratings (mean 0, the metric's unit) of the additive model; see the module doc."""
    n_s, sides = values.shape
    E = _design(design, k, sides).reshape(n_s * sides, k)
    S = np.tile(np.eye(sides), (n_s, 1))
    X = np.concatenate([E, S], axis=1)
    w = np.repeat(np.array([wt for _, wt in design], float), sides)
    y = values.reshape(-1)
    ok = np.isfinite(y)
    sw = np.sqrt(w[ok])
    theta = np.linalg.lstsq(X[ok] * sw[:, None], y[ok] * sw, rcond=None)[0]
    r = theta[:k]
    return r - r.mean()


def fit(values: np.ndarray, design: list, k: int, share: bool) -> np.ndarray:
    return bradley_terry(values, design, k) if share else additive(values, design, k)
