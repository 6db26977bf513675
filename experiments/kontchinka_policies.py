"""Kontchinka: which play policy wins games to 15, and from which seat?

Two players, variant б (the defaults). Greedy against the kontchinka-keeping heuristic
in both seatings (seat 0 deals the first deal, seat 1 leads it; the deal then alternates)
gives each seat's win rate with each policy; the heuristic's ``deny`` weight is swept
against greedy (both seatings, the same games at every point); the simulation policy
plays the default heuristic at a hundredth of the size (it plays each legal move out over
sampled deals: about a tenth of a second a game). Every rate with its 95% interval.

    python experiments/kontchinka_policies.py [--hands GAMES] [--seed S] [--jobs J] [--force]
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

DENY = [0.0, 1.0, 2.0, 4.0, 8.0]


def seat_rates(a, first, second, hands):
    """Both seatings of ``first`` against ``second``: one row per (seating, seat)."""
    rows = []
    for pair in ((first, second), (second, first)):
        res = simkit.simulate("kontchinka", hands, policies={"play": "|".join(pair)}, seed=a.seed, n_jobs=a.jobs,
                              progress=False)
        for s in range(2):
            e = res.estimates[f"win_rate.seat{s}"]
            rows.append({"seat0": pair[0], "seat1": pair[1], "seat": s, "policy": pair[s], "games": e.n,
                         "win_rate": e.value, "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1],
                         "deals_per_game": res.estimates["deals_per_game"].value})
    return pd.DataFrame(rows)


def overall(df, policy):
    """``policy``'s win rate over both seatings (the mean of two independent rates)."""
    d = df[df.policy == policy]
    v, se = d.win_rate.mean(), float(np.sqrt((d.stderr ** 2).sum()) / 2)
    return v, se


def main():
    exp = Experiment("kontchinka_policies", "Greedy, heuristic and simulation play in two-player Kontchinka",
                     default_hands=100_000)
    a = exp.parse()
    small, tiny = max(1, a.hands // 4), max(1, a.hands // 100)
    with exp.output({"hands": a.hands, "seed": a.seed, "deny": DENY}):
        seats = seat_rates(a, "greedy", "heuristic", a.hands)
        exp.table(seats, "greedy_vs_heuristic")
        rows = []
        for d in DENY:
            df = seat_rates(a, "greedy", f"heuristic:deny={d:g}", small)
            v, se = overall(df, f"heuristic:deny={d:g}")
            rows.append({"deny": d, "games": 2 * small, "win_rate_vs_greedy": v, "stderr": se,
                         "ci95_low": v - 1.96 * se, "ci95_high": v + 1.96 * se})
        sweep = pd.DataFrame(rows)
        exp.table(sweep, "deny_sweep")
        sim = seat_rates(a, "heuristic", "simulation", tiny)
        exp.table(sim, "simulation_vs_heuristic")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        ax = axes[0]
        for i, pol in enumerate(("greedy", "heuristic")):
            d = seats[seats.policy == pol].sort_values("seat")
            x = np.arange(2) + (i - 0.5) * 0.35
            ax.bar(x, d.win_rate, 0.35, yerr=1.96 * d.stderr, label=pol, capsize=3)
        ax.axhline(0.5, color="0.5", lw=0.8)
        ax.set_xticks([0, 1], ["seat 0 (deals first)", "seat 1 (leads first)"])
        ax.set_ylabel("win rate (share of games to 15)")
        ax.set_ylim(0, 1)                   # a rate's whole range: room for the legend above the bars
        ax.set_title("greedy against the heuristic, by seat", fontsize=10)
        place_legend(ax)
        ax = axes[1]
        ax.errorbar(sweep.deny, sweep.win_rate_vs_greedy, yerr=1.96 * sweep.stderr, marker="o", capsize=3)
        ax.axhline(0.5, color="0.5", lw=0.8)
        ax.set_xlabel("heuristic `deny` weight")
        ax.set_ylabel("win rate (share of games to 15)")
        ax.set_title("heuristic's win rate against greedy (both seats)", fontsize=10)
        ax = axes[2]
        labels = ["greedy\nv heuristic", "heuristic\nv greedy", "simulation\nv heuristic"]
        vals = [overall(seats, "greedy"), overall(seats, "heuristic"), overall(sim, "simulation")]
        ax.bar(labels, [v for v, _ in vals], yerr=[1.96 * s for _, s in vals], capsize=3, color=["C0", "C1", "C2"])
        ax.axhline(0.5, color="0.5", lw=0.8)
        ax.set_title("win rate over both seatings", fontsize=10)
        ax.set_ylabel("win rate (share of games to 15)")
        ax.tick_params(axis="x", labelsize=8)
        fig.suptitle("Kontchinka, two players, variant b: play policies in games to 15")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"kontchinka | {a.hands:,} games per seating ({small:,} per sweep point, {tiny:,} for "
                              f"simulation) | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "policies_by_seat")
        plt.close("all")
        print(seats[["seat0", "seat1", "seat", "win_rate", "stderr"]].to_string(index=False))
        print(sweep.to_string(index=False))
        print(sim[["seat0", "seat1", "seat", "win_rate", "stderr"]].to_string(index=False))


if __name__ == "__main__":
    main()
