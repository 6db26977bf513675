"""Tyotka's play heuristic (simkit/games/tyotka/play.py) on hand-built table states: every
trick costs, a queen, the photograph and the counting trick cost one more (seed 002 lines
50-51). Its own rules: the last to play takes an early clean trick with his highest card,
before the counting trick a hand keeps its last sure losers (cards nobody can duck under)
for it, and void it throws the card likeliest to take a trick later. Each case also asks the ``basic`` baseline (the shared ducking heuristic,
Tyotka's default before), which plays otherwise: the case would fail against it."""
import numpy as np
import pytest

import simkit
from simkit.core.cards import format as format_cards, parse
from simkit.core.tricks import (F_SUIT, NO_TRUMP, S_FOLLOW, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_TRICK,
                                S_TRICK_NO, TT_DECK, TT_ESUIT, TT_SUIT_BITS, mask_of, start_deal_nb)
from simkit.errors import SimkitError


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    """The game's modules are imported when the tests run, not when the suite is
    collected (tests/test_cache.py: collecting compiles no game)."""
    global GAME, PLAY_HEURISTIC, S_PREV, start_penalties_nb, N_PLAY_PARAMS, PLAY_BASIC, tyotka_choose_nb
    global PARAM_SLOTS, PLAY, TABLES
    from simkit.games.penalty_tricks import PLAY_HEURISTIC, S_PREV, start_penalties_nb
    from simkit.games.tyotka import GAME
    from simkit.games.tyotka.play import N_PLAY_PARAMS, PLAY_BASIC, tyotka_choose_nb
    from simkit.games.tyotka.policies import PARAM_SLOTS, PLAY
    from simkit.games.tyotka.scoring import TABLES


def decide(hand, trick="", played="", photo="2C", counting=13, policy="heuristic", **params):
    """The card the seat to play chooses: four players, seat 0 led ``trick`` (cards in play
    order), ``played`` the cards of earlier tricks (four a trick), ``photo`` the
    photograph, ``counting`` the counting trick (1-based); ``params`` override the
    heuristic's defaults, except ``count``, 0 unless given: the positions here are not
    whole deals (a hand of five cards at trick 2), and the look-ahead at the counting
    trick would sample hidden hands for seats whose card counts do not add up."""
    tt = TABLES[NO_TRUMP]
    h, tr, pl = mask_of(hand), [int(c) for c in parse(trick)] if trick else [], mask_of(played) if played else 0
    state = np.zeros(S_SIZE, np.int64)
    start_deal_nb(state, TABLES, NO_TRUMP, 4, 13, 3, 0, -1, 1)
    state[S_FOLLOW] = F_SUIT
    start_penalties_nb(state, int(parse(photo)[0]), counting - 1, 1)
    state[S_TRICK_NO] = bin(pl).count("1") // 4
    state[S_PREV] = pl
    state[S_PLAYED] = pl | mask_of(tr)
    n = len(tr)
    for i, c in enumerate(tr):
        state[S_TRICK + i] = c
    state[S_N_IN_TRICK] = n
    state[S_SEAT] = n
    legal = h
    if n and h & tt[TT_SUIT_BITS + tt[TT_ESUIT + tr[0]]]:
        legal = h & tt[TT_SUIT_BITS + tt[TT_ESUIT + tr[0]]]
    p = np.zeros((4, N_PLAY_PARAMS), np.float64)
    for name, v in {**PLAY.builtins["heuristic"].params, "count": 0, **params}.items():
        p[:, PARAM_SLOTS["play"][name]] = v
    code = PLAY_HEURISTIC if policy == "heuristic" else PLAY_BASIC
    opts = GAME._opts(GAME.Rules.build({}))
    c = tyotka_choose_nb(code, n, h, legal, state, state[S_TRICK:S_TRICK + 8], tt, p, opts)
    assert legal >> c & 1
    return format_cards([c])


EARLY = "2D 3D 4D 5D"           # one trick played: the state is trick 2


