"""Exact chances of Marriage for four by enumeration (GAMES.md G13 Report: marriage frequency).

A seat is dealt nine of the 36 cards (002:17 «Сдача по одной всех карт»), a side the
eighteen of two partners, and a split marriage counts for the side (002:19 «при наличии
его у двух партнеров»). :func:`marriage_dealt` enumerates which of the eight kings and
queens the cards hold (2^8 subsets, each with the ways to fill the rest from the 28 other
cards): an independent count of :func:`simkit.core.ace_ten.marriage_chance`'s
inclusion-exclusion.
"""
from fractions import Fraction
from itertools import product
from math import comb

from simkit.errors import SimkitError

DECK = 36
HONOURS = 8          # the king and queen of each suit


def marriage_dealt(cards: int) -> Fraction:
    """Exact chance that ``cards`` cards dealt from the 36 hold the king and queen of at
    least one suit."""
    if not 0 < cards <= DECK:
        raise SimkitError(f"marriage_dealt: cards={cards} is not a deal from 36; allowed: 1..36")
    held = 0
    for subset in product((0, 1), repeat=HONOURS):          # (K, Q) of suit s at positions 2s, 2s + 1
        k = sum(subset)
        if k > cards:
            continue
        if any(subset[2 * s] and subset[2 * s + 1] for s in range(4)):
            held += comb(DECK - HONOURS, cards - k)
    return Fraction(held, comb(DECK, cards))
