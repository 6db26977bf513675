"""Oh Hell: hand-built deals for every rule path, exact values by combinatorics, policies,
errors and the report contract (seed 000 lines 311-329, 001 lines 1-36)."""
import json
from math import comb

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.tricks import S_CARDS, lowest_card_nb, popcount_nb
from simkit.errors import IllegalMoveError, SimkitError

GAME = nb = SEED_DEALS = None   # bound by _import_game
RNG = np.random.default_rng(20261129)


# -- user policies (also the documented user-function test), compiled by _import_game ------
def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def play_any_card(hand, legal, state, params):
    """Ignores the suit led: the highest card held (illegal when it does not follow)."""
    c = -1
    m = hand
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
    return c


def bid_aces(hand, state, params):
    """As many tricks as aces held (bit codes 48..51 are the aces)."""
    return popcount_nb(hand & (np.int64(15) << 48))


def bid_make_total(hand, state, params):
    """The dealer tries to make the total equal the cards (illegal under the hook rule)."""
    k = state[S_CARDS]
    need = k - state[nb.S_BID_SUM]
    return need if 0 <= need <= k else 0


def bid_too_many(hand, state, params):
    return state[S_CARDS] + 1


def bid_all(hand, state, params):
    return state[S_CARDS]


def bid_nothing(hand, state, params):
    return 0


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its
    kernels), and compiles the user policies above with the documented signatures."""
    global GAME, nb, SEED_DEALS, play_lowest, play_any_card, bid_aces, bid_make_total, bid_too_many, bid_all, \
        bid_nothing
    from simkit.games.oh_hell import GAME, nb
    from simkit.games.oh_hell.rules import SEED_DEALS
    play_lowest, play_any_card = (njit(nb.PLAY_SIG, cache=True)(f) for f in (play_lowest, play_any_card))
    bid_aces, bid_make_total, bid_too_many, bid_all, bid_nothing = (
        njit(nb.BID_SIG, cache=True)(f) for f in (bid_aces, bid_make_total, bid_too_many, bid_all, bid_nothing))


# -- an independent reference for one deal ---------------------------------------------------
def reference_deal(order, players, k, dealer, trump, bids):
    """Deal one at a time from the dealer's left, play the lowest legal code, follow
    suit, highest trump else highest of the suit led wins, winner leads."""
    hands = [[] for _ in range(players)]
    for i in range(players * k):
        hands[(dealer + 1 + i) % players].append(int(order[i]))
    leader, won = (dealer + 1) % players, [0] * players
    for _ in range(k):
        trick, seat = [], leader
        for _ in range(players):
            h = hands[seat]
            legal = [c for c in h if trick and c % 4 == trick[0][1] % 4] or h
            c = min(legal)
            h.remove(c)
            trick.append((seat, c))
            seat = (seat + 1) % players
        led = trick[0][1] % 4
        leader = max(trick, key=lambda sc: (2 if sc[1] % 4 == trump else 1 if sc[1] % 4 == led else 0,
                                            sc[1] // 4 if sc[1] % 4 in (trump, led) else 0))[0]
        won[leader] += 1
    return won


def points(bid, tricks, k, zero_bid="ten"):
    if bid != tricks:
        return 0
    if bid == 0:
        return 5 + k if zero_bid == "five_plus_cards" else 10
    return 10 + bid


# -- rules ---------------------------------------------------------------------------------
def test_rules_defaults_and_deal_counts():
    r = GAME.Rules()
    assert (r.players, r.n_deals, r.cards, r.hook, r.zero_bid) == (4, 13, 0, False, "ten")
    assert {p: GAME.Rules.build({"players": p}).n_deals for p in range(3, 8)} == SEED_DEALS
    assert GAME.Rules.build({"players": 5, "deals": 6}).n_deals == 6
    assert GAME.Rules.build({"cards": "7"}).single_deal


@pytest.mark.parametrize("bad, match", [
    ({"players": 8}, "players=8"), ({"players": 2}, "players=2"),
    ({"players": 4, "deals": 14}, "deals=14"), ({"players": 6, "cards": 9}, "cards=9"),
    ({"players": 5, "deals": 4, "cards": 5}, "cards=5"), ({"first_dealer": 3, "players": 3}, "first_dealer=3"),
    ({"zero_bid": "five"}, "zero_bid"), ({"ties": "split"}, "ties"), ({"hook": "maybe"}, "hook"),
])
def test_bad_rules_name_the_value(bad, match):
    with pytest.raises(SimkitError, match=match):
        GAME.Rules.build(bad)


# -- hand-built deals --------------------------------------------------------------------------
def test_deal_order_and_turned_trump():
    """Cards go one at a time from the dealer's left; the next card is turned (000:317)."""
    order = "2S 3S 4S 5S 2H 3H 4H 5H KD AC"
    out = GAME.play_deal(order, rules={"players": 4}, deal_no=2, dealer=0,
                         policies={"bid": bid_aces, "play": play_lowest})
    assert out["hands"] == ["5S 5H", "2S 2H", "3S 3H", "4S 4H"]
    assert out["turnup"] == "KD" and out["trump"] == "diamonds"
    assert sum(out["tricks"]) == 2
    out = GAME.play_deal(order, rules={"players": 4}, deal_no=2, dealer=2,
                         policies={"bid": bid_aces, "play": play_lowest})
    assert out["hands"] == ["3S 3H", "4S 4H", "5S 5H", "2S 2H"]


