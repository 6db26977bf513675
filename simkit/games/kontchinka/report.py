"""What Kontchinka's report measures (GAMES.md G04 "Report").

Per scorer (a seat, or a side with partnerships): points per completed deal by category
(most cards, most point-suit cards, kontchinki; sweeps, captures that leave the table
empty, are counted but score nothing in the text), the distribution of points per deal
(``tables.points``: ``seat``, ``points``, ``count``); over whole games: the win rate to
the target per seat and per policy with intervals, final scores, the settlement payoff
and the game length; the share of first tables the dealer had to clean up. The headline,
``dealer_edge``: the dealer's points per completed deal minus the other scorers' mean
(positive: dealing pays); ``points_per_deal`` (all scorers together) is fixed by the
rules (exactly 5 in variant а, at most 5 in б) and is a check.
"""
import numpy as np
import pandas as pd

from simkit.games.kontchinka import nb
from simkit.policies.seated import policy_groups
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table

CATEGORIES = ("cards", "point_suit", "kontchinki", "total", "sweeps")

HEADLINE_DOC = ("dealer_edge: the dealer's points per completed deal minus the mean of the other scorers' (positive: "
                "dealing pays; the dealer plays last in every round and the last capturer takes the table's "
                "rest, 000:167); points_per_deal, all scorers' together, is fixed by the rules (5 in variant a, "
                "at most 5 in b) and kept as a check")


def scorer_names(rules) -> list:
    if rules.partnership:
        return ["side02", "side13"]
    return [f"seat{s}" for s in range(rules.players)]


def metrics(stats, rules, policies) -> dict:
    dp = stats["deal_pts"]
    names = scorer_names(rules)
    m = len(names)
    out = {"dealer_edge": mean_estimate(dp[nb.DP_DEALER], scale=max(1, m - 1)),
           "points_per_deal": mean_estimate(dp[nb.DP_AWARDED])}
    c = stats["counters"]
    if rules.unit == "game":
        for s, name in enumerate(names):
            out[f"win_rate.{name}"] = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
        for s, name in enumerate(names):
            out[f"payoff.{name}"] = mean_estimate(stats["payoff"][s], scale=nb.WIN_SCALE)
        for s, name in enumerate(names):
            out[f"score.{name}"] = mean_estimate(stats["game_score"][s])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
        out["mid_deal_end_rate"] = proportion_estimate(int(c[nb.C_MID_END]), int(c[nb.C_GAMES]))
        out["shared_win_rate"] = proportion_estimate(int(c[nb.C_SHARED]), int(c[nb.C_GAMES]))
        out["unfinished_game_rate"] = proportion_estimate(int(c[nb.C_UNFINISHED]), int(c[nb.C_GAMES]))
    for s, name in enumerate(names):
        for k, cat in enumerate(CATEGORIES):
            label = "sweeps_per_deal" if cat == "sweeps" else ("points_per_deal" if cat == "total" else
                                                                f"{cat}_points_per_deal")
            out[f"{label}.{name}"] = mean_estimate(dp[s * nb.N_CAT + k])
    if rules.cleans:
        out["cleanup_rate"] = proportion_estimate(int(c[nb.C_CLEANED]), int(c[nb.C_FIRST_TABLES]))
    return out


def tables(stats, rules, policies) -> dict:
    names = scorer_names(rules)
    dp = stats["deal_pts"]
    rows = []
    for s, name in enumerate(names):
        for p in range(nb.N_HIST):
            if stats["pts_hist"][s, p]:
                rows.append({"seat": name, "points": p, "count": int(stats["pts_hist"][s, p])})
    out = {"points": pd.DataFrame(rows, columns=["seat", "points", "count"])}
    rows = []
    for s, name in enumerate(names):
        for k, cat in enumerate(CATEGORIES):
            e = mean_estimate(dp[s * nb.N_CAT + k])
            rows.append({"seat": name, "category": cat, "deals": e.n, "mean": e.value, "stderr": e.stderr,
                         "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["points_by_category"] = pd.DataFrame(rows)
    if rules.unit == "game":
        rows = []
        for s, name in enumerate(names):
            w = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
            sc = mean_estimate(stats["game_score"][s])
            pay = mean_estimate(stats["payoff"][s], scale=nb.WIN_SCALE)
            rows.append({"seat": name, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_final_score": sc.value,
                         "payoff": pay.value, "payoff_stderr": pay.stderr})
        out["games_by_seat"] = pd.DataFrame(rows)
        groups, gnames = policy_groups(policies, rules.players)
        rows = []
        for g, name in enumerate(gnames):
            k = groups.count(g)
            w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * k)
            rows.append({"policy": name, "seats": k, "games": w.n, "win_rate": w.value,
                         "win_stderr": w.stderr, "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1]})
        out["games_by_policy"] = pd.DataFrame(rows)
        out["game_length"] = distribution_table(stats["len_hist"][1:], np.arange(1, nb.N_LEN), name="deals",
                                                open_top=True)
    return out
