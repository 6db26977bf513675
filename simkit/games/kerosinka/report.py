"""What Kerosinka's report measures (GAMES.md G17 "Report": win rate per seat, points per
deal, frequency of forced trumping).

The headline ``forced_trump_rate`` is the share of the followers' cards (27 a deal) that
were forced trumps: the follower held no card of the led card's rank nor of its suit,
the lead was not a trump and he held one (:data:`HEADLINE_DOC`). Beside it forced
trumps per deal, card points per deal by seat, by position (the eldest leads) and by
policy, how often the shown card is the 10♥; over whole games, win rate per seat and per
policy, final totals and game length. ``tables.points`` / ``tables.tricks`` count the
card points and tricks a seat took in one deal.
"""
import numpy as np
import pandas as pd

from simkit.games.kerosinka.nb import CARDS, PLAYERS, WIN_SCALE
from simkit.games.point_report import POSITIONS, deal_tables, policy_win_table, seat_win_table
from simkit.policies.seated import policy_groups
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate

FOLLOWS = (PLAYERS - 1) * CARDS

HEADLINE_DOC = ("forced_trump_rate: the share of followers' cards (27 a deal) played as forced trumps: no card of "
                "the led card's rank nor of its suit, the lead not a trump, a trump held (GAMES.md G17 Report; "
                "002:60 «Если нет карты того же достоинства или масти, обязательно класть козыря»)")


def metrics(stats, rules, policies) -> dict:
    out = {"forced_trump_rate": rate_estimate(stats["forced"][0], scale=FOLLOWS),
           "forced_trumps_per_deal": mean_estimate(stats["forced"][0])}
    ph = stats["points_hist"]
    for s in range(PLAYERS):
        out[f"points_per_deal.seat{s}"] = _hist_mean(ph[s])
    for p, name in enumerate(POSITIONS):
        out[f"points_per_deal.{name}"] = mean_estimate(stats["pos_pts"][p])
    c = stats["counters"]
    out["kerosinka_shown_rate"] = proportion_estimate(int(c[2]), int(c[0]))
    if rules.unit == "game":
        for s in range(PLAYERS):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["game_win"][s], scale=WIN_SCALE)
        for s in range(PLAYERS):
            out[f"score.seat{s}"] = mean_estimate(stats["game_score"][s])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
    return out


def _hist_mean(hist):
    return counts_mean(hist, np.arange(len(hist)))


def tables(stats, rules, policies) -> dict:
    out = deal_tables(stats)
    groups, names = policy_groups(policies, PLAYERS)
    rows = []
    for g, name in enumerate(names):
        m = groups.count(g)
        e = mean_estimate(stats["group_pts"][g], scale=m)
        rows.append({"policy": name, "seats": m, "deals": e.n, "points_per_deal": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["points_by_policy"] = pd.DataFrame(rows)
    pp = [mean_estimate(stats["pos_pts"][p]) for p in range(PLAYERS)]
    out["points_by_position"] = pd.DataFrame({"position": list(POSITIONS), "points_per_deal": [e.value for e in pp],
                                              "stderr": [e.stderr for e in pp], "deals": [e.n for e in pp]})
    if rules.unit == "game":
        out["games_by_seat"] = seat_win_table(stats["game_win"], policies, WIN_SCALE)
        out["games_by_policy"] = policy_win_table(stats["group_win"], policies, WIN_SCALE)
    return out
