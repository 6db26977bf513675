"""Marriage for four on the engine (G13, seed 002 lines 16-22): hand-built deals through
``play_deal`` for every rule path (the exchange, a split marriage and the lead it forces,
declarations only on the first five leads, each claim outcome and the yan, deals played
out), user policies for each role, the exact marriage chance, a small simulation, and the
kernel's borrowed (not reference-counted) views."""
import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import parse
from simkit.errors import SimkitError
from simkit.core.ace_ten import marriage_chance
from simkit.core.tricks import S_TRICK_NO, lowest_card_nb

GAME = nb = None   # bound by _import_game


def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def give_highest(hand, legal, state, params):
    c = lowest_card_nb(legal)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
    return c


def give_foreign(hand, legal, state, params):
    return 62                                   # not a card of the deck


def claim_always(hand, state, params):
    return 1


def claim_after_first(hand, state, params):
    return 1 if state[S_TRICK_NO] >= 1 else 0


def claim_after_fifth(hand, state, params):
    return 1 if state[S_TRICK_NO] >= 5 else 0


def claim_two(hand, state, params):
    return 2


def declare_never(hand, state, params):
    return -1


def declare_late_illegal(hand, state, params):
    return 99 if state[S_TRICK_NO] >= 5 else -1


def declare_fifth_illegal(hand, state, params):
    return 99 if state[S_TRICK_NO] >= 4 else -1


