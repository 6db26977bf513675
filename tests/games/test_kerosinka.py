"""Kerosinka (G17) on the engine: a hand-built deal with the 10♥ led (tens must follow, else
a trump; or, read as a trump only, the trump suit), the play compared with a small Python
reference on random card orders under every option, the shown card, the 120 points of a
deal and games to the target."""
import random

import pytest
from numba import njit
from rules_checks import check_simulation_replays

import simkit
from simkit.core.cards import deck, format as format_cards, parse
from simkit.errors import IllegalMoveError, SimkitError


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, lowest_legal, kerosinka_first
    from simkit.core.tricks import PLAY_SIG, lowest_card_nb

    GAME = simkit.get_game("kerosinka")

    @njit(PLAY_SIG, cache=True)
    def lowest_legal(hand, legal, state, params):
        return lowest_card_nb(legal)

    @njit(PLAY_SIG, cache=True)
    def kerosinka_first(hand, legal, state, params):
        if (hand >> 33) & 1:                # the 10♥ whenever held
            return 33
        return lowest_card_nb(legal)


# -- a Python reference ------------------------------------------------------------------------
_ORDER = {r: i for i, r in enumerate("6 7 8 9 J Q K 10 A".split())}
_PTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def _rs(card):
    return card[:-1], card[-1]


def _reference(cards, dealer, as_ten, no_trump_suit):
    """Deal and play one deal, every seat playing its lowest-coded legal card; returns
    (points, tricks, first trick)."""
    code = {c: int(x) for c, x in zip(cards, parse(" ".join(cards)))}
    shown = cards[35]
    trump = None if (shown == "10H" and no_trump_suit) else shown[-1]
    tsuit = trump or "P"

    def esuit(c):
        return tsuit if c == "10H" else _rs(c)[1]

    def power(c):
        if c == "10H":
            return 300
        return (100 if _rs(c)[1] == trump else 0) + _ORDER[_rs(c)[0]]

    def rank(c):
        return "10" if c == "10H" and as_ten else ("*" if c == "10H" else _rs(c)[0])

    def legal(hand, led):
        if led is None:
            return hand
        same = [c for c in hand if rank(led) != "*" and rank(c) == rank(led)]
        suit = [c for c in hand if esuit(c) == esuit(led)]
        trumps = [c for c in hand if esuit(c) == tsuit]
        return same or suit or trumps or hand

    hands = [[] for _ in range(4)]
    for i, c in enumerate(cards):
        hands[(dealer + 1 + i) % 4].append(c)
    pts, tricks, first = [0] * 4, [0] * 4, None
    leader = (dealer + 1) % 4
    for _ in range(9):
        trick = []
        for i in range(4):
            s = (leader + i) % 4
            c = min(legal(hands[s], trick[0] if trick else None), key=code.get)
            hands[s].remove(c)
            trick.append(c)
        first = first or trick
        best = max((i for i in range(4) if esuit(trick[i]) in (esuit(trick[0]), tsuit)), key=lambda i: power(trick[i]))
        leader = (leader + best) % 4
        pts[leader] += sum(_PTS.get(_rs(c)[0], 0) for c in trick)
        tricks[leader] += 1
    return pts, tricks, first


OPTIONS = [{}, {"kerosinka_as_ten": "trump_only"}, {"kerosinka_turned": "no_trump_suit"},
           {"kerosinka_as_ten": "trump_only", "kerosinka_turned": "no_trump_suit"}]


def _ref(names, dealer, rules):
    return _reference(names, dealer, rules.get("kerosinka_as_ten") != "trump_only",
                      rules.get("kerosinka_turned") == "no_trump_suit")


# seat 1 (the eldest) leads the 10♥; seat 2 holds one ten and a club, seat 3 two tens (one a club), the dealer
# (seat 0) no ten; the dealer's last card, the 9♣, makes clubs trump
HANDS = {1: "10H JS JH JD JC QS QH QD QC", 2: "10S 6S 7S 8S 9S 6H 7H 8H 7C", 3: "10D 10C 6D 7D 8D 9D 9H KS KH",
         0: "6C 8C AS AH KD AD KC AC 9C"}
