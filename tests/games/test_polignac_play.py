"""Polignac's play heuristic (simkit/games/polignac/play.py) on hand-built table states: a
trick is +1 and a jack taken costs 4/3/2/1 (seed 003 lines 50-52), so it ducks low, wins
cheaply, dumps jacks on others' tricks and leads low. Each case also asks the ``avoid``
baseline (Tyotka's ducking heuristic, Polignac's default before), which plays otherwise:
the case would fail against it."""
import numpy as np
import pytest

import simkit
from simkit.core.cards import format as format_cards, parse
from simkit.core.tricks import (F_SUIT, S_FOLLOW, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_TRICK, S_TRICK_NO,
                                S_VOIDS, TT_ESUIT, TT_SUIT_BITS, mask_of, start_deal_nb)
from simkit.errors import SimkitError

SUITS = "SHDC"


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    """The game's modules are imported when the tests run, not when the suite is
    collected (tests/test_cache.py: collecting compiles no game)."""
    global PLAY_HEURISTIC, S_PREV, start_penalties_nb, N_PLAY_PARAMS, PLAY_AVOID, polignac_choose_nb
    global PARAM_SLOTS, PLAY, TABLES
    from simkit.games.penalty_tricks import PLAY_HEURISTIC, S_PREV, start_penalties_nb
    from simkit.games.polignac.play import N_PLAY_PARAMS, PLAY_AVOID, polignac_choose_nb
    from simkit.games.polignac.policies import PARAM_SLOTS, PLAY
    from simkit.games.polignac.scoring import TABLES


def decide(hand, trick="", trump="C", played="", voids=(), policy="heuristic", **params):
    """The card the seat to play chooses: three players, seat 0 led ``trick`` (cards in
    play order), ``played`` the cards of earlier tricks, ``voids`` the seats shown out of a
    suit (``(seat, "S")``), the lowest card of ``trump`` not named turned for trump;
    ``params`` override the heuristic's defaults."""
    t = SUITS.index(trump)
    tt = TABLES[t]
    h, tr, pl = mask_of(hand), [int(c) for c in parse(trick)] if trick else [], mask_of(played) if played else 0
    used = h | pl | mask_of(tr)
    turned = min(c for c in range(52) if c % 4 == t and not used >> c & 1)
    state = np.zeros(S_SIZE, np.int64)
    start_deal_nb(state, TABLES, t, 3, 17, 2, 0, turned, 1)
    state[S_FOLLOW] = F_SUIT
    start_penalties_nb(state, -1, -1, 1)
    state[S_TRICK_NO] = bin(pl).count("1") // 3
    state[S_PREV] = pl
    state[S_PLAYED] = pl | mask_of(tr)
    n = len(tr)
    for i, c in enumerate(tr):
        state[S_TRICK + i] = c
    state[S_N_IN_TRICK] = n
    state[S_SEAT] = n
    for seat, suit in voids:
        state[S_VOIDS] |= 1 << (seat * 5 + SUITS.index(suit))
    legal = h
    if n and h & tt[TT_SUIT_BITS + tt[TT_ESUIT + tr[0]]]:
        legal = h & tt[TT_SUIT_BITS + tt[TT_ESUIT + tr[0]]]
    p = np.zeros((3, N_PLAY_PARAMS), np.float64)
    for name, v in {**PLAY.builtins["heuristic"].params, **params}.items():
        p[:, PARAM_SLOTS["play"][name]] = v
    code = PLAY_HEURISTIC if policy == "heuristic" else PLAY_AVOID
    game = simkit.get_game("polignac")
    card = polignac_choose_nb(code, n, np.int64(h), np.int64(legal), state, state[S_TRICK:S_TRICK + 8], tt, p,
                              game._opts(game.Rules.build({})))
    assert legal >> card & 1
    return format_cards([card])


def test_ducks_with_the_lowest_card():
    """Second in hand under A♠ with K♠ 2♠: the trick is lost, keep K♠ (it may win later)."""
    hand = "KS 2S 5H 9H 7D"
    assert decide(hand, "AS") == "2S"
    assert decide(hand, "AS", policy="avoid") == "KS"          # the old heuristic sheds its highest card


def test_wins_second_in_hand_with_the_lowest_trump():
    """Second in hand, clubs trump, void in spades, on a 3♠ lead: 2♣ wins as surely as A♣
    while the seat after has not shown out of spades; once it has, the master A♣."""
    hand = "AC 2C 5H 9H 7D"
    assert decide(hand, "3S") == "2C"
    assert decide(hand, "3S", policy="avoid") == "AC"
    assert decide(hand, "3S", voids=[(2, "S")]) == "AC"