def declare_first_illegal(hand, state, params):
    return 99 if state[S_TRICK_NO] == 0 else -1


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run (importing compiles its kernels) and compiles
    the user policies above with the documented signatures."""
    global marriage_dealt
    from simkit.games.marriage_4.exact import marriage_dealt
    global GAME, nb, play_lowest, give_highest, give_foreign, claim_always, claim_after_first, claim_after_fifth, \
        claim_two, declare_never, declare_late_illegal, declare_fifth_illegal, declare_first_illegal
    from simkit.games.marriage_4 import GAME, nb
    play_lowest, give_highest, give_foreign = (njit(nb.PLAY_SIG, cache=True)(f)
                                               for f in (play_lowest, give_highest, give_foreign))
    claim_always, claim_after_first, claim_after_fifth, claim_two, declare_never, declare_late_illegal, \
        declare_fifth_illegal, declare_first_illegal = (
            njit(nb.BID_SIG, cache=True)(f) for f in (claim_always, claim_after_first, claim_after_fifth, claim_two,
                                                      declare_never, declare_late_illegal, declare_fifth_illegal,
                                                      declare_first_illegal))


def order_from_hands(hands, dealer=0):
    """The card order that deals ``hands`` (seat -> card string), one at a time from the
    dealer's left (002:17 «Сдача по одной всех карт»)."""
    cards = {s: list(parse(h)) for s, h in hands.items()}
    assert sorted(c for v in cards.values() for c in v) == sorted(parse(
        " ".join(f"{r}{s}" for r in "6 7 8 9 10 J Q K A".split() for s in "SHDC")))
    return np.asarray([cards[(dealer + 1 + i) % 4][i // 4] for i in range(36)], np.uint8)


#: seat 1 (eldest, dealer 0) leads 6S, seat 2 takes it with JS, seats 3 and 0 discard 6C and 10D
#: when everybody plays his lowest code: 12 points to side 0 on trick 1; no side holds a marriage
#: but side 0 (seat 2: spades, hearts; seat 0: diamonds, clubs)
PLAIN = order_from_hands({1: "6S 7S 8S 9S 6H 7H 8H 9H 6D", 2: "JS QS KS AS JH QH KH AH JD",
                          3: "6C 7C 8C 9C 7D 8D 9D 10S 10H", 0: "10D 10C JC QD QC KD KC AD AC"})
CARRY = {"unit": "game", "no_101": "carry_over", "exchange": 0}


def lowest(claim, declare=None, **kw):
    return {"play": play_lowest, "claim": claim, "declare": declare or declare_never, **kw}


def same(a, b):
    return sorted(parse(a)) == sorted(parse(b))


def test_the_exchange_heuristic_and_user():
    """One card each, card for card between partners (002:17): the heuristic keeps the
    side's marriages and passes the cheapest card of its shortest suit."""
    out = GAME.play_deal(PLAIN, policies=lowest(claim_always))
    assert same(out["exchanged"][0], "10D 10C JD QD QC KD KC AD AC")        # gave JC, got JD
    assert same(out["exchanged"][2], "JS QS KS AS JH QH KH AH JC")
    assert same(out["exchanged"][1], "6S 7S 8S 9S 6H 7H 8H 9H 7D")          # gave 6D, got 7D
    assert same(out["exchanged"][3], "6C 7C 8C 9C 6D 8D 9D 10S 10H")
    assert out["audit"]["checks"] > 0 and out["audit"]["violations"] == 0
    two = GAME.play_deal(PLAIN, rules={"exchange": 2}, policies=lowest(claim_always, exchange=give_highest))
    assert same(two["exchanged"][1], "6S 7S 8S 6H 7H 8H 6D 10S 10H")        # 9S 9H out, partner's top two in
    none = GAME.play_deal(PLAIN, rules={"exchange": 0}, policies=lowest(claim_always))
    assert none["exchanged"] == none["hands"]
    with pytest.raises(SimkitError, match="passing a card to the partner"):
        GAME.play_deal(PLAIN, policies=lowest(claim_always, exchange=give_foreign))


def test_a_split_marriage_sets_trump_and_forces_the_lead():
    """Seat 1 holds KH, his partner QH (002:19 «при наличии его у двух партнеров»): he
    declares on lead 1 (40, the deal's first marriage, hearts trump) and must lead the KH
    although 6S is his lowest card; he claims after the trick and is short: the yan."""
    order = order_from_hands({1: "6S 7S 8S 9S 6H 7H 8H 9H KH", 2: "JS QS KS AS JH 6D AH JD 7D",
                              3: "6C 7C 8C 9C QH 8D 9D 10S 10H", 0: "10D 10C JC QD QC KD KC AD AC"})
    out = GAME.play_deal(order, rules={"exchange": 0},
                         policies={"play": play_lowest, "claim": claim_after_first, "declare": "heuristic"})
    assert out["marriages"] == 1 and out["declared"] == ["hearts"] and out["trump"] == "hearts"
    assert "KH" not in out["left"][1] and "6S" in out["left"][1] and out["tricks_played"] == 1
    assert out["seat_points"][1] >= 40 and out["side_points"][1] == 40 + out["card_points"][1]
    assert out["claim"] is not None and out["audit"]["violations"] == 0
    at_once = GAME.play_deal(order, rules={"exchange": 0},
                             policies={"play": play_lowest, "claim": claim_always, "declare": "heuristic"})
    assert (at_once["tricks_played"], at_once["marriages"], at_once["side_points"], at_once["outcome"]) == (
        0, 1, [0, 40], "yan")                              # a claim right after the declaration, before the lead
    assert same(at_once["left"][1], at_once["hands"][1]) and at_once["audit"]["violations"] == 0


def test_declarations_only_on_the_first_five_leads():
    """Everybody leads and follows with his lowest card, so at lead 6 every hand keeps its
    four highest: each seat a king or queen whose partner card his partner holds. The
    declare policy is asked on lead 5 (its illegal answer raises) but never on lead 6
    (002:19 «Марьяж объявляется на первых пяти ходах»); with first_lead_marriage off, not
    on lead 1 either."""
    order = order_from_hands({0: "6S 7S 8S 9S 10S KS KH AS AH", 1: "6H 7H 8H 9H 10H KD KC AD AC",
                              2: "6D 7D 8D 9D 10D QS QH JS JH", 3: "6C 7C 8C 9C 10C QD QC JD JC"})
    stop = GAME.play_deal(order, rules={"exchange": 0}, policies=lowest(claim_after_fifth, declare_late_illegal))
    assert stop["tricks_played"] == 5 and stop["marriages"] == 0
    for s, top in enumerate(("KS KH AS AH", "KD KC AD AC", "JS JH QS QH", "JD JC QD QC")):
        assert same(stop["left"][s], top)
    full = GAME.play_deal(order, rules={"exchange": 0}, policies=lowest("heuristic:threshold=400",
                                                                         declare_late_illegal))
    assert full["tricks_played"] == 9 and full["marriages"] == 0 and full["audit"]["violations"] == 0
    with pytest.raises(SimkitError, match="declaring a marriage"):
        GAME.play_deal(order, rules={"exchange": 0}, policies=lowest("heuristic:threshold=400",
                                                                      declare_fifth_illegal))
    with pytest.raises(SimkitError, match="declaring a marriage"):
        GAME.play_deal(order, rules={"exchange": 0}, policies=lowest(claim_always, declare_first_illegal))
    late = GAME.play_deal(order, rules={"exchange": 0, "first_lead_marriage": False},
                          policies=lowest(claim_always, declare_first_illegal))
    assert late["tricks_played"] == 1


@pytest.mark.parametrize("carry, outcome, winner, games", [
    ((89, 0), "claim_exact", 0, 3),        # 89 + 12 = exactly 101: 3 games
    ((90, 0), "claim_over", 0, 1),         # 102: 1 game
    ((0, 0), "yan", 1, 12),                # 12 < 101: the claimer loses 12 (002:21)
])
def test_each_claim_outcome(carry, outcome, winner, games):
    """Trick 1 gives side 0 twelve points (JS and 10D); seat 2 claims at once on the exact
    count (threshold 101), or always (the yan)."""
    claim = claim_always if outcome == "yan" else "heuristic"
    out = GAME.play_deal(PLAIN, rules=CARRY, policies=lowest(claim), carry=carry)
    assert out["tricks_played"] == 1 and out["card_points"] == [12, 0] and out["claim"] == 0
    assert (out["outcome"], out["winner"], out["games"]) == (outcome, winner, games)
    assert out["side_points"][0] == carry[0] + 12 and out["audit"]["violations"] == 0


@pytest.mark.parametrize("carry, outcome", [((89, 0), "claim_exact"), ((0, 0), "claim_over")])
def test_the_simulation_claim(carry, outcome):
    """The simulation claims at exactly 101 (3 games: playing on can only add points) and
    does not claim at 12 (a sure yan against the play-outs' mean): side 0, taking every
    trick, claims once over 101."""
    out = GAME.play_deal(PLAIN, rules=CARRY, policies=lowest("simulation:samples=4"), carry=carry)
    assert out["outcome"] == outcome and out["audit"]["violations"] == 0
    assert out["claim"] == 0 and (out["tricks_played"] == 1) == (outcome == "claim_exact")
    assert out["side_points"][0] >= 101


def test_deals_played_out():
    """No claim: the card points total 120; below 101 on both sides the deal is void; a
    side carried to exactly 101 at the end wins 3 games, over 101 one (GAMES.md G13
    ambiguities 4 and 5)."""
    never = {"play": "heuristic", "claim": "heuristic:threshold=400", "declare": declare_never}   # 90 / 30
    out = GAME.play_deal(PLAIN, rules=CARRY, policies=never)
    c0, c1 = out["card_points"]
    assert c0 + c1 == 120 and out["tricks_played"] == 9 and sum(out["tricks"]) == 9 and out["claim"] is None
    assert 20 < c0 < 101 and c1 < 101 and out["outcome"] == "void" and out["winner"] is None
    exact = GAME.play_deal(PLAIN, rules=CARRY, policies=never, carry=(101 - c0, 0))
    assert (exact["outcome"], exact["winner"], exact["games"], exact["side_points"][0]) == ("out_exact", 0, 3, 101)
    over = GAME.play_deal(PLAIN, rules=CARRY, policies=never, carry=(0, 102 - c1))
    assert (over["outcome"], over["winner"], over["games"]) == ("out_over", 1, 1)


def test_bad_answers_and_input():
    with pytest.raises(SimkitError, match="deciding whether to claim"):
        GAME.play_deal(PLAIN, policies=lowest(claim_two))
    with pytest.raises(SimkitError, match="exactly 36 distinct cards"):
        GAME.play_deal(PLAIN[:35])
    with pytest.raises(SimkitError, match="dealer=4"):
        GAME.play_deal(PLAIN, dealer=4)
    with pytest.raises(SimkitError, match="threshold"):
        GAME.resolve_policies({"claim": "heuristic:threshold=-1"})


@pytest.mark.parametrize("cards", [9, 18])
def test_marriage_chance_by_enumeration(cards):
    assert marriage_dealt(cards) == marriage_chance(36, cards)
    assert 0 < marriage_dealt(cards) < 1


def test_a_small_simulation_is_consistent():
    """Random play to whole units (carry-over): the audit holds (cards, exchanges, card points
    120 per deal with the cards left, marriage values, outcomes), and the chance of a seat
    dealt a marriage matches the enumeration within 4 standard errors."""
    res = simkit.simulate("marriage-4", hands=400, seed=3, rules={"unit": "game", "no_101": "carry_over"},
                          policies={"exchange": "random", "declare": "random", "claim": "heuristic:slip=4",
                                    "play": "random"})
    aud = GAME.audit(res.rules, res.policies, 5, 200)
    assert aud["checks"] > 0 and aud["violations"] == 0
    e = res.estimates["marriage_dealt.seat"]
    assert abs(e.value - float(marriage_dealt(9))) < 4 * e.stderr
    t = res.tables
    assert set(t["points"].columns) == {"seat", "points", "count"} and set(t["tricks"].columns) == {"seat", "tricks",
                                                                                                     "count"}
    assert t["outcomes"]["units"].sum() == 400


def test_split_chunks_on_borrowed_views():
    """A chunk played on the kernel's borrowed views gives the statistics of the same
    units played in two chunks."""
    rules = GAME.Rules.build({"unit": "game"})
    pol = GAME.resolve_policies({"claim": "simulation:samples=2|random|heuristic|heuristic:slip=3", "play": "random"})
    whole = GAME.run_chunk(rules, pol, 5, 0, 60, 60)
    parts = GAME.run_chunk(rules, pol, 5, 0, 25, 60).merge(GAME.run_chunk(rules, pol, 5, 25, 60, 60))
    assert all(np.array_equal(whole[k], parts[k]) for k in whole)
    assert whole["counters"][1] == 60
