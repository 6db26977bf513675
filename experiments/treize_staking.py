"""Treize: can a punter who watches the deck beat the banker?

The deck-aware policy computes, from the unturned cards, the punter's exact expected
result on the coming coup and stakes ``high`` (10) when it is at least ``threshold``,
``low`` (1) otherwise. A sweep over the threshold (common random numbers: every point
plays the same banks) shows the edge per unit staked; a paired comparison against flat
stakes gives the difference with its paired standard error.

    python experiments/treize_staking.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.plots import plot_differences, plot_sweep  # noqa: E402

THRESHOLDS = [-0.4, -0.35, -0.3, -0.28, -0.26, -0.24, -0.2, -0.1, 0.0]


def main():
    exp = Experiment("treize_staking", "Deck-aware staking against flat stakes in Treize", default_hands=1_000_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "thresholds": THRESHOLDS}) as _:
        sweep = simkit.sweep("treize", {"stake.threshold": THRESHOLDS}, a.hands, seed=a.seed,
                             policies="deck-aware:low=1,high=10", n_jobs=a.jobs)
        exp.table(sweep, "threshold_sweep")
        ax = plot_sweep(sweep, "stake.threshold", "house_edge")
        ax.set_title("Treize: banker's edge per unit staked, deck-aware stakes 1 or 10")
        exp.figure(ax.figure, "threshold_sweep")

        best = sweep.loc[sweep.house_edge.idxmin(), "stake.threshold"]
        policies = ["flat", f"deck-aware:low=1,high=10,threshold={best}"]
        if best != 0.0:
            policies.append("deck-aware:low=1,high=10,threshold=0")
        cmp = simkit.compare("treize", policies, a.hands, seed=a.seed, n_jobs=a.jobs)
        rep = cmp.report()
        exp.table(rep, "comparison")
        ax = plot_differences(cmp, "house_edge")
        ax.set_title("Treize: deck-aware stakes minus flat stakes")
        exp.figure(ax.figure, "differences")
        plt.close("all")
        cols = ["policy", "metric", "value", "diff", "diff_stderr", "unpaired_stderr", "variance_reduction"]
        print(rep[rep.metric == "house_edge"][cols].to_string(index=False))


if __name__ == "__main__":
    main()
