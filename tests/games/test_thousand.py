"""Thousand (G18, seed 002 lines 81-101) on the trick engine: hand-built deals for every
rule path (marriages and trump changes, the widow and the cards given, contracts made,
failed, conceded, refused and thrown in, the all-pass rule, the 850 rule, the idle
dealer), every logged trick replayed by a Python reference on random deals, the user
policies, errors, the report and the exact marriage chance."""
from math import sqrt

import numpy as np
import pytest

import simkit
from simkit.core.ace_ten import marriage_chance
from simkit.core.cards import deck, parse
from simkit.core.tricks import S_BID, S_SEAT
from simkit.errors import IllegalMoveError, SimkitError
from simkit.policies.base import Policy

GAME = L = None   # bound by _import_game
SCRIPT = PLAY_LOW = None
SUITS = ("spades", "hearts", "diamonds", "clubs")
VALUES = {"spades": 40, "hearts": 100, "diamonds": 80, "clubs": 60}
PTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
ORDER = ("9", "J", "Q", "K", "10", "A")


# -- user policies, compiled by _import_game -----------------------------------------------------
def bid_script(hand, state, params):
    """Each seat's first call ``params[0]`` (0 = pass), later calls pass; contract
    ``params[1]`` (-1: the bid; 0: concede or throw in); refuse ``params[2]``."""
    phase = state[L.S_PHASE]
    if phase == L.PHASE_AUCTION:
        return np.int64(params[0]) if state[S_BID + state[S_SEAT]] == -1 else 0
    if phase == L.PHASE_CONTRACT:
        return state[L.S_HIGH] if params[1] < 0 else np.int64(params[1])
    return np.int64(params[2])


def play_low(hand, legal, state, params):
    """The lowest card code of ``legal``; never declares."""
    if state[L.S_PHASE] == L.PHASE_DECLARE:
        return -1
    m = legal & -legal
    c = 0
    while m > 1:
        m >>= 1
        c += 1
    return c


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, L, SCRIPT, PLAY_LOW
    from numba import njit

    from simkit.games.thousand import GAME as game, layout

    GAME, L = game, layout
    SCRIPT = njit(bid_script)
    PLAY_LOW = njit(play_low)


def script(*calls, contract=-1, refuse=0, play=None, dealer=0, players=3):
    """Scripted bidders: the active seats' first calls ``calls`` (active seat ``i`` is
    table seat ``(dealer + 1 + i) % players``), heuristic play."""
    pols = [Policy("user:script", fn=SCRIPT, a=0, b=contract, c=refuse) for _ in range(players)]
    for i, c in enumerate(calls):
        pols[(dealer + 1 + i) % players] = Policy("user:script", fn=SCRIPT, a=c, b=contract, c=refuse)
    return {"bid": pols, "play": play or "heuristic"}


