"""Macao (G06, seed 000 lines 213-237): every rule path on hand-built decks, the exact
one-card-each edge, policies and errors."""
from fractions import Fraction

import numpy as np
import pytest
from numba import njit

import simkit
from simkit import IllegalMoveError, SimkitError
from simkit.core.stats import moment_sums, ratio_sums

G = nb = BANKER = BANKER_BEST_STAND = BEST_STAND = kernel_policy = BUST = CASES = edge_for = one_card_edge = None   # bound by _import_game
NO_BANKER_DRAW = {"banker_draws": False}


#: the rule tests' drawing: both sides stand on 7 (the seed's good draws make 7-9, 000:221),
#: so that they do not move with the default policies
STAND_7 = {"punter": "threshold:stand=7", "banker": "banker-threshold:stand=7"}


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G, nb, BANKER, BANKER_BEST_STAND, BEST_STAND, kernel_policy, BUST, CASES, edge_for, one_card_edge
    from simkit.games.macao import nb
    from simkit.games.macao.policies import BANKER, BANKER_BEST_STAND, BEST_STAND, kernel_policy
    from simkit.games.macao.validation import CASES, edge_for, one_card_edge
    G = simkit.get_game("macao")
    BUST = nb.BUST


def coup(cards, policies=None, start=0, **rules):
    rules.setdefault("punters", 1)
    return G.play_coup(cards, rules, {**STAND_7, **(policies or {})}, start=start)


# -- settlement: naturals, draws, ties, losers (000:225-235) -------------------------------

def test_naturals_beating_the_banker_are_paid_three_two_one():
    # «девятку сразу ... втрое», «восьмерку - ставку вдвое», «семерку - ставку»
    out = coup("9S 8H 7D 6C", punters=3, **NO_BANKER_DRAW)
    assert out["count"] == [9, 8, 7, 6] and all(out["natural"])
    assert out["loss"] == [-3, -2, -1]


def test_a_nine_made_by_drawing_is_paid_once():
    # «составившим девять, восемь и семь очков после прикупа - платит одинарную ставку»
    out = coup("4S 2H 5D", **NO_BANKER_DRAW)
    assert out["count"] == [9, 2] and out["natural"] == [False, True] and out["draws"] == [1, 0]
    assert out["loss"] == [-1]


def test_the_banker_pays_every_count_above_his_own():
    # «Банкомет выплачивает всем понтерам, очки которых превышают его очки» (000:235)
    out = coup("6S 5H", max_draws=0)
    assert out["loss"] == [-1]
    out = coup("5S 6H", max_draws=0)
    assert out["loss"] == [1]


@pytest.mark.parametrize("cards,loss", [("9S 9H", 3), ("8S 8H", 2), ("7S 7H", 1), ("5S 5H", 1), ("AS AH", 1)])
def test_ties_go_to_the_banker_at_the_nine_eight_seven_multipliers(cards, loss):
    # «Карты банкомета, одинаковые с картами понтеров, имеют преимущество ... за девятку -
    # тройную, за восьмерку - двойную и за семерку - одинарную ставки» (000:227)
    assert coup(cards, max_draws=0)["loss"] == [loss]


def test_tie_options():
    assert coup("9S 9H", max_draws=0, tie_pays="single")["loss"] == [1]
    assert coup("5S 5H", max_draws=0, tie_low="push")["loss"] == [0]
    assert coup("8S 8H", max_draws=0, tie_low="push")["loss"] == [2]        # push is only below seven
    # a drawn nine tying a natural nine still pays the nine multiplier
    out = coup("4S 9H 5D", **NO_BANKER_DRAW)
    assert out["count"] == [9, 9] and out["natural"] == [False, True] and out["loss"] == [3]


def test_natural_multipliers_are_rule_options():
    rules = dict(max_draws=0, punters=3, banker_draws=False, natural9=5, natural8=3, natural7=2)
    assert coup("9S 8H 7D 6C", **rules)["loss"] == [-5, -3, -2]
    assert coup("9S 9H", max_draws=0, natural9=5)["loss"] == [5]          # ties follow them