def test_dumps_a_jack_on_another_seats_trick():
    """Last to play, void in hearts, holding J♦ (3) and a trump: J♦ goes on the K♥ trick
    instead of trumping it, while ``dump`` is at most 3; ``dump=4`` (only J♥) trumps."""
    hand = "JD 3S 4C 8D"
    trick = "5H KH"
    assert decide(hand, trick) == "JD"
    assert decide(hand, trick, policy="avoid") == "4C"
    assert decide(hand, trick, dump=4) == "4C"
    assert decide("JS 3S 4C 8D", trick) == "4C"                # J♠ (1) is below the default dump=3: trump
    assert decide("JS 3S 4C 8D", trick, dump=1) == "JS"


def test_takes_a_trick_only_while_its_jacks_cost_at_most_take():
    """Last to play on 5♠ J♠ with Q♠ 2♠: a trick with J♠ (1) nets 0, refused at the default
    ``take=0``, taken at ``take=1``; a J♦ trick (3) is taken only when ``take`` is 3 or more."""
    hand = "QS 2S 7H"
    assert decide(hand, "5S JS") == "2S"
    assert decide(hand, "5S JS", take=1) == "QS"
    assert decide(hand, "5S JS", take=1, policy="avoid") == "2S"      # the old one never takes a jack
    hand = "QD 2D 7H"
    assert decide(hand, "5D JD", take=2) == "2D"
    assert decide(hand, "5D JD", take=3) == "QD"
    assert decide(hand, "5D JD", take=3, policy="avoid") == "2D"
    assert decide("QD KD 7H", "5D JD") == "QD"                 # forced to win: the weakest winner


def test_leads_low_and_keeps_its_masters():
    """A lead is a low card (the weakest, ``lead=1``), not the sure winner A♠ (``masters=1``
    leads it, as the old heuristic did); never a jack nobody is forced to cover."""
    hand = "AS 7S 9H 5D 3D JH"
    assert decide(hand) == "3D"
    assert decide(hand, policy="avoid") == "AS"
    assert decide(hand, masters=1) == "AS"
    assert decide(hand, lead=0) == "3D" and decide("AS 7S 6S 9H 5D 3D", lead=2) == "9H"


def test_leads_a_jack_nobody_can_duck():
    """Every spade below J♠ is gone and Q♠ is out: whoever follows spades must overtake, so
    J♠ leads (``jacks=1``); with ``jacks=0``, a low card."""
    gone = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H"
    hand = "JS 5H 7D 8C"
    assert decide(hand, played=gone) == "JS"
    assert decide(hand, played=gone, policy="avoid") != "JS"
    assert decide(hand, played=gone, jacks=0) == "5H"
    assert decide("JS 5H 7D 8C", played="2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5D") == "5H"   # 10♠ may duck


def test_plays_whole_deals_legally_and_beats_the_old_heuristic():
    game = simkit.get_game("polignac")
    order = np.random.default_rng(5).permutation(52).astype(np.uint8)
    out = game.play_deal(order, policies="heuristic:take=0,lead=2,masters=1,jacks=0,second=1,dump=5")
    assert out["audit"]["violations"] == 0 and sum(out["tricks"]) == 17
    r = simkit.simulate("polignac", 300, policies={"play": "heuristic|avoid|avoid"}, seed=3, progress=False)
    assert r.estimates["win_rate.seat0"].value > 0.55


@pytest.mark.parametrize("policy, match", [
    ("heuristic:take=11", r"take=11.0 is not allowed; allowed: a whole number in \[0, 10\]"),
    ("heuristic:lead=3", r"lead=3.0 is not allowed; allowed: a whole number in \[0, 2\]"),
    ("heuristic:dump=0", r"dump=0.0 is not allowed; allowed: a whole number in \[1, 5\]"),
    ("heuristic:second=0.5", r"second=0.5 is not allowed; allowed: a whole number in \[0, 1\]"),
    ("heuristic:masters=-1", r"masters=-1.0 is not allowed"),
    ("avoid:take=1", r"'avoid' has no parameter take"),
])
def test_parameters_out_of_range_are_refused(policy, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("polignac", 2, policies={"play": policy}, progress=False)
