"""Treize (G03, seed 000 lines 79-145): every rule path on hand-built decks, the exact
matching probability, policies and errors."""
import itertools

import numpy as np
import pytest
from numba import njit

import simkit
from simkit import IllegalMoveError, SimkitError
from simkit.core.stats import moment_sums, ratio_sums
from simkit.core.cards import deck, parse

G = nb = p_no_match = None   # bound by _import_game
NO_MATCH = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"   # call i turns rank i+1: never a match


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G, nb, p_no_match
    from simkit.games.treize import nb
    from simkit.games.treize.validation import p_no_match
    G = simkit.get_game("treize")


def script(text, *more):
    return parse(" ".join((text,) + more))


def test_match_takes_stakes_and_restarts_the_count():
    # «Если названная банкометом карта совпала с открытой, то банкомет забирает ставки» and
    # «После отгаданной карты перечень начинается сначала»
    coups, st = G.play_script(script("3S 3H", "2D", NO_MATCH))
    assert coups[["matched", "call", "turned"]].values.tolist() == [[1, 1, 2], [1, 0, 1], [0, 13, 13]]
    assert ratio_sums(st["coup"][0])[:3] == (1, 1 + 1 - 1, 3)   # one bank, loss +1 +1 -1, three stakes
    assert moment_sums(st["bank"][1])[1] == 3                               # tenure 3 coups


def test_thirteen_calls_without_match_pay_and_pass_the_bank():
    # «Если банкомет ... не откроет ту, которую называет, он уплачивает каждому игроку его ставку»
    coups, st = G.play_script(script(NO_MATCH))
    assert len(coups) == 1 and coups.matched[0] == 0 and coups.turned[0] == 13
    assert ratio_sums(st["coup"][0])[1] == -1 and st["tenure"][1] == 1


def test_a_match_on_the_last_call_counts():
    coups, _ = G.play_script(script("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D AH", NO_MATCH))
    assert coups.matched[0] == 1 and coups.call[0] == 12


def _to_deck_end(n_left):
    """A 52-card script whose first 52 - n_left cards are matches at call 0."""
    return ["2S"] * (52 - n_left)


def test_deck_end_continue_the_count():
    # 50 immediate matches, then 3S (call 0) and 5S (call 1) empty the deck; the count
    # continues at call 2 («четверка») on the reshuffled deck: 4S matches.
    cards = parse(_to_deck_end(2) + ["3S", "5S", "4S"] + NO_MATCH.split())
    coups, st = G.play_script(cards, {"deck_end": "continue"})
    crossing = coups.iloc[50]
    assert crossing.matched == 1 and crossing.call == 2 and crossing.turned == 3
    assert coups.iloc[51].coup_index == 0          # the next coup is the first after the shuffle


def test_deck_end_restart_the_count():
    cards = parse(_to_deck_end(2) + ["3S", "5S", "4S", "3H"] + NO_MATCH.split())
    coups, _ = G.play_script(cards, {"deck_end": "restart"})
    crossing = coups.iloc[50]
    assert crossing.matched == 1 and crossing.call == 1 and crossing.turned == 4


def test_deck_end_void_returns_stakes():
    cards = parse(_to_deck_end(2) + ["3S", "5S", "2H"] + NO_MATCH.split())
    coups, st = G.play_script(cards, {"deck_end": "void"})
    crossing = coups.iloc[50]
    assert crossing.voided == 1
    assert coups.iloc[51].matched == 1 and coups.iloc[51].turned == 1
    assert st["counters"][1] == 1
    assert ratio_sums(st["coup"][0])[2] == 52               # 50 + 1 + 1 stakes counted; the voided one is not


def test_coup_index_counts_coups_since_the_shuffle():
    coups, _ = G.play_script(script("2S 2H 2D", NO_MATCH))
    assert coups.coup_index.tolist() == [0, 1, 2, 3]


def test_reshuffle_every_coup_starts_each_coup_fresh():
    coups, st = G.play_script(script("2S 2H", NO_MATCH), {"reshuffle_every_coup": True})
    assert coups.coup_index.tolist() == [0, 0, 0]
    assert st["counters"][2] == 3


def test_cap_at_bank_limits_the_stake():
    coups, _ = G.play_script(script("2S 2H", NO_MATCH), {"cap_at_bank": True, "bank": 3}, "flat:units=5")
    assert coups.stake.tolist() == [3, 5, 5]      # bank 3, then 6, then 11


def test_p_no_match_against_brute_force():
    # a small pile: enumerate every order
    pile = [0, 0, 1, 2, 2, 3, 5]
    counts = np.bincount(pile, minlength=13).astype(np.int64)
    for n_calls in (3, 5, 7):
        hits = 0
        perms = list(itertools.permutations(range(len(pile)), n_calls))
        for order in perms:
            hits += all(pile[order[i]] != i for i in range(n_calls))
        exact = hits / len(perms)
        assert nb.p_no_match_nb(counts, len(pile), 0, n_calls) == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("size,ranks", [(52, 13), (36, 9)])
