"""Babochka (G14): turn order, the pot, fees, the winner with three captures, splits,
re-antes and reshuffles, on hand-built deals; the report's invariants."""
import numpy as np
import pytest

import simkit
from simkit.core import capture as cap
from simkit.core.cards import parse
from simkit.core.options import pack
from simkit.errors import SimkitError
from simkit.games.fishing import inputs

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
    opts = pack(r, nb.O)
    S[nb.B_POT], S[nb.B_FEE], S[nb.B_ALL_THREE] = 3 * r.ante, r.trail_fee, opts[nb.O.turns] == nb.TURNS.all_three
    codes = np.full(r.players, simkit.get_game("babochka").roles[0].builtins[policy].code, np.int64)
    params = np.zeros((r.players, nb.N_PARAMS))
    ctx = nb.state_context(inputs(babochka_card_table(), opts, codes, params, np.zeros(r.players, np.int64)), S,
                           np.ones(4, np.uint64))
    _, nw = nb.play_deal_nb(ctx, (cap.no_user_play_nb,), np.zeros((8, 2), np.int64), False)
    return ctx.winners[:r.players].tolist(), S


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


def test_forced_capture_default_is_kontchinkas():
    """Issue 29: the same kind of sentence (002:28, 002:67) read two ways; GAMES.md G04
    ambiguity 7 makes capturing optional and G14 captures as in Kontchinka: both default
    to optional, forced capture is the option."""
    from simkit.games.kontchinka.rules import KontchinkaRules

    assert BabochkaRules().forced_capture is False and KontchinkaRules().forced_capture is False
    # a player who could capture may lay his card down: the random player does so at times
    free = simkit.simulate("babochka", 300, policies="random", seed=3, progress=False)
    forced = simkit.simulate("babochka", 300, rules={"forced_capture": True}, policies="random", seed=3,
                             progress=False)
    assert free.metrics["capture_rate"]["value"] < forced.metrics["capture_rate"]["value"]


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
    # a shift by one leaves the spread alone: same standard error and interval width (not 0)
    r, d = m["reantes_per_pot"], m["deals_per_pot"]
    assert r["stderr"] > 0 and abs(r["stderr"] - d["stderr"]) < 1e-12
    assert abs((r["ci95"][1] - r["ci95"][0]) - (d["ci95"][1] - d["ci95"][0])) < 1e-9
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


# -- the planner (the default) on hand-built positions ----------------------------------------
def choose(policy, hands, table, capt=(0, 0, 0), turn=0, rules=None):
    """The move ``policy`` picks for the seat to play ``turn`` (dealer 0: seat 1 plays the
    first card) with ``hands`` and ``table``, each seat having captured ``capt[s]`` times
    in the deal. Returns ``(card played, sorted table cards taken)``."""
    from simkit.core.cards import format as format_cards

    r = BabochkaRules.build(rules or {})
    S = np.zeros(cap.S_SIZE, np.int64)
    cap.reset_deal_nb(S, r.players, 0)
    for s, h in enumerate(hands):
        S[cap.S_HAND + s] = mask(h)
    tb = parse(table)
    S[cap.S_TABLE:cap.S_TABLE + len(tb)] = tb
    S[cap.S_TN] = len(tb)
    S[cap.S_TOP] = 20
    opts = pack(r, nb.O)
    S[nb.B_POT], S[nb.B_FEE], S[nb.B_TURN] = 3 * r.ante, r.trail_fee, turn
    for s, c in enumerate(capt):
        S[nb.B_CAPT + s] = c
    seat = int(nb.seat_of_turn_nb(S, turn))
    ct = babochka_card_table()
    w = cap.new_work_nb(ct)
    moves = np.zeros((64, 2), np.int64)
    n = cap.legal_moves_nb(S[cap.S_HAND + seat], S[cap.S_TABLE:cap.S_TABLE + 52], len(tb), ct, False, True,
                           opts[nb.O.forced_capture], moves, w)
    from simkit.policies.seated import policy_arrays
    from simkit.games.babochka.policies import PARAM_SLOTS, PLAY
    codes, params, fn = policy_arrays("babochka", PLAY, GAME.resolve_policies(policy)["play"], r.players,
                                      PARAM_SLOTS, nb.N_PARAMS, cap.no_user_play_nb)
    ctx = nb.state_context(inputs(ct, opts, codes, params, np.zeros(r.players, np.int64)), S, np.ones(4, np.uint64))
    k = nb.choose_nb(ctx, (fn,), seat, moves, n)
    names = table.split()
    return format_cards([int(moves[k, 0])]), sorted(names[i] for i in range(len(tb)) if moves[k, 1] >> i & 1)


