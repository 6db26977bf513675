"""Semerik (G01) rules pieces ahead of its kernel: options, declarations on hand-built
hands, counters and trick points, and the exact declaration distribution (seed 000 lines
1-45)."""
from math import comb, sqrt

import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import HEARTS, deck, parse
from simkit.core.tricks import NO_TRUMP, TT_POWER, TT_TRUMP, trick_winner_nb
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global exact, scoring, SemerikRules
    from simkit.games.semerik import exact, scoring
    from simkit.games.semerik.rules import SemerikRules


def test_rules_options_and_refusals():
    check_rules_class(SemerikRules, [{"trick_points": "tricks"}, {"target": 0}, {"first_dealer": 4},
                                     {"hearts_trump": "maybe"}, {"double_below": 30},
                                     {"unit": "deal", "target": 31}, {"unit": "deal", "game_end": "deal_end"}])
    r = SemerikRules()
    assert (r.hearts_trump, r.trick_points, r.four_of_a_kind, r.hearts_baba, r.partner_overtake, r.game_end,
            r.target, r.double_below, r.unit) == (False, "per_trick", "triple", "plus2", "advisory", "immediate",
                                                  21, 11, "game")
    assert SemerikRules.build({"unit": "deal", "hearts_trump": "yes"}).hearts_trump


@pytest.mark.parametrize("hand, rules, want", [
    ("7s 7h 7d", None, 4),                         # 000:13 three sevens 4
    ("3s 3h 3d", None, 3), ("2s 2h 2c", None, 3), ("As Ah Ac", None, 3),
    ("Ks Kh Kd", None, 1), ("Qs Qh Qd", None, 1), ("Js Jh Jd", None, 1),
    ("6s 6h 6d", None, 1), ("5s 5h 5d", None, 1), ("4s 4h 4d", None, 1),   # 000:15 «и все прочие»
    ("7s 7h 3d 3c 2s", None, 0),                   # pairs score nothing
    ("3s 2s As", None, 3),                         # 000:17 Baba
    ("3s 2s As Ks", None, 6), ("3s 2s As Ks Qs", None, 9), ("3s 2s As Ks Qs Js", None, 15),   # 000:19
    ("3s 2s As Qs Js", None, 3),                   # extension only in order: Q without K
    ("3s 2s As Ks Js", None, 6),
    ("3h 2h Ah", None, 5),                         # 000:25 hearts Baba
    ("3h 2h Ah Kh", None, 8), ("3h 2h Ah Kh Qh", None, 11), ("3h 2h Ah Kh Qh Jh", None, 17),
    ("3h 2h Ah Kh", {"hearts_baba": "bare_only"}, 6), ("3h 2h Ah Kh Qh Jh", {"hearts_baba": "bare_only"}, 15),
    ("3h 2h Ah", {"hearts_baba": "bare_only"}, 5),
    ("3s 2s As 3h 3d", None, 3 + 4),               # 000:21 three 3s with a Baba: 4
    ("3s 2s As 2h 2d Ah Ad", None, 3 + 4 + 4),     # triples of 2s and As with a Baba, sharing its cards
    ("3s 2s As 7h 7d 7c", None, 3 + 4),            # sevens stay 4 with a Baba
    ("3s 2s As Ks 3h 2h Ah", None, 6 + 5),          # two Babas both score
    ("3s 2s As Ks 3h 2h Ah 3d", None, 6 + 5 + 4),   # and three 3s with them
    ("3s 3h 3d 3c", None, 3), ("3s 3h 3d 3c", {"four_of_a_kind": "tressette"}, 4),   # ambiguity 3
    ("Ks Kh Kd Kc", {"four_of_a_kind": "tressette"}, 1),
    ("3s 2s As 3h 3d 3c", {"four_of_a_kind": "tressette"}, 3 + 4),
])
def test_declarations(hand, rules, want):
    assert scoring.declarations(hand, rules) == want


def test_declarations_refuse_cards_outside_the_deck():
    with pytest.raises(SimkitError, match="40-card deck"):
        scoring.declarations("10h 3s")


def _trick(text):
    return np.asarray(parse(text), np.int64)


