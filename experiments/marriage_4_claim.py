"""Marriage for four: at what count should a side claim?

North-South claim with the heuristic at a swept ``threshold`` (stop the deal once their
points, as counted, reach it); East-West claim at 101; everyone exchanges, declares and
plays by the heuristic. With an exact count (``slip`` 0) a threshold under 101 claims
short of 101 every time it claims early: the yan, 12 games lost (002:21); over 101 it gives
up the exact-101 stops worth 3 games. Players count «в уме» (002:22): with a count off by
up to ``slip`` points either way, a threshold a little above 101 trades exact-101 stops for
fewer yans. Units are deals until one is decided (void deals replayed); every point plays
the same deals (common random numbers). Reported per point: N-S net games per unit (games
won minus lost), N-S win rate, the rates of N-S yans and exact-101 claims per deal.

    python experiments/marriage_4_claim.py [--hands UNITS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

THRESHOLDS = [95, 98, 100, 101, 102, 104, 106, 110, 120]
SLIPS = [0, 5]


def claims(threshold, slip):
    ns = f"heuristic:threshold={threshold},slip={slip}"
    ew = f"heuristic:threshold=101,slip={slip}"
    return f"{ns}|{ew}|{ns}|{ew}"


def main():
    exp = Experiment("marriage_4_claim", "Claim threshold sweep in Marriage for four", default_hands=100_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "thresholds": THRESHOLDS, "slips": SLIPS}):
        parts = []
        for slip in SLIPS:
            df = simkit.sweep("marriage-4", {"claim": [claims(t, slip) for t in THRESHOLDS]}, a.hands, seed=a.seed,
                              rules={"unit": "game"}, n_jobs=a.jobs)
            df.insert(0, "threshold", THRESHOLDS)
            df.insert(1, "slip", slip)
            parts.append(df)
        sweep = pd.concat(parts, ignore_index=True)
        exp.table(sweep, "threshold_sweep")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        panels = (("net_games.ns", "N-S net games per unit", "net games per unit"),
                  ("yan_rate.ns", "N-S yans per deal", "yans per deal"),
                  ("claim_exact_rate.ns", "N-S claims at exactly 101 per deal", "claims per deal"))
        for ax, (metric, title, ylabel) in zip(axes, panels):
            ax.set_ylabel(ylabel)
            for slip, df in sweep.groupby("slip"):
                ax.plot(df["threshold"], df[metric], marker="o", label=f"count off by up to {slip}")
                ax.fill_between(df["threshold"], df[f"{metric}_ci95_low"], df[f"{metric}_ci95_high"], alpha=0.2)
            ax.axvline(101, color="0.6", lw=0.8, ls=":")
            ax.set_xlabel("N-S claim threshold (points as counted)")
            ax.set_title(title, fontsize=10)
        place_legend(axes[0], fontsize=8)
        fig.suptitle("Marriage for four: N-S claim when their counted points reach the threshold; E-W at 101")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"marriage-4 | {a.hands:,} units (deals to a decided one) per point, the same deals at "
                              f"every point | heuristic exchange, declarations and play | 95% intervals | seed "
                              f"{a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "threshold_sweep")
        plt.close("all")
        print(sweep[["slip", "threshold", "net_games.ns", "net_games.ns_stderr", "win_rate.ns", "yan_rate.ns",
                     "claim_exact_rate.ns"]].to_string(index=False))


if __name__ == "__main__":
    main()
