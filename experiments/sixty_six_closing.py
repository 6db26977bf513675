"""Sixty-six: when should a player close the stock?

Seat 0 closes with the heuristic at a swept ``threshold`` (it closes when its projection
of the points it will hold, :func:`simkit.games.sixty_six.nb.close_estimate_nb`, reaches
the threshold; 400 = never), or with the simulation closer (sampled deals played out
closing and not, later decisions by the heuristic at 80); seat 1 always closes with the
heuristic at 66. The simulation closer is compared with the heuristic at 80 (the default)
on the same deals (paired differences). Everything else is the
default heuristic for both. Single deals (seat 0 deals, so seat 1 leads first) give seat
0's game points per deal less seat 1's, how often seat 0 closes and how often its closes
succeed, and the success of closes by the closer's points when closing; games to 7 give
seat 0's win rate. Every point plays the same deals (common random numbers).

    python experiments/sixty_six_closing.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

THRESHOLDS = [30, 45, 55, 66, 75, 80, 90, 100, 400]
OPPONENT = "heuristic:threshold=66"
SIMULATION = "simulation:samples=16,threshold=80"
DEFAULT = "heuristic:threshold=80"


def main():
    exp = Experiment("sixty_six_closing", "Close-the-stock threshold sweep in Sixty-six", default_hands=100_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "thresholds": THRESHOLDS, "opponent": OPPONENT,
                     "simulation": SIMULATION}):
        closers = [f"heuristic:threshold={t}|{OPPONENT}" for t in THRESHOLDS]
        deals = simkit.sweep("sixty-six", {"close": closers}, a.hands, seed=a.seed, rules={"unit": "deal"},
                             n_jobs=a.jobs)
        deals.insert(0, "threshold", THRESHOLDS)
        exp.table(deals, "threshold_sweep_deals")
        games = simkit.sweep("sixty-six", {"close": closers}, max(1, a.hands // 20), seed=a.seed, n_jobs=a.jobs)
        games.insert(0, "threshold", THRESHOLDS)
        exp.table(games, "threshold_sweep_games")
        sim_hands = max(1, a.hands // 20)
        sim = simkit.sweep("sixty-six", {"close": [f"{SIMULATION}|{OPPONENT}", f"{DEFAULT}|{OPPONENT}",
                                                   f"{OPPONENT}|{OPPONENT}"]},
                           sim_hands, seed=a.seed, rules={"unit": "deal"}, n_jobs=a.jobs,
                           base={"close": f"{DEFAULT}|{OPPONENT}"})
        sim.insert(0, "closer", ["simulation", "heuristic 80", "heuristic 66"])
        exp.table(sim, "simulation_deals")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        panels = ((axes[0], deals, "game_point_margin.seat0", "seat 0 minus seat 1 game points per deal"),
                  (axes[1], deals, "closing_success_rate.seat0", "share of seat 0's closes won"),
                  (axes[2], games, "win_rate.seat0", "seat 0 win rate, games to 7"))
        for ax, df, metric, title in panels:
            x = [min(t, 120) for t in df["threshold"]]
            ax.plot(x, df[metric], marker="o")
            ax.fill_between(x, df[f"{metric}_ci95_low"], df[f"{metric}_ci95_high"], alpha=0.25)
            ax.set_xlabel("close threshold (projected points; 120 = never)")
            ax.set_title(title, fontsize=10)
            ax.set_ylabel({"game_point_margin.seat0": "game points per deal",
                           "closing_success_rate.seat0": "share of closes won",
                           "win_rate.seat0": "win rate (share of games)"}[metric])
        m = sim["game_point_margin.seat0"].iloc[0]
        axes[0].axhline(m, color="C3", ls="--", lw=1, label=f"simulation closer: {m:+.3f}")
        place_legend(axes[0], fontsize=8)
        ax2 = axes[1].twinx()
        ax2.plot([min(t, 120) for t in deals["threshold"]], deals["closing_rate.seat0"], color="C2", marker=".",
                 label="seat 0 closing rate")
        ax2.set_ylabel("seat 0's closing rate (share of deals)", color="C2")
        fig.suptitle("Sixty-six: seat 0 closes at a projected-points threshold; seat 1 closes at 66")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"sixty-six | {a.hands:,} single deals ({sim_hands:,} for the simulation closer) and "
                              f"{max(1, a.hands // 20):,} games per point, the same deals at every point | 95% "
                              f"intervals | seed {a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "threshold_sweep")
        plt.close("all")
        cols = ["threshold", "game_point_margin.seat0", "game_point_margin.seat0_stderr", "closing_rate.seat0",
                "closing_success_rate.seat0"]
        print(deals[cols].to_string(index=False))
        print(games[["threshold", "win_rate.seat0", "win_rate.seat0_stderr", "game_length"]].to_string(index=False))
        print(sim[["closer", "game_point_margin.seat0", "game_point_margin.seat0_stderr",
                   "game_point_margin.seat0_diff", "game_point_margin.seat0_diff_stderr", "closing_rate.seat0",
                   "closing_success_rate.seat0"]].to_string(index=False))


if __name__ == "__main__":
    main()
