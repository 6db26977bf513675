"""Ochko (G19, seed 003 lines 1-17): every rule path of both variants on hand-built decks.

A deck is given as the cards dealt first, followed by the rest of the deck; the kernel
deals them in order (``Ochko.play_fixed`` runs the very code simulations run). Variant A
deals two rounds (punters from the banker's left, the banker last), then the punters buy
in turn, then the banker. Variant B deals one card to each punter and the banker, turns
one card (the burn card), then plays punter 1 (his cards, then the banker's), punter 2, ...
"""
import numpy as np
import pytest
from numba import njit

import simkit
from simkit import SimkitError
from simkit.core.cards import deck, format, parse
from simkit.games.ochko.policies import BEST

G = None   # bound by _import_game
NO_BURN = {"burn_card": False}


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G
    G = simkit.get_game("ochko")


@njit
def one_card(hand, total, soft, can_halve, params):
    return 1 if hand.shape[0] == 2 else 0


def stack(front, size=36, copies=1):
    """``front`` followed by every other card of the deck (in deck order)."""
    first = list(parse(front))
    rest = list(deck(size, copies))
    for c in first:
        rest.remove(c)
    return np.array(first + rest, np.uint8)


#: the rule tests' play: 1-unit stakes, stand on 17, never halve (so that they do not move
#: with the default policies)
PLAIN = {"stake": "flat", "draw": "threshold:stand=17,halve_at=99"}


def play(front, policies=None, size=36, copies=1, **rules):
    rules.setdefault("punters", 1)
    rules.setdefault("max_rounds", 1)
    if rules.get("deck", 36) != 36 or rules.get("decks", 1) != 1:
        size, copies = rules.get("deck", 36), rules.get("decks", 1)
    log, bank = G.play_fixed(stack(front, size, copies), rules, {**PLAIN, **(policies or {})})
    assert bank["audit_checks"] > 0 and bank["audit_violations"] == 0, bank
    return log, bank


def a(front, policies=None, **rules):
    return play(front, policies, variant="A", **rules)


def b(front, policies=None, **rules):
    return play(front, policies, variant="B", **rules)


def row(log, i=0):
    return log.iloc[i].to_dict()


# -- variant A (003:1-7) ------------------------------------------------------------------

def test_a_banker_natural_takes_every_stake_before_the_punters_look():
    # «если у него сумма очков карт составляет 21, он ... забирает ставки понтеров» (003:1)
    # deal order P1 P2 banker P1 P2 banker: P1 10+8, P2 9+9, banker A+10
    log, _ = a("10S 9H AS 8S 9D 10H", punters=2)
    assert list(log["outcome"]) == ["banker natural", "banker natural"]
    assert list(log["loss"]) == [1, 1] and list(log["punter_cards"]) == [2, 2]


@pytest.mark.parametrize("rule,loss,outcome", [("banker", 1, "both naturals"), ("push", 0, "both naturals")])
def test_a_punter_natural_against_banker_natural(rule, loss, outcome):
    # GAMES.md G19 ambiguity 6: default, the banker's 21 takes every stake
    log, _ = a("AS AH 10S 10H", natural_vs_natural=rule)
    assert row(log)["outcome"] == outcome and row(log)["loss"] == loss


@pytest.mark.parametrize("pays", [2, 3])
def test_a_punter_natural_wins_double(pays):
    # «Тот игрок, у которого окажется на руках комбинация карт с суммой в 21 очко,
    # выигрывает двойную ставку» (003:3)
    kw = {} if pays == 2 else {"natural_pays": pays}
    log, _ = a("AS 10S 10H 7H", **kw)
    r = row(log)
    assert r["outcome"] == "punter natural" and r["loss"] == -pays and r["punter_total"] == 21


def test_a_punter_buys_until_his_threshold_and_busts():
    # punter 10+6 = 16 buys a 9 -> 25, bust; banker 10+7 = 17 stands: punter loses
    log, _ = a("10S 10H 6S 7H 9D")
    r = row(log)
    assert r["outcome"] == "punter bust" and r["loss"] == 1 and r["punter_cards"] == 3 and r["banker_cards"] == 2


