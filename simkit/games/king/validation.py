"""King checks for ``simkit validate`` (single positive deals, GAMES.md G15 ambiguities 3-4).

Naming trump (002:43 «Сдатчик сдает игроку слева 3 карты, по которым тот назначает козыря
... Игрок имеет право не назначить козыря, сказав: «По последней». В этом случае его
последняя карта — козырь»). The random namer picks uniformly among the choices open,
without regard to what they hold: four suits and «По последней» by default, so he says it
with chance 1/5; with ``trump_choice=among_three`` the ``d`` suits of his three cards and
«По последней», chance ``E[1/(d+1)]`` over the ``C(32, 3)`` three-card hands (enumerated).
A suit chosen blind holds ``8 * 8/32 = 2`` of the namer's eight cards on average; the suit
of his last card holds it and ``7 * 7/31`` of his other seven cards, ``1 + 49/31``.
"""
from fractions import Fraction
from itertools import combinations

from simkit.reports.bidding import counts_mean
from simkit.validation import Check

RANDOM = {"play": "random", "trump": "random"}
PLUS = {"unit": "deal", "contract": "plus"}
LAST = Fraction(1) + Fraction(7 * 7, 31)             # the last card's suit: it and 7 of 31 others of 7 cards


def by_the_last_among_three() -> Fraction:
    """P(the random namer says «По последней») when he may name only the suits of his
    three cards: the mean of ``1/(d+1)`` over every three-card hand, ``d`` its suits."""
    total, n = Fraction(0), 0
    for three in combinations(range(32), 3):
        total += Fraction(1, len({c % 4 for c in three}) + 1)
        n += 1
    return total / n


def mean_trumps(res):
    """The namer's trumps per positive deal (``tables["naming_by_trumps"]``)."""
    t = res.tables["naming_by_trumps"]
    return counts_mean(t.deals.to_numpy(), t.trumps.to_numpy())


def checks() -> list:
    return [
        Check("random namer says «По последней»: 1/5", 0.2, 20_000, PLUS, RANDOM, "by_the_last_rate",
              source="uniform choice"),
        Check("random namer, trump_choice=among_three, says «По последней»: E[1/(suits+1)]",
              float(by_the_last_among_three()), 20_000, {**PLUS, "trump_choice": "among_three"}, RANDOM,
              "by_the_last_rate", source="enumeration"),
        Check("namer's trumps, random naming: 4/5 x 2 + 1/5 x (1 + 49/31)",
              float(Fraction(4, 5) * 2 + Fraction(1, 5) * LAST), 20_000, PLUS, RANDOM, mean_trumps,
              source="hypergeometric"),
        Check("namer's trumps, always «По последней»: 1 + 49/31", float(LAST), 20_000, PLUS,
              {"play": "random", "trump": "heuristic:last_below=4"}, mean_trumps, source="hypergeometric"),
    ]
