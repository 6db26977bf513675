"""The trick-taking core shared by every trick game (numba, data-driven).

Thirteen seed games are trick games (GAMES.md "Cross-game notes"). They differ in data,
not in code: each game describes its cards once and the same few kernels play them.

**Hands are bitmasks.** A hand (or any set of cards) is an ``int64`` whose bit ``code``
is set for each card held (``code = rank * 4 + suit``, :mod:`simkit.core.cards`; every
trick game uses a single deck, so a card is held at most once and bit 63 is never used).
:func:`mask_of` / :func:`cards_of` convert from and to card codes.

**Trick tables.** :func:`trick_tables` turns a game's rank orders into five tables
(``int64[5, TT_SIZE]``): table ``t`` for trump suit ``t`` (0..3 = ♠ ♥ ♦ ♣) and table
:data:`NO_TRUMP` (4) for a deal without a trump suit. A deal (or a marriage that changes
trumps) simply picks its table; nothing is rebuilt during play. Each table holds, per
card code:

* the *effective suit* (``TT_ESUIT``): the printed suit, except that permanent trumps
  (Kozel's jacks, Kerosinka's 10♥) belong to the trump suit; with no trump suit they
  form a suit of their own (:data:`PERM_SUIT`);
* the *power* (``TT_POWER``): plain cards their rank order; trump-suit cards
  ``TRUMP_POWER + trump order``; permanent trumps ``PERM_POWER + their order``;

and per table the bitmask of each effective suit (``TT_SUIT_BITS``), the trump suit
(``TT_TRUMP``, -1 = none), the cards of each printed rank for rank-following
(``TT_RANK_BITS``), the cards that must be played when void (``TT_FORCED``) and the
whole deck (``TT_DECK``).

**Trick winner** (:func:`trick_winner_nb`): the card of greatest power among those that
are trumps or of the led card's effective suit; the first played wins ties. This is
"highest trump, else highest card of the suit led" in every seed text (e.g. 000 line 251:
«Взятку берет самый старший козырь в ней или самая старшая карта масти первого хода»;
000 line 323), and, with the tables above, Kerosinka's "10♥ above all trumps, same-rank
cards of other suits cannot win" (GAMES.md G17 ambiguity 1) and Kozel's jacks.

**Follow obligations** (:func:`legal_nb`) are bit flags, combined per game:

=============== ==============================================================================
``F_SUIT``      follow the led (effective) suit if able (every trick game once trumps exist)
``F_TRUMP``     void in the led suit: trump if able (Kozel, Klaberjass, King's plus deals, 66
                closed, Marriage after a trump)
``F_OVERTRUMP`` when trumping a trick that already holds a trump: overtrump if able
``F_HEAD``      following suit: beat the trick's best card if able, unless it was trumped
                (1000 (2) «бить карту», 66 option)
``F_HEAD_TRUMP`` on a trump lead: beat the best trump if able (Klaberjass «стремиться перебить»)
``F_RANK``      first a card of the led card's printed rank, then the suit, then (with
                ``F_TRUMP``) a trump (Kerosinka)
``F_FORCED``    void in the led suit: play a ``TT_FORCED`` card if held (King's K♥)
=============== ==============================================================================

``follow = 0`` means any card (Marriage before a trump is declared, 66 while the stock
lasts). **Lead restrictions** are one effective suit ``lead_ban`` that may not be led
unless ``broken`` or the hand holds nothing else (Spades «С пик можно ходить только после
"открытия" масти», 000 line 251; King's hearts; King's plus deals: trumps for everyone but
the trump-namer); -1 = none.

**Table state.** Trick games share the layout of an ``int64[S_SIZE]`` state array
(``S_*`` indices) that their kernels keep and hand to policies, so a user's ``@njit``
policy reads every game the same way; games add their own fields from ``S_EXTRA``.

See docs/tricks.md for how a later game plugs in.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from simkit.core.jit import cfunc
from simkit.core.cards import JOKER, N_SUITS, cards_of, rank_table  # noqa: F401 - cards_of: its old home
from simkit.core.rng import randbelow_nb, seed_stream_nb
from simkit.errors import SimkitError

# -- trick tables -----------------------------------------------------------------------
TT_ESUIT = 0
TT_POWER = 64
TT_SUIT_BITS = 128   # 5 entries: effective suits 0..3 and PERM_SUIT
TT_TRUMP = 133
TT_RANK_BITS = 134   # 13 entries: printed ranks 2..A
TT_FORCED = 147
TT_DECK = 148
TT_SIZE = 149

NO_TRUMP = 4         # index of the no-trump-suit table
PERM_SUIT = 4        # effective suit of permanent trumps when there is no trump suit
TRUMP_POWER = 256
PERM_POWER = 384

F_SUIT = 1
F_TRUMP = 2
F_OVERTRUMP = 4
F_HEAD = 8
F_HEAD_TRUMP = 16
F_RANK = 32
F_FORCED = 64
_ALL_FLAGS = 127

# -- shared table state (policies read it; games extend it from S_EXTRA) ----------------
MAX_SEATS = 8
S_PLAYERS = 0      # number of seats
S_CARDS = 1        # cards dealt to each seat this deal
S_TRUMP = 2        # trump effective suit: 0..3, PERM_SUIT, or -1 for none
S_DEALER = 3
S_SEAT = 4         # the seat to act
S_LEADER = 5       # the seat that led the current trick
S_TRICK_NO = 6     # tricks completed in this deal
S_N_IN_TRICK = 7   # cards already played to the current trick
S_PLAYED = 8       # bitmask of every card played this deal (current trick included)
S_TURNUP = 9       # the turned card, -1 if none
S_BROKEN = 10      # 1 once the lead-banned suit is open (the game's rule decides when)
S_VOIDS = 11       # bit seat*5 + suit: the seat has shown out of that effective suit
S_DEAL_NO = 12     # deal number within the unit (1-based)
S_TABLE = 13       # the trick table in use: 0..3 = that suit trump, NO_TRUMP (a marriage may change it)
S_TRICKS = 14      # the tricks this deal (or half of it) has; the engine plays up to it
S_FOLLOW = 15      # the follow obligations in force (F_* flags; a game may change them between tricks)
S_TRICK = 16       # 8 entries: the current trick's cards in play order
S_WON = 24         # 8 entries: tricks won this deal per seat
S_BID = 32         # 8 entries: each seat's bid this deal (-1 before bidding)
S_SCORE = 40       # 8 entries: running score per seat (games with partnerships may use per side)
S_EXTRA = 48       # game-specific fields from here up to S_LEAD_BAN - 1
S_LEAD_BAN = 62    # the effective suit that may not be led until open (-1 none; a game may change it)
S_BREAK = 63       # when the banned suit opens: BREAK_NEVER, BREAK_DISCARD or BREAK_ANY
S_SIZE = 64

BREAK_NEVER = 0    # the banned suit never opens (King's hearts): led only by a hand holding nothing else
BREAK_DISCARD = 1  # it opens when a card of it is played on another suit's lead (Spades: «открытия» by a discard)
BREAK_ANY = 2      # it opens when any card of it is played (Spades' any_spade option)


def mask_of(cards) -> int:
    """The bitmask of card codes ``cards`` (a string such as ``"AS 10h"`` or codes)."""
    from simkit.core.cards import parse

    codes = parse(cards) if isinstance(cards, str) else np.asarray(cards, dtype=np.int64).ravel()
    m = 0
    for c in codes:
        c = int(c)
        if not 0 <= c < 63:
            raise SimkitError(f"card code {c} cannot be held in a hand bitmask (codes 0..62)")
        if m >> c & 1:
            raise SimkitError(f"card code {c} appears twice; trick games use a single deck")
        m |= 1 << c
    return m


def trick_tables(plain_order, trump_order=None, perm_order=None, *, perm_rank_follow: bool = True,
                 forced=()) -> np.ndarray:
    """The five trick tables of a game (``int64[5, TT_SIZE]``; see the module doc).

    ``plain_order``: ``int`` array over the 64 card codes giving each card's strength in a
    plain suit (-1 = not in a plain suit), e.g. ``cards.rank_table(order)``. ``trump_order``:
    the strength within the trump suit (default: the plain order; Klaberjass differs).
    ``perm_order``: strength of permanent trumps (-1 for ordinary cards), which rank above
    the trump suit and belong to it, e.g. :func:`perm_table` ``("JD JH JS JC")`` for Kozel.
    A permanent trump never plays as a card of its printed suit, so it needs no plain
    strength: give it -1 in ``plain_order`` and ``trump_order`` (Kozel's plain order
    A 10 K Q 9 8 7 has no jack); the deck is every card with a plain strength or a
    permanent-trump strength. ``perm_rank_follow``: permanent trumps also count as their
    printed rank for ``F_RANK`` (Kerosinka ambiguity 2). ``forced``: card codes for
    ``F_FORCED``."""
    plain = np.asarray(plain_order, dtype=np.int64)
    trump = plain if trump_order is None else np.asarray(trump_order, dtype=np.int64)
    perm = np.full(64, -1, np.int64) if perm_order is None else np.asarray(perm_order, dtype=np.int64)
    for name, arr in (("plain_order", plain), ("trump_order", trump), ("perm_order", perm)):
        if arr.shape != (64,):
            raise SimkitError(f"{name} must have one entry per card code (64), got shape {arr.shape}")
    if ((trump >= 0) != (plain >= 0)).any():
        raise SimkitError("plain_order and trump_order must agree on which cards have a suit strength")
    if plain.max() >= TRUMP_POWER or trump.max() >= PERM_POWER - TRUMP_POWER or perm.max() >= 128:
        raise SimkitError("rank orders must be below 128")
    tables = np.zeros((5, TT_SIZE), dtype=np.int64)
    for t in range(5):
        tt = tables[t]
        has_perm = bool((perm >= 0).any())
        tt[TT_TRUMP] = t if t < N_SUITS else (PERM_SUIT if has_perm else -1)
        for c in range(64):
            if (plain[c] < 0 and perm[c] < 0) or c >= JOKER:
                tt[TT_ESUIT + c] = -1
                tt[TT_POWER + c] = -1
                continue
            suit, rank = c % N_SUITS, c // N_SUITS
            tt[TT_DECK] |= 1 << c
            if perm[c] >= 0:
                es, power = (t if t < N_SUITS else PERM_SUIT), PERM_POWER + perm[c]
                if perm_rank_follow:
                    tt[TT_RANK_BITS + rank] |= 1 << c
            elif suit == t:
                es, power = suit, TRUMP_POWER + trump[c]
                tt[TT_RANK_BITS + rank] |= 1 << c
            else:
                es, power = suit, plain[c]
                tt[TT_RANK_BITS + rank] |= 1 << c
            tt[TT_ESUIT + c] = es
            tt[TT_POWER + c] = power
            tt[TT_SUIT_BITS + es] |= 1 << c
        for c in forced:
            tt[TT_FORCED] |= 1 << int(c)
    return tables


def perm_table(cards) -> np.ndarray:
    """The ``perm_order`` of :func:`trick_tables` for the permanent trumps ``cards``,
    lowest first (a string such as ``"JD JH JS JC"`` or codes); -1 for every other card."""
    from simkit.core.cards import parse

    codes = parse(cards) if isinstance(cards, str) else np.asarray(cards, dtype=np.int64).ravel()
    out = np.full(64, -1, np.int64)
    for i, c in enumerate(codes):
        if not 0 <= int(c) < JOKER or out[int(c)] >= 0:
            raise SimkitError(f"permanent trumps must be distinct cards of the 52, got {cards!r}")
        out[int(c)] = i
    return out


def standard_tables(deck_size: int = 52) -> np.ndarray:
    """Trick tables for plain A-high games (Oh Hell, Spades, Tyotka, King, Polignac) with
    the deck of ``deck_size`` cards (:data:`simkit.core.cards.DECK_RANKS`)."""
    from simkit.core.cards import DECK_RANKS

    if deck_size not in DECK_RANKS:
        raise SimkitError(f"deck size {deck_size!r} is not known; allowed: {sorted(DECK_RANKS)}")
    return trick_tables(rank_table(DECK_RANKS[deck_size]))


# -- bit helpers --------------------------------------------------------------------------
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DB_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DB_INDEX[(((1 << _i) * 0x03F79D71B4CB0A89) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i


@njit(cache=True, inline="always")
def popcount_nb(m):
    """Number of cards in bitmask ``m``."""
    x = np.uint64(m)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def lowest_card_nb(m):
    """The lowest card code in non-empty bitmask ``m`` (de Bruijn bit scan)."""
    low = np.uint64(m & -m)
    return _DB_INDEX[np.int64((low * _DEBRUIJN) >> np.uint64(58))]


@njit(cache=True, inline="always")
def nth_card_nb(m, k):
    """The ``k``-th lowest card code (0-based) of bitmask ``m``."""
    for _ in range(k):
        m &= m - 1
    return lowest_card_nb(m)


@njit(cache=True, inline="always")
def random_card_nb(m, state):
    """A uniformly chosen card of non-empty bitmask ``m``, from stream ``state``."""
    return nth_card_nb(m, randbelow_nb(state, popcount_nb(m)))


@njit(cache=True)
def strongest_nb(m, tt):
    """The card of greatest power in non-empty ``m`` (ties: the lowest code)."""
    best = -1
    bp = -1
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        p = tt[TT_POWER + c]
        if p > bp:
            bp = p
            best = c
    return best


@njit(cache=True)
def weakest_nb(m, tt):
    """The card of least power in non-empty ``m`` (ties: the lowest code)."""
    best = -1
    bp = 1 << 30
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        p = tt[TT_POWER + c]
        if p < bp:
            bp = p
            best = c
    return best


@njit(cache=True)
def higher_in_suit_nb(card, tt):
    """Bitmask of the cards of ``card``'s effective suit with greater power."""
    m = tt[TT_SUIT_BITS + tt[TT_ESUIT + card]]
    out = 0
    p = tt[TT_POWER + card]
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if tt[TT_POWER + c] > p:
            out |= np.int64(1) << c
    return out


