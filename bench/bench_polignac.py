"""Polignac timings for ``make bench``: uniform-random play of single deals (three seats,
17 tricks, a turned trump, follow suit, trumping optional; the jack penalties kept) in
simkit's kernel and in the bare reference kernel dealing and playing the same tricks under
a trump suit (``trick_bare.py``), per second per core, and their ratio (issue 12: at least
0.5); whole games to 20 with the heuristic."""
import sys
from pathlib import Path

from simkit.core.cards import SPADES
from simkit.core.tricks import F_SUIT
from simkit.games.polignac.scoring import TABLES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra(units: int = 200_000) -> list:
    bare = bare_rate(TABLES[SPADES], deck_size=52, players=3, cards=17, follow=F_SUIT, units=units)
    game = game_rate("polignac", {"unit": "deal"}, "random", units)
    rows = [("bare kernel: uniform-random play, 3 players, 17-card deals, a trump suit", bare, "deals/s/core"),
            ("polignac: uniform-random play, single deals", game, "deals/s/core"),
            ("polignac: random-play rate / bare kernel rate", game / bare, "ratio"),
            ("polignac: games to 20, heuristic play", game_rate("polignac", {}, None, max(1, units // 50)),
             "games/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000):
        print(f"{row['name']:75s} {row['value']:>12,.3f} {row['unit']}")
