"""Five-card draw poker (G02, seed 000 lines 47-77): every rule path on hand-built deals
(the kernel's own fixed-order mode), the draw table, statistics against combinatorics,
user policies, illegal moves and bad input."""
from math import comb

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.stats import moment_sums
from simkit import IllegalMoveError, SimkitError
from simkit.core.cards import parse

G = CATEGORIES = evaluate = game_deck = nb = config = PokerRules = COUNTS = None   # bound by _import_game
CALL = {"bet": "call-down", "draw": "stand-pat"}


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global G, CATEGORIES, evaluate, game_deck, nb, config, PokerRules, COUNTS
    from simkit.games.poker import CATEGORIES, evaluate, game_deck, nb
    from simkit.games.poker.evaluator import config
    from simkit.games.poker.rules import PokerRules
    from simkit.games.poker.validation import COUNTS
    G = simkit.get_game("poker")


def order_for(hands, stock="", rules=None):
    """A whole-deck order dealing ``hands`` (seat 0 first) and then ``stock`` on top of the
    remaining cards (in canonical order)."""
    r = PokerRules.build(rules)
    n = len(hands)
    seq = [0] * (5 * n)
    for s, h in enumerate(hands):
        for j, c in enumerate(parse(h)):
            seq[j * n + s] = int(c)
    seq += [int(c) for c in parse(stock)] if stock else []
    rest = [int(c) for c in game_deck(r)]
    for c in seq:
        rest.remove(c)
    return np.array(seq + rest, np.uint8)


def play(hands, rules=None, policies=CALL, stock="", **kw):
    rules = dict(rules or {}, players=len(hands))
    return G.play_deal(order_for(hands, stock, rules), rules, policies, audit=True, **kw)


def _value(hand, rules=None):
    return int(evaluate(parse(hand), rules).rank[0])


# -- betting and showdown ---------------------------------------------------------------------

def test_call_down_showdown_best_hand_takes_the_pot():
    # three circuits before the draw (no early stop), one raise-free circuit after it
    out = play(["AS KS QS 9S 2S", "KH KD 7C 5D 3H", "QH QD JC 4D 4H"])
    assert out["end"] == "showdown" and out["audit"]["violations"] == 0 and out["audit"]["checks"] > 0
    assert out["invested"].tolist() == [1 + 3 + 1] * 3
    assert out["pot"] == 15
    assert out["won"].tolist() == [15, 0, 0] and out["net"].tolist() == [10, -5, -5]
    assert out["credit"].tolist() == [nb.CREDIT, 0, 0]
    assert out["drawn"].tolist() == [0, 0, 0]


def test_literal_suit_tiebreak_decides_the_pot():
    hands = ["5H 4S 3S 2S AD", "AS KH QD JC 10D", "9C 9D 7C 6D 2H"]
    assert play(hands)["won"].tolist() == [15, 0, 0]                                 # the five of hearts tops
    assert play(hands, {"tiebreak": "rank_first"})["won"].tolist() == [0, 15, 0]     # the ace tops