def test_a_banker_bust_pays_every_punter_not_bust_double():
    # «Если у банкомета перебор, он должен заплатить понтеру его двойную ставку» (003:6)
    # P1 10+8 = 18 stands, P2 10+6 buys 9 -> bust; banker 10+6 = 16 buys 10 -> 26
    log, _ = a("10S 10H 10D 8S 6H 6D 9C 10C", punters=2)
    assert list(log["outcome"]) == ["banker bust", "both bust"]
    assert list(log["loss"]) == [-2, 0]                    # both bust: «ставка также снимается» (003:7)
    log, _ = a("10S 10H 10D 8S 6H 6D 9C 10C", punters=2, banker_bust_pays=1)
    assert list(log["loss"]) == [-1, 0]


@pytest.mark.parametrize("tie,loss", [("push", 0), ("banker", 1), ("punter", -1)])
def test_a_higher_total_wins_and_equal_totals_follow_the_tie_rule(tie, loss):
    # «Игрок, набравший большее количество очков, чем у банкомета ... объявляется
    # выигравшим» (003:5); «сумма очков у банкомета и игроков одинаковая, ставка снимается» (003:6)
    log, _ = a("10S 10H 9S 8H")                            # punter 19, banker 18
    assert row(log)["outcome"] == "punter higher" and row(log)["loss"] == -1
    log, _ = a("10S 10H 9S 8H", higher_pays=2)
    assert row(log)["loss"] == -2
    log, _ = a("10S 10H 8S 9H")                            # punter 18, banker 19
    assert row(log)["outcome"] == "banker higher" and row(log)["loss"] == 1
    log, _ = a("10S 10H 8S 8H", tie=tie)                   # 18 each
    assert row(log)["outcome"] == "equal totals" and row(log)["loss"] == loss


def test_a_at_most_three_cards_bought():
    # «могут прикупать у банкомета по 1 карте, но не более 3» (003:3): J J = 4, +J +Q +Q = 12
    log, _ = a("JS 10S JH 10H JD QS QH KS")
    r = row(log)
    assert r["punter_cards"] == 5 and r["punter_total"] == 12 and r["outcome"] == "banker higher"
    log, _ = a("JS 10S JH 10H JD QS QH KS", max_draws=1)
    assert row(log)["punter_cards"] == 3


def test_a_banker_buys_last_on_the_same_terms():
    # «Последним на тех же условиях покупает карты банкомет» (003:4): banker J+J buys 3 at most
    log, _ = a("10S JS 7S JH JD QS QH KS", {"banker": "standard:stand=21"})
    r = row(log)
    assert r["punter_cards"] == 2 and r["banker_cards"] == 5 and r["banker_total"] == 12


def test_a_two_plain_aces_are_a_bust_and_a_banker_ace_pair_pays_without_buying():
    # GAMES.md G19 ambiguity 5: A+A = 22. A punter's two aces bust; the banker's two aces
    # bust at once, so no punter buys and each one not bust is paid double
    log, _ = a("AS 10H AH 7H")
    assert row(log)["outcome"] == "punter bust" and row(log)["punter_total"] == 22
    log, _ = a("JS AH QS AD 10H", punters=1)               # punter J+Q = 5 does not buy
    r = row(log)
    assert r["outcome"] == "banker bust" and r["loss"] == -2 and r["punter_cards"] == 2 and r["banker_total"] == 22
    log, _ = a("AS AH AD AC", punters=1)                    # both hold two aces: both bust
    assert row(log)["outcome"] == "both bust" and row(log)["loss"] == 0


@pytest.mark.parametrize("two_aces", ["21", "win"])
def test_a_two_aces_as_a_natural(two_aces):
    log, _ = a("AS 10H AH 7H", two_aces=two_aces)
    assert row(log)["outcome"] == "punter natural" and row(log)["loss"] == -2
    log, _ = a("10S AS 9H AH", two_aces=two_aces)
    assert row(log)["outcome"] == "banker natural" and row(log)["loss"] == 1