@pytest.mark.parametrize("trick, counters, points", [
    ("4s 5s 6s 7s", 0, 0), ("3s 2s 4s 5h", 2, 0), ("3s 2s As 7h", 3, 1), ("Ks Qh Jd As", 4, 2),
    ("Jh 6h 5h 4h", 1, 0),
])
def test_trick_counters(trick, counters, points):
    t = _trick(trick)
    assert scoring.trick_counters_nb(t, 4) == counters
    assert scoring.counter_points_nb(counters) == points


def test_pooled_points_and_the_deck_total():
    assert [scoring.pooled_points_nb(c) for c in (0, 2, 3, 5, 6, 24)] == [0, 0, 1, 1, 2, 8]
    assert scoring.COUNTERS.sum() == 24 and scoring.ALL_TRICKS_POINTS == 4


def test_card_order_and_the_hearts_question():
    # 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4 in every suit
    codes = parse("3s 2s As Ks Qs Js 7s 6s 5s 4s")
    powers = [scoring.TABLES[NO_TRUMP, TT_POWER + c] for c in codes]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 10
    assert scoring.trump_table(SemerikRules()) == NO_TRUMP
    assert scoring.trump_table(SemerikRules(hearts_trump=True)) == HEARTS
    trick = _trick("4s 3d 4h 5s")
    assert trick_winner_nb(trick, 4, scoring.TABLES[NO_TRUMP]) == 3          # no trumps: 5♠ wins
    assert trick_winner_nb(trick, 4, scoring.TABLES[HEARTS]) == 2            # hearts beat any suit
    assert scoring.TABLES[NO_TRUMP, TT_TRUMP] == -1


@pytest.mark.parametrize("rules, size", [(None, 6), ({"four_of_a_kind": "tressette", "hearts_baba": "bare_only"}, 5)])
def test_pattern_count_matches_brute_force(rules, size):
    assert exact.declaration_counts(rules, size) == exact.declaration_counts_brute(rules, size)


def test_exact_distribution_of_ten_card_hands_and_monte_carlo():
    dist = exact.declaration_distribution()
    assert sum(dist.values()) == 1 and len(exact.declaration_counts()) == len(dist)
    assert sum(exact.declaration_counts().values()) == comb(40, 10)
    # 20,000 dealt hands: the mean and the chance of 0, 1, 3, 4 points within 4 SE
    mean = sum(p * float(q) for p, q in dist.items())
    rng = np.random.default_rng(2026)
    n = 20_000
    deck40 = deck(40).astype(np.int64)
    picks = deck40[np.argsort(rng.random((n, 40)), axis=1)[:, :10]]
    hands = (np.int64(1) << picks).sum(axis=1)
    got = np.zeros(n, np.int64)
    scoring.declarations_many_nb(hands, scoring.declaration_table(SemerikRules()), got)
    sd = sqrt(sum(p * p * float(q) for p, q in dist.items()) - mean ** 2)
    assert abs(got.mean() - mean) < 4 * sd / sqrt(n)
    for points in (0, 1, 3, 4):
        p = float(dist[points])
        assert abs((got == points).mean() - p) < 4 * sqrt(p * (1 - p) / n), points
    assert set(np.unique(got)) <= set(dist)


@pytest.mark.parametrize("hand, trick, want", [
    ("Ks 4s", "7s 5s", "4s"),             # the partner led the winning 7♠, no counters: not the K♠
    ("Ks 4s", "5s 7s 6s", "4s"),          # the partner's 7♠ (second) wins: the same
    ("3s 4s", "As 2s 6s", "4s"),          # the partner's 2♠ wins with two counters: not the 3♠
    ("Ks 4s", "5s 7s", "Ks 4s"),          # the 7♠ winning is an opponent's: free
    ("Ks 4s", "Qs Js 6s", "Ks 4s"),       # the partner's J♠ loses to the Q♠: free
    ("Ks 3s", "7s 4s", "Ks 3s"),          # every legal card beats the partner: any
    ("3s 4s", "Js Ks Qs", "3s 4s"),       # the partner's K♠ wins a trick with three counters: free
])
def test_partner_overtake_enforced(hand, trick, want):
    from simkit.core.tricks import mask_of

    t = _trick(trick)
    got = scoring.partner_overtake_nb(mask_of(hand), t, len(t), scoring.TABLES[NO_TRUMP])
    assert got == mask_of(want)
