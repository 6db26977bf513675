"""Polish Banchok (G08, seed 000 lines 261-309): every rule path on hand-built decks, the
exact probability that three cards beat the turned card, policies and errors."""
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from numba import njit

import simkit
from simkit import IllegalMoveError, SimkitError
from simkit.core.stats import moment_sums
from simkit.core.cards import deck, parse

G = nb = BEST = beats = exact_win = None   # bound by _import_game
ONE = {"punters": 1}


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G, nb, BEST, beats, exact_win
    from simkit.games.banchok import nb
    from simkit.games.banchok.policies import BEST
    from simkit.games.banchok.validation import beats, exact_win
    G = simkit.get_game("banchok")


def bank(cards, policies=None, max_coups=100, **rules):
    # the rule tests stake one unit unless they say otherwise (the default is "best")
    rules = {**ONE, **rules}
    return G.play_bank(cards, rules, "flat" if policies is None else policies, max_coups=max_coups)


def first(cards, policies=None, **rules):
    df, _ = bank(cards, policies, max_coups=1, **rules)
    return df.iloc[0]


# -- covering (000:279, 301-303) ----------------------------------------------------------------

@pytest.mark.parametrize("turned,win", [("7S", False), ("3S", True), ("5S", True), ("QD", True), ("AD", False),
                                        ("7C", False), ("9H", True), ("10H", False)])
def test_a_card_is_beaten_by_a_higher_or_identical_card_of_its_suit(turned, win):
    # «Туз перебивает все карты своей масти, король бьет все карты до дамы ...»
    row = first(f"5S 9H KD {turned}")
    assert row.hand == "5S 9H KD" and row.turned == turned and row.win == win
    assert row.bank == (59 if win else 61)          # the bank pays the stake, or takes it (000:279)


def test_the_identical_card_wins_for_the_punter():
    # «банкомет откроет даму пик и у понтера на руках окажется дама пик, то выигрывает последний»
    assert first("QS 2H 3D QS").win
    assert not first("QS 2H 3D QH").win               # same rank, other suit: hearts 2 < Q


def test_cover_by_colour_option():
    assert not first("9S 2H 3D 7C").win
    assert first("9S 2H 3D 7C", cover="colour").win   # spades and clubs are both black
    assert first("9S 2H 3D 9C", cover="colour").win
    assert not first("9S 2H 3D 10C", cover="colour").win


# -- dealing, turns and the continuing stock (000:271-285) --------------------------------------

def test_three_cards_one_at_a_time_then_a_turned_card_per_punter_in_turn():
    df, _ = bank("AS AH 2S 2H 3S 3H 4D 4C", max_coups=2, punters=2)
    assert df.hand.tolist() == ["AS 2S 3S", "AH 2H 3H"]
    assert df.turned.tolist() == ["4D", "4C"] and df.seat.tolist() == [1, 2]


def test_new_cards_without_a_shuffle_and_used_cards_under_the_stock():
    # round 1 uses the first four cards, round 2 the next four; the used cards then come
    # back from under the stock (in dealing order here: a hand-built deck is not shuffled)
    df, how = bank("2S 3S 4S 5H 2C 3C 4C 5D", max_coups=3)
    assert df["round"].tolist() == [0, 1, 2]
    assert df.hand.tolist() == ["2S 3S 4S", "2C 3C 4C", "2S 3S 4S"]
    assert df.turned.tolist() == ["5H", "5D", "5H"] and how == "open"


# -- stakes and the life of the bank (000:265, 287, 297) ----------------------------------------

def test_stakes_are_at_most_the_bank_and_a_won_bank_stake_breaks_it():
    row = first("AS AH AD 2S", "flat:units=5")
    assert row.stake == 5 and row.bank == 55
    df, how = bank("AS AH AD 2S", "flat:units=100")
    assert df.stake.tolist() == [60] and df.bank.tolist() == [0] and how == "broken"


def test_min_stake():
    assert first("AS AH AD 2S", min_stake=3).stake == 3
    df, how = bank("AS AH AD 2S", "flat:units=2", bank=3, min_stake=3)
    assert df.stake.tolist() == [3] and how == "broken"
    # a bank below the minimum is staked whole: 5 -> 2 after the punter wins 3, then 2 at stake
    df, _ = bank("AS AH AD 2S 2C 3C 4C 5H", bank=5, min_stake=3, max_coups=2, pass_at=10)
    assert df.stake.tolist() == [3, 2] and df.bank.tolist() == [2, 4]


