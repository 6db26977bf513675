"""Klaberjass timings for ``make bench``: uniform-random calls, declarations and play of
single deals (two players, nine cards each from 32, must follow / trump / beat a trump
lead) against the bare reference kernel dealing and playing the same tricks
(:mod:`trick_bare`), their ratio (at least 0.5), and whole games to 500 with the
heuristic. Rates per second per core (process CPU time, best of three)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.core.cards import HEARTS
    from simkit.games.klaberjass.scoring import FOLLOW, HAND, TABLES

    bare = bare_rate(TABLES[HEARTS], deck_size=32, players=2, cards=HAND, follow=FOLLOW, units=400_000)
    game = game_rate("klaberjass", {"unit": "deal"}, "random", 400_000)
    rows = [("bare kernel: uniform-random play, 2 players, 9 of 32 cards, follow/trump/beat a trump lead", bare,
             "deals/s/core"),
            ("klaberjass: uniform-random calls, declarations and play, single deals", game, "deals/s/core"),
            ("klaberjass: random single deals / bare kernel", game / bare, "ratio"),
            ("klaberjass: games to 500, heuristic", game_rate("klaberjass", {}, None, 5_000), "games/s/core"),
            ("klaberjass: games to 500, simulation bidder (16 samples) against the heuristic",
             game_rate("klaberjass", {}, {"bid": "simulation|heuristic"}, 100), "games/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:90s} {row['value']:>12,.2f} {row['unit']}")
