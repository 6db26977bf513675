"""Ochko (G19): simulation against exact values computed here by enumeration, user @njit
policies, illegal moves, and the built-in policies' equivalences."""

import numpy as np
import pytest
from numba import njit

import simkit
from simkit import IllegalMoveError, Policy
from simkit.core.cards import parse

G = card_values = BEST = first_duel = variant_a_edge = None   # bound by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G, card_values, BEST, first_duel, variant_a_edge
    from simkit.games.ochko import card_values
    from simkit.games.ochko.policies import BEST
    from simkit.games.ochko.validation import first_duel, variant_a_edge
    G = simkit.get_game("ochko")


def within(est, exact, k=4.0):
    assert abs(est["value"] - float(exact)) <= k * est["stderr"], (est, float(exact))


def test_card_points_follow_the_seed():
    # «туз — 11 очков, король — 4, дама — 3, валет — 2. Остальные ... по их номиналу» (003:12)
    val = card_values("ochko")
    assert [val[c] for c in parse("AS KH QD JC 10S 9H 6D")] == [11, 4, 3, 2, 10, 9, 6]
    val = card_values("blackjack")
    assert [val[c] for c in parse("AS KH QD JC 10S 2H")] == [1, 10, 10, 10, 10, 2]


# -- exact values --------------------------------------------------------------------------

def test_variant_a_without_buying_matches_enumeration():
    # every deal uses exactly 4 cards, so each of the 9 deals of a bank is an ordered 4-card
    # sample of the deck and the edge is the mean over all ordered samples
    exact = variant_a_edge()
    res = simkit.simulate("ochko", 20_000, rules={"variant": "A", "punters": 1, "max_draws": 0}, seed=5,
                          progress=False)
    within(res.metrics["house_edge"], exact)
    assert res.metrics["bank_tenure"]["value"] == 9 and res.metrics["bank_tenure"]["stderr"] == 0
    assert G.played(res.stats) == 9 * 20_000


@pytest.mark.parametrize("tie,stand", [("push", 17), ("banker", 15), ("punter", 18)])
def test_variant_b_first_duel_matches_enumeration(tie, stand):
    win, push, loss = first_duel(stand, 15, tie)
    assert abs(win + push + loss - 1) < 1e-12
    res = simkit.simulate("ochko", 100_000, rules={"punters": 1, "tie": tie}, seed=9, progress=False,
                          policies={"stake": "flat", "draw": f"threshold:stand={stand},halve_at=99"})
    first = res.tables["edge_by_coup_index"].iloc[0]
    assert abs(first["house_edge"] - float(loss - win)) <= 4 * first["stderr"], (first, float(loss - win))


def test_variant_b_bank_broken_or_tripled_in_one_duel_matches_enumeration():
    # bank of 1 unit, one punter, one round, knocked at 2x: broken iff the punter wins the
    # duel, "tripled" (knocked) iff he loses it
    win, push, loss = first_duel(17, 15, "push")
    res = simkit.simulate("ochko", 100_000, seed=4, progress=False, policies="threshold:halve_at=99",
                          rules={"punters": 1, "bank": 1, "knock_multiple": 2, "max_rounds": 1})
    within(res.metrics["p_broken"], win)
    within(res.metrics["p_tripled"], loss)
    within(res.metrics["banker_net_per_bank"], loss - win)


# -- built-in policies -----------------------------------------------------------------------

def _same_stats(a, b):
    assert set(a.stats) == set(b.stats)
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)


@pytest.mark.parametrize("variant", ["A", "B"])
def test_mimic_is_the_banker_rule_on_the_punter_hand(variant):
    def run(pol):
        return simkit.simulate("ochko", 3000, rules={"variant": variant}, policies=pol, seed=2, progress=False)

    _same_stats(run({"draw": "mimic", "banker": "standard:stand=15"}),
                run({"draw": "threshold:stand=15,halve_at=99", "banker": "standard:stand=15"}))


def test_best_is_the_swept_threshold():
    for (variant, tie), (stand, halve_at) in BEST.items():
        rules = {"variant": variant, "tie": tie}
        best = simkit.simulate("ochko", 2000, rules=rules, policies="best", seed=1, progress=False)
        thr = simkit.simulate("ochko", 2000, rules=rules, policies=f"threshold:stand={stand},halve_at={halve_at}",
                              seed=1, progress=False)
        _same_stats(best, thr)
    assert {v for v, _ in BEST} == {"A", "B"}


# -- user functions and illegal moves ------------------------------------------------------------

@njit
def user_draw(hand, total, soft, can_halve, params):
    if total >= params[0]:
        return 0
    if can_halve and total >= params[1]:
        return 2
    return 1


@njit
def user_stake(card, cap, params):
    s = 3 if card >= 0 and card >> 2 == 12 else 1
    return s if cap < 0 or s <= cap else cap


@njit
def user_banker(hand, total, soft, targets, params):
    if targets.shape[0] == 0:
        return 1 if total < params[0] else 0
    return 1 if total < targets[0] or (total == targets[0] and total < params[1]) else 0


@pytest.mark.parametrize("variant", ["A", "B"])
def test_user_functions_play_like_the_builtins_they_copy(variant):
    rules = {"variant": variant}
    mine = {"draw": Policy("user:draw", fn=user_draw, a_stand=16.0, b_halve_at=14.0),
            "stake": Policy("user:stake", fn=user_stake),
            "banker": Policy("user:banker", fn=user_banker, a_stand=17.0, b_tie_stand=15.0)}
    theirs = {"draw": "threshold:stand=16,halve_at=14", "stake": "card-aware:low=1,high=3,at=11",
              "banker": "standard:stand=17,tie_stand=15"}
    _same_stats(simkit.simulate("ochko", 3000, rules=rules, policies=mine, seed=8, progress=False),
                simkit.simulate("ochko", 3000, rules=rules, policies=theirs, seed=8, progress=False))


@njit
def draws_seven(hand, total, soft, can_halve, params):
    return 7


@njit
def always_halves(hand, total, soft, can_halve, params):
    return 2 if total < 17 else 0


@njit
def greedy_stake(card, cap, params):
    return cap + 1


@njit
def banker_three(hand, total, soft, targets, params):
    return 3


@pytest.mark.parametrize("rules,policies,match", [
    ({}, {"draw": draws_seven}, r"policy 'user:draws_seven' returned illegal move 7 .* punter 1 holding 1 cards "
                                r"worth \d+; allowed moves: 0 stand, 1 draw, 2 halve"),
    ({"variant": "A"}, {"draw": always_halves},
     r"returned illegal move 2 .*variant A.*allowed moves: 0 stand, 1 draw(?!, 2)"),
    ({}, {"draw": always_halves}, r"returned illegal move 2 .* holding 2 cards .*allowed moves: 0 stand, 1 draw(?!, 2)"),
    ({}, {"stake": greedy_stake}, r"'user:greedy_stake' returned illegal move 11 .*the bank holds 10 units"),
    ({}, {"banker": banker_three}, r"'user:banker_three' returned illegal move 3 .* banker holding"),
])
def test_illegal_moves_name_the_policy_and_the_situation(rules, policies, match):
    with pytest.raises(IllegalMoveError, match=match):
        simkit.simulate("ochko", 50, rules=rules, policies=policies, seed=1, progress=False)