def test_equal_hands_split_odd_chip_to_the_dealers_left():
    out = play(["AS KD 7C 5H 3S", "AH KC 7D 5S 3C", "QD JD 9C 6S 2H"], {"tiebreak": "rank_only"})
    assert out["winners"] == 2 and out["won"].tolist() == [8, 7, 0]
    assert out["credit"].tolist() == [nb.CREDIT // 2, nb.CREDIT // 2, 0]
    literal = play(["AS KD 7C 5H 3S", "AH KC 7D 5S 3C", "QD JD 9C 6S 2H"])
    assert literal["winners"] == 1 and literal["won"].tolist() == [0, 15, 0]        # A♥ over A♠


@njit
def raise_once(hand, view, strength, params):
    """Seat params[0] stakes the limit in circuit params[1] of phase params[2]; the rest call."""
    if view[nb.V_SEAT] == params[0] and view[nb.V_CIRCUIT] == params[1] and view[nb.V_PHASE] == params[2]:
        return view[nb.V_MAX]
    return view[nb.V_MIN]


def test_a_raise_after_the_draw_buys_another_circuit():
    # play_deal's arrays are in dealing order: index i is seat i + 1, the dealer (seat 0) last;
    # a policy's view numbers seats as every game does
    pol = {"bet": simkit.Policy("raiser", fn=raise_once, seat=2.0, circuit=0.0, phase=nb.PH_POST), "draw": "stand-pat"}
    out = play(["AS KS QS 9S 2S", "KH KD 7C 5D 3H", "QH QD JC 4D 4H"], policies=pol)
    # after the draw: seat 1 stakes 1, seat 2 raises to 10, seat 0 stakes 10; the next
    # circuit has no raise (10, 10, 10) and ends the betting
    assert out["invested"].tolist() == [1 + 3 + 1 + 10, 1 + 3 + 10 + 10, 1 + 3 + 10 + 10]
    # an opening stake is no raise: seat 1 opening at the limit leaves one circuit
    pol["bet"] = simkit.Policy("raiser", fn=raise_once, seat=1.0, circuit=0.0, phase=nb.PH_POST)
    out = play(["AS KS QS 9S 2S", "KH KD 7C 5D 3H", "QH QD JC 4D 4H"], policies=pol)
    assert out["invested"].tolist() == [1 + 3 + 10] * 3


def test_three_raises_stop_after_the_third_circuit():
    @njit
    def climb(hand, view, strength, params):
        return min(view[nb.V_MAX], view[nb.V_MIN] + 1)       # every stake raises

    out = play(["AS KS QS 9S 2S", "KH KD 7C 5D 3H"], {"circuits": 3}, {"bet": climb, "draw": "stand-pat"})
    # each phase: stakes 2, 3, 4, ... 7 alternately; every circuit has a raise, so the
    # betting after the draw also runs its three circuits
    assert out["invested"].tolist() == [1 + (2 + 4 + 6) * 2, 1 + (3 + 5 + 7) * 2]


def test_predraw_stop_circuits_and_fixed_sizing():
    hands = ["AS KS QS 9S 2S", "KH KD 7C 5D 3H", "QH QD JC 4D 4H"]
    assert play(hands, {"predraw_stop": True})["invested"].tolist() == [1 + 1 + 1] * 3
    assert play(hands, {"circuits": 2})["invested"].tolist() == [1 + 2 + 1] * 3
    assert play(hands, {"bet_sizing": "fixed", "limit": 4})["invested"].tolist() == [1 + 3 * 4 + 4] * 3
    assert play(hands, {"ante": 5, "min_bet": 2})["invested"].tolist() == [5 + 3 * 2 + 2] * 3


@njit
def fold_seat(hand, view, strength, params):
    return 0 if view[nb.V_SEAT] == params[0] or view[nb.V_SEAT] == params[1] else view[nb.V_MIN]


def test_folding_leaves_the_last_player_the_pot_before_the_draw():
    pol = {"bet": simkit.Policy("folder", fn=fold_seat, a=2.0, b=0.0), "draw": "standard"}   # seats 2 and 0
    out = play(["2S 4D 7C 9H JS", "AS AH AD AC KS", "KH KD KC QS QH"], policies=pol)
    # seat 1 stakes 1, seats 2 and 0 pass: seat 1 takes 3 antes + its own stake
    assert out["end"] == "before draw" and out["pot"] == 4
    assert out["net"].tolist() == [2, -1, -1] and out["drawn"].tolist() == [-1, -1, -1]
    assert out["active"].tolist() == [True, False, False]


def test_threshold_policy_folds_weak_and_raises_strong_hands():
    pol = {"bet": "threshold:call_pre=0.3,raise_pre=0.8,size=0.5", "draw": "stand-pat"}
    out = play(["2S 4D 7C 9H JS", "AS AH 5D 6C 8S"], policies=pol)
    assert out["end"] == "before draw" and out["net"].tolist() == [-1, 1]
    # pairs of kings and aces beat over 80% of hands: both raise by 5 (half the limit)
    # when they can: before the draw 6 | 10, 10 | 10, 10; after it (call 0.2, raise 0.6)
    # 6 | 10, then 10 | 10 without a raise
    out = play(["KS KH 5D 6C 8S", "AS AH 2D 3C 9S"], policies=pol)
    assert out["end"] == "showdown"
    assert out["invested"].tolist() == [1 + 26 + 16, 1 + 30 + 20]


# -- the draw ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,rules,params,discard", [
    ("AS AH 7D 5C 2S", {}, {}, "7D 5C 2S"),                 # a pair: draw three
    ("KS KH 7D 7C 2S", {}, {}, "2S"),                       # two pair: draw one
    ("9S 9H 9D 5C 2S", {}, {}, "5C 2S"),                    # three of a kind: draw two
    ("9S 8H 7D 6C 5S", {}, {}, ""),                         # a straight: stand pat
    ("KS KH KD 7C 7S", {}, {}, ""),
    ("9S 8S 4S 2S KH", {}, {}, "KH"),                       # four of a suit
    ("9S 8S 4S 2S KH", {}, {"four_flush": 0}, "9S 8S 4S 2S"),   # ... else keep the king
    ("9S 8H 7D 6C 2S", {}, {}, "2S"),                       # four in a row, open at both ends
    ("AS 2H 3D 4C 9S", {}, {}, "2H 3D 4C 9S"),              # A-2-3-4 is open at one end only
    ("2S 3H 4D 5C 9S", {}, {}, "9S"),                       # 2-3-4-5: the ace or the six
    ("2S 3H 4D 5C 9S", {"wheel": False}, {}, "2S 3H 4D 5C"),
    ("9S 8H 7D 6C 2S", {}, {"open_straight": 0}, "8H 7D 6C 2S"),
    ("JS 10H 9D 8C 8S", {}, {}, "JS 10H 9D"),               # a pair beats drawing to a straight
    ("AS KH 7D 5C 2S", {}, {}, "7D 5C 2S"),                 # ace-king: keep both
    ("AS KH 7D 5C 2S", {}, {"keep_ak": 0}, "KH 7D 5C 2S"),
    ("QS 9H 7D 5C 2S", {}, {"keep_high": 0}, "QS 9H 7D 5C 2S"),
    ("Jo 9H 7D 5C 2S", {"jokers": 1}, {}, "7D 5C 2S"),      # wilds are kept with the pair
    ("Jo Jo1 9H 7D 2S", {"jokers": 2}, {}, "7D 2S"),
    ("2S 2H KD KC 5S", {"wild_rank": "2"}, {}, ""),          # four kings
])
def test_standard_draw_table(hand, rules, params, discard):
    p = {"four_flush": 1, "open_straight": 1, "keep_ak": 1, "keep_high": 1, **params}
    cards = [int(c) for c in parse(hand)]
    mask = nb.standard_draw_nb(*cards, _value(hand, rules), config(rules), p["four_flush"] != 0,
                               p["open_straight"] != 0, p["keep_ak"] != 0, p["keep_high"] != 0)
    gone = [c for j, c in enumerate(cards) if mask >> j & 1]
    assert sorted(gone) == sorted(int(c) for c in parse(discard)) if discard else gone == []


