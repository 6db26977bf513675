"""Kozel: how often does a half have a winner, under the three readings of the 61 rule?

A half deals four cards to each of four players: 60 card points on average, so the
literal rule (002:3 «Набравший 61 очко и более выигрывает партию») leaves most halves
without a winner (GAMES.md G11 ambiguity 1). For each reading (``literal_61``,
``scaled_majority``: more than half of the points in that half, ``most_points``: the
unique highest total) and for random and heuristic play: the share of decisive halves
and the dealer's share of the halves won (single deals, the same deals at every point);
then whole matches (the kozyol, 12 marks) with heuristic play: match length in deals and
the first dealer's win rate.

    python experiments/kozel_readings.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.reports.plots import set_wrapped_title  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

READINGS = ["literal_61", "scaled_majority", "most_points"]
PLAY = ["random", "heuristic"]


def main():
    exp = Experiment("kozel_readings", "Kozel's decisive halves under the three readings of the 61 rule",
                     default_hands=200_000)
    a = exp.parse()
    matches = max(10, a.hands // 200)
    with exp.output({"hands": a.hands, "seed": a.seed, "matches": matches}):
        deals = simkit.sweep("kozel", {"half_winner": READINGS, "play": PLAY}, a.hands, seed=a.seed,
                             rules={"unit": "deal"}, n_jobs=a.jobs)
        deals["dealer_share_of_wins"] = deals["half_win_rate.dealer"] / deals["decisive_half_rate"]
        exp.table(deals, "decisive_halves")
        games = simkit.sweep("kozel", {"half_winner": READINGS}, matches, seed=a.seed, policies="heuristic",
                             n_jobs=a.jobs)
        exp.table(games, "matches")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        x = np.arange(len(READINGS))
        for i, play in enumerate(PLAY):
            d = deals[deals["play"] == play]
            axes[0].bar(x + (i - 0.5) * 0.38, d["decisive_half_rate"], 0.38, label=f"{play} play",
                        yerr=1.96 * d["decisive_half_rate_stderr"], capsize=3)
            axes[1].bar(x + (i - 0.5) * 0.38, d["half_win_rate.dealer"] / d["decisive_half_rate"], 0.38,
                        label=f"{play} play")
        axes[1].axhline(0.25, color="0.4", lw=0.8, ls="--")
        # points, not bars: a bar's length means nothing on the log scale the panel needs
        axes[2].errorbar(x, games["match_deals"], yerr=1.96 * games["match_deals_stderr"], fmt="o", capsize=3,
                         color="C1")
        for ax, title, ylabel in ((axes[0], "share of halves with a winner", "share of halves"),
                                  (axes[1], "dealer's share of the halves won (dashed: 1/4; a ratio: no interval)",
                                   "share of the halves won"),
                                  (axes[2], "deals per match (12 marks), heuristic play", "deals per match (log scale)")):
            ax.set_xticks(x, READINGS)
            ax.set_xlabel("reading of the rule", fontsize=8)
            ax.set_ylabel(ylabel)
            set_wrapped_title(ax, title)
            ax.title.set_fontsize(10)
        place_legend(axes[0], fontsize=8)
        axes[2].set_yscale("log")
        fig.suptitle("Kozel: who wins a half? The literal 61 rule against the two other readings")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"kozel | {a.hands:,} single deals per point (the same deals at every point), "
                              f"{matches:,} matches per reading | 95% intervals | seed {a.seed} | "
                              f"simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "readings")
        plt.close("all")
        print(deals[["half_winner", "play", "decisive_half_rate", "decisive_half_rate_stderr",
                     "dealer_share_of_wins"]].to_string(index=False))
        print(games[["half_winner", "match_deals", "match_deals_stderr", "win_rate.seat0",
                     "win_rate.seat0_stderr"]].to_string(index=False))


if __name__ == "__main__":
    main()
