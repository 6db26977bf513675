"""Two-hand Marriage (G12, seed 002 lines 10-12): the rules, and every
rule piece on hand-built cards (the four decks, marriage values, declaring, following,
the end of a deal), and the exact chance of a marriage in the dealt five."""
import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from simkit.core.ace_ten import marriage_chance, marriage_suits_nb, points_nb, target_winner_nb
from simkit.core.cards import CLUBS, HEARTS, SPADES, code, parse
from simkit.core.tricks import F_SUIT, F_TRUMP, mask_of, trick_winner_nb
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global M, MarriageRules
    from simkit.games.marriage import scoring as M
    from simkit.games.marriage.rules import MarriageRules


def test_rules_defaults_and_refusals():
    r = MarriageRules()
    assert (r.deck, r.marriage_values, r.follow, r.carry_over) == (32, "first40", "suit_trump_any", False)
    assert MarriageRules.build({"deck": "20"}).deck == 20
    with pytest.raises(SimkitError, match="deck=36"):
        MarriageRules.build({"deck": 36})
    with pytest.raises(SimkitError, match="max_deals=5 has no effect"):
        MarriageRules.build({"max_deals": 5})
    assert MarriageRules.build({"max_deals": 5, "carry_over": True}).max_deals == 5
    assert all(MarriageRules.table()["seed"].str.len() > 0)


@pytest.mark.parametrize("deck", [32, 28, 24, 20])
def test_each_deck_holds_120_points_in_ace_ten_order(deck):
    cards = [code(r, s) for r in range(M.LOWEST[deck], 13) for s in range(4)]
    assert len(cards) == deck and points_nb(mask_of(cards), M.POINTS) == M.DEAL_POINTS
    order = M.order(deck)
    assert sorted(cards) == sorted(c for c in range(52) if order[c] >= 0)
    tt = M.tables(deck)[SPADES]
    assert trick_winner_nb(np.asarray(parse("KS 10S"), np.int64), 2, tt) == 1
    assert trick_winner_nb(np.asarray(parse("AH KS"), np.int64), 2, tt) == 1      # trump
    assert trick_winner_nb(np.asarray(parse("AH KS"), np.int64), 2, M.tables(deck)[4]) == 0   # no trump yet


def test_marriage_values():
    assert [M.marriage_value_nb(HEARTS, n, M.VALUES.first40) for n in (0, 1, 2)] == [40, 20, 20]
    assert [M.marriage_value_nb(s, 1, M.VALUES.by_suit) for s in range(4)] == [40, 100, 80, 60]


def test_declaring_needs_a_trick_won_and_the_stock():
    hand = mask_of("KC QC 9H 10S AD")
    kc, ad = parse("KC AD")
    assert M.may_declare_nb(hand, kc, True, 7) == CLUBS
    assert M.may_declare_nb(hand, kc, False, 7) == -1          # «Игрок, взявший взятку»
    assert M.may_declare_nb(hand, kc, True, 0) == -1           # «до полного разбора колоды»
    assert M.may_declare_nb(hand, ad, True, 7) == -1


def test_follow_flags():
    assert M.follow_flags_nb(-1, M.FOLLOW_RULE.suit_trump_any) == 0
    assert M.follow_flags_nb(HEARTS, M.FOLLOW_RULE.suit_trump_any) == F_SUIT | F_TRUMP
    assert M.follow_flags_nb(HEARTS, M.FOLLOW_RULE.suit_any) == F_SUIT


def test_deal_end_at_101():
    assert target_winner_nb(np.array([101, 60]), 2, M.TARGET) == 0
    assert target_winner_nb(np.array([100, 80]), 2, M.TARGET) == -1          # a draw without carry-over
    assert target_winner_nb(np.array([105, 130]), 2, M.TARGET) == 1


@pytest.mark.parametrize("deck", [32, 28, 24, 20])
def test_marriage_chance_in_the_dealt_five_by_enumeration(deck):
    cards = [code(r, s) for r in range(M.LOWEST[deck], 13) for s in range(4)]
    held = sum(1 for h in itertools.combinations(cards, M.HAND) if marriage_suits_nb(sum(1 << c for c in h)))
    assert marriage_chance(deck, M.HAND) == Fraction(held, comb(deck, M.HAND))
