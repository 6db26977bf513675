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
    heuristic's defaults."""
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
    for name, v in {**PLAY.builtins["heuristic"].params, **params}.items():
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


@pytest.mark.parametrize("policy, match", [
    ("heuristic:probe=65", r"probe=65.0 is not allowed; allowed: a whole number in \[0, 64\]"),
    ("heuristic:last=14", r"last=14.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:count=-1", r"count=-1.0 is not allowed; allowed: a whole number in \[0, 13\]"),
    ("heuristic:model=2", r"model=2.0 is not allowed; allowed: a whole number in \[0, 1\]"),
    ("heuristic:kinds=0", r"kinds=0.0 is not allowed; allowed: a whole number in \[1, 15\]"),
    ("heuristic:kinds=16", r"kinds=16.0 is not allowed; allowed: a whole number in \[1, 15\]"),
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
