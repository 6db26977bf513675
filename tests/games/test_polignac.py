"""Polignac: hand-built deals through the kernel against a Python reference of the rules
(turned trump out of play, follow suit or not, trumping optional, jack penalties, a
turned jack costing nobody), player counts, games to 20, policies, errors (seed 003
lines 48-52)."""
import numpy as np
import pytest
from penalty_checks import check_validation, user_policies

import simkit
from simkit.core.cards import parse
from simkit.errors import IllegalMoveError, SimkitError

GAME = None   # bound by _import_game
RNG = np.random.default_rng(2121)
JACKS = {36: 1, 37: 4, 38: 3, 39: 2}       # J♠ 1, J♥ 4, J♦ 3, J♣ 2 (codes J*4 + suit)


play_lowest = play_any = None   # compiled by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global GAME, play_lowest, play_any
    from simkit.games.polignac import GAME
    play_lowest, play_any = user_policies()


def reference(order, players, dealer, follow):
    """003:50-52 as written, lowest legal code every time: 51 // P each from the dealer's
    left, the last card's suit trump and that card out of play; follow suit (``follow``),
    never a duty to trump; the highest trump, else the highest card of the suit led, wins;
    +1 a trick, minus the jacks taken."""
    k = 51 // players
    hands = [[] for _ in range(players)]
    for i in range(players * k):
        hands[(dealer + 1 + i) % players].append(int(order[i]))
    trump = int(order[51]) % 4
    leader, won, pen = (dealer + 1) % players, [0] * players, [0] * players
    for _ in range(k):
        trick, seat = [], leader
        for n in range(players):
            h = hands[seat]
            legal = ([c for c in h if c % 4 == trick[0] % 4] if trick and follow else []) or h
            c = min(legal)
            h.remove(c)
            trick.append(c)
            seat = (seat + 1) % players
        trumps = [c for c in trick if c % 4 == trump]
        best = max(trumps or [c for c in trick if c % 4 == trick[0] % 4], key=lambda c: c // 4)
        leader = (leader + trick.index(best)) % players
        won[leader] += 1
        pen[leader] += sum(JACKS.get(c, 0) for c in trick)
    return won, pen


@pytest.mark.parametrize("players, follow", [(3, True), (3, False), (2, True), (4, True), (5, False), (8, True)])
def test_deals_against_the_reference(players, follow):
    rules = {"players": players, "follow_suit": follow}
    for i in range(5):
        order = RNG.permutation(52).astype(np.uint8)
        dealer = i % players
        out = GAME.play_deal(order, rules=rules, policies=play_lowest, dealer=dealer)
        won, pen = reference(order, players, dealer, follow)
        assert out["tricks"] == won and out["jack_penalties"] == pen
        assert out["net"] == [w - p for w, p in zip(won, pen)] and sum(won) == 51 // players
        assert out["audit"]["violations"] == 0 and out["audit"]["checks"] > 0


def test_a_turned_jack_costs_nobody_and_trumping_is_optional():
    """The last card J♥ is turned: hearts are trump, J♥ is out of play, the jacks in play
    cost 1 + 3 + 2 = 6 in all. A seat void in the suit led may discard instead of trumping
    (its lowest code: a plain card), and a trump it plays wins."""
    order = RNG.permutation([c for c in range(52) if c != 37]).tolist() + [37]
    out = GAME.play_deal(np.asarray(order, np.uint8), policies=play_lowest)
    assert out["trump_card"] == "JH" and out["trump"] == "hearts" and sum(out["jack_penalties"]) == 6
    # A♥ turned: seat 1 (eldest) leads 2♠; seat 2, void, may trump or discard and trumps with 2♥ (its lowest
    # code); seat 0, void, overtrumps with 3♥ and keeps the lead with his hearts and clubs: all 17 tricks
    # and all four jacks (J♥ J♣ in his hand, J♠ J♦ discarded on them), net 17 - 10
    hands = {1: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2C 3C 4C 5C", 2: "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD "
             "AD 6C 7C 8C", 0: "9C 10C JC QC KC AC 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"}
    cards = {s: list(parse(h)) for s, h in hands.items()}
    seq = [cards[(1 + i) % 3][i // 3] for i in range(51)] + list(parse("AH"))
    out = GAME.play_deal(np.asarray(seq, np.uint8), policies=play_lowest)
    won, pen = reference(np.asarray(seq), 3, 0, True)
    assert out["tricks"] == won == [17, 0, 0] and out["jack_penalties"] == pen == [10, 0, 0]
    assert out["net"] == [7, 0, 0]


def test_games_to_20_and_policies():
    r = simkit.simulate("polignac", 60, policies={"play": "heuristic|random|random"}, seed=5, progress=False)
    m = r.metrics
    assert m["win_rate.seat0"]["value"] > m["win_rate.seat1"]["value"] + 3 * m["win_rate.seat1"]["stderr"]
    assert sum(m[f"win_rate.seat{s}"]["value"] for s in range(3)) == pytest.approx(1)
    assert r.stats["game_net"][:, 1].max() >= 20 * 60 / 3            # somebody reached 20 in every game
    g = simkit.simulate("polignac", 30, rules={"end_rule": "gross", "target": 10}, seed=5, progress=False)
    assert g.metrics["game_length"]["value"] < m["game_length"]["value"]
    d = simkit.simulate("polignac", 100, rules={"unit": "deal", "players": 4}, policies="random", seed=5,
                        progress=False).tables
    assert list(d["points"].columns) == ["seat", "points", "count"] and d["points"]["count"].sum() == 400
    assert (d["tricks"].tricks * d["tricks"]["count"]).sum() == 100 * 12
    with pytest.raises(IllegalMoveError, match=r"_any_card.*illegal move \d+ .*deal 1 \((spades|hearts|diamonds|"
                                                r"clubs) trump\), trick \d+, seat \d .*legal cards"):
        simkit.simulate("polignac", 5, rules={"unit": "deal"}, policies=play_any, progress=False)
    out = GAME.audit(GAME.Rules.build({"unit": "deal"}), GAME.resolve_policies("simulation:samples=2"), 1, 5)
    assert out["checks"] > 0 and out["violations"] == 0


def test_bad_input():
    order = RNG.permutation(52).astype(np.uint8)
    with pytest.raises(SimkitError, match="52"):
        GAME.play_deal(order[:51])
    with pytest.raises(SimkitError, match="dealer"):
        GAME.play_deal(order, dealer=3)


def test_validation_checks_pass_on_a_small_run():
    """validation.py's exact values within 4 standard errors of a small simulation."""
    check_validation("polignac")


def test_a_game_that_cannot_end_stops_at_max_deals():
    """Five players share 10 tricks a deal against up to 10 jack points, so a game to 20 net
    is long (about 44 deals); ``max_deals=3`` stops every game after three deals, the
    highest net total winning."""
    r = simkit.simulate("polignac", 20, rules={"players": 5, "max_deals": 3}, seed=1, progress=False)
    assert r.metrics["stopped_rate"]["value"] == 1 and r.metrics["game_length"]["value"] == 3
    assert sum(r.metrics[f"win_rate.seat{s}"]["value"] for s in range(5)) == pytest.approx(1)