def test_last_deal_is_played_without_trump():
    order = "AS 2H 3H 4H 5C"                         # 4 players, 1 card each; 5C would be turned
    pol = {"bid": bid_aces, "play": play_lowest}
    turned = GAME.play_deal(order, rules={"players": 4, "deals": 2}, deal_no=1, policies=pol)
    assert turned["trump"] == "clubs" and turned["turnup"] == "5C"
    last = GAME.play_deal(order, rules={"players": 4, "deals": 1}, deal_no=1, policies=pol)
    assert last["trump"] == "no trump" and last["turnup"] is None
    assert last["tricks"] == [0, 1, 0, 0]           # seat 1 leads the ace of spades
    kept = GAME.play_deal(order, rules={"players": 4, "deals": 1, "last_deal_no_trump": False}, deal_no=1,
                          policies=pol)
    assert kept["trump"] == "clubs"
    full = GAME.play_deal(list(range(52)), rules={"players": 4, "last_deal_no_trump": False}, deal_no=13,
                          policies=pol)
    assert full["trump"] == "no trump"              # 52 cards dealt: nothing left to turn


def test_trump_beats_the_suit_led_and_winner_leads():
    # 3 players, dealer 0: seat 1 gets AS KH, seat 2 gets 2S QH, seat 0 gets 3C 4C; turn-up 9C: clubs trump
    out = GAME.play_deal("AS 2S 3C KH QH 4C 9C", rules={"players": 3}, deal_no=2, dealer=0,
                         policies={"bid": bid_aces, "play": play_lowest})
    assert out["trump"] == "clubs"
    # trick 1: seat 1 leads KH (lowest code), seat 2 follows QH, seat 0 trumps 3C -> seat 0
    # trick 2: seat 0 leads 4C, seat 1 AS, seat 2 2S -> seat 0 (the trump)
    assert out["tricks"] == [2, 0, 0]
    assert out["bids"] == [0, 1, 0]
    assert out["points"] == [0, 0, 0 + 10]          # seat 2 bid 0 and took none


def test_play_matches_an_independent_reference():
    pol = {"bid": bid_aces, "play": play_lowest}
    for _ in range(150):
        players = int(RNG.integers(3, 8))
        rules = {"players": players}
        k = int(RNG.integers(1, SEED_DEALS[players] + 1))
        dealer = int(RNG.integers(0, players))
        order = RNG.permutation(52)
        out = GAME.play_deal(order, rules=rules, deal_no=k, dealer=dealer, policies=pol)
        last = k == SEED_DEALS[players] or players * k >= 52
        trump = -1 if last else int(order[players * k]) % 4
        assert out["tricks"] == reference_deal(order, players, k, dealer, trump, out["bids"])
        assert sum(out["tricks"]) == k


