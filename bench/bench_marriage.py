"""Two-hand Marriage timings for ``make bench``: uniform-random play of single 32-card deals
(random declarations too) against the bare reference kernel dealing the 32 cards sixteen to
each of two seats and playing the sixteen tricks at random with no obligation (``follow =
0``, Marriage's rule until a trump is declared, the cheaper one for the bare kernel), and
games to 101 with carry-over and the default policies, and deals with one seat playing by
simulation. CPU time per core, the best of three (``bench/trick_bare.py``)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402


def extra() -> list:
    from simkit.core.tricks import NO_TRUMP
    from simkit.games.marriage.scoring import tables

    bare = bare_rate(tables(32)[NO_TRUMP], deck_size=32, players=2, cards=16, follow=0)
    game = game_rate("marriage", {"unit": "deal"}, "random", 200_000)
    rows = [("bare kernel: uniform-random play, 2 players, 32 cards, 16 tricks", bare, "deals/s/core"),
            ("marriage: uniform-random play and declarations, single 32-card deals", game, "deals/s/core"),
            ("marriage: random-play rate / bare kernel", game / bare, "ratio"),
            ("marriage: games to 101 with carry-over, default policies",
             game_rate("marriage", {"carry_over": True}, None, 20_000), "games/s/core"),
            ("marriage: deals to 101, seat 0 plays by simulation (16 samples), seat 1 by the heuristic",
             game_rate("marriage", {}, {"play": "simulation:samples=16|heuristic"}, 300), "deals/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:75s} {row['value']:>12,.2f} {row['unit']}")
