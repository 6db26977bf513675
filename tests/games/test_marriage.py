"""Two-hand Marriage on the engine (G12, seed 002 lines 10-12): a hand-built deal through
``play_deal`` (the kernel's own code, audited) for each marriage and the trump change,
the marriage values, the last trick with carry-over, user policies and the exact chance of
a dealt marriage."""
from fractions import Fraction

import numpy as np
import pytest

from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global G, simkit
    import simkit
    from simkit.games.marriage import GAME as G


def order(leader, dealer, stock):
    """The card order of a deal dealt by seat 0: three cards to the leader (seat 1), three
    to the dealer, then two and two (002:10), then the stock from the top."""
    a, b = leader.split(), dealer.split()
    return " ".join(a[:3] + b[:3] + a[3:] + b[3:]) + " " + stock


#: the basic play (the scene below follows it; the default heuristic plays these cards otherwise)
BASIC = {"play": "basic"}
#: 20 cards: seat 0 wins AS on JS, declares clubs (the first marriage: 40) leading QC and
#: wins it; seat 1 wins AH on JH and, having won a trick, declares diamonds (20), which
#: becomes trump in place of clubs
DEAL = order("JS AH 10H KD QD", "AS KC QC JH JC", "QS 10S JD AC KS KH QH AD 10D 10C")


def test_marriages_set_and_change_trump():
    d = G.play_deal(DEAL, rules={"deck": 20}, policies=BASIC)
    assert d["marriages"] == [(0, "clubs"), (1, "diamonds")] and d["trump"] == "diamonds"
    assert d["marriage_points"] == [40, 20] and sum(d["points"]) == 120 + 60
    assert sum(d["tricks"]) == 10 and d["audit"]["checks"] > 0 and d["audit"]["violations"] == 0
    d = G.play_deal(DEAL, rules={"deck": 20, "marriage_values": "by_suit"}, policies=BASIC)
    assert d["marriage_points"] == [60, 80]                 # ♣60, ♦80 (1000 style)
    d = G.play_deal(DEAL, rules={"deck": 20, "carry_over": True}, policies=BASIC)
    assert sum(d["points"]) == 120 + 60 + 10                # the last trick's 10 with carry-over (002:12)


def test_no_marriage_means_no_trump_and_free_play():
    d = G.play_deal(DEAL, rules={"deck": 20}, policies={**BASIC, "declare": "random:p=0"})
    assert d["marriages"] == [] and d["trump"] is None and d["points"][0] + d["points"][1] == 120
    assert d["audit"]["violations"] == 0


def test_random_deals_every_deck_are_audited():
    from simkit.core.cards import deck
    rng = np.random.default_rng(2)
    for n in (32, 28, 24, 20):
        for k in range(6):
            cards = rng.permutation(deck(n))
            for pol, rules in (("random", {}), (None, {"follow": "suit_any", "carry_over": True})):
                d = G.play_deal(cards, rules={"deck": n, **rules}, policies=pol, seed=k)
                assert d["audit"]["checks"] > 0 and d["audit"]["violations"] == 0
                assert sum(d["tricks"]) == n // 2


def test_user_declare_and_its_illegal_answer():
    from numba import njit

    @njit
    def never(hand, state, params):
        return -1

    @njit
    def spades(hand, state, params):
        return 0

    assert G.play_deal(DEAL, rules={"deck": 20}, policies={**BASIC, "declare": never})["marriages"] == []
    with pytest.raises(SimkitError, match="declare the suit of a marriage held \\(clubs: 3\\) or -1"):
        G.play_deal(DEAL, rules={"deck": 20}, policies={**BASIC, "declare": spades})
    with pytest.raises(SimkitError, match="exactly 20 distinct cards"):
        G.play_deal(DEAL + " 9S", rules={"deck": 20})


def test_dealt_marriage_rate_against_the_exact_chance():
    """The share of dealt five-card hands holding a marriage against
    :func:`~simkit.core.ace_ten.marriage_chance` (enumerated in test_marriage_rules), within
    4 standard errors."""
    from simkit.core.ace_ten import marriage_chance

    res = simkit.simulate("marriage", 4000, seed=5, rules={"deck": 24, "unit": "deal"}, policies="random")
    m = res.metrics["marriage_held_rate"]
    assert abs(m["value"] - float(marriage_chance(24, 5))) < 4 * m["stderr"]
    assert marriage_chance(24, 5) == Fraction(755, 5313)
    pts = res.tables["points"]
    assert list(pts.columns) == ["seat", "points", "count"] and pts["count"].sum() == 8000
    assert res.metrics["win_rate.seat0"]["value"] + res.metrics["win_rate.seat1"]["value"] + \
        res.metrics["draw_rate"]["value"] == pytest.approx(1)
