"""The ace-ten games' shared pieces: points, marriages, the target winner, and the exact
chance of a marriage (against brute force for every deck the games use)."""
import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from simkit.core.ace_ten import ACE_TEN_POINTS, ACE_TEN_TOTAL, marriage_chance, marriage_suits_nb, points_nb, \
    target_winner_nb
from simkit.core.cards import CLUBS, HEARTS, RANK_7, RANK_8, RANK_9, RANK_10, code
from simkit.core.tricks import mask_of
from simkit.errors import SimkitError


def test_points_and_marriages():
    assert points_nb(mask_of("AS 10H KD QC JS 9H 8D 7C 6S"), ACE_TEN_POINTS) == 30
    assert sum(ACE_TEN_POINTS) == ACE_TEN_TOTAL
    assert marriage_suits_nb(mask_of("KH QH KC QC KS QD")) == (1 << HEARTS) | (1 << CLUBS)
    assert marriage_suits_nb(0) == 0


def test_target_winner():
    assert target_winner_nb(np.array([100, 99]), 2, 101) == -1
    assert target_winner_nb(np.array([101, 99]), 2, 101) == 0
    assert target_winner_nb(np.array([120, 130]), 2, 101) == 1
    assert target_winner_nb(np.array([120, 120]), 2, 101) == -1


@pytest.mark.parametrize("low, hand", [(RANK_10, 5), (RANK_9, 5), (RANK_8, 5), (RANK_7, 4)])
def test_marriage_chance_against_brute_force(low, hand):
    """Decks of 20, 24, 28, 32 cards (ranks from ``low`` up)."""
    cards = [code(r, s) for r in range(low, 13) for s in range(4)]
    held = sum(1 for h in itertools.combinations(cards, hand) if marriage_suits_nb(sum(1 << c for c in h)))
    assert marriage_chance(len(cards), hand) == Fraction(held, comb(len(cards), hand))


def test_marriage_chance_refuses_impossible_deals():
    with pytest.raises(SimkitError, match="a hand of 9 from 8 cards"):
        marriage_chance(8, 9)
