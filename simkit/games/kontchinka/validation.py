"""Kontchinka checks for ``simkit validate``: the dealer cleans up the first table of a
deal unless its four cards hold no pair and no jack (seed 000:163 «Раздатчик, открыв
четыре карты, не должен оставлять две одинаковые или валета»), so it
needs a clean-up with chance ``1 − C(12,4)·4⁴ / C(52,4)`` whatever the players or the
variant, one fresh shuffle per deal."""
from fractions import Fraction
from math import comb

from simkit.validation import Check


def cleanup_chance() -> Fraction:
    """1 − P(four table cards of four different ranks, none a jack)."""
    return 1 - Fraction(comb(12, 4) * 4 ** 4, comb(52, 4))


def checks() -> list:
    return [Check("first table needs a clean-up: 1 - C(12,4) 4^4 / C(52,4)", float(cleanup_chance()), 20_000,
                  rules, "random", "cleanup_rate", source="combinatorics")
            for rules in ({"unit": "deal"}, {"unit": "deal", "players": 4, "variant": "pictures"})]
