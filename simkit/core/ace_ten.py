"""Pieces shared by the ace-ten (marriage) trick games: Thousand, Sixty-six, both Marriage
games and, for its plain suits and bella, Klaberjass.

Cards are codes (``rank * 4 + suit``, :mod:`simkit.core.cards`) and hands bitmasks (bit
``code`` set per card held, :func:`simkit.core.tricks.mask_of`). A *marriage* is the king
and queen of one suit; :func:`marriage_suits_nb` gives the suits of the marriages a set of
cards holds as a 4-bit mask (bit ``suit``).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
from numba import njit

from simkit.core.cards import N_SUITS, RANK_6, RANK_7, RANK_8, RANK_9, RANK_10, RANK_A, RANK_J, RANK_K, RANK_Q, \
    code, rank_table
from simkit.core.tricks import lowest_card_nb
from simkit.errors import SimkitError

#: The ace-ten card points: A 11, 10 10, K 4, Q 3, J 2, every other card 0 (120 in the
#: A-10-K-Q-J of four suits). Thousand 002:84 «туз — 11 очков, десятка — 10, король — 4,
#: дама — 3, валет — 2, девятка — 0»; Sixty-six 003:24 (the same values); Marriage for four
#: 002:16 «Т — 11 очков, 10 — 10, К — 4, Д — 3, В — 2 очка. Остальные стоимости не имеют».
ACE_TEN_POINTS = np.zeros(64, np.int64)
for _s in range(N_SUITS):
    for _r, _p in ((RANK_A, 11), (RANK_10, 10), (RANK_K, 4), (RANK_Q, 3), (RANK_J, 2)):
        ACE_TEN_POINTS[code(_r, _s)] = _p
#: the card points of one deck (A 10 K Q J of four suits, whatever the lower ranks)
ACE_TEN_TOTAL = 120
#: marriages by suit, ♠40 ♥100 ♦80 ♣60 (indexed by suit code): Thousand 002:89 «за червонный
#: — 100 очков, бубновый — 80, трефовый — 60, пиковый — 40»; an option of two-hand Marriage
SUIT_MARRIAGES = np.array([40, 100, 80, 60], np.int64)
#: the ace-ten order within a suit, low to high: (6 7 8) 9 J Q K 10 A (Thousand 002:84
#: «Старшинство карт в порядке стоимости»; Marriage for four 002:16 «Т, 10, К, Д, В, 9, 8,
#: 7, 6»)
ACE_TEN_RANKS = (RANK_6, RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A)


def ace_ten_order(lowest: int = RANK_9):
    """The ace-ten order (:func:`simkit.core.cards.rank_table`) of a deck whose lowest rank
    is ``lowest`` (``RANK_9``: 24 cards; ``RANK_6``: 36; ``RANK_10``: Marriage's 20)."""
    if not RANK_6 <= lowest <= RANK_10:
        raise SimkitError(f"ace-ten decks start at a rank from 6 to 10, got rank index {lowest}")
    return rank_table(tuple(r for r in ACE_TEN_RANKS if r >= lowest))


@njit(cache=True)
def points_nb(cards, table):
    """Sum of ``table[code]`` over the cards of bitmask ``cards``."""
    total = 0
    m = cards
    while m:
        total += table[lowest_card_nb(m)]
        m &= m - 1
    return total


@njit(cache=True)
def marriage_suits_nb(cards):
    """The suits of the marriages (king and queen of one suit) in bitmask ``cards``, as a
    4-bit mask: bit ``suit`` set when both that suit's king and queen are held."""
    kings = (cards >> (4 * RANK_K)) & 15
    queens = (cards >> (4 * RANK_Q)) & 15
    return kings & queens


@njit(cache=True)
def led_marriage_nb(cards, led):
    """The suit of the marriage that leading card ``led`` announces from ``cards`` (the
    cards that may complete it, ``led`` included), or -1 when ``led`` is not a king or
    queen whose partner is among ``cards``: every marriage game declares by leading one of
    its two cards (Thousand 002:88 «ходят с короля или дамы от марьяжа»; Sixty-six 003:34
    «пойти с короля или дамы»; Marriage for four 002:19 «Игрок, объявивший марьяж, обязан
    с него пойти»)."""
    rank = led // 4
    if rank != RANK_K and rank != RANK_Q:
        return -1
    suit = led % 4
    return suit if (marriage_suits_nb(cards) >> suit) & 1 else -1


@njit(cache=True)
def target_winner_nb(scores, n, target):
    """Who wins a game to ``target`` on the running ``scores`` of ``n`` seats (or sides):
    -1 while nobody has reached it; the one highest total when one or more have (several
    reaching it in the same deal: the higher total wins, GAMES.md G18 ambiguity 7, G10
    ambiguity 4, G12 ambiguity 4); -1 again when the highest totals are equal (another
    deal decides)."""
    best = -1
    tie = False
    for s in range(n):
        if scores[s] < target:
            continue
        if best < 0 or scores[s] > scores[best]:
            best, tie = s, False
        elif scores[s] == scores[best]:
            tie = True
    return -1 if tie else best


def marriage_chance(deck_size: int, hand: int, suits: int = N_SUITS) -> Fraction:
    """Exact chance that ``hand`` cards dealt from ``deck_size`` (each of ``suits`` suits
    holding one king and one queen) hold at least one marriage, by inclusion-exclusion
    over the suits whose king and queen are both dealt."""
    if not 0 < hand <= deck_size or 2 * suits > deck_size:
        raise SimkitError(f"marriage_chance: a hand of {hand} from {deck_size} cards is not a deal")
    total = comb(deck_size, hand)
    held = sum((-1) ** (j + 1) * comb(suits, j) * comb(deck_size - 2 * j, hand - 2 * j)
               for j in range(1, suits + 1) if hand >= 2 * j)
    return Fraction(held, total)