def test_what_a_beaten_punter_pays():
    assert coup("5S 9H", max_draws=0)["loss"] == [1]
    assert coup("5S 9H", max_draws=0, loser_pays="banker-natural")["loss"] == [3]
    assert coup("5S 8H", max_draws=0, loser_pays="banker-natural")["loss"] == [2]
    assert coup("5S 6H", max_draws=0, loser_pays="banker-natural")["loss"] == [1]
    # a banker who drew to nine is not natural: one stake
    out = coup("8S 4H 5D", loser_pays="banker-natural")
    assert out["count"] == [8, 9] and out["natural"] == [True, False] and out["loss"] == [1]


# -- drawing past nine under each overdraw option (000:223) ---------------------------------

def test_overdraw_void_keeps_the_old_count_as_in_the_seed_examples():
    # «пришедшая к тройке восьмерка считается за три очка, пришедшая к пятерке девятка,
    # считается за пять»
    out = coup("3S 2H 8D", **NO_BANKER_DRAW)
    assert out["count"] == [3, 2] and out["natural"] == [False, True] and out["loss"] == [-1]
    assert coup("5S 2H 9D", **NO_BANKER_DRAW)["count"] == [5, 2]


def test_overdraw_bust_loses_outright_even_to_a_bust_banker():
    out = coup("3S 2H 8D", overdraw="bust", **NO_BANKER_DRAW)
    assert out["count"] == [BUST, 2] and out["loss"] == [1]
    out = coup("3S 2H 8D 9C", overdraw="bust")          # the banker then draws 9 and busts too
    assert out["count"] == [BUST, BUST] and out["loss"] == [1]
    out = coup("4S 2H 5D 9C", overdraw="bust")          # punter 9 (drawn) against a bust banker
    assert out["count"] == [9, BUST] and out["loss"] == [-1]
    out = coup("4S 2H 5D 9C", overdraw="bust", natural9=3)
    assert out["loss"] == [-1]                          # drawn: paid once


def test_a_double_bust_is_the_punters_loss_not_a_tie_in_the_tie_rate():
    # ties at 7/8/9 pay 2/3/4 stakes and ties below 7 push, while a beaten (or bust) punter
    # pays 1: every tie is then visible in the loss table, so the tie rate must equal the
    # share of losses 0, 2, 3 and 4 exactly (two busts pay 1 and are no tie)
    rules = {"overdraw": "bust", "tie_low": "push", "natural7": 2, "natural8": 3, "natural9": 4}
    res = simkit.simulate("macao", 3000, seed=4, rules=rules, policies="threshold:stand=10",
                          progress=False)
    pay = res.stats["payout"]
    ties = sum(int(pay[v + nb.MAX_MULT]) for v in (0, 2, 3, 4))
    assert res.stats["bfinal"][BUST] > 0 and res.stats["pfinal"][BUST] > 0
    assert ratio_sums(res.stats["coup"][1])[1] == ties
    assert res.estimates["punter_tie_rate"].value == pytest.approx(ties / res.stats["counters"][3])


def test_overdraw_mod10_keeps_the_units_digit():
    out = coup("3S 2H 8D", overdraw="mod10", **NO_BANKER_DRAW)
    assert out["count"] == [1, 2] and out["loss"] == [1]


# -- tens and pictures (000:219) -------------------------------------------------------------

def test_tens_and_pictures_are_replaced_and_the_replacement_is_natural():
    out = coup("KS 5H QD 10C 9D", max_draws=0)
    assert out["count"] == [9, 5] and out["natural"] == [True, True] and out["loss"] == [-3] and out["used"] == 5


def test_replace_zero_options():
    out = coup("KS 5H 2D", max_draws=0, replace_zero="none")
    assert out["count"] == [0, 5] and out["used"] == 2 and out["loss"] == [1]
    out = coup("5S KH 3D", max_draws=0, replace_zero="punters")
    assert out["count"] == [5, 0] and out["used"] == 2 and out["loss"] == [-1]
    out = coup("5S KH 3D", max_draws=0, replace_zero="all")        # the banker replaces too
    assert out["count"] == [5, 3] and out["used"] == 3


def test_replacement_is_draw_makes_the_hand_unnatural():
    assert coup("KS 5H 9D", max_draws=0)["loss"] == [-3]
    out = coup("KS 5H 9D", replacement_is_draw=True, **NO_BANKER_DRAW)
    assert out["natural"] == [False, True] and out["draws"] == [0, 0] and out["loss"] == [-1]


