"""Sixty-six (G20, seed 003 lines 18-47): the rules, and every rule
piece on hand-built cards (marriages, the nine exchange, closing, each deal result)."""
import itertools
from fractions import Fraction
from math import comb

import pytest

from simkit.core.ace_ten import marriage_chance, marriage_suits_nb, points_nb
from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, deck, parse
from simkit.core.tricks import F_HEAD, F_SUIT, F_TRUMP, mask_of
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global S, SixtySixRules
    from simkit.games.sixty_six import scoring as S
    from simkit.games.sixty_six.rules import SixtySixRules


def m(text):
    return mask_of(parse(text))


def test_rules_defaults_and_refusals():
    r = SixtySixRules()
    assert (r.marriage_counts, r.failed_close, r.schwarz, r.must_head, r.deal_end, r.target) == \
        ("at_once", "double", "literal", False, "at_66", 7)
    assert SixtySixRules.build({"target": "8"}).target == 8
    with pytest.raises(SimkitError, match="target=9"):
        SixtySixRules.build({"target": 9})
    with pytest.raises(SimkitError, match="target=8 has no effect with unit=deal"):
        SixtySixRules.build({"unit": "deal", "target": 8})
    with pytest.raises(SimkitError, match="first_dealer=2"):
        SixtySixRules.build({"first_dealer": 2})
    assert all(SixtySixRules.table()["seed"].str.len() > 0)


def test_card_points_and_order():
    """003:24: A 11, K 4, Q 3, J 2, 10 10, 9 0; 120 in the 24 cards; A 10 K Q J 9 (003:31)."""
    assert points_nb(mask_of(deck(24)), S.POINTS) == S.DEAL_POINTS == 120
    assert [S.POINTS[c] for c in parse("AS 10H KD QC JS 9H")] == [11, 10, 4, 3, 2, 0]
    order = [S.ORDER[c] for c in parse("9D JD QD KD 10D AD")]
    assert order == sorted(order) and S.ORDER[parse("8D")[0]] == -1
    assert S.follow_closed(False) == F_SUIT | F_TRUMP and S.follow_closed(True) == F_SUIT | F_TRUMP | F_HEAD
    assert S.FOLLOW_OPEN == 0


def test_marriages_twenty_and_forty():
    hand = m("KH QH KS 9C AD 10D")
    assert marriage_suits_nb(hand) == 1 << HEARTS
    assert S.marriage_value_nb(HEARTS, SPADES) == 20 and S.marriage_value_nb(HEARTS, HEARTS) == 40
    assert S.may_announce_nb(hand, HEARTS, parse("QH")[0], True)
    assert not S.may_announce_nb(hand, HEARTS, parse("AD")[0], True)      # must lead the K or Q
    assert not S.may_announce_nb(hand, HEARTS, parse("KH")[0], False)     # only on lead
    assert not S.may_announce_nb(hand, SPADES, parse("KS")[0], True)      # no QS


def test_trump_nine_exchange():
    hand = m("9D AS KS")
    ok = dict(stock_left=4, tricks_done=1, on_lead=True, closed=False, won_trick=False, needs_trick=False)

    def may(trump=DIAMONDS, **kw):
        a = {**ok, **kw}
        return S.may_exchange_nine_nb(hand, trump, a["stock_left"], a["tricks_done"], a["on_lead"], a["closed"],
                                      a["won_trick"], a["needs_trick"])

    assert may()
    assert not may(trump=CLUBS)                  # not the trump nine
    assert not may(tricks_done=0)                # «После первой взятки»
    assert not may(on_lead=False) and not may(closed=True) and not may(stock_left=1)
    assert not may(needs_trick=True) and may(needs_trick=True, won_trick=True)


def test_closing_when():
    assert S.may_close_nb(5, 3, True, False, S.CLOSE_WHEN.any_lead)
    assert not S.may_close_nb(5, 3, True, False, S.CLOSE_WHEN.start_only)
    assert S.may_close_nb(11, 0, True, False, S.CLOSE_WHEN.start_only)
    assert not S.may_close_nb(0, 3, True, False, S.CLOSE_WHEN.any_lead)     # the stock is out
    assert not S.may_close_nb(5, 3, False, False, S.CLOSE_WHEN.any_lead)
    assert not S.may_close_nb(5, 3, True, True, S.CLOSE_WHEN.any_lead)


@pytest.mark.parametrize("loser_points, loser_tricks, schwarz, want", [
    (40, 3, "literal", 1), (33, 1, "literal", 1), (32, 2, "literal", 2),
    (0, 2, "literal", 3),                        # tricks but no point (003:45)
    (0, 0, "literal", 2), (0, 0, "standard", 3),  # no trick: 2 literally (003:44), 3 standard
    (20, 0, "standard", 3),                      # a marriage's points, no trick
])
def test_game_points(loser_points, loser_tricks, schwarz, want):
    winner, gp = S.deal_result([70, loser_points], [4, loser_tricks], 0, rules={"schwarz": schwarz})
    assert (winner, gp) == (0, want)


@pytest.mark.parametrize("closer_points, closer_tricks, failed, want", [
    (50, 3, "double", 2), (20, 2, "double", 4), (0, 1, "double", 6), (0, 0, "double", 6),
    (50, 3, "flat", 2), (0, 1, "flat", 2), (0, 0, "flat", 3),
])
def test_failed_closing(closer_points, closer_tricks, failed, want):
    """003:42 the closer who misses 66 loses double; 003:46 no trick: 6."""
    for reached in (1, -1):                      # the opponent reached 66, or nobody did
        winner, gp = S.deal_result([closer_points, 60], [closer_tricks, 4], reached, closer=0, last_winner=1,
                                   rules={"failed_close": failed})
        assert (winner, gp) == (1, want)


def test_closer_who_reaches_66_wins_normally():
    assert S.deal_result([66, 30], [4, 2], 0, closer=0) == (0, 2)
    assert S.deal_result([70, 45], [4, 2], 0, closer=0) == (0, 1)


def test_both_66_replay_and_nobody_at_66():
    assert S.deal_result([70, 66], [6, 6], -2, last_winner=0, rules={"deal_end": "play_out"}) == (-1, 0)
    assert S.deal_result([65, 65], [6, 6], -1, last_winner=1) == (1, 1)       # the last trick decides
    assert S.deal_result([60, 70], [6, 6], -1, last_winner=0) == (0, 1)
    assert S.deal_result([60, 70], [6, 6], -1, last_winner=0, rules={"no_66": "higher"}) == (1, 1)
    assert S.deal_result([65, 65], [6, 6], -1, last_winner=1, rules={"no_66": "higher"}) == (1, 1)


def test_marriage_chance_by_enumeration():
    """The exact chance of holding a marriage in the dealt six of 24, by enumerating every
    hand through the kernel's own detection, against inclusion-exclusion."""
    cards = [int(c) for c in deck(24)]
    held = sum(1 for h in itertools.combinations(cards, S.HAND) if marriage_suits_nb(sum(1 << c for c in h)))
    assert marriage_chance(24, S.HAND) == Fraction(held, comb(24, S.HAND))
