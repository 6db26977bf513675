"""Spades: hand-built deals for every rule path (spades broken, nil exchange, double nil,
both nil, set contracts), exact values, policies, errors and the report (seed 000 lines
239-259)."""
import json
from math import comb

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import SPADES, parse
from simkit.core.tricks import S_BROKEN, S_N_IN_TRICK, S_SEAT, lowest_card_nb, popcount_nb
from simkit.errors import IllegalMoveError, SimkitError

GAME = nb = None   # bound by _import_game
RNG = np.random.default_rng(739)
SPADE_BITS = sum(1 << (4 * r) for r in range(13))


def order_from_hands(hands, dealer=0):
    """The card order that deals ``hands`` (seat -> card string), one at a time from the
    dealer's left."""
    cards = {s: list(parse(h)) for s, h in hands.items()}
    assert sorted(c for v in cards.values() for c in v) == list(range(52))
    out = []
    for i in range(52):
        out.append(cards[(dealer + 1 + i) % 4][i // 4])
    return np.asarray(out, np.uint8)


def suit(s, ranks="2 3 4 5 6 7 8 9 10 J Q K A"):
    return " ".join(f"{r}{s}" for r in ranks.split())


# -- user policies, compiled by _import_game ----------------------------------------------
def bid_three(hand, state, params):
    return 0 if state[nb.S_PHASE] == nb.PHASE_BLIND else 3


def bid_position(hand, state, params):
    """Bids its position in the bidding order plus one (shows who bid first)."""
    return 0 if state[nb.S_PHASE] == nb.PHASE_BLIND else state[nb.S_BID_POS] + 1


def bid_spades(hand, state, params):
    """As many tricks as spades held (at least 1)."""
    if state[nb.S_PHASE] == nb.PHASE_BLIND:
        return 0
    return max(1, popcount_nb(hand & 0x1111111111111))


def bid_nil_even_seats(hand, state, params):
    """Seat 2 bids nil; seat 0 too when params say so; the others 3."""
    if state[nb.S_PHASE] == nb.PHASE_BLIND:
        return 0
    seat = state[S_SEAT]
    if seat == 2 or (seat == 0 and params[0] > 0):
        return 0
    return 3


def bid_double_nil_seat1(hand, state, params):
    if state[nb.S_PHASE] == nb.PHASE_BLIND:
        return 1 if state[S_SEAT] == 1 else 0
    return 3


def bid_fourteen(hand, state, params):
    return 0 if state[nb.S_PHASE] == nb.PHASE_BLIND else 14


def blind_two(hand, state, params):
    return 2


def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def lead_spades_anyway(hand, legal, state, params):
    """Leads a spade whenever it holds one (illegal before spades are broken)."""
    if state[S_N_IN_TRICK] == 0 and hand & 0x1111111111111:
        return lowest_card_nb(hand & 0x1111111111111)
    return lowest_card_nb(legal)


def check_lead_rule(hand, legal, state, params):
    """Plays the lowest legal card, but answers -1 (illegal) if it is offered a spade lead
    while spades are unbroken and it holds another suit."""
    spades = np.int64(0x1111111111111)
    if state[nb.S_PHASE] == nb.PHASE_PLAY and state[S_N_IN_TRICK] == 0 and state[S_BROKEN] == 0 \
            and hand & ~spades and legal & spades:
        return -1
    return lowest_card_nb(legal)


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its
    kernels), and compiles the user policies above with the documented signatures."""
    global GAME, nb, bid_three, bid_position, bid_spades, bid_nil_even_seats, bid_double_nil_seat1, bid_fourteen, \
        blind_two, play_lowest, lead_spades_anyway, check_lead_rule
    from simkit.games.spades import GAME, nb
    bid_three, bid_position, bid_spades, bid_nil_even_seats, bid_double_nil_seat1, bid_fourteen, blind_two = (
        njit(nb.BID_SIG, cache=True)(f) for f in (bid_three, bid_position, bid_spades, bid_nil_even_seats,
                                                  bid_double_nil_seat1, bid_fourteen, blind_two))
    play_lowest, lead_spades_anyway, check_lead_rule = (
        njit(nb.PLAY_SIG, cache=True)(f) for f in (play_lowest, lead_spades_anyway, check_lead_rule))


# -- a reference deal ---------------------------------------------------------------------------
def reference_tricks(order, dealer, any_spade):
    """Lowest legal code every time; spades led only once broken (a spade played on another
    suit in an earlier trick, or any spade with ``any_spade``) or when nothing else is held."""
    hands = [[] for _ in range(4)]
    for i in range(52):
        hands[(dealer + 1 + i) % 4].append(int(order[i]))
    leader, won, broken = (dealer + 1) % 4, [0] * 4, False
    for _ in range(13):
        trick, seat = [], leader
        for n in range(4):
            h = hands[seat]
            if n == 0:
                legal = h if broken else ([c for c in h if c % 4 != SPADES] or h)
            else:
                legal = [c for c in h if c % 4 == trick[0][1] % 4] or h
            c = min(legal)
            h.remove(c)
            trick.append((seat, c))
            seat = (seat + 1) % 4
        led = trick[0][1] % 4
        if any(c % 4 == SPADES and (any_spade or led != SPADES) for _, c in trick):
            broken = True
        leader = max(trick, key=lambda sc: (2 if sc[1] % 4 == SPADES else 1 if sc[1] % 4 == led else 0,
                                            sc[1] // 4 if sc[1] % 4 in (SPADES, led) else 0))[0]
        won[leader] += 1
    return won


# -- rules ----------------------------------------------------------------------------------------
def test_rules_defaults_and_errors():
    r = GAME.Rules()
    assert (r.bidding_start, r.nil_tricks, r.double_nil, r.both_double_nil, r.bags, r.target, r.unit) == \
        ("dealer", "separate", True, 200, "none", 500, "game")
    for bad, match in (({"both_double_nil": 300}, "both_double_nil"), ({"unit": "deal", "target": 300}, "target=300"),
                       ({"unit": "deal", "max_deals": 5}, "max_deals=5"), ({"bidding_start": "left"}, "bidding_start"),
                       ({"first_dealer": 4}, "first_dealer"), ({"bags": "yes"}, "bags")):
        with pytest.raises(SimkitError, match=match):
            GAME.Rules.build(bad)


# -- scoring (000 lines 253-257) --------------------------------------------------------------
@pytest.mark.parametrize("args, count, want, reset", [
    ((4, 3, 0, 0, 5, 3), False, 10 * 7 + 1, 0),          # made with one overtrick
    ((4, 3, 0, 0, 3, 3), False, -10 * 7, 0),             # set
    ((0, 4, 0, 0, 0, 5), False, 100 + 40 + 1, 0),        # nil made, partner's separate contract
    ((0, 4, 0, 0, 2, 3), False, -100 - 40, 0),           # nil failed, partner set alone
    ((0, 4, 0, 0, 2, 3), True, -100 + 40 + 1, 0),        # ... his tricks count for the partner
    ((0, 3, 1, 0, 0, 3), False, 200 + 30, 0),            # double nil made
    ((0, 3, 1, 0, 1, 3), False, -200 + 30, 0),           # double nil failed
    ((0, 0, 0, 0, 0, 0), False, 200, 0),                 # both nil made
    ((0, 0, 1, 1, 0, 0), False, "both", 0),              # both double nil: the option
    ((0, 0, 1, 0, 0, 0), False, 200, 0),
    ((0, 0, 0, 1, 1, 0), False, 0, 1),                   # one of both nil failed: the side loses its score
])
def test_side_points(args, count, want, reset):
    out = np.zeros(4, np.int64)
    for both in (200, 400):
        got = nb.side_points_nb(*args, count, both, out)
        assert got == (both if want == "both" else want)
        assert out[3] == reset


# -- hand-built deals -------------------------------------------------------------------------------
def test_deal_order_bidding_order_and_no_exchange_without_nil():
    order = np.arange(52, dtype=np.uint8)
    out = GAME.play_deal(order, policies={"bid": bid_position, "play": play_lowest})
    assert out["hands"][1].split()[:2] == ["2S", "3S"]       # codes 0 and 4 go to the dealer's left
    assert out["bids"] == [1, 2, 3, 4]                      # the dealer (seat 0) bids first
    out = GAME.play_deal(order, rules={"bidding_start": "eldest"}, policies={"bid": bid_position, "play": play_lowest})
    assert out["bids"] == [4, 1, 2, 3]
    assert out["exchanges"] == 0 and out["exchanged_hands"] == out["hands"]
    assert sum(out["tricks"]) == 13


def test_play_matches_an_independent_reference():
    pol = {"bid": bid_three, "play": play_lowest}
    for any_spade in (False, True):
        rules = {"spades_broken": "any_spade" if any_spade else "discard"}
        for _ in range(120):
            order = RNG.permutation(52).astype(np.uint8)
            dealer = int(RNG.integers(0, 4))
            out = GAME.play_deal(order, rules=rules, dealer=dealer, policies=pol)
            assert out["tricks"] == reference_tricks(order, dealer, any_spade)


def test_spades_cannot_be_led_until_broken():
    hands = {1: "AS " + " ".join(suit("H").split()[:12]), 2: suit("D"), 3: suit("C"),
             0: " ".join(suit("S").split()[:12]) + " AH"}
    order = order_from_hands(hands)
    with pytest.raises(IllegalMoveError, match=r"lead_spades_anyway.*illegal move 48 .*trick 1, seat 1 "
                                               r"leading \(spades "
                                               r"not broken\) holding 2H .* AS; legal cards: 2H 3H"):
        GAME.play_deal(order, policies={"bid": bid_three, "play": lead_spades_anyway})
    # trick 1: seat 1 leads 2H, seats 2 and 3 discard, seat 0 follows with AH and wins; seat 0
    # then holds only spades and may lead them although they are unbroken.
    out = GAME.play_deal(order, policies={"bid": bid_three, "play": check_lead_rule})
    assert sum(out["tricks"]) == 13
    for _ in range(60):
        GAME.play_deal(RNG.permutation(52).astype(np.uint8), policies={"bid": bid_three, "play": check_lead_rule})


def test_nil_exchange_three_cards_each_way():
    hands = {0: suit("C"), 1: suit("D"), 2: suit("S"), 3: suit("H")}
    order = order_from_hands(hands)
    out = GAME.play_deal(order, policies={"bid": bid_nil_even_seats, "play": "heuristic"})
    assert out["bids"] == [3, 3, 0, 3] and out["exchanges"] == 1
    # the nil bidder (seat 2) sheds his three strongest (AS KS QS), his partner (seat 0) passes
    # his three weakest (2C 3C 4C) and takes the discards
    assert set(out["exchanged_hands"][2].split()) == set(suit("S").split()[:10]) | {"2C", "3C", "4C"}
    assert set(out["exchanged_hands"][0].split()) == set(suit("C").split()[3:]) | {"QS", "KS", "AS"}
    assert out["exchanged_hands"][1] == out["hands"][1] and out["exchanged_hands"][3] == out["hands"][3]
    both = GAME.play_deal(order, policies={"bid": njit_both_nil(), "play": "heuristic"})
    assert both["bids"][0] == both["bids"][2] == 0 and both["exchanges"] == 0   # both nil: no exchange


def njit_both_nil():
    from simkit.policies.base import Policy

    return Policy("user:bid_nil_even_seats", fn=bid_nil_even_seats, p=1.0)


def test_double_nil_is_bid_blind_and_scores_200():
    hands = {0: suit("C"), 1: suit("D"), 2: suit("S"), 3: suit("H")}
    order = order_from_hands(hands)
    out = GAME.play_deal(order, policies={"bid": bid_double_nil_seat1, "play": "heuristic"})
    assert out["double_nil"] == [1] and out["bids"][1] == 0 and out["exchanges"] == 1
    won = out["tricks"]
    # side 1 = seats 1 (double nil) and 3 (bid 3)
    want = (200 if won[1] == 0 else -200) + (30 + won[3] - 3 if won[3] >= 3 else -30)
    assert out["points"][1] == want
    off = GAME.play_deal(order, rules={"double_nil": False},
                         policies={"bid": bid_double_nil_seat1, "play": "heuristic"})
    assert off["double_nil"] == [] and off["bids"] == [3, 3, 3, 3]


def test_set_contract_and_both_nil_loss():
    # seat 2 holds every spade: bids by spades held; side 1 (seats 1, 3) bids 1 + 1 and takes nothing
    hands = {0: suit("C"), 1: suit("D"), 2: suit("S"), 3: suit("H")}
    out = GAME.play_deal(order_from_hands(hands), policies={"bid": bid_spades, "play": play_lowest})
    assert out["bids"] == [1, 1, 13, 1]
    # seat 2 trumps the first trick and then leads spades (all it holds): every trick is his
    assert out["tricks"] == [0, 0, 13, 0]
    assert out["points"] == [-10 * 14, -10 * 2]          # both sides set
    both = GAME.play_deal(order_from_hands(hands), policies={"bid": njit_both_nil(), "play": play_lowest})
    # seats 0 and 2 bid nil (no exchange); seat 2 must take tricks: the side loses its score
    assert both["bids"] == [0, 3, 0, 3] and both["exchanges"] == 0
    assert both["tricks"][2] == 13 and both["points"] == [None, -60]


def test_illegal_moves_name_the_policy_and_the_situation():
    order = np.arange(52, dtype=np.uint8)
    with pytest.raises(IllegalMoveError, match=r"bid_fourteen.*illegal move 14.*0 \(nil\) or 1\.\.13"):
        GAME.play_deal(order, policies={"bid": bid_fourteen, "play": "random"})
    with pytest.raises(IllegalMoveError, match=r"blind_two.*illegal move 2.*double nil"):
        GAME.play_deal(order, policies={"bid": blind_two, "play": "random"})
    with pytest.raises(IllegalMoveError, match=r"unit \d+, deal \d+, trick \d+, seat \d .*legal cards"):
        simkit.simulate("spades", 30, rules={"unit": "deal"}, policies={"play": lead_spades_anyway}, progress=False)


def test_play_deal_refuses_bad_input():
    with pytest.raises(SimkitError, match="52 distinct"):
        GAME.play_deal("AS 2S")
    with pytest.raises(SimkitError, match="dealer=4"):
        GAME.play_deal(np.arange(52), dealer=4)


# -- exact values and invariants ---------------------------------------------------------------------
def test_spades_held_follow_the_hypergeometric_law():
    """Bidding the number of spades held (at least 1): P(k spades in 13 of 52)."""
    n = 20_000
    res = simkit.simulate("spades", n, rules={"unit": "deal"}, policies={"bid": bid_spades, "play": "random"},
                          seed=4, progress=False)
    bids = res.tables["bids"]
    count = bids.groupby("bid")["count"].sum()
    total = 4 * n
    for k in range(1, 8):
        p = comb(13, k) * comb(39, 13 - k) / comb(52, 13)
        if k == 1:
            p += comb(39, 13) / comb(52, 13)
        got = count.get(k, 0) / total
        assert abs(got - p) < 4 * np.sqrt(p * (1 - p) / total) + 1e-12, (k, got, p)


def test_tricks_sum_to_13_and_win_rates_sum_to_one():
    res = simkit.simulate("spades", 150, policies={"bid": "nil:threshold=2", "play": "heuristic"}, seed=8,
                          progress=False)
    bids = res.tables["bids"]
    deals = res.metrics["points_per_deal.ns"]["n"]
    assert (bids.tricks * bids["count"]).sum() == 13 * deals
    assert bids["count"].sum() == 4 * deals
    assert res.metrics["win_rate.ns"]["value"] + res.metrics["win_rate.ew"]["value"] == pytest.approx(1.0)
    assert res.metrics["deals_per_game"]["value"] > 1


def test_heuristic_partner_protects_a_nil():
    """N-S bid nil on weak hands against E-W players who feed a nil bidder tricks; on the
    same deals, N-S nil bids succeed more often when the partner protects them."""
    def nil_success(protect):
        ns = f"heuristic:protect={protect},attack=0"
        res = simkit.simulate("spades", 4000, rules={"unit": "deal"}, seed=21, progress=False,
                              policies={"bid": "nil:threshold=1.5|heuristic|nil:threshold=1.5|heuristic",
                                        "play": f"{ns}|heuristic:attack=1|{ns}|heuristic:attack=1"})
        nil = res.tables["nil"]
        return int(nil["made"].sum()), int(nil["bids"].sum())
    (k1, n1), (k0, n0) = nil_success(1), nil_success(0)
    assert n1 == n0 > 200                                   # the same deals, the same bids
    p1, p0 = k1 / n1, k0 / n0
    se = np.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    assert p1 - p0 > 2 * se, (p1, p0, se)


# -- the command line and per-seat policies ----------------------------------------------------------
def test_command_line_single_deals(capsys):
    from simkit.cli import main

    assert main(["run", "spades", "--hands", "300", "--rule", "unit=deal", "--policy", "random", "--json",
                 "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["policies"] == {"bid": "random", "play": "random"} and out["unit"] == "deal"
    assert sum(r["count"] for r in out["tables"]["bids"]) == 4 * 300
    assert {"contract_made_rate", "contract_exact_rate", "bid_accuracy.seat0", "nil_success_rate"} <= set(out["metrics"])
    assert "bid_accuracy" not in out["metrics"]
    assert "win_rate.ns" not in out["metrics"]


def test_contract_metrics_and_the_headline():
    # the headline is GAMES.md's "contract made %", stated with its definition; the exact-hit
    # rate of contracts and each seat's own bid accuracy stand beside it
    assert GAME.headline == "contract_made_rate" and "at least" in GAME.headline_doc
    res = simkit.simulate("spades", 400, rules={"unit": "deal"}, seed=3, progress=False)
    m, side, seat = res.estimates, res.stats["side_joint"], res.stats["seat_joint"]
    assert list(m)[0] == "contract_made_rate"
    c = np.arange(side.shape[1])[:, None]
    t = np.arange(side.shape[2])[None, :]
    total = side.sum(axis=0)
    assert m["contract_made_rate"].value == pytest.approx(total[t >= c].sum() / total.sum())
    assert m["contract_exact_rate"].value == pytest.approx(np.trace(total) / total.sum())
    assert m["contract_made_rate"].value > m["contract_exact_rate"].value      # the bidder aims low on purpose
    for s in range(4):
        j = seat[s]
        assert m[f"bid_accuracy.seat{s}"].value == pytest.approx(np.trace(j[:, :j.shape[0]]) / j.sum())
    by_seat = res.tables["accuracy_by_seat"].set_index("seat")["bid_accuracy"]
    assert [m[f"bid_accuracy.seat{s}"].value for s in range(4)] == pytest.approx(by_seat.tolist())


def test_per_seat_policies():
    res = simkit.simulate("spades", 60, policies={"bid": "nil|heuristic|nil|heuristic"}, seed=2, progress=False)
    assert list(res.tables["accuracy_by_policy"]["seats"]) == [2, 2]
    assert res.tables["games_by_policy"]["win_rate"].sum() == pytest.approx(1.0)
    with pytest.raises(SimkitError, match="2 play policies given for 4 players"):
        simkit.simulate("spades", 5, policies={"play": ["random", "heuristic"]}, progress=False)


@pytest.mark.parametrize("bags,over,want", [(5, 4, (0, 9)), (5, 5, (-100, 0)), (9, 3, (-100, 2)), (8, 12, (-200, 0)),
                                            (9, 12, (-200, 1)), (0, 13, (-100, 3))])
def test_every_ten_bags_cost_100(bags, over, want):
    """ten_for_100: each full ten of accumulated overtricks costs 100 (two tens at once when
    8-9 bags meet 12 overtricks)."""
    assert nb.bag_penalty_nb(bags, over) == want


def _follow(hand, bids, won, led, *, bags=False, **kw):
    """The heuristic's card for seat 1, second to play after seat 0 led ``led``."""
    from simkit.core import tricks as T
    from simkit.core.cards import SPADES, format as fmt, parse
    tables = T.standard_tables(52)
    state = np.zeros(T.S_SIZE, np.int64)
    T.start_deal_nb(state, tables, SPADES, 4, 13, 3, 0, -1, 1)
    for s in range(4):
        state[T.S_BID + s] = bids[s]
        state[T.S_WON + s] = won[s]
    c = int(parse(led)[0])
    state[T.S_TRICK] = c
    state[T.S_N_IN_TRICK] = 1
    state[T.S_PLAYED] |= 1 << c
    h = T.mask_of(hand)
    legal = T.legal_nb(h, state[T.S_TRICK:T.S_TRICK + 8], 1, tables[SPADES], T.F_SUIT, -1, 1)
    p = dict(zip(("protect", "attack", "second_low", "cheap", "lead_short", "set_them"), nb.OLD_PLAY))
    p.update(kw)
    q = np.zeros(nb.N_PLAY_PARAMS)
    for name, slot in (("protect", nb.Q_PROTECT), ("attack", nb.Q_ATTACK), ("second_low", nb.Q_SECOND_LOW),
                       ("cheap", nb.Q_CHEAP), ("lead_short", nb.Q_LEAD_SHORT), ("set_them", nb.Q_SET)):
        q[slot] = p[name]
    out = nb.heuristic_play_nb(1, h, legal, state, state[T.S_TRICK:T.S_TRICK + 8], tables[SPADES], q, bags)
    return fmt([out])


def test_heuristic_play_cheap_winner_and_setting_the_opponents():
    # seat 1 (side E-W, bids 3 + 2, no trick yet) follows seat 0's 5H holding KH 9H 2C:
    # the old play wins with its strongest winner, cheap=1 with the cheapest
    assert _follow("KH 9H 2C", [4, 3, 3, 2], [0, 0, 0, 0], "5H") == "KH"
    assert _follow("KH 9H 2C", [4, 3, 3, 2], [0, 0, 0, 0], "5H", cheap=1) == "9H"
    # E-W have made 3 + 2 (5 tricks), N-S are short of 4 + 3: the old play ducks, set_them=1 wins
    made = [1, 3, 0, 2]
    assert _follow("KH 2H", [4, 3, 3, 2], made, "5H") == "2H"
    assert _follow("KH 2H", [4, 3, 3, 2], made, "5H", set_them=1) == "KH"
    # ... but not when N-S have made theirs too, nor when bags are penalised
    assert _follow("KH 2H", [1, 3, 1, 2], [1, 3, 1, 2], "5H", set_them=1) == "2H"
    assert _follow("KH 2H", [4, 3, 3, 2], made, "5H", set_them=1, bags=True) == "2H"
    # the defaults; the simulation bidder's play-outs keep the old play
    play = GAME.resolve_policies(None)["play"].params
    assert play["cheap"] == 1 and play["set_them"] == 1 and play["second_low"] == 0 and play["lead_short"] == 0
    assert nb.OLD_PLAY[nb.Q_CHEAP] == 0 and nb.OLD_PLAY[nb.Q_SET] == 0


def test_heuristic_play_second_hand_low_and_short_suit_lead():
    # second to play, short of the contract, no sure winner: second_low plays the weakest card
    assert _follow("KH 9H 2C", [4, 3, 3, 2], [0, 0, 0, 0], "5H", second_low=1) == "9H"
    assert _follow("KH 9H 2C", [4, 3, 3, 2], [0, 0, 0, 0], "5H") == "KH"
    # a sure winner (the ace) is still played
    assert _follow("AH 9H 2C", [4, 3, 3, 2], [0, 0, 0, 0], "5H", second_low=1) == "AH"


@pytest.mark.parametrize("name", ["second_low", "cheap", "lead_short", "set_them"])
def test_heuristic_play_parameters_out_of_range(name):
    with pytest.raises(SimkitError, match=rf"{name}=2.0 is not allowed; allowed: .*\[0, 1\]"):
        simkit.simulate("spades", 2, policies={"play": f"heuristic:{name}=2"})