# -- tricks -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _counts_nb(card, led, tt):
    es = tt[TT_ESUIT + card]
    return es == led or (es == tt[TT_TRUMP] and es >= 0)


# inlined: called from close_trick_nb (once a trick), it kept numba's reference counting of that
# function's three arrays (six calls a trick, no-ops on borrowed arrays but calls still: 4 % of
# Marriage's random deals); compiled into it, the counting pairs are pruned
@njit(cache=True, inline="always")
def trick_winner_nb(trick, n, tt):
    """Index (0..n-1, in play order) of the card winning the ``n`` cards of ``trick``:
    greatest power among trumps and cards of the led effective suit; first played wins ties."""
    led = tt[TT_ESUIT + trick[0]]
    best = 0
    bp = tt[TT_POWER + trick[0]]
    for i in range(1, n):
        c = trick[i]
        if _counts_nb(c, led, tt):
            p = tt[TT_POWER + c]
            if p > bp:
                bp = p
                best = i
    return best


@njit(cache=True, inline="always")
def masters_nb(cards, gone, tt):
    """The cards of ``cards`` that no card still out beats in their effective suit: every
    higher card of the suit is in ``gone`` (for a player: the cards played and his own,
    ``state[S_PLAYED] | hand``)."""
    out = np.int64(0)
    m = cards
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if higher_in_suit_nb(c, tt) & ~gone == 0:
            out |= np.int64(1) << c
    return out


