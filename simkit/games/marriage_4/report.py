"""What Marriage for four's report measures (GAMES.md G13 "Report").

The headline is ``claim_exact_rate``: the share of deals stopped by a claim at exactly 101
(3 games, 002:21), the figure GAMES.md names as strategic. Beside it: the outcome of each
deal (``outcome_rate.<kind>``: claims at exactly 101, over 101, short of it (the yan, 12
games lost), deals played out with a side at exactly 101 or over, void deals), the yan
rate among claims (claim accuracy), marriages declared per deal and the share of deals
with one, the chance a seat (nine cards) or a side (eighteen) is dealt a marriage, tricks
per deal, the eldest's side's net games per deal (the seat effect); per unit (a deal, or
deals until one is decided with ``unit=game``): win rate and net games per side and per
policy, deals per unit. ``tables.points`` / ``tables.tricks`` (seat, points | tricks,
count) count each seat's points (cards taken and marriages declared) and tricks per deal;
``tables.outcomes`` (outcome, side, deals, units) the outcomes.
"""
import numpy as np
import pandas as pd

from simkit.games.marriage_4 import nb
from simkit.policies.seated import policy_groups
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table, seat_records

SIDES = ("ns", "ew")
KINDS = ("claim_exact", "claim_over", "yan", "out_exact", "out_over", "void")
GAMES = (3, 1, 12, 3, 1, 0)

#: the headline's definition, as the study states it
HEADLINE_DOC = ("claim_exact_rate: the share of deals stopped by a claim at exactly 101 points, worth 3 games "
                "(GAMES.md G13 Report: frequency of exact-101 stops)")


def metrics(stats, rules, policies) -> dict:
    kinds = stats["deal_kind"]
    deals = int(kinds.sum())
    out = {"claim_exact_rate": proportion_estimate(int(kinds[nb.K_EXACT].sum()), deals)}
    for k, name in enumerate(KINDS):
        out[f"outcome_rate.{name}"] = proportion_estimate(int(kinds[k].sum()), deals)
    claims = int(kinds[:nb.K_YAN + 1].sum())
    out["yan_rate"] = proportion_estimate(int(kinds[nb.K_YAN].sum()), deals)
    out["yan_per_claim"] = proportion_estimate(int(kinds[nb.K_YAN].sum()), claims)
    for s, name in enumerate(SIDES):          # a yan is counted for the side that wins it, the other one
        out[f"claim_exact_rate.{name}"] = proportion_estimate(int(kinds[nb.K_EXACT, s]), deals)
        out[f"yan_rate.{name}"] = proportion_estimate(int(kinds[nb.K_YAN, 1 - s]), deals)
    mar = stats["marriages"]
    out["marriages_per_deal"] = counts_mean(mar, np.arange(len(mar)))
    out["marriage_deal_rate"] = proportion_estimate(int(mar[1:].sum()), deals)
    held = stats["held"]
    out["marriage_dealt.seat"] = proportion_estimate(int(held[0]), 4 * deals)
    out["marriage_dealt.side"] = proportion_estimate(int(held[1]), 2 * deals)
    out["tricks_per_deal"] = mean_estimate(stats["deal_len"][0])
    out["eldest_net_games"] = mean_estimate(stats["eldest_mom"][0])
    for s, name in enumerate(SIDES):
        out[f"win_rate.{name}"] = rate_estimate(stats["side_win"][s], scale=nb.WIN_SCALE)
        out[f"net_games.{name}"] = mean_estimate(stats["side_games"][s])
    groups, names = policy_groups(policies, 4)
    if len(names) > 1:
        for g, name in enumerate(names):
            out[f"win_rate.policy{g}"] = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * groups.count(g))
    if rules.unit == "game":
        out["deals_per_unit"] = mean_estimate(stats["unit_len"][0])
        c = stats["counters"]
        out["undecided_unit_rate"] = proportion_estimate(int(c[2]), int(c[1]))
    return out


def tables(stats, rules, policies) -> dict:
    seats = list(range(4))
    out = {"points": seat_records(stats["points"], "points", seats),
           "tricks": seat_records(stats["tricks"], "tricks", seats)}
    rows = []
    for k, name in enumerate(KINDS):
        for s, side in enumerate(SIDES):
            if k == nb.K_VOID and s:
                continue
            rows.append({"outcome": name, "games": GAMES[k], "side": "-" if k == nb.K_VOID else side,
                         "deals": int(stats["deal_kind"][k, s]), "units": int(stats["unit_kind"][k, s])})
    out["outcomes"] = pd.DataFrame(rows)
    mar = stats["marriages"]
    out["marriages"] = distribution_table(mar, np.arange(len(mar)), name="marriages")
    cp = stats["claim_pts"]
    top = int(np.flatnonzero(cp)[-1]) + 1 if cp.any() else 1
    out["claim_points"] = distribution_table(cp[:top], np.arange(top), name="points")
    groups, names = policy_groups(policies, 4)
    rows = []
    for g, name in enumerate(names):
        m = groups.count(g)
        w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * m)
        ng = mean_estimate(stats["group_mom"][len(names) + g], scale=m)
        rows.append({"policy": name, "seats": m, "units": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                     "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "net_games": ng.value,
                     "net_games_stderr": ng.stderr})
    out["by_policy"] = pd.DataFrame(rows)
    rows = []
    for s, name in enumerate(SIDES):
        w = rate_estimate(stats["side_win"][s], scale=nb.WIN_SCALE)
        ng = mean_estimate(stats["side_games"][s])
        rows.append({"side": name, "seats": f"{s} and {s + 2}", "units": w.n, "win_rate": w.value,
                     "win_stderr": w.stderr, "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1],
                     "net_games": ng.value, "net_games_stderr": ng.stderr})
    out["by_side"] = pd.DataFrame(rows)
    return out
