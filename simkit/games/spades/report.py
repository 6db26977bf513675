"""What Spades' report measures (GAMES.md G07 "Report").

The headline is GAMES.md's first bid-accuracy figure, ``contract_made_rate``: the share of
partnership contracts (the sum of the non-nil partners' bids) that the side makes, taking
at least that many tricks (:data:`HEADLINE_DOC`). Beside it: ``contract_exact_rate``, the
share taking exactly the contract (the default bidder aims at points, not at exact hits:
without a bag penalty an overtrick is nearly free, so it bids low on purpose), mean
overtricks, per side (``ns`` = seats 0 and 2, ``ew`` = seats 1 and 3); each seat's own bid
accuracy (``bid_accuracy.seat<s>``: the share of its bids, nil included, that took exactly
the tricks bid); nil, double-nil and both-nil success; individual bids by seat, bidding
position and policy; points per deal and the dealer's side edge; over whole games, win
rate to the target, final scores and game length.
"""
import numpy as np
import pandas as pd

from simkit.games.spades import nb
from simkit.policies.seated import policy_groups
from simkit.reports.bidding import accuracy_table, bid_accuracy, counts_mean, joint_records
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate

SIDES = ("ns", "ew")

#: the headline's definition, as the study states it
HEADLINE_DOC = ("contract_made_rate: the share of partnership contracts (sum of the non-nil partners' bids) "
                "made, i.e. the side took at least the tricks contracted (GAMES.md G07 Report: bid accuracy, "
                "contract made %)")


def _made(joint):
    """(made, total) contracts of ``joint[..., contract, tricks]``."""
    j = np.asarray(joint).reshape(-1, *joint.shape[-2:]).sum(axis=0)
    c = np.arange(j.shape[0])[:, None]
    t = np.arange(j.shape[1])[None, :]
    return int(j[t >= c].sum()), int(j.sum())


def _overtricks(joint):
    j = np.asarray(joint).reshape(-1, *joint.shape[-2:]).sum(axis=0)
    c = np.arange(j.shape[0])[:, None]
    t = np.arange(j.shape[1])[None, :]
    return counts_mean(np.where(t >= c, j, 0), np.broadcast_to(t - c, j.shape))


def metrics(stats, rules, policies) -> dict:
    side = stats["side_joint"]
    made, n = _made(side)
    out = {"contract_made_rate": proportion_estimate(made, n), "contract_exact_rate": bid_accuracy(side)}
    out["mean_overtricks"] = _overtricks(side)
    for s, name in enumerate(SIDES):
        made, n = _made(side[s])
        out[f"contract_made_rate.{name}"] = proportion_estimate(made, n)
        out[f"contract_exact_rate.{name}"] = bid_accuracy(side[s])
    seat = stats["seat_joint"]
    for s in range(4):
        out[f"bid_accuracy.seat{s}"] = bid_accuracy(seat[s])
    nil = stats["nil_stats"].sum(axis=0)              # [double, failed]
    out["nil_success_rate"] = proportion_estimate(int(nil[0, 0]), int(nil[0].sum()))
    if nil[1].sum():
        out["double_nil_success_rate"] = proportion_estimate(int(nil[1, 0]), int(nil[1].sum()))
    both = stats["both_nil"]
    if both.sum():
        out["both_nil_success_rate"] = proportion_estimate(int(both[0]), int(both.sum()))
    for s, name in enumerate(SIDES):
        out[f"points_per_deal.{name}"] = mean_estimate(stats["side_pts"][s])
    out["dealer_edge"] = mean_estimate(stats["dealer_mom"][0])
    if rules.unit == "game":
        for s, name in enumerate(SIDES):
            out[f"win_rate.{name}"] = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
        for s, name in enumerate(SIDES):
            out[f"score.{name}"] = mean_estimate(stats["game_score"][s])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
        c = stats["counters"]
        out["unfinished_game_rate"] = proportion_estimate(int(c[3]), int(c[2]))
    return out


def tables(stats, rules, policies) -> dict:
    side = stats["side_joint"]
    seat = stats["seat_joint"]
    groups, names = policy_groups(policies, 4)
    by_group = np.zeros((len(names),) + seat.shape[1:], np.int64)
    for s, g in enumerate(groups):
        by_group[g] += seat[s]
    per_contract = np.zeros((side.shape[1],) + side.shape[1:], np.int64)
    total = side.sum(axis=0)
    for c in range(side.shape[1]):
        per_contract[c, c] = total[c]
    out = {
        "contracts": joint_records(side, ("side", "contract", "tricks"), keep=lambda i: side[i] > 0),
        "bids": joint_records(seat, ("seat", "bid", "tricks"), keep=lambda i: seat[i] > 0),
        "accuracy_by_side": accuracy_table(side, "side", SIDES),
        "accuracy_by_contract": accuracy_table(per_contract, "contract", range(side.shape[1])),
        "accuracy_by_seat": accuracy_table(seat, "seat", range(4), extra={"side": [SIDES[s & 1] for s in range(4)]}),
        "accuracy_by_position": accuracy_table(stats["pos_joint"], "position", range(1, 5)),
        "accuracy_by_policy": accuracy_table(by_group, "policy", names,
                                             extra={"seats": [groups.count(g) for g in range(len(names))]}),
    }
    out["contracts"]["side"] = [SIDES[i] for i in out["contracts"]["side"]]
    rows = []
    nil = stats["nil_stats"]
    for s in range(4):
        for kind, label in ((0, "nil"), (1, "double nil")):
            n = int(nil[s, kind].sum())
            if n:
                e = proportion_estimate(int(nil[s, kind, 0]), n)
                rows.append({"seat": s, "bid": label, "bids": n, "made": int(nil[s, kind, 0]), "success_rate": e.value,
                             "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["nil"] = pd.DataFrame(rows, columns=["seat", "bid", "bids", "made", "success_rate", "ci95_low", "ci95_high"])
    if rules.unit == "game":
        rows = []
        for s, name in enumerate(SIDES):
            w = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
            sc = mean_estimate(stats["game_score"][s])
            rows.append({"side": name, "seats": f"{s} and {s + 2}", "games": w.n, "win_rate": w.value,
                         "win_stderr": w.stderr, "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1],
                         "mean_final_score": sc.value, "score_stderr": sc.stderr})
        out["games_by_side"] = pd.DataFrame(rows)
        rows = []
        for g, name in enumerate(names):
            m = groups.count(g)
            w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * m)
            rows.append({"policy": name, "seats": m, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1]})
        out["games_by_policy"] = pd.DataFrame(rows)
    return out