def test_planner_is_the_default_and_its_parameters_are_declared():
    assert GAME.roles[0].default == "planner"
    assert GAME.resolve_policies(None)["play"].name == "planner"
    for bad, rng in (("planner:deny=-1", r"\[0, 20\]"), ("planner:fee=25", r"\[0, 20\]"),
                     ("planner:hope=1.5", r"\[0, 1\]"), ("planner:wait=nan", r"\[0, 1\]")):
        with pytest.raises(SimkitError, match=r"is not allowed; allowed: a finite number in " + rng):
            GAME.resolve_policies(bad)


def test_planner_keeps_a_capture_for_each_card_left():
    # seat 1 plays first: 9S could take 4D + 5C (three cards, what greedy and the old heuristic
    # take), but then 4H finds nothing; 9S taking 9H (or 4H taking 4D, or KC taking KD) leaves
    # a capture for both cards left
    hands = ["QS QH QD", "9S 4H KC", "JS JH JD"]
    table = "4D 5C KD 9H 2S 10C 8S"
    assert choose("greedy", hands, table) == ("9S", ["4D", "5C"])
    assert choose("heuristic", hands, table) == ("9S", ["4D", "5C"])
    assert choose("planner", hands, table) in [("9S", ["9H"]), ("4H", ["4D"]), ("KC", ["KD"])]


def test_planner_keeps_two_cards_from_sharing_one_capture():
    # 7C taking 7D leaves both fives a capture, but the same one (5D): only one of them can
    # take it; a five taking 5D leaves 7C its 7D and the other five to wait (hope)
    hands = ["QS QH QD", "5S 5H 7C", "JS JH JD"]
    table = "5D 2C 7D KH QC 9S 10S"
    assert choose("planner", hands, table)[1] == ["5D"]
    assert choose("planner:wait=1", hands, table) == ("7C", ["7D"])


def test_planner_takes_the_pot_with_its_third_capture():
    # seat 1 has captured twice; its last card captures: the pot (a trail is allowed here)
    hands = ["QS", "9S", "JS"]
    assert choose("planner", hands, "4D 5C KD", capt=(0, 2, 0), turn=6, rules={"forced_capture": False}) == \
        ("9S", ["4D", "5C"])


def test_planner_denies_a_player_still_in_the_running():
    # seat 1 has laid a card down (out of the running); seat 2, next, has captured twice and
    # has one card left. Neither 2S nor 3S captures; laid down, 2S would give a capture to two
    # more ranks (2, and 10 = 8D + 2S), 3S to one (3; 8D + 3S is 11): the planner lays 3S down.
    # Without the denial both are worth the same and the first listed, 2S, is played; with
    # seat 2 out of the running too, as well.
    hands = ["QS QD", "2S 3S", "7H"]
    assert choose("planner", hands, "8D KD QC", capt=(0, 0, 2), turn=3) == ("3S", [])
    assert choose("planner:deny=0", hands, "8D KD QC", capt=(0, 0, 2), turn=3) == ("2S", [])
    assert choose("planner", hands, "8D KD QC", capt=(0, 0, 1), turn=3) == ("2S", [])


def test_headline_is_the_first_movers_pot_ev_at_a_size_that_answers():
    """Issue 29: pot_ev.seat0 -0.081 [-0.61, 0.45] said nothing at the study size. The
    headline is GAMES.md G14's first mover's edge, reported first, at 400,000 pots (seed
    2026: +0.095 +- 0.026 chips a pot)."""
    assert GAME.headline == "first_mover_pot_ev" and GAME.study_hands >= 400_000
    m = simkit.simulate("babochka", 200, rules={"first_dealer": 2}, seed=5, progress=False).metrics
    assert list(m)[0] == "first_mover_pot_ev" and m["first_mover_pot_ev"] == m["pot_ev.seat0"]
