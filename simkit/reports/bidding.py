"""Bid-accuracy reports for every bidding game (Oh Hell, Spades, Thousand, Klaberjass...).

A kernel counts bids in a *joint* integer array whose last two axes are the bid and the
tricks (or points) actually taken: ``joint[..., bid, taken]``; leading axes are whatever
the report breaks down by (seat, bidding position, hand size, policy). Everything here is
computed from such counts:

* bid accuracy = exact hits / bids (``taken == bid``), a proportion with its binomial
  standard error and Wilson 95% interval (:func:`~simkit.reports.estimates.proportion_estimate`);
* over / under rates = share of bids with ``taken > bid`` / ``taken < bid``;
* the mean of any score ``f(bid, taken)`` from the counts (:func:`counts_mean`).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from simkit.reports.estimates import Estimate, mean_estimate, proportion_estimate


def _masks(n_bid: int, n_taken: int):
    b = np.arange(n_bid)[:, None]
    t = np.arange(n_taken)[None, :]
    return t == b, t > b, t < b


def outcomes(joint) -> tuple:
    """``(bids, exact, over, under)`` counts of ``joint[..., bid, taken]`` summed over
    every leading axis but the first (a 2-D ``joint`` gives scalars)."""
    j = np.asarray(joint, dtype=np.int64)
    eq, over, under = _masks(j.shape[-2], j.shape[-1])
    axes = (-2, -1)
    if j.ndim > 3:
        j = j.reshape(j.shape[0], -1, j.shape[-2], j.shape[-1]).sum(axis=1)
    return j.sum(axis=axes), (j * eq).sum(axis=axes), (j * over).sum(axis=axes), (j * under).sum(axis=axes)


def bid_accuracy(joint) -> Estimate:
    """Exact hits / bids over the whole ``joint`` array."""
    n, exact, _, _ = outcomes(np.asarray(joint).reshape(-1, *np.shape(joint)[-2:]).sum(axis=0))
    return proportion_estimate(int(exact), int(n))


def over_under(joint) -> tuple:
    """``(over rate, under rate)`` estimates over the whole ``joint`` array."""
    n, _, over, under = outcomes(np.asarray(joint).reshape(-1, *np.shape(joint)[-2:]).sum(axis=0))
    return proportion_estimate(int(over), int(n)), proportion_estimate(int(under), int(n))


def counts_mean(counts, values, scale: float = 1.0) -> Estimate:
    """Mean of ``values`` weighted by integer ``counts`` (same shape), with its standard
    error, as if each counted observation had been added to a moment row."""
    c = np.asarray(counts, dtype=np.int64).ravel()
    v = np.asarray(values, dtype=np.int64).ravel()
    return mean_estimate([int(c.sum()), int((c * v).sum()), int((c * v * v).sum())], scale)


def accuracy_table(joint, key: str, labels, *, extra: dict | None = None, drop_empty: bool = True) -> pd.DataFrame:
    """One row per first-axis entry of ``joint[g, ..., bid, taken]``: ``key`` (its label),
    ``bids``, ``exact``, ``bid_accuracy`` with ``stderr`` and Wilson interval,
    ``over_rate``, ``under_rate``, ``mean_bid`` and ``mean_taken``. ``extra`` adds
    columns (name -> per-row values); rows without bids are dropped unless
    ``drop_empty`` is false."""
    j = np.asarray(joint, dtype=np.int64)
    j = j.reshape(j.shape[0], -1, j.shape[-2], j.shape[-1]).sum(axis=1)
    n, exact, over, under = outcomes(j)
    bids = np.arange(j.shape[-2])
    taken = np.arange(j.shape[-1])
    rows = []
    for g, label in enumerate(labels):
        if drop_empty and n[g] == 0:
            continue
        e = proportion_estimate(int(exact[g]), int(n[g]))
        tot = max(int(n[g]), 1)
        row = {key: label, "bids": int(n[g]), "exact": int(exact[g]), "bid_accuracy": e.value,
               "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1],
               "over_rate": over[g] / tot if n[g] else float("nan"),
               "under_rate": under[g] / tot if n[g] else float("nan"),
               "mean_bid": float((j[g].sum(axis=1) * bids).sum()) / tot if n[g] else float("nan"),
               "mean_taken": float((j[g].sum(axis=0) * taken).sum()) / tot if n[g] else float("nan")}
        for name, values in (extra or {}).items():
            row[name] = values[g]
        rows.append(row)
    return pd.DataFrame(rows)


def joint_records(counts, names, *, keep=None) -> pd.DataFrame:
    """Long table of an integer count array: one column per axis (``names``) plus
    ``count``. ``keep(index_tuple) -> bool`` selects the rows (default: every cell)."""
    c = np.asarray(counts, dtype=np.int64)
    if len(names) != c.ndim:
        raise ValueError(f"{len(names)} names for a {c.ndim}-axis array")
    rows = []
    for idx in np.ndindex(*c.shape):
        if keep is not None and not keep(idx):
            continue
        row = dict(zip(names, (int(i) for i in idx)))
        row["count"] = int(c[idx])
        rows.append(row)
    return pd.DataFrame(rows, columns=list(names) + ["count"])


def balance_table(counts, key: str, labels) -> pd.DataFrame:
    """How often the table's bids total more than, less than, or exactly the tricks
    available: ``counts[g] = (over, under, equal)`` per row; shares with Wilson intervals."""
    c = np.asarray(counts, dtype=np.int64)
    rows = []
    for g, label in enumerate(labels):
        n = int(c[g].sum())
        if n == 0:
            continue
        row = {key: label, "deals": n}
        for i, name in enumerate(("over", "under", "equal")):
            e = proportion_estimate(int(c[g, i]), n)
            row[f"{name}"] = int(c[g, i])
            row[f"{name}_rate"] = e.value
            row[f"{name}_ci95_low"] = e.ci95[0]
            row[f"{name}_ci95_high"] = e.ci95[1]
        rows.append(row)
    return pd.DataFrame(rows)