def test_scoring_exact_bid_and_zero_bid_variant():
    pol = {"bid": bid_aces, "play": play_lowest}
    order = "AS 2H 3H 4H 5C"                         # seat 1 holds the ace: bids 1 and takes 1
    for zero, value in (("ten", 10), ("five_plus_cards", 5 + 1)):
        out = GAME.play_deal(order, rules={"players": 4, "deals": 1, "zero_bid": zero}, deal_no=1, policies=pol)
        assert out["bids"] == [0, 1, 0, 0] and out["tricks"] == [0, 1, 0, 0]
        assert out["points"] == [value, 11, value, value]
    order = "2S AS 3H 4H 5C"                         # seat 1 bids 0 but its 2S is beaten: 0 = made; seat 2 bids 1
    out = GAME.play_deal(order, rules={"players": 4, "deals": 1}, deal_no=1, policies=pol)
    assert out["tricks"] == [0, 0, 1, 0] and out["points"] == [10, 10, 11, 10]
    order = "AS 2S 3S 4S 5C"                         # a missed bid scores nothing
    out = GAME.play_deal(order, rules={"players": 4, "deals": 2}, deal_no=1,
                         policies={"bid": "random", "play": play_lowest}, seed=3)
    for b, t, p in zip(out["bids"], out["tricks"], out["points"]):
        assert p == points(b, t, 1)


def test_hook_rule_forbids_the_balancing_bid():
    pol = {"bid": bid_make_total, "play": play_lowest}
    order = "AS 2S 3S 4S 5S 6S 7S 8S 9H"
    out = GAME.play_deal(order, rules={"players": 4}, deal_no=2, policies=pol)
    assert sum(out["bids"]) == 2                    # without the hook the dealer may balance the table
    with pytest.raises(IllegalMoveError, match=r"user:bid_make_total.*except .* \(hook rule\)"):
        GAME.play_deal(order, rules={"players": 4, "hook": True}, deal_no=2, policies=pol)


def test_illegal_moves_name_the_policy_and_the_situation():
    # seat 1 leads KS (its highest code); seat 2 holds 2S 3S AH and must follow with a spade
    order = "KS 2S 6D 7D 4D 3S 8D 9D 5D AH 10D JD 2C"
    with pytest.raises(IllegalMoveError, match=r"user:play_any_card.* returned illegal move 49 .*seat 2 following "
                                               r"a lead of KS holding 2S 3S AH; legal cards: 2S 3S"):
        GAME.play_deal(order, rules={"players": 4}, deal_no=3, policies={"bid": bid_aces, "play": play_any_card})
    with pytest.raises(IllegalMoveError, match=r"user:bid_too_many.* returned illegal move 4 .*0\.\.3"):
        GAME.play_deal(order, rules={"players": 4}, deal_no=3, policies={"bid": bid_too_many, "play": "random"})
    with pytest.raises(IllegalMoveError, match=r"unit \d+, deal 3 of 3 cards"):
        simkit.simulate("oh-hell", 20, rules={"cards": 3}, policies={"play": play_any_card}, progress=False)


def test_play_deal_refuses_bad_input():
    with pytest.raises(SimkitError, match="distinct"):
        GAME.play_deal("AS AS 2H 3H 4H", rules={"players": 4}, deal_no=1)
    with pytest.raises(SimkitError, match="deal_no=14"):
        GAME.play_deal(list(range(52)), deal_no=14)
    with pytest.raises(SimkitError, match="dealer=5"):
        GAME.play_deal(list(range(52)), deal_no=1, dealer=5)
    # a deal with a trump needs the turned card after the hands: no silent no-trump deal
    with pytest.raises(SimkitError, match="at least 9 distinct"):
        GAME.play_deal("AS 2S 3S 4S 5S 6S 7S 8S", rules={"players": 4}, deal_no=2)
    out = GAME.play_deal("AS 2S 3S 4S 5S 6S 7S 8S", rules={"players": 4, "deals": 2}, deal_no=2)
    assert out["trump"] == "no trump" and out["turnup"] is None


