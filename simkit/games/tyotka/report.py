"""What Tyotka's report measures (GAMES.md G16 "Report"; issue 12).

Per deal: each seat's penalty points (``tables.points``: ``seat``, ``points``, ``count``)
and tricks (``tables.tricks``); the mean penalty by position from the dealer (the
dealer's left leads) and by kind (queens, the photograph, the most tricks, the counting
trick); the dealer's edge (his penalties minus the others' mean, per deal: the headline);
where the counting trick fell. Per rubber (``unit=rubber`` or ``party``): its length in
deals, each seat's settlement (money: the full pairwise differences, 002:52) and the
settlement by position from the rubber's dealer; per unit: win rates per seat and per
policy (a rubber: the fewest penalties; a party: the most money over its four rubbers;
ties shared), and the share of units stopped by ``max_deals`` (``unfinished_party_rate``
or ``unfinished_rubber_rate``; zero in any setting near the text's).
"""
import numpy as np
import pandas as pd

from simkit.games.tyotka import nb
from simkit.games.penalty_games import unit_tables
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table, seat_records

HEADLINE_DOC = ("the dealer's penalty points per deal minus the mean of the other three seats' "
                "(positive: dealing costs)")
KIND_NAMES = ("queens", "photograph", "most_tricks", "counting_trick")


def metrics(stats, rules, policies) -> dict:
    out = {"dealer_edge": mean_estimate(stats["dealer_mom"][0], scale=3)}
    for s in range(4):
        out[f"penalty.seat{s}"] = mean_estimate(stats["pen_mom"][s])
    for p in range(4):
        out[f"penalty.position{p + 1}"] = mean_estimate(stats["pos_mom"][p])
    if rules.unit != "deal":
        out["rubber_length"] = mean_estimate(stats["rub_len"][0])
        for s in range(4):
            out[f"settlement.seat{s}"] = mean_estimate(stats["rub_settle"][s])
        out["settlement.dealer"] = mean_estimate(stats["rub_pos"][3])
        for s in range(4):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["unit_win"][s], scale=nb.WIN_SCALE)
        if rules.unit == "party":
            for s in range(4):
                out[f"party_settlement.seat{s}"] = mean_estimate(stats["unit_settle"][s])
        c = stats["counters"]
        out[f"unfinished_{rules.unit}_rate"] = proportion_estimate(int(c[4]), int(c[2]))
    return out


def _estimate_rows(moms, labels, key, extra=None):
    rows = []
    for i, label in enumerate(labels):
        e = mean_estimate(moms[i])
        rows.append({key: label, **(extra[i] if extra else {}), "n": e.n, "mean": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    return pd.DataFrame(rows)


def tables(stats, rules, policies) -> dict:
    seats = list(range(4))
    deals = int(stats["counters"][0])
    kinds = stats["kinds"]
    out = {
        "points": seat_records(stats["pen_hist"], "points", seats),
        "tricks": seat_records(stats["trick_hist"], "tricks", seats),
        "penalties_by_position": pd.concat(
            [_estimate_rows(stats["pos_mom"], [1, 2, 3, 4], "position",
                            [{"dealer": p == 3} for p in range(4)]),
             pd.DataFrame({f"{k}_per_deal": kinds[:, i] / max(deals, 1) for i, k in enumerate(KIND_NAMES)})],
            axis=1),
        "counting_trick": distribution_table(stats["count_hist"], np.arange(1, 14), name="trick"),
    }
    if rules.unit != "deal":
        lens = stats["len_hist"]
        used = np.flatnonzero(lens)
        lo, hi = (int(used[0]), int(used[-1]) + 1) if len(used) else (0, 1)
        out["rubber_length"] = distribution_table(lens[lo:hi], np.arange(lo, hi), name="deals")
        out["settlement_by_position"] = _estimate_rows(stats["rub_pos"], [1, 2, 3, 4], "position",
                                                       [{"dealer": p == 3} for p in range(4)])
        out.update(unit_tables(stats, policies, 4, "unit_win", "unit_settle", nb.WIN_SCALE, "units", "settlement"))
    return out