def test_a_banker_does_not_buy_when_every_stake_is_settled():
    # the punter's natural is paid at once; the banker (10+6) has no stake left to play for
    log, bank = a("AS 10H 10S 6H")
    assert row(log)["banker_cards"] == 2 and bank["cards_used"] == 4


def test_a_blackjack_values_count_an_ace_as_one_or_eleven():
    # GAMES.md G19 ambiguity 1 (option): A+6 is a soft 17 and stands; A+5 buys a 10 and
    # keeps 16 (the ace now counts 1), then buys again
    log, _ = a("AS 10H 6S 7H", values="blackjack")
    assert row(log)["punter_total"] == 17 and row(log)["punter_cards"] == 2
    log, _ = a("AS 10H 5S 8H 10S 2S", values="blackjack", deck=52)
    r = row(log)
    assert r["punter_cards"] == 4 and r["punter_total"] == 18 and r["banker_total"] == 18
    log, _ = a("KS AH QS 10H", values="blackjack", deck=52)
    assert row(log)["outcome"] == "banker natural"


def test_a_fifty_two_card_decks_count_the_low_pips():
    log, _ = a("2S 10H 3S 9H 4S 5S 6S", deck=52, decks=2)
    r = row(log)
    assert r["punter_cards"] == 5 and r["punter_total"] == 2 + 3 + 4 + 5 + 6


def test_a_bank_ends_when_the_deck_is_played_through():
    # «Банкомет имеет право снять банк ..., если отыграны все карты, находящиеся в колоде»
    # (003:7): one punter who never buys and a banker who never buys use 4 cards a deal
    log, bank = play("", {"draw": "threshold:stand=0", "banker": "standard:stand=0"}, variant="A", max_rounds=0)
    assert bank["rounds"] == 9 and bank["coups"] == 9 and bank["end"] == "deck played through"
    assert bank["cards_used"] == 36 and bank["reshuffles"] == 0
    # a punter who always buys one card and a banker who never buys use 5 cards a deal: the
    # 8th deal runs out after its first card; the used cards no one holds are gathered to
    # finish it, then the bank passes
    log, bank = play("", {"draw": one_card, "banker": "standard:stand=0"}, variant="A", max_rounds=0)
    assert bank["rounds"] == 8 and bank["reshuffles"] == 1 and bank["end"] == "deck played through"
    assert list(log["punter_cards"]) == [3] * 8


def test_a_several_punters_are_dealt_in_turn_and_buy_in_turn():
    # P1 10S+8S=18, P2 9S+7S=16 buys 2 (JD) -> 18, P3 AS+10D natural; banker 10H+9H = 19
    log, _ = a("10S 9S AS 10H 8S 7S 10D 9H JD", punters=3)
    assert list(log["seat"]) == [1, 2, 3]
    assert list(log["punter_total"]) == [18, 18, 21]
    assert list(log["outcome"]) == ["banker higher", "banker higher", "punter natural"]
    assert list(log["loss"]) == [1, 1, -2]


# -- variant B (003:8-17) -----------------------------------------------------------------

def test_b_the_banker_must_make_more_than_the_punter():
    # «Банкомет должен набрать сумму очков, большую, чем у понтера, и если ему это удается,
    # он выигрывает. ... понтер обязан доложить в банк заявленную им ставку» (003:11)
    # P 10, banker 9, burn 2 (JS); P draws 8 -> 18 stands; banker draws 10 -> 19
    log, bank = b("10S 9S JS 8S 10H")
    r = row(log)
    assert r["punter_total"] == 18 and r["banker_total"] == 19 and r["outcome"] == "banker higher"
    assert r["loss"] == 1 and r["bank_after"] == 11 and bank["final_bank"] == 11


def test_b_banker_bust_pays_the_stake_once():
    log, _ = b("10S 9S JS 8S 6H 7H")                       # banker 9+6 = 15 < 18 draws 7 -> 22
    r = row(log)
    assert r["outcome"] == "banker bust" and r["loss"] == -1 and r["bank_after"] == 9


