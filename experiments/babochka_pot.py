"""Babochka: who gains from the pot, by seat and by play policy?

Everyone antes 1 a deal and pays 1 per card laid (the defaults). With the heuristic at
every seat, the pot EV per seat (net chips per pot: the pot taken less antes and fees)
shows the seat effect for 3 and 4 players (seat 0 deals the first deal, seat 1 plays
first; the deal passes left). A table of one heuristic, one greedy and one random player,
rotated through the three seatings, shows what each policy earns per pot; the simulation
policy is then rotated against two heuristic players at a tenth of the size. Every figure
with its 95% interval; the seats' nets add up to zero in every pot.

    python experiments/babochka_pot.py [--hands POTS] [--seed S] [--jobs J] [--force]
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


def by_seat(a, players, hands):
    res = simkit.simulate("babochka", hands, rules={"players": players}, policies="heuristic", seed=a.seed,
                          n_jobs=a.jobs, progress=False)
    df = res.tables["pot_ev_by_seat"].copy()
    df.insert(0, "players", players)
    df["deals_per_pot"] = res.estimates["deals_per_pot"].value
    df["pot_size"] = res.estimates["pot_size"].value
    return df


def rotated(a, trio, hands):
    """Each policy of ``trio`` at every seat in turn: its mean pot EV over the rotations."""
    rows = []
    for shift in range(3):
        seats = [trio[(s + shift) % 3] for s in range(3)]
        res = simkit.simulate("babochka", hands, policies={"play": "|".join(seats)}, seed=a.seed, n_jobs=a.jobs,
                              progress=False)
        t = res.tables["pot_ev_by_seat"]
        for s in range(3):
            rows.append({"policy": seats[s], "seat": s, "pots": int(t.pots[s]), "pot_ev": t.pot_ev[s],
                         "stderr": t.stderr[s]})
    df = pd.DataFrame(rows)
    out = df.groupby("policy", sort=False).agg(pot_ev=("pot_ev", "mean"), pots=("pots", "sum")).reset_index()
    # seat rows treated as independent (they share pots: an approximation)
    out["stderr"] = [float(np.sqrt((df[df.policy == p].stderr ** 2).sum()) / (df.policy == p).sum())
                     for p in out.policy]
    out["ci95_low"] = out.pot_ev - 1.96 * out.stderr
    out["ci95_high"] = out.pot_ev + 1.96 * out.stderr
    return df, out


def main():
    exp = Experiment("babochka_pot", "Pot EV by seat and by play policy in Babochka", default_hands=200_000)
    a = exp.parse()
    small = max(1, a.hands // 10)
    with exp.output({"hands": a.hands, "seed": a.seed}):
        seats = pd.concat([by_seat(a, 3, a.hands), by_seat(a, 4, a.hands)], ignore_index=True)
        exp.table(seats, "pot_ev_by_seat")
        detail, mixed = rotated(a, ("heuristic", "greedy", "random"), a.hands)
        exp.table(detail, "mixed_table_by_seat")
        exp.table(mixed, "mixed_table")
        sdetail, sim = rotated(a, ("simulation", "heuristic", "heuristic"), small)
        exp.table(sim, "simulation_vs_heuristic")

        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
        ax = axes[0]
        for i, p in enumerate((3, 4)):
            d = seats[seats.players == p]
            x = np.arange(p) + (i - 0.5) * 0.35
            ax.bar(x, d.pot_ev, 0.35, yerr=1.96 * d.stderr, capsize=3, label=f"{p} players")
        ax.axhline(0, color="0.5", lw=0.8)
        ax.set_xticks(range(4), ["seat 0\n(deals first)", "seat 1\n(plays first)", "seat 2", "seat 3"])
        ax.set_ylabel("pot EV (chips per pot)")
        ax.set_title("every seat plays the heuristic", fontsize=10)
        place_legend(ax, ncol=2, fontsize=8)
        ax = axes[1]
        both = pd.concat([mixed, sim[sim.policy == "simulation"]], ignore_index=True)
        ax.bar(both.policy, both.pot_ev, yerr=1.96 * both.stderr, capsize=3, color=["C1", "C0", "C3", "C2"])
        ax.axhline(0, color="0.5", lw=0.8)
        ax.axvline(2.5, color="0.5", lw=0.8, ls="--")   # the simulation bar is another table's
        ax.set_ylabel("pot EV (chips per pot)")
        ax.set_title("heuristic, greedy, random at one table (rotated);\nsimulation against two heuristics",
                     fontsize=10)
        fig.suptitle("Babochka: ante 1, fee 1 per card laid")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"babochka | {a.hands:,} pots per run ({small:,} with simulation) | 95% intervals | "
                              f"seed {a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "pot_ev_by_seat")
        plt.close("all")
        print(seats[["players", "seat", "pot_ev", "stderr", "win_rate"]].to_string(index=False))
        print(mixed.to_string(index=False))
        print(sim.to_string(index=False))


if __name__ == "__main__":
    main()
