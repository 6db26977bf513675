"""What Semerik's report measures (GAMES.md G01 "Report").

Over whole games (``unit=game``): each side's win rate (``ns`` = seats 0 and 2, ``ew`` =
seats 1 and 3; a seat's win rate is its side's), the first dealer's side's, each policy's
(``tables.games_by_policy``), doubled games (000:31: the losers under 11), the stake per
game (+-1, +-2 doubled), final scores and game length. Per deal: each hand's declaration
points right after the deal (``tables.declarations``: ``points``, ``count``, every dealt
hand) and a side's; for finished deals (all ten tricks played, always with ``unit=deal``)
the points each seat's tricks scored (``tables.points``: counters per trick or pooled,
the last-trick option and the all-ten bonus, credited to the seat that won the trick) and
its tricks (``tables.tricks``), the side's deal points, the counters it took, the dealer's
side's edge and how often one side takes all ten tricks.
"""
import numpy as np
import pandas as pd

from simkit.games.semerik import nb
from simkit.policies.seated import policy_groups
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table, seat_records

SIDES = ("ns", "ew")

HEADLINE_DOC = ("win_rate.ns: the share of games to 21 won by seats 0 and 2 (the first dealer's side by default; "
                "a draw counts half); with unit=deal the share of deals in which they score more (declarations and "
                "tricks; equal counts half) (GAMES.md G01 Report: win rate per partnership)")


def _estimate_columns(e, prefix) -> dict:
    return {f"{prefix}": e.value, f"{prefix}_stderr": e.stderr, f"{prefix}_ci95_low": e.ci95[0],
            f"{prefix}_ci95_high": e.ci95[1]}


def metrics(stats, rules, policies) -> dict:
    c = stats["counters"]
    out = {}
    if rules.unit == "game":
        for s, name in enumerate(SIDES):
            out[f"win_rate.{name}"] = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
        out["win_rate.first_dealer_side"] = rate_estimate(stats["dealer_win"][0], scale=nb.WIN_SCALE)
        for s, name in enumerate(SIDES):
            out[f"stake.{name}"] = mean_estimate(stats["game_stake"][s])
        out["doubled_game_rate"] = proportion_estimate(int(c[4]), int(c[2]))
        out["declaration_win_rate"] = proportion_estimate(int(c[6]), int(c[2]))
        for s, name in enumerate(SIDES):
            out[f"score.{name}"] = mean_estimate(stats["game_score"][s])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
        out["unfinished_game_rate"] = proportion_estimate(int(c[3]), int(c[2]))
    else:
        out["win_rate.ns"] = rate_estimate(stats["deal_win"][0], scale=nb.WIN_SCALE)
    by_seat = stats["decl_hist"]
    hist = by_seat.sum(axis=0)
    out["declaration_points"] = _hist_mean(hist)
    out["declaration_zero_rate"] = proportion_estimate(int(hist[0]), int(hist.sum()))
    for s in range(4):                  # one hand per deal: independent across deals
        out[f"declaration_zero_rate.seat{s}"] = proportion_estimate(int(by_seat[s, 0]), int(by_seat[s].sum()))
    for s, name in enumerate(SIDES):
        out[f"declarations_per_deal.{name}"] = mean_estimate(stats["side_decl"][s])
    if c[1]:
        for s, name in enumerate(SIDES):
            out[f"points_per_deal.{name}"] = mean_estimate(stats["side_pts"][s])
        for s, name in enumerate(SIDES):
            out[f"counters_per_deal.{name}"] = mean_estimate(stats["counters_mom"][s])
        out["trick_points_per_seat"] = _hist_mean(stats["pts_hist"].sum(axis=0))
        out["dealer_edge"] = mean_estimate(stats["dealer_mom"][0])
        out["all_tricks_rate"] = proportion_estimate(int(c[5]), int(c[1]))
    return out


def _hist_mean(hist):
    hist = np.asarray(hist, np.int64)
    return counts_mean(hist, np.arange(len(hist)))


def tables(stats, rules, policies) -> dict:
    decl = stats["decl_hist"].sum(axis=0)
    rows = [{"points": p, "count": int(n)} for p, n in enumerate(decl) if n]
    out = {"declarations": pd.DataFrame(rows, columns=["points", "count"]),
           "declaration_distribution": distribution_table(decl, name="points").query("count > 0")
           .reset_index(drop=True)}
    if rules.unit == "deal":
        out["points"] = seat_records(stats["pts_hist"], "points", range(4))
        out["tricks"] = seat_records(stats["tricks_hist"], "tricks", range(4))
    if rules.unit == "game":
        groups, names = policy_groups(policies, 4)
        rows = []
        for s, name in enumerate(SIDES):
            w = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
            st = mean_estimate(stats["game_stake"][s])
            row: dict = {"side": name, "seats": f"{s} and {s + 2}", "games": w.n}
            rows.append({**row, **_estimate_columns(w, "win_rate"), **_estimate_columns(st, "stake")})
        out["games_by_side"] = pd.DataFrame(rows)
        rows = []
        for g, name in enumerate(names):
            m = groups.count(g)
            w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * m)
            rows.append({"policy": name, "seats": m, "games": w.n, **_estimate_columns(w, "win_rate")})
        out["games_by_policy"] = pd.DataFrame(rows)
    return out
