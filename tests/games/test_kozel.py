"""Kozel (G11) on the engine: hand-built deals through ``play_deal`` (the deal of the two
halves, the turned card, the dealer's lead, the half with nobody at 61), the play
compared with a small Python reference on random card orders, the match's marks, and
the 60 points a half holds on average."""
import random

import pytest
from numba import njit
from rules_checks import check_simulation_replays

import simkit
from simkit.core.cards import deck, format as format_cards, parse
from simkit.errors import IllegalMoveError, SimkitError


@pytest.fixture(scope="module", autouse=True)
def _import_game():
    global GAME, lowest_legal, lowest_in_hand
    from simkit.core.tricks import PLAY_SIG, lowest_card_nb

    GAME = simkit.get_game("kozel")

    @njit(PLAY_SIG, cache=True)
    def lowest_legal(hand, legal, state, params):
        return lowest_card_nb(legal)

    @njit(PLAY_SIG, cache=True)
    def lowest_in_hand(hand, legal, state, params):
        return lowest_card_nb(hand)


ORDER = "7s 8s 9s 10s Js Qs Ks As 7h 8h 9h 10h Jh Qh Kh Ah 7d 8d 9d 10d Jd Qd Kd Ad 7c 8c 9c 10c Jc Qc Kc Ac"


def test_the_turned_card_is_the_dealers_and_the_halves_are_dealt_from_his_left():
    r = GAME.play_deal(ORDER, policies=lowest_legal, dealer=0)
    assert r["turned"] == "7S" and r["trump"] == "spades"
    assert r["hands"][0] == ["7S 7H JS JH", "8S 8H QS QH", "9S 9H KS KH", "10S 10H AS AH"]
    assert r["hands"][1] == ["10D 10C AD AC", "7D 7C JD JC", "8D 8C QD QC", "9D 9C KD KC"]
    assert r["audit"]["checks"] > 0 and r["audit"]["violations"] == 0
    # the turned card only shows trump: dealt first, to the dealer's left
    r = GAME.play_deal(ORDER, rules={"turnup_to_dealer": False}, policies=lowest_legal, dealer=2)
    assert r["hands"][0][3] == "7S 7H JS JH" and r["hands"][0][2] == "10S 10H AS AH"


def test_a_half_with_nobody_at_61():
    # seat 0 deals and leads the 7♠ (spades trump): the 10♠ takes 10, then leads the 10♥ (10); the A♠ lead
    # is trumped by the dealer's J♠ (20) and his J♥ takes the last (20): 40 / 0 / 0 / 20, nobody at 61
    r = GAME.play_deal(ORDER, policies=lowest_legal, dealer=0)
    assert r["points"][0] == [40, 0, 0, 20] and sum(r["points"][1]) == 60
    assert r["winners"]["literal_61"] == [-1, -1]
    assert r["winners"]["scaled_majority"][0] == 0 and r["winners"]["most_points"][0] == 0
    assert sum(r["tricks"]) == 8


def test_a_half_with_61():
    # seat 0 holds all four jacks (permanent top trumps) and leads: he takes every trick of the first half
    order = "Jc Ah 10h Kh Jd As 10s Ks Js Ad 10d Kd Jh Ac 10c Kc " + " ".join(
        c for c in ORDER.split() if c.upper() not in set(
            "JC AH 10H KH JD AS 10S KS JS AD 10D KD JH AC 10C KC".split()))
    r = GAME.play_deal(order, policies=lowest_legal, dealer=0)
    assert r["hands"][0][0] == "JS JH JD JC" and r["trump"] == "clubs"
    # each trick: a jack (2), an ace (11), a ten (10), a king (4); the A♣, 10♣, K♣ must follow the trump lead
    assert r["points"][0] == [108, 0, 0, 0] and r["winners"]["literal_61"][0] == 0


# -- the play against a Python reference ---------------------------------------------------------
_PLAIN = {r: i for i, r in enumerate("7 8 9 Q K 10 A".split())}
_JACKS = {"D": 0, "H": 1, "S": 2, "C": 3}
_PTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def _rank_suit(card):
    return card[:-1], card[-1]


def _esuit(card, trump):
    rank, suit = _rank_suit(card)
    return "T" if rank == "J" or suit == trump else suit


def _power(card, trump):
    rank, suit = _rank_suit(card)
    if rank == "J":
        return 200 + _JACKS[suit]
    return (100 if suit == trump else 0) + _PLAIN[rank]