def test_a_drawn_picture_counts_nothing_unless_replace_drawn_zero():
    out = coup("3S 2H KD 5C", **NO_BANKER_DRAW)
    assert out["count"] == [3, 2] and out["draws"] == [1, 0] and out["used"] == 3
    out = coup("3S 2H KD 5C", replace_drawn_zero=True, **NO_BANKER_DRAW)
    assert out["count"] == [8, 2] and out["draws"] == [1, 0] and out["used"] == 4


def test_max_draws():
    out = coup("AS 9H 2D 3C", max_draws=2, **NO_BANKER_DRAW)
    assert out["count"] == [6, 9] and out["draws"] == [2, 0]
    out = coup("AS 9H 2D 3C", **NO_BANKER_DRAW)
    assert out["count"] == [3, 9] and out["draws"] == [1, 0]
    out = coup("AS 2H 3D", max_draws=0)
    assert out["count"] == [1, 2] and out["draws"] == [0, 0] and out["used"] == 2


def test_the_banker_draws_after_the_punters_by_his_policy():
    out = coup("9S 3H 4D")
    assert out["count"] == [9, 7] and out["draws"] == [0, 1] and out["loss"] == [-3]
    out = coup("9S 3H 4D", {"banker": "banker-threshold:stand=3"})
    assert out["count"] == [9, 3] and out["draws"] == [0, 0]
    assert coup("9S 3H 4D", **NO_BANKER_DRAW)["draws"] == [0, 0]


def test_deal_order_is_punters_then_banker_then_turns_in_seat_order():
    # punters 0 and 1 get 2 and 3, the banker 9; then punter 0 draws 4, punter 1 draws 5
    out = coup("2S 3H 9D 4C 5S", punters=2)
    assert out["count"] == [6, 8, 9] and out["loss"] == [1, 1]


# -- policies ---------------------------------------------------------------------------------

def test_mimic_draws_as_the_banker_would():
    pols = {"punter": "mimic", "banker": "banker-threshold:stand=5"}
    out = coup("5S 8H 3D", pols)
    assert out["count"] == [5, 8] and out["draws"] == [0, 0] and out["used"] == 2
    out = coup("5S 8H 3D")                                   # threshold 7 draws the 5
    assert out["count"] == [8, 8] and out["loss"] == [2]
    out = coup("4S 8H 3D", pols)
    assert out["count"] == [7, 8] and out["draws"] == [1, 0]
    out = coup("4S 8H 3D", {"punter": "mimic"}, **NO_BANKER_DRAW)   # a banker who may not draw: never
    assert out["draws"] == [0, 0]


def test_mimic_equals_the_same_threshold_over_many_banks():
    a = simkit.simulate("macao", 3000, seed=5, policies={"punter": "mimic", "banker": "banker-threshold:stand=5"},
                        progress=False)
    b = simkit.simulate("macao", 3000, seed=5, policies={"punter": "threshold:stand=5",
                                                         "banker": "banker-threshold:stand=5"}, progress=False)
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)


def test_the_defaults_are_the_equilibrium_found_for_the_overdraw_rule():
    assert BEST_STAND == {"void": 8.0, "bust": 5.0, "mod10": 5.0}
    assert BANKER_BEST_STAND == {"void": 9.0, "bust": 6.0, "mod10": 6.0}
    pols = G.resolve_policies(None)
    assert pols["punter"].name == "best" and pols["banker"].name == "best"
    for rule in BEST_STAND:
        r = G.Rules.build({"overdraw": rule} if rule != "void" else {})
        assert kernel_policy(BANKER, pols["banker"], r)[1].tolist() == [BANKER_BEST_STAND[rule]]
    # void (default): a punter with 7 draws (a draw can only raise it), one with 8 stands;
    # the banker draws on 8, since a draw can never lower his count
    out = G.play_coup("7S 8H 8D 2C 9S", {"punters": 2})
    assert out["draws"] == [1, 0, 1] and out["count"] == [9, 8, 8]
    assert out["loss"] == [-1, 2]                       # 9 drawn beats 8, paid once; natural 8s tie
    # bust: the punter stands on 5, the banker draws on 5
    out = G.play_coup("5S 5H 3D", {"punters": 1, "overdraw": "bust"})
    assert out["draws"] == [0, 1] and out["count"] == [5, 8]