def test_draw_takes_the_stock_in_order_and_the_final_hands_decide():
    out = play(["AS AH 7D 5C 2S", "KS KH KD 7C 4H"], policies={"bet": "call-down", "draw": "standard"},
               stock="AD 3C 3D QS JS")
    assert out["drawn"].tolist() == [3, 2]
    assert sorted(out["hands"][0].tolist()) == sorted(parse("AS AH AD 3C 3D").tolist())
    assert sorted(out["hands"][1].tolist()) == sorted(parse("KS KH KD QS JS").tolist())
    assert CATEGORIES[evaluate(out["hands"][0]).category[0]] == "full house"
    assert out["won"].tolist() == [out["pot"], 0]
    assert out["final_value"][0] == _value("AS AH AD 3C 3D") and out["dealt_value"][0] == _value("AS AH 7D 5C 2S")


@njit
def draw_all(hand, view, params):
    return 31


def test_stock_runs_out_and_discards_are_reused():
    # six players, one deck: 22 cards of stock; four seats take 20, seat 4 takes the last
    # two, then the first three discards of seat 0, and seat 5 the next five
    hands = ["2S 3S 4S 5S 7H", "2H 3H 4H 5H 7D", "2D 3D 4D 5D 7C", "2C 3C 4C 5C 7S", "6S 6H 6D 8S 8H",
             "9S 9H 9D 10S 10H"]
    out = play(hands, {"decks": 1}, {"bet": "call-down", "draw": draw_all})
    assert out["reshuffles"] == 1 and out["audit"]["violations"] == 0
    stock = order_for(hands, "", {"players": 6, "decks": 1})[30:]
    assert out["hands"][4].tolist() == stock[20:22].tolist() + parse("2S 3S 4S").tolist()
    assert out["hands"][5].tolist() == parse("5S 7H 2H 3H 4H").tolist()


