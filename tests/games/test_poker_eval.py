"""The poker hand evaluator (G02, seed 000 lines 51-77): category counts over every hand
against combinatorics worked out here, the tie-breaks of line 77 against a plain Python
reading of them, wild cards against brute force, and the public batch API."""
import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from numba import njit

from simkit import SimkitError
from simkit.core.cards import parse

CATEGORIES = best_five = evaluate = random_hands = E = config = CAT = None   # bound by _import_game
SP = {0: 0, 1: 3, 2: 1, 3: 2}          # suit priority: ♥ > ♣ > ♦ > ♠ («Черви, трефы, бубны пики»)


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing compiles its kernels)."""
    global CATEGORIES, best_five, evaluate, random_hands, E, config, CAT
    from simkit.games.poker import CATEGORIES, best_five, evaluate, random_hands
    from simkit.games.poker import eval_nb as E
    from simkit.games.poker.evaluator import config
    CAT = {name: i for i, name in enumerate(CATEGORIES)}


@njit(cache=True)
def _all_hands(n):
    out = np.empty((n * (n - 1) * (n - 2) * (n - 3) * (n - 4) // 120, 5), np.uint8)
    k = 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        out[k, 0], out[k, 1], out[k, 2], out[k, 3], out[k, 4] = a, b, c, d, e
                        k += 1
    return out


def _counts(cats):
    return dict(zip(CATEGORIES, np.bincount(cats, minlength=len(CATEGORIES)).tolist()))


def _windows(wheel=True):
    """Rank sets of the straights: five in a row, and A-2-3-4-5 with the wheel."""
    wins = [set(range(low, low + 5)) for low in range(9)]
    return wins + ([{12, 0, 1, 2, 3}] if wheel else [])


def _standard_counts(wheel=True):
    """Every five-card hand of one 52-card deck, by the seed's categories."""
    n_straight_sets = len(_windows(wheel))
    not_flush = 4 ** 5 - 4
    plain_sets = comb(13, 5) - n_straight_sets
    # ace-king: A and K and three other ranks, no pair, not A-K-Q-J-10 (a straight)
    ak_sets = comb(11, 3) - 1
    return {
        "royal flush": 4,
        "straight flush": 4 * (n_straight_sets - 1),
        "four of a kind": 13 * 48,
        "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * plain_sets,
        "straight": n_straight_sets * not_flush,
        "three of a kind": 13 * comb(4, 3) * comb(12, 2) * 4 ** 2,
        "two pair": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "pair": 13 * comb(4, 2) * comb(12, 3) * 4 ** 3,
        "ace-king": ak_sets * not_flush,
        "nothing": (plain_sets - ak_sets) * not_flush,
        "five of a kind": 0,
    }


def test_every_hand_of_one_deck_by_category():
    hands = _all_hands(52)
    assert len(hands) == comb(52, 5) == 2_598_960
    got = _counts(evaluate(hands, check=False).category)
    want = _standard_counts()
    assert got == want
    # the textbook shares GAMES.md quotes
    assert round(100 * want["pair"] / len(hands), 2) == 42.26
    assert round(100 * want["two pair"] / len(hands), 2) == 4.75
    assert round(100 * (want["nothing"] + want["ace-king"]) / len(hands), 2) == 50.12


def test_every_hand_without_the_wheel():
    got = _counts(evaluate(_all_hands(52), {"wheel": False}, check=False).category)
    assert got == _standard_counts(wheel=False)


def test_every_hand_with_one_joker():
    """53 cards: hands without the joker count as above; with it, the four natural cards
    decide (worked out per pattern of those four)."""
    fits = [s for s in itertools.combinations(range(13), 4) if any(set(s) <= w for w in _windows())]
    royal_sets = comb(5, 4)                       # four of 10-J-Q-K-A: only the royal window
    nat = _standard_counts()
    with_joker = {
        "five of a kind": 13,                                          # four of a rank
        "royal flush": 4 * royal_sets,
        "straight flush": 4 * (len(fits) - royal_sets),
        "four of a kind": 13 * comb(4, 3) * 48,                        # three of a rank and one other
        "full house": comb(13, 2) * comb(4, 2) ** 2,                   # two pairs
        "flush": 4 * (comb(13, 4) - len(fits)),                        # four of a suit, no straight
        "straight": len(fits) * (4 ** 4 - 4),
        "three of a kind": 13 * comb(4, 2) * comb(12, 2) * 4 ** 2,     # a pair and two others
        "pair": (comb(13, 4) - len(fits)) * (4 ** 4 - 4),
    }
    want = {k: nat[k] + with_joker.get(k, 0) for k in nat}
    hands = _all_hands(53)
    got = _counts(evaluate(hands, {"jokers": 1}, check=False).category)
    assert sum(want.values()) == comb(53, 5)
    assert got == want
    assert want["royal flush"] == 24 and want["five of a kind"] == 13   # the figures quoted for one joker


