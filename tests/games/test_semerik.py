"""Semerik (G01) on the trick engine: hand-built deals for every rule path (declarations
right after the deal, counters per trick or pooled, hearts as trumps, the last trick, all
ten tricks, the game ending mid-deal or by declarations, 000:45 enforced), the play
against an independent Python reference, the heuristic's choices, user and simulation
policies, and the report's tables (seed file 000 lines 1-45)."""
import json

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import HEARTS, format as format_cards, parse
from simkit.core.tricks import (NO_TRUMP, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_SIZE, S_TRICK_NO, S_TRUMP, S_VOIDS,
                                TT_ESUIT, TT_SUIT_BITS, lowest_card_nb, mask_of)
from simkit.errors import IllegalMoveError, SimkitError

GAME = nb = scoring = None   # bound by _import_game
RNG = np.random.default_rng(12)
DECK40 = [c for c in range(52) if (c >> 2) not in (6, 7, 8)]        # no 8, 9, 10
POWER = {r: i for i, r in enumerate((2, 3, 4, 5, 9, 10, 11, 12, 0, 1))}   # 4 5 6 7 J Q K A 2 3 (rank codes)
COUNTER_RANKS = {1, 0, 12, 11, 10, 9}                                 # 3 2 A K Q J


# -- user policies, compiled by _import_game -----------------------------------------------------
def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def play_highest(hand, legal, state, params):
    """The legal card of greatest code (a greedy overtaker)."""
    m = legal
    c = lowest_card_nb(m)
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
    return c


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run (importing compiles its kernels) and compiles
    the user policies above with the documented signature."""
    global GAME, nb, scoring, play_lowest, play_highest
    from simkit.games.semerik import GAME, nb, scoring
    play_lowest, play_highest = (njit(nb.PLAY_SIG, cache=True)(f) for f in (play_lowest, play_highest))


def order_from_hands(hands, dealer=0):
    """The card order that deals ``hands`` (seat -> card string), one at a time from the dealer's left."""
    cards = {s: list(parse(h)) for s, h in hands.items()}
    assert sorted(c for v in cards.values() for c in v) == DECK40
    return np.asarray([cards[(dealer + 1 + i) % 4][i // 4] for i in range(40)], np.uint8)


# -- an independent reference: lowest legal code for every seat ----------------------------------
def reference_deal(order, dealer=0, rules=None, scores=(0, 0)):
    rules = dict(rules or {})
    hearts, pooled = rules.get("hearts_trump", False), rules.get("trick_points") == "pooled"
    last_pts, target = rules.get("last_trick", 0), rules.get("target", 21)
    immediate = rules.get("game_end", "immediate") == "immediate"
    hands = [[] for _ in range(4)]
    for i in range(40):
        hands[(dealer + 1 + i) % 4].append(int(order[i]))
    score, winner = list(scores), None
    decl = [scoring.declarations(int(sum(1 << c for c in h)), rules) for h in hands]
    for i in range(4):
        s = (dealer + 1 + i) % 4
        if winner is None:
            score[s % 2] += decl[s]
            if immediate and score[s % 2] >= target:
                winner = s % 2
    won, pts, counters = [0] * 4, [0] * 4, [0, 0]
    leader, played = (dealer + 1) % 4, 0
    while winner is None and played < 10:
        trick, seat = [], leader
        for n in range(4):
            h = hands[seat]
            legal = [c for c in h if n == 0 or c % 4 == trick[0][1] % 4] or h
            c = min(legal)
            h.remove(c)
            trick.append((seat, c))
            seat = (seat + 1) % 4
        led = trick[0][1] % 4

        def key(sc):
            c = sc[1]
            return (2 if hearts and c % 4 == HEARTS else 1 if c % 4 == led else 0, POWER[c >> 2])
        w = max(trick, key=key)[0]
        won[w] += 1
        played += 1
        k = sum((c >> 2) in COUNTER_RANKS for _, c in trick)
        side = w % 2
        p = (counters[side] + k) // 3 - counters[side] // 3 if pooled else (2 if k >= 4 else 1 if k == 3 else 0)
        counters[side] += k
        if played == 10:
            p += last_pts + (4 if won[side] + won[side + 2] == 10 else 0)
        pts[w] += p
        score[side] += p
        if immediate and score[side] >= target:
            winner = side
        leader = w
    return {"declarations": decl, "tricks": won, "trick_points": pts, "tricks_played": played, "scores": score,
            "winner": None if winner is None else ("ns", "ew")[winner], "counters": counters}


def _same_as_reference(order, dealer, rules, scores=(0, 0)):
    out = GAME.play_deal(order, rules=rules, dealer=dealer, scores=scores, policies=play_lowest)
    ref = reference_deal(order, dealer, rules, scores)
    assert {k: out[k] for k in ref} == ref, (rules, dealer)
    assert out["audit"][0] > 0 and out["audit"][1] == 0
    return out


@pytest.mark.parametrize("rules", [{}, {"hearts_trump": True}, {"trick_points": "pooled", "last_trick": 1},
                                   {"hearts_trump": True, "game_end": "deal_end", "four_of_a_kind": "tressette"}])
def test_play_and_scores_match_an_independent_reference(rules):
    for _ in range(25):
        order = np.asarray(RNG.permutation(DECK40), np.uint8)
        _same_as_reference(order, int(RNG.integers(0, 4)), rules)
        _same_as_reference(order, 1, rules, scores=(int(RNG.integers(0, 21)), int(RNG.integers(0, 21))))


ALL_TEN = {0: "3s As Qs 3h Ah 3d Ad Qd 3c Ac", 2: "2s Ks 2h Kh Qh 2d Kd 2c Kc Qc",
           1: "Js 7s 6s Jh 7h Jd 7d 6d Jc 7c", 3: "5s 4s 6h 5h 4h 5d 4d 6c 5c 4c"}


def test_the_import_time_above_table_matches_the_engines_higher_in_suit():
    """``nb.ABOVE`` is built in Python at import (so that importing compiles nothing):
    it must equal the engine's :func:`higher_in_suit_nb` for every card of the deck."""
    from simkit.core.tricks import TT_DECK, higher_in_suit_nb

    tt = nb.TABLES[NO_TRUMP]
    for c in range(64):
        want = higher_in_suit_nb(c, tt) if (tt[TT_DECK] >> c) & 1 else 0
        assert nb.ABOVE[c] == want, c


def test_all_ten_tricks_score_four_and_every_counter_is_taken():
    # N-S hold 3 2 A K Q of every suit, E-W the rest, the same suit lengths seat by seat:
    # N-S take every trick (000:29 «Если игроки взяли все десять взяток, им дается 4 point»)
    order = order_from_hands(ALL_TEN)
    out = _same_as_reference(order, 0, {"game_end": "deal_end"})
    assert out["tricks"][0] + out["tricks"][2] == 10 and out["counters"] == [24, 0]
    # four of a kind as the triple: 3s and As (3 + 3); Js and 7s (1 + 4); 2s and Ks (3 + 1); 5s and 4s (1 + 1)
    assert out["declarations"] == [6, 5, 4, 2]
    # 24 counters in 10 tricks: per-trick points are at least 24 - 2 * 10 ... checked against the reference,
    # and the bonus: the same deal pooled scores floor(24 / 3) = 8 plus 4
    pooled = _same_as_reference(order, 0, {"trick_points": "pooled", "game_end": "deal_end", "last_trick": 1})
    assert sum(pooled["trick_points"]) == 8 + 4 + 1


def test_declarations_are_scored_right_after_the_deal_in_turn_from_the_dealers_left():
    hands = {0: "3s 2s As Ks 4h 5h 6h 7h 4d 5d", 1: "3h 2h Ah 7s 7d 7c 6s 6d 5s 4s",
             2: "Qs Js 6c 5c 4c Kh Qh Jh Kd Qd", 3: "3d 2d Ad 3c 2c Ac Kc Qc Jc Jd"}
    order = order_from_hands(hands)
    out = GAME.play_deal(order, policies=play_lowest)
    # 000:19 Baba + K = 6; hearts Baba 5 (000:25) and three sevens 4 (000:13); three queens 1 (000:15);
    # the Baba of diamonds 3 and of clubs with K Q J 15
    assert out["declarations"] == [6, 5 + 4, 1, 3 + 15]
    # 000:33: with 15 points to 18 the dealer's left (E-W, seat 1: 9 points) reaches 21 first
    out = GAME.play_deal(order, policies=play_lowest, scores=(15, 18))
    assert (out["winner"], out["tricks_played"], out["scores"]) == ("ew", 0, [15, 27])
    # dealer 2: seat 3 (E-W, 18) declares before seat 0 (N-S, 6): from 15 each, E-W reach 21 and N-S score nothing
    out = GAME.play_deal(order_from_hands(hands, 2), dealer=2, policies=play_lowest, scores=(15, 15))
    assert (out["winner"], out["scores"]) == ("ew", [15, 33])
    out = GAME.play_deal(order_from_hands(hands, 2), dealer=2, policies=play_lowest, scores=(15, 15),
                         rules={"game_end": "deal_end"})
    assert out["winner"] is None and out["tricks_played"] == 10


def test_the_game_ends_mid_deal_the_moment_a_side_reaches_the_target():
    for _ in range(30):
        order = np.asarray(RNG.permutation(DECK40), np.uint8)
        out = _same_as_reference(order, 0, {}, scores=(20, 20))
        if out["winner"] is not None and 0 < out["tricks_played"] < 10:
            break
    else:
        pytest.fail("no deal ended mid-play")
    full = GAME.play_deal(order, rules={"game_end": "deal_end"}, scores=(20, 20), policies=play_lowest)
    assert full["tricks_played"] == 10 and full["winner"] is None


def test_hearts_beat_any_suit_only_with_the_option():
    hands = {1: "4s 5s 6s 7s Js 4d 5d 6d 7d Jd", 2: "4h 5h 6h 7h Jh 4c 5c 6c 7c Jc",
             3: "Qs Ks As 2s 3s Qd Kd Ad 2d 3d", 0: "Qh Kh Ah 2h 3h Qc Kc Ac 2c 3c"}
    order = order_from_hands(hands)
    plain = _same_as_reference(order, 0, {"game_end": "deal_end"})
    trump = _same_as_reference(order, 0, {"game_end": "deal_end", "hearts_trump": True})
    assert plain["tricks"] != trump["tricks"]


def test_enforced_partner_rule_stops_an_overtaking_user_policy_and_binds_the_built_ins():
    # seat 1 leads K♠ (its highest code), seat 2 follows 4♠, seat 3 (seat 1's partner) plays its highest code A♠
    # over the partner's K♠ in a trick of one counter, though it holds 5♠ (000:45)
    hands = {1: "Ks 4h 5h 6h 7h 4d 5d 6d 7d 4c", 2: "4s 5c 6c 7c Jh Qh Kh Jd Qd Kd",
             3: "As 5s 6s 7s Js Qs 2s 3s Ac Ah", 0: "2h 3h Ad 2d 3d Jc Qc Kc 2c 3c"}
    order = order_from_hands(hands)
    GAME.play_deal(order, policies=play_highest)                       # advisory: allowed
    with pytest.raises(IllegalMoveError, match="overtook its partner"):
        GAME.play_deal(order, policies=play_highest, rules={"partner_overtake": "enforce"})
    for pol in ("random", "heuristic", "simulation:samples=2"):
        out = GAME.play_deal(order, policies=pol, rules={"partner_overtake": "enforce"}, seed=3)
        assert out["audit"][1] == 0


def _state(leader, n_in_trick, played="", trump=-1, shown=0):
    s = np.zeros(S_SIZE, np.int64)
    s[S_LEADER], s[S_N_IN_TRICK], s[S_PLAYED], s[S_TRUMP] = leader, n_in_trick, mask_of(played) if played else 0, trump
    s[nb.S_SHOWN] = shown
    return s


def _trick(hand, trick, state, table):
    cards = list(parse(trick)) if trick else []
    t = np.full(8, -1, np.int64)
    t[:len(cards)] = cards
    tt = scoring.TABLES[table]
    h = mask_of(hand)
    led = tt[TT_SUIT_BITS + tt[TT_ESUIT + cards[0]]] if cards else 0
    legal = h & led if h & led else h
    state[S_PLAYED] |= mask_of(trick) if trick else 0
    return h, legal, t, tt


def _basic(seat, hand, trick, state, table=NO_TRUMP, overtake=3, signal=1, count=1):
    """The first heuristic's (``basic``) card for ``seat`` holding ``hand`` with ``trick`` (cards in play order)."""
    st = state.copy()
    h, legal, t, tt = _trick(hand, trick, st, table)
    return format_cards([nb.basic_play_nb(seat, h, legal, st, t, tt, overtake, signal, count)])


def _heuristic(seat, hand, trick, state, table=NO_TRUMP, **kw):
    """The heuristic's card for ``seat`` holding ``hand`` with ``trick`` on the table; ``kw``: its parameters
    (the declared defaults otherwise)."""
    from simkit.games.semerik.policies import PARAM_SLOTS, PLAY
    spec = PLAY.builtins["heuristic"]
    p = np.zeros(nb.N_PLAY_PARAMS, np.float64)
    for k, v in {**spec.params, **kw}.items():
        p[PARAM_SLOTS["play"][k]] = v
    st = state.copy()
    h, legal, t, tt = _trick(hand, trick, st, table)
    return format_cards([nb.heuristic_play_nb(seat, h, legal, st, t, tt, p)])


@pytest.mark.parametrize("seat, hand, trick, leader, played, shown, kw, want", [
    # partner (seat 0) leads and wins with fewer than three counters: no overtaking (000:45)
    (2, "Ks 4s 5d", "7s 5s", 0, "", 0, {}, "4S"),
    # ... but a trick that the overtaking card brings to three counters is secured, an opponent still to play
    (2, "3s 4s 5d", "Ks Js", 0, "", 0, {}, "3S"),
    (2, "3s 4s 5d", "Ks 5s", 0, "", 0, {}, "4S"),
    (2, "3s 4s 5d", "Ks Js", 0, "", 0, {"overtake": 5}, "4S"),
    # last to play on the partner's trick: the cheapest counter
    (3, "Js Ks 4s", "As 5s 6s", 1, "", 0, {}, "JS"),
    # an opponent winning, last to play: the cheapest winner
    (3, "3s As 4s", "Ks 5s Qs", 0, "", 0, {}, "AS"),
    # cannot win: the lowest non-counter
    (2, "Js 4s 5s", "3s 2s", 0, "", 0, {}, "4S"),
    # leading: a master card (3 of spades)
    (0, "3s 4s 5d 6d 7d", "", 0, "", 0, {}, "3S"),
    # leading without masters: the partner's shown suit (seat 2 showed diamonds), its lowest card
    (0, "As 4s 5s Kd 6d", "", 0, "", (2 + 1) << 6, {}, "6D"),
    # ... with signal off: the longest suit's lowest card
    (0, "As 4s 5s Kd 6d", "", 0, "", (2 + 1) << 6, {"signal": 0}, "4S"),
])
def test_basic_heuristic_choices(seat, hand, trick, leader, played, shown, kw, want):
    n = len(trick.split())
    st = _state(leader, n, played, shown=shown)
    assert _basic(seat, hand, trick, st, **kw) == want


def test_basic_heuristic_counts_trumps_under_hearts():
    # a master heart (3♥) is led while hearts are out; with count off the plain master 3♠ (stronger order) is not
    st = _state(0, 0, trump=HEARTS)
    assert _basic(0, "3h 4h 3s 5d", "", st, table=HEARTS) == "3H"
    # every other heart gone: no trumps to draw, a plain master
    st = _state(0, 0, played=" ".join(f"{r}h" for r in "2 A K Q J 7 6 5".split()), trump=HEARTS)
    assert _basic(0, "3h 4h 3s 5d", "", st, table=HEARTS) in ("3S", "3H")


SPADES_BLANKS = "4s 5s 6s 7s"


@pytest.mark.parametrize("seat, hand, trick, leader, played, kw, want, old", [
    # -- leading (the first heuristic led its masters first) --
    # a master counter is not led early while the suit's non-counters are out: the others would keep their
    # counters; a low card of a suit without the master instead (the non-counter under one's own 3♠ scores less)
    (0, "3s 4s 5d 6d 7d", "", 0, "", {}, "5D", "3S"),
    # ... but it is when only counters are out in the suit (the others must follow with counters: `force`)
    (0, "3s 5d 6d", "", 0, SPADES_BLANKS + " Qs Js", {}, "3S", "3S"),
    (0, "3s 5d 6d", "", 0, SPADES_BLANKS + " Qs Js", {"force": 0}, "5D", "3S"),
    # no counter led under one's own master (`under`): the K♠ under the 3♠ would give the trick to the 2♠ or A♠
    (0, "3s Ks 5c 6c", "", 0, "", {}, "5C", "3S"),
    (0, "3s Ks 5c 6c", "", 0, "", {"under": 0}, "KS", "3S"),
    # -- following: the partner winning --
    # the partner's 3♠ holds: give him a counter that is not a master, not a non-counter
    (2, "Ks 5s 6d", "3s 4s", 0, "", {}, "KS", "5S"),
    # his K♠ may be beaten, but with two counters in the trick the third makes a point (`feed` 1; 0: never)
    (2, "Js 5s 6d", "Ks Qs", 0, "", {}, "JS", "5S"),
    (2, "Js 5s 6d", "Ks Qs", 0, "", {"feed": 0}, "5S", "5S"),
    # last on the partner's trick, void: a counter that is not a master (the J♦ is the last diamond counter out)
    (0, "Jd Kc 4h", "5s Ks Qs", 1, "3d 2d Ad Kd Qd", {}, "KC", "JD"),
    # -- following: an opponent winning --
    # last: the winner that makes the trick score (K♠ brings it to three counters), not the cheapest
    (3, "7s Ks 4d", "5s Jd Qd", 0, "", {}, "KS", "7S"),
    # last on a trick without counters: the master 3♠ is kept for a better trick (`duck`)
    (3, "3s 5s Kd", "6s 4s 7s", 0, "", {}, "5S", "3S"),
    (3, "3s 5s Kd", "6s 4s 7s", 0, "", {"duck": 0}, "3S", "3S"),
    # second to play: a non-counter that wins for now rather than the master
    (1, "3s 7s 5d", "5s", 0, "", {}, "7S", "3S"),
    # second to play, only the master wins: not spent on a trick of fewer than `capture` counters
    (1, "3s 4s Kd", "5s", 0, "", {}, "4S", "3S"),
    (1, "3s 4s Kd", "Ks", 0, "", {}, "3S", "3S"),
    (1, "3s 4s Kd", "5s", 0, "", {"capture": 1}, "3S", "3S"),
])
def test_heuristic_choices(seat, hand, trick, leader, played, kw, want, old):
    n = len(trick.split())
    st = _state(leader, n, played)
    assert _heuristic(seat, hand, trick, st, **kw) == want
    assert _basic(seat, hand, trick, st) == old     # what the first heuristic plays there


def test_heuristic_leads_a_suit_an_opponent_is_void_in():
    # seat 0's opponents: seat 1 has shown out of diamonds; the 5♦ is led rather than the 5♠ (`void`)
    st = _state(0, 0)
    st[S_VOIDS] = np.int64(1) << (5 * 1 + 2)
    assert _heuristic(0, "5s 5d", "", st) == "5D"
    assert _heuristic(0, "5s 5d", "", st, void=0) == "5S"
    assert _basic(0, "5s 5d", "", st) == "5S"


def test_heuristic_cashes_masters_late():
    # trick 8 of 10, one spade out: the 3♠ is cashed (`cash`) rather than a low diamond led
    played = "2s As Ks Qs Js 7s 6s 5s 3d 2d Ad Kd Qd Jd 7d 3c 2c Ac Kc Qc Jc 7c 6c 5c 4c 3h 2h Ah Kh Qh Jh 7h"
    st = _state(0, 0, played)
    st[S_TRICK_NO] = 8
    assert _heuristic(0, "3s 5d", "", st) == "3S"
    assert _heuristic(0, "3s 5d", "", st, cash=0) == "5D"


def test_heuristic_parameters_are_declared():
    for spec, msg in (("heuristic:feed=3", r"feed=3.0 .*\[0, 2\]"), ("heuristic:cash=5", r"cash=5.0 .*\[-3, 3\]"),
                      ("heuristic:capture=1.5", r"capture=1.5 .*whole number in \[0, 5\]"),
                      ("simulation:void=-4", r"void=-4.0 .*\[-3, 3\]"), ("basic:overtake=6", r"overtake=6.0")):
        with pytest.raises(SimkitError, match=msg):
            simkit.simulate("semerik", 2, policies=spec, progress=False)


def test_policies_run_whole_games_and_the_report():
    res = simkit.simulate("semerik", 40, seed=5, progress=False,
                          policies={"play": "simulation:samples=2|heuristic|random|heuristic"})
    m = res.metrics
    assert abs(m["win_rate.ns"]["value"] + m["win_rate.ew"]["value"] - 1) < 1e-12
    assert m["deals_per_game"]["value"] >= 1
    t = res.tables["games_by_policy"]
    assert list(t.seats) == [1, 2, 1]
    json.dumps(res.to_json(), allow_nan=False)


def test_single_deal_tables():
    res = simkit.simulate("semerik", 300, rules={"unit": "deal"}, policies="random", seed=2, progress=False)
    t = res.tables
    assert list(t["points"].columns) == ["seat", "points", "count"]
    assert list(t["tricks"].columns) == ["seat", "tricks", "count"]
    assert list(t["declarations"].columns) == ["points", "count"]
    assert t["declarations"]["count"].sum() == 4 * 300
    for s in range(4):
        assert t["points"][t["points"].seat == s]["count"].sum() == 300
        rows = t["tricks"][t["tricks"].seat == s]
        assert rows["count"].sum() == 300
    tricks = t["tricks"]
    assert (tricks.tricks * tricks["count"]).sum() == 10 * 300
    assert res.metrics["counters_per_deal.ns"]["value"] + res.metrics["counters_per_deal.ew"]["value"] == 24


def test_user_policy_and_errors():
    res = simkit.simulate("semerik", 30, policies=play_lowest, seed=1, progress=False)
    assert res.metrics["win_rate.ns"]["n"] == 30
    with pytest.raises(SimkitError, match="distinct cards"):
        GAME.play_deal("3s 2s")
    with pytest.raises(SimkitError, match="dealer"):
        GAME.play_deal(np.asarray(DECK40, np.uint8), dealer=4)
    with pytest.raises(SimkitError, match="scores"):
        GAME.play_deal(np.asarray(DECK40, np.uint8), scores=(-1, 0))
    with pytest.raises(SimkitError, match="overtake"):
        simkit.simulate("semerik", 10, policies="heuristic:overtake=9", progress=False)