def _legal(hand, led, trump):
    if led is None:
        return hand
    same = [c for c in hand if _esuit(c, trump) == _esuit(led, trump)]
    trumps = [c for c in hand if _esuit(c, trump) == "T"]
    return same or trumps or hand


def _reference(cards, dealer, to_dealer):
    """Deal and play both halves, every seat playing its lowest-coded legal card."""
    code = {c: int(x) for c, x in zip(cards, parse(" ".join(cards)))}
    trump = cards[0][-1]
    points, tricks = [], [0] * 4
    for half in range(2):
        hands = [[] for _ in range(4)]
        chunk = cards[16 * half:16 * half + 16]
        seat = dealer
        if half == 0 and to_dealer:
            hands[dealer].append(chunk[0])
            chunk = chunk[1:]
        for c in chunk:
            seat = (seat + 1) % 4
            hands[seat].append(c)
        pts = [0] * 4
        leader = dealer
        for _ in range(4):
            trick = []
            for i in range(4):
                s = (leader + i) % 4
                c = min(_legal(hands[s], trick[0] if trick else None, trump), key=code.get)
                hands[s].remove(c)
                trick.append(c)
            es = _esuit(trick[0], trump)
            best = max((i for i in range(4) if _esuit(trick[i], trump) in (es, "T")),
                       key=lambda i: _power(trick[i], trump))
            leader = (leader + best) % 4
            pts[leader] += sum(_PTS.get(_rank_suit(c)[0], 0) for c in trick)
            tricks[leader] += 1
        points.append(pts)
    return points, tricks


@pytest.mark.parametrize("to_dealer", [True, False])
def test_play_matches_a_python_reference_on_random_orders(to_dealer):
    rng = random.Random(12)
    names = format_cards(deck(32)).split()
    for k in range(40):
        rng.shuffle(names)
        dealer = k % 4
        r = GAME.play_deal(" ".join(names), rules={"turnup_to_dealer": to_dealer}, policies=lowest_legal,
                           dealer=dealer)
        assert (r["points"], r["tricks"]) == _reference(names, dealer, to_dealer), (names, dealer)
        assert r["audit"]["violations"] == 0


def test_an_illegal_card_is_refused_with_the_situation():
    names = format_cards(deck(32)).split()
    random.Random(3).shuffle(names)
    with pytest.raises(IllegalMoveError, match=r"kozel.*deal 1 \(\w+\), trick \d, seat \d following .* legal cards"):
        GAME.play_deal(" ".join(names), policies=lowest_in_hand, dealer=1)


def test_bad_deals_are_refused():
    with pytest.raises(SimkitError, match="32 distinct cards"):
        GAME.play_deal(ORDER.replace("Ac", "Ks"))
    with pytest.raises(SimkitError, match="not in the deck"):
        GAME.play_deal(ORDER.replace("7c", "6c"))
    with pytest.raises(SimkitError, match="dealer=4"):
        GAME.play_deal(ORDER, dealer=4)


def test_the_first_decisive_half_ends_a_match_of_one_mark():
    # one mark against each opponent: the first half won wipes a record out (2 off, or 1 off the dealer)
    res = simkit.simulate("kozel", 30, rules={"marks": 1, "half_winner": "most_points"}, policies="random",
                          seed=4, progress=False)
    n, s, _ = res.stats["match_len"][2, :3]
    assert n == 30 and s == 30 and res.metrics["unfinished_match_rate"]["value"] == 0
    win = res.stats["match_win"]
    assert sum(win[p, 1] for p in range(4)) == 30 * 12        # one winner per match


def test_a_half_holds_60_points_on_average():
    """Each card is as likely to lie in the first half as in the second: 60 a half, 120 a deal."""
    res = simkit.simulate("kozel", 3000, rules={"unit": "deal"}, policies="heuristic", seed=2, progress=False)
    for half in ("first", "second"):
        est = res.metrics[f"half_points.{half}"]
        assert abs(est["value"] - 60) < 4 * est["stderr"]
    pts = res.tables["points"]
    assert (pts.points * pts["count"]).sum() == 120 * 3000 and pts["count"].sum() == 4 * 3000
    tr = res.tables["tricks"]
    assert (tr.tricks * tr["count"]).sum() == 8 * 3000


def test_the_simulation_player_is_legal_and_replays_alike():
    check_simulation_replays(GAME, 32)
