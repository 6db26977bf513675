"""Kerosinka timings for ``make bench``: uniform-random play of single deals (nine tricks
of 36 cards, rank then suit then trump) in the game's kernel, and the bare reference
kernel (bench/trick_bare.py) dealing and playing the same tricks at random under the
same trick table and follow flags; their ratio (the issue asks for at least 0.5). Also
games to 300 with Kerosinka's heuristic player and with ``basic`` (the point games'
shared heuristic, its default before). ``extra()`` returns ``[{"name", "value", "unit"}, ...]``.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.games.kerosinka.scoring import FOLLOW, TABLES

    bare = bare_rate(TABLES["both_ways"][0], deck_size=36, players=4, cards=9, follow=FOLLOW)
    game = game_rate("kerosinka", {"unit": "deal"}, "random", 200_000)
    rows = [("bare kernel: uniform-random play, 4 players, 9 tricks of 36 cards, rank then suit then trump", bare,
             "deals/s/core"),
            ("kerosinka: uniform-random play, single deals", game, "deals/s/core"),
            ("kerosinka: random-play rate / bare kernel rate", game / bare, "ratio"),
            ("kerosinka: games to 300, heuristic play", game_rate("kerosinka", {}, "heuristic", 5_000),
             "games/s/core"),
            ("kerosinka: games to 300, basic play (the shared point-game heuristic)",
             game_rate("kerosinka", {}, "basic", 5_000), "games/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:95s} {row['value']:>12,.2f} {row['unit']}")