@njit(cache=True)
def beating_nb(cands, trick, n, tt):
    """The cards of ``cands`` that would win the trick if played now (``n >= 1``)."""
    led = tt[TT_ESUIT + trick[0]]
    bp = tt[TT_POWER + trick[trick_winner_nb(trick, n, tt)]]
    out = 0
    m = cands
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if _counts_nb(c, led, tt) and tt[TT_POWER + c] > bp:
            out |= np.int64(1) << c
    return out


@njit(cache=True, inline="always")
def legal_nb(hand, trick, n, tt, follow, lead_ban, broken):
    """Bitmask of the cards of ``hand`` that may be played to ``trick`` (``n`` cards so
    far) under obligations ``follow`` (``F_*`` flags) and lead restriction ``lead_ban``
    (an effective suit that may not be led unless ``broken`` or nothing else is held;
    -1 = none). The plain cases (a free lead, follow suit else any) are inlined; the
    rest is :func:`legal_full_nb`."""
    if n == 0 and lead_ban < 0:
        return hand
    if follow == F_SUIT and n > 0:
        s = hand & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]]
        return s if s else hand
    return legal_full_nb(hand, trick, n, tt, follow, lead_ban, broken)


@njit(cache=True, inline="always")
def follow_suit_nb(hand, led, tt):
    """The cards of ``hand`` of effective suit ``led`` if any, else the whole hand (also
    for ``led`` = -1, a lead): the plain follow-suit rule, for kernels that keep the led
    suit in a local variable."""
    if led < 0:
        return hand
    s = hand & tt[TT_SUIT_BITS + led]
    return s if s else hand