# ten players on one deck: 50 cards dealt, the stock is A♦ A♣
TEN = [f"{r}S {r}H {r}D {r}C {k}" for r, k in zip(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"],
                                                   ["QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH"])]


@njit
def two_play(hand, view, strength, params):
    """Seats params[0] and params[1] call; everyone else passes."""
    s = view[nb.V_SEAT]
    return view[nb.V_MIN] if s == params[0] or s == params[1] else 0


def test_ten_players_one_deck_reuse_own_discards_last():
    out = play(TEN, {"decks": 1}, {"bet": "call-down", "draw": draw_all})
    assert out["audit"]["violations"] == 0 and out["reshuffles"] == 10
    # seat 1 (index 0) takes the two stock cards, then three of its own discards (nothing else yet)
    assert out["hands"][0].tolist() == parse("AD AC 2S 2H 2D").tolist()


def test_folded_hands_join_the_reshuffle_on_request():
    pol = {"bet": simkit.Policy("two", fn=two_play, a=1.0, b=0.0), "draw": draw_all}   # seat 1 and the dealer
    out = play(TEN, {"decks": 1}, pol)
    assert out["hands"][0].tolist() == parse("AD AC 2S 2H 2D").tolist()
    out = play(TEN, {"decks": 1, "reshuffle_folded": True}, pol)
    # seats 2..9 passed: their hands, in seat order, become the stock
    assert out["hands"][0].tolist() == parse("AD AC 3S 3H 3D").tolist()
    assert out["hands"][9].tolist() == parse("3C QH 4S 4H 4D").tolist()
    assert out["audit"]["violations"] == 0 and out["reshuffles"] == 1


# -- user policies, illegal moves, bad input --------------------------------------------------------

@njit
def min_stake(hand, view, strength, params):
    return view[nb.V_MIN]


@njit
def keep_all(hand, view, params):
    return 0


def test_user_policies_match_the_builtins_they_copy():
    a = simkit.simulate("poker", 3000, seed=9, policies={"bet": min_stake, "draw": keep_all}, progress=False)
    b = simkit.simulate("poker", 3000, seed=9, policies=CALL, progress=False)
    assert a.policies["bet"].is_user
    for k in a.stats:
        np.testing.assert_array_equal(a.stats[k], b.stats[k], err_msg=k)


@njit
def checked_view(hand, view, strength, params):
    """Call, unless the view disagrees with itself (then an illegal stake)."""
    n = view[nb.V_PLAYERS]
    active = 0
    put = 0
    for t in range(n):
        active += view[nb.V_SEATS + 3 * t]
        put += view[nb.V_SEATS + 3 * t + 2]
    ok = active == view[nb.V_ACTIVE] and put == view[nb.V_POT] and view[nb.V_SEATS + 3 * view[nb.V_SEAT]] == 1
    ok = ok and view[nb.V_MIN] == max(view[nb.V_LEVEL], 1) and view[nb.V_MAX] == view[nb.V_LIMIT]
    ok = ok and 0.0 <= strength <= 1.0 and (view[nb.V_PHASE] == nb.PH_PRE) == (view[nb.V_DRAWN] < 0)
    return view[nb.V_MIN] if ok else -7