def test_b_a_punter_bust_pays_at_once_and_the_banker_does_not_draw():
    log, _ = b("10S 9S JS 6S 7H 10H")
    r = row(log)
    assert r["outcome"] == "punter bust" and r["loss"] == 1 and r["banker_cards"] == 0 and r["banker_total"] == -1


@pytest.mark.parametrize("tie,loss,banker_cards", [("push", 0, 2), ("banker", 1, 2), ("punter", 1, 3)])
def test_b_equal_totals_under_each_tie_rule(tie, loss, banker_cards):
    # GAMES.md G19 ambiguity 2. P 10+8 = 18; banker 9+9 = 18. With pushes he stands on a tie
    # at 18 (tie_stand 15), with ties his he stands, with ties the punter's he must draw:
    # the next card (JH, 2) makes 20 and he wins
    log, _ = b("10S 9S JS 8S 9H JH", tie=tie)
    r = row(log)
    assert r["banker_cards"] == banker_cards and r["loss"] == loss
    assert r["outcome"] == ("equal totals" if tie != "punter" else "banker higher")


def test_b_banker_draws_at_a_low_tie_under_pushes():
    # P 6+6 = 12 stands (threshold 12); banker 6+6 = 12 ties below tie_stand 15: draws 2 -> 14
    log, _ = b("6S 6H JS 6D 6C JH", {"draw": "threshold:stand=12"})
    r = row(log)
    assert r["banker_total"] == 14 and r["outcome"] == "banker higher"
    log, _ = b("6S 6H JS 6D 6C JH", {"draw": "threshold:stand=12", "banker": "standard:tie_stand=12"})
    assert row(log)["outcome"] == "equal totals"


def test_b_halving_the_stake_before_a_card():
    # «снизить первоначальную заявку ... в 2 раза ... перед тем как взять следующую карту»
    # (003:16): P 10+4 (K) = 14 halves before the next card (3, Q) -> 17; banker 9+9 beats it
    pol = {"draw": "threshold:stand=17,halve_at=14", "stake": "flat:units=3"}
    log, bank = b("10S 9S JS KS QS 9H", pol)
    r = row(log)
    assert r["halved"] == 1 and r["stake"] == 3 and r["loss"] == 1.5 and bank["final_bank"] == 11.5
    log, _ = b("10S 9S JS KS QS 9H", pol, halving=False)
    assert row(log)["halved"] == 0 and row(log)["loss"] == 3


def test_b_burn_card_is_dead():
    # «Из колоды достается нижняя карта и кладется вверх лицевой стороной» (003:9)
    log, _ = b("10S 9S 8S 8H 10H")                        # burn 8S: P draws 8H
    assert row(log)["punter_total"] == 18 and row(log)["banker_total"] == 19
    log, _ = b("10S 9S 8S 8H 10H", **NO_BURN)             # no burn: P draws 8S, banker 8H -> 17 < 18, draws 10
    assert row(log)["punter_total"] == 18 and row(log)["outcome"] == "banker bust"


def test_b_banker_plays_each_punter_with_his_one_card_and_fresh_draws():
    # GAMES.md G19 ambiguity 3 (default): the banker's draws are discarded after each duel.
    # P1 10, P2 10, banker 9, burn JS. Duel 1: P1 +8 = 18, banker +10 = 19.
    # Duel 2: P2 +9 = 19, banker 9 +QS (3) = 12, +7 = 19 tie (stands, 19 >= 15)
    log, _ = b("10S 10H 9S JS 8S 10D 9H QS 7C", punters=2)
    assert list(log["banker_total"]) == [19, 19] and list(log["banker_cards"]) == [2, 3]
    assert list(log["outcome"]) == ["banker higher", "equal totals"]


def test_b_single_banker_hand_against_all_standing_punters():
    # option: one banker hand after every punter. P1 10+8 = 18, P2 10+9 = 19 stand; banker
    # 9 knows both (open): he beats neither, draws 2 -> 11, then 8 -> 19: beats P1, ties P2
    log, _ = b("10S 10H 9S JS 8S 9H JD 8D", punters=2, banker_hand="single")
    assert list(log["banker_total"]) == [19, 19]
    assert list(log["outcome"]) == ["banker higher", "equal totals"]
    assert list(log["banker_cards"]) == [3, 3]


