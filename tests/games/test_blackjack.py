"""Blackjack: hand-built shoes for every rule path, rules and policy errors, user
policies, table round trips and counting (seed 000 lines 187-211)."""
import numpy as np
import pytest
from numba import njit

import simkit
from simkit.errors import IllegalMoveError, SimkitError
from simkit.policies.base import Policy

GAME = exact = hilo_policy = index_table = strategy_tables = table_policy = nb = None   # bound by _import_game
INF = {"decks": "inf"}


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global GAME, exact, hilo_policy, index_table, strategy_tables, table_policy, nb
    from simkit.games.blackjack import GAME, exact, hilo_policy, index_table, strategy_tables, table_policy
    from simkit.games.blackjack import nb


def play(cards, rules=None, policies=None):
    return GAME.play_round(cards, {**INF, **(rules or {})}, policies)


def box(out, i=0):
    return out["boxes"][i]


# -- rules ------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [{"decks": 3}, {"soft17": "maybe"}, {"hole_card": "ENHC"}, {"blackjack_pays": "2:1"},
                                 {"double": "8-11"}, {"max_hands": 65}, {"penetration": 0.0}, {"players": 8},
                                 {"surrender": "always"}, {"colour": "red"}])
def test_bad_rule_values_name_the_value(bad):
    with pytest.raises(SimkitError) as e:
        GAME.Rules.build(bad)
    key, value = next(iter(bad.items()))
    assert key in str(e.value)


@pytest.mark.parametrize("combo", [{"decks": "inf", "penetration": 0.9}, {"decks": "inf", "continuous_shuffle": True},
                                   {"continuous_shuffle": True, "penetration": 0.5},
                                   {"decks": 1, "players": 6}])
def test_senseless_combinations_are_refused(combo):
    with pytest.raises(SimkitError):
        GAME.Rules.build(combo)


def test_command_line_strings_parse():
    r = GAME.Rules.build({"decks": "inf", "soft17": "hit", "das": "no", "max_hands": "4"})
    assert r.decks == "inf" and r.soft17 == "hit" and r.das is False and r.max_hands == 4
    assert GAME.Rules.build({"decks": "8"}).decks == 8


# -- hand-built shoes: every rule path (deal order: box card 1, up card, box card 2, hole card) --
@pytest.mark.parametrize("pays,expected", [("3:2", 1.5), ("6:5", 1.2), ("1:1", 1.0)])
def test_natural_is_paid_and_dealer_does_not_draw(pays, expected):
    out = play("AS 9H KD 7C", {"blackjack_pays": pays})
    assert box(out)["natural"] and box(out)["net"] == expected
    assert out["cards_used"] == 4 and out["dealer_total"] == 16


def test_dealer_blackjack_with_peek_takes_the_bet_and_pushes_a_natural():
    out = play("10S AH QD KC")
    assert out["dealer_blackjack"] and box(out)["net"] == -1.0 and out["cards_used"] == 4
    assert box(play("AS AH KD KC"))["net"] == 0.0


@pytest.mark.parametrize("hole,expected", [("none", -2.0), ("none-obo", -1.0)])
def test_no_hole_card_dealer_blackjack_after_a_double(hole, expected):
    # 6+5 = 11 doubles against a ten (basic would only hit with no hole card), draws a 2;
    # the dealer's second card is an ace
    out = play("6S 10H 5D 2C AS", {"hole_card": hole}, Policy("table", H11vT=2))
    assert box(out)["doubles"] == 1 and out["dealer_blackjack"]
    assert box(out)["net"] == expected


@pytest.mark.parametrize("das,expected,doubles", [(True, 4.0, 2), (False, 2.0, 0)])
def test_split_eights_with_and_without_double_after_split(das, expected, doubles):
    # 8,8 v 6 (hole 10): hands 8+3=11 and 8+2=10, each then takes a ten; dealer 16 draws 9
    out = play("8S 6H 8D 10C 3S 10D 2H 10S 9C", {"das": das})
    b = box(out)
    assert b["hands"] == 2 and b["doubles"] == doubles and b["net"] == expected
    assert out["dealer_total"] == 25
    assert b["action"] == 2 + doubles


