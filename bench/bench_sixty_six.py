"""Sixty-six timings for ``make bench``: uniform-random play of single deals (random
closing, declaring and exchanging too) against the bare reference kernel dealing the 24
cards twelve to each of two seats and playing the twelve tricks at random with no
obligation (``follow = 0``, Sixty-six's rule while the stock lasts, the cheaper one for
the bare kernel), and whole games to 7 with the default policies. CPU time per core, the
best of three (``bench/trick_bare.py``)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.games.sixty_six.scoring import FOLLOW_OPEN, TABLES

    bare = bare_rate(TABLES[0], deck_size=24, players=2, cards=12, follow=FOLLOW_OPEN)
    game = game_rate("sixty-six", {"unit": "deal"}, "random", 200_000)
    rows = [("bare kernel: uniform-random play, 2 players, 24 cards, 12 tricks", bare, "deals/s/core"),
            ("sixty-six: uniform-random play and decisions, single deals", game, "deals/s/core"),
            ("sixty-six: random-play rate / bare kernel", game / bare, "ratio"),
            ("sixty-six: games to 7, heuristic policies", game_rate("sixty-six", {}, "heuristic", 5_000),
             "games/s/core"),
            ("sixty-six: games to 7, default policies (simulation closer, 16 samples)",
             game_rate("sixty-six", {}, None, 200), "games/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:75s} {row['value']:>12,.2f} {row['unit']}")
