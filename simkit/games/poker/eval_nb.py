"""Five-card hand evaluation with the seed's ranking (seed 000 lines 51-77), in numba.

A hand's *value* is an integer, higher beats lower, equal values tie:
``value = place(category) << 24 | detail``. ``place`` is the category's index except that
five of a kind may rank between four of a kind and the straight flush (a rule option);
``detail`` (< 2**24) orders hands of one category by the tie-break rules of line 77 («При
равенстве комбинаций»):

=============  =====================================================================
category       detail, most significant first (``sp`` = suit priority, ♥ 3 > ♣ 2 > ♦ 1 > ♠ 0)
=============  =====================================================================
nothing        rank mask of the five cards (compares highest card down), ``sp`` of the highest
ace-king       the same (A and K are common, so the third, fourth, fifth cards decide)
pair           pair rank, rank mask of the three kickers, ``sp`` of the highest kicker
               (option ``kickers_first``: kickers, pair rank, ``sp``)
two pair       rank mask of the pairs (higher pair, then lower), fifth card, its ``sp``
three          rank of the set, rank mask of the kickers
straight       literal: ``sp`` of the top card, then top rank; rank-first: top rank, ``sp``
flush          literal: ``sp`` of the suit, then the five ranks high to low; rank-first: ranks, ``sp``
full house     rank of the three, rank of the two
four           rank of the four, kicker
straight flush as straight
royal flush    ``sp`` (rank-first modes: ``sp`` too, the ranks being equal)
five of a kind rank
=============  =====================================================================

With ``rank_only`` every ``sp`` is 0 (no suit tie-breaks: equal ranks split the pot).
The wheel A-2-3-4-5 (if allowed) is the lowest straight; its top card is the five.

Wild cards (jokers, or every card of a chosen rank) stand for any card, by default even
one already in the hand (a "double-ace flush"; the rule ``wild_duplicates``: line 51
«джокером можно объявить любую карту» says which card may be declared wild, not what it may
stand for, so this is a documented choice); with ``EV_NO_DUP`` a wild stands only for a
card the hand does not already hold (naturally or through another wild), so five of a kind
needs that many different cards of its rank and a flush's wilds take the highest ranks
the suit lacks. The hand takes the best value any such choice gives (:func:`eval_wild_nb`, checked against brute force in the
tests). Several decks simply give duplicate codes; the natural evaluator counts them.

Every option travels in one int64 scalar ``ev`` (:func:`make_ev`): kernels pass no array
to the evaluator, so calling it costs no reference counting.
"""
import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

