"""Macao: the punters' drawing rule against the banker's, and the edge by natural multipliers.

The seed (000:213-237) lets any punter draw and says nothing of the banker drawing
(GAMES.md G06 ambiguity 4: he may, by policy). For each reading of a draw past nine
(``overdraw``: void as in the seed's examples, bust, or units digit) this sweeps the
punters' standing count against the banker's (both "draw while below T", T = 0, 2..10;
T = 0 never draws, T = 10 always draws once) on common random numbers, and reports:

* ``drawing_grid``: the house edge for every pair of thresholds;
* ``best_responses``: the punters' best threshold against each banker threshold and the
  banker's against each punter threshold, and the minimax pair (the banker's threshold
  that maximises the edge the punters' best reply leaves him);
* ``punter_threshold``: the edge against the default banker (the ``best`` banker,
  ``BANKER_BEST_STAND``) by punter threshold; the best of these is the built-in punter
  policy ``best`` (``BEST_STAND``); the minimax pair is the default of both roles;
* ``policy_comparison``: paired differences of the built-in punter policies (threshold
  at 7, mimic, best and the best's neighbours) on the same shoes;
* ``natural_multipliers``: the edge when natural 9s and 8s pay other multiples (ties at
  9/8 pay the same multiples with ``tie_pays=natural``, one stake with ``single``).

    python experiments/macao_strategy.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.reports.plots import set_wrapped_title  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.games.macao.policies import BANKER_BEST_STAND, BEST_STAND  # noqa: E402

OVERDRAW = ("void", "bust", "mod10")
STANDS = [0] + list(range(2, 11))     # standing on 1 is standing on 0: a replaced hand counts at least 1
THRESHOLDS = {"punter": "threshold", "banker": "banker-threshold"}


def _edge_cols(df):
    return df.rename(columns={"punter.stand": "punter_stand", "banker.stand": "banker_stand",
                              "house_edge_stderr": "stderr", "house_edge_ci95_low": "ci95_low",
                              "house_edge_ci95_high": "ci95_high"})


def best_responses(grid):
    rows = []
    for od, g in grid.groupby("overdraw", sort=False):
        table = g.pivot(index="punter_stand", columns="banker_stand", values="house_edge")
        for b in table.columns:
            p = int(table[b].idxmin())
            rows.append({"overdraw": od, "kind": "punter best reply", "banker_stand": b, "punter_stand": p,
                         "house_edge": table.loc[p, b]})
        for p in table.index:
            b = int(table.loc[p].idxmax())
            rows.append({"overdraw": od, "kind": "banker best reply", "banker_stand": b, "punter_stand": p,
                         "house_edge": table.loc[p, b]})
        guaranteed = table.min(axis=0)
        b = int(guaranteed.idxmax())
        rows.append({"overdraw": od, "kind": "minimax (banker's guaranteed edge)", "banker_stand": b,
                     "punter_stand": int(table[b].idxmin()), "house_edge": guaranteed[b]})
        conceded = table.max(axis=1)
        p = int(conceded.idxmin())
        rows.append({"overdraw": od, "kind": "maximin (punters' guaranteed edge)", "banker_stand": int(table.loc[p].idxmax()),
                     "punter_stand": p, "house_edge": conceded[p]})
    return pd.DataFrame(rows)


def main():
    exp = Experiment("macao_strategy", "Macao: punters' drawing rule against the banker's; edge by natural multipliers",
                     default_hands=100_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed}) as _:
        grids = []
        for od in OVERDRAW:
            df = simkit.sweep("macao", {"punter.stand": STANDS, "banker.stand": STANDS}, a.hands, seed=a.seed,
                              rules={"overdraw": od}, policies=THRESHOLDS, n_jobs=a.jobs, progress=False)
            grids.append(_edge_cols(df).assign(overdraw=od))
        grid = pd.concat(grids, ignore_index=True)
        keep = ["overdraw", "punter_stand", "banker_stand", "house_edge", "stderr", "ci95_low", "ci95_high",
                "punter_draw_rate", "banker_draw_rate", "punter_win_rate", "banker_net_per_bank", "bank_tenure"]
        grid = grid[keep]
        exp.table(grid, "drawing_grid")
        br = best_responses(grid)
        exp.table(br, "best_responses")

        curve = grid[grid.banker_stand == grid.overdraw.map(BANKER_BEST_STAND)].reset_index(drop=True)
        best = {od: int(curve[curve.overdraw == od].set_index("punter_stand").house_edge.idxmin()) for od in OVERDRAW}
        curve = curve.assign(best=[best[r.overdraw] == r.punter_stand for r in curve.itertuples()],
                             shipped_best=[BEST_STAND[r.overdraw] == r.punter_stand for r in curve.itertuples()])
        exp.table(curve, "punter_threshold")

        comps = []
        for od in OVERDRAW:
            b = best[od]
            pols = ["threshold:stand=7", "mimic"] + [f"threshold:stand={s}" for s in (b - 1, b, b + 1)
                                                     if 0 <= s <= 10 and s != 7]
            c = simkit.compare("macao", pols, a.hands, seed=a.seed, rules={"overdraw": od}, role="punter",
                               n_jobs=a.jobs, progress=False)
            rep = c.report()
            comps.append(rep[rep.metric == "house_edge"].assign(overdraw=od))
        exp.table(pd.concat(comps, ignore_index=True), "policy_comparison")

        mult = []
        for tie in ("natural", "single"):
            df = simkit.sweep("macao", {"natural9": [1, 2, 3, 4], "natural8": [1, 2, 3]}, a.hands, seed=a.seed,
                              rules={"tie_pays": tie}, policies={"punter": "best"}, n_jobs=a.jobs, progress=False)
            mult.append(_edge_cols(df).assign(tie_pays=tie))
        mult = pd.concat(mult, ignore_index=True)[["tie_pays", "natural9", "natural8", "house_edge", "stderr",
                                                   "ci95_low", "ci95_high", "punter_win_rate"]]
        exp.table(mult, "natural_multipliers")

        _figures(exp, grid, curve, mult, a)
        print(br[br.kind.str.startswith(("minimax", "maximin"))].to_string(index=False))
        print(curve[curve.best][["overdraw", "punter_stand", "house_edge", "stderr"]].to_string(index=False))


def _figures(exp, grid, curve, mult, a):
    caption = f"macao | {a.hands:,} banks (shoes) per point, 3 punters | seed {a.seed} | simkit {code_version()}"
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.6))
    lim = np.nanmax(np.abs(grid.house_edge))
    for ax, (od, g) in zip(axes, grid.groupby("overdraw", sort=False)):
        t = g.pivot(index="punter_stand", columns="banker_stand", values="house_edge")
        im = ax.imshow(t.values, origin="lower", cmap="RdBu_r", vmin=-lim, vmax=lim)
        ax.set_xticks(range(len(t.columns)), t.columns)
        ax.set_yticks(range(len(t.index)), t.index)
        ax.set_xlabel("banker stands on")
        ax.set_ylabel("punters stand on")
        ax.set_title(f"overdraw={od}")
    fig.colorbar(im, ax=axes, label="house edge (banker's gain per stake)")
    fig.suptitle("Macao: house edge by the punters' and the banker's standing counts")
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "drawing_grid")

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    for od, g in curve.groupby("overdraw", sort=False):
        ax.plot(g.punter_stand, g.house_edge, marker="o", label=f"overdraw={od}")
        ax.fill_between(g.punter_stand, g.ci95_low, g.ci95_high, alpha=0.25)
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xlabel("punters stand on (draw below)")
    ax.set_ylabel("house edge, banker's gain per unit staked\n(95% interval)")
    set_wrapped_title(ax, "Macao: punters' threshold against the default banker (" +
                      ", ".join(f"{od}: stands on {int(b)}" for od, b in BANKER_BEST_STAND.items()) + ")")
    place_legend(ax, fontsize=8)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "punter_threshold")

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
    for ax, (tie, g) in zip(axes, mult.groupby("tie_pays", sort=False)):
        for n8, h in g.groupby("natural8"):
            ax.errorbar(h.natural9, h.house_edge, yerr=1.96 * h.stderr, marker="o", capsize=3,
                        label=f"natural 8 pays {n8}x")
        ax.axhline(0, color="k", lw=0.8)
        ax.set_xlabel("natural 9 pays (x stake)")
        ax.set_title(f"tie_pays={tie}")
        place_legend(ax, fontsize=8)
    axes[0].set_ylabel("house edge, banker's gain per unit staked\n(95% interval)")
    fig.suptitle("Macao: edge by natural multipliers (punters and banker: best, overdraw=void)")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "natural_multipliers")


if __name__ == "__main__":
    main()