def test_resplit_and_the_hand_limit():
    cards = "8S 6H 8D 10C 8C 10D 10S 10H 5S"
    out = play(cards)                                   # three hands of 18 against 21
    assert box(out)["hands"] == 3 and box(out)["net"] == -3.0 and out["dealer_total"] == 21
    out = play(cards, {"max_hands": 2})                 # 16 stands; 18; the dealer busts
    assert box(out)["hands"] == 2 and box(out)["net"] == 2.0 and out["dealer_total"] == 26


def test_split_aces_take_one_card_and_21_is_not_blackjack():
    out = play("AS 6H AD 10C 10S 9D 8C")
    b = box(out)
    assert b["hands"] == 2 and b["net"] == 2.0 and not b["natural"] and out["cards_used"] == 7


@pytest.mark.parametrize("rsa,hands,net", [(True, 3, 3.0), (False, 2, 2.0)])
def test_resplitting_aces(rsa, hands, net):
    # RSA: A,A again -> three hands 21, 20, 19 against a bust; no RSA: soft 12 stands, 21, bust
    out = play("AS 6H AD 10C AC 10S 9D 8H 8C", {"resplit_aces": rsa})
    assert box(out)["hands"] == hands and box(out)["net"] == net


def test_late_surrender_and_no_surrender_against_a_peeked_blackjack():
    out = play("10S 10H 6D 7C")
    assert box(out)["surrendered"] and box(out)["net"] == -0.5 and out["cards_used"] == 4
    out = play("10S AH 6D KC")
    assert not box(out)["surrendered"] and box(out)["net"] == -1.0


def test_early_surrender_beats_a_dealer_blackjack():
    out = play("10S AH 6D KC", {"surrender": "early"})
    assert box(out)["surrendered"] and box(out)["net"] == -0.5


def test_late_surrender_with_no_hole_card_loses_all_to_a_blackjack():
    out = play("10S AH 6D KC", {"hole_card": "none"})
    assert box(out)["surrendered"] and box(out)["net"] == -1.0


@pytest.mark.parametrize("cards,ins_net,net", [("10S AH QD KC", 1.0, 0.0), ("10S AH QD 9C", -0.5, -0.5)])
def test_insurance_is_half_the_bet_and_pays_two_to_one(cards, ins_net, net):
    out = play(cards, policies=Policy("table", INS=1))
    b = box(out)
    assert b["insurance"] == 0.5 and b["insurance_net"] == ins_net and b["net"] == net


def test_insurance_not_offered_when_the_rule_is_off():
    out = play("10S AH QD KC", {"insurance": False}, Policy("table", INS=1))
    assert box(out)["insurance"] == 0.0 and box(out)["net"] == -1.0


@pytest.mark.parametrize("soft17,net,used", [("stand", 1.0, 4), ("hit", -1.0, 5)])
def test_dealer_soft_17(soft17, net, used):
    out = play("10S AH 8D 6C 3S", {"soft17": soft17})
    assert box(out)["net"] == net and out["cards_used"] == used


def test_a_hand_at_21_takes_no_card_whatever_the_policy():
    hit_all = Policy("table", H11vT=1, H21vT=1)
    out = play("5S 10H 6D 7C 10S 9D", policies=hit_all)
    assert box(out)["net"] == 1.0 and out["cards_used"] == 5


def test_two_boxes_share_the_shoe_in_dealing_order():
    out = play("10S 9S 7H 9D 8C 5H 10D", {"players": 2})
    assert [b["net"] for b in out["boxes"]] == [1.0, 1.0]
    assert out["dealer_total"] == 22 and out["cards_used"] == 7


def test_double_restrictions():
    # 5+4 = 9 against a 3: basic doubles on any two cards, not under 10-11
    any_ = play("5S 3H 4D 10C 10S 9D", {"double": "any"})
    assert box(any_)["doubles"] == 1
    ten11 = play("5S 3H 4D 10C 10S 9D", {"double": "10-11"})
    assert box(ten11)["doubles"] == 0


