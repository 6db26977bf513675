"""Tyotka: what does the dealer's seat cost?

The dealer's left leads every trick of a deal's first round and the dealer plays last to
it; under the literal rule (GAMES.md G16 ambiguity 1) one seat deals the whole rubber.
Part 1 (single deals): mean penalty points per deal by position from the dealer (1 = his
left, who leads; 4 = the dealer), with the heuristic and with random play. Part 2 (whole
rubbers to 21, heuristic play): each position's settlement per rubber (money: the full
pairwise differences) by position from the rubber's first dealer, under the literal rule
(one dealer a rubber) and the option ``dealer=per_deal`` (the deal passes every deal).
Every point plays the same deals (common random numbers).

    python experiments/tyotka_dealer.py [--hands DEALS] [--seed S] [--jobs J] [--force]
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

POSITIONS = [1, 2, 3, 4]


def main():
    exp = Experiment("tyotka_dealer", "The cost of the dealer's seat in Tyotka", default_hands=200_000)
    a = exp.parse()
    rubbers = max(1, a.hands // 20)
    with exp.output({"hands": a.hands, "rubbers": rubbers, "seed": a.seed}):
        rows = []
        for policy in ("heuristic", "random"):
            res = simkit.simulate("tyotka", a.hands, rules={"unit": "deal"}, policies=policy, seed=a.seed,
                                  n_jobs=a.jobs, progress=False)
            for p in POSITIONS:
                e = res.metrics[f"penalty.position{p}"]
                rows.append({"policy": policy, "position": p, "dealer": p == 4, "deals": e["n"],
                             "penalty": e["value"], "stderr": e["stderr"], "ci95_low": e["ci95"][0],
                             "ci95_high": e["ci95"][1]})
            # dealer_edge is positive when dealing pays (the penalty the dealer saves); this table's
            # "penalty" column holds the dealer's extra penalty, its negative
            e = res.metrics["dealer_edge"]
            rows.append({"policy": policy, "position": "dealer_extra_penalty (-dealer_edge)", "dealer": True,
                         "deals": e["n"], "penalty": -e["value"], "stderr": e["stderr"], "ci95_low": -e["ci95"][1],
                         "ci95_high": -e["ci95"][0]})
        deals = pd.DataFrame(rows)
        exp.table(deals, "penalty_by_position")
        rows = []
        for rule in ("per_rubber", "per_deal"):
            res = simkit.simulate("tyotka", rubbers, rules={"unit": "rubber", "dealer": rule}, seed=a.seed,
                                  n_jobs=a.jobs, progress=False)
            t = res.tables["settlement_by_position"]
            for _, r in t.iterrows():
                rows.append({"dealer_rule": rule, "position": int(r.position), "dealer": bool(r.dealer),
                             "rubbers": int(r.n), "settlement": r["mean"], "stderr": r.stderr,
                             "ci95_low": r.ci95_low, "ci95_high": r.ci95_high})
            rows.append({"dealer_rule": rule, "position": "rubber_length", "dealer": False, "rubbers": rubbers,
                         "settlement": res.metrics["rubber_length"]["value"],
                         "stderr": res.metrics["rubber_length"]["stderr"], "ci95_low": np.nan, "ci95_high": np.nan})
        rub = pd.DataFrame(rows)
        exp.table(rub, "settlement_by_position")

        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
        width = 0.38
        x = np.arange(len(POSITIONS))
        for i, policy in enumerate(("heuristic", "random")):
            d = deals[(deals.policy == policy) & deals.position.isin(POSITIONS)]
            axes[0].bar(x + (i - 0.5) * width, d.penalty, width, yerr=1.96 * d.stderr, capsize=3, label=policy)
        axes[0].set_xticks(x, ["1 (leads)", "2", "3", "4 (dealer)"])
        axes[0].set_ylabel("penalty points per deal")
        axes[0].set_title("single deals: penalty by position from the dealer", fontsize=10)
        place_legend(axes[0], title="play")
        for i, rule in enumerate(("per_rubber", "per_deal")):
            d = rub[(rub.dealer_rule == rule) & rub.position.isin(POSITIONS)]
            axes[1].bar(x + (i - 0.5) * width, d.settlement, width, yerr=1.96 * d.stderr, capsize=3,
                        label={"per_rubber": "one dealer a rubber (literal)", "per_deal": "deal passes each deal"}[
                            rule])
        axes[1].axhline(0, color="0.4", lw=0.8)
        axes[1].set_xticks(x, ["1", "2", "3", "4 (dealer)"])
        axes[1].set_ylabel("settlement per rubber (points won)")
        axes[1].set_title("rubbers to 21, heuristic play: settlement by position", fontsize=10)
        place_legend(axes[1], fontsize=8)
        fig.suptitle("Tyotka: the cost of the dealer's seat")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"tyotka | {a.hands:,} single deals per policy, {rubbers:,} rubbers per rule, the same "
                              f"deals throughout | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "dealer_cost")
        plt.close("all")
        print(deals.to_string(index=False))
        print(rub.to_string(index=False))


if __name__ == "__main__":
    main()