# -- policies on hand-built deals -----------------------------------------------------------------
def test_heuristic_play_wins_then_ducks():
    # 3 players, 3 cards, no trump (deals=3: the last deal); seat 1 leads. Bids = aces held.
    # seat 1: AS KS 2H (bid 1), seat 2: 2S 3S 3H (bid 0), seat 0: 4S AH 4H (bid 1).
    order = "AS 2S 4S KS 3S AH 2H 3H 4H"
    out = GAME.play_deal(order, rules={"players": 3, "deals": 3}, deal_no=3,
                         policies={"bid": bid_aces, "play": "heuristic"})
    assert out["trump"] == "no trump" and out["bids"] == [1, 1, 0]
    # trick 1: seat 1 needs a trick and leads its cheaper sure card KS; seat 2 (bid 0) ducks
    #   with its higher loser 3S; seat 0 follows 4S. Seat 1 has its trick.
    # trick 2: seat 1 (bid made) leads its weakest card 2H; seat 2 must play 3H; seat 0, last
    #   and short of its bid, wins with its cheapest winner 4H.
    # trick 3: seat 0 leads AH and takes a trick it does not want; seat 1 AS, seat 2 2S.
    assert out["tricks"] == [2, 1, 0]
    assert out["points"] == [0, 11, 10]
    low = GAME.play_deal(order, rules={"players": 3, "deals": 3}, deal_no=3,
                         policies={"bid": bid_aces, "play": play_lowest})
    assert low["tricks"] != out["tricks"]


def test_heuristic_bids_trump_ace_and_passes_a_low_card():
    rules = {"players": 4}
    # seat 1 gets the ace of the turned suit (hearts), the others low cards
    out = GAME.play_deal("AH 2S 3S 4S 5H", rules=rules, deal_no=1,
                         policies={"bid": "heuristic:norm=0", "play": "random"})
    assert out["bids"][1] == 1 and out["bids"][2] == 0
    out = GAME.play_deal("AH 2S 3S 4S 5H", rules=rules, deal_no=1, policies={"bid": "simulation", "play": "random"})
    assert out["bids"][1] == 1 and out["bids"][2] == 0


OLD_BID = "heuristic:trump=0,table=0"       # the heuristic bidder before the trump and table terms


def test_heuristic_bid_counts_long_trumps():
    # 4 players, 4 cards, hearts turned (9H). Seat 1 (first to bid): 2H 3H 4H 5H, four low trumps
    # against a mean of 4 x 12/51 = 0.94: + 0.5 x 3.06 over the card-by-card strength, which
    # counts a low trump for little. Seat 2: AS KS QS JS, no trump: - 0.5 x 0.94.
    order = "2H AS 3S 4S 3H KS 5S 6S 4H QS 7S 8S 5H JS 9S TS 9H"
    old = GAME.play_deal(order, rules={"players": 4}, deal_no=4, policies={"bid": OLD_BID, "play": "random"})
    new = GAME.play_deal(order, rules={"players": 4}, deal_no=4,
                         policies={"bid": "heuristic:table=0", "play": "random"})
    assert old["trump"] == new["trump"] == "hearts"
    assert old["bids"][1] == 1 and new["bids"][1] == 3
    assert old["bids"][2] == 1 and new["bids"][2] == 0
    # the term is off without trump (the game's last deal) and with trump=0
    nt = GAME.play_deal(order[:-3], rules={"players": 4, "deals": 4}, deal_no=4,
                        policies={"bid": "heuristic:table=0", "play": "random"})
    assert nt["trump"] == "no trump"
    assert nt["bids"] == GAME.play_deal(order[:-3], rules={"players": 4, "deals": 4}, deal_no=4,
                                        policies={"bid": OLD_BID, "play": "random"})["bids"]


def test_heuristic_bid_reads_the_table():
    # the dealer (seat 0: AD KD 6H 4C, hearts trump) bids last; the others bid all 4 tricks, then
    # none: with table=0.2 his value moves by 0.2 x (12 - 3) down, then 0.2 x 3 up; with table=0
    # (and trump=0) he bids 1 at either table
    order = "2H AS 3S AD 3H KS 5S KD 4H QS 7S 6H 5H JS 9S 4C 9H"
    bids = {}
    for name, other in (("all", bid_all), ("none", bid_nothing)):
        for pol in ("heuristic", OLD_BID):
            out = GAME.play_deal(order, rules={"players": 4}, deal_no=4,
                                 policies={"bid": [pol, other, other, other], "play": "random"})
            bids[name, pol] = out["bids"][0]
    assert bids["all", OLD_BID] == bids["none", OLD_BID] == 1
    assert bids["all", "heuristic"] == 0 and bids["none", "heuristic"] == 2


