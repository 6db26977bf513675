"""Two-hand Marriage: how do the deck (32, 28, 24 or 20 cards) and carry-over change the
game, and what is declaring worth?

Three sweeps over the deck, every point on the same seeds: single deals to 101 without
carry-over (the draw rate, how often a deal reaches 101, marriages per deal; seat 0 deals
every deal, so seat 1 leads), the same when seat 1 never declares (seat 0 declares with the
heuristic: seat 0's win rate against a player who forgoes marriages), and games with
carry-over (game length and seat 0's win rate; the deal alternates).

    python experiments/marriage_decks.py [--hands DEALS] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

DECKS = [32, 28, 24, 20]


#: legend names of the metrics drawn (seat 0 deals first, seat 1 leads)
NAMES = {"draw_rate": "draw", "win_rate.seat0": "seat 0 wins (deals)", "win_rate.seat1": "seat 1 wins (leads)"}


def main():
    exp = Experiment("marriage_decks", "Deck size, carry-over and declaring in two-hand Marriage",
                     default_hands=100_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "decks": DECKS}):
        deals = simkit.sweep("marriage", {"deck": DECKS}, a.hands, seed=a.seed, n_jobs=a.jobs)
        exp.table(deals, "decks_deals")
        never = simkit.sweep("marriage", {"deck": DECKS}, a.hands, seed=a.seed, n_jobs=a.jobs,
                             policies={"declare": "heuristic|random:p=0"})
        exp.table(never, "decks_one_never_declares")
        games = simkit.sweep("marriage", {"deck": DECKS}, max(1, a.hands // 4), seed=a.seed, n_jobs=a.jobs,
                             rules={"carry_over": True})
        exp.table(games, "decks_carry_over")

        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        panels = ((axes[0], deals, ["draw_rate", "win_rate.seat1"], "single deals: draws and the leader's wins"),
                  (axes[1], never, ["win_rate.seat0", "win_rate.seat1"], "seat 1 never declares"),
                  (axes[2], games, ["win_rate.seat0", "win_rate.seat1"], "games to 101 with carry-over"))
        for ax, df, metrics, title in panels:
            for metric in metrics:
                ax.plot(df["deck"], df[metric], marker="o", label=NAMES[metric])
                ax.fill_between(df["deck"], df[f"{metric}_ci95_low"], df[f"{metric}_ci95_high"], alpha=0.25)
            ax.set_xlabel("cards in the deck")
            ax.set_ylabel("share of games" if df is games else "share of deals")
            ax.set_xticks(DECKS)
            ax.set_title(title, fontsize=10)
            place_legend(ax, fontsize=8)
        fig.suptitle("Two-hand Marriage by deck size (seat 0 deals first; heuristic play and declarations)")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"marriage | {a.hands:,} deals and {max(1, a.hands // 4):,} games per point, the same "
                              f"seeds at every point | 95% intervals | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "decks")
        plt.close("all")
        print(deals[["deck", "draw_rate", "win_rate.seat0", "win_rate.seat1", "reached_101_rate",
                     "marriages_per_deal", "trump_changes_per_deal"]].to_string(index=False))
        print(never[["deck", "win_rate.seat0", "win_rate.seat1", "draw_rate"]].to_string(index=False))
        print(games[["deck", "win_rate.seat0", "win_rate.seat0_stderr", "game_length"]].to_string(index=False))


if __name__ == "__main__":
    main()
