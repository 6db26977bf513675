"""Marriage for four timings for ``make bench``: uniform-random play of single deals played
to the end (random exchange and declarations, no claim: ``claim=heuristic:threshold=400``)
against the bare reference kernel dealing and playing the same 36-card, 4-seat, 9-card
tricks under follow-suit (:mod:`trick_bare`), and their ratio (issue 13: at least 0.5);
whole units with the default heuristic policies and with the simulation claim.
"""
import sys
from pathlib import Path

from simkit.core.tricks import F_SUIT, NO_TRUMP
from simkit.games.marriage_4.scoring import TABLES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import bare_rate, game_rate  # noqa: E402

RANDOM_FULL = {"exchange": "random", "declare": "random", "claim": "heuristic:threshold=400", "play": "random"}


def extra() -> list:
    bare = bare_rate(TABLES[NO_TRUMP], deck_size=36, players=4, cards=9, follow=F_SUIT)
    game = game_rate("marriage-4", {}, RANDOM_FULL, 200_000)
    rows = [("bare kernel: uniform-random play, 4 players, 9-card deals of 36", bare, "deals/s/core"),
            ("marriage-4: uniform-random play, single deals played out", game, "deals/s/core"),
            ("marriage-4: random play / bare kernel", game / bare, "ratio"),
            ("marriage-4: units to a decided deal, heuristic policies",
             game_rate("marriage-4", {"unit": "game"}, None, 20_000), "units/s/core"),
            ("marriage-4: units to a decided deal, simulation claim (16 samples)",
             game_rate("marriage-4", {"unit": "game"}, {"claim": "simulation"}, 2_000), "units/s/core")]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>12,.2f} {row['unit']}")
