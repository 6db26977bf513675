"""Polignac: how much is a seat worth, and does the player count change it?

With the heuristic at every seat, single deals give each position's net points per deal
(tricks minus jack penalties; position 1 = the dealer's left, who leads; the last = the
dealer) for three players (the seed's 17 cards each) and for four and five (GAMES.md G21
ambiguity 1: as many equal hands as possible); whole games to 20 give each seat's win
rate (seat 0 deals first, the deal passing clockwise). Every point plays the same deals.

    python experiments/polignac_seats.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

PLAYERS = [3, 4, 5]


def main():
    exp = Experiment("polignac_seats", "Seat and position values in Polignac by player count", default_hands=100_000)
    a = exp.parse()
    games = max(1, a.hands // 10)
    with exp.output({"hands": a.hands, "games": games, "seed": a.seed, "players": PLAYERS}):
        pos_rows, seat_rows = [], []
        for p in PLAYERS:
            deals = simkit.simulate("polignac", a.hands, rules={"unit": "deal", "players": p}, seed=a.seed,
                                    n_jobs=a.jobs, progress=False)
            for _, r in deals.tables["net_by_position"].iterrows():
                pos_rows.append({"players": p, **r.to_dict()})
            res = simkit.simulate("polignac", games, rules={"players": p}, seed=a.seed, n_jobs=a.jobs, progress=False)
            for _, r in res.tables["games_by_seat"].iterrows():
                seat_rows.append({"players": p, "seat": int(r.seat), "games": int(r.games), "win_rate": r.win_rate,
                                  "stderr": r.win_stderr, "ci95_low": r.win_ci95_low, "ci95_high": r.win_ci95_high,
                                  "fair_share": 1 / p, "game_length": res.metrics["game_length"]["value"]})
        pos = pd.DataFrame(pos_rows)
        seats = pd.DataFrame(seat_rows)
        exp.table(pos, "net_by_position")
        exp.table(seats, "win_rate_by_seat")

        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
        for p in PLAYERS:
            d = pos[pos.players == p]
            axes[0].errorbar(d.position, d.net, yerr=1.96 * d.stderr, marker="o", capsize=3, label=f"{p} players")
            s = seats[seats.players == p]
            axes[1].errorbar(s.seat, s.win_rate - s.fair_share, yerr=1.96 * s.stderr, marker="o", capsize=3,
                             label=f"{p} players")
        axes[0].set_xlabel("position from the dealer (1 = seat 1, leads; the last = seat 0, the dealer)")
        axes[0].set_ylabel("net points per deal")
        axes[0].set_title("single deals: net points by position", fontsize=10)
        axes[1].axhline(0, color="0.4", lw=0.8)
        axes[1].set_xlabel("seat (seat 0 deals first)")
        axes[1].set_ylabel("win rate minus 1/players")
        axes[1].set_title("games to 20: win rate by seat", fontsize=10)
        for ax in axes:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))     # seats and positions are whole numbers
            place_legend(ax, fontsize=8)
        fig.suptitle("Polignac (heuristic play at every seat): what a seat is worth")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"polignac | {a.hands:,} deals and {games:,} games per player count, the same deals "
                              f"throughout | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "seat_values")
        plt.close("all")
        print(pos.to_string(index=False))
        print(seats.to_string(index=False))


if __name__ == "__main__":
    main()
