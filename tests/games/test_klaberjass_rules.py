"""Klaberjass (G10, seed 000 lines 331-391) ahead of its kernel: the rules, and every rule
piece on hand-built cards (orders, points, dix, sequences and their tie-breaks, bella in
both orders, each scoring outcome), and exact chances for a dealt hand."""
import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, deck, parse
from simkit.core.tricks import mask_of, trick_winner_nb
from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """The game is registered: importing it compiles its kernels, so not at collection."""
    global exact, K, KlaberjassRules
    from simkit.games.klaberjass import exact
    from simkit.games.klaberjass import scoring as K
    from simkit.games.klaberjass.rules import KlaberjassRules


def test_rules_defaults_and_refusals():
    r = KlaberjassRules()
    assert (r.bete, r.bella, r.dealer_delays_dix, r.target) == ("literal_double", "queen", False, 500)
    with pytest.raises(SimkitError, match="target=300 has no effect with unit=deal"):
        KlaberjassRules.build({"unit": "deal", "target": 300})
    with pytest.raises(SimkitError, match="bete='bete'"):
        KlaberjassRules.build({"bete": "bete"})
    assert all(KlaberjassRules.table()["seed"].str.len() > 0)


def test_points_total_162_with_the_stich():
    for trump in range(4):
        assert sum(K.POINTS[trump][c] for c in deck(32)) + K.STICH == K.DEAL_POINTS == 162
    assert [K.POINTS[HEARTS][c] for c in parse("JH 9H AH JS 9S")] == [20, 14, 11, 2, 0]


def test_trump_and_plain_orders_decide_tricks():
    """Trump J > 9 > A > 10 > K > Q > 8 > 7; plain A > 10 > K > Q > J > 9 > 8 > 7 (000:335)."""
    tt = K.TABLES[HEARTS]

    def winner(cards):
        return int(trick_winner_nb(np.asarray(parse(cards), np.int64), 2, tt))

    assert winner("AH JH") == 1 and winner("9H AH") == 0 and winner("10H KH") == 0 and winner("QH 8H") == 0
    assert winner("JS 9S") == 0 and winner("10S KS") == 0 and winner("AS 10S") == 0
    assert winner("AS 7H") == 1                              # a trump beats the plain ace


@pytest.mark.parametrize("hand, trump, total, count", [
    ("7S 8S 9S", -1, 20, 1), ("7S 8S 9S 10S", -1, 50, 1), ("9S 10S JS QS KS AS", -1, 50, 1),
    ("QH KH AH 7C 8C 9C", -1, 40, 2), ("10H JH QH 8D 9D 10D JD", -1, 70, 2),
    ("7S 8S 10S JS", -1, 0, 0), ("7S 7H 7D 8C", -1, 0, 0),
])
def test_sequences(hand, trump, total, count):
    """Three in suit 20, four or more 50, in the order A K Q J 10 9 8 7 (000:351)."""
    got_total, _, got_count = K.sequences(hand, trump)
    assert (got_total, got_count) == (total, count)


def scorer(h0, h1, trump=CLUBS, dealer=1):
    return K.sequence_scorer_nb(K.sequences(h0, trump)[1], K.sequences(h1, trump)[1], dealer)


def test_sequence_comparison_and_tie_breaks():
    """50 beats 20, then the higher top card, then trump, then the non-dealer (000:355)."""
    assert scorer("7S 8S 9S 10S", "QH KH AH") == 0                  # 50 over 20, whatever the tops
    assert scorer("7S 8S 9S", "8H 9H 10H") == 1                      # top 10 over top 9
    assert scorer("8S 9S 10S", "8H 9H 10H", trump=HEARTS) == 1      # equal: the trump sequence
    assert scorer("8S 9S 10S", "8H 9H 10H", trump=CLUBS, dealer=1) == 0   # equal: the non-dealer
    assert scorer("8S 9S 10S", "8H 9H 10H", trump=CLUBS, dealer=0) == 1
    assert scorer("7S 9S JS", "8H 10H QH") == -1


def test_bella_in_both_orders():
    """000:359 «записать себе 20 очков, играя дамой»; option: either card first."""
    both = mask_of("KH QH 7S")
    qh, kh = parse("QH KH")
    assert K.bella_nb(both, qh, HEARTS, K.BELLA_RULE.queen) == 20
    assert K.bella_nb(both, kh, HEARTS, K.BELLA_RULE.queen) == 0            # the king first: no bella
    assert K.bella_nb(mask_of("QH 7S"), qh, HEARTS, K.BELLA_RULE.queen) == 0  # the king already gone
    assert K.bella_nb(both, kh, HEARTS, K.BELLA_RULE.either) == 20
    assert K.bella_nb(mask_of("KH 7S"), kh, HEARTS, K.BELLA_RULE.either) == 0
    assert K.bella_nb(both, qh, SPADES, K.BELLA_RULE.queen) == 0            # not trumps


