"""Report pieces shared by the card-point trick games played each for himself (Kozel,
Kerosinka): the per-deal ``tables.points`` and ``tables.tricks``, win rates per seat and
per policy from win-share moments, and the share of followers' cards that were forced
trumps."""
import pandas as pd

from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.estimates import rate_estimate
from simkit.reports.tables import seat_records

POSITIONS = ("dealer", "left", "across", "right")


def deal_tables(stats, seats: int = 4) -> dict:
    """``points`` (seat, points, count: card points a seat took in one deal) and
    ``tricks`` (seat, tricks, count) from ``points_hist`` and ``tricks_hist``."""
    return {"points": seat_records(stats["points_hist"], "points", range(seats)),
            "tricks": seat_records(stats["tricks_hist"], "tricks", range(seats))}


def _win_row(est, **lead):
    return {**lead, "units": est.n, "win_rate": est.value, "win_stderr": est.stderr, "win_ci95_low": est.ci95[0],
            "win_ci95_high": est.ci95[1]}


def seat_win_table(seat_win, policies, scale: int, seats: int = 4) -> pd.DataFrame:
    """Win rate per seat (with its policy) from moment rows of win shares (x ``scale``)."""
    labels = seat_labels(policies, seats)
    return pd.DataFrame([_win_row(rate_estimate(seat_win[s], scale=scale), seat=s, policy=labels[s])
                         for s in range(seats)])


def policy_win_table(group_win, policies, scale: int, seats: int = 4) -> pd.DataFrame:
    """Win rate per policy group (a seat's share: the group's summed win shares, x
    ``scale``, over its seats)."""
    groups, names = policy_groups(policies, seats)
    rows = []
    for g, name in enumerate(names):
        m = groups.count(g)
        rows.append(_win_row(rate_estimate(group_win[g], scale=scale * m), policy=name, seats=m))
    return pd.DataFrame(rows)