@njit(cache=True)
def legal_full_nb(hand, trick, n, tt, follow, lead_ban, broken):
    """:func:`legal_nb` for every combination of obligations."""
    if n == 0:
        if lead_ban >= 0 and not broken:
            other = hand & ~tt[TT_SUIT_BITS + lead_ban]
            if other:
                return other
        return hand
    if follow == 0:
        return hand
    first = trick[0]
    led = tt[TT_ESUIT + first]
    if (follow & F_RANK) and (tt[TT_RANK_BITS + (first >> 2)] >> first) & 1:
        same = hand & tt[TT_RANK_BITS + (first >> 2)]
        if same:
            return same
    trump = tt[TT_TRUMP]
    if follow & F_SUIT:
        s = hand & tt[TT_SUIT_BITS + led]
        if s:
            if (follow & F_HEAD) or ((follow & F_HEAD_TRUMP) and led == trump):
                wi = trick_winner_nb(trick, n, tt)
                if tt[TT_ESUIT + trick[wi]] == led:
                    up = beating_nb(s, trick, n, tt)
                    if up:
                        return up
            return s
        if (follow & F_FORCED) and (hand & tt[TT_FORCED]):
            return hand & tt[TT_FORCED]
    if (follow & F_TRUMP) and trump >= 0:
        t = hand & tt[TT_SUIT_BITS + trump]
        if t:
            if follow & F_OVERTRUMP:
                wi = trick_winner_nb(trick, n, tt)
                if tt[TT_ESUIT + trick[wi]] == trump and led != trump:
                    up = beating_nb(t, trick, n, tt)
                    if up:
                        return up
            return t
    return hand


@njit(cache=True)
def legal_ref_nb(hand, trick, n, tt, follow, lead_ban, broken):
    """The same legal set as :func:`legal_nb`, computed independently card by card from
    the effective suits and powers only (for audit mode)."""
    held = np.zeros(64, np.bool_)
    for c in range(63):
        held[c] = (hand >> c) & 1 == 1
    out = 0
    if n == 0:
        only_banned = True
        for c in range(63):
            if held[c] and tt[TT_ESUIT + c] != lead_ban:
                only_banned = False
        for c in range(63):
            if held[c] and (lead_ban < 0 or broken or only_banned or tt[TT_ESUIT + c] != lead_ban):
                out |= np.int64(1) << c
        return out
    led = tt[TT_ESUIT + trick[0]]
    trump = tt[TT_TRUMP]
    best = trick[0]
    for i in range(1, n):
        c = trick[i]
        es = tt[TT_ESUIT + c]
        if (es == led or (trump >= 0 and es == trump)) and tt[TT_POWER + c] > tt[TT_POWER + best]:
            best = c
    best_es = tt[TT_ESUIT + best]
    # classes of candidates, from the most to the least binding obligation
    rank_c = 0
    suit_c = 0
    suit_up = 0
    trump_c = 0
    trump_up = 0
    forced_c = 0
    for c in range(63):
        if not held[c]:
            continue
        bit = np.int64(1) << c
        es = tt[TT_ESUIT + c]
        beats = tt[TT_POWER + c] > tt[TT_POWER + best]
        if (c >> 2) == (trick[0] >> 2) and ((tt[TT_RANK_BITS + (c >> 2)] >> c) & 1):
            rank_c |= bit
        if es == led:
            suit_c |= bit
            if beats:
                suit_up |= bit
        if trump >= 0 and es == trump:
            trump_c |= bit
            if beats:
                trump_up |= bit
        if (tt[TT_FORCED] >> c) & 1:
            forced_c |= bit
    if follow == 0:
        return hand
    if (follow & F_RANK) and rank_c and (tt[TT_RANK_BITS + (trick[0] >> 2)] >> trick[0]) & 1:
        return rank_c
    if (follow & F_SUIT) and suit_c:
        heads = (follow & F_HEAD) != 0 or ((follow & F_HEAD_TRUMP) != 0 and led == trump)
        if heads and best_es == led and suit_up:
            return suit_up
        return suit_c
    if (follow & F_SUIT) and (follow & F_FORCED) and forced_c:
        return forced_c
    if (follow & F_TRUMP) and trump_c:
        if (follow & F_OVERTRUMP) and best_es == trump and led != trump and trump_up:
            return trump_up
        return trump_c
    return hand


