"""Exact Tyotka values: where the counting trick falls (002:50-51)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from simkit.core.cards import RANK_Q, deck, rank_of
from simkit.games.tyotka.scoring import counting_trick_nb


def counting_trick_distribution() -> dict:
    """``{k: chance that the counting trick is trick k}`` (k = 1..13): the photograph is a
    card drawn at random from a second full deck (002:50 «вытягивает из другой колоды
    карту»), each of its 52 cards equally likely, so each trick has chance 4/52 = 1/13."""
    cards = deck(52)
    counts = Counter(int(counting_trick_nb(int(c))) for c in cards)
    return {k: Fraction(n, len(cards)) for k, n in sorted(counts.items())}


def photograph_is_queen() -> Fraction:
    """Chance that the photograph is a queen (its taker then pays 2 for that one card)."""
    cards = deck(52)
    return Fraction(int((rank_of(cards) == RANK_Q).sum()), len(cards))
