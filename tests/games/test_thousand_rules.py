"""Thousand (G18, seed 002 lines 81-101) ahead of its kernel: both versions' rules, and
every rule piece on hand-built cards (marriages, bids, contracts, each deal outcome, the
rounding, the idle dealer, the 850 rule)."""
import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from simkit.core.ace_ten import marriage_chance, marriage_suits_nb, points_nb, target_winner_nb
from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, deck, parse
from simkit.core.tricks import F_HEAD, mask_of
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global T, ThousandRules
    from simkit.games.thousand import scoring as T
    from simkit.games.thousand.rules import ThousandRules


def test_versions_set_opening_step_and_target():
    r = ThousandRules()
    assert (r.version, r.opening, r.step, r.target, r.players) == ("1001", 40, 5, 1001, 3)
    assert (lambda v: (v.opening, v.step, v.target))(ThousandRules.build({"version": "1000-2"})) == (60, 10, 1000)
    assert (lambda v: (v.opening, v.step))(ThousandRules.build({"auction": "standard"})) == (100, 10)
    assert all(ThousandRules.table()["seed"].str.len() > 0)


@pytest.mark.parametrize("bad, match", [
    ({"version": "1000-2", "auction": "standard"}, "auction='standard' has no effect with version=1000-2"),
    ({"version": "1000-2", "concede_opponents": 60}, "concede_opponents=60 has no effect"),
    ({"version": "1000-2", "first_lead_marriage": False}, "first_lead_marriage=False has no effect"),
    ({"players": 3, "first_dealer": 3}, "first_dealer=3 is not a seat"),
    ({"unit": "deal", "max_deals": 10}, "max_deals=10 has no effect with unit=deal"),
    ({"version": "1000"}, "version='1000' is not allowed"), ({"players": 5}, "players=5"),
    ({"concede_opponents": 50}, "concede_opponents=50"),
])
def test_bad_rules_are_refused(bad, match):
    with pytest.raises(SimkitError, match=match):
        ThousandRules.build(bad)


def test_points_order_and_follow():
    assert points_nb(mask_of(deck(24)), T.POINTS) == T.DEAL_POINTS == 120
    order = [T.ORDER[c] for c in parse("9S JS QS KS 10S AS")]
    assert order == sorted(order)
    assert T.FOLLOW_1000_2 == T.FOLLOW_1001 | F_HEAD


def test_marriages_by_suit():
    """002:89: ♥100 ♦80 ♣60 ♠40; declared by leading its K or Q (002:88)."""
    assert [T.marriage_value_nb(s) for s in (HEARTS, DIAMONDS, CLUBS, SPADES)] == [100, 80, 60, 40]
    hand = mask_of("KH QH KD 9S AS QC 10C")
    assert marriage_suits_nb(hand) == 1 << HEARTS
    assert T.may_declare_nb(hand, parse("KH")[0], 0, True) == HEARTS        # 1001: the declarer's first lead
    assert T.may_declare_nb(hand, parse("QH")[0], 0, False) == -1           # 1000 (2): a trick first
    assert T.may_declare_nb(hand, parse("QH")[0], 3, False) == HEARTS
    assert T.may_declare_nb(hand, parse("KD")[0], 3, True) == -1            # no QD
    assert T.may_declare_nb(hand, parse("AS")[0], 3, True) == -1


def test_bids_and_contracts():
    plain = mask_of("AS 10S KD 9C JC 9H 10H")            # no marriage
    married = mask_of("KS QS 9D 9C JC 9H 10H")
    assert T.bid_legal_nb(40, -1, 40, 5, plain) and not T.bid_legal_nb(35, -1, 40, 5, plain)
    assert not T.bid_legal_nb(42, -1, 40, 5, plain)                          # multiples of 5
    assert T.bid_legal_nb(45, 40, 40, 5, plain) and not T.bid_legal_nb(40, 40, 40, 5, plain)
    assert T.bid_legal_nb(120, 100, 40, 5, plain) and not T.bid_legal_nb(125, 120, 40, 5, plain)
    assert T.bid_legal_nb(125, 120, 40, 5, married) and not T.bid_legal_nb(T.MAX_BID + 5, 120, 40, 5, married)
    assert T.bid_legal_nb(60, -1, 60, 10, plain) and not T.bid_legal_nb(65, -1, 60, 10, plain)
    assert T.contract_legal_nb(60, 60, 5, plain) and not T.contract_legal_nb(55, 60, 5, plain)
    assert not T.contract_legal_nb(125, 60, 5, plain) and T.contract_legal_nb(125, 60, 5, married)
    assert T.contract_legal_nb(125, 125, 5, plain) and not T.contract_legal_nb(130, 125, 5, plain)  # the bid stands