def test_a_tripled_bank_passes():
    # «Когда банк утроится ... банкомет обязан передать колоду»: 1 -> 2 -> 3
    df, how = bank("2S 3S 4S 5H 2C 3C 4C 5D", bank=1)
    assert df.bank.tolist() == [2, 3] and how == "tripled"
    df, how = bank("2S 3S 4S 5H 2C 3C 4C 5D", bank=1, pass_at=2)
    assert df.bank.tolist() == [2] and how == "tripled"


def test_bank_end_after_the_round():
    cards = "2S AH 3S KH 4S QH 5D 2H"         # punter 0 loses to 5D, punter 1 beats 2H
    df, how = bank(cards, punters=2, bank=1, pass_at=2)
    assert df.bank.tolist() == [2] and how == "tripled"
    df, how = bank(cards, punters=2, bank=1, pass_at=2, bank_end="round", max_coups=4)
    assert df.bank.tolist() == [2, 1, 2, 1] and how == "open"   # back to 1 by the round's end: play on
    df, how = bank("2S AH 3S KH 4S QH 5D 2D", punters=2, bank=1, pass_at=2, bank_end="round")
    assert df.bank.tolist() == [2, 3] and how == "tripled"      # still doubled at the round's end
    df, how = bank("AS 2H 3S KH 4S QH 5S 2D", punters=2, bank=1, bank_end="round")
    assert df.bank.tolist() == [0] and how == "broken"          # broken: nothing left to stake against


def test_safety_cap():
    res = simkit.simulate("banchok", 50, seed=1, rules={"bank": 10**6, "max_coups": 40}, policies="flat",
                          progress=False)
    assert res.estimates["p_capped"].value == 1 and res.estimates["bank_tenure"].value == 40


# -- policies -------------------------------------------------------------------------------------

def _exact_p(hand: str, seen: str = "", decks=2, colour=False) -> Fraction:
    """P(the hand beats the next card), counting over every card of the decks not in the
    hand or seen."""
    pool = list(deck(52, copies=decks))
    for c in list(parse(hand)) + (list(parse(seen)) if seen else []):
        pool.remove(c)
    good = sum(any(beats(int(h), int(t), colour) for h in parse(hand)) for t in pool)
    return Fraction(good, len(pool))


@njit
def stake_p_millionths(hand, p_win, bank, params):
    return int(round(p_win * 1e6))


@pytest.mark.parametrize("rules", [{}, {"cover": "colour"}, {"decks": 1}])
def test_user_policy_sees_the_exact_win_probability(rules):
    cards = "AS 5H AH 9S AD 2D 2C KD"           # punter 0: AS AH AD, punter 1: 5H 9S 2D
    df, _ = bank(cards, stake_p_millionths, max_coups=2, punters=2, bank=10**7, **rules)
    colour = rules.get("cover") == "colour"
    d = rules.get("decks", 2)
    p0 = _exact_p("AS AH AD", decks=d, colour=colour)
    p1 = _exact_p("5H 9S 2D", seen="2C", decks=d, colour=colour)   # he has seen punter 0's turned card
    assert df.stake.tolist() == [round(float(p0) * 1e6), round(float(p1) * 1e6)]


def test_hand_policy_stakes_the_bank_on_good_hands():
    assert first("AS AH AD 2C", "hand").stake == 60                  # p = 75/101
    assert first("2S 2H 2D 2C", "hand").stake == 1                   # p = 3/101
    assert first("AS AH AD 2C", "hand:fraction=0.25").stake == 15
    assert first("AS AH AD 2C", "hand:threshold=0.75").stake == 1


def test_hand_policy_count_uses_the_cards_turned_before():
    # punter 1 holds KH 2S 2D and beats 2 * (12 + 1 + 1) - 3 = 25 of the 101 cards he has
    # not seen; once punter 0's turned 5C (which he cannot beat) is out, 25 of 100
    cards = "2C KH 3C 2S 4C 2D 5C 9S"
    assert _exact_p("KH 2S 2D") == Fraction(25, 101) and _exact_p("KH 2S 2D", seen="5C") == Fraction(25, 100)
    for count, stake in ((0, 1), (1, 61)):          # punter 0 lost 1: the bank holds 61
        df, _ = bank(cards, f"hand:threshold=0.2485,count={count}", max_coups=2, punters=2)
        assert df.stake.tolist()[1] == stake