NOTHING, ACE_KING, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH = 0, 1, 2, 3, 4, 5, 6
FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_KIND = 7, 8, 9, 10, 11
N_CATS = 12
CATEGORY_NAMES = ("nothing", "ace-king", "pair", "two pair", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush", "royal flush", "five of a kind")

TB_LITERAL, TB_RANK_FIRST, TB_RANK_ONLY = 0, 1, 2
PAIR_FIRST, KICKERS_FIRST = 0, 1

#: bits of ``ev``: tie-break mode (0-1), kickers-first pairs (2), wheel (3), five of a kind
#: on top (4), wild rank + 1 (8-15, 0 = none), jokers in the deck (16), wilds may not
#: duplicate a card of the hand (17)
EV_KICKERS, EV_WHEEL, EV_FIVE_TOP, EV_JOKERS, EV_NO_DUP = 1 << 2, 1 << 3, 1 << 4, 1 << 16, 1 << 17
CAT_SHIFT = 24

_SP_PACKED = 0x9C                # suit priority packed 2 bits per suit: ♠ 0, ♥ 3, ♦ 1, ♣ 2
_WHEEL = 0x100F                  # ranks A, 2, 3, 4, 5
_AK = 0x1800                     # ranks K, A


def make_ev(tiebreak=TB_LITERAL, pair=PAIR_FIRST, wheel=True, wild_rank=-1, jokers=False,
            five_kind_top=True, wild_duplicates=True) -> int:
    """The evaluator's options as one integer (see ``EV_*``); ``five_kind_top`` puts five
    of a kind above the royal flush, else between four of a kind and the straight flush;
    ``wild_duplicates=False`` forbids a wild to stand for a card the hand already holds."""
    ev = int(tiebreak) | (EV_KICKERS if pair == KICKERS_FIRST else 0) | (EV_WHEEL if wheel else 0)
    ev |= (EV_FIVE_TOP if five_kind_top else 0) | ((int(wild_rank) + 1) << 8) | (EV_JOKERS if jokers else 0)
    ev |= 0 if wild_duplicates else EV_NO_DUP
    return ev


def has_wilds(ev) -> bool:
    return bool(ev & EV_JOKERS) or (ev >> 8) & 255 != 0


@njit(cache=True, inline="always")
def _hi(x):
    return 63 - leading_zeros(x)


@njit(cache=True, inline="always")
def _lo(x):
    return trailing_zeros(x)


@njit(cache=True, inline="always")
def suit_pri_nb(c):
    """Suit priority of card ``c`` (♥ 3, ♣ 2, ♦ 1, ♠ 0; line 77 «Черви, трефы, бубны пики»)."""
    return (_SP_PACKED >> (2 * (c & 3))) & 3


@njit(cache=True, inline="always")
def place_nb(cat, ev):
    """A category's place in the order, shifted into a value's top bits."""
    if cat >= STRAIGHT_FLUSH and not ev & EV_FIVE_TOP:
        cat = STRAIGHT_FLUSH if cat == FIVE_KIND else cat + 1
    return np.int64(cat) << CAT_SHIFT


@njit(cache=True, inline="always")
def category_nb(value, ev):
    """Category index of an evaluator value."""
    p = value >> CAT_SHIFT
    if p >= STRAIGHT_FLUSH and not ev & EV_FIVE_TOP:
        return FIVE_KIND if p == STRAIGHT_FLUSH else p - 1
    return p


@njit(cache=True, inline="always")
def _straight_det(top, sp, tb):
    if tb == TB_LITERAL:
        return (sp << 4) | top
    if tb == TB_RANK_FIRST:
        return (top << 2) | sp
    return top


@njit(cache=True, inline="always")
def _flush_det(ranks20, sp, tb):
    if tb == TB_LITERAL:
        return (sp << 20) | ranks20
    if tb == TB_RANK_FIRST:
        return (ranks20 << 2) | sp
    return ranks20


@njit(cache=True)
def ranks20_nb(q):
    """The five ranks high to low, 4 bits each, from nibble counts ``q`` (rank r's count
    in bits 4r..4r+3)."""
    out = np.int64(0)
    for r in range(12, -1, -1):
        for _ in range((q >> (4 * r)) & 15):
            out = (out << 4) | r
    return out


@njit(cache=True)
def eval5_nb(c0, c1, c2, c3, c4, ev):
    """Value of five natural cards (codes 0..51, duplicates allowed); see the module doc."""
    m1 = np.int64(0)
    m2 = np.int64(0)
    m3 = np.int64(0)
    m4 = np.int64(0)
    m5 = np.int64(0)
    sx = np.int64(0)
    for c in (c0, c1, c2, c3, c4):
        r = c >> 2
        b = np.int64(1) << r
        m5 |= m4 & b
        m4 |= m3 & b
        m3 |= m2 & b
        m2 |= m1 & b
        m1 |= b
        sx ^= suit_pri_nb(c) << (2 * r)
    flush = (((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)) & 3) == 0
    tb = ev & 3
    spmask = 0 if tb == TB_RANK_ONLY else 3
    if m2 == 0:
        top = -1
        if m1 == (m1 & -m1) * 31:
            top = _lo(m1) + 4
        elif ev & EV_WHEEL and m1 == _WHEEL:
            top = 3
        if top >= 0:
            sp = (sx >> (2 * top)) & spmask
            if flush:
                if top == 12:
                    return place_nb(ROYAL_FLUSH, ev) | sp
                return place_nb(STRAIGHT_FLUSH, ev) | _straight_det(top, sp, tb)
            return place_nb(STRAIGHT, ev) | _straight_det(top, sp, tb)
        hi = _hi(m1)
        sp = (sx >> (2 * hi)) & spmask
        if flush:
            q = np.int64(0)
            for c in (c0, c1, c2, c3, c4):
                q += np.int64(1) << (4 * (c >> 2))
            return place_nb(FLUSH, ev) | _flush_det(ranks20_nb(q), sp, tb)
        cat = ACE_KING if (m1 & _AK) == _AK else NOTHING
        return place_nb(cat, ev) | (m1 << 2) | sp
    if m3 == 0:
        if m2 & (m2 - 1) == 0:
            kick = m1 ^ m2
            sp = (sx >> (2 * _hi(kick))) & spmask
            if ev & EV_KICKERS:
                v = place_nb(PAIR, ev) | (kick << 6) | (_lo(m2) << 2) | sp
            else:
                v = place_nb(PAIR, ev) | (_lo(m2) << 15) | (kick << 2) | sp
        else:
            k = _lo(m1 ^ m2)
            v = place_nb(TWO_PAIR, ev) | (m2 << 6) | (k << 2) | ((sx >> (2 * k)) & spmask)
    elif m4 == 0:
        t = _lo(m3)
        if m2 != m3:
            v = place_nb(FULL_HOUSE, ev) | (t << 4) | _lo(m2 ^ m3)
        else:
            v = place_nb(TRIPS, ev) | (t << 13) | (m1 ^ m3)
    elif m5 == 0:
        v = place_nb(QUADS, ev) | (_lo(m4) << 4) | _lo(m1 ^ m4)
    else:
        v = place_nb(FIVE_KIND, ev) | _lo(m5)
    if flush:   # several decks: a flush holding a pair (two A♥, say) is still a flush
        q = np.int64(0)
        for c in (c0, c1, c2, c3, c4):
            q += np.int64(1) << (4 * (c >> 2))
        fv = place_nb(FLUSH, ev) | _flush_det(ranks20_nb(q), suit_pri_nb(c0) & spmask, tb)
        if fv > v:
            v = fv
    return v


@njit(cache=True, inline="always")
def is_wild_nb(c, ev):
    """Whether card ``c`` is wild: a joker (codes 52+) or a card of the wild rank."""
    return c >= 52 or (c >> 2) == ((ev >> 8) & 255) - 1


@njit(cache=True)
def eval_wild_nb(c0, c1, c2, c3, c4, ev):
    """Value of five cards that may hold wild cards: the best value over every card the
    wilds could stand for (each candidate category built directly; the tests check it
    against trying every card for every wild). With ``EV_NO_DUP`` a wild may not stand
    for a card the hand already holds."""
    tb = ev & 3
    nodup = (ev & EV_NO_DUP) != 0
    cs = np.int64(0)            # the naturals' cards (bit 4r + suit)
    spmask = 0 if tb == TB_RANK_ONLY else 3
    w = 0
    m1 = np.int64(0)
    m2 = np.int64(0)
    q = np.int64(0)             # natural count of rank r in bits 4r..4r+3
    sx = np.int64(0)
    suits = 0
    fsp = 3                     # suit priority of the naturals' suit, when they share one
    for c in (c0, c1, c2, c3, c4):
        if is_wild_nb(c, ev):
            w += 1
        else:
            r = c >> 2
            b = np.int64(1) << r
            m2 |= m1 & b
            m1 |= b
            q += np.int64(1) << (4 * r)
            sx ^= suit_pri_nb(c) << (2 * r)
            suits |= 1 << (c & 3)
            cs |= np.int64(1) << c
            fsp = suit_pri_nb(c)
    if w == 0:
        return eval5_nb(c0, c1, c2, c3, c4, ev)
    nn = 5 - w
    distinct = 0
    x = m1
    while x:
        x &= x - 1
        distinct += 1
    one_suit = suits & (suits - 1) == 0          # true also with no naturals
    best = np.int64(-1)
    if distinct <= 1:                            # five of a kind (five wilds: five aces)
        r = _hi(m1) if nn > 0 else 12
        held = (cs >> (4 * r)) & 15              # suits of rank r the naturals hold
        if not nodup or w <= 4 - ((held & 1) + ((held >> 1) & 1) + ((held >> 2) & 1) + (held >> 3)):
            best = max(best, place_nb(FIVE_KIND, ev) | r)
        elif nn > 0:                             # four of a kind, the last wild the best kicker
            best = max(best, place_nb(QUADS, ev) | (r << 4) | (12 if r != 12 else 11))
    if m2 == 0:                                  # straights: the naturals fit one window
        for top in range(12, 2, -1):
            if top == 3:
                if not ev & EV_WHEEL:
                    break
                win = np.int64(_WHEEL)
            else:
                win = np.int64(0x1F) << (top - 4)
            if m1 & ~win:
                continue
            if one_suit:
                if top == 12:
                    best = max(best, place_nb(ROYAL_FLUSH, ev) | (fsp & spmask))
                else:
                    best = max(best, place_nb(STRAIGHT_FLUSH, ev) | _straight_det(top, fsp & spmask, tb))
            sp = (sx >> (2 * top)) & 3 if m1 & (np.int64(1) << top) else 3
            best = max(best, place_nb(STRAIGHT, ev) | _straight_det(top, sp & spmask, tb))
    if one_suit:                                 # flush: the wilds are aces of that suit
        qf = q + (np.int64(w) << 48)
        if nodup:                                # ... or the highest ranks the suit lacks
            qf = q
            k = w
            for r in range(12, -1, -1):
                if k and not m1 & (np.int64(1) << r):
                    qf += np.int64(1) << (4 * r)
                    k -= 1
        best = max(best, place_nb(FLUSH, ev) | _flush_det(ranks20_nb(qf), fsp & spmask, tb))
    x = m1
    while x:                                     # four of a kind, highest first
        r = _hi(x)
        x ^= np.int64(1) << r
        k = (q >> (4 * r)) & 15
        if k + w == 4 and nn - k == 1:
            best = max(best, place_nb(QUADS, ev) | (r << 4) | _lo(m1 ^ (np.int64(1) << r)))
            break
    x = m1
    while x:                                     # full house: every natural in the three or the two
        t = _hi(x)
        x ^= np.int64(1) << t
        kt = (q >> (4 * t)) & 15
        y = m1 ^ (np.int64(1) << t)
        while y:
            p = _hi(y)
            y ^= np.int64(1) << p
            kp = (q >> (4 * p)) & 15
            if kt + kp == nn and kt <= 3 and kp <= 2 and (3 - kt) + (2 - kp) == w:
                best = max(best, place_nb(FULL_HOUSE, ev) | (t << 4) | p)
    if distinct == 3:                            # three of a kind with two natural kickers
        x = m1
        while x:
            r = _hi(x)
            x ^= np.int64(1) << r
            if ((q >> (4 * r)) & 15) + w == 3:
                best = max(best, place_nb(TRIPS, ev) | (r << 13) | (m1 ^ (np.int64(1) << r)))
                break
    if w == 1 and m2 == 0:                       # one wild, four different naturals: a pair
        x = m1                                   # (with kickers first, pairing a low card may pay)
        while x:
            r = _hi(x)
            x ^= np.int64(1) << r
            kick = m1 ^ (np.int64(1) << r)
            sp = (sx >> (2 * _hi(kick))) & spmask
            if ev & EV_KICKERS:
                v = place_nb(PAIR, ev) | (kick << 6) | (r << 2) | sp
            else:
                v = place_nb(PAIR, ev) | (r << 15) | (kick << 2) | sp
            best = max(best, v)
    return best


@njit(cache=True)
def eval_nb(c0, c1, c2, c3, c4, ev, wilds):
    """Value of five cards; ``wilds``: whether the rules have wild cards at all (else the
    natural evaluator runs directly)."""
    if wilds:
        return eval_wild_nb(c0, c1, c2, c3, c4, ev)
    return eval5_nb(c0, c1, c2, c3, c4, ev)


@njit(cache=True)
def evaluate_batch_nb(hands, ev, out):
    """Values of the five-card rows of ``hands`` (N x 5, uint8 codes) into ``out`` (N)."""
    if has_wilds_nb(ev):
        for i in range(hands.shape[0]):
            out[i] = eval_wild_nb(np.int64(hands[i, 0]), np.int64(hands[i, 1]), np.int64(hands[i, 2]),
                                  np.int64(hands[i, 3]), np.int64(hands[i, 4]), ev)
    else:
        for i in range(hands.shape[0]):
            out[i] = eval5_nb(np.int64(hands[i, 0]), np.int64(hands[i, 1]), np.int64(hands[i, 2]),
                              np.int64(hands[i, 3]), np.int64(hands[i, 4]), ev)


@njit(cache=True, inline="always")
def has_wilds_nb(ev):
    return (ev & EV_JOKERS) != 0 or ((ev >> 8) & 255) != 0
