"""Polish Banchok: staking on the hand against flat staking, and how banks end.

The seed's punters name their stake after seeing their three cards (000:275) and go
"bank" with three high cards of different suits (000:299), so the banker's edge per unit
staked depends on how punters stake. With the default rules (two decks, four punters, a
bank of 60 minimum stakes that passes when tripled or broken) this reports:

* ``threshold_sweep``: the ``hand`` policy (the whole bank when the exact probability of
  beating the next card is at least ``threshold``, the minimum otherwise), with and
  without counting the cards turned earlier in the round, from always staking the bank
  (threshold 0) to flat minimum stakes (above 1): house edge, the banker's net per coup
  and per bank, how banks end and how long they last. The threshold that makes the
  punters most per coup is the built-in ``best``;
* ``fraction_sweep``: staking a fraction of the bank instead of all of it at that threshold;
* ``three_high_sweep``: the seed's own rule (three different suits, each at least a rank);
* ``policy_comparison``: flat, three-high, hand and best on the same banks, with paired
  differences;
* ``bank_outcomes`` and ``tenure``: broken versus tripled, and the tenure distribution,
  for each of those policies.

    python experiments/banchok_staking.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.games.banking import TENURE_EDGES  # noqa: E402
from simkit.reports.plots import split_common  # noqa: E402

THRESHOLDS = [round(x, 3) for x in np.arange(0.0, 0.801, 0.05)] + [1.01]
METRICS = ["house_edge", "banker_net_per_coup", "banker_net_per_bank", "p_broken", "p_tripled", "bank_tenure",
           "whole_bank_stake_rate", "punter_win_rate"]
POLICIES = ["flat", "three-high", "hand", "best"]


def _tidy(df, keys):
    cols = list(keys)
    for m in METRICS:
        cols += [m, f"{m}_stderr"]
    return df[cols]


def main():
    exp = Experiment("banchok_staking", "Polish Banchok: staking on the hand against flat staking; how banks end",
                     default_hands=50_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed}) as _:
        sweep = simkit.sweep("banchok", {"stake": ["hand"], "stake.count": [0, 1], "stake.threshold": THRESHOLDS},
                             a.hands, seed=a.seed, n_jobs=a.jobs, progress=False)
        sweep = _tidy(sweep, ["stake.count", "stake.threshold"]).rename(
            columns={"stake.count": "count", "stake.threshold": "threshold"})
        best_row = sweep.loc[sweep.banker_net_per_coup.idxmin()]
        sweep = sweep.assign(best=sweep.index == best_row.name)
        exp.table(sweep, "threshold_sweep")

        best = f"hand:threshold={best_row.threshold},count={int(best_row['count'])}"
        frac = simkit.sweep("banchok", {"stake": [best], "stake.fraction": [0.05, 0.1, 0.25, 0.5, 0.75, 1.0]},
                            a.hands, seed=a.seed, n_jobs=a.jobs, progress=False)
        exp.table(_tidy(frac, ["stake.fraction"]).rename(columns={"stake.fraction": "fraction"}), "fraction_sweep")

        three = simkit.sweep("banchok", {"stake": ["three-high"], "stake.rank": list(range(2, 15))}, a.hands,
                             seed=a.seed, n_jobs=a.jobs, progress=False)
        exp.table(_tidy(three, ["stake.rank"]).rename(columns={"stake.rank": "rank"}), "three_high_sweep")

        comp = simkit.compare("banchok", POLICIES, a.hands, seed=a.seed, n_jobs=a.jobs, progress=False)
        rep = comp.report()
        exp.table(rep[rep.metric.isin(METRICS)], "policy_comparison")
        outcomes, tenure = [], []
        for res, label in zip(comp.results, comp.labels):
            outcomes.append(res.tables["bank_outcome"].assign(policy=label))
            tenure.append(res.tables["tenure"].assign(policy=label))
            t = res.tables["tenure_by_outcome"].assign(policy=label)
            outcomes[-1] = outcomes[-1].merge(t[["outcome", "mean_tenure", "stderr"]], on="outcome", how="left")
        outcomes = pd.concat(outcomes, ignore_index=True)
        tenure = pd.concat(tenure, ignore_index=True)
        exp.table(outcomes, "bank_outcomes")
        exp.table(tenure, "tenure")

        _figures(exp, sweep, outcomes, comp, a)
        print(f"best: {best} (punters' profit {-best_row.banker_net_per_coup:.4f} +- "
              f"{best_row.banker_net_per_coup_stderr:.4f} per coup, house edge {best_row.house_edge:.4f})")
        print(rep[rep.metric.isin(["house_edge", "banker_net_per_coup", "p_broken", "bank_tenure"])]
              [["policy", "metric", "value", "stderr", "diff", "diff_stderr"]].to_string(index=False))


def _figures(exp, sweep, outcomes, comp, a):
    caption = (f"banchok | {a.hands:,} banks per point, 4 punters, bank 60, passes tripled or broken | seed {a.seed} "
               f"| simkit {code_version()}")
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.3))
    for count, g in sweep.groupby("count"):
        g = g[g.threshold <= 1]
        lab = "counting the turned cards" if count else "own hand only"
        for ax, m, title, ylabel in zip(axes, ["house_edge", "banker_net_per_coup", "p_broken"],
                                        ["house edge (per unit staked)", "banker's net per coup (stakes)",
                                         "share of banks broken"],
                                        ["banker's gain per unit staked", "stakes per coup (symmetric log scale)",
                                         "share of banks"]):
            ax.set_ylabel(ylabel)
            ax.errorbar(g.threshold, g[m], yerr=1.96 * g[f"{m}_stderr"], marker="o", ms=3, capsize=2, label=lab)
            ax.set_title(title)
            ax.set_xlabel("stake the bank when P(win) >= threshold")
    for ax in axes[:2]:
        ax.axhline(0, color="k", lw=0.8)
    axes[1].set_yscale("symlog", linthresh=1.0)
    place_legend(axes[0], fontsize=8)
    fig.suptitle("Polish Banchok: staking the whole bank on good hands (the minimum otherwise)")
    fig.tight_layout(rect=(0, 0.05, 1, 0.95))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "threshold_sweep")

    fig, axes = plt.subplots(1, 2, figsize=(13, 4.3))
    short, shared = split_common(comp.labels)     # the primazka policy every entry shares goes to the caption
    piv = outcomes.pivot(index="policy", columns="outcome", values="share").reindex(comp.labels)
    piv.index = short
    piv[["broken", "tripled"]].plot.barh(ax=axes[0], stacked=True, color=["tab:red", "tab:green"])
    axes[0].legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2, fontsize=8, frameon=False)
    axes[0].set_xlabel("share of banks")
    axes[0].set_ylabel("stake policy")
    axes[0].set_title("how banks end", pad=24)
    edges = np.append(TENURE_EDGES, TENURE_EDGES[-1] * 2)
    last = 1
    for res, label in zip(comp.results, short):
        hist = res.stats["tenure"].astype(float)
        cdf = np.cumsum(hist) / hist.sum()
        axes[1].step(edges[1:], cdf, where="post", label=label)
        last = max(last, edges[np.nonzero(hist)[0].max() + 1])
    axes[1].set_xscale("log")
    axes[1].set_xlim(1, last * 1.5)
    axes[1].set_xlabel("bank tenure (coups)")
    axes[1].set_ylabel("share of banks ended by then")
    axes[1].set_title("tenure (cumulative)")
    place_legend(axes[1], fontsize=8, title="stake policy", title_fontsize=8)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.text(0.01, 0.005, caption.replace(" | seed", f" | every policy: {shared} | seed"), fontsize=7, color="0.35")
    exp.figure(fig, "bank_outcomes")


if __name__ == "__main__":
    main()
