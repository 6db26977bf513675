"""Poker: how much of the pot does each dealt category take, standing pat, against N
random hands (N = 1..9)?

Every simulated hand adds one sample: seat 1's dealt hand against the next N hands
dealt from the same deck (GAMES.md G02; the equity table of the poker report). The
share counts a split pot as 1/k. By symmetry the average over categories is 1/(N+1),
which the script prints as a check. Three decks of cards: one deck (the default), deuces
wild, and two decks.

    python experiments/poker_equity.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.games.poker import CATEGORIES  # noqa: E402
from simkit.games.poker.report import equity_figure  # noqa: E402
from simkit.reports.plots import add_footer  # noqa: E402

RULESETS = [("one deck", {}), ("deuces wild", {"wild_rank": "2"}), ("two decks", {"decks": 2})]
PAT = {"bet": "call-down", "draw": "stand-pat"}     # the fastest hands: the sample ignores the play


def main():
    exp = Experiment("poker_equity", "Equity of each dealt poker category against N = 1..9 random hands",
                     default_hands=1_000_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "rulesets": dict(RULESETS)}):
        frames = []
        fig, axes = plt.subplots(1, len(RULESETS), figsize=(6 * len(RULESETS), 5), sharey=True)
        for ax, (label, rules) in zip(axes, RULESETS):
            res = simkit.simulate("poker", a.hands, seed=a.seed, n_jobs=a.jobs, rules={"players": 2, **rules},
                                  policies=PAT, progress=False)
            eq = res.tables["equity"]
            frames.append(eq.assign(rules=label)[["rules"] + list(eq.columns)])
            equity_figure(eq, f"{label} (n = {res.n_units:,} hands)", ax=ax, legend=False)
            hands = eq.groupby("opponents")["hands"].sum()
            mean = (eq["equity"] * eq["hands"]).groupby(eq["opponents"]).sum() / hands
            check = np.abs(mean - 1 / (mean.index + 1)).max()
            print(f"{label}: largest gap between the average equity and 1/(N+1): {check:.2e}")
        fig.suptitle("Poker: pot share of each dealt category in a pat showdown against N random hands")
        # one legend for the three panels, below them (inside, any corner would cover a band)
        handles = {h.get_label(): h for ax in axes for h in ax.get_lines() if not h.get_label().startswith("_")}
        handles = {k: handles[k] for k in sorted(handles, key=lambda c: CATEGORIES.index(c) if c in CATEGORIES else 99)}
        fig.legend(list(handles.values()), list(handles), loc="lower center", ncol=min(6, len(handles)), fontsize=8,
                   bbox_to_anchor=(0.5, 0.06), title="dealt category")
        add_footer(fig, f"poker | two players, pat hands, each dealt hand against N = 1..9 random hands | "
                        f"{a.hands:,} hands per rule set | 95% intervals | seed {a.seed} | simkit {code_version()}",
                   bottom=0.25)
        exp.figure(fig, "equity")
        table = pd.concat(frames, ignore_index=True)
        exp.table(table, "equity")
        wide = table[table.rules == "one deck"].pivot(index="category", columns="opponents", values="equity")
        order = [c for c in CATEGORIES if c in wide.index]
        print(wide.loc[order].round(4).to_string())


if __name__ == "__main__":
    main()
