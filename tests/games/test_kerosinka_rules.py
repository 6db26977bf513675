"""Kerosinka (G17) rules pieces ahead of its kernel: options, card order and points, the
trick winner with the 10♥, rank-first following (the 10♥ follows under both readings),
the deal's trump and forced trumping (seed 002 lines 57-61)."""
import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, deck, parse
from simkit.core.tricks import NO_TRUMP, legal_nb, mask_of, trick_winner_nb


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    """Importing the package registers (and compiles) the game: in a fixture, not at collection."""
    global scoring, KerosinkaRules, forced_trump_nb, BOTH, TRUMP_ONLY
    from simkit.games.kerosinka import scoring
    from simkit.games.kerosinka.rules import KerosinkaRules
    from simkit.games.point_tricks import forced_trump_nb
    BOTH = scoring.TABLES["both_ways"]
    TRUMP_ONLY = scoring.TABLES["trump_only"]


def test_rules_options_and_refusals():
    check_rules_class(KerosinkaRules, [{"kerosinka_as_ten": "never"}, {"target": 0},
                                       {"unit": "deal", "target": 500}, {"kerosinka_turned": "redeal"}])
    assert KerosinkaRules.build({"target": "500"}).target == 500
    assert scoring.tables(KerosinkaRules(kerosinka_as_ten="trump_only")) is TRUMP_ONLY


def test_points_total_120():
    assert scoring.POINTS[deck(36)].sum() == scoring.DEAL_POINTS == 120
    assert scoring.POINTS[scoring.KEROSINKA] == 10


def _t(text):
    return np.asarray(parse(text), np.int64)


@pytest.mark.parametrize("trick, trump, want", [
    ("As 10s Ks 6s", CLUBS, 0),         # A > 10 > K in plain suits
    ("Kh Ah Qh 6h", CLUBS, 1),          # hearts A K Q ...: the 10♥ is not a heart
    ("Ah 10h Kh 6c", CLUBS, 1),         # the 10♥ above all trumps
    ("Ac 6c 10h Kc", CLUBS, 2),         # even on a trump lead
    ("9s 9d 9h 6s", CLUBS, 0),          # same-rank cards of other plain suits cannot win
    ("9s 9d 9c 6s", CLUBS, 2),          # a same-rank card that is a trump wins as a trump
    ("Ks 6d 7d 8d", DIAMONDS, 3),
])
def test_trick_winner(trick, trump, want):
    assert trick_winner_nb(_t(trick), 4, BOTH[trump]) == want


@pytest.mark.parametrize("hand, led, want", [
    ("9d Ks 6c 10h", "9s", "9d"),       # rank first
    ("Ks 6c Ad", "9s", "Ks"),           # then suit
    ("6c 7c Ad", "9s", "6c 7c"),        # then trump
    ("Ad Kd", "9s", "Ad Kd"),           # no trump held: any card
    ("10h Ks 6c", "10s", "10h"),        # the 10♥ is a ten on a ten lead (both_ways)
    ("10s 10d 6c Ah", "10h", "10s 10d"),  # on the 10♥ lead tens must be played
    ("Ks Ah 6c", "10h", "6c"),          # no ten: a trump
])
def test_rank_first_following(hand, led, want):
    assert legal_nb(mask_of(hand), _t(led), 1, BOTH[CLUBS], scoring.FOLLOW, -1, 0) == mask_of(want)


def test_the_kerosinka_only_as_a_trump():
    tt = TRUMP_ONLY[CLUBS]
    assert legal_nb(mask_of("10h Ks 6c"), _t("10s"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("Ks")
    # on its lead the trump suit is followed: trumps, then tens do not matter
    assert legal_nb(mask_of("10s 6c Ah"), _t("10h"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("6c")
    assert legal_nb(mask_of("10s Ah"), _t("10h"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("10s Ah")


def test_trump_of_the_deal():
    assert scoring.trump_table_nb(int(parse("7d")[0]), False) == DIAMONDS
    assert scoring.trump_table_nb(scoring.KEROSINKA, False) == HEARTS
    assert scoring.trump_table_nb(scoring.KEROSINKA, True) == NO_TRUMP
    # no trump suit: the 10♥ alone is trump and still beats everything
    assert trick_winner_nb(_t("As Ks 10h 6s"), 4, BOTH[NO_TRUMP]) == 2
    assert legal_nb(mask_of("10h Ad"), _t("9s"), 1, BOTH[NO_TRUMP], scoring.FOLLOW, -1, 0) == mask_of("10h")


@pytest.mark.parametrize("hand, led, trump, want", [
    ("6c 7c Ad", "9s", CLUBS, True), ("9d 6c", "9s", CLUBS, False), ("Ks 6c", "9s", CLUBS, False),
    ("Ad Kd", "9s", CLUBS, False), ("6s Ad", "9c", CLUBS, False), ("10h Ad", "9s", SPADES, False),
    ("10h Ad", "9c", SPADES, True),
])
def test_forced_trumping(hand, led, trump, want):
    assert forced_trump_nb(mask_of(hand), int(_t(led)[0]), BOTH[trump], scoring.FOLLOW) == want