def test_last_to_a_clean_early_trick_takes_it_high():
    """Trick 2, the last to play to 5♠ 7♠ 9♠ with A♠ 3♠: the heuristic takes with A♠ (the
    card that would take a queen later); basic ducks with 3♠."""
    hand = "AS 3S 4H 6H 8C"
    assert decide(hand, "5S 7S 9S", EARLY) == "AS"
    assert decide(hand, "5S 7S 9S", EARLY, policy="basic") == "3S"
    assert decide(hand, "5S 7S 9S", EARLY, take=0) == "3S"           # the rule off
    # a queen in the trick, the photograph in it, the counting trick, or too late: duck
    assert decide(hand, "5S QS 9S", EARLY) == "3S"
    assert decide(hand, "5S 7S 9S", EARLY, photo="7S") == "3S"
    assert decide(hand, "5S 7S 9S", EARLY, counting=2) == "3S"
    assert decide(hand, "5S 7S 9S", EARLY, take=1) == "3S"
    # the highest card below rank `high` (J): no gain in taking with it
    assert decide("10S 3S 4H 6H 8C", "5S 7S 9S", EARLY, high=9) == "3S"
    assert decide("10S 3S 4H 6H 8C", "5S 7S 9S", EARLY, high=8) == "10S"
    # not last: ducks as basic does
    assert decide(hand, "5S 7S", EARLY) == "3S"


def test_a_last_sure_loser_is_kept_for_the_counting_trick():
    """Leading at trick 2 with the counting trick 10th: 2♠ is a sure loser (every other
    spade is unseen and above it: its holder must overtake) and the hand's only one; basic
    leads it (the most unseen cards above), the heuristic keeps it and leads 9♥ (hearts
    below it unseen, five above)."""
    hand = "2S 9H KC AD"
    assert decide(hand, "", EARLY, counting=10, policy="basic") == "2S"
    assert decide(hand, "", EARLY, counting=10) == "9H"
    assert decide(hand, "", EARLY, counting=10, save=0) == "2S"        # the rule off
    assert decide(hand, "", EARLY, counting=2) == "2S"                 # the counting trick now: lead it
    assert decide(hand, "", EARLY, counting=10, lead=6) == "2S"        # 9♥ has only 5 unseen above
    # three sure losers (2♠ 2♥ 3♥: no unseen card below any): more than `save`, no need to keep one
    played = "2D 3D 4D 5D 6D 7D 8D 9D"
    assert decide("2S 2H 3H 9C KC", "", played, counting=10) == "2S"


def test_the_heuristic_beats_basic():
    """One heuristic seat against three basic seats, single deals: fewer penalties than a
    quarter of the seven (basic against itself: 1.75 by symmetry)."""
    r = simkit.simulate("tyotka", 4000, rules={"unit": "deal"}, policies={"play": "heuristic|basic|basic|basic"},
                        seed=3, progress=False)
    e = r.estimates["penalty.seat0"]
    assert e.value + 3 * e.stderr < 1.75


