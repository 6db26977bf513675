"""How each seated game scores its players against each other (tournaments and the
tuning of a seat against a field).

A :class:`Contest` names the independent sides (a seat, or a partnership's seats) and
the game's own metric that scores one side. The declarations live here, on the
pandas side, rather than in the game packages: simkit's numba cache is keyed by a hash
of each game package (:mod:`simkit._cache`), so a declaration there would recompile the
game's kernels for a change that does not touch them. A game added to simkit adds its
entry to :data:`CONTESTS` (a game without an entry has one decision-maker against a
fixed house, like the banking games, and is compared with ``compare`` instead).
"""
from __future__ import annotations

from dataclasses import dataclass

from simkit.errors import SimkitError


@dataclass(frozen=True)
class Contest:
    """``sides``: ``(name, seats)`` per independent competitor; ``metric``: the metric of
    one side, ``{side}`` standing for its name (e.g. ``"win_rate.{side}"``); ``what``: the
    score in words, with its unit; ``share``: the sides' values are shares of the units won
    (adding up to 1, less draws), so ratings are Bradley-Terry; ``better``: ``"max"`` or
    ``"min"``."""

    sides: tuple
    metric: str
    what: str
    share: bool = False
    better: str = "max"

    @property
    def seats(self) -> int:
        """Every seat of the table (per-seat policy lists have this length)."""
        return sum(len(s) for _, s in self.sides)

    def side_metric(self, side: int) -> str:
        return self.metric.format(side=self.sides[side][0])


def seat_sides(players: int) -> tuple:
    """Every seat its own side: ``(("seat0", (0,)), ("seat1", (1,)), ...)``."""
    return tuple((f"seat{s}", (s,)) for s in range(players))


#: the two partnerships of a four-handed game: seats 0 and 2, seats 1 and 3
PARTNERSHIPS = (("ns", (0, 2)), ("ew", (1, 3)))


def _won(sides, what="share of games won"):
    return Contest(sides, "win_rate.{side}", what, share=True)


def _polignac(r):
    """Each seat for itself: games to 20 won (ties shared), or net points (tricks minus
    jack penalties) per deal with ``unit=deal``."""
    return _won(seat_sides(r.players)) if r.unit == "game" else \
        Contest(seat_sides(r.players), "net.{side}", "net points per deal")


def _kerosinka(r):
    """Each of the four for himself: games to 300 won, or card points per deal."""
    return _won(seat_sides(4)) if r.unit == "game" else \
        Contest(seat_sides(4), "points_per_deal.{side}", "card points per deal")


def _babochka(r):
    """Each seat for itself: net chips per pot (antes and re-antes paid, pot won)."""
    return Contest(seat_sides(r.players), "pot_ev.{side}", "net chips per pot")


def _two_players(r):
    """Marriage, Sixty-six: the two players' shares of the units won."""
    return _won(seat_sides(2), "share of units won")


def _partnership_game(r):
    """Semerik, Spades: the two partnerships' games won, or points per deal."""
    return _won(PARTNERSHIPS) if r.unit == "game" else Contest(PARTNERSHIPS, "points_per_deal.{side}",
                                                               "points per deal")


def _oh_hell(r):
    """Each seat for itself over whole games (a single deal keeps no per-seat score)."""
    if r.single_deal:
        raise SimkitError("oh-hell: a tournament plays whole games (each seat's share of games won); drop the rule "
                          "cards=K, which plays single deals")
    return _won(seat_sides(r.players))


def _thousand(r):
    """Each seat for itself: games won, or points written per deal."""
    return _won(seat_sides(r.players)) if r.unit == "game" else \
        Contest(seat_sides(r.players), "points_per_deal.{side}", "points per deal")


def _king(r):
    """Each of the four for himself: net score per party (zero-sum), or points per deal."""
    return Contest(seat_sides(4), "score.{side}", "net score per party" if r.unit == "party" else "points per deal")


def _klaberjass(r):
    """The two players: games won, or points per deal."""
    return _won(seat_sides(2)) if r.unit == "game" else \
        Contest(seat_sides(2), "points_per_deal.{side}", "points per deal")


def _kozel(r):
    """Each of the four for himself: matches won, or halves won with ``unit=deal``."""
    if r.unit == "match":
        return _won(seat_sides(4), "share of matches won")
    return Contest(seat_sides(4), "half_win_rate.{side}", "share of halves won", share=True)


def _tyotka(r):
    """Each of the four for himself: the settlement per party or rubber, or penalty
    points per deal (lower is better)."""
    if r.unit == "party":
        return Contest(seat_sides(4), "party_settlement.{side}", "settlement per party")
    if r.unit == "rubber":
        return Contest(seat_sides(4), "settlement.{side}", "settlement per rubber")
    return Contest(seat_sides(4), "penalty.{side}", "penalty points per deal", better="min")


def _kontchinka(r):
    """Each seat for itself, or the partnerships ``side02`` and ``side13``: games won, or
    points per deal."""
    sides = (("side02", (0, 2)), ("side13", (1, 3))) if r.partnership else seat_sides(r.players)
    return _won(sides) if r.unit == "game" else Contest(sides, "points_per_deal.{side}", "points per deal")


def _marriage_4(r):
    """The two partnerships: net games won per unit (a deal, or deals to a decided one)."""
    return Contest(PARTNERSHIPS, "net_games.{side}", "net games per unit")


def _poker(r):
    """Each seat for itself: net chips per hand (antes and stakes included)."""
    return Contest(seat_sides(r.players), "chip_ev.{side}", "net chips per hand")


#: game id -> ``contest(rules)``
CONTESTS = {
    "polignac": _polignac, "kerosinka": _kerosinka, "babochka": _babochka, "marriage": _two_players,
    "sixty-six": _two_players, "semerik": _partnership_game, "spades": _partnership_game, "oh-hell": _oh_hell,
    "thousand": _thousand, "king": _king, "klaberjass": _klaberjass, "kozel": _kozel, "tyotka": _tyotka,
    "kontchinka": _kontchinka, "marriage-4": _marriage_4, "poker": _poker,
}


def contest_of(game, rules) -> Contest:
    """The contest of ``game`` under ``rules``, or a clear error for a game with one
    decision-maker against a fixed house (no seats to rotate)."""
    fn = CONTESTS.get(game.id)
    if fn is None:
        raise SimkitError(f"{game.id}: one decision-maker plays against a fixed house, so there are no seats to "
                          f"rotate in a tournament; compare its policies on the same deals with "
                          f"`simkit compare {game.id} --variant ROLE=NAME ...` (simkit.compare)")
    return fn(rules)