def test_user_policy_sees_a_consistent_view():
    res = simkit.simulate("poker", 500, seed=2, policies={"bet": checked_view}, progress=False)
    assert res.metrics["showdown_rate"]["value"] == 1.0


@njit
def too_big(hand, view, strength, params):
    return view[nb.V_MAX] + 1


@njit
def bad_mask(hand, view, params):
    return 32


def test_illegal_moves_name_the_policy_and_situation():
    with pytest.raises(IllegalMoveError, match=r"user:too_big.*illegal move 11.*seat 1, betting circuit 1 "
                                               r"before the draw.*from 1 to 10 chips"):
        simkit.simulate("poker", 10, policies={"bet": too_big}, progress=False)
    with pytest.raises(IllegalMoveError, match=r"user:bad_mask.*illegal move 32.*the draw.*0\.\.31"):
        simkit.simulate("poker", 10, policies={"bet": "call-down", "draw": bad_mask}, progress=False)


@pytest.mark.parametrize("rules,match", [
    ({"players": 11}, "players=11"),
    ({"jokers": 5}, "jokers=5"),
    ({"decks": 3}, "decks=3"),
    ({"wild_rank": "1"}, "wild_rank"),
    ({"jokers": 1, "wild_rank": "2"}, "jokers=1 and wild_rank='2'"),
    ({"min_bet": 11}, "min_bet=11 is above limit=10"),
    ({"bet_sizing": "fixed", "min_bet": 2}, "min_bet=2 has no effect"),
    ({"predraw_stop": True, "circuits": 1}, "predraw_stop"),
    ({"tiebreak": "suits"}, "tiebreak='suits'"),
    ({"limit": 1001}, r"limit=1001 is not allowed; allowed: int in \[1, 1000\]"),
])
def test_bad_rules(rules, match):
    with pytest.raises(SimkitError, match=match):
        simkit.simulate("poker", 10, rules=rules, progress=False)


def test_bad_policies():
    with pytest.raises(SimkitError, match="2 bet policies given for players=6"):
        simkit.simulate("poker", 10, policies={"bet": ["threshold", "call-down"]}, progress=False)
    with pytest.raises(SimkitError, match="say which role"):
        simkit.simulate("poker", 10, policies=min_stake, progress=False)
    with pytest.raises(SimkitError, match="at most one user bet function"):
        simkit.simulate("poker", 10, rules={"players": 2}, policies={"bet": [min_stake, too_big]}, progress=False)
    with pytest.raises(SimkitError, match="unknown policy role 'play'"):
        simkit.simulate("poker", 10, policies={"play": ["x"]}, progress=False)
    with pytest.raises(SimkitError, match="threshold.*has no parameter fold"):
        simkit.simulate("poker", 10, policies="threshold:fold=1", progress=False)
    with pytest.raises(SimkitError, match="whole deck"):
        G.play_deal(parse("AS KS"), {"players": 2})


# -- statistics ------------------------------------------------------------------------------------