def test_best_uses_the_threshold_found_for_the_overdraw_rule():
    for rule, stand in BEST_STAND.items():
        r = G.Rules.build({"overdraw": rule})
        code, params, _ = G._policies(r, G.resolve_policies("best"))[0]
        assert code == nb.POL_THRESHOLD and params.tolist() == [stand]


@njit
def stand_on_six(count, natural, draws, seat, drew, params):
    return 1 if count < 6 else 0


@njit
def banker_draws_if_nobody_drew(count, natural, draws, seat, drew, params):
    return 1 if drew == 0 and count < 9 else 0


def test_user_njit_policies():
    a = simkit.simulate("macao", 3000, seed=6, policies={"punter": stand_on_six}, progress=False)
    b = simkit.simulate("macao", 3000, seed=6, policies={"punter": "threshold:stand=6"}, progress=False)
    assert a.policies["punter"].is_user
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)
    pols = {"banker": banker_draws_if_nobody_drew}
    # punter 0 (2) draws a 3, punter 1 (8) stands: the banker (4) sees a draw and stands
    assert coup("2S 8H 4D 3C 5S", pols, punters=2)["draws"] == [1, 0, 0]
    # both punters stand: the banker draws
    assert coup("9S 8H 4D 3C", pols, punters=2)["draws"] == [0, 0, 1]


@njit
def draw_at_seat(count, natural, draws, seat, drew, params):
    return 1 if seat == params[0] and count < 9 else 0


def test_a_user_function_sees_the_seat_numbers_every_game_uses():
    # punters are seats 1..P from the banker's left, the banker seat 0 (README)
    two = {"punters": 2, "banker_draws": True}

    def only(k):
        return {"punter": simkit.Policy("at", fn=draw_at_seat, seat=float(k)), "banker": "banker-threshold:stand=0"}

    assert coup("2S 3H 4D 5C", only(2), **two)["draws"] == [0, 1, 0]
    assert coup("2S 3H 4D 5C", only(1), **two)["draws"] == [1, 0, 0]
    banker = {"banker": simkit.Policy("at", fn=draw_at_seat, seat=0.0), "punter": "threshold:stand=0"}
    assert coup("2S 3H 4D 5C", banker, **two)["draws"] == [0, 0, 1]


@njit
def bad_draw(count, natural, draws, seat, drew, params):
    return 2 if count == 5 else 0


def test_illegal_draw_names_the_policy_and_situation():
    with pytest.raises(IllegalMoveError, match=r"user:bad_draw.*illegal move 2.*punter at seat 1 holds a count "
                                               r"of 5 \(natural\) after 0 draw"):
        coup("5S 8H 3D", {"punter": bad_draw})
    with pytest.raises(IllegalMoveError, match=r"user:bad_draw.*illegal move 2.*bank \(unit\) \d+, coup \d+: the "
                                               r"banker"):
        simkit.simulate("macao", 200, seed=1, policies={"banker": bad_draw, "punter": "threshold:stand=0"},
                        progress=False)


# -- the end of the shoe (000:237) -------------------------------------------------------------

def test_shoe_end_reshuffles_the_discards_to_finish_the_coup():
    # 2S is an earlier coup's discard; the punter's draw empties the shoe
    out = coup("2S 6H 5C", start=1, **NO_BANKER_DRAW)
    assert out["status"] == "ok" and out["reshuffled"] and out["count"] == [8, 5] and out["loss"] == [-1]
    assert coup("2S 6H 5C", start=1, shoe_end="void", **NO_BANKER_DRAW)["status"] == "void"
    assert coup("6H 5C", **NO_BANKER_DRAW)["status"] == "void"      # no discards to reshuffle


def test_one_card_each_shoe_accounting_is_exact():
    # no drawing: each coup uses exactly two of the 72 cards that count, so every bank has
    # 36 coups, and a 37th (voided) coup starts exactly when the shoe's last card is a
    # ten or picture: P = 32/104
    res = simkit.simulate("macao", 4000, seed=8, rules={"max_draws": 0, "punters": 1, "shoe_end": "void"},
                          progress=False)
    t = res.estimates["bank_tenure"]
    assert t.value == 36 and t.stderr == 0
    v = res.estimates["voided_coup_rate"]
    banks = 4000
    voids = res.stats["counters"][1]
    p = 32 / 104
    assert abs(voids / banks - p) < 4 * np.sqrt(p * (1 - p) / banks)
    assert v.n == 36 * banks + voids