def test_b_single_banker_hand_is_not_drawn_when_every_punter_has_bust():
    log, bank = b("10S 10H 9S JS 6S 7S 6H 7H", punters=2, banker_hand="single")
    assert list(log["outcome"]) == ["punter bust"] * 2 and list(log["banker_cards"]) == [0, 0]
    assert bank["cards_used"] == 8 and bank["final_bank"] == 12


def test_b_hidden_totals_the_banker_stands_on_his_threshold():
    # option: hidden totals. P 10+9 = 19; banker 9+8 = 17 stands on 17 without knowing
    log, _ = b("10S 9S JS 9H 8H", info="hidden")
    assert row(log)["banker_total"] == 17 and row(log)["outcome"] == "punter higher" and row(log)["loss"] == -1
    log, _ = b("10S 9S JS 9H 8H")                         # open: he draws on 17 against 19
    assert row(log)["banker_cards"] == 3


@pytest.mark.parametrize("two_aces,outcome,loss", [("plain", "punter bust", 1), ("21", "equal totals", 0),
                                                    ("win", "punter golden ochko", -1)])
def test_b_two_aces(two_aces, outcome, loss):
    # P A then A; banker 10, +A -> 21 (equal totals under "21")
    log, _ = b("AS 10S JS AH AD", two_aces=two_aces)
    assert row(log)["outcome"] == outcome and row(log)["loss"] == loss


def test_b_banker_golden_ochko():
    log, _ = b("10S AS JS 9S AH", two_aces="win")
    assert row(log)["outcome"] == "banker golden ochko" and row(log)["loss"] == 1


def test_b_stakes_are_any_part_of_the_bank():
    # «он может сказать банкомету, что рассчитывает на 500 рублей» (003:11): a built-in
    # stake larger than the bank claims the whole bank
    log, _ = b("10S 9S JS 8S 10H", {"stake": "flat:units=50"})
    assert row(log)["stake"] == 10 and row(log)["bank_after"] == 20
    log, _ = b("10S 9S JS 8S 10H", {"stake": "bank-fraction:fraction=0.35"})
    assert row(log)["stake"] == 3
    log, _ = b("AS 9S JS 8S 10H", {"stake": "card-aware:low=1,high=4,at=11"})
    assert row(log)["stake"] == 4
    log, _ = b("10S 9S JS 8S 10H", {"stake": "card-aware:low=1,high=4,at=11"})
    assert row(log)["stake"] == 1


def test_the_defaults_claim_half_the_bank_and_halve_at_twelve():
    # the seed's punter claims half the bank (500 of 1000, 003:11): 5 of a bank of 10; the
    # best reply to the default banker halves before a card at 12 or more (BEST)
    pols = G.resolve_policies(None)
    assert pols["stake"].describe() == "bank-fraction:fraction=0.5"
    assert (pols["draw"].params["stand"], pols["draw"].params["halve_at"]) == BEST[("B", "push")]
    log, _ = G.play_fixed(stack("10S 9S JS JH 8H"), {"punters": 1, "max_rounds": 1})
    r = row(log)                              # 10 + J (2) = 12: halve 5, draw 8 -> 20; banker 9
    assert r["stake"] == 5 and r["halved"] and r["punter_total"] == 20
    # variant A has no bank: the default policy stakes 1 unit
    res = simkit.simulate("ochko", 300, seed=3, rules={"variant": "A"}, progress=False)
    assert res.metrics["mean_stake"]["value"] == 1


def test_b_bank_survival_is_a_question_at_the_defaults():
    # with the default stakes banks are broken and tripled («стук»), not only played through
    res = simkit.simulate("ochko", 4000, seed=5, progress=False)
    ends = res.tables["bank_ends"].set_index("end")["count"]
    assert ends["broken (bank empty)"] > 0 and ends["knock (bank multiplied)"] > 0
    for k in ("p_broken", "p_tripled"):
        m = res.metrics[k]
        assert m["value"] > 3 * m["stderr"] > 0


