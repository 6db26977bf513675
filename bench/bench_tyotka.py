"""Tyotka timings for ``make bench``: uniform-random play of single deals (52 cards, four
seats, 13 tricks, follow suit, no trump; the photograph drawn and the penalties kept) in
simkit's kernel and in the bare reference kernel dealing and playing the same tricks
(``trick_bare.py``), per second per core, and their ratio (issue 12: at least 0.5);
whole parties with the heuristic."""
import sys
from pathlib import Path

from simkit.core.tricks import F_SUIT, NO_TRUMP
from simkit.games.tyotka.scoring import TABLES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra(units: int = 200_000) -> list:
    bare = bare_rate(TABLES[NO_TRUMP], deck_size=52, players=4, cards=13, follow=F_SUIT, units=units)
    game = game_rate("tyotka", {"unit": "deal"}, "random", units)
    rows = [("bare kernel: uniform-random play, 4 players, 13-card deals, follow suit", bare, "deals/s/core"),
            ("tyotka: uniform-random play, single deals", game, "deals/s/core"),
            ("tyotka: random-play rate / bare kernel rate", game / bare, "ratio"),
            ("tyotka: parties of four rubbers, heuristic play", game_rate("tyotka", {}, None, max(1, units // 400)),
             "parties/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000):
        print(f"{row['name']:75s} {row['value']:>12,.3f} {row['unit']}")
