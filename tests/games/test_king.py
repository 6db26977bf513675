"""King: hand-built deals for every lead ban and forced card, the positive deals' trump
rules, the whole kernel against a small Python reference on random orders (every
contract, both K♥ readings), the policies, the report and the errors (seed 002 lines
33-44; GAMES.md G15)."""
import json

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import HEARTS, SPADES, code, parse, RANK_A, RANK_K
from simkit.core.tricks import S_N_IN_TRICK, S_TRICK, deal_unseen_nb, lowest_card_nb
from simkit.errors import IllegalMoveError, SimkitError

GAME = nb = None   # bound by _import_game
KH, AH = code(RANK_K, HEARTS), code(RANK_A, HEARTS)
CONTRACTS = ("no_tricks", "no_boys", "no_girls", "no_hearts", "last_two", "king_of_hearts", "eralash", "plus")


# -- user policies, compiled by _import_game ----------------------------------------------
def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def play_lowest_over_ace(hand, legal, state, params):
    """The lowest legal card, but the K♥ on a trick that holds the A♥: under
    ``king_forced=over_ace`` the engine's legal set does not carry that rule (King's hook
    checks it), so a user policy obeys it itself."""
    if (legal >> KH) & 1:
        for i in range(state[S_N_IN_TRICK]):
            if state[S_TRICK + i] == AH:
                return KH
    return lowest_card_nb(legal)


def lead_hearts_anyway(hand, legal, state, params):
    """Leads its lowest heart whenever it holds one (illegal while it holds another suit in
    the hearts contracts)."""
    hearts = np.int64(0x2222222222222)
    if state[S_N_IN_TRICK] == 0 and hand & hearts:
        return lowest_card_nb(hand & hearts)
    return lowest_card_nb(legal)


def lead_spades_anyway(hand, legal, state, params):
    spades = np.int64(0x1111111111111)
    if state[S_N_IN_TRICK] == 0 and hand & spades:
        return lowest_card_nb(hand & spades)
    return lowest_card_nb(legal)


def name_spades(three, state, params):
    return 0


def name_by_the_last(three, state, params):
    return 4


