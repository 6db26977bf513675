"""King (G15) rules pieces ahead of its kernel: options, each contract's points and totals,
the hearts lead ban, the forced K♥ and the positive deals' trump rules (seed 002 lines
33-44)."""
import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import SPADES, deck, parse
from simkit.core.tricks import NO_TRUMP, legal_nb, mask_of

scoring = KingRules = None     # bound by _import_game
#: the contracts in party order (simkit.games.king.rules.CONTRACTS, checked below): importing the
#: package while collecting would compile the registered game's kernels
CONTRACTS = ("no_tricks", "no_boys", "no_girls", "no_hearts", "last_two", "king_of_hearts", "eralash", "plus")


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global scoring, KingRules
    from simkit.games.king import rules, scoring
    KingRules = rules.KingRules
    assert rules.CONTRACTS == CONTRACTS


def test_rules_options_and_refusals():
    check_rules_class(KingRules, [{"contract": "eralash"}, {"unit": "deal"}, {"contract": "no_spades"},
                                  {"unit": "deal", "contract": "no_boys", "king_forced": "over_ace"},
                                  {"unit": "deal", "contract": "eralash", "trump_choice": "among_three"}])
    assert KingRules.build({"unit": "deal", "contract": "eralash", "king_forced": "over_ace"}).contract == "eralash"
    assert KingRules.build({"unit": "deal", "contract": "plus", "trump_choice": "among_three"})
    assert KingRules().unit == "party" and KingRules().contract == "all"


def _t(text):
    return np.asarray(parse(text), np.int64)


@pytest.mark.parametrize("name", CONTRACTS)
def test_every_deal_totals_what_the_text_says(name):
    c = scoring.contract_code(name)
    total = scoring.CARD_POINTS[c, deck(32)].sum() + scoring.TRICKS * scoring.PER_TRICK[c] \
        + 2 * scoring.LAST_TWO_POINTS[c]
    assert total == scoring.DEAL_TOTAL[c] == {"eralash": 96, "plus": 24}.get(name, 16)
    # and trick by trick: a deal of 8 tricks holding the 32 cards
    cards = deck(32).astype(np.int64).reshape(8, 4)
    assert sum(scoring.trick_score_nb(c, cards[k], 4, k) for k in range(8)) == total


@pytest.mark.parametrize("name, trick, trick_no, want", [
    ("no_tricks", "7s 8s 9s 10s", 0, 2), ("no_boys", "Js Jh 7d Ac", 3, 8), ("no_girls", "Qs 7h Qd Qc", 0, 12),
    ("no_hearts", "7h Kh Ah 7s", 0, 6), ("last_two", "7s 8s 9s 10s", 5, 0), ("last_two", "7s 8s 9s 10s", 6, 8),
    ("last_two", "7s 8s 9s 10s", 7, 8), ("king_of_hearts", "As Kh 7d 8d", 0, 16),
    ("king_of_hearts", "Qh Jh 7d 8d", 0, 0),
    ("eralash", "Kh Qh Jh 7s", 7, 2 + 8 + 4 + 4 + 3 * 2 + 16),   # trick, last two, boy, girl, 3 hearts, king
    ("plus", "Kh Qh Jh 7s", 7, 3),
])
def test_trick_scores(name, trick, trick_no, want):
    assert scoring.trick_score_nb(scoring.contract_code(name), _t(trick), 4, trick_no) == want


@pytest.mark.parametrize("name, banned", [("no_hearts", True), ("king_of_hearts", True), ("eralash", True),
                                          ("no_tricks", False), ("last_two", False)])
def test_hearts_lead_ban(name, banned):
    c = scoring.contract_code(name)
    hand = mask_of("7h Ah 9s")
    legal = legal_nb(hand, _t("7s"), 0, scoring.TABLES[NO_TRUMP], scoring.FOLLOW[c], scoring.LEAD_BAN[c], 0)
    assert legal == (mask_of("9s") if banned else hand)
    only_hearts = mask_of("7h Ah")       # nothing else held: hearts may be led
    assert legal_nb(only_hearts, _t("7s"), 0, scoring.TABLES[NO_TRUMP], scoring.FOLLOW[c],
                    scoring.LEAD_BAN[c], 0) == only_hearts


@pytest.mark.parametrize("name", ["king_of_hearts", "eralash"])
def test_forced_king_of_hearts(name):
    c = scoring.contract_code(name)
    tt, follow, ban = scoring.TABLES[NO_TRUMP], scoring.FOLLOW[c], scoring.LEAD_BAN[c]
    hand = mask_of("Kh 7h Ad")
    assert legal_nb(hand, _t("8s"), 1, tt, follow, ban, 0) == mask_of("Kh")          # void: the K♥ at once
    assert legal_nb(hand, _t("8d"), 1, tt, follow, ban, 0) == mask_of("Ad")          # following suit first
    on_hearts = legal_nb(hand, _t("8h Ah"), 2, tt, follow, ban, 0)
    assert on_hearts == mask_of("Kh 7h")                                              # a heart lead: any heart
    assert scoring.king_over_ace_nb(hand, on_hearts, _t("8h Ah"), 2) == mask_of("Kh")  # over_ace
    assert scoring.king_over_ace_nb(hand, on_hearts, _t("8h 9h"), 2) == on_hearts
    assert scoring.king_over_ace_nb(hand, mask_of("Ad"), _t("8d Ah"), 2) == mask_of("Ad")
    # in other contracts the K♥ is free
    assert legal_nb(hand, _t("8s"), 1, tt, scoring.FOLLOW[0], -1, 0) == hand


def test_positive_deals_must_trump_and_only_the_namer_leads_trumps():
    c = scoring.contract_code("plus")
    tt = scoring.TABLES[SPADES]
    hand = mask_of("7s Ah 9d")
    assert legal_nb(hand, _t("8c"), 1, tt, scoring.FOLLOW[c], -1, 0) == mask_of("7s")
    assert scoring.plus_lead_ban_nb(2, 1, SPADES) == SPADES and scoring.plus_lead_ban_nb(1, 1, SPADES) == -1
    assert legal_nb(hand, _t("8c"), 0, tt, scoring.FOLLOW[c], scoring.plus_lead_ban_nb(2, 1, SPADES), 0) \
        == mask_of("Ah 9d")
    assert legal_nb(hand, _t("8c"), 0, tt, scoring.FOLLOW[c], scoring.plus_lead_ban_nb(1, 1, SPADES), 0) == hand
