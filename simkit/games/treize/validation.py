"""Treize checks for ``simkit validate``: with a fresh deck every coup the punter loses
his stake on a match and wins it otherwise, so the house edge is ``1 − 2·P(no match)``
and a bank lasts ``1 / P(no match)`` coups on average (seed 000 lines 79-145)."""
from fractions import Fraction
from math import comb, factorial

from simkit.validation import Check


def p_no_match(ranks_in_deck: int, called_present: int) -> Fraction:
    """P(no match in 13 calls from a fresh deck) by inclusion-exclusion over the calls
    whose rank is in the deck: ``Σ_k (−1)^k C(m, k) 4^k (N − k)!/N!``."""
    n = 4 * ranks_in_deck
    return sum((Fraction((-1) ** k * comb(called_present, k) * 4 ** k * factorial(n - k), factorial(n))
                for k in range(called_present + 1)), Fraction(0))


def checks() -> list:
    out = []
    for deck, ranks in ((52, 13), (36, 9)):
        p = p_no_match(ranks, ranks)
        rules = {"reshuffle_every_coup": True, "deck": deck}
        out.append(Check(f"house edge, fresh {deck}-card deck every coup: 1 - 2 P(no match)", float(1 - 2 * p),
                         200_000, rules, source="inclusion-exclusion"))
        out.append(Check(f"bank tenure, fresh {deck}-card deck: 1 / P(no match) coups", float(1 / p), 200_000, rules,
                         metric="bank_tenure", source="inclusion-exclusion"))
    return out