@njit(cache=True)
def trick_points_nb(trick, n, points):
    """Sum of ``points[card]`` over the trick's ``n`` cards (a game's card-point table)."""
    s = 0
    for i in range(n):
        s += points[trick[i]]
    return s


# -- the shared table state ------------------------------------------------------------------
@njit(cache=True)
def start_deal_nb(state, tables, table, players, cards, dealer, leader, turnup, deal_no):
    """Reset ``state`` for a new deal of ``cards`` cards (and tricks) a seat played with
    trick table ``tables[table]`` (bids, tricks, the trick and the played set), under the
    plain rule: follow suit (``F_SUIT``), no lead ban; a game sets ``S_FOLLOW``,
    ``S_LEAD_BAN`` and ``S_BREAK`` after this call where its rule differs."""
    state[S_PLAYERS] = players
    state[S_CARDS] = cards
    state[S_TRICKS] = cards
    state[S_TABLE] = table
    state[S_TRUMP] = tables[table, TT_TRUMP]
    state[S_FOLLOW] = F_SUIT
    state[S_LEAD_BAN] = -1
    state[S_BREAK] = BREAK_NEVER
    state[S_DEALER] = dealer
    state[S_SEAT] = leader
    state[S_LEADER] = leader
    state[S_TRICK_NO] = 0
    state[S_N_IN_TRICK] = 0
    state[S_PLAYED] = 0
    state[S_TURNUP] = turnup
    state[S_BROKEN] = 0
    state[S_VOIDS] = 0
    state[S_DEAL_NO] = deal_no
    for i in range(MAX_SEATS):
        state[S_TRICK + i] = -1
        state[S_WON + i] = 0
        state[S_BID + i] = -1


@njit(cache=True)
def card_pool_nb(m):
    """The cards of bitmask ``m`` as an int64 array, lowest code first."""
    n = popcount_nb(m)
    pool = np.empty(n, np.int64)
    for i in range(n):
        pool[i] = lowest_card_nb(m)
        m &= m - 1
    return pool


@njit(cache=True)
def deal_hidden_nb(pool, seat, hand, players, k, out, pst):
    """A deal consistent with what ``seat`` sees: ``out[seat] = hand``, and ``k`` cards of
    ``pool`` (the cards he cannot see) to each other seat in turn, drawn at random from
    stream ``pst`` (a partial Fisher-Yates shuffle of ``pool`` in place)."""
    n = pool.shape[0]
    pos = 0
    for s in range(players):
        out[s] = 0
        if s == seat:
            out[s] = hand
            continue
        for _ in range(k):
            j = pos + randbelow_nb(pst, n - pos)
            c = pool[j]
            pool[j] = pool[pos]
            pool[pos] = c
            pos += 1
            out[s] |= np.int64(1) << c


@njit(cache=True)
def deal_unseen_nb(seat, hand, state, tt, out, rng):
    """A deal in the middle of play consistent with what ``seat`` has seen: ``out[seat] =
    hand``, and the cards he cannot see (neither played nor his) to the other seats, each
    getting as many as it still holds and none of a suit it has shown out of
    (``S_VOIDS``). Cards in random order (stream ``rng``), each to a seat that may hold it
    with chance in proportion to the room it has left (uniform over the deals with those
    counts when no void binds); a dead end restarts, and after 50 dead ends the voids
    are ignored. Returns True when the voids were kept. The simulation play policies of
    the games that draw nothing mid-deal use it (King, Tyotka, Polignac)."""
    players = state[S_PLAYERS]
    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
    n_unseen = popcount_nb(unseen)
    pool = np.empty(n_unseen, np.int64)
    room0 = np.zeros(MAX_SEATS, np.int64)
    k = state[S_TRICKS] - state[S_TRICK_NO]
    leader = state[S_LEADER]
    n = state[S_N_IN_TRICK]
    for i in range(n):                                     # seats that played to this trick hold one fewer
        s = leader + i
        room0[s - players if s >= players else s] = -1
    for s in range(players):
        room0[s] += k
    room = np.zeros(MAX_SEATS, np.int64)
    for attempt in range(51):
        m = unseen
        for i in range(n_unseen):
            pool[i] = lowest_card_nb(m)
            m &= m - 1
        for s in range(players):
            out[s] = 0
            room[s] = room0[s]
        out[seat] = hand
        room[seat] = 0
        ok = True
        for i in range(n_unseen):
            j = i + randbelow_nb(rng, n_unseen - i)
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
            es = tt[TT_ESUIT + c]
            total = 0
            for s in range(players):
                if room[s] > 0 and (attempt == 50 or (state[S_VOIDS] >> (s * 5 + es)) & 1 == 0):
                    total += room[s]
            if total == 0:
                ok = False
                break
            r = randbelow_nb(rng, total)
            for s in range(players):
                if room[s] > 0 and (attempt == 50 or (state[S_VOIDS] >> (s * 5 + es)) & 1 == 0):
                    if r < room[s]:
                        out[s] |= np.int64(1) << c
                        room[s] -= 1
                        break
                    r -= room[s]
        if ok:
            return attempt < 50
    return False


