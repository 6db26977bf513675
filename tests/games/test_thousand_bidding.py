"""Thousand's heuristic bidder on hand-built deals: the value model (features, the weights'
shape), opening a hand the counted bidder passed, playing a forced contract it can make,
conceding when failing costs more, throwing in a hopeless all-pass contract in 1000 (2)
(and not on 850 or more), the declared parameters and their ranges. Every deal was
chosen where the counted bidder (the default before) decides otherwise: with
``BIDDER = "counted"`` these tests fail."""
import numpy as np
import pytest

from simkit.core.cards import parse
from simkit.errors import SimkitError

GAME = L = H = None   # bound by _import_game
BIDDER = "heuristic"


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, L, H
    from simkit.games.thousand import GAME as game, heuristic, layout

    GAME, L, H = game, layout, heuristic


def order_for(a0, a1, a2, widow):
    """The card order dealing ``a0``, ``a1``, ``a2`` to the active seats from the dealer's
    left (table seats 1, 2, 0 with dealer 0), one at a time, then ``widow``."""
    hands = [parse(h) for h in (a0, a1, a2)]
    assert all(len(h) == 7 for h in hands)
    return [int(hands[i % 3][i // 3]) for i in range(21)] + [int(c) for c in parse(widow)]


def mask(cards):
    return int(sum(1 << int(c) for c in parse(cards)))


def play(order, rules=None, scores=None):
    return GAME.play_deal(order, rules=rules, policies={"bid": BIDDER}, scores=scores)


# -- the value model -------------------------------------------------------------------------------------
def test_hand_features():
    f = np.zeros(H.N_FEATURES)
    H.hand_features_nb(mask("KH QH AH 10H AS QD 9C"), f)
    got = dict(zip(H.FEATURE_NAMES, f.tolist()))
    assert got == {"one": 1, "points": 4 + 3 + 11 + 10 + 11 + 3, "aces": 2, "tens": 1, "ace_ten": 1,
                   "marriages": 100, "best_marriage": 100, "n_marriages": 1, "marriages_with_ace": 100, "ace": 1,
                   "best_ace": 1, "best_ten": 1, "best_length": 4, "half_marriages": 1, "half_marriage_values": 80,
                   "low_cards": 1, "voids": 0, "length_squares": 16 + 1 + 1 + 1}
    H.hand_features_nb(mask("KS QS KH QH 9D JD 9C"), f)        # two marriages, no ace to lead them from
    got = dict(zip(H.FEATURE_NAMES, f.tolist()))
    assert (got["marriages"], got["best_marriage"], got["n_marriages"], got["marriages_with_ace"], got["ace"],
            got["best_length"], got["half_marriages"]) == (140, 100, 2, 0, 0, 2, 0)


def test_value_model_weighs_an_ace_and_an_entry():
    assert H.VALUE_MODELS.shape == (4, H.N_FEATURES)
    weak = mask("KH QH 9S JS 9D JD 9C")
    lead = mask("KH QH AS JS 9D JD 9C")
    for model in range(4):
        assert H.hand_value_nb(lead, model) > H.hand_value_nb(weak, model) + 10
    # 1000 (2) declares a marriage only after a trick won: without an ace it is worth far less
    assert H.hand_value_nb(weak, H.MODEL_1000_2_POST) < 60 < H.hand_value_nb(weak, H.MODEL_1001_POST)


# -- the auction ---------------------------------------------------------------------------------------
# table seat 1 (the first to bid) holds two tens and two marriages without an ace: the counted value
# (marriages and sure tricks) lets him pass at 40; as declarer he takes 147 (contract 110)
A = order_for("10H 10D JC QS QC KH KD", "9D JH JD KC AS AD AC", "9S 9H 9C 10S JS QH KS", "10C QD AH")


def test_heuristic_opens_a_hand_that_makes_its_contract():
    d = play(A)
    assert (d["all_pass"], d["declarer"], d["bid"], d["contract"], d["result"]) == (False, 1, 60, 110, "made")
    assert d["scores"][1] == 110


# -- the contract and conceding (1001, the standard auction: the eldest must open at 100) -------------------
# B: the eldest (table seat 1) plays his forced 100 and makes it (the counted bidder conceded)
B = order_for("9S 9H 9C 10C JC KH KC", "9D 10S 10H 10D JS QC KD", "JD QS QH QD KS AS AD", "JH AH AC")
# E: the eldest's hand after the widow cannot make 100: he concedes (- 100, nothing to the others; the
# counted bidder played, failed and wrote the same - 100 while an opponent wrote 80)
E = order_for("9S 9C 10D QH QC KS KD", "9D 10S 10H QD KC AS AD", "9H JS JH JD JC KH AH", "10C QS AC")


def test_heuristic_plays_a_forced_contract_it_can_make():
    d = play(B, rules={"auction": "standard"})
    assert (d["declarer"], d["bid"], d["result"]) == (1, 100, "made")
    assert d["scores"][1] == d["contract"] >= 100


def test_heuristic_concedes_when_failing_costs_more():
    d = play(E, rules={"auction": "standard"})
    assert (d["declarer"], d["result"], d["scores"]) == (1, "conceded", [0, -100, 0])


# -- 1000 (2): throwing in after an all-pass ----------------------------------------------------------------
# everybody passes at 60; the last hand (table seat 0), bound to 60 before the widow, holds no ace and
# throws in (0 for him, 50 to each other seat); the counted bidder played and failed (- 60)
D = order_for("9C JS JC KS KC AD AC", "9S 9H 10H QH QD QC AH", "10S 10D 10C JH JD KD AS", "9D QS KH")


def test_heuristic_throws_in_a_hopeless_all_pass_contract_1000_2_unless_on_850():
    # under the throw-in reading of a refusal (allpass_refusal=throw_in, the rule before issue 29)
    d = play(D, rules={"version": "1000-2", "allpass_refusal": "throw_in"})
    assert (d["all_pass"], d["declarer"], d["contract"], d["result"], d["scores"]) == \
        (True, 0, 60, "thrown in", [0, 50, 50])
    # under the seed's reading (the default: minus the contract, +60 to each opponent, 002:101)
    # refusing costs more than playing on: the hand plays and fails
    d = play(D, rules={"version": "1000-2"})
    assert (d["all_pass"], d["declarer"], d["result"], d["scores"]) == (True, 0, "failed", [-60, 0, 60])
    # on 850 or more, scoring nothing costs 100 more (002:101): the same hand plays
    d = play(D, rules={"version": "1000-2", "allpass_refusal": "throw_in"}, scores=[900, 0, 0])
    assert (d["all_pass"], d["declarer"]) == (True, 0)
    assert d["result"] in ("made", "failed") and d["scores"][0] in (60, -60)


# -- the decision arithmetic ---------------------------------------------------------------------------------
def test_play_worth_and_concede():
    plain = mask("9S 9C 10D QH QC KS KD 10C")                     # no marriage
    married = mask("9S 9C 10D QH QC KC KD 10C")                   # the clubs marriage: 60
    # a sure contract: + the contract, less half the points the defenders write (120 less his own cards)
    assert H.play_worth_nb(140.0, 60, plain, 1.0) == pytest.approx(60.0)
    assert H.play_worth_nb(140.0, 60, married, 1.0) == pytest.approx(60 - 0.5 * (120 - (140 - 60)))
    # even chances: 0, less half of what the defenders take
    assert H.play_worth_nb(100.0, 100, plain, 20.0) == pytest.approx(-0.5 * 20)
    assert H.concede_nb(40.0, 100, plain, 20.0, 100, 0, 0.0)        # - 100 against about - 140
    assert not H.concede_nb(90.0, 100, plain, 20.0, 100, 0, 0.0)    # - 100 against about - 53
    assert not H.concede_nb(40.0, 100, plain, 20.0, 100, 60, 0.0)   # concede_opponents=60: - 160
    assert not H.concede_nb(40.0, 100, plain, 20.0, 100, 0, 50.0)   # an edge of 50 points


# -- parameters ---------------------------------------------------------------------------------------------------
def test_heuristic_parameters_are_declared_with_ranges():
    from simkit.games.thousand.policies import BID

    assert set(BID.builtins["heuristic"].params) == {"margin", "bid_margin", "bid_margin_2", "concede", "spread"}
    assert BID.default == "heuristic" and "counted" in BID.builtins
    for bad, words in (("spread=0", ["spread", "0"]), ("bid_margin_2=500", ["bid_margin_2", "500", "400"]),
                       ("concede=-401", ["concede", "-401"])):
        with pytest.raises(SimkitError) as e:
            GAME.play_deal(A, policies={"bid": f"heuristic:{bad}"})
        assert all(w in str(e.value) for w in words), str(e.value)
