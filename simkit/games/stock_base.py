"""The Python side the two-hand stock games share (Sixty-six, two-hand Marriage; kernels
in :mod:`simkit.games.stock`): units and deals, and the win tables of their reports, read
from statistics both keep alike (``counters[0]`` = deals, ``wins[seat]`` and ``wins[2]``
= units won and drawn, ``group_wins[g, k]`` = units where k seats of policy group g won,
``pts_hist`` and ``trick_hist`` per seat and deal)."""
import numpy as np
import pandas as pd

from simkit.games.tricks_base import TrickGame
from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import proportion_estimate
from simkit.reports.tables import seat_records


class StockGame(TrickGame):
    """A two-hand stock game on the engine: the unit is a game or one deal (rule ``unit``)."""

    hands_word = "units"




def win_metrics(stats) -> dict:
    """``win_rate.seat0``, ``win_rate.seat1``: the share of units each seat won."""
    units = int(stats["wins"].sum())
    return {f"win_rate.seat{s}": proportion_estimate(int(stats["wins"][s]), units) for s in range(2)}


def seat_tables(stats, policies) -> dict:
    """``points`` and ``tricks`` per seat and deal (``seat_records``), and the win rate
    per seat (``wins_by_seat``) and per policy (``wins_by_policy``) with intervals."""
    out = {"points": seat_records(stats["pts_hist"], "points", [0, 1]),
           "tricks": seat_records(stats["trick_hist"], "tricks", [0, 1])}
    labels = seat_labels(policies, 2)
    wins = win_metrics(stats)
    rows = []
    for s in range(2):
        e = wins[f"win_rate.seat{s}"]
        rows.append({"seat": s, "policy": labels[s], "units": e.n, "win_rate": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["wins_by_seat"] = pd.DataFrame(rows)
    groups, names = policy_groups(policies, 2)
    rows = []
    for g, name in enumerate(names):
        m = groups.count(g)
        e = counts_mean(stats["group_wins"][g], np.arange(3), scale=m)
        rows.append({"policy": name, "seats": m, "units": e.n, "win_rate": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["wins_by_policy"] = pd.DataFrame(rows)
    return out
