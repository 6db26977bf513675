"""Thousand timings for ``make bench``: uniform-random play of single deals (random bids,
widow, marriages and cards, 1001 rules) against the bare reference kernel dealing and
playing the same tricks (24 cards, three seats, eight cards each, follow suit else trump,
on the no-trump table a deal starts with), per second per core, and their ratio; whole
games to 1001 with the heuristic policies. ``extra()`` returns ``[{"name", "value", "unit"}]``."""
import sys
from pathlib import Path

from simkit.core.tricks import NO_TRUMP
from simkit.games.thousand.scoring import FOLLOW_1001, TABLES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    bare = bare_rate(TABLES[NO_TRUMP], deck_size=24, players=3, cards=8, follow=FOLLOW_1001)
    game = game_rate("thousand", {"unit": "deal"}, "random", 200_000)
    rows = [("bare kernel: uniform-random play, 24 cards, 3 players, 8-card deals", bare, "deals/s/core"),
            ("thousand: uniform-random bid, widow, marriages and play, single deals", game, "deals/s/core"),
            ("thousand: random deals against the bare kernel", game / bare, "ratio"),
            ("thousand: games to 1001, heuristic bid and play", game_rate("thousand", {}, None, 1_000),
             "games/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:72s} {row['value']:>12,.2f} {row['unit']}")
