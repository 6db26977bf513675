"""Bank lifecycle accounting shared by the banking games (Macao, Polish Banchok, Ochko).

In these games the unit of independence is one *bank*: a banker's tenure from a fresh
shuffle until the bank passes (the shoe is played out, the bank is broken or has grown
to a stated multiple). Every bank adds one row to each of these ``int64`` statistics:

* ``edge``: ratio row ``(punters' loss, punters' stakes)`` over the bank; the house edge
  is ``Σ loss / Σ stakes`` over banks (positive favours the banker);
* ``bank``: moment rows ``0`` = banker's net over the bank (= the punters' loss),
  ``1`` = tenure in coups;
* ``tenure``: histogram of the tenure over the bins of :data:`TENURE_EDGES`;
* ``outcome``: how the bank ended, counted by :data:`OUTCOME_NAMES`.

A game's kernel calls :func:`bank_close_nb` once per bank; its report calls
:func:`bank_metrics` and :func:`bank_tables`. Values are integers in the game's own
money unit (e.g. half stakes); pass ``scale`` to the report helpers to divide.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from simkit.core.stats import Stats, moment_add_nb, moments, ratio_add_nb, ratios
from simkit.reports.estimates import mean_estimate, proportion_estimate
from simkit.reports.tables import distribution_table, house_edge

#: how a bank ended: passed on normally (shoe played out), broken (nothing left in it),
#: grown to the multiple at which it must pass (tripled), or closed by a safety cap on coups
BANK_PASSED, BANK_BROKEN, BANK_TRIPLED, BANK_CAPPED = 0, 1, 2, 3
OUTCOME_NAMES = ("passed", "broken", "tripled", "capped")

#: lower edges of the tenure bins (coups per bank); width 1 up to 30, then coarser
TENURE_EDGES = np.array(list(range(31)) + [35, 40, 45, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200, 250, 300,
                                           400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000, 50000,
                                           100000], dtype=np.int64)
N_TENURE = TENURE_EDGES.shape[0]


def bank_stats(**extra) -> Stats:
    """Zeroed bank statistics (``edge``, ``bank``, ``tenure``, ``outcome``) plus the
    game's own ``extra`` arrays."""
    st = Stats(edge=ratios(1), bank=moments(2), tenure=np.zeros(N_TENURE, np.int64),
               outcome=np.zeros(len(OUTCOME_NAMES), np.int64))
    st.update(extra)
    return st


@njit(cache=True)
def tenure_bin_nb(coups):
    """Index of the :data:`TENURE_EDGES` bin holding ``coups``."""
    return np.searchsorted(TENURE_EDGES, coups, side="right") - 1


@njit(cache=True)
def bank_close_nb(edge, bank_mom, tenure, outcome, loss, staked, coups, how):
    """Record one finished bank: the punters' total ``loss`` (the banker's net), their
    total ``staked``, its tenure ``coups`` and ``how`` it ended (``BANK_*``)."""
    ratio_add_nb(edge, 0, loss, staked)
    moment_add_nb(bank_mom, 0, loss)
    moment_add_nb(bank_mom, 1, coups)
    tenure[tenure_bin_nb(coups)] += 1
    outcome[how] += 1


def bank_metrics(stats, scale: float = 1.0, outcomes=("broken", "tripled")) -> dict:
    """``house_edge`` (punters' loss per unit staked), ``banker_net_per_bank``,
    ``bank_tenure`` (coups per bank) and, for each name in ``outcomes``, ``p_<name>``:
    the share of banks that ended that way (Wilson interval)."""
    out = {
        "house_edge": house_edge(stats["edge"][0], scale),
        "banker_net_per_bank": mean_estimate(stats["bank"][0], scale),
        "bank_tenure": mean_estimate(stats["bank"][1]),
    }
    counts = stats["outcome"]
    total = int(counts.sum())
    for name in outcomes:
        out[f"p_{name}"] = proportion_estimate(int(counts[OUTCOME_NAMES.index(name)]), total)
    return out


def _tenure_labels():
    labels = []
    for i, lo in enumerate(TENURE_EDGES):
        if i == N_TENURE - 1:
            labels.append(f">={lo}")
        elif TENURE_EDGES[i + 1] == lo + 1:
            labels.append(str(lo))
        else:
            labels.append(f"{lo}-{TENURE_EDGES[i + 1] - 1}")
    return labels


def bank_tables(stats, outcomes: bool = True) -> dict:
    """``tenure`` (coups per bank, binned, from the first non-empty bin to the last) and,
    with ``outcomes``, ``bank_outcome`` (how banks ended)."""
    hist = stats["tenure"]
    nz = np.nonzero(hist)[0]
    lo, hi = (int(nz[0]), int(nz[-1]) + 1) if len(nz) else (0, 1)
    labels = _tenure_labels()[lo:hi]
    out = {"tenure": distribution_table(hist[lo:hi], labels, name="coups")}
    if outcomes:
        out["bank_outcome"] = distribution_table(stats["outcome"], list(OUTCOME_NAMES), name="outcome")
    return out
