"""Klaberjass (G10, seed 000 lines 331-391) on the trick engine: every rule path on
hand-built deals through ``play_deal`` (the auction's take, schmeiss accepted and refused,
the second round and the throw-in, the dix and the dealer's delayed dix, sequences and their
tie-breaks, bella in both orders, the follow / trump / overtrump obligations, card points
with the stich, each scoring outcome), and small simulations."""
import numpy as np
import pytest
from numba import njit

import simkit
from simkit.core.cards import HEARTS, RANK_K, RANK_Q, deck, parse
from simkit.core.tricks import S_N_IN_TRICK, S_SEAT, S_TRUMP, S_TURNUP, legal_nb, lowest_card_nb, mask_of
from simkit.errors import IllegalMoveError, SimkitError


# -- user policies (compiled in the fixture with the documented signatures) -------------------------
def take(hand, state, params):
    return 1 if state[nb.S_PHASE] == nb.PHASE_ROUND1 else 0


def pass_all(hand, state, params):
    return 0


def name_clubs(hand, state, params):
    """Passes round 1; in round 2 the non-dealer names clubs."""
    if state[nb.S_PHASE] == nb.PHASE_ROUND2 and state[S_SEAT] != state[3]:
        return 1 + 3
    return 0


def name_turned(hand, state, params):
    return 1 + (state[S_TURNUP] & 3) if state[nb.S_PHASE] == nb.PHASE_ROUND2 else 0


def schmeiss_accepted(hand, state, params):
    return 2 if state[nb.S_PHASE] == nb.PHASE_ROUND1 else 1


def schmeiss_refused(hand, state, params):
    return 2 if state[nb.S_PHASE] == nb.PHASE_ROUND1 else 0


def never(hand, state, params):
    return 0


def play_lowest(hand, legal, state, params):
    return lowest_card_nb(legal)


def king_first(hand, legal, state, params):
    k = np.int64(1) << (4 * RANK_K + state[S_TRUMP])
    return lowest_card_nb(legal & k) if legal & k else lowest_card_nb(legal)


def queen_first(hand, legal, state, params):
    q = np.int64(1) << (4 * RANK_Q + state[S_TRUMP])
    return lowest_card_nb(legal & q) if legal & q else lowest_card_nb(legal)


def lowest_of_hand(hand, legal, state, params):
    """Ignores the obligations when following (an illegal card when the lowest is not legal)."""
    return lowest_card_nb(hand) if state[S_N_IN_TRICK] else lowest_card_nb(legal)


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global GAME, nb, K, take, pass_all, name_clubs, name_turned, schmeiss_accepted, schmeiss_refused, never, \
        play_lowest, king_first, queen_first, lowest_of_hand
    from simkit.games.klaberjass import scoring as K
    from simkit.games.klaberjass import GAME, nb
    take, pass_all, name_clubs, name_turned, schmeiss_accepted, schmeiss_refused, never = (
        njit(nb.BID_SIG, cache=True)(f) for f in (take, pass_all, name_clubs, name_turned, schmeiss_accepted,
                                                  schmeiss_refused, never))
    play_lowest, king_first, queen_first, lowest_of_hand = (
        njit(nb.PLAY_SIG, cache=True)(f) for f in (play_lowest, king_first, queen_first, lowest_of_hand))


def order(nd, dealer, turned, nd_more="", dealer_more="", bottom=None):
    """A 32-card order: the non-dealer's six (dealt three, three), the dealer's six, the
    turned card, three more each, the bottom card shown (the 20th), the rest of the deck."""
    a, b = parse(nd), parse(dealer)
    head = list(a[:3]) + list(b[:3]) + list(a[3:]) + list(b[3:]) + list(parse(turned))
    head += list(parse(nd_more)) + list(parse(dealer_more))
    tail = [int(c) for c in deck(32) if c not in head]
    if bottom is not None:
        tail.remove(parse(bottom)[0])
        tail.insert(19 - len(head), int(parse(bottom)[0]))
    return np.array(head + tail, np.uint8)


def deal(cards, *, bid=None, declare="heuristic", play=None, **kw):
    """``play_deal`` with the non-dealer taking and the lowest legal card played, unless given."""
    return GAME.play_deal(cards, policies={"bid": bid or take, "declare": declare, "play": play or play_lowest}, **kw)


def audit_points(out):
    """Card points won + points of the cards out of play + the stich's 10 = 162 (the kernel
    audits this too; here recomputed from the hands in Python)."""
    trump = ("spades", "hearts", "diamonds", "clubs").index(out["trump"])
    played = set(parse(" ".join(out["hands"])))
    if out["dix"] is not None:
        played -= {4 * 5 + trump}
        played |= set(parse(out["turned"]))
    left = sum(K.POINTS[trump][c] for c in deck(32) if int(c) not in played)
    assert sum(out["card_points"]) + left == K.DEAL_POINTS
    assert sum(out["tricks"]) == 9


