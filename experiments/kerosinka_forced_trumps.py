"""Kerosinka: how often must a player trump, and what is the dealer's seat worth?

Following by rank first, then suit, then a trump (002:60 «На выхоженную следует класть
карту того же достоинства, при отсутствии — той же масти. Если нет карты того же
достоинства или масти, обязательно класть козыря»): for each reading of the 10♥
(``kerosinka_as_ten``: also a ten for following, or only a trump; ``kerosinka_turned``:
the 10♥ shown makes hearts trump, or no trump suit) and for random, ``basic`` (the point
games' shared heuristic, Kerosinka's default until it had its own) and heuristic play,
the share of followers' cards that are forced trumps and the card points per deal by
position (single deals, the same deals at every point); then games to 300 and to 500
with heuristic play: the win rate per seat (seat 0 deals first, the deal passes left).

    python experiments/kerosinka_forced_trumps.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402

AS_TEN = ["both_ways", "trump_only"]
TURNED = ["hearts_trump", "no_trump_suit"]
PLAY = ["random", "basic", "heuristic"]
POSITIONS = ["dealer", "left", "across", "right"]


def main():
    exp = Experiment("kerosinka_forced_trumps", "Kerosinka's forced trumping and seat effects", default_hands=200_000)
    a = exp.parse()
    games_n = max(20, a.hands // 20)
    with exp.output({"hands": a.hands, "seed": a.seed, "games": games_n}):
        deals = simkit.sweep("kerosinka", {"kerosinka_as_ten": AS_TEN, "kerosinka_turned": TURNED, "play": PLAY},
                             a.hands, seed=a.seed, rules={"unit": "deal"}, n_jobs=a.jobs)
        exp.table(deals, "deals")
        games = simkit.sweep("kerosinka", {"target": [300, 500]}, games_n, seed=a.seed, policies="heuristic",
                             n_jobs=a.jobs)
        exp.table(games, "games")

        fig, axes = plt.subplots(1, 3, figsize=(18, 4.6))     # wide: the legends may sit beside the bars
        labels = [f"{t}\n{h}" for t in AS_TEN for h in TURNED]
        x = np.arange(len(labels))
        for i, play in enumerate(PLAY):
            d = deals[deals["play"] == play]
            axes[0].bar(x + (i - 1) * 0.27, d["forced_trump_rate"], 0.27, yerr=1.96 * d["forced_trump_rate_stderr"],
                        capsize=3, label=f"{play} play")
        axes[0].set_xticks(x, labels, fontsize=7)
        axes[0].set_xlabel("reading of the 10♥ (kerosinka_as_ten / kerosinka_turned)", fontsize=8)
        axes[0].set_ylabel("forced trumps (share of followers' cards)")
        base = deals[(deals["kerosinka_as_ten"] == "both_ways") & (deals["kerosinka_turned"] == "hearts_trump")]
        px = np.arange(4)
        for i, play in enumerate(PLAY):
            row = base[base["play"] == play].iloc[0]
            axes[1].bar(px + (i - 1) * 0.27, [row[f"points_per_deal.{p}"] for p in POSITIONS], 0.27,
                        yerr=[1.96 * row[f"points_per_deal.{p}_stderr"] for p in POSITIONS], capsize=3,
                        label=f"{play} play")
        axes[1].axhline(30, color="0.4", lw=0.8, ls="--")
        axes[1].set_xticks(px, POSITIONS)
        axes[1].set_xlabel("position at the table (from the dealer)", fontsize=8)
        axes[1].set_ylabel("card points per deal")
        for i, target in enumerate((300, 500)):
            row = games[games["target"] == target].iloc[0]
            axes[2].bar(px + (i - 0.5) * 0.38, [row[f"win_rate.seat{s}"] for s in range(4)], 0.38,
                        yerr=[1.96 * row[f"win_rate.seat{s}_stderr"] for s in range(4)], capsize=3,
                        label=f"game to {target}")
        axes[2].axhline(0.25, color="0.4", lw=0.8, ls="--")
        axes[2].set_xticks(px, [f"seat {s}" + ("\n(deals first)" if s == 0 else "") for s in range(4)], fontsize=8)
        axes[2].set_ylabel("win rate (share of games)")
        for ax in axes:
            place_legend(ax, fontsize=8)           # where it covers no bar
        for ax, title in ((axes[0], "share of followers' cards that are forced trumps"),
                          (axes[1], "card points per deal by position (defaults)"),
                          (axes[2], "win rate per seat, heuristic play")):
            ax.set_title(title, fontsize=10)
        fig.suptitle("Kerosinka: forced trumping under the readings of the 10♥, and seat effects")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"kerosinka | {a.hands:,} single deals per point (the same deals at every point), "
                              f"{games_n:,} games per target | 95% intervals | seed {a.seed} | "
                              f"simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "forced_trumps")
        plt.close("all")
        print(deals[["kerosinka_as_ten", "kerosinka_turned", "play", "forced_trump_rate", "forced_trump_rate_stderr",
                     "points_per_deal.dealer", "points_per_deal.left"]].to_string(index=False))
        print(games[["target", "deals_per_game"] + [f"win_rate.seat{s}" for s in range(4)]].to_string(index=False))


if __name__ == "__main__":
    main()
