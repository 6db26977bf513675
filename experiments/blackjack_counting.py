"""Hi-Lo card counting in the default blackjack game: advantage, SCORE and risk of ruin by
penetration and bet spread.

For each penetration (6 decks, S17 DAS LS peek) and each maximum bet of the ramp (1 unit =
flat), the Hi-Lo policy with the Illustrious 18 and Fab 4 plays the same shoes (common random
numbers). Reported per setting: advantage per initial unit and per unit of total action, mean
bet, win per 100 rounds, SD per round, desirability index, SCORE, N0, and the risk of ruin for
a 400-unit bankroll: simulated careers (``risk_of_ruin``, ruin within a horizon of rounds) and
the lifetime formula exp(-2 mu B / sigma^2).

Writes ``results/blackjack_counting/``: ``counting.csv/.parquet``, ``advantage.png`` and the
advantage by true count of the deepest, widest setting (``by_true_count.csv``).
"""
import matplotlib.pyplot as plt
import pandas as pd

import simkit
from simkit.experiment import Experiment
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.games.blackjack import risk_of_ruin

PENETRATIONS = [0.65, 0.75, 0.85]
SPREADS = [1, 8, 12]
BANKROLL = 400
METRICS = ["advantage", "advantage_per_action", "mean_bet", "win_per_100_rounds", "sd_per_round",
           "desirability_index", "score", "n0"]


def main():
    exp = Experiment("blackjack_counting", "What does Hi-Lo earn, and at what risk, by penetration and spread?",
                     default_hands=2_000_000)
    args = exp.parse()
    with exp.output(inputs={"hands": args.hands, "seed": args.seed, "bankroll": BANKROLL}):
        df = simkit.sweep("blackjack", {"penetration": PENETRATIONS, "play.max_bet": [float(s) for s in SPREADS]},
                          args.hands, seed=args.seed, policies="hilo", n_jobs=args.jobs)
        keep = ["penetration", "play.max_bet"] + [c for m in METRICS for c in (m, f"{m}_stderr")]
        df = df[[c for c in keep if c in df.columns]].copy()
        sims, formulas = [], []
        horizon = max(20_000, args.hands // 20)
        for pen, spread in zip(df["penetration"], df["play.max_bet"]):
            out = risk_of_ruin(BANKROLL, rules={"penetration": pen}, policies=f"hilo:max_bet={spread}",
                               paths=200, max_rounds=horizon, seed=args.seed)
            sims.append(out["simulated"].value)
            formulas.append(out["formula"])
        df["ror_simulated"] = sims
        df["ror_horizon_rounds"] = horizon          # the simulated risk is within this many rounds
        df["ror_formula"] = formulas                 # lifetime risk
        exp.table(df, "counting")
        deep = simkit.simulate("blackjack", args.hands, rules={"penetration": max(PENETRATIONS)},
                               policies=f"hilo:max_bet={max(SPREADS)}", seed=args.seed, n_jobs=args.jobs,
                               progress=False)
        exp.table(deep.tables["by_true_count"], "by_true_count")

        fig, ax = plt.subplots(figsize=(7, 4))
        for k, (spread, part) in enumerate(df.groupby("play.max_bet")):
            dodge = (k - 1) * 0.004            # side by side at each penetration, not on top of each other
            ax.errorbar(part["penetration"] + dodge, 100 * part["advantage"], yerr=196 * part["advantage_stderr"],
                        marker="o", capsize=3, label=f"1-{int(spread)} spread")
        ax.axhline(0, color="k", lw=0.8)
        ax.set_xlabel("penetration (share of the shoe dealt before the shuffle)")
        ax.set_ylabel("player advantage per initial unit (%)")
        ax.set_title("Hi-Lo, Illustrious 18 + Fab 4, 6 decks S17 DAS LS")
        place_legend(ax, fontsize=8)
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"blackjack | {args.hands:,} rounds per point, same shoes | seed {args.seed} | "
                              f"simkit {code_version()}", fontsize=7, color="0.35")
        fig.tight_layout(rect=(0, 0.04, 1, 1))
        exp.figure(fig, "advantage")
        pd.set_option("display.width", 200)
        print(df.to_string(index=False, float_format=lambda x: f"{x:.4g}"))


if __name__ == "__main__":
    main()
