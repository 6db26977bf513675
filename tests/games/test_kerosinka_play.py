"""Kerosinka's own play heuristic (``heuristic``, :func:`simkit.games.kerosinka.play.kerosinka_play_nb`)
on hand-built positions: each rule's card, and the card the point games' shared heuristic
(``basic``, Kozel's ``heuristic``) plays there instead, so every test fails against the old
default; the policy as the game plays it (``play_deal`` against the kernel called by a user
function), its declared parameters and their refusal out of range."""
import random

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import deck, format as format_cards, parse
from simkit.core.tricks import (PLAY_SIG, S_FOLLOW, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_TABLE, S_TRICK,
                                S_TRICK_NO, legal_nb, mask_of, start_deal_nb)
from simkit.errors import SimkitError

SPADES = 0


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, DEFAULTS, play, scoring, pt
    from simkit.games import point_tricks as pt
    from simkit.games.kerosinka import play, scoring

    GAME = simkit.get_game("kerosinka")
    DEFAULTS = GAME.roles[0].builtins["heuristic"].params


def position(hand, trick="", played="", trump=SPADES, as_ten="both_ways"):
    """The table as the seat to play sees it: ``played`` = the cards of the tricks before
    (four a trick), ``trick`` = the current trick's cards, led by seat 1 (the eldest)."""
    tables = scoring.TABLES[as_ten]
    state = np.zeros(S_SIZE, np.int64)
    start_deal_nb(state, tables, trump, 4, 9, 0, 1, -1, 1)
    state[S_FOLLOW] = scoring.FOLLOW
    before, now = parse(played), parse(trick)
    assert len(before) % 4 == 0 and len(parse(hand)) == 9 - len(before) // 4
    state[S_TRICK_NO] = len(before) // 4
    state[S_PLAYED] = mask_of(played) | mask_of(trick)
    for i, c in enumerate(now):
        state[S_TRICK + i] = c
    state[S_N_IN_TRICK] = len(now)
    state[S_SEAT] = (1 + len(now)) % 4
    tt = tables[state[S_TABLE]]
    h = mask_of(hand)
    legal = legal_nb(h, state[S_TRICK:S_TRICK + 8], len(now), tt, scoring.FOLLOW, -1, 0)
    return h, legal, state, state[S_TRICK:S_TRICK + 8], tt


def heuristic(pos, **params):
    p = {**DEFAULTS, **params}
    card = play.kerosinka_play_nb(*pos, p["lead_at"], p["trump_at"], p["win_at"], int(p["void_min"]))
    return format_cards([card])


def basic(pos):
    return format_cards([pt.take_points_nb(*pos, 0)])


# spades trump throughout; the 10♥ is the top trump (and a ten for following)
def test_lead_a_safe_plain_ace_to_draw_the_others():
    # A♦ tops its suit and the trump ace is in hand: no unseen card beats it, and whoever holds
    # the A♥ or the A♣ must play it onto the trick; ``basic`` calls no plain card sure while a
    # trump is out (the 10♥ is out, so neither is its A♠) and leads its cheapest card
    pos = position("AD AS 6C 7C 8H 9H JC 7D 8D")
    assert heuristic(pos) == "AD"
    assert basic(pos) == "6C"


def test_no_safe_lead_gives_the_lead_away_on_the_rank_others_must_follow():
    # nothing is safe: the cheapest plain card, of the rank with the most cards unseen (three
    # sevens out, one six), so that the others must play sevens rather than win with high cards
    pos = position("6C 6D 6H 7D 8C 9D JS QC KD")
    assert heuristic(pos) == "7D"
    assert basic(pos) == "6H"


def test_a_safe_card_worth_less_than_lead_at_is_not_led():
    # the clubs above the 9♣ and the trump 9♠ are gone: the 9♣ is safe but worth nothing. Led at
    # lead_at=0; at the default 5 the lead goes away on the cheapest plain card of the rank most
    # others must follow (three eights out); ``basic``: no plain card is sure while trumps are out
    pos = position("9C 7D 8H 7H 6D KH QH", played="AC 10C KC QC JC 6S 7S 9S")
    assert heuristic(pos, lead_at=0) == "9C"
    assert heuristic(pos) == "8H"
    assert basic(pos) == "6D"


def test_follow_with_the_weakest_sure_winner_and_keep_the_ace():
    # the 7♣ led; no seven in hand, so a club: the K♣ is sure (the 10♣ is gone, the A♣ is
    # mine) and keeps the ace for a lead that draws the other aces; ``basic`` plays its strongest
    pos = position("AC KC 8H 9H JD QD 8S 6H", trick="7C", played="10C 6D 8D 9D")
    assert heuristic(pos) == "KC"
    assert basic(pos) == "AC"


