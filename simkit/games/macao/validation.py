"""Macao checks for ``simkit validate``: with no drawing (``max_draws=0``) and voided shoe
ends every coup's (punter, banker) pair of counting cards is a uniformly random ordered
pair of distinct cards, so the edge is an exact finite sum (seed 000 lines 213-237)."""
from fractions import Fraction

from simkit.validation import Check


def one_card_edge(decks, natural=(1, 2, 3), loser="single", tie_low="lose") -> Fraction:
    """Punter's expected loss when punter and banker each hold one counting card, drawn
    without replacement from the 36·decks cards worth 1..9 (4·decks of each);
    ``natural`` = the multiples paid on 7, 8, 9."""
    m = {7: natural[0], 8: natural[1], 9: natural[2]}
    k = 4 * decks
    total = Fraction(0)
    for p in range(1, 10):
        for b in range(1, 10):
            w = Fraction(k * (k - (p == b)), 36 * decks * (36 * decks - 1))
            if p > b:
                x = -m.get(p, 1)
            elif p == b:
                x = m.get(p, 1) if p >= 7 else (1 if tie_low == "lose" else 0)
            else:
                x = m.get(b, 1) if loser == "banker-natural" else 1
            total += w * x
    return total


def edge_for(rules: dict) -> Fraction:
    """:func:`one_card_edge` for a rules dict."""
    return one_card_edge(rules.get("decks", 2),
                         (rules.get("natural7", 1), rules.get("natural8", 2), rules.get("natural9", 3)),
                         rules.get("loser_pays", "single"), rules.get("tie_low", "lose"))


CASES: list[dict] = [{"punters": 1},
         {"punters": 2, "decks": 1, "loser_pays": "banker-natural", "tie_low": "push"},
         {"punters": 3, "natural9": 4, "natural8": 3, "natural7": 2}]


def checks() -> list:
    return [Check("house edge, one card each (no drawing, voided shoe end)", float(edge_for(r)), 30_000,
                  dict(r, max_draws=0, shoe_end="void"), source="enumeration") for r in CASES]