def test_hand_built_audit_has_no_violation():
    # the audit also checks the round's own card count (hands + dealer) against the cards
    # drawn: splits, split aces, a double, surrender, no hole card and three boxes
    cases = [("8S 6H 8D 10C 3S 10D 2H 10S 9C", {}),
             ("AS 6H AD 10C AC 10S 9D 8H 8C", {}),
             ("10S AH 8D 6C 3S", {}),
             ("5S 3H 6D 10C 10S 9D", {}),
             ("10S 10H 6D 10C 9S", {"surrender": "late"}),
             ("8S 6H 8D 10C 3S 10D 2H 10S 9C 7D", {"hole_card": "none"}),
             ("9S 5C 10H 6H 8D 2D 10S 7C 8S 9C", {"players": 3})]
    for cards, rules in cases:
        out = play(cards, rules)
        assert out["audit_violations"] == 0, (cards, rules)


def test_short_hand_built_shoe_is_an_error():
    with pytest.raises(SimkitError, match="ran out"):
        play("AS 6H 5D 10C")


# -- policies --------------------------------------------------------------------------------
@njit
def mimic_user(kind, total, soft, ncards, pair, up, legal, seen, unseen, params):
    if kind == 0:
        return 1
    if kind != 3:
        return 0
    return 1 if total < 17 else 0


@njit
def always_split(kind, total, soft, ncards, pair, up, legal, seen, unseen, params):
    if kind == 0:
        return 1
    if kind != 3:
        return 0
    return 3


@njit
def zero_bet(kind, total, soft, ncards, pair, up, legal, seen, unseen, params):
    return 0


def _same(a, b):
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)


def test_user_njit_policy_equals_the_builtin_it_copies():
    rules = {"decks": 2}
    a = simkit.simulate("blackjack", 20_000, rules=rules, policies=mimic_user, seed=5, progress=False)
    b = simkit.simulate("blackjack", 20_000, rules=rules, policies="mimic-dealer", seed=5, progress=False)
    _same(a, b)
    assert a["house_edge"].value > 0.03


def test_illegal_user_move_names_policy_and_situation():
    with pytest.raises(IllegalMoveError) as e:
        simkit.simulate("blackjack", 1000, rules=INF, policies=always_split, progress=False)
    msg = str(e.value)
    assert "always_split" in msg and "split" in msg and "legal" in msg and "up card" in msg
    with pytest.raises(IllegalMoveError, match="bet"):
        simkit.simulate("blackjack", 1000, rules=INF, policies=zero_bet, progress=False)


def test_bad_policy_parameters():
    with pytest.raises(SimkitError, match="H16vT"):
        simkit.simulate("blackjack", 1000, rules=INF, policies=Policy("table", H16vT=7), progress=False)
    with pytest.raises(SimkitError, match="no parameter"):
        GAME.resolve_policies("table:X16vT=1")
    with pytest.raises(SimkitError, match="tag_2"):
        simkit.simulate("blackjack", 1000, rules={"decks": 1}, policies="hilo:tag_2=0.5", progress=False)


def test_chart_round_trip_plays_the_same_as_basic(tmp_path):
    charts = strategy_tables(INF)
    assert set(charts) == {"hard", "soft", "pairs"}
    csv = tmp_path / "chart.csv"
    import pandas as pd

    pd.concat([charts["hard"], charts["soft"], charts["pairs"]]).to_csv(csv)
    pol = table_policy(str(csv))
    a = simkit.simulate("blackjack", 30_000, rules=INF, policies=pol, seed=2, progress=False)
    b = simkit.simulate("blackjack", 30_000, rules=INF, seed=2, progress=False)
    _same(a, b)