@njit(cache=True)
def close_trick_nb(state, trick, tt):
    """Settle the full trick (``trick`` is ``trick_view_nb(state)``): credit the winner,
    make him the next leader, clear the trick. Returns the winning seat."""
    n = state[S_N_IN_TRICK]
    w = state[S_LEADER] + trick_winner_nb(trick, n, tt)
    if w >= state[S_PLAYERS]:
        w -= state[S_PLAYERS]
    state[S_WON + w] += 1
    state[S_TRICK_NO] += 1
    state[S_N_IN_TRICK] = 0
    for i in range(n):
        trick[i] = -1
    state[S_LEADER] = w
    state[S_SEAT] = w
    return w


@njit(cache=True, inline="always")
def trick_view_nb(state):
    """The current trick's cards: a view of ``state`` to take once per kernel call and
    pass to :func:`legal_nb`, :func:`close_trick_nb` and the like (slicing per card costs)."""
    return state[S_TRICK:S_TRICK + MAX_SEATS]


def check_flags(follow: int, lead_ban: int = -1) -> None:
    """Refuse unknown follow flags or lead restrictions (Python side)."""
    if not isinstance(follow, (int, np.integer)) or follow & ~_ALL_FLAGS or follow < 0:
        raise SimkitError(f"follow={follow!r} is not a combination of the F_* flags (0..{_ALL_FLAGS})")
    if lead_ban not in (-1, 0, 1, 2, 3, PERM_SUIT):
        raise SimkitError(f"lead_ban={lead_ban!r}: give an effective suit 0..4 or -1 for none")


# -- dealing and bidding estimates shared by trick games --------------------------------------
@njit(cache=True)
def deal_round_nb(order, players, k, dealer, hands):
    """Deal ``k`` cards to each of ``players`` (bitmasks ``hands``) from the top of
    ``order``, one at a time clockwise from the dealer's left (e.g. 000 line 317 «Сдатчик
    раздает карты по одной также по часовой стрелке», line 243 «по тринадцать карт,
    сдаваемых по одной»); returns the next card (a turn-up candidate) or -1 if none."""
    for p in range(MAX_SEATS):
        hands[p] = 0
    n = players * k
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(n):
        hands[seat] |= np.int64(1) << np.int64(order[i])
        seat = seat + 1 if seat + 1 < players else 0
    return np.int64(order[n]) if n < order.shape[0] else -1


@njit(cache=True, inline="always")
def _none_of_nb(pool, bad, draws):
    """Probability that ``draws`` cards drawn from ``pool`` miss ``bad`` given cards."""
    p = 1.0
    for i in range(draws):
        if pool - i <= 0:
            break
        p *= max(0.0, (pool - bad - i) / (pool - i))
    return p


@njit(cache=True)
def card_win_nb(c, seen, unseen_bits, n_unseen, k, players, trump, tt, honor, trump_low):
    """The heuristic chance that card ``c`` takes a trick (see :func:`strength_nb`)."""
    q = (players - 1) * k / n_unseen if n_unseen > 0 else 1.0
    h = popcount_nb(higher_in_suit_nb(c, tt) & ~seen)
    top = (1.0 - q * (1.0 - honor)) ** h
    es = tt[TT_ESUIT + c]
    if trump < 0:
        return top
    if es == trump:
        return top + (1.0 - top) * trump_low
    u_s = popcount_nb(tt[TT_SUIT_BITS + es] & unseen_bits)
    u_t = popcount_nb(tt[TT_SUIT_BITS + trump] & unseen_bits)
    return top * _unruffed_nb(u_s, u_t, n_unseen, k, players)


@njit(cache=True, inline="always")
def _unruffed_nb(u_s, u_t, n_unseen, k, players):
    """The chance that no opponent ruffs a card of a suit with ``u_s`` unseen cards when
    ``u_t`` trumps are unseen: each opponent (``k`` of the ``n_unseen`` cards) is not both
    void in the suit and holding a trump."""
    ruff = _none_of_nb(n_unseen, u_s, k) - _none_of_nb(n_unseen, u_s + u_t, k)
    return (1.0 - ruff) ** (players - 1)