def test_three_high_policy():
    assert first("AS AH AD 2C", "three-high:rank=14").stake == 60
    assert first("AS AH KD 2C", "three-high:rank=14").stake == 1
    assert first("AS AH KD 2C", "three-high:rank=13").stake == 60
    assert first("AS KS QD 2C", "three-high:rank=10").stake == 1     # two spades


def test_best_is_hand_with_the_parameters_found():
    code, params, _ = G_kernel_policy("best")
    assert code == nb.POL_HAND and params.tolist() == [BEST["threshold"], BEST["fraction"], BEST["count"]]


def G_kernel_policy(name):
    from simkit.games.banchok.policies import kernel_policy

    return kernel_policy(G.resolve_policies(name)["stake"])


@njit
def flat_three(hand, p_win, bank, params):
    return min(3, bank)


@njit
def over_the_bank(hand, p_win, bank, params):
    return bank + 1


@njit
def nothing(hand, p_win, bank, params):
    return 0


def test_user_njit_policy_matches_the_builtin():
    a = simkit.simulate("banchok", 300, seed=4, policies=flat_three, progress=False)
    b = simkit.simulate("banchok", 300, seed=4, policies="flat:units=3", progress=False)
    assert a.policies["stake"].is_user
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)


def test_illegal_stakes_name_the_policy_and_situation():
    with pytest.raises(IllegalMoveError, match=r"user:over_the_bank.*illegal move 61.*hand-built bank, coup 0: "
                                               r"the punter at seat 1 faces a bank of 60.*from 1 to 60"):
        first("AS AH AD 2C", over_the_bank)
    with pytest.raises(IllegalMoveError, match=r"user:nothing.*illegal move 0.*bank \(unit\) 0, coup 0"):
        simkit.simulate("banchok", 5, policies=nothing, progress=False)


# -- exact checks -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [{}, {"cover": "colour", "punters": 3}, {"decks": 1, "punters": 6}])
def test_win_rate_matches_enumeration(rules):
    # flat stakes and a bank too big to end: every bank is exactly max_coups coups, and
    # every coup's hand and turned card are a uniformly random four distinct cards
    exact = float(exact_win(rules.get("decks", 2), rules.get("cover") == "colour"))
    res = simkit.simulate("banchok", 4000, seed=10, progress=False, policies="flat",
                          rules={**rules, "bank": 10**6, "max_coups": 240})
    est = res.estimates["punter_win_rate"]
    assert res.estimates["p_capped"].value == 1
    assert abs(est.value - exact) < 4 * est.stderr, (est, exact)
    edge = res.estimates["house_edge"]
    assert abs(edge.value - (1 - 2 * exact)) < 4 * edge.stderr
    # with one unit a coup, the flat edge is the house edge itself, standard error included
    flat = res.estimates["flat_edge"]
    assert flat.value == pytest.approx(edge.value) and flat.stderr == pytest.approx(edge.stderr)


def test_exact_win_probability_by_hand_count():
    # a cross-check of the enumeration: three aces of different suits miss only the fourth suit
    assert _exact_p("AS AH AD") == Fraction(3 * 26 - 3, 101)
    # and the enumeration against the closed form: w = 2 (13 - r) - 1 for a card of rank r
    closed = sum(1 - Fraction(comb(103 - (25 - 2 * r), 3), comb(103, 3)) for r in range(13)) / 13
    assert exact_win() == closed


# -- rules, errors, report ----------------------------------------------------------------------------

def test_every_option_has_a_doc_and_a_seed_sentence():
    t = simkit.rules("banchok")
    assert (t["doc"].str.len() > 10).all() and (t["seed"].str.len() > 3).all()


def test_rule_errors():
    with pytest.raises(SimkitError, match=r"punters=14 need 56 cards.*decks=1 hold 52; allowed: punters <= 13"):
        simkit.simulate("banchok", 10, rules={"punters": 14, "decks": 1})
    with pytest.raises(SimkitError, match=r"min_stake=70 exceeds the bank laid"):
        simkit.simulate("banchok", 10, rules={"min_stake": 70})
    with pytest.raises(SimkitError, match=r"primazka policy 'join:.*threshold=0.7.*no effect with primazka=false"):
        simkit.simulate("banchok", 10, policies={"primazka": "join:threshold=0.7"})
    with pytest.raises(SimkitError, match=r"fraction=1.5 is not allowed"):
        simkit.simulate("banchok", 10, rules={"primazka": True}, policies={"primazka": "join:fraction=1.5"})
    with pytest.raises(SimkitError, match=r"cover='red'.*suit, colour"):
        simkit.simulate("banchok", 10, rules={"cover": "red"})
    with pytest.raises(SimkitError, match=r"bank_end='later'.*coup, round"):
        simkit.simulate("banchok", 10, rules={"bank_end": "later"})


