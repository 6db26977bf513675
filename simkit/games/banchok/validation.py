"""Polish Banchok checks for ``simkit validate``: with flat stakes and a bank too big to
end, every bank is exactly ``max_coups`` coups and each coup's three cards and turned
card are four uniformly random distinct cards, so the punter's win rate is the
enumerated probability that three cards beat a fourth (seed 000 lines 279-303: same suit,
or colour, and at least as high) and the house edge is ``1 − 2·P(win)``."""
from fractions import Fraction
from math import comb

from simkit.core.cards import deck
from simkit.validation import Check


def beats(card: int, turned: int, colour=False) -> bool:
    """The seed's rule written plainly: same suit (or colour), rank at least as high."""
    same = (card % 4 == turned % 4) if not colour else ((card % 4 in (0, 3)) == (turned % 4 in (0, 3)))
    return same and card // 4 >= turned // 4


def exact_win(decks=2, colour=False) -> Fraction:
    """P(three random cards beat a random fourth) by enumeration over the turned card:
    with ``w`` of the other cards beating it, P(miss) = C(rest − w, 3) / C(rest, 3)."""
    cards = [int(c) for c in deck(52, copies=decks)]
    rest = len(cards) - 1
    total = Fraction(0)
    for i, t in enumerate(cards):
        w = sum(beats(c, t, colour) for j, c in enumerate(cards) if j != i)
        total += 1 - Fraction(comb(rest - w, 3), comb(rest, 3))
    return total / len(cards)


def checks() -> list:
    out = []
    for rules in ({}, {"cover": "colour", "punters": 3}, {"decks": 1, "punters": 6}):
        p = exact_win(rules.get("decks", 2), rules.get("cover") == "colour")
        rules = {**rules, "bank": 10**6, "max_coups": 240}
        out.append(Check("house edge, flat stakes over fixed 240-coup banks: 1 - 2 P(win)", float(1 - 2 * p),
                         4000, rules, "flat", source="enumeration"))
        out.append(Check("punter win rate, flat stakes over fixed 240-coup banks", float(p), 4000, rules, "flat",
                         metric="punter_win_rate", source="enumeration"))
    return out
