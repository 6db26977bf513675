"""Sixty-six on the engine (G20, seed 003 lines 18-47): hand-built deals through
``play_deal`` (the kernel's own code, audited) for each marriage, the nine exchange,
closing and each closing outcome, user policies and their illegal moves, and the
reports' tables."""
import numpy as np
import pytest

from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global G, simkit
    import simkit
    from simkit.games.sixty_six import GAME as G


def order(leader, dealer, turnup, stock):
    """The card order of a deal dealt by seat 0: one card at a time from the dealer's
    left (seat 1, the leader, first), the turned trump, then the stock from the top."""
    a, b = leader.split(), dealer.split()
    return " ".join(x for pair in zip(a, b) for x in pair) + f" {turnup} {stock}"


STRONG = order("AH 10H KH QH JH AS", "9S JS 9D JD 9C JC", "9H",
               "QS KS 10S QD KD 10D AD QC KC 10C AC")
WEAK = order("9D JD 9C JC QC 9S", "AH 10H KH QH JH AS", "9H",
             "QS KS 10S QD KD 10D AD KC 10C AC JS")
CLOSE_LEADER = {"close": "random:p=0|random:p=1"}     # seat 0 (the dealer) never closes, seat 1 always


def test_closer_with_the_trump_marriage_wins():
    """The leader closes at once (003:40), declares 40 in trumps leading the queen (003:36),
    and wins every trick: 40 + 3 + 11 + 10 + 4 plus the dealer's 0, 0, 0, 2 = 70 after four
    tricks, the deal ends at 66 (ambiguity 5); the dealer took no trick: 2 game points
    literally (003:44), 3 with the standard schwarz."""
    d = G.play_deal(STRONG, policies=CLOSE_LEADER)
    assert d["trump"] == "hearts" and d["closer"] == 1 and d["close_points"] == 0
    assert d["marriages"] == [(1, "hearts")] and d["marriage_points"] == [0, 40]
    assert d["points"] == [0, 70] and d["tricks"] == [0, 4]
    assert (d["winner"], d["game_points"]) == (1, 2)
    assert d["audit"]["checks"] > 0 and d["audit"]["violations"] == 0
    d = G.play_deal(STRONG, policies=CLOSE_LEADER, rules={"schwarz": "standard"})
    assert (d["winner"], d["game_points"]) == (1, 3)
    d = G.play_deal(STRONG, policies=CLOSE_LEADER, rules={"marriage_counts": "after_trick"})
    assert d["points"] == [0, 70] and d["marriage_points"] == [0, 40]     # counted at his first trick


def test_failed_close_each_outcome():
    """The leader closes a worthless hand; the dealer wins AS on 9S, declares 40 (51), and
    takes QH, AH, 10H: 77. The closer took no trick: 6 game points to the dealer (003:46),
    3 with the flat rule (ambiguity 2)."""
    d = G.play_deal(WEAK, policies=CLOSE_LEADER)
    assert d["closer"] == 1 and d["marriages"] == [(0, "hearts")]
    assert d["points"] == [77, 0] and d["tricks"] == [4, 0]
    assert (d["winner"], d["game_points"]) == (0, 6)
    assert G.play_deal(WEAK, policies=CLOSE_LEADER, rules={"failed_close": "flat"})["game_points"] == 3


def test_marriages_of_twenty_and_forty_and_when_they_count():
    """The leader declares 20 in spades leading QS (003:34) and loses it to AS; the dealer
    declares 40 in trumps and reaches 67 without the leader taking a trick. Literally the
    20 counts at once (003:35); counted only after a trick (standard) it never does."""
    cards = order("KS QS 9D JD 9C JC", "AH 10H KH QH JH AS", "9H", "AC JS 10C 9S 10S QD KD 10D AD QC KC")
    never = {"close": "random:p=0"}
    d = G.play_deal(cards, policies=never)
    assert d["closer"] is None and d["marriages"] == [(0, "hearts"), (1, "spades")]
    assert d["points"] == [67, 20] and d["marriage_points"] == [40, 20] and d["tricks"] == [3, 0]
    assert (d["winner"], d["game_points"]) == (0, 2)
    d = G.play_deal(cards, policies=never, rules={"marriage_counts": "after_trick"})
    assert d["points"] == [67, 0] and d["marriage_points"] == [40, 0]
    d = G.play_deal(cards, policies={"close": "random:p=0", "declare": "random:p=0"})
    assert d["marriages"] == [] and d["marriage_points"] == [0, 0]