def test_input_errors():
    with pytest.raises(SimkitError, match=r"3 cards given; a round of 1 punter\(s\) needs 4"):
        bank("AS AH AD")
    with pytest.raises(SimkitError, match=r"unknown policy 'martingale'.*best, flat, hand, join, three-high"):
        simkit.simulate("banchok", 10, policies="martingale")
    with pytest.raises(SimkitError, match=r"no parameter rank.*threshold, fraction, count"):
        simkit.simulate("banchok", 10, policies="hand:rank=3")


def test_default_staking_is_best_and_the_flat_edge_is_reported_beside_it():
    assert G.resolve_policies(None)["stake"].name == "best"
    res = simkit.simulate("banchok", 2000, seed=3, progress=False)
    m = res.estimates
    assert list(m)[:2] == ["house_edge", "flat_edge"]
    # the flat edge is 1 - 2 x the win rate per coup, on the very coups played
    assert m["flat_edge"].value == pytest.approx(1 - 2 * m["punter_win_rate"].value)
    assert m["flat_edge"].stderr == pytest.approx(2 * m["punter_win_rate"].stderr)
    assert m["house_edge"].value < 0 < m["flat_edge"].value
    assert m["flat_edge"].value == pytest.approx(1 - 2 * float(exact_win()), abs=4 * m["flat_edge"].stderr)


# -- primazka (000:305, GAMES.md G08 ambiguity 3) -------------------------------------------------

def test_primazka_adds_to_a_good_hand_up_to_the_bank():
    # three aces of different suits (win probability 75/101): the others add the rest of the
    # bank to the 1-unit stake; the turned 5S is beaten, so the bank is broken
    on = {"primazka": True}
    row = first("AS AH AD 5S", **on)
    assert (row.stake, row.primazka, row.win, row.bank) == (60, 59, True, 0)
    df, how = bank("AS AH AD 5S", **on)
    assert how == "broken" and len(df) == 1
    # a weak hand draws no primazka; a lost coup pays the whole sum into the bank
    row = first("2S 3H 4D 9C", **on)
    assert (row.stake, row.primazka, row.win, row.bank) == (1, 0, False, 61)
    row = first("AS AH AD 5C", {"stake": "flat", "primazka": "join:fraction=0.5"}, **on)
    assert (row.stake, row.primazka, row.win, row.bank) == (30, 29, False, 90)
    # without the rule nobody adds anything
    row = first("AS AH AD 5S")
    assert (row.stake, row.primazka) == (1, 0)


def test_primazka_share_in_the_report():
    res = simkit.simulate("banchok", 500, seed=4, rules={"primazka": True}, policies="flat", progress=False)
    m = res.estimates
    assert 0 < m["primazka_share"].value < 1
    assert m["house_edge"].value < 0 < m["flat_edge"].value
    assert "primazka_share" not in simkit.simulate("banchok", 50, seed=4, progress=False).estimates


def test_report():
    res = simkit.simulate("banchok", 2000, seed=2, policies="hand", progress=False)
    m = res.estimates
    assert list(m)[0] == "house_edge"
    assert m["p_broken"].value + m["p_tripled"].value + m["p_capped"].value == pytest.approx(1.0)
    assert m["house_edge"].value < 0                     # staking on good hands beats the banker
    t = res.tables
    assert t["tenure"]["count"].sum() == 2000
    assert t["tenure_by_outcome"].banks.sum() == 2000
    assert t["win_rate_by_probability"].coups.sum() == res.stats["counters"][0] == moment_sums(res.stats["bank"][1])[1]
    assert t["edge_by_seat"]["seat"].tolist() == [1, 2, 3, 4]          # the banker is seat 0
    # broken banks lose the 60 laid, tripled ones gain 120 (or more, from the last stake)
    net = moment_sums(res.stats["bank"][0])[1]
    assert m["banker_net_per_bank"].value == pytest.approx(net / 2000)
    broken = res.stats["outcome"][1]
    assert net >= -60 * broken + 120 * (2000 - broken)
