"""Polignac checks for ``simkit validate`` (single deals, random play).

The deck's last card is turned for trump and is out of play with the ``52 - P·(51 // P)
- 1`` cards beyond the hands (003:50 «Каждому из игроков раздается по 17 карт.
Последняя карта является козырной, кладется на стол и в игре не участвует»; GAMES.md G21
ambiguity 1 for other counts), so a given jack is out of play — and costs nobody that
deal (ambiguity 4) — with chance ``(52 - P·(51 // P)) / 52``: 1/52 with three players,
4/52 with four.
"""
from fractions import Fraction

from simkit.games.polignac.scoring import cards_each
from simkit.reports.estimates import proportion_estimate
from simkit.validation import Check


def out_of_play(players: int) -> Fraction:
    """Chance that a given card is not dealt to a player."""
    return Fraction(52 - players * cards_each(players), 52)


def jack_out_rate(suit: str):
    """Share of deals in which the jack of ``suit`` is out of play (``tables["jacks"]``)."""
    def rate(res):
        t = res.tables["jacks"]
        return proportion_estimate(int(t[t.taker == "out of play"][suit].sum()), int(t[suit].sum()))
    rate.__name__ = f"jack_{suit}_out_rate"
    return rate


def checks() -> list:
    return [Check(f"J of {suit} out of play, {p} players: (52 - {p}x{cards_each(p)})/52", float(out_of_play(p)),
                  20_000, {"unit": "deal", "players": p}, "random", jack_out_rate(suit), source="enumeration")
            for p, suit in ((3, "hearts"), (4, "spades"))]