# -- the auction ----------------------------------------------------------------------------------
HANDS = dict(nd="AS 10S KS AH 10H KH", dealer="7S 8S 9S 7H 8H 9H", turned="AD", nd_more="AC 10C KC",
             dealer_more="7C 8C 9C")


def test_take_makes_the_non_dealer_maker_with_the_turned_suit():
    out = deal(order(**HANDS), dealer=0)
    assert (out["maker"], out["contract"], out["trump"], out["thrown"]) == (1, "take", "diamonds", None)
    assert sorted(parse(out["hands"][1])) == sorted(parse("AS 10S KS AH 10H KH AC 10C KC"))
    audit_points(out)


def test_schmeiss_accepted_throws_the_deal_in_and_refused_makes_the_caller_maker():
    """000:343 «Если оно принимается, игроки бросают карты ... Если предложение встречает
    отказ, объявивший шмайсс становится заявителем, а вскрытая карта указывает козырную масть»."""
    out = deal(order(**HANDS), bid=schmeiss_accepted, dealer=1)
    assert out["thrown"] == "schmeiss" and out["schmeiss_by"] == 0 and "maker" not in out
    out = deal(order(**HANDS), bid=schmeiss_refused, dealer=1)
    assert (out["maker"], out["contract"], out["trump"], out["schmeiss_by"]) == (0, "schmeiss", "diamonds", 0)
    audit_points(out)


def test_second_round_names_another_suit_and_two_passes_throw_in():
    """000:345 «несдававший игрок может назвать любую другую масть ... Если оба пасуют
    второй раз, карты сбрасываются»."""
    out = deal(order(**HANDS), bid=name_clubs, dealer=0)
    assert (out["maker"], out["contract"], out["trump"]) == (1, "named", "clubs")
    assert deal(order(**HANDS), bid=pass_all)["thrown"] == "passed"
    with pytest.raises(IllegalMoveError, match="round 2"):
        deal(order(**HANDS), bid=name_turned)


# -- the bid heuristic's calls -----------------------------------------------------------------------
#: the old default bid heuristic (threshold 55, 6 a trump, accepting a schmeiss under 60)
OLD_BID = "heuristic:threshold=55,trump_w=6,accept=60"


def test_heuristic_takes_by_trump_length():
    """The value counts `trump_w` (18) a trump and takes at `threshold` (80): three trumps
    with bella and no ace (7 card points + 54 + 20 = 81) take; the old weights (6 a trump,
    55) passed it (7 + 18 + 20 = 45)."""
    cards = order(nd="8D QD KD 9S 8H 7C", dealer="AS 10S KS AH 10H KH", turned="AD")
    out = deal(cards, bid="heuristic", dealer=0)
    assert (out["maker"], out["contract"], out["trump"]) == (1, "take", "diamonds")
    old = deal(cards, bid=OLD_BID, dealer=0)
    assert old.get("maker") != 1 or old["contract"] != "take"


def test_heuristic_refuses_a_schmeiss_unless_very_weak():
    """Answering a schmeiss, the heuristic accepts (throws the deal in) only when its own value
    is under `accept` (20): a hand worth 50 with the turned suit refuses and leaves the caller
    maker, where the old answer (under 60) accepted."""
    cards = order(nd="7S 8S 9S 7H 8H 9H", dealer="AS 10S KS AH 10H KH", turned="AD")
    out = deal(cards, bid=["heuristic", schmeiss_refused], dealer=0)     # seat 1, the non-dealer, calls
    assert (out["maker"], out["contract"], out["schmeiss_by"]) == (1, "schmeiss", 1)
    old = deal(cards, bid=[OLD_BID, schmeiss_refused], dealer=0)
    assert old["thrown"] == "schmeiss" and old["schmeiss_by"] == 1


