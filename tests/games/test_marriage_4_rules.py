"""Marriage for four (G13, seed 002 lines 16-22): the rules, and every
rule piece on hand-built cards (the exchange, split marriages, the five declaring leads,
each claim outcome and the yan, a deal played out), and exact marriage chances (the
kernel's own deals: test_marriage_4.py)."""
import numpy as np
import pytest

from simkit.core.ace_ten import marriage_chance, points_nb
from simkit.core.cards import DIAMONDS, HEARTS, RANK_K, RANK_Q, code, deck, parse
from simkit.core.tricks import F_SUIT, mask_of
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global F, MarriageFourRules
    from simkit.games.marriage_4 import scoring as F
    from simkit.games.marriage_4.rules import MarriageFourRules


def test_rules_defaults_and_refusals():
    r = MarriageFourRules()
    assert (r.exchange, r.first_lead_marriage, r.no_101, r.unit) == (1, True, "void", "deal")
    with pytest.raises(SimkitError, match="exchange=9"):
        MarriageFourRules.build({"exchange": 9})
    with pytest.raises(SimkitError, match="max_deals=3 has no effect with unit=deal"):
        MarriageFourRules.build({"max_deals": 3})
    with pytest.raises(SimkitError, match="no_101='carry_over' has no effect with unit=deal"):
        MarriageFourRules.build({"no_101": "carry_over"})
    assert MarriageFourRules.build({"unit": "game", "no_101": "carry_over", "max_deals": 3}).max_deals == 3
    assert all(MarriageFourRules.table()["seed"].str.len() > 0)


def test_points_and_follow():
    assert points_nb(mask_of(deck(36)), F.POINTS) == F.DEAL_POINTS == 120
    order = [F.ORDER[c] for c in parse("6S 7S 8S 9S JS QS KS 10S AS")]
    assert order == sorted(order)
    assert F.FOLLOW == F_SUIT                  # «козыря не обязательно»


def test_exchange():
    hand = mask_of("AS KS 9D 6C")
    assert F.exchange_legal_nb(mask_of("9D"), hand, 1)
    assert not F.exchange_legal_nb(mask_of("9H"), hand, 1)           # not his card
    assert not F.exchange_legal_nb(mask_of("9D 6C"), hand, 1)
    assert F.exchange_legal_nb(mask_of("9D 6C"), hand, 2) and F.exchange_legal_nb(0, hand, 0)


def test_split_marriages_and_the_five_leads():
    north, south = mask_of("KH 7S 9D"), mask_of("QH QD 6C")
    kh, qd = parse("KH QD")
    assert F.may_declare_nb(north, south, kh, 1, True) == HEARTS     # K with North, Q with South
    assert F.may_declare_nb(south, north, parse("QH")[0], 3, True) == HEARTS
    assert F.may_declare_nb(south, north, qd, 3, True) == -1         # no KD on the side
    assert F.may_declare_nb(north, south, kh, 1, False) == -1        # option: no declaring on lead 1
    assert F.may_declare_nb(north, south, kh, 5, False) == HEARTS
    assert F.may_declare_nb(north, south, kh, 6, True) == -1         # «на первых пяти ходах»
    assert F.may_declare_nb(north, south, parse("QH")[0], 2, True) == -1   # must lead from his own cards
    assert F.may_declare_nb(mask_of("KD QD"), 0, parse("KD")[0], 2, True) == DIAMONDS
    assert [F.marriage_value_nb(n) for n in (0, 1, 4)] == [40, 20, 20]


@pytest.mark.parametrize("points, games", [(101, 3), (102, 1), (160, 1), (100, -12), (0, -12)])
def test_claims_and_the_yan(points, games):
    assert F.claim_games_nb(points) == games


@pytest.mark.parametrize("sides, want", [((101, 59), (0, 3)), ((40, 120), (1, 1)), ((110, 130), (1, 1)),
                                         ((100, 60), (-1, 0)), ((120, 120), (-1, 0))])
def test_deal_played_out(sides, want):
    assert F.played_out_nb(*sides) == want


@pytest.mark.parametrize("hands", [1, 2])
def test_exact_marriage_chances_against_sampling(hands):
    """A hand of nine holds a marriage, and a side's eighteen (split marriages count): the
    exact chance against 200 000 random deals of the 36, within 4 standard errors."""
    cards = hands * F.HAND
    n = 200_000
    deals = np.argsort(np.random.default_rng(13).random((n, 36)), axis=1)[:, :cards]
    codes = np.asarray(deck(36), np.int64)[deals]
    suits = np.zeros(n, bool)
    for s in range(4):
        suits |= (codes == code(RANK_K, s)).any(axis=1) & (codes == code(RANK_Q, s)).any(axis=1)
    p = float(marriage_chance(36, cards))
    assert abs(suits.mean() - p) < 4 * np.sqrt(p * (1 - p) / n)
