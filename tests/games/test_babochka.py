"""Babochka (G14): turn order, the pot, fees, the winner with three captures, splits,
re-antes and reshuffles, on hand-built deals; the report's invariants."""
import numpy as np
import pytest

import simkit
from simkit.core import capture as cap
from simkit.core.cards import parse
from simkit.errors import SimkitError

GAME = babochka_card_table = nb = BabochkaRules = None   # bound by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global GAME, babochka_card_table, nb, BabochkaRules
    from simkit.games.babochka import babochka_card_table, nb
    from simkit.games.babochka.rules import BabochkaRules
    GAME = simkit.get_game("babochka")


def mask(text):
    return int(sum(1 << int(c) for c in parse(text)))


def deal(hands, table, rules=None, policy="greedy"):
    """Play one hand-built deal (dealer 0, pot 3 antes); returns (winners, state)."""
    r = BabochkaRules.build(rules or {})
    S = np.zeros(cap.S_SIZE, np.int64)
    cap.reset_deal_nb(S, r.players, 0)
    for s, h in enumerate(hands):
        S[cap.S_HAND + s] = mask(h)
    tb = parse(table)
    S[cap.S_TABLE:cap.S_TABLE + len(tb)] = tb
    S[cap.S_TN] = len(tb)
    S[cap.S_TOP] = 52
    opts = GAME._opts(r)
    S[nb.B_POT], S[nb.B_FEE], S[nb.B_ALL_THREE] = 3 * r.ante, r.trail_fee, opts[nb.O_ALL_THREE]
    codes = np.full(r.players, simkit.get_game("babochka").roles[0].builtins[policy].code, np.int64)
    params = np.zeros((r.players, nb.N_PARAMS))
    winners = np.zeros(6, np.int64)
    err = np.zeros(nb.N_ERR, np.int64)
    ct = babochka_card_table()
    _, nw = nb.play_deal_nb(S, ct, opts, codes, params, cap.no_user_play_nb, np.ones(4, np.uint64),
                            False, np.zeros(2, np.int64), err, np.zeros((8, 2), np.int64), winners, cap.new_work_nb(ct))
    return winners[:r.players].tolist(), S


TABLE = "2S 3S 4S 5S 6S 7S 8S"


def test_three_captures_take_the_pot_and_trails_pay():
    winners, S = deal(["QH QD QC", "2H 3H 4H", "KH KD KC"], TABLE)
    assert winners == [0, 1, 0]
    assert S[nb.B_TURN] == 7                     # seat 1 completed on the 7th card: 1, 2, 0, 1, 2, 0, 1
    # seat 2 lays KH and seat 0 QH (a fee each); next round KD and QD take them by rank
    assert S[nb.B_POT] == 3 + 2 and S[nb.B_PAID + 0] == 1 and S[nb.B_PAID + 2] == 1 and S[nb.B_PAID + 1] == 0
    assert S[nb.B_CAPT + 0] == 1 and S[nb.B_CAPT + 2] == 1 and S[nb.B_CAPT + 1] == 3


def test_pictures_capture_by_rank_only_and_numerals_by_sums():
    ct = babochka_card_table()
    out = np.zeros(16, np.int64)

    def sets(card, table):
        tb = np.asarray(parse(table), np.int64)
        n = cap.captures_nb(int(parse(card)[0]), tb, len(tb), ct, False, out, 16, cap.new_work_nb(ct))
        return sorted(out[:n].tolist())

    assert sets("JH", "JS 5D 6C") == [0b001]                 # no sweep
    assert sets("KH", "KS 10D 3C") == [0b001]                # no sum 13 for a king
    assert sets("9H", "5S 4D 6C 3C AS 8D") == sorted([0b000011, 0b001100, 0b011001, 0b110000])  # 5+4 6+3 5+3+A A+8
    assert ct[cap.CT_POINT:cap.CT_KONT + 52].sum() == 0      # no point suit, no kontchinki


def test_all_three_in_a_row():
    winners, S = deal(["QH QD QC", "2H 3H 4H", "KH KD KC"], TABLE, {"turns": "all_three"})
    assert winners == [0, 1, 0] and S[nb.B_TURN] == 3 and S[nb.B_POT] == 3


def test_two_complete_first_or_split():
    hands = ["QH QD QC", "2H 3H 4H", "5H 6H 7H"]
    first, _ = deal(hands, TABLE, {"turns": "all_three"})
    assert first == [0, 1, 0]
    split, S = deal(hands, TABLE, {"turns": "all_three", "both_complete": "split"})
    assert split == [0, 1, 1] and S[nb.B_TURN] == 9


def test_nobody_completes():
    winners, S = deal(["QH QD QC", "2H KH KC", "KD JH JD"], TABLE)
    assert winners == [0, 0, 0] and S[nb.B_TURN] == 9


def test_forced_capture_or_free_trail():
    winners, _ = deal(["QH QD QC", "2H 3H 4H", "KH KD KC"], TABLE, {"forced_capture": False}, policy="greedy")
    assert winners == [0, 1, 0]                  # greedy still captures when it may trail


def test_pot_ev_adds_to_zero_and_pots_grow():
    res = simkit.simulate("babochka", 600, seed=5, progress=False)
    m = res.metrics
    assert abs(sum(m[f"pot_ev.seat{s}"]["value"] for s in range(3))) < 1e-9
    assert abs(sum(m[f"win_rate.seat{s}"]["value"] for s in range(3)) - 1) < 1e-12
    # every deal adds 3 antes: the mean pot is at least 3 x the mean number of deals
    assert m["pot_size"]["value"] >= 3 * m["deals_per_pot"]["value"]
    assert abs(m["reantes_per_pot"]["value"] - (m["deals_per_pot"]["value"] - 1)) < 1e-12
    assert res.tables["deals_per_pot"]["count"].sum() == 600


def test_keep_table_reshuffles_without_a_new_layout():
    a = simkit.simulate("babochka", 300, rules={"stock_end": "keep_table"}, seed=2, progress=False)
    b = simkit.simulate("babochka", 300, seed=2, progress=False)
    assert a.stats["counters"][nb.C_NEW_TABLES] == 300                 # only each pot's first layout
    assert b.stats["counters"][nb.C_NEW_TABLES] == 300 + b.stats["counters"][nb.C_RESHUFFLES]
    assert a.stats["counters"][nb.C_RESHUFFLES] > 0


def test_bad_rules_and_parameters():
    with pytest.raises(SimkitError):
        BabochkaRules.build({"first_dealer": 3})
    with pytest.raises(SimkitError):
        BabochkaRules.build({"players": 5})
    with pytest.raises(SimkitError):
        GAME.resolve_policies("heuristic:deny=200")