@njit(cache=True)
def mean_strength_nb(pool, n_unseen, k, players, trump, tt, honor, trump_low):
    """The expected unscaled strength (the sum of :func:`card_win_nb`) of a ``k``-card hand
    drawn at random from ``pool``, each card judged as its holder judges it: his other
    cards are neither higher unseen cards nor unseen cards of their suits. Exact: for a
    card ``c`` with ``H`` higher and ``L`` lower cards of its suit in the pool and ``T``
    pool trumps, the hand's other ``k - 1`` cards hold ``j1`` of the higher, ``j2`` of the
    lower and ``j3`` of the trumps with multivariate hypergeometric probability, and
    ``c`` counts ``top = base^(H - j1)`` (times the chance it is not ruffed with ``H + L -
    j1 - j2`` cards of its suit and ``T - j3`` trumps unseen; a trump counts ``top +
    (1 - top) trump_low``). The mean is ``k / n`` times the sum over the ``n`` pool cards."""
    n = popcount_nb(pool)
    big = n - 1                 # the others of the hand come from the pool less the card
    r = k - 1
    comb = np.zeros((n + 1, r + 1))
    for a in range(n + 1):
        comb[a, 0] = 1.0
        for b in range(1, min(a, r) + 1):
            comb[a, b] = comb[a - 1, b - 1] + comb[a - 1, b]
    hands = comb[big, r]
    q = (players - 1) * k / n_unseen if n_unseen > 0 else 1.0
    power = np.empty(n + 1)     # power[i] = (1 - q (1 - honor))^i
    power[0] = 1.0
    for i in range(1, n + 1):
        power[i] = power[i - 1] * (1.0 - q * (1.0 - honor))
    n_t = popcount_nb(tt[TT_SUIT_BITS + trump] & pool) if trump >= 0 else 0
    # a card's mean depends only on (h, s) (and, in a trump suit, on h): computed once each
    longest = 0
    for e in range(5):
        longest = max(longest, popcount_nb(tt[TT_SUIT_BITS + e] & pool))
    memo = np.full((longest + 1, longest + 1), -1.0)
    miss = np.empty(longest + n_t + 1)     # miss[b]: an opponent's k cards miss b given cards
    for b in range(longest + n_t + 1):
        miss[b] = _none_of_nb(n_unseen, b, k)
    keep = np.zeros((longest + 1, n_t + 1))    # keep[u, t] = _unruffed_nb(u, t, ...)
    for u in range(longest + 1):
        for t in range(n_t + 1):
            keep[u, t] = (1.0 - (miss[u] - miss[u + t])) ** (players - 1)
    total = 0.0
    m = pool
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        es = tt[TT_ESUIT + c]
        h = popcount_nb(higher_in_suit_nb(c, tt) & pool)
        s = popcount_nb(tt[TT_SUIT_BITS + es] & pool) - 1
        trumps = trump < 0 or es == trump
        if memo[h, 0 if trumps else s + 1] < 0.0:
            memo[h, 0 if trumps else s + 1] = _mean_card_nb(h, s, trumps, big, r, n_t, comb, power, keep) / hands
        mean = memo[h, 0 if trumps else s + 1]
        total += mean if trump < 0 else (mean + (1.0 - mean) * trump_low if es == trump else mean)
    return total * k / n


@njit(cache=True)
def _mean_card_nb(h, s, trumps, big, r, n_t, comb, power, keep):
    """``hands`` times the mean of a card's ``top`` (a trump, or no trump suit) or of its
    unruffed ``top`` (another suit) over the rest of a random hand: see
    :func:`mean_strength_nb`."""
    low = s - h
    out = 0.0
    if trumps:
        for j1 in range(min(h, r) + 1):
            if r - j1 <= big - h:
                out += comb[h, j1] * comb[big - h, r - j1] * power[h - j1]
        return out
    rest = big - s - n_t
    for mm in range(min(s, r) + 1):
        tops = 0.0              # the sum over j1 of C(h, j1) C(low, mm - j1) power[h - j1]
        for j1 in range(max(0, mm - low), min(h, mm) + 1):
            tops += comb[h, j1] * comb[low, mm - j1] * power[h - j1]
        for j3 in range(min(n_t, r - mm) + 1):
            if r - mm - j3 <= rest:
                out += tops * comb[n_t, j3] * comb[rest, r - mm - j3] * keep[s - mm, n_t - j3]
    return out


@njit(cache=True)
def strength_nb(hand, state, tt, honor, trump_low, norm):
    """Expected tricks of ``hand`` from its trumps and high cards.

    For a card with ``h`` higher unseen cards of its suit, ``top = (1 - q (1 - honor))^h``
    with ``q`` the share of the unseen cards the opponents hold (``honor`` = the chance a
    higher card held by an opponent does not cost the trick). A trump counts ``top`` plus
    ``trump_low`` of the rest (low trumps win by ruffing); with a trump suit, a card of
    another suit counts ``top`` times the chance that no opponent ruffs it (void in the
    suit while holding a trump, hypergeometric). The sum is scaled by
    ``(k / (P * A))^norm``, ``A`` being the expected sum for a random hand of ``k`` of the
    cards not shown (:func:`mean_strength_nb`, exact), so that with ``norm = 1`` the
    table's expected total is the ``k`` tricks there are, for every deal size, with or
    without trump."""
    players = state[S_PLAYERS]
    k = state[S_CARDS]
    seen = hand
    if state[S_TURNUP] >= 0:
        seen |= np.int64(1) << state[S_TURNUP]
    unseen_bits = tt[TT_DECK] & ~seen
    n_unseen = popcount_nb(unseen_bits)
    trump = state[S_TRUMP]
    e = 0.0
    m = hand
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        e += card_win_nb(c, seen, unseen_bits, n_unseen, k, players, trump, tt, honor, trump_low)
    if norm == 0.0:
        return e
    # a random hand of k of the cards not shown, judged as its holder judges it
    pool = tt[TT_DECK] & ~(np.int64(1) << state[S_TURNUP]) if state[S_TURNUP] >= 0 else tt[TT_DECK]
    avg = mean_strength_nb(pool, n_unseen, k, players, trump, tt, honor, trump_low)
    if avg <= 0.0:
        return e
    return e * (k / (players * avg)) ** norm