def name_param(three, state, params):
    return np.int64(params[0])


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its
    kernels), and compiles the user policies above with the documented signatures."""
    global GAME, nb, play_lowest, play_lowest_over_ace, lead_hearts_anyway, lead_spades_anyway, name_spades, \
        name_by_the_last, name_param
    from simkit.games.king import GAME, nb
    play_lowest, play_lowest_over_ace, lead_hearts_anyway, lead_spades_anyway = (
        njit(nb.PLAY_SIG, cache=True)(f) for f in (play_lowest, play_lowest_over_ace, lead_hearts_anyway,
                                                   lead_spades_anyway))
    name_spades, name_by_the_last, name_param = (
        njit(nb.BID_SIG, cache=True)(f) for f in (name_spades, name_by_the_last, name_param))


def order_from_hands(hands, contract="no_tricks", dealer=0):
    """The card order that deals ``hands`` (seat -> 8 cards): one at a time from the
    dealer's left in a negative deal; in a positive deal three to the namer (the dealer's
    left), three to each other seat, then one at a time from the namer, his last card last."""
    cards = {s: list(parse(h)) for s, h in hands.items()}
    assert sorted(c for v in cards.values() for c in v) == sorted(range(20, 52))
    first = (dealer + 1) % 4
    if contract != "plus":
        seats = [(first + i) % 4 for i in range(32)]
    else:
        seats = [first] * 3 + [(first + 1 + i // 3) % 4 for i in range(9)] + [(first + i) % 4 for i in range(20)]
    taken = {s: 0 for s in range(4)}
    out = []
    for s in seats:
        out.append(cards[s][taken[s]])
        taken[s] += 1
    return np.asarray(out, np.uint8)


# -- a reference deal ---------------------------------------------------------------------------
def reference_deal(order, contract, dealer, over_ace=False, trump=None):
    """Every seat plays its lowest legal card (code), by the rules of 002:33-44 written
    out on their own: follow suit, else the K♥ in its contracts, else trump in a positive
    deal, else any; hearts not led while holding another suit in no_hearts, king_of_hearts
    and eralash; trumps led only by the namer (or a hand of trumps only). Scores each
    trick by the text. Returns (points, tricks)."""
    first = (dealer + 1) % 4
    if contract == "plus":
        seats = [first] * 3 + [(first + 1 + i // 3) % 4 for i in range(9)] + [(first + i) % 4 for i in range(20)]
    else:
        seats = [(first + i) % 4 for i in range(32)]
    hands = [[] for _ in range(4)]
    for s, c in zip(seats, order):
        hands[s].append(int(c))
    king = contract in ("king_of_hearts", "eralash")
    hearts_ban = contract in ("no_hearts", "king_of_hearts", "eralash")
    leader, points, won = first, [0] * 4, [0] * 4
    for t in range(8):
        trick, seat = [], leader
        for n in range(4):
            h = hands[seat]
            if n == 0:
                banned = HEARTS if hearts_ban else (trump if contract == "plus" and seat != first else None)
                legal = [c for c in h if c % 4 != banned] or h
            else:
                led = trick[0][1] % 4
                legal = [c for c in h if c % 4 == led]
                if legal and over_ace and king and led == HEARTS and KH in h and AH in [c for _, c in trick]:
                    legal = [KH]
                if not legal:
                    trumps = [c for c in h if trump is not None and c % 4 == trump]
                    legal = [KH] if king and KH in h else (trumps or h)
            c = min(legal)
            h.remove(c)
            trick.append((seat, c))
            seat = (seat + 1) % 4
        led = trick[0][1] % 4

        def power(sc):
            c = sc[1]
            return (2 if trump is not None and c % 4 == trump else 1 if c % 4 == led else 0, c // 4)
        leader = max(trick, key=power)[0]
        won[leader] += 1
        cards = [c for _, c in trick]
        jacks = sum(c // 4 == 9 for c in cards)
        queens = sum(c // 4 == 10 for c in cards)
        hearts = sum(c % 4 == HEARTS for c in cards)
        p = {"no_tricks": 2, "no_boys": 4 * jacks, "no_girls": 4 * queens, "no_hearts": 2 * hearts,
             "last_two": 8 * (t >= 6), "king_of_hearts": 16 * (KH in cards),
             "eralash": 2 + 4 * jacks + 4 * queens + 2 * hearts + 8 * (t >= 6) + 16 * (KH in cards),
             "plus": 3}[contract]
        points[leader] += p
    return points, won


@pytest.mark.parametrize("contract", CONTRACTS)
def test_kernel_matches_reference_on_random_orders(contract):
    rng = np.random.default_rng([1515, CONTRACTS.index(contract)])   # the same orders in any test order
    for rep in range(6):
        order = rng.permutation(np.arange(20, 52)).astype(np.uint8)
        dealer = int(rng.integers(4))
        over_ace = contract in ("king_of_hearts", "eralash") and rep % 2 == 1
        rules = {"unit": "deal", "contract": contract, **({"king_forced": "over_ace"} if over_ace else {})}
        pol = {"play": play_lowest_over_ace if over_ace else play_lowest, "trump": name_spades if rep % 2 else name_by_the_last}
        out = GAME.play_deal(order, rules=rules, policies=pol, dealer=dealer)
        trump = None
        if contract == "plus":
            trump = SPADES if rep % 2 else int(order[28]) % 4
            assert out["trump"] == ("spades", "hearts", "diamonds", "clubs")[trump]
        assert (out["points"], out["tricks"]) == reference_deal(order, contract, dealer, over_ace, trump)
        assert sum(out["points"]) == {"eralash": 96, "plus": 24}.get(contract, 16)
        assert out["audit"]["checks"] > 0 and out["audit"]["violations"] == 0


HANDS = {0: "7s 8s 9s 7d 8d 9d 10d Jd",
         1: "7h 8h 9h 10h Jh Qh Kh Ah",
         2: "10s Js Qs Ks As Qd Kd Ad",
         3: "7c 8c 9c 10c Jc Qc Kc Ac"}


@pytest.mark.parametrize("contract", ["no_hearts", "king_of_hearts", "eralash"])
def test_hearts_may_not_be_led_while_holding_another_suit(contract):
    hands = {0: "7h 8h 9s 7d 8d 9d 10d Jd", 1: "7s 8s 9h 10h Jh Qh Kh Ah", 2: HANDS[2], 3: HANDS[3]}
    with pytest.raises(IllegalMoveError, match=r"seat 1 leading holding .*legal cards: 7S 8S$"):
        GAME.play_deal(order_from_hands(hands, dealer=0), rules={"unit": "deal", "contract": contract},
                       policies={"play": lead_hearts_anyway})
    # a hand of hearts only leads them (002:38 «С черв ходят при отсутствии карт другой масти»)
    out = GAME.play_deal(order_from_hands(HANDS, dealer=0), rules={"unit": "deal", "contract": contract},
                         policies={"play": lead_hearts_anyway})
    assert out["audit"]["violations"] == 0
    # other contracts have no ban
    GAME.play_deal(order_from_hands(hands, dealer=0), rules={"unit": "deal", "contract": "no_tricks"},
                   policies={"play": lead_hearts_anyway})


@pytest.mark.parametrize("contract", ["king_of_hearts", "eralash"])
def test_king_of_hearts_is_discarded_at_the_first_opportunity(contract):
    rules = {"unit": "deal", "contract": contract}
    # dealer 3: seat 0 leads 7d; seat 2, void in diamonds, must drop the K♥ at once (it would keep it for
    # 8 tricks playing its lowest card) and seat 3's A♦ takes it (002:40 «Кинга игрок обязан скинуть при
    # первой же возможности»)
    hands = {0: "7d 8d 9d 10d Jd Qd Kd 7c", 1: "7s 8s 9s 10s Js Qs Ks As",
             2: "Kh 8c 9c 10c Jc Qc Kc Ac", 3: "7h 8h 9h 10h Jh Qh Ah Ad"}
    order = order_from_hands(hands, dealer=3)
    out = GAME.play_deal(order, rules=rules, policies={"play": play_lowest}, dealer=3)
    assert (out["points"], out["tricks"]) == reference_deal(order, contract, 3)
    if contract == "king_of_hearts":
        assert out["points"] == [0, 0, 0, 16]
    # seat 0 wins three spade tricks, then must lead hearts (nothing else left): 7h, seat 1's A♥, and
    # seat 2 holding Q♥ K♥ may play either by default, but the K♥ with king_forced=over_ace
    hands = {0: "Qs Ks As 7h 8h 9h 10h Jh", 1: "10s Js Ah 7d 8d 9d 10d Jd",
             2: "7s 8s 9s Qh Kh Qd Kd Ad", 3: "7c 8c 9c 10c Jc Qc Kc Ac"}
    order = order_from_hands(hands, dealer=3)
    out = GAME.play_deal(order, rules=rules, policies={"play": play_lowest}, dealer=3)
    assert (out["points"], out["tricks"]) == reference_deal(order, contract, 3)
    assert contract == "eralash" or out["points"][1] == 0      # the A♥'s trick held the Q♥, not the K♥
    over = {**rules, "king_forced": "over_ace"}
    with pytest.raises(IllegalMoveError, match=r"trick 4, seat 2 holding .*on a lead of 7H after the A♥ "
                                               r"\(king_forced=over_ace\); legal cards: KH"):
        GAME.play_deal(order, rules=over, policies={"play": play_lowest}, dealer=3)
    assert reference_deal(order, contract, 3, over_ace=True)[0][1] >= 16
    for policy in ("random", "heuristic", "simulation:samples=2"):
        out = GAME.play_deal(order, rules=over, policies={"play": policy}, dealer=3)
        assert out["audit"]["checks"] > 0 and out["audit"]["violations"] == 0


def test_positive_deal_must_trump_and_only_the_namer_leads_trumps():
    # dealer 3, namer 0 names spades and leads his 7s; seat 1 takes it with the K♠ and may not lead
    # his A♠ while he holds diamonds (002:44 «Ходить с козырной масти ... имеет право только игрок,
    # назначавший козыря»); the namer himself may
    hands = {0: "7s 7h 8h 9h 10h Jh Qh Kh", 1: "Ks As 7d 8d 9d 10d Jd Qd",
             2: "8s 9s 10s Js Qs Kd Ad Ah", 3: "7c 8c 9c 10c Jc Qc Kc Ac"}
    order = order_from_hands(hands, "plus", dealer=3)
    rules = {"unit": "deal", "contract": "plus"}
    with pytest.raises(IllegalMoveError, match=r"trick 2, seat 1 leading holding .*legal cards: 7D 8D 9D 10D JD QD"):
        GAME.play_deal(order, rules=rules, policies={"play": lead_spades_anyway, "trump": name_spades}, dealer=3)
    out = GAME.play_deal(order, rules=rules, policies={"play": play_lowest, "trump": name_spades}, dealer=3)
    assert out["trump"] == "spades" and out["choice"] == "spades" and out["namer"] == 0
    assert (out["points"], out["tricks"]) == reference_deal(order, "plus", 3, trump=SPADES)
    # must trump: on the namer's 7h seat 1, void in hearts, must play a spade (its J♠, not its 7♦)
    hands = {0: "7h 8h 9h 10h Jh 7s 8s 9s", 1: "Js Qs 7d 8d 9d 10d Jd Qd",
             2: "Qh 10s Ks As Kd Ad 7c 8c", 3: "Kh Ah 9c 10c Jc Qc Kc Ac"}
    order = order_from_hands(hands, "plus", dealer=3)
    out = GAME.play_deal(order, rules=rules, policies={"play": play_lowest, "trump": name_spades}, dealer=3)
    assert (out["points"], out["tricks"]) == reference_deal(order, "plus", 3, trump=SPADES)
    assert out["tricks"][1] >= 1


def test_trump_by_the_last_and_among_three():
    hands = {0: "As Ks Qs 7h 8h 9h 10h Jc", 1: "7s 8s 7d 8d 9d 10d Jd Qd",
             2: "9s 10s Js 7c 8c 9c 10c Jh", 3: "Qh Kh Ah Kd Ad Qc Kc Ac"}
    order = order_from_hands(hands, "plus", dealer=3)
    assert int(order[28]) == parse("Jc")[0]                   # the namer's last card
    out = GAME.play_deal(order, rules={"unit": "deal", "contract": "plus"},
                         policies={"trump": name_by_the_last}, dealer=3)
    assert out["trump"] == "clubs" and out["choice"] == "by the last"
    # any suit may be named by default, only one of the three cards' suits with among_three
    pol = {"trump": simkit.Policy("user:name_param", fn=name_param, p=2.0)}
    assert GAME.play_deal(order, rules={"unit": "deal", "contract": "plus"}, policies=pol, dealer=3)["trump"] \
        == "diamonds"
    with pytest.raises(IllegalMoveError, match=r"seat 0 naming trump from .*answer 0 \(spades\), 4 \(by the last\)"):
        GAME.play_deal(order, rules={"unit": "deal", "contract": "plus", "trump_choice": "among_three"},
                       policies=pol, dealer=3)
    bad = {"trump": simkit.Policy("user:name_param", fn=name_param, p=5.0)}
    with pytest.raises(IllegalMoveError, match="naming trump"):
        GAME.play_deal(order, rules={"unit": "deal", "contract": "plus"}, policies=bad, dealer=3)
    # the heuristic names the suit of two or three of the three cards; with three suits it says «по последней»
    assert GAME.play_deal(order, rules={"unit": "deal", "contract": "plus"}, dealer=3)["trump"] == "spades"
    assert nb.heuristic_trump_nb(sum(1 << int(c) for c in parse("As 7h 8d")), 2) == nb.BY_THE_LAST
    assert nb.heuristic_trump_nb(sum(1 << int(c) for c in parse("As 7h 8d")), 1) == SPADES


def test_play_deal_refuses_bad_input():
    order = order_from_hands(HANDS)
    with pytest.raises(SimkitError, match="contract='all' is not a contract"):
        GAME.play_deal(order)
    with pytest.raises(SimkitError, match="exactly 32 distinct cards"):
        GAME.play_deal(order[:31], contract="no_tricks")
    with pytest.raises(SimkitError, match="dealer=4 is not a seat"):
        GAME.play_deal(order, contract="no_tricks", dealer=4)


def _mean_points(res, contract, seats):
    t = res.tables["points"]
    rows = t[(t.contract == contract) & t.seat.isin(seats)]
    n = rows["count"].sum()
    m = (rows.points * rows["count"]).sum() / n
    var = (rows.points ** 2 * rows["count"]).sum() / n - m * m
    return m, np.sqrt(var / n)


@pytest.mark.parametrize("contract", ["no_tricks", "king_of_hearts"])
def test_heuristic_takes_fewer_penalties_than_random(contract):
    res = simkit.simulate("king", 1500, rules={"unit": "deal", "contract": contract}, seed=5, progress=False,
                          policies={"play": "heuristic|random|random|random"})
    h, se_h = _mean_points(res, contract, [0])
    r, se_r = _mean_points(res, contract, [1, 2, 3])
    assert h < r - 3 * np.hypot(se_h, se_r), (h, r)


def test_heuristic_namer_takes_more_than_his_share():
    res = simkit.simulate("king", 1500, rules={"unit": "deal", "contract": "plus"}, seed=5, progress=False,
                          policies={"play": "heuristic|random|random|random", "trump": "heuristic"})
    v = res.metrics["naming_value"]
    assert v["value"] > 3 * v["stderr"] and v["value"] > 0


def test_party_report_and_single_deal_tables():
    res = simkit.simulate("king", 60, seed=2, progress=False, policies={"play": "random|heuristic|random|heuristic"})
    m = res.metrics
    assert abs(sum(m[f"score.seat{s}"]["value"] for s in range(4))) < 1e-9            # zero-sum
    assert abs(sum(m[f"win_rate.seat{s}"]["value"] for s in range(4)) - 1) < 1e-9
    pol = res.tables["parties_by_policy"]
    assert list(pol.seats) == [2, 2] and pol.parties.tolist() == [60, 60]
    assert set(res.tables["points"].contract) == set(CONTRACTS)
    assert res.tables["net_scores"].groupby("seat")["count"].sum().tolist() == [60] * 4
    deal = simkit.simulate("king", 300, rules={"unit": "deal", "contract": "no_girls"}, seed=2, progress=False)
    pts, tr = deal.tables["points"], deal.tables["tricks"]
    assert list(pts.columns) == ["contract", "seat", "points", "count"] and set(pts.contract) == {"no_girls"}
    assert (pts.points * pts["count"]).sum() == 16 * 300 and pts["count"].sum() == 4 * 300
    assert list(tr.columns) == ["contract", "seat", "tricks", "count"] and (tr.tricks * tr["count"]).sum() == 8 * 300
    back = json.loads(json.dumps(deal.to_json(), allow_nan=False))
    assert back["tables"]["points"][0]["contract"] == "no_girls"
    assert "win_rate.seat0" not in deal.metrics and "naming_value" not in deal.metrics


def test_simulation_policy_plays_legal_cards_under_every_rule():
    for rules in ({"unit": "deal", "contract": "eralash", "king_forced": "over_ace"},
                  {"unit": "deal", "contract": "plus"}, {"unit": "deal", "contract": "last_two"}):
        out = GAME.audit(GAME.Rules.build(rules), GAME.resolve_policies({"play": "simulation:samples=3"}), 1, 4)
        assert out["checks"] > 0 and out["violations"] == 0


def test_simulation_samples_keep_what_the_seat_has_seen():
    """The simulation's deals of the unseen cards: each other seat gets the cards it still
    holds, none of a suit it has shown out of, and the seat's own hand is its own."""
    from simkit.core.rng import seed_stream_nb
    from simkit.core.tricks import S_LEADER, S_PLAYED, S_PLAYERS, S_SIZE, S_TRICK_NO, S_TRICKS, S_VOIDS, mask_of
    from simkit.games.king.scoring import TABLES
    state = np.zeros(S_SIZE, np.int64)
    state[S_PLAYERS], state[S_TRICKS] = 4, 8
    played = mask_of("7s 8s 9s 10s 7h 8h 9h Js")        # two tricks, seat 2 showed out of spades; 2 cards on the third
    state[S_PLAYED], state[S_TRICK_NO], state[S_LEADER], state[S_N_IN_TRICK] = played, 2, 1, 0
    state[S_VOIDS] = 1 << (2 * 5 + SPADES)
    hand = mask_of("Qs As 7d 8d 9d 10d")
    out = np.zeros(8, np.int64)
    rs = np.zeros(4, np.uint64)
    seed_stream_nb(rs, 1, 0)
    unseen = mask_of(" ".join(f"{r}{s}" for r in "7 8 9 10 J Q K A".split() for s in "shdc")) & ~played & ~hand
    spades = mask_of("Ks")
    for _ in range(50):
        deal_unseen_nb(0, hand, state, TABLES[4], out, rs)
        assert out[0] == hand and [bin(int(h)).count("1") for h in out[1:4]] == [6, 6, 6]
        assert out[1] | out[2] | out[3] == unseen and not (out[1] & out[2] or out[1] & out[3] or out[2] & out[3])
        assert not out[2] & spades


def test_command_line_single_deal_json(capsys):
    from simkit.cli import main
    assert main(["run", "king", "--hands", "50", "--rule", "unit=deal", "--rule", "contract=eralash", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {r["contract"] for r in out["tables"]["points"]} == {"eralash"}
    assert sum(r["points"] * r["count"] for r in out["tables"]["points"]) == 96 * 50
    assert main(["run", "king", "--hands", "5", "--rule", "contract=eralash"]) == 2
    assert "add unit=deal" in capsys.readouterr().err