def test_last_no_trump_spent_on_a_poor_trick():
    # the 6♣ led, the 6♦ and 7♣ follow: a trick of no points. Last to play, the seat must play a
    # six: the trump 6♠ would win it, the 6♥ ducks; ``basic`` takes every trick it can when last
    pos = position("6S 6H 9H JD QD 8S 7H KD AH", trick="6C 6D 7C")
    assert heuristic(pos) == "6H"
    assert basic(pos) == "6S"


@pytest.mark.parametrize("trump_at, card", [(5, "QS"), (10, "QS"), (11, "QH")])
def test_last_a_trump_wins_a_trick_worth_trump_at(trump_at, card):
    # the Q♣ led, the Q♦ and K♣ follow: 10 points. The trump Q♠ takes them unless trump_at > 10
    pos = position("QS QH 9H JD 6D 8S 7H KD AH", trick="QC QD KC")
    assert heuristic(pos, trump_at=trump_at) == card
    assert basic(pos) == "QS"


def test_second_hand_ducks_a_poor_trick_rather_than_risk_a_trump():
    # the 9♦ led (no points); second to play, a nine is due: the trump 9♠ would win for now but
    # higher trumps are out and nothing is at stake: the 9♣; ``basic`` plays its strongest winner
    pos = position("9S 9C 7H JD 6H 8S KH KD AH", trick="9D")
    assert heuristic(pos) == "9C"
    assert basic(pos) == "9S"


def test_the_policy_as_the_game_plays_it():
    """``play_deal`` with ``heuristic`` (its defaults, or parameters) plays exactly the kernel
    called by a user function with the same parameters, on random deals under every reading
    of the 10♥; with ``basic`` it differs (it is the old default)."""
    from simkit.games.kerosinka.play import kerosinka_play_nb
    from simkit.games.kerosinka.scoring import ALL_TABLES

    @njit(PLAY_SIG)
    def as_kernel(hand, legal, state, params):   # params in name order: lead_at, trump_at, void_min, win_at
        tt = ALL_TABLES[np.int64(params[4]), state[S_TABLE]]         # params[4]: 1 = kerosinka_as_ten=trump_only
        return kerosinka_play_nb(hand, legal, state, state[S_TRICK:S_TRICK + 8], tt, params[0], params[1], params[3],
                                 np.int64(params[2]))

    rng = random.Random(3)
    names = format_cards(deck(36)).split()
    differ = 0
    for k in range(12):
        rng.shuffle(names)
        order = " ".join(names)
        as_ten = "trump_only" if k % 3 == 2 else "both_ways"
        rules = {"kerosinka_as_ten": as_ten, "kerosinka_turned": "no_trump_suit" if k % 2 else "hearts_trump"}
        params = dict(DEFAULTS) if k < 6 else {"lead_at": 0, "trump_at": 12, "void_min": 3, "win_at": 8}
        text = "heuristic:" + ",".join(f"{a}={b}" for a, b in params.items())
        got = GAME.play_deal(order, rules=rules, policies=text if k >= 6 else "heuristic", dealer=k % 4)
        user = simkit.Policy("user:as_kernel", fn=as_kernel, **params, z=float(as_ten == "trump_only"))
        assert sorted(params) == ["lead_at", "trump_at", "void_min", "win_at"]
        ref = GAME.play_deal(order, rules=rules, policies={"play": user}, dealer=k % 4)
        assert (got["points"], got["tricks"]) == (ref["points"], ref["tricks"]), (order, rules, params)
        assert got["audit"]["violations"] == 0
        old = GAME.play_deal(order, rules=rules, policies="basic", dealer=k % 4)
        differ += old["points"] != got["points"]
    assert differ >= 6


def test_the_parameters_are_declared_and_refused_out_of_range():
    spec = GAME.roles[0].builtins["heuristic"]
    assert GAME.roles[0].default == "heuristic"
    assert {k: (p.kind, p.minimum, p.maximum) for k, p in spec.limits.items()} == {
        "lead_at": ("float", 0, 120), "trump_at": ("int", 0, 120), "win_at": ("int", 0, 120),
        "void_min": ("int", 0, 9)}
    assert GAME.roles[0].builtins["basic"].params == {"take_at": 0}
    whole, finite = "a whole number in", "a finite number in"
    for text, msg in (("heuristic:trump_at=121", rf"'heuristic': trump_at=121.0 is not allowed; allowed: {whole} "
                                                 r"\[0, 120\]"),
                      ("heuristic:lead_at=-1", rf"lead_at=-1.0 is not allowed; allowed: {finite} \[0, 120\]"),
                      ("heuristic:void_min=1.5", rf"void_min=1.5 is not allowed; allowed: {whole} \[0, 9\]"),
                      ("heuristic:win_at=500", rf"win_at=500.0 is not allowed; allowed: {whole} \[0, 120\]"),
                      ("heuristic:take_at=3", r"'heuristic' has no parameter take_at")):
        with pytest.raises(SimkitError, match=msg):
            simkit.simulate("kerosinka", 2, policies=text, progress=False)
