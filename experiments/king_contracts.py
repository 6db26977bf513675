"""King: which contracts cost the most, and whom?

Every negative deal totals 16 penalty points (eralash 96) and every positive deal 24, so
a contract costs a seat only what it takes beyond the equal share (4, eralash 24; a
positive deal's 6 points short). Whole parties (seven negative deals, then eight positive
ones, the deal passing left, so every seat plays every position) with seat 0 playing:

* ``heuristic`` like the others (the table's own balance: zero up to seat effects);
* ``random`` against three heuristic players: what each contract costs a player who plays
  it without a plan (the most and least costly contracts);
* ``simulation`` against three heuristic players (on the first fortieth of the parties,
  the same deals: it is about 100 times slower): what careful play saves.

Beside it, with all four playing the heuristic, each contract's penalty by position
(1 = the dealer's left, who leads; 4 = the dealer), as a share of the deal's total, and a
sweep of the trump heuristic's ``last_below`` (say «По последней» when no suit holds that
many of the namer's three cards; 1 = never) on single positive deals: the value of naming
trump (the namer's points above 6).

    python experiments/king_contracts.py [--hands PARTIES] [--seed S] [--jobs J] [--force]
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
from simkit.reports.estimates import Z95  # noqa: E402

CONTRACTS = ["no_tricks", "no_boys", "no_girls", "no_hearts", "last_two", "king_of_hearts", "eralash", "plus"]
TOTAL = {"eralash": 96, "plus": 24}
SEAT0 = {"heuristic": "heuristic", "random": "random|heuristic|heuristic|heuristic",
         "simulation": "simulation|heuristic|heuristic|heuristic"}
LAST_BELOW = [1, 2, 3, 4]


def cost_rows(res, player):
    """Seat 0's cost per contract: penalty above the equal share, or positive points below it."""
    t = res.tables["points_by_contract"]
    rows = []
    for c in CONTRACTS:
        r = t[(t.contract == c) & (t.seat == 0)].iloc[0]
        share = TOTAL.get(c, 16) / 4
        cost = share - r["mean"] if c == "plus" else r["mean"] - share
        rows.append({"contract": c, "seat0": player, "deals": int(r["deals"]), "cost": cost, "stderr": r["stderr"],
                     "ci95_low": cost - Z95 * r["stderr"], "ci95_high": cost + Z95 * r["stderr"],
                     "sd": r["sd"], "half_or_more": r["half_or_more"]})
    return rows


def main():
    exp = Experiment("king_contracts", "King's most and least costly contracts", default_hands=20_000)
    a = exp.parse()
    slow = max(10, a.hands // 40)
    with exp.output({"hands": a.hands, "seed": a.seed, "simulation_parties": slow}):
        rows = []
        runs = {}
        for player, pol in SEAT0.items():
            n = slow if player == "simulation" else a.hands
            runs[player] = simkit.simulate("king", n, policies={"play": pol}, seed=a.seed, n_jobs=a.jobs,
                                           progress=False)
            rows += cost_rows(runs[player], player)
        cost = pd.DataFrame(rows)
        exp.table(cost, "cost_by_contract")
        pos = runs["heuristic"].tables["points_by_position"].copy()
        share = pos.contract.map(lambda c: TOTAL.get(c, 16))
        for col in ("mean", "ci95_low", "ci95_high"):
            pos[f"{col}_share"] = pos[col] / share
        exp.table(pos, "points_by_position")
        naming = simkit.sweep("king", {"trump": [f"heuristic:last_below={k}" for k in LAST_BELOW]}, a.hands,
                              seed=a.seed, rules={"unit": "deal", "contract": "plus"}, n_jobs=a.jobs)
        naming.insert(0, "last_below", LAST_BELOW)
        exp.table(naming, "naming_sweep")

        fig, axes = plt.subplots(1, 2, figsize=(14, 4.8))
        ax = axes[0]
        x = np.arange(len(CONTRACTS))
        for i, player in enumerate(SEAT0):
            part = cost[cost.seat0 == player]
            ax.bar(x + (i - 1) * 0.27, part["cost"], 0.27, label=f"seat 0 {player}",
                   yerr=[part["cost"] - part["ci95_low"], part["ci95_high"] - part["cost"]], capsize=3)
        ax.axhline(0, color="0.5", lw=0.8)
        ax.set_xticks(x, CONTRACTS, rotation=30, ha="right")
        ax.set_ylabel("points lost per deal beyond the equal share")
        ax.set_title("what each contract costs seat 0 against three heuristic players", fontsize=10)
        place_legend(ax, fontsize=8)
        ax = axes[1]
        for p in range(1, 5):
            part = pos[pos.position == p]
            ax.errorbar(x + (p - 2.5) * 0.1, 100 * part["mean_share"],
                        yerr=[100 * (part["mean_share"] - part["ci95_low_share"]),
                              100 * (part["ci95_high_share"] - part["mean_share"])],
                        fmt="o", capsize=3,
                        label="dealer" if p == 4 else f"position {p}" + (" (leads)" if p == 1 else ""))
        ax.axhline(25, color="0.5", lw=0.8)
        ax.set_xticks(x, CONTRACTS, rotation=30, ha="right")
        ax.set_ylabel("% of the deal's points taken")
        ax.set_title("share of each deal's points by position, four heuristic players", fontsize=10)
        place_legend(ax, fontsize=8)
        fig.suptitle("King: the costliest contracts (penalty deals 16 points, eralash 96; positive deals 24)")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"king | {a.hands:,} parties per policy ({slow:,} with the simulation player), the "
                              f"same deals for every policy | 95% intervals | seed {a.seed} | simkit "
                              f"{code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "contract_costs")
        plt.close("all")
        print(cost[["contract", "seat0", "deals", "cost", "stderr", "sd"]].to_string(index=False))
        print(naming[["last_below", "naming_value", "naming_value_stderr", "by_the_last_rate"]].to_string(index=False))


if __name__ == "__main__":
    main()