@pytest.mark.parametrize("case", range(3))
def test_one_card_each_edge_matches_enumeration(case):
    assert len(CASES) == 3          # the cases simkit validate checks (games/macao/validation.py)
    rules = CASES[case]
    # with no drawing and voided shoe ends, every coup's (punter, banker) pair of counting
    # cards is a uniformly random ordered pair of distinct cards: the edge is exact
    rules = dict(rules, max_draws=0, shoe_end="void")
    exact = float(edge_for(rules))
    res = simkit.simulate("macao", 30_000, seed=9, rules=rules, progress=False)
    est = res.estimates["house_edge"]
    assert abs(est.value - exact) < 4 * est.stderr, (est, exact)


def test_exact_edge_formula_on_a_tiny_case():
    # hand-checkable: one deck, nine values of four cards; punter beats banker w.p. 1/2 (1 - P(tie))
    p_tie = Fraction(9 * 4 * 3, 36 * 35)
    e = one_card_edge(1, natural=(1, 1, 1))
    assert e == p_tie * 1 + (1 - p_tie) / 2 * 1 - (1 - p_tie) / 2 * 1


# -- rules, errors, report --------------------------------------------------------------------

def test_every_option_has_a_doc_and_a_seed_sentence():
    t = simkit.rules("macao")
    assert (t["doc"].str.len() > 10).all() and (t["seed"].str.len() > 5).all()


def test_rule_errors():
    with pytest.raises(SimkitError, match=r"overdraw='over'.*void, bust, mod10"):
        simkit.simulate("macao", 10, rules={"overdraw": "over"})
    with pytest.raises(SimkitError, match=r"punters=0.*\[1, 9\]"):
        simkit.simulate("macao", 10, rules={"punters": 0})
    with pytest.raises(SimkitError, match=r"natural9=10"):
        simkit.simulate("macao", 10, rules={"natural9": 10})
    with pytest.raises(SimkitError, match=r"overdraw='bust' has no effect with max_draws=0"):
        simkit.simulate("macao", 10, rules={"overdraw": "bust", "max_draws": 0})
    with pytest.raises(SimkitError, match=r"replacement_is_draw=true has no effect with replace_zero=none"):
        simkit.simulate("macao", 10, rules={"replacement_is_draw": True, "replace_zero": "none"})
    with pytest.raises(SimkitError, match=r"replace_drawn_zero=true has no effect"):
        simkit.simulate("macao", 10, rules={"replace_drawn_zero": True, "max_draws": 0})


def test_policy_and_input_errors():
    with pytest.raises(SimkitError, match=r"unknown policy 'hit'.*banker-threshold, best, mimic, threshold"):
        simkit.simulate("macao", 10, policies="hit")
    with pytest.raises(SimkitError, match=r"no parameter stop.*stand"):
        simkit.simulate("macao", 10, policies="threshold:stop=3")
    with pytest.raises(SimkitError, match=r"start=5 must be a position among the 3 cards"):
        coup("2S 3H 4D", start=5)
    with pytest.raises(SimkitError, match=r"cannot read card"):
        coup("2S 3X")


def test_report():
    res = simkit.simulate("macao", 5000, seed=2, progress=False)
    m = res.estimates
    assert list(m)[0] == "house_edge"
    assert {"banker_net_per_bank", "bank_tenure", "punter_win_rate", "punter_draw_rate",
            "banker_draw_rate"} <= set(m)
    t = res.tables
    coups, stakes = res.stats["counters"][0], res.stats["counters"][3]
    assert stakes == 3 * coups
    assert t["punter_loss"]["count"].sum() == stakes
    assert t["punter_final"]["count"].sum() == stakes and t["banker_final"]["count"].sum() == coups
    assert t["tenure"]["count"].sum() == 5000
    loss = (t["punter_loss"]["stakes_lost"] * t["punter_loss"]["count"]).sum()
    assert loss == moment_sums(res.stats["bank"][0])[1]                          # the banker's net is the punters' loss
    assert m["house_edge"].value == pytest.approx(loss / stakes)
    assert m["banker_net_per_bank"].value == pytest.approx(loss / 5000)