def test_house_edge_matches_the_exact_matching_probability(size, ranks):
    # With a fresh deck every coup the punter loses 1 on a match and wins 1 otherwise:
    # edge = 1 - 2 P(no match). At least 10^7 coups; tolerance 4 standard errors.
    p = p_no_match(ranks, ranks)
    exact = float(1 - 2 * p)
    banks = int(1.01e7 * float(p)) + 1      # mean tenure is 1 / P(no match) coups
    res = simkit.simulate("treize", banks, seed=20261129,
                          rules={"reshuffle_every_coup": True, "deck": size}, progress=False)
    est = res.estimates["house_edge"]
    assert res.stats["counters"][0] >= 10**7
    assert abs(est.value - exact) < 4 * est.stderr, (est, exact)
    assert abs(res.estimates["bank_tenure"].value - 1 / float(p)) < 4 * res.estimates["bank_tenure"].stderr


def test_exact_value_is_the_classical_one():
    # the catalogue quotes P(at least one match) ≈ 0.643 for 52 cards
    assert float(1 - p_no_match(13, 13)) == pytest.approx(0.643, abs=5e-4)


def test_deck_aware_policy_stakes_high_only_when_favourable():
    # 40 cards turned leave 12; make them all 2s and 3s that the first calls can't hit
    counts = np.zeros(13, np.int64)
    full = np.bincount(deck(52) >> 2, minlength=13).astype(np.int64)
    counts[5] = 12                  # twelve 7s remain: calls 2..K miss them except «семерка»
    ev = nb.punter_ev_nb(counts, 12, full, 52, nb.DECK_END.continue_)
    assert -1.0 <= ev <= 1.0
    fresh = nb.punter_ev_nb(full, 52, full, 52, nb.DECK_END.continue_)
    assert fresh == pytest.approx(float(2 * p_no_match(13, 13) - 1), abs=1e-12)
    coups, _ = G.play_script(script(NO_MATCH), policies="deck-aware:threshold=-0.9,low=1,high=7")
    assert coups.stake[0] == 7
    coups, _ = G.play_script(script(NO_MATCH), policies="deck-aware:threshold=0.5,low=2,high=7")
    assert coups.stake[0] == 2


@njit
def martingale(counts, remaining, bank, params):
    return 1 if remaining > 26 else 3


def test_user_njit_staking_function():
    res = simkit.simulate("treize", 20_000, seed=4, policies=martingale, progress=False)
    assert res.policies["stake"].is_user
    assert 1.0 < res.estimates["mean_stake"].value < 3.0
    again = simkit.simulate("treize", 20_000, seed=4, policies={"stake": martingale}, progress=False)
    assert (again.stats["coup"] == res.stats["coup"]).all()


@njit
def zero_stake(counts, remaining, bank, params):
    return 0


def test_illegal_stake_names_the_policy_and_situation():
    with pytest.raises(IllegalMoveError, match=r"user:zero_stake.*illegal move 0.*bank \(unit\) 0, 52 cards"):
        simkit.simulate("treize", 10, policies=zero_stake, progress=False)


def test_rule_errors():
    with pytest.raises(SimkitError, match=r"deck=40.*allowed: 52, 36, 32"):
        simkit.simulate("treize", 10, rules={"deck": 40})
    with pytest.raises(SimkitError, match=r"deck_end='later'.*continue, void, restart"):
        simkit.simulate("treize", 10, rules={"deck_end": "later"})
    with pytest.raises(SimkitError, match=r"no effect with reshuffle_every_coup"):
        simkit.simulate("treize", 10, rules={"deck_end": "void", "reshuffle_every_coup": True})
    with pytest.raises(SimkitError, match=r"bank=0"):
        simkit.simulate("treize", 10, rules={"bank": 0})


def test_policy_errors():
    with pytest.raises(SimkitError, match=r"unknown policy 'martingale'.*deck-aware, flat"):
        simkit.simulate("treize", 10, policies="martingale")
    with pytest.raises(SimkitError, match=r"no parameter colour.*low, high, threshold"):
        simkit.simulate("treize", 10, policies="deck-aware:colour=1")
    with pytest.raises(SimkitError, match=r"plain Python function"):
        simkit.simulate("treize", 10, policies=lambda *a: 1)


def test_report_tables():
    res = simkit.simulate("treize", 50_000, seed=1, progress=False)
    t = res.tables
    assert set(t) == {"edge_by_coup_index", "tenure", "match_call"}
    assert t["edge_by_coup_index"].coups.sum() == res.stats["counters"][0]
    assert t["tenure"]["count"].sum() == 50_000
    # the "none" row of the match table counts the coups that ended each bank
    assert t["match_call"].set_index("call").loc["none", "count"] == 50_000
    m = res.estimates
    assert m["bank_tenure"].value == pytest.approx(2 + m["banker_net_per_bank"].value)  # flat stakes of 1


@njit
def stake_first_param(counts, remaining, bank, params):
    return np.int64(params[0])


def test_user_function_params_arrive_in_name_order():
    """``params[0]`` is the parameter whose name sorts first (here ``a``), whatever the values."""
    pol = simkit.Policy("user:first", fn=stake_first_param, b=1.0, a=3.0)
    res = simkit.simulate("treize", 2_000, seed=4, policies=pol, progress=False)
    assert res.estimates["mean_stake"].value == 3.0
