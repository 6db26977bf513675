"""Two-hand Marriage: does the simulation card player beat the heuristic one?

Seat 0 plays its cards by simulation (``samples`` sampled deals of the cards it cannot see
per decision, each legal card played out by the heuristics: a win by 101 first, then the
points margin) and seat 1 by the heuristic, against both seats on the heuristic, on the
same deals (``compare``: paired differences over groups of deals). Single deals to 101
without carry-over (the default unit; seat 0 deals, so seat 1 leads); both declare with
the heuristic. Reports seat 0's and seat 1's win rates and the draw rate, and their
differences from the heuristic pair with paired standard errors, for each sample size.
The simulation plays about 500 deals a second, so the comparison plays ``--hands / 10``
deals per variant (4000 by default).

    python experiments/marriage_simulation.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.reports.student import t_quantile2  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

SAMPLES = [2, 4, 8, 16]
METRICS = ["win_rate.seat0", "win_rate.seat1", "draw_rate"]


def main():
    exp = Experiment("marriage_simulation", "The simulation card player against the heuristic in two-hand Marriage",
                     default_hands=40_000)
    a = exp.parse()
    deals = max(200, a.hands // 10)
    with exp.output({"hands": a.hands, "seed": a.seed, "samples": SAMPLES, "deals_per_variant": deals}):
        variants = ["heuristic|heuristic"] + [f"simulation:samples={s}|heuristic" for s in SAMPLES]
        comp = simkit.compare("marriage", variants, deals, seed=a.seed, role="play", n_jobs=a.jobs)
        rep = comp.report()
        rep = rep[rep.metric.isin(METRICS)].reset_index(drop=True)
        exp.table(rep, "simulation_vs_heuristic")

        fig, ax = plt.subplots(figsize=(8, 4.2))
        names = {"win_rate.seat0": "seat 0 wins", "win_rate.seat1": "seat 1 wins", "draw_rate": "draws"}
        t = t_quantile2(0.05, comp.n_groups - 1)      # as the comparison's tables: t with G - 1 df
        for k, metric in enumerate(METRICS):
            d = comp.differences(metric)
            x = [s * 2 ** ((k - 1) * 0.08) for s in SAMPLES]   # side by side on the log axis
            ax.errorbar(x, d["diff"], yerr=t * d["diff_stderr"], marker="o", capsize=3,
                        label=names.get(metric, metric))
        ax.axhline(0, color="0.6", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xticks(SAMPLES)
        ax.set_xticklabels([str(s) for s in SAMPLES])
        ax.set_xlabel("seat 0's sampled deals per card decision")
        ax.set_ylabel("share of deals: simulation seat 0\nminus both seats on the heuristic")
        place_legend(ax, fontsize=8)
        fig.suptitle("Two-hand Marriage: seat 0 plays by simulation, seat 1 by the heuristic (deals to 101)",
                     fontsize=10)
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"marriage | {deals:,} deals per variant, the same deals for every variant | paired "
                              f"95% intervals (t with {comp.n_groups - 1} df) | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "simulation_vs_heuristic")
        plt.close("all")
        print(rep[["policy", "metric", "value", "stderr", "diff", "diff_stderr"]].to_string(index=False))


if __name__ == "__main__":
    main()
