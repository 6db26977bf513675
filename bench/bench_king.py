"""King timings for ``make bench``: uniform-random play of single «не брать взяток» deals
(32 cards, four seats, eight cards each, follow suit, no trump) in simkit's kernel and in
the bare reference kernel dealing and playing the same tricks (:mod:`trick_bare`), their
ratio (issue 12: at least 0.5); single «не брать мальчиков» deals (the per-trick scoring
hook), whole parties (fifteen deals) with random, heuristic and basic play, and the
simulation player, in deals per second per core (process CPU time, best of three)."""
import sys
from pathlib import Path

from simkit.core.tricks import F_SUIT, NO_TRUMP
from simkit.games.king.scoring import TABLES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402

PARTY_DEALS = 15


def extra() -> list:
    bare = bare_rate(TABLES[NO_TRUMP], deck_size=32, players=4, cards=8, follow=F_SUIT)
    deal = game_rate("king", {"unit": "deal", "contract": "no_tricks"}, "random", 400_000)
    rows = [
        ("bare kernel: uniform-random play, 4 players, 8 of 32 cards", bare, "deals/s/core"),
        ("king: uniform-random play, single no-tricks deals", deal, "deals/s/core"),
        ("king: random play rate / bare kernel rate", deal / bare, "ratio"),
        ("king: uniform-random play, single no-boys deals (scored trick by trick)",
         game_rate("king", {"unit": "deal", "contract": "no_boys"}, "random", 400_000), "deals/s/core"),
        ("king: whole parties, uniform-random play and naming",
         PARTY_DEALS * game_rate("king", {}, "random", 20_000), "deals/s/core"),
        ("king: whole parties, heuristic play and naming", PARTY_DEALS * game_rate("king", {}, None, 20_000),
         "deals/s/core"),
        ("king: whole parties, basic play (the default before the cost model), heuristic naming",
         PARTY_DEALS * game_rate("king", {}, {"play": "basic"}, 20_000), "deals/s/core"),
        ("king: single eralash deals, simulation player at seat 0 (16 samples)",
         game_rate("king", {"unit": "deal", "contract": "eralash"},
                   {"play": "simulation|heuristic|heuristic|heuristic"}, 200), "deals/s/core"),
    ]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:72s} {row['value']:>12,.2f} {row['unit']}")