def test_well_known_basic_strategy_cells():
    s17 = strategy_tables(INF)
    hard, soft, pairs = s17["hard"], s17["soft"], s17["pairs"]
    assert hard.loc["16", "10"] == "Rh" and hard.loc["12", "4"] == "S" and hard.loc["12", "2"] == "H"
    assert hard.loc["11", "10"] == "D" and hard.loc["17", "A"] == "S" and hard.loc["9", "3"] == "D"
    assert soft.loc["A7", "3"] == "Ds" and soft.loc["A7", "9"] == "H" and soft.loc["A8", "6"] == "S"
    assert pairs.loc["8,8", "10"] == "P" and pairs.loc["10,10", "6"] == "S" and pairs.loc["A,A", "A"] == "P"
    assert pairs.loc["9,9", "7"] == "S" and pairs.loc["5,5", "9"] == "D"
    h17 = strategy_tables({**INF, "soft17": "hit"})
    assert h17["hard"].loc["11", "A"] == "D" and h17["soft"].loc["A8", "6"] == "Ds"


def test_index_table_is_editable():
    df = index_table()
    assert len(df) == 22 and set(df["play"]) >= {"stand", "double", "split", "surrender", "insure"}
    df.loc[df["key"] == "H16vT.S", "index"] = 1
    pol = hilo_policy(df[df["key"] != "INS"], min_bet=1, max_bet=8)
    assert pol.params["H16vT.S"] == 1.0 and pol.params["INS"] == 99.0 and pol.params["max_bet"] == 8.0
    assert index_table(GAME.resolve_policies(pol)["play"]).set_index("key").loc["H16vT.S", "index"] == 1.0


# -- counting ------------------------------------------------------------------------------
def test_the_count_does_not_leak_information():
    """Hi-Lo with a flat bet and no index plays plays exactly basic strategy: the same
    deals, the same decisions, bit-identical statistics."""
    rules = {"decks": 1, "penetration": 0.75}
    flat = hilo_policy(index_table().iloc[0:0], min_bet=1, max_bet=1)
    a = simkit.simulate("blackjack", 40_000, rules=rules, policies=flat, seed=9, progress=False)
    b = simkit.simulate("blackjack", 40_000, rules=rules, policies="basic", seed=9, progress=False)
    np.testing.assert_array_equal(a.stats["edge"], b.stats["edge"])
    np.testing.assert_array_equal(a.stats["outcomes"], b.stats["outcomes"])
    assert (a.stats["by_tc"][:, 0] > 0).sum() > 5          # the count moved, the play did not


def test_bet_ramp_follows_the_true_count():
    pol = GAME.resolve_policies("hilo")["play"]
    hi, lo, thr, tags, cparams, counting = GAME._kernel_args(GAME.Rules.build({"decks": 1}), {"play": pol})[0]
    dp = nb.BlackjackPolicy(nb.POL_TABLE, nb.no_user_decide_nb, np.zeros(1), np.zeros(10, np.int64), hi, lo, thr,
                            cparams, True)
    bets = [nb.table_decide_nb(dp, nb.KIND_BET, 0, False, 0, -1, 0, 0, tc) for tc in (-3.0, 0.5, 2.0, 3.7, 9.0)]
    assert bets == [1, 1, 2, 4, 12]


def test_risk_of_ruin_for_a_losing_player():
    from simkit.games.blackjack import risk_of_ruin

    out = risk_of_ruin(5, rules=INF, policies="basic", paths=200, max_rounds=20_000, seed=1)
    assert out["formula"] == 1.0 and out["simulated"].value > 0.9 and out["rounds"] > 0
    with pytest.raises(SimkitError):
        risk_of_ruin(-1, rules=INF)