def test_dealer_throws_in_with_schmeiss_within_throw():
    """With `throw` > 0 the dealer, after the non-dealer's pass, calls schmeiss where he would
    pass when the turned suit's value (50 here) is within `throw` under `threshold` (80); the
    non-dealer, worth 4, accepts and the deal is thrown in. Off by default (`throw` 0: it pays
    only against an answer that accepts too readily, docs/klaberjass.md); the non-dealer, who
    speaks first, never throws in."""
    cards = order(nd="7S 9S JS 7H 9H JC", dealer="AS 10S KS AH 10H KH", turned="AD")
    out = deal(cards, bid="heuristic:throw=40", dealer=0)
    assert out["thrown"] == "schmeiss" and out["schmeiss_by"] == 0
    assert deal(cards, bid="heuristic:throw=20", dealer=0)["schmeiss_by"] is None     # 50 < 80 - 20
    assert deal(cards, bid="heuristic", dealer=0)["schmeiss_by"] is None
    swapped = order(nd="AS 10S KS AH 10H KH", dealer="7S 9S JS 7H 9H JC", turned="AD")
    assert deal(swapped, bid="heuristic:throw=40", dealer=0)["schmeiss_by"] is None
    with pytest.raises(SimkitError, match=r"throw=-1.0 is not allowed; allowed: a finite number in \[0, 500\]"):
        GAME.resolve_policies({"bid": "heuristic:throw=-1"})


# -- the dix ---------------------------------------------------------------------------------------
def test_dix_exchanged_or_kept():
    """000:349: the holder of the trump 7 may take the turned card for it."""
    cards = order(nd="7D AS 10S KS AH 10H", dealer="8S 9S 7H 8H 9H QS", turned="AD")
    out = deal(cards, dealer=0)
    assert out["dix"] == 1 and out["trump"] == "diamonds"
    audit_points(out)
    kept = deal(cards, dealer=0, declare=never)
    assert kept["dix"] is None
    audit_points(kept)
    named = deal(order(nd="7C AS 10S KS AH 10H", dealer="8S 9S 7H 8H 9H QS", turned="AD"), bid=name_clubs,
                 dealer=0)
    assert named["trump"] == "clubs" and named["dix"] is None       # a named suit has no dix


def test_dealer_may_delay_the_dix_to_after_the_first_trick():
    """000:349 «Сдатчик может отложить обмен до окончания розыгрыша первой взятки»: delaying,
    the dealer void in the suit led must trump with his only trump, the dix, and loses the
    exchange; without the option he exchanged before the lead."""
    cards = order(nd="8S 9S 10S JS QS KS", dealer="7D 7H 8H 9H 10H JH", turned="AD", nd_more="AS 7C 8C",
                  dealer_more="QH KH AH")
    assert deal(cards, dealer=0)["dix"] == 0
    out = deal(cards, dealer=0, rules={"dealer_delays_dix": True})
    assert out["dix"] is None
    audit_points(out)
    later = deal(order(nd="8H 9S 10S JS QS KS", dealer="7D 7H 9H 10H JH 8S", turned="AD", nd_more="AS 9C 8C",
                       dealer_more="QH KH AH"), dealer=0, rules={"dealer_delays_dix": True})
    assert later["dix"] == 0                                          # still held after trick 1: exchanged
    audit_points(later)


# -- sequences -------------------------------------------------------------------------------------
SEQ = dict(nd="8S 9S 10S AD KC 7H", dealer="8H 9H 10H KD QS AS", turned="AC", nd_more="QD 8C 7D",
           dealer_more="9D JC 7S")


@pytest.mark.parametrize("change, dealer, want", [
    ({}, 0, [0, 20]),                                         # equal 20s: the non-dealer (seat 1)
    ({}, 1, [20, 0]),                                         # the same deal, the non-dealer now seat 0
    ({"turned": "JH"}, 0, [20, 0]),                           # equal tops: the trump sequence
    ({"dealer": "JH 9H 10H KD QS AS"}, 0, [20, 0]),           # the higher top card
    ({"nd_more": "QD 8C JS"}, 0, [0, 50]),                    # 50 beats 20
])
def test_sequences_scored_by_the_best_only(change, dealer, want):
    """000:353-355: only the best sequence's holder scores: 50 over 20, then the higher top
    card, then trump, then the non-dealer."""
    out = deal(order(**{**SEQ, **change}), dealer=dealer)
    assert out["sequences"] == want
    audit_points(out)


def test_an_undeclared_sequence_leaves_the_score_to_the_other():
    """A holder who does not declare (a coin toss each with the random declarer) scores
    nothing and leaves the lower sequence to score."""
    cards = order(**{**SEQ, "nd_more": "QD 8C JS"})
    seen = {tuple(deal(cards, dealer=0, declare="random", seed=s)["sequences"]) for s in range(16)}
    assert seen == {(0, 0), (20, 0), (0, 50)}


# -- bella -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("play, rule, want", [
    ("queen_first", "queen", 20), ("king_first", "queen", 0), ("queen_first", "either", 20),
    ("king_first", "either", 20)])
