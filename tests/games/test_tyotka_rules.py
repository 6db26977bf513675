"""Tyotka (G16) rules pieces ahead of its kernel: options, the counting trick, the most
tricks with ties, the deal's penalties (a photograph that is a queen), the settlement and
exact values (seed 002 lines 48-53)."""
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import parse
from simkit.core.tricks import mask_of

exact = scoring = TyotkaRules = None   # bound by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing the registered
    game compiles its kernels)."""
    global exact, scoring, TyotkaRules
    from simkit.games.tyotka import exact, scoring
    from simkit.games.tyotka.rules import TyotkaRules


def test_rules_options_and_refusals():
    check_rules_class(TyotkaRules, [{"dealer": "rotate"}, {"target": 0}, {"unit": "rubber", "rubbers": 2},
                                    {"unit": "deal", "target": 30}, {"unit": "deal", "dealer": "per_deal"},
                                    {"max_deals": 0}, {"unit": "deal", "max_deals": 5}])
    assert TyotkaRules.build({"unit": "rubber", "dealer": "per_deal"}).dealer == "per_deal"
    assert (TyotkaRules().dealer, TyotkaRules().unit, TyotkaRules().rubbers) == ("per_rubber", "party", 4)


@pytest.mark.parametrize("card, k", [("As", 1), ("2h", 2), ("9d", 9), ("10c", 10), ("Js", 11), ("Qh", 12),
                                     ("Kd", 13)])
def test_counting_trick(card, k):
    assert scoring.counting_trick_nb(int(parse(card)[0])) == k


def _seq(text):
    return np.asarray([int(x) for x in text.split()], np.int64)


@pytest.mark.parametrize("winners, want", [
    ("0 0 0 0 0 0 1 1 1 1 1 1 2", 1),          # 6 and 6: seat 1 took its sixth when seat 0 had six
    ("1 1 1 1 1 1 0 0 0 0 0 0 2", 0),
    ("0 1 0 1 0 1 0 1 0 1 0 1 3", 1),
    ("0 1 2 0 1 2 0 1 2 2 1 0 3", 0),          # three with 4 each: seat 0 reached 4 last
    ("0 0 0 0 0 0 0 0 0 0 0 0 0", 0),
    ("3 2 2 2 2 2 2 2 2 2 2 2 2", 2),
])
def test_most_tricks_ties_go_to_who_reached_it_last(winners, want):
    assert scoring.most_tricks_seat_nb(_seq(winners), 13, 4) == want


def test_deal_penalties_total_seven_and_the_queen_photograph():
    winners = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 3]         # seat 3 takes 4 tricks, the most
    taken = [mask_of("Qs Qh 2c"), mask_of("Qd"), mask_of("5h"), mask_of("Qc")]
    # photograph 5♥ (taken by seat 2); counting trick 5 (taken by seat 0)
    assert scoring.deal_penalties(winners, taken, parse("5h")[0]) == [3, 1, 1, 2]
    # photograph Q♠: seat 0 pays for the queen and the photograph; counting trick 12 (seat 3)
    assert scoring.deal_penalties(winners, taken, parse("Qs")[0]) == [3, 1, 0, 3]
    assert sum(scoring.deal_penalties(winners, taken, parse("Qs")[0])) == scoring.DEAL_PENALTIES


def _settle_as_written(scores):
    """002:52 step by step: the lowest collects from each other, then the second from the
    third and fourth, then the third from the fourth."""
    order = sorted(range(len(scores)), key=lambda s: scores[s])
    out = [0] * len(scores)
    for a, low in enumerate(order):
        for high in order[a + 1:]:
            out[low] += scores[high] - scores[low]
            out[high] -= scores[high] - scores[low]
    return out


@pytest.mark.parametrize("scores", [(21, 3, 10, 7), (5, 5, 22, 0), (0, 0, 0, 21), (30, 12, 12, 12)])
def test_settlement_is_pairwise_and_zero_sum(scores):
    for perm in permutations(scores):
        out = np.zeros(4, np.int64)
        scoring.settle_nb(np.asarray(perm, np.int64), 4, out)
        assert list(out) == _settle_as_written(perm) and out.sum() == 0


def test_exact_counting_trick_distribution():
    dist = exact.counting_trick_distribution()
    assert dist == {k: Fraction(1, 13) for k in range(1, 14)}
    assert exact.photograph_is_queen() == Fraction(1, 13)


def test_option_array_keeps_the_shared_penalty_part_first():
    """The rule options follow the shared penalty part (penalty_tricks.O_GAME), each in the
    slot its layout names (options.layout: no slot kept by hand); the shared slots hold one
    point per queen, a trick's 0 and the most-tricks penalty."""
    from simkit.games import penalty_tricks as pt
    from simkit.games.tyotka import GAME, nb
    from simkit.games.tyotka.scoring import QUEEN_PENALTY

    assert min(nb.O) == pt.O_GAME and list(nb.O) == list(range(pt.O_GAME, pt.O_GAME + len(nb.O)))
    rules = TyotkaRules.build({"unit": "rubber", "dealer": "per_deal", "target": 15, "max_deals": 40,
                               "first_dealer": 2})
    o = GAME._opts(rules)
    assert o.shape == (pt.O_GAME + len(nb.O),)
    assert (o[pt.O_PEN:pt.O_PEN + 64] == QUEEN_PENALTY).all() and QUEEN_PENALTY.sum() == 4
    assert (o[pt.O_TRICK_VALUE], o[pt.O_MOST]) == (0, 1)
    assert (o[nb.O.dealer], o[nb.O.target], o[nb.O.rubbers], o[nb.O.unit], o[nb.O.max_deals],
            o[nb.O.first_dealer]) == (nb.DEALER.per_deal, 15, 4, nb.UNIT.rubber, 40, 2)
    assert (nb.UNIT.party, nb.UNIT.rubber, nb.UNIT.deal) == (0, 1, 2)
