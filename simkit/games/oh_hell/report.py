"""What Oh Hell's report measures (GAMES.md G09 "Report").

Bid accuracy (exact hits / bids) overall and by hand size, by position in the bidding
order (the dealer last), by seat, by bid value and by policy; over- and under-bids; how
often the table's total is over, under or equal to the cards in hand; points per deal by
position and the dealer's edge (the value of bidding last); how often the hook rule
bound the dealer; over whole games, final score and win rate per seat and per policy.
``tables["tricks"]`` (seat, cards, tricks, count) and ``tables["bids"]`` (cards, bid,
tricks, count) are the raw counts behind them.
"""
import numpy as np
import pandas as pd

from simkit.games.oh_hell import nb
from simkit.reports.bidding import (accuracy_table, balance_table, bid_accuracy, counts_mean, joint_records,
                                    over_under)
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.tables import distribution_table


def points_values(shape, zero_bid: str) -> np.ndarray:
    """Points of each ``[cards, bid, tricks]`` cell (000 line 327)."""
    c = np.arange(shape[0])[:, None, None]
    b = np.arange(shape[1])[None, :, None]
    t = np.arange(shape[2])[None, None, :]
    zero = 5 + c if zero_bid == "five_plus_cards" else 10
    return np.where(b == t, np.where(b == 0, zero, 10 + b), 0) + 0 * c


def _by_bid(joint2) -> np.ndarray:
    """``joint2[bid, tricks]`` split into one slice per bid value."""
    out = np.zeros((joint2.shape[0],) + joint2.shape, np.int64)
    for b in range(joint2.shape[0]):
        out[b, b] = joint2[b]
    return out


def metrics(stats, rules, policies) -> dict:
    joint = stats["seat_joint"]
    P = rules.players
    out = {"bid_accuracy": bid_accuracy(joint)}
    out["over_rate"], out["under_rate"] = over_under(joint)
    tt = stats["table_total"].sum(axis=0)
    deals = int(tt.sum())
    out["table_over_rate"] = proportion_estimate(int(tt[0]), deals)
    out["table_under_rate"] = proportion_estimate(int(tt[1]), deals)
    out["table_equal_rate"] = proportion_estimate(int(tt[2]), deals)
    pos = stats["pos_joint"]
    out["bid_accuracy.first"] = bid_accuracy(pos[0])
    out["bid_accuracy.dealer"] = bid_accuracy(pos[P - 1])
    out["points_per_deal"] = counts_mean(joint.sum(axis=0), points_values(joint.shape[1:], rules.zero_bid))
    out["dealer_edge"] = mean_estimate(stats["deal_mom"][0], scale=P - 1)
    if rules.hook:
        out["hook_active_rate"] = proportion_estimate(int(stats["counters"][1]), int(stats["counters"][0]))
    if not rules.single_deal:
        for seat in range(P):
            out[f"win_rate.seat{seat}"] = rate_estimate(stats["game_win"][seat], scale=nb.WIN_SCALE)
        for seat in range(P):
            out[f"score.seat{seat}"] = mean_estimate(stats["game_score"][seat])
    return out


def tables(stats, rules, policies) -> dict:
    P = rules.players
    joint = stats["seat_joint"]                     # [seat, cards, bid, tricks]
    pos = stats["pos_joint"]
    kmax = joint.shape[1] - 1
    played = [k for k in range(1, kmax + 1) if joint[:, k].sum() > 0]
    per_cards = joint.sum(axis=0)                   # [cards, bid, tricks]
    tricks = joint.sum(axis=2)                      # [seat, cards, tricks]
    out = {
        "tricks": joint_records(tricks, ("seat", "cards", "tricks"),
                                keep=lambda i: i[1] in played and i[2] <= i[1]),
        "bids": joint_records(per_cards, ("cards", "bid", "tricks"),
                              keep=lambda i: i[0] in played and i[1] <= i[0] and i[2] <= i[0]),
        "accuracy_by_cards": accuracy_table(per_cards, "cards", range(kmax + 1)),
        "accuracy_by_position": accuracy_table(pos, "position", range(1, P + 1),
                                               extra={"dealer": [p == P - 1 for p in range(P)]}),
        "accuracy_by_seat": accuracy_table(joint, "seat", range(P)),
        "accuracy_by_bid": accuracy_table(_by_bid(per_cards.sum(axis=0)), "bid", range(kmax + 1)),
    }
    groups, names = policy_groups(policies, P)
    by_group = np.zeros((len(names),) + joint.shape[1:], np.int64)
    for seat, g in enumerate(groups):
        by_group[g] += joint[seat]
    out["accuracy_by_policy"] = accuracy_table(by_group, "policy", names,
                                               extra={"seats": [groups.count(g) for g in range(len(names))]})
    out["table_balance"] = balance_table(stats["table_total"], "cards", range(kmax + 1))
    values = points_values(joint.shape[1:], rules.zero_bid)
    rows = []
    for p in range(P):
        e = counts_mean(pos[p], values)
        rows.append({"position": p + 1, "dealer": p == P - 1, "deals": e.n, "points_per_deal": e.value,
                     "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["points_by_position"] = pd.DataFrame(rows)
    if not rules.single_deal:
        labels = seat_labels(policies, P)
        rows = []
        for seat in range(P):
            w = rate_estimate(stats["game_win"][seat], scale=nb.WIN_SCALE)
            s = mean_estimate(stats["game_score"][seat])
            rows.append({"seat": seat, "policy": labels[seat], "games": w.n, "win_rate": w.value,
                         "win_stderr": w.stderr, "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1],
                         "mean_score": s.value, "score_stderr": s.stderr})
        out["games_by_seat"] = pd.DataFrame(rows)
        gm = stats["group_mom"]
        rows = []
        for g, name in enumerate(names):
            m = groups.count(g)
            w = rate_estimate(gm[g], scale=nb.WIN_SCALE * m)
            s = mean_estimate(gm[len(names) + g], scale=m)
            rows.append({"policy": name, "seats": m, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_score": s.value,
                         "score_stderr": s.stderr})
        out["games_by_policy"] = pd.DataFrame(rows)
        hist = stats["score_hist"].sum(axis=0)
        top = int(np.flatnonzero(hist)[-1]) + 1 if hist.any() else 1
        out["final_scores"] = distribution_table(hist[:top], np.arange(top), name="score")
    return out