def test_trump_nine_exchange():
    """The leader wins the first trick (10S: the dealer holds neither a higher spade nor
    a trump) and, on lead, exchanges the trump nine for the turned AH (003:38); not when
    he declines."""
    cards = order("9H AS 10S AD 10D AC", "9S JS 9D JD 9C JC", "AH", "QS KS QH KH 10H JH QD KD QC KC 10C")
    never = {"close": "random:p=0"}
    d = G.play_deal(cards, policies=never)
    assert d["exchanged"] == [1] and d["final_turnup"] == "9H"
    d = G.play_deal(cards, policies={"close": "random:p=0", "exchange": "random:p=0"})
    assert d["exchanged"] == [] and d["final_turnup"] == "AH"


def test_random_deals_are_audited():
    rng = np.random.default_rng(5)
    from simkit.core.cards import deck
    for k in range(20):
        cards = rng.permutation(deck(24))
        for pol, rules in (("random", {}), (None, {"must_head": True, "deal_end": "play_out"}),
                           ({"close": "simulation:samples=2"}, {"last_trick": "not_when_closed"})):
            d = G.play_deal(cards, policies=pol, rules=rules, seed=k)
            assert d["audit"]["checks"] > 0 and d["audit"]["violations"] == 0
            assert sum(d["tricks"]) <= 12


def test_user_policies_and_their_illegal_moves():
    from numba import njit

    @njit
    def _low(m):
        c = 0
        while not (m >> c) & 1:
            c += 1
        return c

    @njit
    def play_low(hand, legal, state, params):
        return _low(legal)

    @njit
    def close_two(hand, state, params):
        return 2

    @njit
    def declare_bad(hand, state, params):
        return 3 if hand >= 0 else -1

    res = simkit.simulate("sixty-six", hands=20, seed=3, n_jobs=1, rules={"unit": "deal"},
                          policies={"play": play_low})
    assert res.metrics["win_rate.seat0"]["n"] == 20
    with pytest.raises(SimkitError, match="answer 1 \\(close\\) or 0"):
        G.play_deal(STRONG, policies={"close": close_two})
    with pytest.raises(SimkitError, match="declare the suit of a marriage held \\(hearts: 1\\)"):
        G.play_deal(STRONG, policies={"declare": declare_bad})


def test_reports_and_bad_input():
    res = simkit.simulate("sixty-six", hands=200, seed=1, n_jobs=1, rules={"unit": "deal"}, policies="random")
    pts = res.tables["points"]
    assert list(pts.columns) == ["seat", "points", "count"] and pts["count"].sum() == 400
    assert res.tables["tricks"]["count"].sum() == 400
    assert res.metrics["win_rate.seat0"]["value"] + res.metrics["win_rate.seat1"]["value"] == pytest.approx(
        1 - res.metrics["replay_rate"]["value"])
    with pytest.raises(SimkitError, match="exactly 24 distinct cards"):
        G.play_deal("AH 10H")
    with pytest.raises(SimkitError, match="dealer=2"):
        G.play_deal(STRONG, dealer=2)


def test_games_cut_by_max_deals_are_reported_unfinished():
    """Issue 29: `--rule max_deals=1` cut every game after one deal and still reported win
    rates with no unfinished-game metric (as the other games' unfinished_*_rate)."""
    cut = simkit.simulate("sixty-six", 40, rules={"max_deals": 1}, seed=2, progress=False).metrics
    assert cut["unfinished_game_rate"]["value"] == 1.0 and cut["unfinished_game_rate"]["n"] == 40
    full = simkit.simulate("sixty-six", 40, seed=2, progress=False).metrics
    assert full["unfinished_game_rate"]["value"] == 0.0


# the leader's hand for the tuned closer: the trump marriage and ace (40 + 15, the king and queen
# not top while 10H is unseen: 2 each) and three plain top cards (AS, 10S, AC)
PLAIN_TOPS = order("AH KH QH AS 10S AC", "9S JS 9D JD 9C JC", "9H",
                   "10H JH QS KS 10D QD KD AD QC KC 10C")