def test_per_seat_and_per_policy_figures_add_up():
    res = simkit.simulate("poker", 4000, seed=1, policies=[{"bet": "threshold"}, {"bet": "call-down"}] * 3,
                          progress=False)
    m = res.metrics
    assert sum(m[f"win_rate.seat{s}"]["value"] for s in range(6)) == pytest.approx(1.0, abs=1e-12)
    assert sum(m[f"chip_ev.seat{s}"]["value"] for s in range(6)) == pytest.approx(0.0, abs=1e-9)
    # seats are numbered from the dealer (seat 0); the per-seat list is given by seat
    assert res.tables["seats"]["seat"].tolist() == [0, 1, 2, 3, 4, 5]
    assert res.tables["seats"]["position"].tolist()[:2] == ["dealer", "1 from the dealer's left"]
    assert res.tables["seats"]["bet"].tolist() == [p.describe() for p in res.policies["bet"]]
    assert G.headline == "win_rate.seat1" and list(m)[:2] == ["win_rate.seat0", "win_rate.seat1"]
    again = simkit.simulate("poker", 4000, seed=1, policies={"bet": "|".join(["threshold", "call-down"] * 3)},
                            progress=False)
    np.testing.assert_array_equal(again.stats["seat_net"], res.stats["seat_net"])
    labels = [g for g, _ in G.groups(res.policies, res.rules)]
    assert labels == ["threshold", "call-down"]
    pooled = (m["win_rate.threshold"]["value"] + m["win_rate.call-down"]["value"]) * 3
    assert pooled == pytest.approx(1.0, abs=1e-12)
    assert res.tables["seats"]["bet"].tolist()[1:3] == ["call-down", res.policies["bet"][2].describe()]
    two = simkit.simulate("poker", 100, rules={"players": 3}, progress=False,
                          policies={"bet": ["threshold", "threshold:call_pre=0.2", "threshold"],
                                    "draw": ["standard", "standard", "stand-pat"]})
    assert [g for g, _ in G.groups(two.policies, two.rules)] == ["threshold+standard", "threshold+standard#2",
                                                                "threshold+stand-pat"]
    assert "chip_ev.threshold+standard#2" in two.metrics


def test_dealt_categories_match_combinatorics():
    res = simkit.simulate("poker", 20_000, seed=5, policies=CALL, progress=False)
    cats = res.tables["categories"]
    dealt = cats[cats.phase == "dealt"].set_index("category")["count"]
    n = int(dealt.sum())
    total = comb(52, 5)
    for name, k in COUNTS.items():
        p = k / total
        assert abs(dealt[name] / n - p) < 4 * np.sqrt(p * (1 - p) / n), name
    final = cats[cats.phase == "final"]
    assert final["count"].sum() == n                  # call-down: every seat draws (stand-pat: none)
    by_draw = res.tables["categories_by_draw"]
    assert set(by_draw["drawn"]) == {0}


def test_equity_of_a_random_hand_is_one_share_in_n_plus_one():
    """By symmetry seat 0's dealt hand takes 1/(N+1) of a pat showdown with N others."""
    res = simkit.simulate("poker", 20_000, seed=8, rules={"players": 4}, progress=False)
    rows = res.stats["equity"]
    eq = rows.reshape(len(CATEGORIES), nb.N_EQ, rows.shape[1]).sum(axis=0)
    for k in range(nb.N_EQ):
        n, s, ss = moment_sums(eq[k])
        mean = s / n / nb.CREDIT
        se = np.sqrt((ss / n - (s / n) ** 2) / n) / nb.CREDIT
        assert abs(mean - 1 / (k + 2)) < 4 * se, k
    table = res.tables["equity"]
    pair_vs_one = table[(table.category == "pair") & (table.opponents == 1)]["equity"].iloc[0]
    nothing_vs_one = table[(table.category == "nothing") & (table.opponents == 1)]["equity"].iloc[0]
    assert pair_vs_one > 0.5 > nothing_vs_one


def test_report_tables_and_json():
    res = simkit.simulate("poker", 2000, seed=3, rules={"players": 10, "decks": 1}, progress=False)
    js = res.to_json()
    recs = js["tables"]["categories"]
    assert {"category", "phase", "count"} <= set(recs[0]) and {r["phase"] for r in recs} == {"dealt", "final"}
    assert js["metrics"]["stock_reshuffle_rate"]["value"] > 0
    assert 0 < js["metrics"]["showdown_rate"]["value"] <= 1
    assert sum(r["count"] for r in js["tables"]["pot_size"]) == 2000