# -- tie-breaks: a plain reading of line 77 ---------------------------------------------

def ref_key(cards, tiebreak="literal", pair="pair_first", wheel=True, five_top=True):
    """The ranking as GAMES.md G02 reads line 77, written plainly (no wild cards)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    by_rank = Counter(ranks)
    groups = sorted(by_rank.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = [n for _, n in groups]
    flush = len({c & 3 for c in cards}) == 1
    single = {c >> 2: c for c in cards}

    def sp(rank):
        return 0 if tiebreak == "rank_only" else SP[single[rank] & 3]

    top = None
    if len(by_rank) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif wheel and ranks == [12, 3, 2, 1, 0]:
            top = 3
    suit = 0 if tiebreak == "rank_only" else SP[cards[0] & 3]

    def straightish(t, s):
        return (s, t) if tiebreak == "literal" else (t, s)

    if top is not None and flush:
        cat, key = ("royal flush", (suit,)) if top == 12 else ("straight flush", straightish(top, suit))
    elif shape == [5]:
        cat, key = "five of a kind", (groups[0][0],)
    elif shape == [4, 1]:
        cat, key = "four of a kind", (groups[0][0], groups[1][0])
    elif shape == [3, 2]:
        cat, key = "full house", (groups[0][0], groups[1][0])
    elif flush:
        cat, key = "flush", ((suit, tuple(ranks)) if tiebreak == "literal" else (tuple(ranks), suit))
    elif top is not None:
        cat, key = "straight", straightish(top, sp(top))
    elif shape == [3, 1, 1]:
        cat, key = "three of a kind", (groups[0][0], groups[1][0], groups[2][0])
    elif shape == [2, 2, 1]:
        cat, key = "two pair", (groups[0][0], groups[1][0], groups[2][0], sp(groups[2][0]))
    elif shape == [2, 1, 1, 1]:
        kick = tuple(r for r, _ in groups[1:])
        cat, key = "pair", ((groups[0][0],) + kick if pair == "pair_first" else kick + (groups[0][0],))
        key += (sp(kick[0]),)
    else:
        cat = "ace-king" if 12 in by_rank and 11 in by_rank else "nothing"
        key = tuple(ranks) + (sp(ranks[0]),)
    place = CAT[cat]
    if not five_top and place >= CAT["straight flush"]:
        place = {"five of a kind": 9, "straight flush": 10, "royal flush": 11}[cat]
    return (place, key), cat


def _hands_of_every_category(rng, n, decks):
    """Random hands drawn to hit every category often (rank and suit patterns first)."""
    out = []
    for _ in range(n):
        kind = rng.integers(7)
        if kind == 0:                                   # a run of five ranks
            low = rng.integers(-1, 9)
            ranks = [12 if r < 0 else r for r in range(low, low + 5)]
        elif kind == 1:                                 # a few ranks, repeated
            ranks = list(rng.choice(13, 5 - rng.integers(1, 4), replace=False))
            ranks += list(rng.choice(ranks, 5 - len(ranks)))
        else:
            ranks = list(rng.choice(13, 5, replace=False))
        one_suit = rng.random() < 0.4
        suit = rng.integers(4)
        hand = [r * 4 + (suit if one_suit else rng.integers(4)) for r in ranks]
        if max(Counter(hand).values()) <= decks:
            out.append(hand)
    return np.array(out, dtype=np.uint8)


@pytest.mark.parametrize("rules", [
    {},
    {"tiebreak": "rank_first"},
    {"tiebreak": "rank_only", "wheel": False},
    {"pair_tiebreak": "kickers_first", "decks": 2},
    {"decks": 2, "five_of_a_kind": "below_straight_flush", "tiebreak": "rank_first"},
])
def test_order_matches_the_plain_reading(rules):
    decks = rules.get("decks", 1)
    hands = _hands_of_every_category(np.random.default_rng(5), 6000, decks)
    ev = evaluate(hands, rules)
    opts = dict(tiebreak=rules.get("tiebreak", "literal"), pair=rules.get("pair_tiebreak", "pair_first"),
                wheel=rules.get("wheel", True), five_top=rules.get("five_of_a_kind", "above_royal") == "above_royal")
    keys = [ref_key(list(h), **opts) for h in hands.tolist()]
    assert [CATEGORIES[c] for c in ev.category] == [cat for _, cat in keys]
    order = sorted(range(len(hands)), key=lambda i: keys[i][0])
    ranks = ev.rank[order]
    ref = [keys[i][0] for i in order]
    same = np.array([a == b for a, b in zip(ref[1:], ref[:-1])])
    step = np.diff(ranks.astype(np.int64))
    assert (step[same] == 0).all() and (step[~same] > 0).all()
    assert len(Counter(ev.category.tolist())) >= (11 if decks == 2 else 10)


def _beats(a, b, rules=None):
    ra, rb = evaluate([parse(a), parse(b)], rules).rank
    return int(np.sign(int(ra) - int(rb)))


def test_line_77_by_hand():
    # «Стрейт - по приоритету масти старшей карты»: a 5-high straight topped by a heart
    # beats an ace-high one topped by a spade; rank first reverses it
    assert _beats("5H 4S 3S 2S AD", "AS KH QH JH 10H") == 1
    assert _beats("5H 4S 3S 2S AD", "AS KH QH JH 10H", {"tiebreak": "rank_first"}) == -1
    # «Флеш - по приоритету мастей, если масти одинаковые, то по старшей карте»
    assert _beats("7H 5H 4H 3H 2H", "AS KS QS JS 9S") == 1
    assert _beats("9H 5H 4H 3H 2H", "8H 7H 5H 4H 3H") == 1
    assert _beats("7H 5H 4H 3H 2H", "AS KS QS JS 9S", {"tiebreak": "rank_first"}) == -1
    # «Стрейт Флеш - по приоритету мастей»; a royal flush is a category of its own
    assert _beats("6H 5H 4H 3H 2H", "KS QS JS 10S 9S") == 1
    assert _beats("AS KS QS JS 10S", "KH QH JH 10H 9H") == 1
    assert _beats("AH KH QH JH 10H", "AC KC QC JC 10C") == 1
    assert _beats("AH KH QH JH 10H", "AC KC QC JC 10C", {"tiebreak": "rank_only"}) == 0
    # «Туз-король» sits above nothing and below a pair, and compares the third card
    assert _beats("AS KD 4C 3H 2S", "AS QD JC 9H 8S") == 1
    assert _beats("AS KD 4C 3H 2S", "2S 2D 5C 4H 3S") == -1
    assert _beats("AS KD 7C 3H 2S", "AH KC 6D 5S 4H") == 1
    # all five ranks equal: the suit of the highest card (♥ ♣ ♦ ♠)
    assert _beats("AH KD 7C 3H 2S", "AC KH 7D 3S 2C") == 1
    assert _beats("QC JD 7C 3H 2S", "QD JH 7D 3S 2C") == 1
    # «Пара - по старшинству третьей карты»: pair rank first by default
    assert _beats("3S 3D 6C 5H 4S", "2S 2D AC KH QS") == 1
    assert _beats("3S 3D 6C 5H 4S", "2S 2D AC KH QS", {"pair_tiebreak": "kickers_first"}) == -1
    assert _beats("9S 9D KH 5C 4S", "9H 9C KC 5D 4H") == 1          # the third card's suit
    # «Две пары - по старшей паре, если обе пары равны - по пятой карте», then its suit
    assert _beats("KS KD 3C 3H 5S", "QS QD JC JH AS") == 1
    assert _beats("KS KD 3C 3H 5S", "KH KC 3D 3S 4H") == 1
    assert _beats("KS KD 3C 3H 5H", "KH KC 3D 3S 5S") == 1
    # sets by their rank; the wheel is the lowest straight (its top card is the five)
    assert _beats("5S 5D 5C 2H 3S", "4S 4D 4C AH KS") == 1
    assert _beats("6S 5D 4C 3H 2S", "5H 4D 3C 2H AS", {"tiebreak": "rank_first"}) == 1
    assert CATEGORIES[evaluate(parse("5H 4D 3C 2H AS"), {"wheel": False}).category[0]] == "nothing"


def test_five_of_a_kind_place():
    five, royal, sf, quads = "AS AH AD AC Jo", "AH KH QH JH 10H", "KS QS JS 10S 9S", "KS KH KD KC AS"
    on_top = evaluate([parse(x) for x in (five, royal, sf, quads)], {"jokers": 1}).rank
    assert on_top[0] > on_top[1] > on_top[2] > on_top[3]
    low = evaluate([parse(x) for x in (five, royal, sf, quads)],
                   {"jokers": 1, "five_of_a_kind": "below_straight_flush"})
    assert low.rank[1] > low.rank[2] > low.rank[0] > low.rank[3]
    assert low.names[0] == "five of a kind"


# -- wild cards against brute force -------------------------------------------------------

@njit(cache=True)
def _brute_wild_nb(hands, ev, out):
    """Best natural value over every card (0..51) for each wild; with ``EV_NO_DUP`` a
    wild may not stand for a card the other four cards (as they stand) hold."""
    nodup = (ev & E.EV_NO_DUP) != 0
    nat_ev = ev & ~(0xFF << 8) & ~E.EV_JOKERS & ~E.EV_NO_DUP
    sub = np.empty(5, np.int64)
    for i in range(hands.shape[0]):
        wild = np.zeros(5, np.bool_)
        w = 0
        for j in range(5):
            wild[j] = E.is_wild_nb(np.int64(hands[i, j]), ev)
            w += wild[j]
        best = np.int64(-1)
        for code in range(52 ** w):
            x = code
            for j in range(5):
                if wild[j]:
                    sub[j] = x % 52
                    x //= 52
                else:
                    sub[j] = hands[i, j]
            dup = False
            for j in range(5):
                for k in range(5):
                    if nodup and wild[j] and k != j and sub[k] == sub[j]:
                        dup = True
            if dup:
                continue
            v = E.eval5_nb(sub[0], sub[1], sub[2], sub[3], sub[4], nat_ev)
            if v > best:
                best = v
        out[i] = best


@pytest.mark.parametrize("rules,n_wild", [
    ({"jokers": 4}, (1, 2)),
    ({"wild_rank": "2", "tiebreak": "rank_first", "wheel": False}, (1, 2)),
    ({"jokers": 2, "tiebreak": "rank_only", "pair_tiebreak": "kickers_first", "decks": 2,
      "five_of_a_kind": "below_straight_flush"}, (1, 2)),
    ({"jokers": 4}, (3,)),
    ({"wild_rank": "J", "decks": 2}, (3, 4)),
    ({"jokers": 4, "wild_duplicates": False}, (1, 2)),
    ({"jokers": 4, "wild_duplicates": False}, (3,)),
    ({"wild_rank": "2", "decks": 2, "wild_duplicates": False, "tiebreak": "rank_first"}, (1, 2)),
    ({"wild_rank": "J", "decks": 2, "wild_duplicates": False}, (3, 4)),
])
def test_wild_cards_take_the_best_card(rules, n_wild):
    ev = config(rules)
    pool = random_hands(60_000, rules, seed=3)
    wild_rank = {"none": -1, "2": 0, "J": 9}[rules.get("wild_rank", "none")]
    n_wild_of = ((pool >= 52) | ((pool >> 2) == wild_rank)).sum(axis=1)
    hands = pool[np.isin(n_wild_of, n_wild)][:{1: 1500, 2: 400, 3: 40}[min(max(n_wild), 3)]]
    if 4 in n_wild:   # four wilds are rare in random hands: add a few built ones
        hands = np.concatenate([hands, [parse("JS JH JD JC 7S"), parse("JS JH JD JC AS"), parse("JS JS JD JC 2H")]])
    assert len(hands) >= 3
    want = np.empty(len(hands), np.int64)
    _brute_wild_nb(hands, ev, want)
    np.testing.assert_array_equal(evaluate(hands, rules).rank, want)


def test_wild_duplicates_option_by_hand():
    hands = [parse(h) for h in ("Jo AH 9H 7H 4H", "Jo AS AH AD AC", "Jo Jo1 AS AH 3D", "Jo KH QH JH 10H")]
    dup = evaluate(hands, {"jokers": 2})
    assert dup.names == ["flush", "five of a kind", "four of a kind", "royal flush"]
    nodup = evaluate(hands, {"jokers": 2, "wild_duplicates": False})
    assert nodup.names == ["flush", "four of a kind", "four of a kind", "royal flush"]
    # the double-ace flush beats A-K-9-7-4 only when a wild may duplicate the ace
    assert _beats("Jo AH 9H 7H 4H", "AH KH 9H 7H 4H", {"jokers": 1}) == 1
    assert _beats("Jo AH 9H 7H 4H", "AH KH 9H 7H 4H", {"jokers": 1, "wild_duplicates": False}) == 0
    # four aces: the joker, unable to be a fifth ace, is the best kicker (a king)
    assert _beats("Jo AS AH AD AC", "AS AH AD AC KD", {"jokers": 1, "wild_duplicates": False}) == 0
    with pytest.raises(SimkitError, match=r"wild_duplicates=false has no effect without wild cards"):
        evaluate(hands[:1], {"wild_duplicates": False})


def test_wild_hands_by_hand():
    names = evaluate([parse(h) for h in ("Jo AH KH QH JH", "Jo 9S 8H 7D 6C", "Jo Jo1 7S 7H 2D", "Jo 2S 3S 4S 5S",
                                         "Jo 5S 4H 3D 2C")], {"jokers": 2}).names
    assert names == ["royal flush", "straight", "four of a kind", "straight flush", "straight"]
    # literal tie-break: the wild tops the straight as a heart
    assert _beats("Jo 9S 8H 7D 6C", "10S 9S 8H 7D 6C", {"jokers": 1}) == 1
    assert _beats("2S 9S 8H 7D 6C", "10H 9S 8H 7D 6C", {"wild_rank": "2"}) == 0


# -- the public API -------------------------------------------------------------------------

def test_evaluate_returns_ranks_and_categories():
    ev = evaluate(np.array([parse("AH KH QH JH 10H"), parse("2S 3D 5C 7H 9S")]))
    assert ev.rank.dtype == np.int32 and ev.category.dtype == np.int8
    assert ev.names == ["royal flush", "nothing"]
    rank, cat = ev
    assert rank[0] > rank[1] and cat[0] == CAT["royal flush"]


def test_best_five_of_seven():
    rng = np.random.default_rng(2)
    cards = np.array([rng.choice(52, 7, replace=False) for _ in range(300)], dtype=np.uint8)
    best = best_five(cards)
    subsets = list(itertools.combinations(range(7), 5))
    every = evaluate(cards[:, subsets].reshape(-1, 5)).rank.reshape(len(cards), len(subsets))
    np.testing.assert_array_equal(best.rank, every.max(axis=1))
    np.testing.assert_array_equal(evaluate(best.cards).rank, best.rank)
    np.testing.assert_array_equal(np.take_along_axis(cards, best.index, axis=1), best.cards)


@pytest.mark.parametrize("bad,rules,match", [
    (np.zeros((3, 4), np.uint8), None, "shape"),
    (np.array([[0, 1, 2, 3, 52]]), None, "not in this game's deck"),
    (np.array([[0, 0, 2, 3, 4]]), None, "more than 1 time"),
    (np.array([[0, 1, 2, 3, -1]]), None, "card codes must be"),
    (np.array([[0.0, 1, 2, 3, 4]]), None, "integers"),
    (np.array([[0, 1, 2, 3, 55]]), {"jokers": 2}, "not in this game's deck"),
])
def test_evaluate_refuses_bad_hands(bad, rules, match):
    with pytest.raises(SimkitError, match=match):
        evaluate(bad, rules)


def test_duplicates_allowed_with_two_decks():
    assert evaluate(parse("AH AH KH QH JH"), {"decks": 2}).names == ["flush"]
    with pytest.raises(SimkitError, match="at most 10 cards"):
        best_five(np.zeros((1, 11), np.uint8))


def test_the_package_offers_the_evaluator_as_its_own():
    """``simkit.games.poker`` re-exports the batch evaluator's names (docs/poker.md) through
    its module ``__getattr__``: the very objects of :mod:`.evaluator`, and no other name."""
    from simkit.games import poker
    from simkit.games.poker import evaluator

    for name in poker._EVALUATOR:
        assert getattr(poker, name) is getattr(evaluator, name)
    with pytest.raises(AttributeError, match="no attribute 'evaluator_nb'"):
        poker.evaluator_nb