def test_close_estimate_weights():
    """close_estimate_nb on PLAIN_TOPS's first lead: 40 + (11 + capture) + 2 trump_length
    + each plain top's (points + capture) * plain // 100 (a trump, 10H, is unseen); the
    defaults before tuning (4, 2, 50) give 80, the tuned plain 0 gives 59."""
    from simkit.core.cards import parse
    from simkit.core.tricks import S_DEALER, S_SIZE, S_TRUMP
    from simkit.games.sixty_six import nb
    from simkit.games.sixty_six.scoring import TABLES

    hand = 0
    for c in parse("AH KH QH AS 10S AC"):
        hand |= 1 << int(c)
    state = np.zeros(S_SIZE, np.int64)
    state[S_TRUMP] = parse("9H")[0] & 3
    state[S_DEALER] = 0
    tt = TABLES[state[S_TRUMP]]
    assert nb.close_estimate_nb(1, hand, state, tt) == 80
    assert nb.close_estimate_nb(1, hand, state, tt, 4, 2, 0) == 59
    assert nb.close_estimate_nb(1, hand, state, tt, 0, 0, 100) == 40 + 11 + 11 + 10 + 11
    assert nb.close_estimate_nb(1, hand, state, tt, 6, 3, 50) == 40 + 17 + 6 + 8 + 8 + 8
    state[nb.S_POINTS + 1] = 12
    assert nb.close_estimate_nb(1, hand, state, tt, 4, 2, 0) == 71


def test_tuned_closer_does_not_count_plain_tops_against_unseen_trumps():
    """With PLAIN_TOPS the closer before tuning (threshold 80, plain 50: estimate 80)
    closes at the first lead; the tuned default (threshold 70, plain 0: estimate 59)
    declares its 40 and plays on open."""
    old = G.play_deal(PLAIN_TOPS, policies={"close": "random:p=0|heuristic:threshold=80,plain=50"})
    assert old["closer"] == 1 and old["close_points"] == 0
    new = G.play_deal(PLAIN_TOPS, policies={"close": "random:p=0|heuristic"})
    assert not (new["closer"] == 1 and new["close_points"] == 0)
    assert (1, "hearts") in new["marriages"]


@pytest.mark.parametrize("spec, msg", [
    ("heuristic:plain=101", r"plain=101.0 is not allowed; allowed: a whole number in \[0, 100\]"),
    ("heuristic:capture=-1", r"capture=-1.0 is not allowed; allowed: a whole number in \[0, 30\]"),
    ("heuristic:trump_length=2.5", r"trump_length=2.5 is not allowed; allowed: a whole number in \[0, 30\]"),
    ("heuristic:threshold=401", r"threshold=401.0 is not allowed; allowed: a finite number in \[0, 400\]")])
def test_close_weights_out_of_range(spec, msg):
    with pytest.raises(SimkitError, match=msg):
        G.play_deal(STRONG, policies={"close": spec})


def test_old_closer_is_reproducible_and_simulation_unchanged():
    """``heuristic:threshold=80,plain=50`` is the closer before tuning; the simulation
    closer's play-outs keep it (its own threshold stays 80)."""
    from simkit.games.sixty_six.policies import CLOSE
    assert CLOSE.builtins["heuristic"].params == {"threshold": 70.0, "capture": 4.0, "trump_length": 2.0,
                                                  "plain": 0.0}
    assert CLOSE.builtins["simulation"].params["threshold"] == 80.0


def test_screened_closer_simulates_only_over_its_floor():
    """STRONG's leader (estimate before tuning 97 at the first lead, more later) under the
    default ``screened`` closer simulates, closes after his first trick and wins 2 game
    points (the dealer under 33); with ``floor=400`` (never reached) it never simulates,
    never closes, and the deal played out open wins 1."""
    from simkit.games.sixty_six.policies import CLOSE
    assert CLOSE.default == "screened"
    assert CLOSE.builtins["screened"].params == {"threshold": 80.0, "samples": 3.0, "floor": 65.0}
    assert CLOSE.builtins["simulation"].params["floor"] == 0.0
    for seed in range(3):
        d = G.play_deal(STRONG, policies={"close": "random:p=0|screened"}, seed=seed)
        assert d["closer"] == 1 and d["close_points"] > 0 and (d["winner"], d["game_points"]) == (1, 2)
        d = G.play_deal(STRONG, policies={"close": "random:p=0|screened:floor=400"}, seed=seed)
        assert d["closer"] is None and (d["winner"], d["game_points"]) == (1, 1)


@pytest.mark.parametrize("spec, msg", [
    ("simulation:floor=401", r"floor=401.0 is not allowed; allowed: a finite number in \[0, 400\]"),
    ("screened:floor=-1", r"floor=-1.0 is not allowed; allowed: a finite number in \[0, 400\]"),
    ("screened:samples=0", r"samples=0.0 is not allowed; allowed: a whole number in \[1, 10000\]")])
def test_screened_params_out_of_range(spec, msg):
    with pytest.raises(SimkitError, match=msg):
        G.play_deal(STRONG, policies={"close": spec})
