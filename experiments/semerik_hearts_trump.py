"""Semerik with and without hearts as trump (GAMES.md G01 ambiguity 1: 000:11 «Козырей в
семерике нет» against 000:23 «Главной мастью считаются черви; она может бить любую масть»).

For each reading: single deals with the heuristic for every seat (the points a seat's
tricks score, how often one side takes all ten tricks, the dealer's side's edge), and
games to 21 with North-South playing the heuristic against East-West playing at random
(how much skill is worth) and with the heuristic everywhere (game length, doubled games).
Every point plays the same deals (common random numbers).

    python experiments/semerik_hearts_trump.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

READINGS = [("no trumps (default)", False), ("hearts trump", True)]
DEAL_METRICS = ["trick_points_per_seat", "all_tricks_rate", "dealer_edge", "points_per_deal.ns"]
GAME_METRICS = ["win_rate.ns", "deals_per_game", "doubled_game_rate", "stake.ns"]


def _row(res, names, **lead):
    row = dict(lead)
    for m in names:
        e = res.metrics[m]
        row.update({m: e["value"], f"{m}_stderr": e["stderr"], f"{m}_ci95_low": e["ci95"][0],
                    f"{m}_ci95_high": e["ci95"][1]})
    return row


def main():
    exp = Experiment("semerik_hearts_trump", "Semerik with and without hearts as trump", default_hands=200_000)
    a = exp.parse()
    games_n = max(1, a.hands // 20)
    with exp.output({"hands": a.hands, "seed": a.seed, "games": games_n}):
        deals, games, points = [], [], []
        for label, hearts in READINGS:
            rules = {"hearts_trump": hearts}
            d = simkit.simulate("semerik", a.hands, rules={"unit": "deal", **rules}, policies="heuristic",
                                seed=a.seed, n_jobs=a.jobs, progress=False)
            deals.append(_row(d, DEAL_METRICS, reading=label))
            pts = d.tables["points"].groupby("points")["count"].sum()
            points.append((label, pts / pts.sum()))
            for pol, name in (("heuristic|random|heuristic|random", "heuristic N-S vs random E-W"),
                              ("heuristic", "heuristic everywhere")):
                g = simkit.simulate("semerik", games_n, rules=rules, policies={"play": pol}, seed=a.seed, n_jobs=a.jobs,
                                    progress=False)
                games.append(_row(g, GAME_METRICS, reading=label, policies=name))
        deals, games = pd.DataFrame(deals), pd.DataFrame(games)
        exp.table(deals, "deals")
        exp.table(games, "games")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        for label, share in points:
            axes[0].plot(share.index, share.values, marker="o", label=label)
        axes[0].set_xlabel("points scored by a seat's tricks in a deal")
        axes[0].set_ylabel("share of seat-deals")
        axes[0].set_title("trick points per seat, heuristic play", fontsize=10)
        place_legend(axes[0], fontsize=8)
        for ax, policies, metric, title in ((axes[1], "heuristic N-S vs random E-W", "win_rate.ns",
                                             "N-S (heuristic) win rate against random play"),
                                            (axes[2], "heuristic everywhere", "deals_per_game",
                                             "deals per game to 21, heuristic play")):
            rows = games[games.policies == policies]
            ax.bar(rows.reading, rows[metric],
                   yerr=[rows[metric] - rows[f"{metric}_ci95_low"], rows[f"{metric}_ci95_high"] - rows[metric]],
                   capsize=6, color=["#4c72b0", "#c44e52"])
            ax.set_title(title, fontsize=10)
            ax.set_ylabel({"win_rate.ns": "win rate (share of games)", "deals_per_game": "deals per game"}[metric])
        fig.suptitle("Semerik: no trumps (000:11) against hearts as trump (000:23)")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"semerik | {a.hands:,} single deals and {games_n:,} games per reading, the same deals "
                              f"for both | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "hearts_trump")
        plt.close("all")
        print(deals.to_string(index=False))
        print(games[["reading", "policies", *GAME_METRICS]].to_string(index=False))


if __name__ == "__main__":
    main()
