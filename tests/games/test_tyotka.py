"""Tyotka: hand-built deals through the kernel (the counting trick for every photograph
value, the photograph that is a queen, the most tricks), a Python reference of the rules
on random deals, policies, rubbers and parties, errors (seed 002 lines 48-53)."""
import numpy as np
import pytest
from penalty_checks import check_validation, user_policies

import simkit
from simkit.core.cards import parse
from simkit.errors import IllegalMoveError, SimkitError

GAME = None   # bound by _import_game
RNG = np.random.default_rng(1216)


play_lowest = play_any = None   # compiled by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global GAME, play_lowest, play_any
    from simkit.games.tyotka import GAME
    play_lowest, play_any = user_policies()


def order_from_hands(hands, dealer=0):
    cards = {s: list(parse(h)) for s, h in hands.items()}
    assert sorted(c for v in cards.values() for c in v) == list(range(52))
    return np.asarray([cards[(dealer + 1 + i) % 4][i // 4] for i in range(52)], np.uint8)


def suit(s, ranks="2 3 4 5 6 7 8 9 10 J Q K A"):
    return " ".join(f"{r}{s}" for r in ranks.split())


def reference(order, photo, dealer):
    """002:50-51 as written, with the lowest legal card code every time: the dealer's left
    leads, follow suit else any, the highest card of the suit led wins; one point per queen
    taken, for the photograph, for the most tricks (a tie: who reached it last), for the
    counting trick (A 1st, 2-10, J 11th, Q 12th, K 13th)."""
    hands = [[] for _ in range(4)]
    for i in range(52):
        hands[(dealer + 1 + i) % 4].append(int(order[i]))
    leader, winners, taken = (dealer + 1) % 4, [], [[] for _ in range(4)]
    for _ in range(13):
        trick, seat = [], leader
        for n in range(4):
            h = hands[seat]
            legal = [c for c in h if c % 4 == trick[0] % 4] if trick else h
            c = min(legal or h)
            h.remove(c)
            trick.append(c)
            seat = (seat + 1) % 4
        best = max((c for c in trick if c % 4 == trick[0] % 4), key=lambda c: c // 4)
        leader = (leader + trick.index(best)) % 4
        winners.append(leader)
        taken[leader] += trick
    pen = [sum(1 for c in taken[s] if c // 4 == 10) + (photo in taken[s]) for s in range(4)]
    count, reached = [0] * 4, []
    for w in winners:
        count[w] += 1
        reached.append((count[w], w))
    top = max(count)
    most = [w for c, w in reached if c == top][-1]
    pen[most] += 1
    rank = photo // 4
    k = 1 if rank == 12 else rank + 2
    pen[winners[k - 1]] += 1
    return winners, pen, k, most


def test_every_counting_trick_and_photograph_against_the_reference():
    """Random deals, every photograph value (so every counting trick 1..13) and every
    queen as the photograph: the kernel's winners and penalties are the reference's."""
    for i in range(6):
        order = RNG.permutation(52).astype(np.uint8)
        dealer = i % 4
        for photo in list(range(2 * 4 + i % 4, 52, 4)) + list(range(40, 44)) + list(range(i % 4, 8, 4)):
            out = GAME.play_deal(order, int(photo), policies=play_lowest, dealer=dealer)
            winners, pen, k, most = reference(order, photo, dealer)
            assert out["winners"] == winners and out["penalties"] == pen
            assert out["counting_trick"] == k and out["counting_seat"] == winners[k - 1]
            assert out["most_tricks_seat"] == most and sum(out["penalties"]) == 7
            assert out["audit"]["violations"] == 0 and out["audit"]["checks"] > 0


def test_a_photograph_that_is_a_queen_costs_two():
    """Each seat holds one suit: the eldest (seat 1, spades) leads and takes every trick,
    the others discarding: 4 queens + the photograph + the most tricks + the counting trick
    = 7, whether the photograph is a queen (Q♥: queen and photograph, 2 for one card) or not."""
    order = order_from_hands({1: suit("S"), 2: suit("H"), 3: suit("D"), 0: suit("C")})
    for photo in ("QH", "5D", "AS"):
        out = GAME.play_deal(order, photo, policies=play_lowest)
        assert out["winners"] == [1] * 13 and out["penalties"] == [0, 7, 0, 0]
    # Q♠ as the photograph, hearts eldest: seat 1 (hearts) takes all, seat 1 pays Q♠ twice
    order = order_from_hands({1: suit("H"), 2: suit("S"), 3: suit("D"), 0: suit("C")})
    out = GAME.play_deal(order, "QS", policies=play_lowest)
    assert out["penalties"] == [0, 7, 0, 0] and out["counting_trick"] == 12


def test_the_counting_trick_goes_to_its_taker():
    """Seat 1 holds the low spades and hearts, seat 2 the high ones: seat 1 leads 2♠, seat 2
    wins it with 8♠ and keeps the lead with his spades and hearts, seat 1 following low:
    seat 2 takes all 13; with the photograph 5♦ the counting trick is the 5th, seat 2's."""
    hands = {1: suit("S", "2 3 4 5 6 7") + " " + suit("H", "2 3 4 5 6 7 8"),
             2: suit("S", "8 9 10 J Q K A") + " " + suit("H", "9 10 J Q K A"), 3: suit("D"), 0: suit("C")}
    out = GAME.play_deal(order_from_hands(hands), "5D", policies=play_lowest)
    assert out["winners"] == [2] * 13 and out["counting_trick"] == 5 and out["counting_seat"] == 2
    assert out["penalties"] == [0, 0, 7, 0]
    # a real spread: the reference decides, the kernel agrees
    order = order_from_hands(hands, dealer=3)
    out = GAME.play_deal(order, "9C", policies=play_lowest, dealer=3)
    winners, pen, k, most = reference(order, int(parse("9C")[0]), 3)
    assert (out["winners"], out["penalties"], out["counting_trick"]) == (winners, pen, 9)


def test_policies_are_legal_and_the_heuristic_ducks():
    r = simkit.simulate("tyotka", 300, rules={"unit": "deal"}, policies={"play": "heuristic|random|random|random"},
                        seed=4, progress=False)
    m = r.metrics
    # the heuristic seat takes fewer penalties than a random one (7 a deal in all)
    assert m["penalty.seat0"]["value"] + 5 * m["penalty.seat0"]["stderr"] < m["penalty.seat1"]["value"]
    with pytest.raises(IllegalMoveError, match=r"_any_card.*illegal move \d+ .*deal 1, trick \d+, seat \d .*legal cards"):
        simkit.simulate("tyotka", 5, rules={"unit": "deal"}, policies=play_any, progress=False)
    out = GAME.audit(GAME.Rules.build({"unit": "deal"}), GAME.resolve_policies("simulation:samples=2"), 1, 6)
    assert out["checks"] > 0 and out["violations"] == 0


def test_rubbers_and_parties():
    r = simkit.simulate("tyotka", 30, rules={"unit": "rubber", "dealer": "per_deal"}, seed=2, progress=False)
    st = r.stats
    assert int(st["counters"][1]) == 30 and 5 <= r.metrics["rubber_length"]["value"] <= 12
    assert st["rub_settle"][:, 1].sum() == 0                     # settlements are zero-sum
    p = simkit.simulate("tyotka", 8, seed=2, progress=False)
    assert int(p.stats["counters"][1]) == 32 and p.stats["unit_settle"][:, 1].sum() == 0
    assert sum(p.metrics[f"win_rate.seat{s}"]["value"] for s in range(4)) == pytest.approx(1)
    again = simkit.simulate("tyotka", 8, seed=2, chunk=3, progress=False)
    np.testing.assert_array_equal(again.stats["pen_hist"], p.stats["pen_hist"])
    t = simkit.simulate("tyotka", 50, rules={"unit": "deal"}, seed=2, progress=False).tables
    assert list(t["points"].columns) == ["seat", "points", "count"] and t["points"]["count"].sum() == 200
    assert list(t["tricks"].columns) == ["seat", "tricks", "count"]
    assert (t["tricks"].tricks * t["tricks"]["count"]).sum() == 50 * 13


def test_max_deals_caps_a_unit_and_is_reported():
    """Issue 29: target 10 000 and 1 000 rubbers would be millions of deals a party; with
    max_deals=40 each party stops after 40 deals (its rubber settled as it stands, zero-sum)
    and counts as unfinished. At the defaults a party to 21 (at most 48 deals) never binds."""
    r = simkit.simulate("tyotka", 3, rules={"target": 10_000, "rubbers": 1_000, "max_deals": 40}, seed=5,
                        progress=False)
    c = r.stats["counters"]
    assert (int(c[0]), int(c[1]), int(c[2]), int(c[4])) == (120, 3, 3, 3)
    assert r.metrics["unfinished_party_rate"]["value"] == 1 and r.stats["unit_settle"][:, 1].sum() == 0
    # a rubber capped at 3 deals: three deals each, unfinished; the cap at the rubber's end is not
    r = simkit.simulate("tyotka", 20, rules={"unit": "rubber", "max_deals": 3}, seed=5, progress=False)
    assert r.metrics["rubber_length"]["value"] == 3 and r.metrics["unfinished_rubber_rate"]["value"] == 1
    r = simkit.simulate("tyotka", 200, seed=5, progress=False)
    assert r.metrics["unfinished_party_rate"]["value"] == 0 and int(r.stats["counters"][4]) == 0
    assert int(r.stats["len_hist"][13:].sum()) == 0                # no rubber to 21 lasts 13 deals
    same = simkit.simulate("tyotka", 200, rules={"max_deals": 48}, seed=5, progress=False)
    np.testing.assert_array_equal(same.stats["unit_settle"], r.stats["unit_settle"])
    assert same.metrics["unfinished_party_rate"]["value"] == 0
    with pytest.raises(SimkitError, match="max_deals"):
        simkit.simulate("tyotka", 2, rules={"max_deals": 0}, progress=False)


def test_bad_input():
    order = RNG.permutation(52).astype(np.uint8)
    with pytest.raises(SimkitError, match="52"):
        GAME.play_deal(order[:40], "QS")
    with pytest.raises(SimkitError, match="dealer"):
        GAME.play_deal(order, "QS", dealer=4)
    with pytest.raises(SimkitError, match="scores"):
        GAME.play_deal(order, "QS", scores=(0, 0, -1, 0))
    with pytest.raises(SimkitError):
        GAME.play_deal(order, "ZZ")


def test_validation_checks_pass_on_a_small_run():
    """validation.py's exact values within 4 standard errors of a small simulation."""
    check_validation("tyotka")
