"""Semerik timings for ``make bench``: uniform-random play of single deals (40 cards, four
seats, ten cards each, follow suit, no trump) in the game's kernel (declarations, the
trick hook, statistics) against the bare reference kernel dealing and playing the same
tricks (:mod:`trick_bare`), and whole games to 21 with the heuristic.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.core.tricks import F_SUIT, NO_TRUMP
    from simkit.games.semerik.scoring import TABLES

    bare = bare_rate(TABLES[NO_TRUMP], deck_size=40, players=4, cards=10, follow=F_SUIT)
    game = game_rate("semerik", {"unit": "deal"}, "random", 200_000)
    return [{"name": "semerik: uniform-random play, single deals", "value": float(game), "unit": "deals/s/core"},
            {"name": "bare kernel: uniform-random play, 40 cards, 4 players, 10-card deals", "value": float(bare),
             "unit": "deals/s/core"},
            {"name": "semerik: random-play rate / bare kernel rate", "value": float(game / bare), "unit": "ratio"},
            {"name": "semerik: games to 21, heuristic play", "value": float(game_rate("semerik", {}, None, 5_000)),
             "unit": "games/s/core"}]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>12,.2f} {row['unit']}")
