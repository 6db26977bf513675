"""Treize: what does the seed's continuing-deck rule do to the banker's edge?

The seed forbids reshuffling between coups («Карты перетасовывать после каждого раза он
не имеет права»), so later coups are played from a depleted deck. This compares the
house edge under the literal rule (with each reading of what happens when the deck runs
out mid-count) with the classical fresh-deck-every-coup game, whose edge is exact
(1 − 2·P(no match), inclusion-exclusion), for the 52-, 36- and 32-card decks, and shows
the edge by coup index since the last shuffle.

    python experiments/treize_deck_rule.py [--hands N] [--seed S] [--jobs J] [--force]
"""
from fractions import Fraction
from math import comb, factorial

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.plots import add_footer  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402

RANKS_CALLED = {52: 13, 36: 9, 32: 8}   # calls 2..A whose rank is in the deck


def exact_fresh_edge(size: int) -> float:
    m = RANKS_CALLED[size]
    p = sum(Fraction((-1) ** k * comb(m, k) * 4 ** k * factorial(size - k), factorial(size)) for k in range(m + 1))
    return float(1 - 2 * p)


def main():
    exp = Experiment("treize_deck_rule", "House edge of Treize: continuing deck vs a fresh deck every coup",
                     default_hands=2_000_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed}) as _:
        rows = []
        by_index = []
        for size in (52, 36, 32):
            df = simkit.sweep("treize", {"deck_end": ["continue", "restart", "void"]}, a.hands, seed=a.seed,
                              rules={"deck": size}, n_jobs=a.jobs)
            for r in df.itertuples():
                rows.append({"deck": size, "rule": f"continuing deck, deck_end={r.deck_end}",
                             "house_edge": r.house_edge, "stderr": r.house_edge_stderr,
                             "ci95_low": r.house_edge_ci95_low, "ci95_high": r.house_edge_ci95_high,
                             "bank_tenure": r.bank_tenure, "exact": float("nan")})
            fresh = simkit.simulate("treize", a.hands, seed=a.seed, n_jobs=a.jobs, progress=False,
                                    rules={"deck": size, "reshuffle_every_coup": True})
            e = fresh.estimates["house_edge"]
            rows.append({"deck": size, "rule": "fresh deck every coup", "house_edge": e.value, "stderr": e.stderr,
                         "ci95_low": e.ci95[0], "ci95_high": e.ci95[1],
                         "bank_tenure": fresh.estimates["bank_tenure"].value, "exact": exact_fresh_edge(size)})
            lit = simkit.simulate("treize", a.hands, seed=a.seed, n_jobs=a.jobs, progress=False, rules={"deck": size})
            t = lit.tables["edge_by_coup_index"]
            t = t[t.coups >= 1000].assign(deck=size)
            by_index.append(t)
        table = pd.DataFrame(rows)
        exp.table(table, "house_edge_by_rule")
        idx = pd.concat(by_index, ignore_index=True)
        exp.table(idx, "edge_by_coup_index")

        fig, ax = plt.subplots(figsize=(8, 4.5))
        labels = [f"{r.deck} cards: {r.rule}" for r in table.itertuples()]
        ax.errorbar(table.house_edge, range(len(table)), xerr=1.96 * table.stderr, fmt="o", capsize=3)
        exact = table.dropna(subset=["exact"])
        ax.scatter(exact.exact, exact.index, marker="x", color="k", zorder=3, label="exact (fresh deck)")
        ax.set_yticks(range(len(table)), labels, fontsize=8)
        ax.set_xlabel("banker's edge per unit staked (95% interval)")
        ax.set_title(f"Treize: continuing deck vs fresh deck, {a.hands:,} banks each, seed {a.seed}")
        add_footer(fig, f"treize | {a.hands:,} banks per rule | flat staking, default policies | 95% intervals | "
                        f"seed {a.seed} | simkit {code_version()}")
        place_legend(ax, fontsize=8)
        exp.figure(fig, "house_edge_by_rule")

        fig, ax = plt.subplots(figsize=(7, 4))
        for size, part in idx.groupby("deck"):
            x = range(len(part))
            ax.plot(x, part.house_edge, marker="o", label=f"{size} cards")
            ax.fill_between(x, part.ci95_low, part.ci95_high, alpha=0.2)
        ax.set_xlabel("coup index since the last shuffle")
        ax.set_ylabel("banker's edge (per unit staked)")
        ax.set_title("Treize under the seed's rule (continuing deck): edge by depletion")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        add_footer(fig, f"treize | {a.hands:,} banks per deck size, coup indices reached by 1,000 coups or more | "
                        f"default policies | 95% intervals | seed {a.seed} | simkit {code_version()}")
        place_legend(ax)                    # after the layout: the legend's share of the axes is final
        exp.figure(fig, "edge_by_coup_index")
        print(table.to_string(index=False))


if __name__ == "__main__":
    main()