@pytest.mark.parametrize("spec, match", [("heuristic:trump=6", r"trump=6.0 is not allowed; allowed: .*\[-5, 5\]"),
                                         ("heuristic:table=-7", r"table=-7.0 is not allowed; allowed: .*\[-5, 5\]")])
def test_heuristic_bid_parameters_out_of_range(spec, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("oh-hell", 2, policies={"bid": spec})


def test_seed_advice_bids_one_under_on_long_hands():
    rules = {"players": 4}
    for _ in range(20):
        order = RNG.permutation(52)
        h = GAME.play_deal(order, rules=rules, deal_no=6,
                          policies={"bid": "heuristic:norm=1,bias=0,trump=0,table=0", "play": "random"})
        a = GAME.play_deal(order, rules=rules, deal_no=6, policies={"bid": "seed-advice", "play": "random"})
        for seat in range(3):                       # the three seats before the dealer (seat 0)
            s = (seat + 1) % 4
            assert a["bids"][s] == max(0, h["bids"][s] - 1)
        short = GAME.play_deal(order, rules=rules, deal_no=3, policies={"bid": "seed-advice", "play": "random"})
        heur = GAME.play_deal(order, rules=rules, deal_no=3,
                             policies={"bid": "heuristic:bias=0,trump=0,table=0", "play": "random"})
        assert short["bids"][1:] == heur["bids"][1:]  # under 4 cards: the hand's value


# -- exact values by combinatorics -------------------------------------------------------------------
def p_leader_wins_one_card(players, trump):
    """P(the leader's single card takes the trick): the other players' cards are drawn from
    the 50 (or 51 without a turn-up) cards left; count the cards that would beat it."""
    total = 0.0
    cases = 0
    for c in range(52):
        r, s = divmod(c, 4)
        if not trump:
            beat = 12 - r
            total += comb(51 - beat, players - 1) / comb(51, players - 1)
            cases += 1
            continue
        for u in range(52):
            if u == c:
                continue
            t = u % 4
            if s == t:
                beat = 12 - r - (1 if u // 4 > r else 0)
            else:
                beat = 12 + (12 - r)                 # every trump but the turn-up, and higher cards of the suit
            total += comb(50 - beat, players - 1) / comb(50, players - 1)
            cases += 1
    return total / cases


@pytest.mark.parametrize("players, deals, trump", [(4, 13, True), (4, 1, False), (3, 15, True)])
def test_one_card_deals_leader_wins_exact(players, deals, trump):
    n = 60_000
    res = simkit.simulate("oh-hell", n, rules={"players": players, "deals": deals, "cards": 1}, policies="random",
                          seed=5, progress=False)
    t = res.tables["tricks"]
    leader = 1                                       # dealer = seat 0 for every single deal
    k = int(t[(t.seat == leader) & (t.cards == 1) & (t.tricks == 1)]["count"].iloc[0])
    p = p_leader_wins_one_card(players, trump)
    se = np.sqrt(p * (1 - p) / n)
    assert abs(k / n - p) < 4 * se, (k / n, p)


def test_random_bids_table_balance_exact_and_hook():
    players, k, n = 3, 5, 30_000
    res = simkit.simulate("oh-hell", n, rules={"players": players, "cards": k}, policies="random", seed=9,
                          progress=False)
    ways = sum(1 for a in range(k + 1) for b in range(k + 1) for c in range(k + 1) if a + b + c == k)
    p = ways / (k + 1) ** 3
    e = res.metrics["table_equal_rate"]
    assert abs(e["value"] - p) < 4 * np.sqrt(p * (1 - p) / n)
    hooked = simkit.simulate("oh-hell", n, rules={"players": players, "cards": k, "hook": True},
                             policies="random", seed=9, progress=False)
    assert hooked.metrics["table_equal_rate"]["value"] == 0.0
    p_active = sum(1 for a in range(k + 1) for b in range(k + 1) if a + b <= k) / (k + 1) ** 2
    act = hooked.metrics["hook_active_rate"]["value"]
    assert abs(act - p_active) < 4 * np.sqrt(p_active * (1 - p_active) / n)
    # with the hook the dealer's random bid is uniform over the k allowed values when one is forbidden
    by_pos = hooked.tables["accuracy_by_position"]
    assert list(by_pos["dealer"]) == [False, False, True]


def test_tricks_per_deal_sum_to_the_cards_and_win_rates_sum_to_one():
    res = simkit.simulate("oh-hell", 300, rules={"players": 3, "deals": 5}, seed=2, progress=False)
    t = res.tables["tricks"]
    for k in range(1, 6):
        part = t[t.cards == k]
        assert (part.tricks * part["count"]).sum() == k * 300
        assert part["count"].sum() == 3 * 300
    wins = sum(res.metrics[f"win_rate.seat{s}"]["value"] for s in range(3))
    assert wins == pytest.approx(1.0, abs=1e-12)
    allwin = simkit.simulate("oh-hell", 300, rules={"players": 3, "deals": 5, "ties": "all"}, seed=2, progress=False)
    assert sum(allwin.metrics[f"win_rate.seat{s}"]["value"] for s in range(3)) >= 1.0
    bids = res.tables["bids"]
    acc = bids[bids.bid == bids.tricks]["count"].sum() / bids["count"].sum()
    assert acc == pytest.approx(res.metrics["bid_accuracy"]["value"])


# -- policies: per seat, names, the command line --------------------------------------------------------
def test_per_seat_policies_and_policy_tables():
    pols = {"bid": "random|heuristic|random|simulation:samples=2", "play": ["random", "heuristic", "heuristic",
                                                                             "random"]}
    res = simkit.simulate("oh-hell", 40, rules={"deals": 3}, policies=pols, seed=1, progress=False)
    by = res.tables["accuracy_by_policy"]
    assert by["seats"].sum() == 4 and len(by) == 4
    assert res.tables["games_by_policy"]["seats"].sum() == 4
    assert res.meta()["policies"]["bid"][3] == "simulation:honor=0.5,norm=1,samples=2,trump_low=0.25,window=1"
    with pytest.raises(SimkitError, match="3 bid policies given for 4 players"):
        simkit.simulate("oh-hell", 5, policies={"bid": ["random"] * 3}, progress=False)
    with pytest.raises(SimkitError, match="unknown bid policy 'best'"):
        simkit.simulate("oh-hell", 5, policies={"bid": "best|random|random|random"}, progress=False)


def test_random_names_both_roles():
    p = GAME.resolve_policies("random")
    assert p["bid"].name == "random" and p["play"].name == "random"
    p = GAME.resolve_policies(["random"])
    assert p["bid"].name == "random" and p["play"].name == "random"


def test_command_line_single_deals_json(capsys):
    from simkit.cli import main

    assert main(["run", "oh-hell", "--hands", "400", "--rule", "players=3", "--rule", "cards=5",
                 "--policy", "random", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"]["cards"] == 5 and out["policies"] == {"bid": "random", "play": "random"}
    assert out["unit"] == "deal" and out["units"] == 400
    tricks = out["tables"]["tricks"]
    assert {r["cards"] for r in tricks} == {5} and {r["seat"] for r in tricks} == {0, 1, 2}
    assert sum(r["count"] for r in tricks) == 3 * 400
    assert sum(r["tricks"] * r["count"] for r in tricks) == 5 * 400
    joint = out["tables"]["bids"]
    assert set(joint[0]) >= {"bid", "tricks", "count"} and sum(r["count"] for r in joint) == 3 * 400
    assert out["metrics"]["bid_accuracy"]["n"] == 3 * 400


def test_a_user_function_given_more_parameters_than_its_role_passes_is_refused():
    extra = {f"p{i}": float(i) for i in range(nb.N_PLAY_PARAMS + 1)}
    pol = simkit.Policy("user:play_lowest", fn=play_lowest, **extra)
    with pytest.raises(SimkitError, match=r"given \d+ parameters; this role passes at most"):
        simkit.simulate("oh-hell", 10, rules={"cards": 3}, policies={"play": pol}, progress=False)


def test_deal_strength_scale_once_equals_strength_per_hand():
    """The simulation bidder and the heuristic bidders of a deal compute the strength scale
    once (strength_factor_nb); each hand's value is strength_nb's, bit for bit."""
    from simkit.core import tricks as T
    tables = T.standard_tables(52)
    for players, k, trump, norm in ((4, 5, 2, 1.0), (3, 13, 0, 0.7), (5, 1, 3, 2.0), (4, 13, -1, 1.0), (4, 6, 1, 0.0)):
        order = RNG.permutation(52)
        hands = np.zeros(8, np.int64)
        turnup = T.deal_round_nb(order.astype(np.uint8), players, k, 0, hands)
        state = np.zeros(T.S_SIZE, np.int64)
        T.start_deal_nb(state, tables, trump if trump >= 0 else T.NO_TRUMP, players, k, 0, 1,
                        turnup if trump >= 0 else -1, k)
        tt = tables[state[T.S_TABLE]]
        factor = T.strength_factor_nb(state, tt, 0.5, 0.25, norm)
        for seat in range(players):
            assert T.scaled_strength_nb(hands[seat], state, tt, 0.5, 0.25, factor) == \
                T.strength_nb(hands[seat], state, tt, 0.5, 0.25, norm)


def _lead(hand, bid, trump, cards, **kw):
    """The heuristic's lead for seat 1 (bidding ``bid``, none taken yet) holding ``hand``."""
    from simkit.core import tricks as T
    from simkit.core.cards import format as fmt
    tables = T.standard_tables(52)
    state = np.zeros(T.S_SIZE, np.int64)
    T.start_deal_nb(state, tables, T.NO_TRUMP if trump < 0 else trump, 4, cards, 0, 1, -1, cards)
    state[T.S_BID + 1] = bid
    h = T.mask_of(hand)
    p = dict(zip(("spoil", "cheap", "urgency", "lead_high", "lead_short"), nb.OLD_PLAY))
    p.update(kw)
    q = np.zeros(nb.N_PLAY_PARAMS)
    for name, slot in (("spoil", nb.Q_SPOIL), ("cheap", nb.Q_CHEAP), ("urgency", nb.Q_URGENCY),
                       ("lead_high", nb.Q_LEAD_HIGH), ("lead_short", nb.Q_LEAD_SHORT)):
        q[slot] = p[name]
    c = nb.heuristic_play_nb(1, h, h, state, state[T.S_TRICK:T.S_TRICK + 8], tables[state[T.S_TABLE]], q)
    return fmt([c])


def test_heuristic_play_leads_its_shortest_plain_suit_when_short_of_the_bid():
    # hearts trump (suit code 1); seat 1 bid 2 and holds 2H, 9S (a singleton spade), 3C 4C, no sure card:
    # the old play leads its weakest card (a plain one); lead_short leads the singleton to ruff spades later
    hearts = 1
    assert _lead("2H 9S 3C 4C", 2, hearts, 4) == "3C"
    assert _lead("2H 9S 3C 4C", 2, hearts, 4, lead_short=1) == "9S"
    # a sure card is still led first, and without a trump in hand (or at no trump) nothing changes
    assert _lead("2H 9S 3C AC", 2, hearts, 4, lead_short=1) == "AC"
    assert _lead("5D 9S 3C 4C", 2, hearts, 4, lead_short=1) == _lead("5D 9S 3C 4C", 2, hearts, 4) == "3C"
    assert _lead("2H 9S 3C 4C", 2, -1, 4, lead_short=1) == _lead("2H 9S 3C 4C", 2, -1, 4) == "2H"
    # not short of the bid (bid made): the weakest card either way
    assert _lead("2H 9S 3C 4C", 0, hearts, 4, lead_short=1) == "3C"
    # the default play is lead_short=1; the simulation bidder's play-outs keep the old play
    assert GAME.resolve_policies(None)["play"].params["lead_short"] == 1
    assert nb.OLD_PLAY[nb.Q_LEAD_SHORT] == 0


@pytest.mark.parametrize("name", ["spoil", "cheap", "urgency", "lead_high", "lead_short"])
def test_heuristic_play_parameters_out_of_range(name):
    with pytest.raises(SimkitError, match=rf"{name}=1.5 is not allowed; allowed: .*\[0, 1\]"):
        simkit.simulate("oh-hell", 2, policies={"play": f"heuristic:{name}=1.5"})
