"""Kozel's play heuristic (``heuristic``, :func:`simkit.games.kozel.play.kozel_play_nb`) on
hand-built positions: each new rule's card, and the card the old heuristic (the point
games' shared :func:`~simkit.games.point_tricks.take_points_nb`) plays there instead, so
every test fails against the old default; the policy as the game plays it (``play_deal``
against the kernel called by a user function; at ``weak_win=0, draw=1`` card for card
the old heuristic), its declared parameters and their refusal out of range."""
import random

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import SPADES, deck, format as format_cards, parse
from simkit.core.tricks import (PLAY_SIG, S_FOLLOW, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_TABLE, S_TRICK,
                                S_TRICK_NO, S_TRICKS, legal_nb, mask_of, start_deal_nb)
from simkit.errors import SimkitError


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, DEFAULTS, play, scoring, pt
    from simkit.games import point_tricks as pt
    from simkit.games.kozel import play, scoring

    GAME = simkit.get_game("kozel")
    DEFAULTS = GAME.roles[0].builtins["heuristic"].params


def position(hand, trick="", played="", trump=SPADES):
    """The table as the seat to play sees it: ``played`` = the cards of the tricks before
    (four a trick; past 16 cards the second half), ``trick`` = the current trick's cards,
    led by seat 0."""
    state = np.zeros(S_SIZE, np.int64)
    start_deal_nb(state, scoring.TABLES, trump, 4, scoring.HALF_CARDS, 0, 0, -1, 1)
    state[S_FOLLOW] = scoring.FOLLOW
    before, now = parse(played), parse(trick)
    assert len(before) % 4 == 0 and len(parse(hand)) == 4 - len(before) % 16 // 4
    state[S_TRICK_NO] = len(before) // 4
    state[S_TRICKS] = 4 * (len(before) // 16 + 1)
    state[S_PLAYED] = mask_of(played) | mask_of(trick)
    for i, c in enumerate(now):
        state[S_TRICK + i] = c
    state[S_N_IN_TRICK] = len(now)
    state[S_SEAT] = len(now)
    tt = scoring.TABLES[state[S_TABLE]]
    h = mask_of(hand)
    legal = legal_nb(h, state[S_TRICK:S_TRICK + 8], len(now), tt, scoring.FOLLOW, -1, 0)
    return h, legal, state, state[S_TRICK:S_TRICK + 8], tt


def heuristic(pos, **params):
    p = {**DEFAULTS, **params}
    return format_cards([play.kozel_play_nb(*pos, int(p["take_at"]), int(p["weak_win"]), int(p["draw"]))])


def old(pos):
    return format_cards([pt.take_points_nb(*pos, 0)])


# spades trump throughout; the jacks are the top trumps J♣ > J♠ > J♥ > J♦
def test_no_sure_trump_is_led_while_trumps_are_out():
    # with ``draw=0``: the J♣ cannot be beaten, but leading it while trumps are out spends the top
    # trump on a trick the others throw their cheapest cards to: the cheapest card instead (the old
    # rule, and the default ``draw=1``, draw trumps)
    pos = position("JC 7H KD AD")
    assert heuristic(pos, draw=0) == "7H"
    assert old(pos) == heuristic(pos) == "JC"


def test_a_sure_plain_card_is_still_led_once_no_trump_is_out():
    # second half: every trump has gone (the first half's 16 cards and the trick before), so the
    # A♦ is sure and led, under either rule
    first = "JC JS JH JD 7S 8S 9S QS KS 10S AS 7C 8C 9C 10C QC"
    pos = position("AD 7H 8H", played=first + " KC AC 7D 8D")
    assert heuristic(pos) == old(pos) == "AD"


def test_an_unsure_winner_is_the_weakest_that_wins():
    # second to play on the 7♦: the A♦ and the K♦ both win, neither is sure (trumps are out); the
    # weakest winner, the K♦, keeps the A♦ (the old rule played the strongest winner, the A♦)
    pos = position("AD KD 8C 9C", trick="7D")
    assert heuristic(pos) == "KD"
    assert old(pos) == "AD"
    assert heuristic(pos, weak_win=0) == "AD"


def test_a_sure_winner_and_the_last_seat_are_unchanged():
    # second to play on the 7♦ holding the J♣ alone in trumps: void in diamonds, it must trump,
    # and the J♣ is sure; last to play, the richest winner (the A♦, 11 points)
    pos = position("JC 8C 9C 7H", trick="7D")
    assert heuristic(pos) == old(pos) == "JC"
    pos = position("AD KD 8C", trick="7D 8D 9D", played="7H 8H 9H 10H")
    assert heuristic(pos) == old(pos) == "AD"


def test_the_policy_as_the_game_plays_it():
    """``play_deal`` with ``heuristic`` (defaults or parameters) plays exactly the kernel
    called by a user function; at ``weak_win=0, draw=1`` exactly the old heuristic (the
    shared ``take_points_nb``, called by a user function); the new defaults differ."""
    from simkit.games.kozel.play import kozel_play_nb
    from simkit.games.kozel.scoring import TABLES
    from simkit.games.point_tricks import take_points_nb

    @njit(PLAY_SIG)
    def as_kernel(hand, legal, state, params):   # params in name order: draw, take_at, weak_win
        return kozel_play_nb(hand, legal, state, state[S_TRICK:S_TRICK + 8], TABLES[state[S_TABLE]],
                             np.int64(params[1]), np.int64(params[2]), np.int64(params[0]))

    @njit(PLAY_SIG)
    def as_old(hand, legal, state, params):
        return take_points_nb(hand, legal, state, state[S_TRICK:S_TRICK + 8], TABLES[state[S_TABLE]],
                              np.int64(params[0]))

    rng = random.Random(5)
    names = format_cards(deck(32)).split()
    differ = 0
    for k in range(16):
        rng.shuffle(names)
        order = " ".join(names)
        params = dict(DEFAULTS) if k < 6 else {"draw": int(k < 12), "take_at": 4 * (k % 3), "weak_win": int(k >= 12)}
        text = "heuristic:" + ",".join(f"{a}={b}" for a, b in params.items())
        got = GAME.play_deal(order, policies=text if k >= 6 else "heuristic", dealer=k % 4)
        user = simkit.Policy("user:as_kernel", fn=as_kernel, **params)
        ref = GAME.play_deal(order, policies={"play": user}, dealer=k % 4)
        assert (got["points"], got["tricks"]) == (ref["points"], ref["tricks"]), (order, params)
        assert got["audit"]["violations"] == 0
        was = GAME.play_deal(order, policies={"play": simkit.Policy("user:as_old", fn=as_old,
                                                                       take_at=params["take_at"])}, dealer=k % 4)
        if 6 <= k < 12:
            assert (got["points"], got["tricks"]) == (was["points"], was["tricks"]), (order, params)
        elif k < 6:
            differ += was["points"] != got["points"]
    assert differ >= 2


def test_the_parameters_are_declared_and_refused_out_of_range():
    spec = GAME.roles[0].builtins["heuristic"]
    assert GAME.roles[0].default == "heuristic"
    assert {k: (p.kind, p.minimum, p.maximum) for k, p in spec.limits.items()} == {
        "take_at": ("int", 0, 120), "weak_win": ("int", 0, 1), "draw": ("int", 0, 1)}
    assert DEFAULTS == {"take_at": 0, "weak_win": 1, "draw": 1}
    whole = "a whole number in"
    for text, msg in (("heuristic:weak_win=2", rf"'heuristic': weak_win=2.0 is not allowed; allowed: {whole} "
                                               r"\[0, 1\]"),
                      ("heuristic:draw=-1", rf"draw=-1.0 is not allowed; allowed: {whole} \[0, 1\]"),
                      ("heuristic:draw=0.5", rf"draw=0.5 is not allowed; allowed: {whole} \[0, 1\]"),
                      ("heuristic:take_at=121", rf"take_at=121.0 is not allowed; allowed: {whole} \[0, 120\]"),
                      ("heuristic:samples=3", r"'heuristic' has no parameter samples")):
        with pytest.raises(SimkitError, match=msg):
            simkit.simulate("kozel", 2, policies=text, progress=False)
