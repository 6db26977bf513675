"""Thousand: how far under a hand's value should one name the contract?

Every seat bids the heuristic (the hand's value: a model of the mean points it takes as
declarer, :func:`simkit.games.thousand.heuristic.hand_value_nb`); the contract is the
value less ``margin``, at least the bid (the auction's own margins, ``bid_margin`` and
``bid_margin_2``, stay at their defaults). A sweep over the margin (common random numbers:
every point plays the same deals) gives, per single deal, the contract success rate (made
/ all contracts), the failure and concession rates, the mean contract and the declarer's
mean margin over it; games to 1001 with seat 0 alone naming contracts at the margin (the
others at the default) give seat 0's win rate.

    python experiments/thousand_bid_margin.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

MARGINS = [-20, 0, 10, 20, 30, 40, 60, 80]


#: legend names of the rates drawn
NAMES = {"contract_made_rate": "made", "contract_failed_rate": "failed", "concede_rate": "conceded"}


def main():
    exp = Experiment("thousand_bid_margin", "Contract margin against contract success in Thousand",
                     default_hands=60_000)
    a = exp.parse()
    games_n = max(1, a.hands // 30)
    with exp.output({"hands": a.hands, "seed": a.seed, "margins": MARGINS}):
        deals = simkit.sweep("thousand", {"bid": [f"heuristic:margin={m}" for m in MARGINS]}, a.hands, seed=a.seed,
                             rules={"unit": "deal"}, n_jobs=a.jobs)
        deals.insert(0, "margin", MARGINS)
        exp.table(deals, "margin_sweep_deals")
        games = simkit.sweep("thousand", {"bid": [f"heuristic:margin={m}|heuristic|heuristic" for m in MARGINS]},
                             games_n, seed=a.seed, n_jobs=a.jobs)
        games.insert(0, "margin", MARGINS)
        exp.table(games, "margin_sweep_games")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        for ax, df, metrics, title in (
                (axes[0], deals, ("contract_made_rate", "contract_failed_rate", "concede_rate"),
                 "contracts made / failed / conceded"),
                (axes[1], deals, ("mean_margin",), "declarer's points minus contract"),
                (axes[2], games, ("win_rate.seat0",), "seat 0's win rate, games to 1001")):
            for metric in metrics:
                ax.plot(df["margin"], df[metric], marker="o", label=NAMES.get(metric, metric))
                ax.fill_between(df["margin"], df[f"{metric}_ci95_low"], df[f"{metric}_ci95_high"], alpha=0.25)
            ax.set_xlabel("contract margin (points under the hand's value)")
            ax.set_title(title, fontsize=10)
            ax.set_ylabel({"contract_made_rate": "share of contracts", "mean_margin": "points per contract",
                           "win_rate.seat0": "win rate (share of games)"}[metrics[0]])
            if len(metrics) > 1:
                place_legend(ax, fontsize=7)
        fig.suptitle("Thousand (1001): heuristic declarers name the hand's value less the margin")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"thousand | {a.hands:,} single deals (all seats at the margin) and {games_n:,} games "
                              f"(seat 0 alone) per point, the same deals at every point | 95% intervals | seed "
                              f"{a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "margin_sweep")
        plt.close("all")
        print(deals[["margin", "contract_made_rate", "contract_made_rate_stderr", "concede_rate", "mean_contract",
                     "mean_margin"]].to_string(index=False))
        print(games[["margin", "win_rate.seat0", "win_rate.seat0_stderr", "deals_per_game"]].to_string(index=False))


if __name__ == "__main__":
    main()