def test_dix():
    hand = mask_of("7D AS KS")
    assert K.dix_allowed_nb(hand, DIAMONDS, True, 0, False, False)
    assert not K.dix_allowed_nb(hand, DIAMONDS, False, 0, False, False)   # trump named in round two
    assert not K.dix_allowed_nb(hand, SPADES, True, 0, False, False)      # not the trump 7
    assert not K.dix_allowed_nb(hand, DIAMONDS, True, 1, False, True)     # after the first trick
    assert K.dix_allowed_nb(hand, DIAMONDS, True, 1, True, True)          # the dealer who delayed
    assert not K.dix_allowed_nb(hand, DIAMONDS, True, 1, True, False)


def test_second_round_names_another_suit():
    assert K.second_round_legal_nb(SPADES, HEARTS) and not K.second_round_legal_nb(HEARTS, HEARTS)
    assert not K.second_round_legal_nb(4, HEARTS)


@pytest.mark.parametrize("totals, bete, want", [
    ([90, 82], "literal_double", [90, 82]),        # the maker ahead: each his own
    ([81, 81], "literal_double", [0, 81]),         # equal: only the opponent
    ([70, 92], "literal_double", [0, 184]),        # behind: the opponent doubles his own (000:379)
    ([70, 92], "standard_bete", [0, 162]),       # standard bete: both totals
])
def test_deal_scores(totals, bete, want):
    out = np.zeros(2, np.int64)
    bete = getattr(K.BETE, bete)
    K.deal_scores_nb(0, np.array(totals, np.int64), bete, out)
    assert out.tolist() == want
    K.deal_scores_nb(1, np.array(totals[::-1], np.int64), bete, out)
    assert out.tolist() == want[::-1]


def test_exact_sequence_chances_match_enumeration():
    """The suit-by-suit enumeration against every 5-card hand of the 32 through the
    kernel's own sequences: the chance that the best sequence is worth 0, 20 or 50."""
    cards = [int(c) for c in deck(32)]
    out = np.zeros(2, np.int64)
    counts = {0: 0, 20: 0, 50: 0}
    for h in itertools.combinations(cards, 5):
        K.sequences_nb(sum(1 << c for c in h), -1, out)
        counts[int(out[1]) // 100] += 1
    want = exact.best_sequence_value(5)
    assert {v: Fraction(n, comb(32, 5)) for v, n in counts.items()} == want


def test_exact_chances_of_the_dealt_nine():
    seq = exact.longest_sequence(9)
    assert sum(seq.values()) == 1 and max(seq) == 8
    # one suit holding all eight ranks and one card more: 4 suits * 24 other cards
    assert seq[8] == Fraction(4 * 24, comb(32, 9))
    best = exact.best_sequence_value(9)
    assert best[20] + best[50] == sum(p for run, p in seq.items() if run >= 3)
    assert exact.bella_chance(9) == Fraction(comb(30, 7), comb(32, 9)) == Fraction(9 * 8, 32 * 31)
    assert exact.bella_chance(6) == Fraction(6 * 5, 32 * 31)


def test_exact_bella_held_in_play_by_enumeration():
    """The turned card is in neither hand: three cards of the 31 others hold a suit's king
    and queen with chance C(29,1)/C(31,3) for a named suit; for the turned suit, only when
    the turned card is neither (enumerated over every turned card and hand)."""
    cards = [int(c) for c in deck(32)]
    k, q = parse("KH QH")
    named = turned = total = 0
    for up in cards:
        rest = [c for c in cards if c != up]
        for h in itertools.combinations(rest, 3):
            total += 1
            held = k in h and q in h
            named += held and up % 4 != HEARTS
            turned += held and up % 4 == HEARTS
    # per turned card: named suits are the 3 other suits (8 turned cards each), turned: hearts turned
    assert Fraction(named, total * 3 // 4) == exact.bella_held(True, 3)
    assert Fraction(turned, total // 4) == exact.bella_held(False, 3)


def test_longest_run_matches_the_enumeration():
    from simkit.games.klaberjass.nb import longest_run_nb

    rng = np.random.default_rng(1)
    for _ in range(300):
        h = rng.choice(deck(32), 9, replace=False)
        per_suit = max(exact._longest_run(sum(1 << (c // 4 - 5) for c in h if c % 4 == s)) for s in range(4))
        assert longest_run_nb(mask_of([int(c) for c in h])) == per_suit
