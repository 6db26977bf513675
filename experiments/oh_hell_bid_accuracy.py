"""Oh Hell: how often does each bid policy make its bid exactly, by hand size?

Four bidders (uniform random, the card-strength heuristic, the seed's own advice and the
simulation bidder that plays out sampled deals) each play whole 4-player games (deals of
1..13 cards, trump turned, none on the last deal) with the bid-aware player, on the very
same deals (common random numbers: ``simkit.compare``). The simulation bidder is about
50 times slower, so it plays the first twentieth of the games (paired with the heuristic on
those). The figure shows bid accuracy (exact hits / bids) by cards in hand with 95%
intervals; the tables give every policy's accuracy by hand size and by bidding position,
and paired differences.
A second part measures the hook rule and the value of bidding last (the dealer's edge in
points per deal) for the heuristic bidder, with and without the hook (``simkit.sweep``),
and a third the heuristic bidder's ``bias`` (added before rounding) on the first quarter
of the games (``heuristic_bias``): its best value is the default.

    python experiments/oh_hell_bid_accuracy.py [--hands GAMES] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.estimates import Z95  # noqa: E402

FAST = ["random", "heuristic", "seed-advice"]
SLOW = ["heuristic", "simulation"]
BIASES = [-0.3, -0.25, -0.2, -0.1, 0.0]


def main():
    exp = Experiment("oh_hell_bid_accuracy", "Bid accuracy of each Oh Hell bid policy by hand size",
                     default_hands=5_000)
    a = exp.parse()
    slow_games = max(1, a.hands // 20)
    with exp.output({"hands": a.hands, "seed": a.seed, "bidders": FAST + SLOW[1:], "simulation_games": slow_games}):
        cmp = simkit.compare("oh-hell", FAST, a.hands, seed=a.seed, role="bid", n_jobs=a.jobs)
        sim = simkit.compare("oh-hell", SLOW, slow_games, seed=a.seed, role="bid", n_jobs=a.jobs)
        by_cards, by_pos = [], []
        for label, res in list(zip(FAST, cmp.results)) + [(SLOW[1], sim.results[1])]:
            n = res.n_units
            by_cards.append(res.tables["accuracy_by_cards"].assign(bid_policy=label, games=n))
            by_pos.append(res.tables["accuracy_by_position"].assign(bid_policy=label, games=n))
        by_cards = pd.concat(by_cards, ignore_index=True)
        exp.table(by_cards, "accuracy_by_cards")
        exp.table(pd.concat(by_pos, ignore_index=True), "accuracy_by_position")
        exp.table(cmp.report(), "comparison")
        exp.table(sim.report(), "comparison_simulation")

        fig, ax = plt.subplots(figsize=(8, 4.5))
        for label, part in by_cards.groupby("bid_policy", sort=False):
            ax.plot(part["cards"], part["bid_accuracy"], marker="o", label=f"{label} ({part['games'].iloc[0]:,} games)")
            ax.fill_between(part["cards"], part["ci95_low"], part["ci95_high"], alpha=0.2)
        ax.set_xlabel("cards in hand (deal number)")
        ax.set_ylabel("bid accuracy (exact hits / bids)")
        ax.set_title("Oh Hell, 4 players: bid accuracy by hand size (bid-aware play for all)")
        ax.set_xticks(range(1, 14))
        place_legend(ax, title="bid policy")
        fig.tight_layout(rect=(0, 0.04, 1, 1))
        fig.text(0.01, 0.005, f"oh-hell | whole 4-player games, the same deals for every policy (the first "
                              f"{slow_games:,} for the simulation bidder) | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "accuracy_by_cards")

        hook = simkit.sweep("oh-hell", {"hook": [False, True], "bid": ["heuristic", "seed-advice"]}, a.hands,
                            seed=a.seed, n_jobs=a.jobs)
        cols = ["hook", "bid"] + [c for m in ("bid_accuracy", "bid_accuracy.dealer", "bid_accuracy.first",
                                              "dealer_edge", "table_equal_rate", "points_per_deal")
                                  for c in (m, f"{m}_stderr")]
        exp.table(hook[cols], "hook_and_last_bid")
        bias = simkit.sweep("oh-hell", {"bid": ["heuristic"], "bid.bias": BIASES}, max(1, a.hands // 4),
                            seed=a.seed, n_jobs=a.jobs)
        exp.table(bias[["bid.bias"] + [c for m in ("bid_accuracy", "points_per_deal") for c in (m, f"{m}_stderr")]],
                  "heuristic_bias")
        plt.close("all")
        for c in (cmp, sim):
            head = c.report()
            print(head[head.metric == "bid_accuracy"][["policy", "value", "stderr", "diff", "diff_stderr"]]
                  .to_string(index=False))
        print(hook[cols].to_string(index=False))
        print(f"(95% intervals: value +- {Z95:.2f} stderr)")


if __name__ == "__main__":
    main()