def order_for(a0, a1, a2, widow):
    """The card order dealing ``a0``, ``a1``, ``a2`` to the active seats from the dealer's
    left, one at a time, then ``widow``."""
    hands = [parse(h) for h in (a0, a1, a2)]
    assert all(len(h) == 7 for h in hands)
    return [int(hands[i % 3][i // 3]) for i in range(21)] + [int(c) for c in parse(widow)]


# active seat 0 holds the hearts marriage, 1 the spades', 2 the diamonds'
D1 = order_for("KH QH AH 10H AS AD AC", "9H JH 10S KS QS JS 9S", "10D KD QD JD 9D 10C KC", "QC JC 9C")
# the same with no marriage for active seat 1 (KS in the widow)
D2 = order_for("KH QH AH 10H AS AD AC", "9H JH 10S QC QS JS 9S", "10D KD QD JD 9D 10C KC", "KS JC 9C")


# -- a Python reference for the logged tricks ------------------------------------------------------
def rank_suit(card):
    text = str(card)
    return text[:-1], text[-1]


def names(cards):
    return cards.split() if cards != "-" else []


def replay(deal, version):
    """Replay ``deal['trick_log']`` from the hands play began with: each card legal
    (follow suit, else trump once a marriage set one; 1000 (2): head the trick unless it
    was trumped), each trick's winner, each marriage declared by its leader with the king
    or queen led while holding both, and every seat's points (cards and marriages)."""
    suit_of = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    seats = list(deal["play_hands"])
    hands = {s: set(names(deal["play_hands"][s])) for s in seats}
    marriages = {t: (s, suit) for s, suit, t in deal["marriages"]}
    points = dict.fromkeys(seats, 0)
    trump = None
    leader = deal["declarer"]
    for k, (cards, winner) in enumerate(deal["trick_log"]):
        if k in marriages:
            seat, suit = marriages[k]
            letter = suit[0].upper()
            assert seat == leader and {"K" + letter, "Q" + letter} <= hands[seat]
            assert version == "1001" or k > 0
            trump = suit
            points[seat] += VALUES[suit]
        order = [seats[(seats.index(leader) + i) % 3] for i in range(3)]
        trick = [next(c for c in names(cards) if c in hands[s]) for s in order]
        if k in marriages:
            assert trick[0] in ("K" + marriages[k][1][0].upper(), "Q" + marriages[k][1][0].upper())
        led = suit_of[trick[0][-1]]

        def power(c):
            r, s = rank_suit(c)
            return ORDER.index(r) + (100 if suit_of[s] == trump else (50 if suit_of[s] == led else 0))

        for i in range(1, 3):
            hand = hands[order[i]]
            same = {c for c in hand if suit_of[c[-1]] == led}
            trumps = {c for c in hand if suit_of[c[-1]] == trump}
            best = max(trick[:i], key=power)
            if same:
                legal = same
                if version == "1000-2" and suit_of[best[-1]] == led:
                    up = {c for c in same if power(c) > power(best)}
                    legal = up or same
            else:
                legal = trumps or hand
            assert trick[i] in legal, (k, order[i], trick, sorted(legal))
        w = order[trick.index(max(trick, key=power))]
        assert w == winner, (k, trick, w, winner)
        points[w] += sum(PTS[rank_suit(c)[0]] for c in trick)
        for s, c in zip(order, trick):
            hands[s].remove(c)
        leader = w
    assert points == deal["points"]
    return points


# -- hand-built deals ----------------------------------------------------------------------------------
def test_marriage_on_the_first_lead_sets_trump_1001():
    d = GAME.play_deal(D1, policies=script(100, 0, 0))
    decl = d["declarer"]
    assert (decl, d["bid"], d["contract"], d["all_pass"]) == (1, 100, 100, False)
    assert d["marriages"][0] == (decl, "hearts", 0)           # 002:88: the declarer's very first lead
    assert sum(d["points"].values()) == 120 + sum(VALUES[m[1]] for m in d["marriages"])
    assert d["audit"]["violations"] == 0 and d["audit"]["checks"] > 0
    replay(d, "1001")


@pytest.mark.parametrize("suit", SUITS)
def test_each_marriage_scores_its_suit_and_becomes_trump(suit):
    """002:89: ♥100 ♦80 ♣60 ♠40. D1 with hearts and ``suit`` swapped everywhere: the
    declarer holds that suit's king and queen and declares them on his first lead."""
    letter = suit[0].upper()
    swap = {"H": letter, letter: "H"}
    hands = ["KH QH AH 10H AS AD AC", "9H JH 10S KS QS JS 9S", "10D KD QD JD 9D 10C KC", "QC JC 9C"]
    hands = [" ".join(c[:-1] + swap.get(c[-1], c[-1]) for c in h.split()) for h in hands]
    d = GAME.play_deal(order_for(*hands), policies=script(100, 0, 0))
    assert d["marriages"][0] == (1, suit, 0)
    assert d["points"][1] >= VALUES[suit]
    replay(d, "1001")


def test_no_marriage_before_a_trick_in_1000_2_and_heading():
    d = GAME.play_deal(D1, rules={"version": "1000-2"}, policies=script(100, 0, 0))
    assert all(t > 0 for _, _, t in d["marriages"])           # 002:100 «только после взятия взятки»
    replay(d, "1000-2")
    d = GAME.play_deal(D1, rules={"first_lead_marriage": False}, policies=script(100, 0, 0))
    assert all(t > 0 for _, _, t in d["marriages"])


def test_declarer_draws_trumps_before_his_side_aces():
    """The heuristic's ``draw``: D1's declarer wins the first trick with his hearts marriage
    (trump) and leads his trump ace next, while a defender still holds the jack of hearts;
    without ``draw`` (the play before it) he leads a side ace, which a void could trump."""
    d = GAME.play_deal(D1, policies=script(100, 0, 0))
    assert d["marriages"][0] == (1, "hearts", 0) and d["trick_log"][0][1] == 1
    assert "AH" in names(d["trick_log"][1][0]) and "JH" in names(d["trick_log"][1][0])
    old = GAME.play_deal(D1, policies=script(100, 0, 0, play="heuristic:draw=0"))
    assert "AH" not in names(old["trick_log"][1][0])
    replay(d, "1001")


def test_widow_taken_and_one_card_given_to_each_opponent_1001():
    d = GAME.play_deal(D1, policies=script(100, 0, 0))
    assert set(names(d["widow"])) == {"QC", "JC", "9C"}
    assert d["given"] == ["9C", "JC"]                         # the cards least worth keeping
    assert set(names(d["play_hands"][1])) == set(names(d["hands"][1]) + ["QC"])
    assert set(names(d["play_hands"][2])) == set(names(d["hands"][2]) + ["9C"])
    assert set(names(d["play_hands"][0])) == set(names(d["hands"][0]) + ["JC"])
    assert all(len(names(h)) == 8 for h in d["play_hands"].values())


def test_widow_shared_out_in_1000_2():
    """002:98: one widow card kept, one given to each opponent; the contract named before."""
    d = GAME.play_deal(D1, rules={"version": "1000-2"}, policies=script(100, 0, 0, contract=140))
    assert d["contract"] == 140
    assert set(names(d["play_hands"][1])) == set(names(d["hands"][1]) + ["QC"])   # the most worth keeping
    assert sorted(d["given"]) == sorted(["9C", "JC"])
    with pytest.raises(IllegalMoveError, match="naming the contract after winning at 100"):
        GAME.play_deal(D1, rules={"version": "1000-2"}, policies=script(100, 0, 0, contract=95))


def test_contract_made_and_failed_score_plus_or_minus_the_contract():
    for contract in (100, 300):
        d = GAME.play_deal(D1, policies=script(100, 0, 0, contract=contract))
        taken = d["points"][1]
        made = taken >= contract
        assert d["result"] == ("made" if made else "failed")
        assert d["scores"][1] == (contract if made else -contract)
        for s in (0, 2):                                      # 002:89: the others' points, rounded to 5
            assert d["scores"][s] % 5 == 0 and abs(d["scores"][s] - d["points"][s]) <= 2


@pytest.mark.parametrize("rules, others", [({}, 0), ({"concede_opponents": 60}, 60)])
def test_conceded_contract(rules, others):
    """002:91: the declarer throws in after the widow: - the bid, no play."""
    d = GAME.play_deal(D1, rules=rules, policies=script(100, 0, 0, contract=0))
    assert (d["result"], d["points"], d["scores"]) == ("conceded", None, [others, -100, others])


def test_refusal_in_1000_2():
    """002:101: - the contract named before the widow, +60 to each opponent."""
    d = GAME.play_deal(D1, rules={"version": "1000-2"}, policies=script(100, 0, 0, contract=120, refuse=1))
    assert (d["result"], d["scores"]) == ("conceded", [60, -120, 60])


def test_all_pass_last_hand_takes_the_widow_and_may_throw_in():
    """002:90: the first two pass, the last hand takes the widow at 40; thrown in, the others
    score 50 each."""
    d = GAME.play_deal(D1, policies=script(0, 0, 0))
    assert (d["declarer"], d["all_pass"], d["bid"]) == (0, True, 40)     # active seat 2 = table seat 0
    assert d["result"] in ("made", "failed")
    d = GAME.play_deal(D1, policies=script(0, 0, 0, contract=0))
    assert (d["result"], d["scores"]) == ("thrown in", [0, 50, 50])
    d = GAME.play_deal(D1, policies=script(0, 45, 0))
    assert (d["declarer"], d["all_pass"], d["bid"]) == (2, False, 45)


def test_850_rule_in_1000_2():
    """002:101: a player on 850 or more who scores nothing in the deal loses 100."""
    pol = script(0, 0, 0, refuse=1)
    thrown = {"version": "1000-2", "allpass_refusal": "throw_in"}     # the last hand scores nothing
    d = GAME.play_deal(D1, rules=thrown, policies=pol, scores=[900, 860, 0])
    assert d["result"] == "thrown in" and d["scores"] == [-100, 50, 50]
    d = GAME.play_deal(D1, rules=thrown, policies=pol, scores=[849, 0, 0])
    assert d["scores"] == [0, 50, 50]
    d = GAME.play_deal(D1, policies=pol | {"bid": [Policy("user:s", fn=SCRIPT, a=0, b=0, c=0)] * 3},
                       scores=[900, 0, 0])
    assert d["scores"] == [0, 50, 50]                         # 1001 has no such rule


def test_standard_auction_eldest_opens_100():
    d = GAME.play_deal(D1, rules={"auction": "standard"}, policies=script(0, 0, 0))
    assert (d["declarer"], d["bid"], d["all_pass"]) == (1, 100, False)


def test_four_players_idle_dealer_scores_the_widow():
    """002:93: with four, the dealer sits out and scores the widow: three nines = 100."""
    order = order_for("KH QH AH 10H AS AD AC", "JH 10S KS QS JS QC JC", "10D KD QD JD 10C KC 9C", "9S 9H 9D")
    d = GAME.play_deal(order, rules={"players": 4}, dealer=3, policies=script(100, 0, 0, dealer=3, players=4))
    assert list(d["hands"]) == [0, 1, 2] and d["declarer"] == 0
    assert d["scores"][3] == 100
    d = GAME.play_deal(D1, rules={"players": 4}, dealer=1, policies=script(100, 0, 0, dealer=1, players=4))
    assert list(d["hands"]) == [2, 3, 0] and d["scores"][1] == 3 + 2 + 0


def test_bids_out_of_the_rules_are_refused():
    with pytest.raises(IllegalMoveError, match="a call is 0 .pass. or a multiple of 5 opening at 40"):
        GAME.play_deal(D1, policies=script(42, 0, 0))
    with pytest.raises(IllegalMoveError, match="at most 120 without a marriage"):
        GAME.play_deal(D2, policies=script(0, 125, 0))
    d = GAME.play_deal(D2, policies=script(45, 0, 125))      # a marriage in hand: above 120 allowed
    assert d["bid"] == 125
    with pytest.raises(SimkitError, match="a deal needs exactly 24 distinct cards"):
        GAME.play_deal(D1[:23])


def test_user_play_function_and_random_play():
    d = GAME.play_deal(D1, policies=script(100, 0, 0, play=Policy.user(PLAY_LOW)))
    assert d["marriages"] == [] and d["given"] == ["9C", "10H"]     # the lowest codes
    replay(d, "1001")


def test_play_parameters_are_declared_with_ranges():
    for bad, words in (("heuristic:draw=2", ["draw", "2", "0", "1"]), ("heuristic:cash=3", ["cash", "3", "0", "1"]),
                       ("heuristic:cash_2=-1", ["cash_2", "-1", "0", "1"]),
                       ("simulation:samples=0", ["samples", "0"]),
                       ("simulation:trump_weight=101", ["trump_weight", "101", "100"])):
        with pytest.raises(SimkitError) as e:
            GAME.play_deal(D1, policies={"play": bad})
        assert all(w in str(e.value) for w in words), str(e.value)


@pytest.mark.parametrize("version", ["1001", "1000-2"])
def test_random_deals_replayed_by_the_reference(version):
    """Random orders, random, heuristic, simulation and mixed play (random marriages drawn
    in the after_trick hook, the others' asked in a pause of the engine's loop, in one deal): every
    trick legal, every winner and every seat's points as the reference finds them; some
    deals change trump."""
    rng = np.random.default_rng(18)
    changes = 0
    for k in range(40):
        order = rng.permutation(deck(24))
        play = ("heuristic", "random", "random|heuristic|random", "simulation:samples=3|heuristic|random")[k % 4]
        d = GAME.play_deal(order, rules={"version": version}, policies={"bid": "heuristic", "play": play}, seed=k)
        if d["result"] in ("made", "failed"):
            replay(d, version)
            changes += len(d["marriages"]) > 1
        assert d["audit"]["violations"] == 0
    assert changes > 0


def test_report_tables_and_marriage_chance():
    """tables.contracts records; unit=deal points and tricks; the share of dealt hands
    holding a marriage against the exact value (inclusion-exclusion, checked by
    enumeration in test_thousand_rules)."""
    r = simkit.simulate("thousand", hands=400, seed=3, rules={"unit": "deal"}, policies="random")
    t = r.tables
    assert list(t["contracts"].columns) == ["contract", "result", "count"] and t["contracts"]["count"].sum() == 400
    assert set(t["points"].columns) == {"seat", "points", "count"} and t["points"]["count"].sum() == 3 * 400
    played = int(t["contracts"].query("result in ['made', 'failed']")["count"].sum())
    tricks = t["tricks"]
    assert tricks["count"].sum() == 3 * played and (tricks["tricks"] * tricks["count"]).sum() == 8 * played
    m = r.metrics["marriage_held_rate"]
    exact = float(marriage_chance(24, 7))
    assert abs(m["value"] - exact) <= 4 * sqrt(exact * (1 - exact) / m["n"])


def test_four_players_idle_dealers_widow_is_in_tens_in_1000_2():
    """Issue 29: scores [0, 5, -190, 130] in 1000 (2) with four players: the idle dealer's
    widow (QC JC 9C: 5 points) was not rounded, though «Счет ... только кратно 10»
    (002:98); rounded as a defender's points, halves up: 10. In 1001 it stays 5."""
    d = GAME.play_deal(D1, rules={"players": 4, "version": "1000-2"}, dealer=1)
    assert d["scores"][1] == 10 and all(v % 10 == 0 for v in d["scores"]), d["scores"]
    assert d["audit"]["violations"] == 0
    d = GAME.play_deal(D1, rules={"players": 4}, dealer=1)
    assert d["scores"][1] == 5


def test_all_pass_refusal_in_1000_2_is_minus_the_contract_and_60_each():
    """Issue 29: in 1000 (2) the last hand who took the widow after an all-pass and refuses
    was scored as 1001's throw-in (0, +50 each); 002:101 «записав себе в минус объявленное
    до взятия прикупа, противники при этом пишут по 60 очков в плюс» reads as any refusal:
    minus his contract (here the opening 60), +60 each. The throw-in is the option."""
    pol = script(0, 0, 0, refuse=1)
    d = GAME.play_deal(D1, rules={"version": "1000-2"}, policies=pol)
    assert (d["all_pass"], d["result"], d["scores"]) == (True, "conceded", [-60, 60, 60])
    assert d["audit"]["violations"] == 0
    d = GAME.play_deal(D1, rules={"version": "1000-2", "allpass_refusal": "throw_in"}, policies=pol)
    assert (d["result"], d["scores"]) == ("thrown in", [0, 50, 50])
    with pytest.raises(SimkitError, match="allpass_refusal"):
        GAME.Rules.build({"allpass_refusal": "throw_in"})                 # 1001 has its own rule (002:90)


def _card(state_trump, played, hand, trick, seat, decl, leader, flags):
    """The heuristic's card (:func:`heuristic_play_nb`) on a hand-built position: the cards of
    ``trick`` (names) already played to it from ``leader``, trump ``state_trump`` (-1: none),
    ``played`` the cards of earlier tricks; ``legal`` is the hand's cards that follow suit,
    else its trumps, else all."""
    from simkit.core.tricks import NO_TRUMP, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SIZE, S_TRUMP
    from simkit.games.thousand.layout import S_DECLARER
    from simkit.games.thousand.heuristic import heuristic_play_nb
    from simkit.games.thousand.scoring import TABLES

    def bits(names_):
        return sum(1 << int(c) for c in parse(names_)) if names_ else 0

    st = np.zeros(S_SIZE, np.int64)
    tr = np.full(4, -1, np.int64)
    cards = list(parse(trick))
    for i, c in enumerate(cards):
        tr[i] = int(c)
    st[S_PLAYERS], st[S_TRUMP], st[S_LEADER], st[S_N_IN_TRICK] = 3, state_trump, leader, len(cards)
    st[S_DECLARER] = decl
    st[S_PLAYED] = bits(played) | bits(trick)
    h = bits(hand)
    led = int(cards[0]) & 3

    def suit(s):
        return sum(1 << (4 * r + s) for r in range(6)) & h

    legal = suit(led) or (suit(state_trump) if state_trump >= 0 else 0) or h
    tt = TABLES[NO_TRUMP if state_trump < 0 else state_trump]
    c = heuristic_play_nb(seat, h, legal, st, tr, tt, flags)
    return {int(parse(n)[0]): n for n in hand.split()}[int(c)]


def test_cash_takes_a_safe_trick_with_a_loose_card_keeping_the_master():
    """``cash``: the declarer, last to a spade trick, holds the ace and king of spades with
    the ten still out: he takes it with the king (the ten could catch it later) and keeps
    the ace; the play before (``cash=0``) takes it with the ace (the most points)."""
    from simkit.games.thousand.heuristic import F_CASH, F_DRAW
    pos = dict(state_trump=-1, played="", hand="AS KS 9H JD QC 9C", trick="9S JS", seat=0, decl=0, leader=1)
    assert _card(**pos, flags=F_DRAW | F_CASH) == "KS"
    assert _card(**pos, flags=F_DRAW) == "AS"


def test_cash_second_defender_trumps_low_behind_the_declarers_lead():
    """``cash``: the declarer leads the ten of clubs, hearts trump; the defender after him,
    void in clubs, holds the ace and nine of hearts with the ten of hearts out: only his
    partner plays after him, so he trumps with the nine and keeps the ace; before
    (``cash=0``) he trumped with his strongest card, the ace."""
    from simkit.games.thousand.heuristic import F_CASH, F_DRAW
    pos = dict(state_trump=1, played="", hand="AH 9H AS KS JD 9D", trick="10C", seat=1, decl=0, leader=0)
    assert _card(**pos, flags=F_DRAW | F_CASH) == "9H"
    assert _card(**pos, flags=F_DRAW) == "AH"
    # the declarer second to a defender's lead still takes it with his strongest card
    assert _card(state_trump=1, played="", hand="AH 9H AS KS JD 9D", trick="10C", seat=0, decl=0, leader=2,
                 flags=F_DRAW | F_CASH) == "AH"


def test_cash_flag_by_version():
    """``cash`` sets the rule in 1001, ``cash_2`` in 1000 (2) (defaults 1 and 0)."""
    from simkit.games.thousand.heuristic import F_CASH, F_DRAW, play_flags_nb
    p = np.zeros(L.N_PLAY_PARAMS)
    p[L.P_DRAW], p[L.P_CASH] = 1, 1
    assert play_flags_nb(p, False) == F_DRAW | F_CASH and play_flags_nb(p, True) == F_DRAW
    p[L.P_CASH], p[L.P_CASH_2] = 0, 1
    assert play_flags_nb(p, False) == F_DRAW and play_flags_nb(p, True) == F_DRAW | F_CASH
