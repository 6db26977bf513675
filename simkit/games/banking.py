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

A game's kernel calls :func:`~simkit.games.banking_nb.bank_close_nb` once per bank; its report calls
:func:`bank_metrics` and :func:`bank_tables`. Values are integers in the game's own
money unit (e.g. half stakes); pass ``scale`` to the report helpers to divide.
"""
from __future__ import annotations

import numpy as np
from simkit.core.stats import Stats, moments, ratios
from simkit.games.banking_codes import (BANK_BROKEN, BANK_CAPPED, BANK_PASSED, BANK_TRIPLED,  # noqa: F401
                                        N_TENURE, OUTCOME_NAMES, TENURE_EDGES)
from simkit.reports.estimates import mean_estimate, proportion_estimate
from simkit.reports.tables import distribution_table, house_edge

def bank_stats(**extra) -> Stats:
    """Zeroed bank statistics (``edge``, ``bank``, ``tenure``, ``outcome``) plus the
    game's own ``extra`` arrays."""
    st = Stats(edge=ratios(1), bank=moments(2), tenure=np.zeros(N_TENURE, np.int64),
               outcome=np.zeros(len(OUTCOME_NAMES), np.int64))
    st.update(extra)
    return st


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