def test_bella_in_both_orders(play, rule, want):
    """000:359 «записать себе 20 очков, играя дамой»: the queen played while the king is
    held; option ``either``: whichever is played first."""
    cards = order(nd="KD QD AS 10S AH 10H", dealer="7S 8S 9S 7H 8H 9H", turned="AD")
    out = deal(cards, dealer=0, play=globals()[play], rules={"bella": rule})
    assert out["bella"] == [0, want]
    never_announced = deal(cards, dealer=0, play=globals()[play], rules={"bella": rule}, declare=never)
    assert never_announced["bella"] == [0, 0]


# -- play ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, trick, want", [
    ("KS JH 7D", "AS", "KS"),                # follow suit
    ("JH 9H 7D", "AS", "9H JH"),             # void: trump
    ("KD 7C 8C", "AS", "KD 7C 8C"),          # void in both: any card
    ("KH 7H AS", "QH", "KH"),                # a trump lead: beat it (K over Q)
    ("AH 7H AS", "9H", "7H AH"),             # cannot beat the menel: any trump
    ("JH AH AS", "9H", "JH"),                # the jass beats the menel
    ("AS KD", "AH", "AS KD"),                # no trump: any card
])
def test_follow_trump_and_overtrump_obligations(hand, trick, want):
    """000:357 «должен быть в масть ... должен ходить козырем ... При первом ходе с козыря
    второй игрок должен стремиться перебить козырь первого хода» (trumps: hearts)."""
    t = np.array(list(parse(trick)) + [-1] * 7, np.int64)
    got = legal_nb(mask_of(hand), t, 1, K.TABLES[HEARTS], K.FOLLOW, -1, 0)
    assert got == mask_of(want)


def test_an_illegal_card_is_refused_with_the_legal_cards():
    with pytest.raises(IllegalMoveError, match="legal cards"):
        for s in range(20):
            deal(np.random.default_rng(s).permutation(deck(32)), play=lowest_of_hand)


@pytest.mark.parametrize("bete", ["literal_double", "standard_bete"])
def test_scores_follow_the_totals(bete):
    """000:379: the maker ahead: each his total; equal: only the opponent; behind: the
    opponent double his own (literal) or both totals (standard bete)."""
    rng = np.random.default_rng(5)
    outcomes = set()
    for _ in range(40):
        out = GAME.play_deal(rng.permutation(deck(32)), rules={"bete": bete},
                             policies={"bid": "random", "play": "random"}, seed=int(rng.integers(1000)))
        if out["thrown"]:
            continue
        audit_points(out)
        m, t = out["maker"], out["totals"]
        o = 1 - m
        want = [0, 0]
        if t[m] > t[o]:
            want[m], want[o] = t[m], t[o]
            outcomes.add("made")
        elif t[m] == t[o]:
            want[o] = t[o]
        else:
            want[o] = 2 * t[o] if bete == "literal_double" else t[0] + t[1]
            outcomes.add("failed")
        assert out["scores"] == want
    assert outcomes == {"made", "failed"}


def test_card_points_by_rank_counts_match_the_points_table():
    """000:365-377: ``card_points_nb`` (counts per rank) gives the sum of ``POINTS[trump]``
    over the cards, for every trump and random sets of the 32 cards."""
    rng = np.random.default_rng(9)
    cards = deck(32)
    for _ in range(200):
        chosen = rng.choice(cards, size=int(rng.integers(0, 33)), replace=False)
        m = mask_of(chosen)
        for t in range(4):
            assert K.card_points_nb(m, t) == sum(int(K.POINTS[t][c]) for c in chosen)


def test_bad_input_is_refused():
    with pytest.raises(SimkitError, match="exactly 32"):
        GAME.play_deal("AS KS")
    with pytest.raises(SimkitError, match="dealer=2"):
        GAME.play_deal(order(**HANDS), dealer=2)


# -- simulations -------------------------------------------------------------------------------------
def test_games_and_single_deals_report_their_tables():
    res = simkit.simulate("klaberjass", 30, seed=2, progress=False)
    m = res.metrics
    assert m["win_rate.seat0"]["n"] == 30 and m["deals_per_game"]["value"] > 2
    assert 0 < m["contract_made_rate"]["value"] < 1
    c = res.tables["contracts"]
    assert list(c.columns[:3]) == ["contract", "round", "trump"] and c["count"].sum() == m["contract_made_rate"]["n"]
    one = simkit.simulate("klaberjass", 200, rules={"unit": "deal"}, policies="random", seed=3, progress=False)
    pts, tr = one.tables["points"], one.tables["tricks"]
    assert list(pts.columns) == ["seat", "points", "count"] and pts["count"].sum() == 400
    assert (tr.groupby("seat")["count"].sum() == 200).all()
    assert int((tr["tricks"] * tr["count"]).sum()) == 9 * 200
