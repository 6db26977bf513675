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
                                S_TRICK_NO, TT_ESUIT, TT_SUIT_BITS, mask_of, start_deal_nb)
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
