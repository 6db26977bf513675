"""The effect of each blackjack rule option against the defaults (GAMES.md G05 report).

Every variant changes one option of the default rules (6 decks, S17, peek, 3:2, double any two,
DAS, unlimited resplits incl. aces, late surrender) and plays basic strategy for its own rules
on the same shoes (common random numbers: shoe ``i`` is shuffled by the stream ``(seed, i)`` in
every variant; ``simkit.compare`` with rule variants). The difference from the defaults gets a
paired jackknife standard error over 50 fixed groups of shoes. Variants without a shoe (``decks=inf``, ``continuous_shuffle``)
play their own run and get the unpaired error. The exact infinite-deck edge of each rule set
(for the options the calculator models) is given beside it.

Writes ``results/blackjack_rules/``: ``rule_effects.csv/.parquet``, ``rule_effects.png``,
``convergence.png`` (one infinite-deck run against its exact edge) and the default run.
"""
import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import simkit
from simkit.experiment import Experiment
from simkit.provenance import code_version  # noqa: E402
from simkit.games.blackjack import exact
from simkit.reports.plots import plot_convergence, set_wrapped_title
from simkit.reports.estimates import Z95
from simkit.reports.figcheck import place_legend
from simkit.reports.student import t_quantile2

VARIANTS = [
    ("decks", 1), ("decks", 2), ("decks", 4), ("decks", 8), ("decks", "inf"),
    ("penetration", 0.5), ("penetration", 0.9), ("continuous_shuffle", True), ("players", 4),
    ("soft17", "hit"), ("hole_card", "none"), ("hole_card", "none-obo"),
    ("blackjack_pays", "6:5"), ("blackjack_pays", "1:1"), ("double", "9-11"), ("double", "10-11"),
    ("das", False), ("max_hands", 2), ("max_hands", 4), ("resplit_aces", False),
    ("surrender", "none"), ("surrender", "early"), ("insurance", False),
]
#: options the exact (infinite-deck) calculator models
EXACT_OPTIONS = {"soft17", "hole_card", "blackjack_pays", "double", "das", "max_hands", "resplit_aces",
                 "surrender", "insurance", "decks"}
GROUPS = 50


def main():
    exp = Experiment("blackjack_rules", "How much does each blackjack rule option move the house edge?",
                     default_hands=2_000_000)
    args = exp.parse()
    exact_base = exact.house_edge({"decks": "inf"})
    with exp.output(inputs={"hands": args.hands, "seed": args.seed}):
        shoe_variants = [(k, v) for k, v in VARIANTS if not (k == "decks" and v == "inf")
                         and k != "continuous_shuffle"]
        cmp = simkit.compare("blackjack", [{}] + [{k: v} for k, v in shoe_variants], args.hands, seed=args.seed,
                             policies="basic", n_jobs=args.jobs, groups=GROUPS, progress=False)
        base_est = cmp.results[0]["house_edge"]
        rows = [{"option": "(defaults)", "value": "", "house_edge": base_est.value, "stderr": base_est.stderr,
                 "diff": 0.0, "diff_stderr": 0.0, "paired": True,
                 "exact_inf_edge": exact_base, "exact_inf_diff": 0.0}]
        diffs = cmp.differences("house_edge")
        paired_t = t_quantile2(0.05, cmp.n_groups - 1)      # the comparison's tables: t with G - 1 df
        for (k, v), res, (_, d) in zip(shoe_variants, cmp.results[1:], diffs.iterrows()):
            est = res["house_edge"]
            rows.append({"option": k, "value": str(v), "house_edge": est.value, "stderr": est.stderr,
                         "diff": d["diff"], "diff_stderr": d["diff_stderr"], "paired": True,
                         "diff_quantile": paired_t, **_exact(k, v, exact_base)})
        for k, v in VARIANTS:
            if (k, v) in shoe_variants:
                continue
            res = simkit.simulate("blackjack", args.hands, rules={k: v}, seed=args.seed, n_jobs=args.jobs,
                                  progress=False)
            est = res["house_edge"]
            rows.append({"option": k, "value": str(v), "house_edge": est.value, "stderr": est.stderr,
                         "diff": est.value - base_est.value,
                         "diff_stderr": math.hypot(est.stderr, base_est.stderr), "paired": False,
                         "diff_quantile": Z95, **_exact(k, v, exact_base)})
        df = pd.DataFrame(rows)
        exp.table(df, "rule_effects")
        exp.figure(_figure(df, args), "rule_effects")

        inf = simkit.simulate("blackjack", 5 * args.hands, rules={"decks": "inf"}, seed=args.seed,
                              n_jobs=args.jobs, progress=False, chunk=max(1, 5 * args.hands // 128 // 40))
        ax = plot_convergence(inf, reference=exact_base)
        exp.figure(ax.figure, "convergence")
        exp.result(inf, "infinite_deck_run")
        print(df.to_string(index=False, float_format=lambda x: f"{x:.5f}"))


def _exact(option, value, exact_base):
    if option not in EXACT_OPTIONS or (option == "decks" and value != "inf"):
        return {"exact_inf_edge": np.nan, "exact_inf_diff": np.nan}
    e = exact.house_edge({"decks": "inf"} if option == "decks" else {"decks": "inf", option: value})
    return {"exact_inf_edge": e, "exact_inf_diff": e - exact_base}


def _figure(df, args):
    """Each option's change in house edge with its 95% interval: paired rows (same shoes
    as the defaults) in blue, rows with an unpaired error (their own run) in orange,
    marked "(unpaired)" in their label."""
    d = df.iloc[1:].reset_index(drop=True)
    paired = d["paired"].to_numpy(dtype=bool)
    labels = [f"{o}={v}" + ("" if p else " (unpaired)") for o, v, p in zip(d["option"], d["value"], paired)]
    y = np.arange(len(d))
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(d) + 1.5))
    for mask, color, what in ((paired, "tab:blue", "paired with the defaults"),
                              (~paired, "tab:orange", "own run, unpaired error")):
        if mask.any():
            q = d["diff_quantile"][mask] if "diff_quantile" in d else Z95   # paired: t, G - 1 df; unpaired: normal
            ax.barh(y[mask], 100 * d["diff"][mask], xerr=100 * q * d["diff_stderr"][mask], color=color,
                    alpha=0.7, capsize=3, label=f"simulated, {what} (95% interval)")
    ax.plot(100 * d["exact_inf_diff"], y, "kx", label="exact, infinite deck")
    ax.set_yticks(y, labels)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel("change in house edge against the defaults (percentage points)")
    set_wrapped_title(ax, "Blackjack: effect of each rule option (basic strategy for each rule set)")
    ax.set_ylim(-3.0, len(d) - 0.4)     # empty rows below the options hold the legend, off the bars
    place_legend(ax, fontsize=8)
    fig.text(0.01, 0.005, f"blackjack | {args.hands:,} rounds per rule set, same shoes | seed {args.seed} | "
                          f"simkit {code_version()}", fontsize=7, color="0.35")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


if __name__ == "__main__":
    main()
