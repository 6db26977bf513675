"""Kerosinka: how strong is the default play heuristic, and which parameter values are best?

One seat plays one policy against three seats of another, in each of the four seats in
turn on the same games (seed; the dealer passes left, seat 0 deals first), whole games to
300: the lone seat's win share, averaged over its four seats (fair: 0.25), and its card
points per deal. Pairs: ``simulation`` (20 samples, its play-outs by ``basic``) against
the default ``heuristic`` and against ``basic`` (the point games' shared heuristic,
Kerosinka's default before), ``heuristic`` against ``basic`` and the reverse. Then each
heuristic parameter in turn over a range, the others at their defaults: the variant's
lone seat against three default heuristics, against three ``basic`` seats, and the
simulation's lone seat against three of the variant (lower: harder to beat). Last, the
speed of whole games with every seat on each heuristic (one process, CPU time, best of
three).

A simulation seat makes a game some 120 times slower, so its pairs play ``--hands / 10``
games per seat and the sweep's simulation column ``--hands / 40``; the other columns
``--hands`` games per seat. The four rotations' standard errors are combined as if
independent.

    python experiments/kerosinka_play.py [--hands GAMES] [--seed S] [--jobs J] [--force]
"""
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

PAIRS = [("simulation", "heuristic"), ("simulation", "basic"), ("heuristic", "basic"), ("basic", "heuristic")]
SWEEP = {"lead_at": [0, 3, 5, 8, 12], "trump_at": [0, 3, 5, 8, 12], "win_at": [0, 3, 6, 12], "void_min": [0, 1, 2, 4]}


def lone_seat(test, base, games, seed, jobs):
    """``test`` in each seat in turn against three ``base`` seats: (win share, stderr,
    points per deal, stderr) averaged over the four seats."""
    win, win_se, pts, pts_se = [], [], [], []
    for s in range(4):
        pols = [base] * 4
        pols[s] = test
        res = simkit.simulate("kerosinka", games, seed=seed, policies={"play": "|".join(pols)}, n_jobs=jobs,
                              progress=False)
        w, p = res.estimates[f"win_rate.seat{s}"], res.estimates[f"points_per_deal.seat{s}"]
        win.append(w.value)
        win_se.append(w.stderr)
        pts.append(p.value)
        pts_se.append(p.stderr)
    comb = lambda se: float(np.sqrt(np.sum(np.square(se))) / 4)  # noqa: E731
    return float(np.mean(win)), comb(win_se), float(np.mean(pts)), comb(pts_se)


def speed(policy, games, seed):
    """Whole games a second with every seat on ``policy``: process CPU time, best of three
    (compile and cache loading excluded)."""
    simkit.simulate("kerosinka", 50, seed=seed, policies=policy, progress=False)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        simkit.simulate("kerosinka", games, seed=seed + k, policies=policy, progress=False)
        best = max(best, games / (time.process_time() - t))
    return best


def main():
    exp = Experiment("kerosinka_play", "Kerosinka's play heuristic: strength against the simulation player and "
                     "the shared point-game heuristic, and its parameters", default_hands=20_000)
    a = exp.parse()
    sim_games, sweep_sim = max(50, a.hands // 10), max(20, a.hands // 40)
    defaults = simkit.get_game("kerosinka").roles[0].builtins["heuristic"].params
    with exp.output({"hands": a.hands, "seed": a.seed, "sim_games": sim_games, "sweep_sim_games": sweep_sim,
                     "defaults": defaults}):
        rows = []
        for test, base in PAIRS:
            n = sim_games if "simulation" in (test, base) else a.hands
            w, wse, p, pse = lone_seat(test, base, n, a.seed, a.jobs)
            rows.append({"lone_seat": test, "against": base, "games_per_seat": n, "win_share": w, "win_stderr": wse,
                         "points_per_deal": p, "points_stderr": pse})
        pairs = pd.DataFrame(rows)
        exp.table(pairs, "pairs")

        rows = []
        for name, values in SWEEP.items():
            for v in values:
                pol = "heuristic:" + ",".join(f"{k}={v if k == name else d:g}" for k, d in defaults.items())
                row = {"parameter": name, "value": v, "default": v == defaults[name]}
                for col, (test, base, n) in {"vs_heuristic": (pol, "heuristic", a.hands),
                                             "vs_basic": (pol, "basic", a.hands),
                                             "simulation_vs_it": ("simulation", pol, sweep_sim)}.items():
                    w, wse, _, _ = lone_seat(test, base, n, a.seed, a.jobs)
                    row[col] = w
                    row[f"{col}_stderr"] = wse
                rows.append(row)
        sweep = pd.DataFrame(rows)
        exp.table(sweep, "sweep")

        speeds = pd.DataFrame([{"policy": p, "games_per_second": speed(p, max(200, a.hands // 4), a.seed)}
                               for p in ("heuristic", "basic")])
        exp.table(speeds, "speed")

        fig, axes = plt.subplots(1, 5, figsize=(20, 4.2))
        ax = axes[0]
        x = np.arange(len(pairs))
        ax.bar(x, pairs.win_share, 0.6, yerr=1.96 * pairs.win_stderr, capsize=3, color="C0")
        ax.axhline(0.25, color="0.4", lw=0.8, ls="--")
        ax.axhline(0.40, color="C3", lw=0.8, ls=":", label="fair + 0.15")
        ax.set_xticks(x, [f"{t}\nvs 3 {b}" for t, b in zip(pairs.lone_seat, pairs.against)], fontsize=7)
        ax.set_title("lone seat's win share (4 seats averaged)", fontsize=9)
        ax.set_ylabel("lone seat's win share (share of games)")
        place_legend(ax, fontsize=7)
        for ax, name in zip(axes[1:], SWEEP):
            d = sweep[sweep.parameter == name]
            for col, label in (("vs_heuristic", "variant vs 3 default heuristic"),
                               ("vs_basic", "variant vs 3 basic"),
                               ("simulation_vs_it", "simulation vs 3 of the variant")):
                ax.errorbar(d.value, d[col], yerr=1.96 * d[f"{col}_stderr"], marker="o", ms=3, capsize=2, label=label)
            ax.axvline(defaults[name], color="0.5", lw=0.8, ls=":")
            ax.axhline(0.25, color="0.4", lw=0.8, ls="--")
            ax.set_xlabel(f"{name} (heuristic parameter)")
            ax.set_ylabel("win share (share of games)")
            ax.set_title(f"heuristic, {name} (default {defaults[name]:g})", fontsize=9)
        place_legend(axes[1], fontsize=7)
        fig.suptitle("Kerosinka: the play heuristic against the simulation player and the shared point-game "
                     "heuristic (games to 300)")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"kerosinka | {a.hands:,} games per seat ({sim_games:,} in the simulation pairs, "
                              f"{sweep_sim:,} in the sweep's simulation column), the same games for every "
                              f"variant | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "play")
        plt.close("all")
        print(pairs.to_string(index=False))
        print(sweep.to_string(index=False))
        print(speeds.to_string(index=False))


if __name__ == "__main__":
    main()