@njit(cache=True)
def strength_factor_nb(state, tt, honor, trump_low, norm):
    """The scale :func:`strength_nb` applies to a hand's summed card chances in the deal of
    ``state`` (the same for every hand of the deal: it depends on the deal size, the
    players, the trump and the turn-up only), or ``-1.0`` when it applies none. Computed
    once, it lets a caller that judges many hands of one deal (a simulation bidder's
    sampled opponents) skip :func:`mean_strength_nb` per hand:
    :func:`scaled_strength_nb` then returns exactly what :func:`strength_nb` does."""
    if norm == 0.0:
        return -1.0
    players = state[S_PLAYERS]
    k = state[S_CARDS]
    shown = (np.int64(1) << state[S_TURNUP]) if state[S_TURNUP] >= 0 else np.int64(0)
    pool = tt[TT_DECK] & ~shown
    # a hand of k cards leaves the same number unseen, whichever cards it holds
    n_unseen = popcount_nb(pool) - k
    avg = mean_strength_nb(pool, n_unseen, k, players, state[S_TRUMP], tt, honor, trump_low)
    if avg <= 0.0:
        return -1.0
    return (k / (players * avg)) ** norm


@njit(cache=True)
def scaled_strength_nb(hand, state, tt, honor, trump_low, factor):
    """:func:`strength_nb` of ``hand`` with the deal's scale given (``factor`` from
    :func:`strength_factor_nb` with the same ``state``, ``honor``, ``trump_low`` and
    ``norm``): the same value, bit for bit."""
    players = state[S_PLAYERS]
    k = state[S_CARDS]
    seen = hand
    if state[S_TURNUP] >= 0:
        seen |= np.int64(1) << state[S_TURNUP]
    unseen_bits = tt[TT_DECK] & ~seen
    n_unseen = popcount_nb(unseen_bits)
    trump = state[S_TRUMP]
    e = 0.0
    m = hand
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        e += card_win_nb(c, seen, unseen_bits, n_unseen, k, players, trump, tt, honor, trump_low)
    if factor < 0.0:
        return e
    return e * factor


@njit(cache=True)
def round_bid_nb(x, k, forbidden):
    """``x`` rounded to a bid in ``0..k`` other than ``forbidden`` (the nearer neighbour,
    the lower one on a tie)."""
    b = np.int64(np.floor(x + 0.5))
    b = min(max(b, 0), k)
    if b == forbidden:
        lo = b - 1
        hi = b + 1
        if lo < 0:
            return hi
        if hi > k:
            return lo
        return hi if x - b > 0 else lo
    return b


# -- streams ---------------------------------------------------------------------------------
POLICY_SALT = 0x2545F4914F6CDD1D


@njit(cache=True)
def policy_stream_nb(state, seed, unit):
    """Fill ``state`` with unit ``unit``'s *policy* stream: the stream keyed by
    ``(seed XOR POLICY_SALT, unit)``, apart from the deal stream ``(seed, unit)``. Trick
    kernels deal from the deal stream and draw policy randomness (random play, sampled
    deals of a simulation bidder) from this one, so every policy sees the very same
    deals of a unit and ``compare`` pairs them exactly."""
    seed_stream_nb(state, seed ^ POLICY_SALT, unit)


# -- user policies of the bidding trick games ------------------------------------------------
#: user bid function of a bidding trick game: bid(hand, state, params) -> int64
#: (hand: bitmask of the seat's cards, state: the int64 table state, params: float64[:]);
#: each game documents what its bids mean and which state slots it adds.
BID_SIG = types.int64(types.int64, types.int64[:], types.float64[:])
BID_FN = types.FunctionType(BID_SIG)
#: user play function of every trick game: play(hand, legal, state, params) -> card code,
#: which must be a bit of ``legal``.
PLAY_SIG = types.int64(types.int64, types.int64, types.int64[:], types.float64[:])
PLAY_FN = types.FunctionType(PLAY_SIG)


@cfunc(BID_SIG, cache=True)
def no_user_bid_nb(hand, state, params):
    """Placeholder passed where no user bid function is used (never called)."""
    return 0


@cfunc(PLAY_SIG, cache=True)
def no_user_play_nb(hand, legal, state, params):
    """Placeholder passed where no user play function is used (never called)."""
    return lowest_card_nb(legal)
