"""Report tables shared by every game: house edge, rates and distributions."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from simkit.reports.estimates import Estimate, proportion_estimate, ratio_estimate


def house_edge(row, scale: float = 1.0) -> Estimate:
    """House edge from a ratio row with ``x`` = the player's loss and ``y`` = the
    player's initial stake per unit: ``Σloss/Σstake``, positive favours the house."""
    return ratio_estimate(row, scale)


def distribution_table(counts, values=None, *, name: str = "value", open_top: bool = False) -> pd.DataFrame:
    """Distribution of an outcome from a histogram of counts: columns ``name``,
    ``count``, ``share`` and the share's Wilson interval. With ``open_top`` the last
    bin is labelled ``">=v"`` (it collects everything from ``v`` up)."""
    counts = np.asarray(counts, dtype=np.int64)
    values = np.arange(len(counts)) if values is None else np.asarray(values)
    total = int(counts.sum())
    rows = []
    for i, (v, c) in enumerate(zip(values, counts)):
        est = proportion_estimate(int(c), total)
        label = f">={v}" if open_top and i == len(counts) - 1 else v
        rows.append({name: label, "count": int(c), "share": est.value,
                     "ci95_low": est.ci95[0], "ci95_high": est.ci95[1]})
    return pd.DataFrame(rows)


def rate_table(successes, trials, index: dict, *, name: str = "rate") -> pd.DataFrame:
    """A table of rates ``successes/trials`` with Wilson intervals; ``index`` maps each
    key column to its per-row labels."""
    rows = []
    for i, (k, n) in enumerate(zip(np.asarray(successes).ravel(), np.asarray(trials).ravel())):
        est = proportion_estimate(int(k), int(n))
        row = {key: labels[i] for key, labels in index.items()}
        row.update({name: est.value, "stderr": est.stderr, "ci95_low": est.ci95[0],
                    "ci95_high": est.ci95[1], "n": int(n)})
        rows.append(row)
    return pd.DataFrame(rows)


def metrics_frame(metrics: dict) -> pd.DataFrame:
    """The flat metrics dict as a DataFrame, one row per metric."""
    rows = []
    for name, m in metrics.items():
        rows.append({"metric": name, "value": m["value"], "stderr": m["stderr"],
                     "ci95_low": m["ci95"][0], "ci95_high": m["ci95"][1], "n": m["n"]})
    return pd.DataFrame(rows, columns=["metric", "value", "stderr", "ci95_low", "ci95_high", "n"])


_OPEN = re.compile(r"^(>=|<=)\s*(-?\d+(?:\.\d+)?)$")


def numeric_buckets(df: pd.DataFrame) -> pd.DataFrame:
    """Tidy a table whose key column mixes numbers with an open-ended bucket label
    (``">=64"``, ``"<=-10"``): the column becomes numeric (the bucket's bound) and a
    boolean column ``<key>_overflow`` follows it, true where the row holds that bound and
    everything beyond it (above for ``>=``, below for ``<=``). Other columns are kept."""
    out = df
    for col in list(df.columns):
        if df[col].dtype != object or len(df) == 0:
            continue
        values, flags = [], []
        for v in df[col]:
            m = _OPEN.match(v) if isinstance(v, str) else None
            if m:
                values.append(float(m.group(2)))
                flags.append(True)
            elif isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool):
                values.append(float(v))
                flags.append(False)
            else:
                break
        else:
            if not any(flags):
                continue
            if out is df:
                out = df.copy()
            num = np.array(values)
            pos = list(out.columns).index(col)
            out[col] = num.astype(np.int64) if np.all(num == np.round(num)) else num
            out.insert(pos + 1, f"{col}_overflow", flags)
    return out


def seat_records(hist, value: str, seats, *, lowest: int = 0, columns: dict | None = None) -> pd.DataFrame:
    """The trick games' per-deal tables (``tables.points``, ``tables.tricks``): records
    ``seat``, ``value``, ``count`` from a histogram ``hist[seat, v - lowest]`` (``lowest``
    is the value of bin 0, negative for penalty points), empty bins left out; ``columns``
    adds constant columns first (King's ``contract``)."""
    hist = np.asarray(hist, dtype=np.int64)
    if hist.ndim != 2 or hist.shape[0] != len(seats):
        raise ValueError(f"seat_records needs hist[seat, value] with {len(seats)} seats, got shape {hist.shape}")
    lead = dict(columns or {})
    rows = [{**lead, "seat": name, value: i + lowest, "count": int(c)}
            for name, row in zip(seats, hist) for i, c in enumerate(row) if c]
    return pd.DataFrame(rows, columns=[*lead, "seat", value, "count"])