@pytest.mark.parametrize("policy, match", [
    ("heuristic:take=14", r"take=14.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:high=13", r"high=13.0 is not allowed; allowed: a whole number in \[0, 12\]"),
    ("heuristic:save=-1", r"save=-1.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:lead=0.5", r"lead=0.5 is not allowed; allowed: a whole number in \[0, 12\]"),
    ("heuristic:shed=2", r"shed=2.0 is not allowed; allowed: a whole number in \[0, 1\]"),
    ("basic:take=1", r"'basic' has no parameter take"),
])
def test_parameters_out_of_range_are_refused(policy, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("tyotka", 2, policies={"play": policy}, progress=False)


def test_void_it_throws_the_likeliest_taker():
    """Void in diamonds, trick 3: basic throws its highest card, K♥ (the A♥ unseen above it,
    so it may still duck); the heuristic throws 9♠, a sure taker (A-10 of spades played, the
    unseen 2-8 below it), and with no sure taker the card with the most unseen cards below
    it. A queen still goes first, as in basic."""
    played = "AS KS QS JS 10S 2C 3C 4C"
    hand = "9S KH 3H 5C 6C"
    assert decide(hand, "2D 5D", played, policy="basic") == "KH"
    assert decide(hand, "2D 5D", played) == "9S"
    assert decide(hand, "2D 5D", played, shed=0) == "KH"
    # no sure taker: 10♥ (seven unseen hearts below it) rather than J♣ (only 10♣ below), basic's highest
    low_clubs = "2C 3C 4C 5C 6C 7C 8C 9C"
    assert decide("JC 10H 2H", "2D 5D", low_clubs) == "10H"
    assert decide("JC 10H 2H", "2D 5D", low_clubs, policy="basic") == "JC"
    assert decide("QH KH 3H 5C", "2D 5D", played) == "QH"


def test_equivalent_cards_are_played_out_once():
    """The look-ahead plays out one card of each run of a suit with no unseen card between
    them (the rule's card where it is in the run, else the lowest), a queen and the
    photograph always."""
    from simkit.games.tyotka.play import distinct_cards_nb
    tt = TABLES[NO_TRUMP]
    opts = GAME._opts(GAME.Rules.build({}))
    photo = int(parse("2C")[0])
    unseen = tt[TT_DECK] & ~mask_of("5H 6H 9H QS 7H")                 # 7♥ played: 5-6 and 9 split by 8♥
    legal = mask_of("5H 6H 9H QS")

    def kept(first, unseen):
        m = distinct_cards_nb(legal, unseen, int(parse(first)[0]), opts, photo, tt)
        return sorted(format_cards([c for c in range(52) if m >> c & 1]).split())
    assert kept("9H", unseen) == ["5H", "9H", "QS"]
    assert kept("6H", unseen) == ["6H", "9H", "QS"]
    # 8♥ played too: one run 5-9, only the rule's card (or the lowest) stays
    assert kept("9H", unseen & ~mask_of("8H")) == ["9H", "QS"]
    assert kept("2H", unseen & ~mask_of("8H")) == ["5H", "QS"]


def test_which_decisions_look_ahead():
    """``probed_nb``: a real choice, the kind of decision in ``kinds`` (1 lead, 2 follow able
    to win or lose, 4 follow only one way, 8 void), in the last ``last`` tricks or the
    counting trick and the ``count`` - 1 before it."""
    from simkit.games.tyotka.play import probed_nb
    tt = TABLES[NO_TRUMP]
    state = np.zeros(S_SIZE, np.int64)
    start_deal_nb(state, TABLES, NO_TRUMP, 4, 13, 3, 0, -1, 1)
    state[S_FOLLOW] = F_SUIT
    start_penalties_nb(state, int(parse("5C")[0]), 5, 1)               # the counting trick: the 6th (index 5)
    trick = state[S_TRICK:S_TRICK + 8]
    two = mask_of("2H 9H")
    state[S_TRICK_NO] = 9
    assert probed_nb(state, two, trick, tt, 4, 0, 1)                    # a lead in the last four tricks
    assert not probed_nb(state, two, trick, tt, 3, 0, 1)
    assert not probed_nb(state, mask_of("2H"), trick, tt, 4, 0, 1)      # no choice
    state[S_TRICK_NO] = 5
    assert not probed_nb(state, two, trick, tt, 4, 0, 1)
    assert probed_nb(state, two, trick, tt, 4, 1, 1)                    # the counting trick
    state[S_TRICK_NO] = 4
    assert not probed_nb(state, two, trick, tt, 4, 1, 1)
    assert probed_nb(state, two, trick, tt, 4, 2, 1)                    # the trick before it
    state[S_TRICK_NO] = 10
    trick[0] = parse("5H")[0]
    state[S_N_IN_TRICK] = 1
    assert not probed_nb(state, two, trick, tt, 4, 0, 1)                # a follow: not with kinds 1
    assert probed_nb(state, two, trick, tt, 4, 0, 2)                    # 2♥ loses, 9♥ wins
    assert not probed_nb(state, mask_of("2H 3H"), trick, tt, 4, 0, 2)
    assert probed_nb(state, mask_of("2H 3H"), trick, tt, 4, 0, 4)       # only losers
    assert probed_nb(state, mask_of("2S 9C"), trick, tt, 4, 0, 8)       # void in hearts
    assert not probed_nb(state, mask_of("2S 9C"), trick, tt, 4, 0, 7)


def test_the_look_ahead_keeps_the_low_card_for_the_counting_trick():
    """Trick 12 of 13, the counting trick last (the photograph a king), the lead with A♠ 2♣;
    the others hold 3♣ 4♣ 5♣ 2♠ 3♠ 4♠. The rules lead 2♣ (the most unseen cards above; A♠
    is no card to keep it with), and whoever wins with a club may lead a spade to the
    counting trick, which A♠ then takes. The look-ahead leads A♠ (this trick costs nothing
    more: every trick so far is logged as the seat's own, so it has the most tricks anyway)
    and keeps 2♣, which loses the counting trick for certain."""
    hand = "AS 2C"
    others = mask_of(hand + " 3C 4C 5C 2S 3S 4S")
    played = format_cards([c for c in range(52) if not (others >> c) & 1])
    assert decide(hand, "", played, photo="KH", counting=13, probe=0) == "2C"
    assert decide(hand, "", played, photo="KH", counting=13, policy="basic") == "2C"
    assert decide(hand, "", played, photo="KH", counting=13) == "AS"
    assert decide(hand, "", played, photo="KH", counting=13, last=1) == "2C"      # the last trick only
    assert decide(hand, "", played, photo="KH", counting=13, probe=16, model=1) == "AS"
    assert decide(hand, "", played, photo="KH", counting=13, last=0, count=2) == "AS"


def test_rules_is_the_heuristic_without_its_look_ahead():
    """``rules`` (the default before) plays as ``heuristic:probe=0``, and the default is
    reproducible (same seed, same result)."""
    a = simkit.simulate("tyotka", 300, rules={"unit": "deal"}, policies={"play": "rules"}, seed=5, progress=False)
    b = simkit.simulate("tyotka", 300, rules={"unit": "deal"}, policies={"play": "heuristic:probe=0"}, seed=5,
                        progress=False)
    assert all(np.array_equal(a.stats[k], b.stats[k]) for k in a.stats)
    c = simkit.simulate("tyotka", 300, rules={"unit": "deal"}, policies={"play": "heuristic"}, seed=5, progress=False)
    d = simkit.simulate("tyotka", 300, rules={"unit": "deal"}, policies={"play": "heuristic"}, seed=5, progress=False)
    assert all(np.array_equal(c.stats[k], d.stats[k]) for k in c.stats)
    assert not all(np.array_equal(a.stats[k], c.stats[k]) for k in a.stats)


def test_depth_shortens_only_the_play_outs_before_the_last_tricks():
    """``depth`` bounds the play-outs of the decisions before the deal's last ``last``
    tricks (those ``count`` adds); the last tricks' play-outs still run to the deal's end,
    so with every decision in the window (``last`` 13) it changes nothing, while at the
    counting trick and the one before it (``last`` 0, ``count`` 2) it changes the play."""
    def stats(policy):
        return simkit.simulate("tyotka", 120, rules={"unit": "deal"}, policies={"play": policy}, seed=3,
                               progress=False).stats
    a, b = stats("heuristic:last=13,probe=2"), stats("heuristic:last=13,probe=2,depth=1")
    assert all(np.array_equal(a[k], b[k]) for k in a)
    c, d = stats("heuristic:last=0,count=2"), stats("heuristic:last=0,count=2,depth=1")
    assert not all(np.array_equal(c[k], d[k]) for k in c)


def test_the_look_ahead_plays_follows_out():
    """Trick 12 of 13, the counting trick last: seat 1 follows 5♣ with 2♣ 9♣, and every
    hidden card is a club between them (3♣ 4♣ 6♣ 7♣ 8♣). The rules duck with 2♣ and keep
    9♣, which then takes the counting trick whoever leads it; the look-ahead (the default
    looks at follows too, ``kinds`` 15) takes this clean trick with 9♣ and leads 2♣, which
    nobody can lose to, into the counting trick. The look-ahead at leads only (``kinds`` 1,
    the default before) plays the rules' card."""
    hand = "2C 9C"
    others = mask_of(hand + " 5C 3C 4C 6C 7C 8C")
    played = format_cards([c for c in range(52) if not (others >> c) & 1])
    assert decide(hand, "5C", played, photo="KH", counting=13, probe=0) == "2C"
    assert decide(hand, "5C", played, photo="KH", counting=13, policy="basic") == "2C"
    assert decide(hand, "5C", played, photo="KH", counting=13, kinds=1) == "2C"
    assert decide(hand, "5C", played, photo="KH", counting=13) == "9C"
    assert decide(hand, "5C", played, photo="KH", counting=13, kinds=2) == "9C"


def test_void_only_each_suits_highest_card_is_played_out():
    """``tops`` (void in the suit led): of the cards that play differently, the look-ahead
    plays out each suit's highest, the queens, the photograph and the rules' card."""
    from simkit.games.tyotka.play import top_cards_nb

    def kept(cands, first, photo):
        m = top_cards_nb(mask_of(cands), int(parse(first)[0]), int(parse(photo)[0]))
        return sorted(format_cards([c for c in range(52) if m >> c & 1]).split())
    assert kept("2C 5C 9C QD 3D 7H 4H", "5C", "4H") == ["4H", "5C", "7H", "9C", "QD"]
    assert kept("2C 5C 9C QD 3D 7H 4H", "9C", "AS") == ["7H", "9C", "QD"]
    assert kept("2C 5C 9C 3D 7H 4H 2S", "2C", "AS") == ["2C", "2S", "3D", "7H", "9C"]


def test_the_cut_offs_of_the_look_ahead():
    """``tie``: when every card has cost the same on the first ``tie`` samples the rules'
    card is played; ``gap``: a card trailing the best by more than ``gap`` points after a
    sample is dropped. Two positions found by a search where the cut-off changes the card
    (the look-ahead's stream is a function of the deal's key and the cards played, so the
    samples are the same on every run): following 2♠ 10♣ with 9♠ 5♠, 64 samples play 9♠,
    the first sample alone ties and the rules play 5♠; leading from K♣ 6♣ 3♦ A♣ at the
    last but one trick, 4 samples play K♣, and dropping every card behind after each sample
    leaves 6♣."""
    played = ("7C 7S 4D 2D KD 7D KC QS QH 9H AD AC 8H 6C JC 2C 10S AH 9C JH 3H 5D 7H AS KH 9D 4S 3D KS 3S 4H 4C "
              "5H 6S QC JS")
    common = dict(photo="JS", counting=11, probe=64, tops=0, kinds=15, last=6, gap=64)
    assert decide("2H 9S 10H 5S", "2S 10C", played, tie=0, **common) == "9S"
    assert decide("2H 9S 10H 5S", "2S 10C", played, tie=1, **common) == "5S"
    assert decide("2H 9S 10H 5S", "2S 10C", played, probe=0) == "5S"
    played = ("3C 4H 9S 3H JD QS 10S 8C 3S 10C 9H KS 2H QC 5C KD 2D 9C 6S 8S 4C AH 6H QD 7D 9D 2S 8H 10H KH 10D "
              "5S JS 7H 6D AS")
    common = dict(photo="8S", counting=13, probe=4, tops=0, kinds=15, last=6, tie=0)
    assert decide("KC 6C 3D AC", "", played, gap=64, **common) == "KC"
    assert decide("KC 6C 3D AC", "", played, gap=0, **common) == "6C"
    assert decide("KC 6C 3D AC", "", played, probe=0) == "6C"


@pytest.mark.parametrize("policy, match", [
    ("heuristic:probe=65", r"probe=65.0 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:last=14", r"last=14.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:count=-1", r"count=-1.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:model=2", r"model=2.0 is not allowed; allowed: a whole number in \[0, 1\]"),
    ("heuristic:kinds=0", r"kinds=0.0 is not allowed; allowed: a whole number in \[1, 15\]"),
    ("heuristic:kinds=16", r"kinds=16.0 is not allowed; allowed: a whole number in \[1, 15\]"),
    ("heuristic:gap=65", r"gap=65.0 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:gap=-1", r"gap=-1.0 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:tops=2", r"tops=2.0 is not allowed; allowed: a whole number in \[0, 1\]"),
    ("heuristic:tie=65", r"tie=65.0 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:tie=0.5", r"tie=0.5 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:depth=0", r"depth=0.0 is not allowed; allowed: a whole number in \[1, 13\]"),
    ("heuristic:depth=14", r"depth=14.0 is not allowed; allowed: a whole number in \[1, 13\]"),
    ("rules:tie=1", r"'rules' has no parameter tie"),
    ("rules:probe=1", r"'rules' has no parameter probe"),
])
def test_look_ahead_parameters_out_of_range_are_refused(policy, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("tyotka", 2, policies={"play": policy}, progress=False)


def test_the_fast_basic_plays_as_basic():
    """``fast_basic_nb`` (the look-ahead's play-outs and the rules' fallback, on bitmasks)
    plays the card of the shared ``avoid_play_nb`` (``basic``) in every position of 200
    deals, positions reached by a mix of basic and random cards."""
    from numba import njit

    from simkit.core.rng import randbelow_nb, seed_stream_nb
    from simkit.core.tricks import MAX_SEATS, S_LEADER, close_trick_nb, lowest_card_nb
    from simkit.games import penalty_tricks as pt
    from simkit.games.tyotka.play import fast_basic_nb
    from simkit.games.tyotka.scoring import counting_trick_nb

    @njit(cache=False)
    def compare(n_deals, opts, tables):
        tt = tables[NO_TRUMP]
        rng = np.zeros(4, np.uint64)
        seed_stream_nb(rng, 3, 0)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(MAX_SEATS, np.int64)
        deck = np.arange(52)
        checks = 0
        bad = 0
        for _ in range(n_deals):
            for i in range(51, 0, -1):
                j = randbelow_nb(rng, i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            for s in range(4):
                hands[s] = 0
            for i in range(52):
                hands[i & 3] |= np.int64(1) << deck[i]
            photo = deck[randbelow_nb(rng, 52)]
            start_deal_nb(state, tables, NO_TRUMP, 4, 13, 0, 1, -1, 1)
            pt.start_penalties_nb(state, photo, counting_trick_nb(photo) - 1, 0)
            trick = state[S_TRICK:S_TRICK + MAX_SEATS]
            for k in range(13):
                led = -1
                seat = state[S_LEADER]
                for n in range(4):
                    hand = hands[seat]
                    legal = hand
                    if n > 0 and hand & tt[TT_SUIT_BITS + led]:
                        legal = hand & tt[TT_SUIT_BITS + led]
                    state[S_SEAT] = seat
                    state[S_N_IN_TRICK] = n
                    card = pt.avoid_play_nb(seat, hand, legal, state, trick, tt, opts)
                    checks += 1
                    bad += card != fast_basic_nb(hand, legal, state, trick, opts)
                    if randbelow_nb(rng, 3) == 0:
                        m = legal
                        for _ in range(randbelow_nb(rng, bin_count(legal))):
                            m &= m - 1
                        card = lowest_card_nb(m)
                    bit = np.int64(1) << card
                    hands[seat] = hand & ~bit
                    trick[n] = card
                    state[S_PLAYED] |= bit
                    if n == 0:
                        led = tt[TT_ESUIT + card]
                    seat = (seat + 1) & 3
                state[S_N_IN_TRICK] = 4
                taken = state[S_PLAYED] & ~state[S_PREV]
                state[S_PREV] = state[S_PLAYED]
                w = close_trick_nb(state, trick, tt)
                pt.charge_trick_nb(state, opts, taken, w, k)
        return checks, bad

    @njit(cache=False)
    def bin_count(m):
        c = 0
        while m:
            m &= m - 1
            c += 1
        return c

    checks, bad = compare(200, GAME._opts(GAME.Rules.build({})), TABLES)
    assert checks == 200 * 52 and bad == 0


def _random_positions_nb_factory():
    """An ``@njit`` walk through random deals (a mix of ``basic`` and random cards) that
    calls ``visit(state, hands, seat)`` at every decision (the seat to play, before its
    card), for the play-out and sampler tests below."""
    from numba import njit

    from simkit.core.rng import randbelow_nb, seed_stream_nb
    from simkit.core.tricks import MAX_SEATS, S_LEADER, S_VOIDS, close_trick_nb, lowest_card_nb
    from simkit.games import penalty_tricks as pt
    from simkit.games.tyotka.scoring import counting_trick_nb

    @njit(cache=False)
    def walk(n_deals, seed, opts, tables, visit, out):
        tt = tables[NO_TRUMP]
        rng = np.zeros(4, np.uint64)
        seed_stream_nb(rng, seed, 0)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(MAX_SEATS, np.int64)
        deck = np.arange(52)
        for _ in range(n_deals):
            for i in range(51, 0, -1):
                j = randbelow_nb(rng, i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            for s in range(4):
                hands[s] = 0
            for i in range(52):
                hands[i & 3] |= np.int64(1) << deck[i]
            photo = deck[randbelow_nb(rng, 52)]
            start_deal_nb(state, tables, NO_TRUMP, 4, 13, 0, 1, -1, 1)
            state[S_FOLLOW] = F_SUIT
            pt.start_penalties_nb(state, photo, counting_trick_nb(photo) - 1, randbelow_nb(rng, 1 << 30))
            trick = state[S_TRICK:S_TRICK + MAX_SEATS]
            for k in range(13):
                led = -1
                seat = state[S_LEADER]
                for n in range(4):
                    hand = hands[seat]
                    legal = hand
                    if n > 0 and hand & tt[TT_SUIT_BITS + led]:
                        legal = hand & tt[TT_SUIT_BITS + led]
                    elif n > 0:
                        state[S_VOIDS] |= np.int64(1) << (seat * 5 + led)
                    state[S_SEAT] = seat
                    state[S_N_IN_TRICK] = n
                    visit(state, hands, seat, tt, opts, rng, out)
                    card = pt.avoid_play_nb(seat, hand, legal, state, trick, tt, opts)
                    if randbelow_nb(rng, 3) == 0:
                        m = legal
                        for _ in range(randbelow_nb(rng, 13)):
                            if m & (m - 1):
                                m &= m - 1
                        card = lowest_card_nb(m)
                    bit = np.int64(1) << card
                    hands[seat] = hand & ~bit
                    trick[n] = card
                    state[S_PLAYED] |= bit
                    if n == 0:
                        led = tt[TT_ESUIT + card]
                    seat = (seat + 1) & 3
                state[S_N_IN_TRICK] = 4
                taken = state[S_PLAYED] & ~state[S_PREV]
                state[S_PREV] = state[S_PLAYED]
                w = close_trick_nb(state, trick, tt)
                pt.charge_trick_nb(state, opts, taken, w, k)
    return walk


def test_the_fast_playout_costs_what_the_engine_playout_costs():
    """``fast_playout_nb`` (the look-ahead's play-out on bitmasks) gives every seat the
    cost the engine's play-out gives (``rollout.play_trick_nb`` with the game's charging,
    ``penalty_tricks.deal_cost_nb``), with ``basic`` (``model`` 0) and with the rules
    (``model`` 1) at every seat, from every position of 60 deals (a card just put on the
    trick, the trick maybe full); and stopped before trick ``end`` (``depth``), the cost of
    the tricks played so far: the seat's penalties and tricks, and the most-tricks penalty
    of the tricks played."""
    from numba import njit

    from simkit.core.rollout import follow_legal_nb, play_trick_nb
    from simkit.core.tricks import MAX_SEATS, S_LEADER, S_PLAYERS, S_TRICK_NO, S_TRICKS, close_trick_nb
    from simkit.games import penalty_tricks as pt
    from simkit.games.penalty_tricks import S_LOG, S_PEN, S_WON
    from simkit.games.tyotka.play import (NO_CAP, TyotkaParams, TyotkaPosition, fast_basic_nb, fast_playout_nb, most_count_nb,
                                          tyotka_play_nb)

    @njit(cache=False)
    def rules_nb(seat, hand, legal, st, trick, tt, ctx):
        opts, hp = ctx
        if hp.model == 0:
            return fast_basic_nb(hand, legal, st, trick, opts)
        return tyotka_play_nb(seat, hand, legal, st, trick, tt, opts, hp)

    @njit(cache=False)
    def engine_cost(hands, st, tt, opts, hp, seat, end):
        trick = st[S_TRICK:S_TRICK + MAX_SEATS]
        while st[S_TRICK_NO] < end:
            play_trick_nb(hands, st, trick, tt, (opts, hp), follow_legal_nb, rules_nb)
            k = st[S_TRICK_NO]
            cards = st[S_PLAYED] & ~st[S_PREV]
            st[S_PREV] = st[S_PLAYED]
            w = close_trick_nb(st, trick, tt)
            pt.charge_trick_nb(st, opts, cards, w, k)
        if end == st[S_TRICKS]:
            return pt.deal_cost_nb(st, opts, seat)
        c = st[S_PEN + seat] + opts[pt.O_TRICK_VALUE] * st[S_WON + seat]
        if opts[pt.O_MOST] and pt.log_most_tricks_seat_nb(st[S_LOG], end, st[S_PLAYERS]) == seat:
            c += 1
        return c

    @njit(cache=False)
    def visit(state, hands, seat, tt, opts, rng, out):
        n = state[S_N_IN_TRICK]
        card = pt.avoid_play_nb(seat, hands[seat], hands[seat], state, state[S_TRICK:S_TRICK + 8], tt, opts)
        if n > 0 and hands[seat] & tt[TT_SUIT_BITS + tt[TT_ESUIT + state[S_TRICK]]]:
            card = pt.avoid_play_nb(seat, hands[seat], hands[seat] & tt[TT_SUIT_BITS + tt[TT_ESUIT + state[S_TRICK]]],
                                    state, state[S_TRICK:S_TRICK + 8], tt, opts)
        for model in range(2):
            hp = TyotkaParams(np.int64(8), np.int64(9), np.int64(2), np.int64(1), np.int64(1), np.int64(model))
            for who in range(state[S_PLAYERS]):
                for end in (state[S_TRICKS], state[S_TRICK_NO] + 1 + (who + model) % 3):
                    if end > state[S_TRICKS]:
                        continue
                    h1 = hands.copy()
                    st1 = state.copy()
                    bit = np.int64(1) << card
                    h1[seat] &= ~bit
                    st1[S_TRICK + n] = card
                    st1[S_PLAYED] |= bit
                    st1[S_N_IN_TRICK] = n + 1
                    h2 = h1.copy()
                    st2 = st1.copy()
                    want = engine_cost(h1, st1, tt, opts, hp, who, end)
                    at = TyotkaPosition(state[S_LEADER], n + 1, state[S_TRICK_NO], state[S_PLAYED] | bit,
                                        most_count_nb(state[S_LOG], state[S_TRICK_NO]), end, NO_CAP)
                    got = fast_playout_nb(h2, st2, st2[S_TRICK:S_TRICK + MAX_SEATS], tt, opts, hp, who, at)
                    out[0] += 1
                    out[1] += got != want
                    out[2] += want

    walk = _random_positions_nb_factory()
    out = np.zeros(3, np.int64)
    walk(60, 11, GAME._opts(GAME.Rules.build({})), TABLES, visit, out)
    assert out[0] > 60 * 52 * 8 and out[1] == 0 and out[2] > 0


def test_the_sampler_deals_the_hidden_cards_by_the_voids_shown():
    """``sample_hidden_nb`` (the look-ahead's deals of the hidden cards): every other seat
    gets as many cards as it still holds, the seat keeps its hand, the hidden cards are
    dealt once each and none of a suit a seat has shown out of (every position of 40 deals,
    voids from the play, which always leaves them satisfiable here); with no void each
    hidden card goes to each seat as often as its room says (a hidden card of trick 1's
    lead, 4 000 deals)."""
    from numba import njit

    from simkit.core.rng import seed_stream_nb
    from simkit.core.tricks import MAX_SEATS, S_LEADER, S_PLAYERS, S_TRICK_NO, S_VOIDS
    from simkit.games.tyotka.play import sample_hidden_nb

    @njit(cache=False)
    def visit(state, hands, seat, tt, opts, rng, out):
        sampled = np.zeros(MAX_SEATS, np.int64)
        kept = sample_hidden_nb(seat, hands[seat], state, sampled, rng)
        out[0] += 1
        out[1] += not kept
        union = 0
        for s in range(state[S_PLAYERS]):
            union |= sampled[s]
            if s != seat:
                for suit in range(4):
                    if (state[S_VOIDS] >> (s * 5 + suit)) & 1 and sampled[s] & tt[TT_SUIT_BITS + suit]:
                        out[2] += 1
                if bin_count(sampled[s]) != bin_count(hands[s]):
                    out[3] += 1
        if sampled[seat] != hands[seat] or union != tt[TT_DECK] & ~state[S_PLAYED]:
            out[4] += 1

    @njit(cache=False)
    def bin_count(m):
        c = 0
        while m:
            m &= m - 1
            c += 1
        return c

    walk = _random_positions_nb_factory()
    out = np.zeros(5, np.int64)
    walk(40, 5, GAME._opts(GAME.Rules.build({})), TABLES, visit, out)
    assert out[0] == 40 * 52 and out[1] == 0 and out[2] == 0 and out[3] == 0 and out[4] == 0

    @njit(cache=False)
    def first_trick(n, tables):
        state = np.zeros(S_SIZE, np.int64)
        start_deal_nb(state, tables, NO_TRUMP, 4, 13, 3, 0, -1, 1)
        state[S_LEADER] = 0
        state[S_TRICK_NO] = 0
        c0 = 0                                  # 2♣ led by seat 0; seat 1 samples
        state[S_TRICK] = c0
        state[S_PLAYED] = 1
        state[S_N_IN_TRICK] = 1
        hand = np.int64(0)
        for c in range(1, 14):
            hand |= np.int64(1) << c
        sampled = np.zeros(MAX_SEATS, np.int64)
        rng = np.zeros(4, np.uint64)
        seed_stream_nb(rng, 9, 0)
        got = np.zeros(4, np.int64)
        for _ in range(n):
            sample_hidden_nb(1, hand, state, sampled, rng)
            for s in range(4):
                got[s] += (sampled[s] >> 51) & 1           # where A♠ went
        return got

    got = first_trick(4000, TABLES)
    # rooms: seat 0 12 (it led), seats 2 and 3 13 each: shares 12/38, 13/38, 13/38
    assert got[1] == 0 and got.sum() == 4000
    for s, share in ((0, 12 / 38), (2, 13 / 38), (3, 13 / 38)):
        assert abs(got[s] / 4000 - share) < 4 * (share * (1 - share) / 4000) ** 0.5


def test_the_bit_scans_give_the_shared_helpers_values():
    """The play's card scans on LLVM's bit instructions (``lowest_card_nb``,
    ``highest_card_nb``, ``popcount_nb`` in ``tyotka/play.py``) give the values of the
    shared de Bruijn scan and SWAR count (``simkit.core.tricks``) and of Python's own, on
    every single card and on 2 000 random non-empty masks of the 52-card deck."""
    from numba import njit

    from simkit.core import tricks
    from simkit.games.tyotka import play

    @njit(cache=False)
    def scans(masks, out):
        for i in range(masks.shape[0]):
            m = masks[i]
            out[i, 0] = play.lowest_card_nb(m)
            out[i, 1] = tricks.lowest_card_nb(m)
            out[i, 2] = play.highest_card_nb(m)
            out[i, 3] = play.popcount_nb(m)
            out[i, 4] = tricks.popcount_nb(m)

    rng = np.random.default_rng(5)
    masks = [1 << c for c in range(52)] + [int(x) for x in rng.integers(1, 1 << 52, 2000, dtype=np.int64)]
    masks = np.array(masks, np.int64)
    out = np.zeros((len(masks), 5), np.int64)
    scans(masks, out)
    for m, (low, low_shared, high, count, count_shared) in zip(masks.tolist(), out.tolist()):
        assert low == low_shared == (m & -m).bit_length() - 1
        assert high == m.bit_length() - 1
        assert count == count_shared == bin(m).count("1")