TENS_LED = " ".join(HANDS[(1 + i) % 4].split()[i // 4] for i in range(36))


@pytest.mark.parametrize("rules, first", [
    ({}, ["10H", "10S", "10D", "6C"]),                                  # tens follow the 10♥; no ten: a trump
    ({"kerosinka_as_ten": "trump_only"}, ["10H", "7C", "10C", "6C"]),   # the 10♥ a trump only: follow clubs
])
def test_the_kerosinka_led(rules, first):
    r = GAME.play_deal(TENS_LED, rules=rules, policies=lowest_legal, dealer=0)
    assert r["shown"] == "9C" and r["trump"] == "clubs" and r["hands"][1] == "10H JS JH JD JC QS QH QD QC"
    pts, tricks, ref_first = _ref(TENS_LED.split(), 0, rules)
    assert ref_first == first
    assert (r["points"], r["tricks"]) == (pts, tricks) and sum(r["points"]) == 120
    assert r["audit"]["checks"] > 0 and r["audit"]["violations"] == 0


def test_the_kerosinka_on_a_ten_lead():
    """A policy that plays the 10♥ whenever it holds it: legal on a ten lead when the 10♥
    counts as a ten, refused (with the legal cards named) when it is only a trump."""
    order = TENS_LED.split()
    # give the 10♥ to seat 2 and the 10♠ to seat 1: seat 1 leads the 10♠ (its lowest code), seat 2 must
    # play a ten: the 10♥ counts as one (both_ways) and wins as the top trump
    i, j = order.index("10H"), order.index("10S")
    order[i], order[j] = order[j], order[i]
    r = GAME.play_deal(" ".join(order), policies=kerosinka_first, dealer=0)
    assert r["audit"]["violations"] == 0
    assert _ref(order, 0, {})[2][:2] == ["10S", "10H"]
    # read as a trump only, the 10♥ is no ten: seat 2 holds spades and must follow suit
    with pytest.raises(IllegalMoveError, match=r"following a lead of 10S holding .*; legal cards: 6S 7S 8S 9S"):
        GAME.play_deal(" ".join(order), rules={"kerosinka_as_ten": "trump_only"}, policies=kerosinka_first, dealer=0)


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: "-".join(r.values()) or "defaults")
def test_play_matches_a_python_reference_on_random_orders(rules):
    rng = random.Random(7)
    names = format_cards(deck(36)).split()
    for k in range(40):
        rng.shuffle(names)
        if k % 4 == 0:                          # the 10♥ shown now and then
            i = names.index("10H")
            names[i], names[35] = names[35], names[i]
        r = GAME.play_deal(" ".join(names), rules=rules, policies=lowest_legal, dealer=k % 4)
        pts, tricks, _ = _ref(names, k % 4, rules)
        assert (r["points"], r["tricks"]) == (pts, tricks), (names, k % 4)
        assert r["audit"]["violations"] == 0


def test_the_shown_kerosinka_makes_hearts_trump_or_no_trump_suit():
    names = format_cards(deck(36)).split()
    names.remove("10H")
    names.append("10H")
    assert GAME.play_deal(" ".join(names), policies=lowest_legal)["trump"] == "hearts"
    r = GAME.play_deal(" ".join(names), rules={"kerosinka_turned": "no_trump_suit"}, policies=lowest_legal)
    assert r["trump"] == "no trump"


def test_bad_deals_are_refused():
    with pytest.raises(SimkitError, match="36 distinct cards"):
        GAME.play_deal(TENS_LED.replace("AC", "KS"))
    with pytest.raises(SimkitError, match="not in the deck"):
        GAME.play_deal(TENS_LED.replace("6C", "5C"))


def test_games_reach_the_target_and_share_ties():
    res = simkit.simulate("kerosinka", 200, rules={"target": 500}, policies="random", seed=3, progress=False)
    m = res.metrics
    assert sum(m[f"win_rate.seat{s}"]["value"] for s in range(4)) == pytest.approx(1.0)
    # 120 points a deal: at least ceil(500 / 120) = 5 deals, at most ceil((4 * 499 + 1) / 120) = 17
    assert 5 <= m["deals_per_game"]["value"] <= 17
    assert max(m[f"score.seat{s}"]["value"] for s in range(4)) >= 500 / 4
    pts = res.tables["points"]
    deals = res.stats["counters"][0]
    assert (pts.points * pts["count"]).sum() == 120 * deals


def test_the_shown_card_is_the_kerosinka_once_in_36():
    res = simkit.simulate("kerosinka", 4000, rules={"unit": "deal"}, policies="random", seed=5, progress=False)
    est = res.metrics["kerosinka_shown_rate"]
    assert abs(est["value"] - 1 / 36) < 4 * (1 / 36 * 35 / 36 / 4000) ** 0.5


def test_the_simulation_player_is_legal_and_replays_alike():
    check_simulation_replays(GAME, 36)
