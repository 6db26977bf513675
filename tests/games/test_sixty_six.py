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
