"""Klaberjass: how good must a hand be to take the trump?

Seat 0 calls with the heuristic at a swept ``threshold`` (take the turned suit, or name a
suit in round 2, when the hand's value reaches it: card points held, 6 per trump, bella,
sequences, the dix); seat 1 calls with the default heuristic; both play and declare with
the heuristic. Every point of the sweep plays the same deals (common random numbers).
Games to 500 give seat 0's win rate; the contracts table gives seat 0's share of contracts
made and its mean margin (its total minus the opponent's when it is the maker), and how
often it makes the contract at all. A second part plays the simulation bidder (deals
sampled from what the seat has seen and played out in the kernel) against the default
heuristic on a fiftieth of the games.

    python experiments/klaberjass_threshold.py [--hands GAMES] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

THRESHOLDS = [30, 40, 50, 55, 60, 65, 70, 80, 90]
METRICS = ("win_rate.seat0", "contract_made_rate.seat0", "contract_made_rate.seat1", "deals_per_game",
           "thrown_in_rate", "points_per_deal.seat0", "points_per_deal.seat1")


def main():
    exp = Experiment("klaberjass_threshold", "Take/pass threshold sweep in Klaberjass", default_hands=20_000)
    a = exp.parse()
    slow = max(1, a.hands // 50)
    with exp.output({"hands": a.hands, "seed": a.seed, "thresholds": THRESHOLDS, "simulation_games": slow}):
        games = simkit.sweep("klaberjass", {"bid": [f"heuristic:threshold={t}|heuristic" for t in THRESHOLDS]},
                             a.hands, seed=a.seed, n_jobs=a.jobs)
        games.insert(0, "threshold", THRESHOLDS)
        games["contracts_seat0_per_game"] = games["contract_made_rate.seat0_n"] / games["win_rate.seat0_n"]
        exp.table(games[["threshold", "contracts_seat0_per_game"]
                        + [c for m in METRICS for c in (m, f"{m}_stderr", f"{m}_ci95_low", f"{m}_ci95_high")]],
                  "threshold_sweep")
        sim = simkit.compare("klaberjass", ["heuristic|heuristic", "simulation|heuristic"], slow, seed=a.seed,
                             role="bid", n_jobs=a.jobs)
        exp.table(sim.report(), "simulation_vs_heuristic")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        for ax, metric, title, ylabel in (
                (axes[0], "win_rate.seat0", "seat 0's win rate, games to 500", "win rate (share of games)"),
                (axes[1], "contract_made_rate.seat0", "share of seat 0's contracts made", "share of contracts"),
                (axes[2], "contracts_seat0_per_game", "seat 0's contracts per game (a ratio of means: no interval)",
                 "contracts per game")):
            ax.set_ylabel(ylabel)
            ax.plot(games["threshold"], games[metric], marker="o")
            if f"{metric}_ci95_low" in games:
                ax.fill_between(games["threshold"], games[f"{metric}_ci95_low"], games[f"{metric}_ci95_high"],
                                alpha=0.25)
            ax.set_xlabel("seat 0's take threshold (hand value)")
            ax.set_title(title, fontsize=10)
        axes[0].axhline(0.5, color="0.6", lw=0.8)
        fig.suptitle("Klaberjass: seat 0 takes at a swept threshold; seat 1 calls with the default heuristic")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"klaberjass | {a.hands:,} games to 500 per point, the same deals at every point | "
                              f"95% intervals | seed {a.seed} | simkit {code_version()}", fontsize=7, color="0.35")
        exp.figure(fig, "threshold_sweep")
        plt.close("all")
        print(games[["threshold", "win_rate.seat0", "win_rate.seat0_stderr", "contract_made_rate.seat0",
                     "contracts_seat0_per_game"]].to_string(index=False))
        rep = sim.report()
        print(rep[rep.metric.isin(["win_rate.seat0", "contract_made_rate.seat0"])].to_string(index=False))


if __name__ == "__main__":
    main()
