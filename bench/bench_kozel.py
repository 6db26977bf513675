"""Kozel timings for ``make bench``: uniform-random play of single deals (two halves of four
tricks, 32 cards, must follow then trump) in the game's kernel, and the bare reference
kernel (bench/trick_bare.py) dealing and playing eight tricks of the same deck, seats
and follow flags at random; their ratio (the issue asks for at least 0.5). Also whole
matches with the heuristic player. ``extra()`` returns ``[{"name", "value", "unit"}, ...]``.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.games.kozel.scoring import FOLLOW, TABLES

    bare = bare_rate(TABLES[0], deck_size=32, players=4, cards=8, follow=FOLLOW)
    game = game_rate("kozel", {"unit": "deal"}, "random", 200_000)
    rows = [("bare kernel: uniform-random play, 4 players, 8 tricks of 32 cards, follow then trump", bare,
             "deals/s/core"),
            ("kozel: uniform-random play, single deals (two halves)", game, "deals/s/core"),
            ("kozel: random-play rate / bare kernel rate", game / bare, "ratio"),
            ("kozel: whole matches, heuristic play", game_rate("kozel", {}, "heuristic", 300), "matches/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:90s} {row['value']:>12,.2f} {row['unit']}")
