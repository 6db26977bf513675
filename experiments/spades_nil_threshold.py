"""Spades: when should a hand bid nil?

North-South bid with the nil policy (the heuristic, but nil when the hand's expected
tricks are at most ``threshold``); East-West bid the heuristic and never nil; everyone
plays the partnership heuristic (covering a partner's nil, feeding an opponent's nil).
A sweep over the threshold (common random numbers: every point plays the same deals)
gives, per single deal, North-South's points minus East-West's, how often N-S bid nil and
how often a nil is made; games to 500 give N-S's win rate for the same thresholds. In
single deals seat 0 (N-S) always deals, so threshold 0 (never nil) is the baseline.

    python experiments/spades_nil_threshold.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

THRESHOLDS = [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]


def seats(threshold):
    return f"nil:threshold={threshold}|heuristic|nil:threshold={threshold}|heuristic"


def main():
    exp = Experiment("spades_nil_threshold", "Nil-bid threshold sweep in Spades", default_hands=100_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "thresholds": THRESHOLDS}):
        deals = simkit.sweep("spades", {"bid": [seats(t) for t in THRESHOLDS]}, a.hands, seed=a.seed,
                             rules={"unit": "deal"}, n_jobs=a.jobs)
        deals.insert(0, "threshold", THRESHOLDS)
        deals["ns_minus_ew"] = deals["points_per_deal.ns"] - deals["points_per_deal.ew"]
        # the two sides' points per deal come from the same deals: a conservative stderr
        deals["ns_minus_ew_stderr"] = np.hypot(deals["points_per_deal.ns_stderr"], deals["points_per_deal.ew_stderr"])
        deals["ns_minus_ew_ci95_low"] = deals["ns_minus_ew"] - 1.96 * deals["ns_minus_ew_stderr"]
        deals["ns_minus_ew_ci95_high"] = deals["ns_minus_ew"] + 1.96 * deals["ns_minus_ew_stderr"]
        deals["nil_bids_per_deal"] = deals["nil_success_rate_n"] / deals["points_per_deal.ns_n"]
        exp.table(deals, "threshold_sweep_deals")

        games = simkit.sweep("spades", {"bid": [seats(t) for t in THRESHOLDS]}, max(1, a.hands // 20), seed=a.seed,
                             n_jobs=a.jobs)
        games.insert(0, "threshold", THRESHOLDS)
        exp.table(games, "threshold_sweep_games")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        for ax, df, metric, title in ((axes[0], deals, "ns_minus_ew", "N-S minus E-W points per deal"),
                                      (axes[1], deals, "nil_success_rate", "share of N-S nil bids made"),
                                      (axes[2], games, "win_rate.ns", "N-S win rate, games to 500")):
            ax.plot(df["threshold"], df[metric], marker="o")
            ax.fill_between(df["threshold"], df[f"{metric}_ci95_low"], df[f"{metric}_ci95_high"], alpha=0.25)
            ax.set_xlabel("nil threshold (expected tricks)")
            ax.set_title(title, fontsize=10)
            ax.set_ylabel({"ns_minus_ew": "points per deal", "nil_success_rate": "share of nil bids",
                           "win_rate.ns": "win rate (share of games)"}[metric])
        fig.suptitle("Spades: N-S bid nil when their expected tricks are at most the threshold; E-W never do")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"spades | {a.hands:,} single deals and {max(1, a.hands // 20):,} games per point, "
                              f"the same deals at every point (dealer: seat 0, N-S, in single deals) | 95% intervals "
                              f"| seed {a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "threshold_sweep")
        plt.close("all")
        print(deals[["threshold", "ns_minus_ew", "ns_minus_ew_stderr", "nil_bids_per_deal", "nil_success_rate",
                     "nil_success_rate_stderr"]].to_string(index=False))
        print(games[["threshold", "win_rate.ns", "win_rate.ns_stderr", "deals_per_game"]].to_string(index=False))


if __name__ == "__main__":
    main()
