"""Kozel (G11) rules pieces ahead of its kernel: options, card points, the permanent jacks,
the follow rule, the half's winner under the three readings and the marks (seed 002 lines
1-6)."""
import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, deck, parse
from simkit.core.tricks import legal_nb, mask_of, trick_winner_nb


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    """Importing the package registers (and compiles) the game: in a fixture, not at collection."""
    global scoring, KozelRules
    from simkit.games.kozel import scoring
    from simkit.games.kozel.rules import KozelRules


def test_rules_options_and_refusals():
    check_rules_class(KozelRules, [{"half_winner": "sixty_one"}, {"marks": 0}, {"unit": "half"},
                                   {"unit": "deal", "marks": 6}, {"first_dealer": -1}])
    r = KozelRules()
    assert (r.half_winner, r.turnup_to_dealer, r.marks, r.unit) == ("literal_61", True, 12, "match")


def test_card_points_total_120():
    assert scoring.POINTS[deck(32)].sum() == scoring.DEAL_POINTS == 120
    assert [scoring.POINTS[c] for c in parse("As 10s Ks Qs Js 9s 8s 7s")] == [11, 10, 4, 3, 2, 0, 0, 0]


def _t(text):
    return np.asarray(parse(text), np.int64)


def test_jacks_are_permanent_top_trumps():
    tt = scoring.TABLES[DIAMONDS]
    # J♣ > J♠ > J♥ > J♦ > A♦ (trump) > any plain card
    for trick, want in (("Ad Jd Jh Js", 3), ("Jd Jc Js Jh", 1), ("As Jd Ks 10s", 1), ("Ah 7d Ac Kh", 1),
                        ("Kc Ac Qc Jh", 3), ("7s 8s 9s 10s", 3)):
        assert trick_winner_nb(_t(trick), 4, tt) == want, trick


def test_follow_suit_then_trump_and_jacks_follow_as_trumps():
    tt = scoring.TABLES[CLUBS]
    hand = mask_of("Jh As 7c 9d")
    # a heart lead: no heart (the J♥ is a trump) -> must trump: J♥ or 7♣
    assert legal_nb(hand, _t("Kh"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("Jh 7c")
    # a spade lead: follow with the A♠
    assert legal_nb(hand, _t("Ks"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("As")
    # a jack lead is a trump lead: J♥ or 7♣
    assert legal_nb(hand, _t("Jd"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("Jh 7c")
    # void in hearts and in trumps: any card
    assert legal_nb(mask_of("As 9d"), _t("Kh"), 1, tt, scoring.FOLLOW, -1, 0) == mask_of("As 9d")


@pytest.mark.parametrize("points, literal, scaled, most", [
    ((61, 20, 19, 0), 0, 0, 0),
    ((60, 20, 19, 10), -1, 0, 0),          # nobody at 61: no winner under the literal rule
    ((30, 10, 10, 2), -1, 0, 0),           # 30 of 52 is a majority of that half
    ((20, 20, 10, 10), -1, -1, -1),        # a tie at the top: nobody
    ((25, 31, 5, 0), -1, 1, 1),            # 31 of 61
    ((20, 30, 25, 15), -1, -1, 1),         # 30 of 90: no majority, but the most points
    ((0, 0, 0, 0), -1, -1, -1),
    ((0, 0, 0, 112), 3, 3, 3),
])
def test_half_winner_readings(points, literal, scaled, most):
    assert scoring.half_winner(points) == literal
    assert scoring.half_winner(points, {"half_winner": "scaled_majority"}) == scaled
    assert scoring.half_winner(points, {"half_winner": "most_points"}) == most


def test_marks_crossed_and_the_match():
    marks = np.full((4, 4), 12, np.int64)
    assert not scoring.cross_marks_nb(marks, 1, 0, 4)       # seat 1 wins, seat 0 deals
    assert list(marks[1]) == [11, 12, 10, 10] and list(marks[0]) == [12] * 4
    assert not scoring.cross_marks_nb(marks, 0, 0, 4)       # the dealer wins: 2 off each
    assert list(marks[0]) == [12, 10, 10, 10]
    for _ in range(4):
        assert not scoring.cross_marks_nb(marks, 1, 0, 4)
    assert list(marks[1]) == [7, 12, 2, 2]
    assert scoring.cross_marks_nb(marks, 1, 0, 4)           # 12 wiped against seats 2 and 3
    assert list(marks[1]) == [6, 12, 0, 0]


def test_a_turned_jack_makes_its_printed_suit_trump():
    # the table for the turned card's suit: J♥ turned -> hearts trump, the jack still ranks as a jack
    tt = scoring.TABLES[HEARTS]
    assert trick_winner_nb(_t("Ah Jh"), 2, tt) == 1