@pytest.mark.parametrize("points, step, want", [(37, 5, 35), (98, 5, 100), (38, 5, 40), (36, 5, 35), (0, 5, 0),
                                                (35, 10, 40), (34, 10, 30), (95, 10, 100)])
def test_defender_rounding(points, step, want):
    assert T.round_points_nb(points, step) == want


def test_played_deal_contract_made_and_failed():
    assert T.deal_scores([100, 37, 98], 0, 100) == [100, 35, 100]               # made exactly
    assert T.deal_scores([99, 37, 98], 0, 100) == [-100, 35, 100]               # failed by one
    assert T.deal_scores([120, 35, 0], 0, 110, rules={"version": "1000-2"}) == [110, 40, 0]


def test_four_players_idle_dealer_scores_the_widow():
    nines = mask_of("9S 9H 9C")
    other = mask_of("9S AH QC")
    assert T.idle_dealer_points_nb(nines, 1) == 100 and T.idle_dealer_points_nb(other, 1) == 14
    assert T.idle_dealer_points_nb(nines, 10) == 100 and T.idle_dealer_points_nb(other, 10) == 10
    assert T.deal_scores([0, 120, 22, 43], 1, 120, idle=0, widow=other) == [14, 120, 20, 45]
    assert T.deal_scores([0, 120, 22, 43], 1, 120, idle=0, widow=other, rules={"version": "1000-2"}) == \
        [10, 120, 20, 40]                                     # 1000 (2): every score in tens (002:98)


def test_unplayed_deals_concession_and_throw_in():
    out = np.zeros(3, np.int64)
    T.unplayed_deal_scores_nb(3, -1, 2, 110, 0, 0, out)
    assert out.tolist() == [0, 0, -110]                       # 1001 concession: opponents nothing (default)
    T.unplayed_deal_scores_nb(3, -1, 2, 110, T.REFUSAL_BONUS_1000_2, 0, out)
    assert out.tolist() == [60, 60, -110]                     # 1000 (2) refusal
    T.unplayed_deal_scores_nb(3, -1, 1, 0, T.THROW_IN_BONUS, 0, out)
    assert out.tolist() == [50, 0, 50]                        # all-pass throw-in


def test_850_rule_and_target():
    assert T.barrel_penalty_nb(850, 0) == -100 and T.barrel_penalty_nb(900, 0) == -100
    assert T.barrel_penalty_nb(849, 0) == 0 and T.barrel_penalty_nb(900, 10) == 0
    assert target_winner_nb(np.array([990, 1005, 1001]), 3, 1001) == 1               # the higher total
    assert target_winner_nb(np.array([990, 995, 1000]), 3, 1001) == -1
    assert target_winner_nb(np.array([1010, 1010, 0]), 3, 1001) == -1               # equal: play on


def test_marriage_chance_in_a_dealt_hand_by_enumeration():
    """Seven of 24: every hand enumerated through the kernel's detection, against
    inclusion-exclusion; and one given suit's marriage: C(22, 5) / C(24, 7)."""
    cards = [int(c) for c in deck(24)]
    held = hearts = 0
    for h in itertools.combinations(cards, T.HAND):
        suits = marriage_suits_nb(sum(1 << c for c in h))
        held += suits != 0
        hearts += (suits >> HEARTS) & 1
    assert marriage_chance(24, T.HAND) == Fraction(held, comb(24, 7))
    assert Fraction(hearts, comb(24, 7)) == Fraction(comb(22, 5), comb(24, 7))