def test_b_an_empty_bank_ends_the_round_and_passes():
    # «Когда в банке не остается денег, первый раунд заканчивается» (003:13): bank 2, P1
    # claims it all and wins; P2 never plays
    log, bank = b("10S 10H 9S JS 9D 6D 7D", {"stake": "flat:units=2"}, punters=2, bank=2)
    assert len(log) == 1 and row(log)["outcome"] == "banker bust" and row(log)["bank_after"] == 0
    assert bank["end"] == "broken (bank empty)" and bank["banker_net"] == -2


def test_b_a_tripled_bank_is_played_to_the_last_punter_then_knocked():
    # «несмотря на утроение ставки в банке, игра продолжается до последнего игрока, у
    # которого имеется на руках карта ... он объявляет «стук»» (003:14). Bank 1, three
    # punters bust with stakes 1: the bank triples after the second, the third still plays
    log, bank = b("10S 10H 10D 9S JS 6S 7S 6H 7H 6D 7D", punters=3, bank=1, max_rounds=0)
    assert list(log["outcome"]) == ["punter bust"] * 3 and list(log["bank_after"]) == [2, 3, 4]
    assert bank["end"] == "knock (bank multiplied)" and bank["rounds"] == 1 and bank["final_bank"] == 4


def test_b_further_rounds_then_the_bank_passes_when_the_deck_is_played_through():
    # «Во время игры банкомет сдает карты по второму или третьему заходу» (003:15)
    _, bank = play("", None, variant="B", max_rounds=0, punters=3)
    assert bank["rounds"] >= 2 and bank["end"] == "deck played through" and bank["reshuffles"] == 1
    _, bank = play("", None, variant="B", max_rounds=2, punters=1)
    assert bank["rounds"] == 2 and bank["end"] == "round limit" and bank["reshuffles"] == 0


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rules,match", [
    ({"variant": "C"}, "variant='C' is not allowed; allowed: A, B"),
    ({"punters": 9}, "punters=9 is not allowed"),
    ({"variant": "A", "punters": 7}, r"punters=7 cannot all hold 5 cards from 36 cards .* allowed: 1..6"),
    ({"variant": "A", "bank": 20}, "bank=20 has no effect in variant A"),
    ({"halving": False, "variant": "A"}, "halving=False has no effect in variant A"),
    ({"natural_pays": 3}, "natural_pays=3 has no effect in variant B"),
    ({"variant": "A", "deck_end": "reshuffle"}, "never ends a bank"),
    ({"tie": "draw"}, "tie='draw' is not allowed; allowed: push, banker, punter"),
    ({"decks": 3}, "decks=3 is not allowed"),
])
def test_bad_rules_are_refused_naming_the_value(rules, match):
    with pytest.raises(SimkitError, match=match):
        G.Rules.build(rules)


@pytest.mark.parametrize("rules,policies,match", [
    ({}, "flat:units=0", r"units=0.0 is not allowed"),
    ({}, "flat:units=1.5", r"units=1.5 is not allowed"),
    ({}, "bank-fraction:fraction=1.5", r"fraction=1.5 is not allowed; allowed: a finite number in \[0, 1\]"),
    ({"variant": "A"}, "bank-fraction:fraction=0.3", "fraction=0.3 needs variant B"),
    ({}, "threshold:stand=150", r"stand=150.0 is not allowed"),
    ({}, "threshold:hold=3", "has no parameter hold"),
    ({"punters": 2}, "best", "'best' draw policy is known only"),
    ({}, {"banker": "threshold"}, "unknown banker policy 'threshold'"),
])
def test_bad_policies_are_refused(rules, policies, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("ochko", 10, rules=rules, policies=policies, progress=False)


def test_deck_strings_round_trip_in_the_helper():
    assert format(stack("AS 10H")[:2]) == "AS 10H" and len(stack("")) == 36