def test_report_tables_and_metrics():
    res = simkit.simulate("blackjack", 50_000, rules=INF, policies="hilo", seed=4, progress=False)
    m = res.metrics
    for name in ("house_edge", "advantage", "advantage_per_action", "win_per_100_rounds", "mean_bet",
                 "sd_per_round", "desirability_index", "score", "n0", "insurance_ev", "risk_of_ruin_formula"):
        assert name in m, name
    assert m["mean_bet"]["value"] == 1.0                     # an infinite deck never counts up
    out = res.tables["outcomes"].set_index("outcome")
    assert out.loc["all", "count"] == 50_000
    assert abs(out.loc["all", "per_initial_unit"] + m["house_edge"]["value"]) < 1e-12
    # the cards a round uses (counted from the hands and the dealer's cards) match the
    # averages that size a run of shoes
    from simkit.games.blackjack import CARDS_PER_BOX_ROUND, CARDS_PER_DEALER
    cards = res.tables["summary"].set_index("item").loc["cards per round", "value"]
    assert abs(cards / (CARDS_PER_BOX_ROUND + CARDS_PER_DEALER) - 1) < 0.05
    # insurance EV over every ace up: 2 P(ten) - (1 - P(ten)), P(ten) = 4/13
    ins = res["insurance_ev"]
    assert abs(ins.value - exact.insurance_ev(INF)) < 4 * ins.stderr


def test_a_shoe_used_up_mid_round_reshuffles_its_discards():
    rules = GAME.Rules.build({"decks": 1, "players": 4, "penetration": 1.0})
    out = GAME.audit(rules, GAME.resolve_policies(None), 3, 400)
    assert out["violations"] == 0 and out["checks"] > 0
    assert out["stats"]["counters"][4] > 0                    # mid-round reshuffles happened
    res = simkit.simulate("blackjack", 3000, rules=rules.to_dict(), seed=3, progress=False)
    assert res.tables["summary"].set_index("item").loc["mid-round reshuffles", "value"] > 0


@njit
def count_checker(kind, total, soft, ncards, pair, up, legal, seen, unseen, params):
    """Bets 2 when the seen cards and the unseen count do not add up to the shoe, else
    plays like the dealer: a test that ``seen`` and ``unseen`` are consistent."""
    s = 0
    for v in range(10):
        s += seen[v]
    if kind == 0:
        return 1 if (unseen == 0 or s + unseen == 104) else 2
    if kind != 3:
        return 0
    return 1 if total < 17 else 0


def test_user_function_sees_consistent_counts():
    res = simkit.simulate("blackjack", 5000, rules={"decks": 2}, policies=count_checker, seed=2, progress=False)
    assert res["mean_bet"].value == 1.0
    res = simkit.simulate("blackjack", 5000, rules=INF, policies=count_checker, seed=2, progress=False)
    assert res["mean_bet"].value == 1.0


# -- the one-box path -------------------------------------------------------------------------
LEAN_CASES = [({}, None), ({}, "hilo"), ({}, "never-bust"), ({"decks": "inf"}, None), ({"decks": "inf"}, "hilo"),
              ({"decks": 1, "penetration": 1.0}, None), ({"decks": 2, "penetration": 1.0}, "hilo"),
              ({"continuous_shuffle": True}, "hilo"), ({"soft17": "hit", "blackjack_pays": "6:5"}, None),
              ({"surrender": "early", "hole_card": "none"}, "hilo"), ({"hole_card": "none-obo"}, "hilo"),
              ({"double": "9-11", "das": False, "resplit_aces": True, "max_hands": 3}, None),
              ({"double": "10-11", "insurance": False, "surrender": "none"}, "mimic-dealer"),
              ({"decks": 8, "max_hands": 2}, "hilo:min_bet=2,max_bet=50")]


@pytest.mark.parametrize("rules,policies", LEAN_CASES)
def test_one_box_path_plays_as_the_general_round(rules, policies):
    # one box under a table policy runs through _rounds_one_box_nb; the audit runs the
    # same units through the general round (round_nb): the statistics must agree to the bit
    r = GAME.Rules.build({"players": 1, **rules})
    p = GAME.resolve_policies(policies)
    units = 60 if not (r.infinite or r.continuous_shuffle) else 3
    hands = units * (nb.ROUNDS_PER_BLOCK if (r.infinite or r.continuous_shuffle) else 1)   # as GAME.audit
    lean = GAME.run_chunk(r, p, 11, 0, units, hands)
    full = GAME.audit(r, p, 11, units)
    assert full["violations"] == 0
    for k in lean:
        np.testing.assert_array_equal(lean[k], full["stats"][k], err_msg=k)
    assert lean["counters"][1] > 0
