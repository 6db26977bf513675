"""Semerik's scoring pieces that do not depend on the play loop (GAMES.md G01; seed file
000 lines 9-33): the card order, the counters, trick points and the hand declarations.

Hands are ``int64`` bitmasks (bit ``code`` per card, ``code = rank * 4 + suit``,
:mod:`simkit.core.cards`)."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import (HEARTS, N_SUITS, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_A, RANK_J,
                               RANK_K, RANK_Q, code, rank_table)
from simkit.core.tricks import NO_TRUMP, TT_DECK, beating_nb, trick_tables, trick_winner_nb
from simkit.errors import SimkitError

#: ranks from low to high. 000:9 «самая старшая и самая сильная карта - тройка, за ней
#: следуют ... двойка, туз, король, дама, валет, семерка, шестерка, пятерка и четверка».
ORDER = (RANK_4, RANK_5, RANK_6, RANK_7, RANK_J, RANK_Q, RANK_K, RANK_A, RANK_2, RANK_3)
PLAIN_ORDER = rank_table(ORDER)
DECK_RANKS = np.array(ORDER, np.int64)
#: the trick tables: table ``NO_TRUMP`` by default, table ``HEARTS`` under ``hearts_trump``.
TABLES = trick_tables(PLAIN_ORDER)

#: 000:27 «Тройки, двойки, тузы, короли, дамы и валеты имеют следующие значения во
#: взятках»; «Шестерки, пятерки и четверки любой масти ... в счет не включаются».
COUNTER_RANKS = (RANK_3, RANK_2, RANK_A, RANK_K, RANK_Q, RANK_J)
COUNTERS = np.zeros(64, np.int64)
for _r in COUNTER_RANKS:
    for _s in range(N_SUITS):
        COUNTERS[code(_r, _s)] = 1

#: cards held in each 4-bit pattern (a rank's four suits)
NIBBLE_COUNT = np.array([bin(i).count("1") for i in range(16)], np.int64)

#: 000:29 «Если игроки взяли все десять взяток, им дается 4 point.»
ALL_TRICKS_POINTS = 4

# -- declaration table layout (int64[DT_SIZE], built by declaration_table) -------------------
DT_TRIPLE = 0       # 13 entries by rank: three (or four) of the rank
DT_WITH_BABA = 13   # 13: the triple's value when the hand holds a Baba (0: as DT_TRIPLE)
DT_FOUR = 26        # 13: four of the rank (0: as the triple)
DT_BABA = 39        # 16: suit * 4 + extension (0 bare, 1 +K, 2 +K+Q, 3 +K+Q+J)
DT_SIZE = 55

#: 000:17 «Тройка, двойка и туз одной масти называются Бабой и считаются 3 point.»
#: 000:19 «Если при Бабе имеется король той же масти, то считается 6; король и дама - 9;
#: король, дама и валет -15.»
BABA_VALUES = (3, 6, 9, 15)


def declaration_table(rules) -> np.ndarray:
    """The declaration values of ``rules`` (a :class:`SemerikRules`) as ``int64[DT_SIZE]``.

    000:13 «три семерки на одной руке - 4 point, три тройки - 3 point, аналогично, три
    двойки и три туза»; 000:15 «Три короля, три дамы, три валета, три шестерки и все
    прочие считаются за 1 point»; 000:21 «Имеющиеся при Бабе три тройки, три двойки или
    три туза, считаются за 4 point»; 000:25 «Червонная Баба считается 5 point»; Baba
    values 000:17-19 (:data:`BABA_VALUES`). Options ``four_of_a_kind`` and ``hearts_baba``."""
    t = np.zeros(DT_SIZE, np.int64)
    for r in ORDER:
        t[DT_TRIPLE + r] = 1
    t[DT_TRIPLE + RANK_7] = 4
    for r in (RANK_3, RANK_2, RANK_A):
        t[DT_TRIPLE + r] = 3
        t[DT_WITH_BABA + r] = 4
        if rules.four_of_a_kind == "tressette":
            t[DT_FOUR + r] = 4
    for s in range(N_SUITS):
        for level, value in enumerate(BABA_VALUES):
            t[DT_BABA + 4 * s + level] = value
    t[DT_BABA + 4 * HEARTS] = 5
    if rules.hearts_baba == "plus2":
        for level, value in enumerate(BABA_VALUES):
            t[DT_BABA + 4 * HEARTS + level] = value + 2
    return t


@njit(cache=True, inline="always")
def _held_nb(hand, rank, suit):
    return (hand >> (rank * 4 + suit)) & 1


@njit(cache=True)
def baba_points_nb(hand, table):
    """Points of the Babas in ``hand`` (000:17-19, 000:25): a suit holding 3, 2 and A
    scores ``table[DT_BABA + 4 * suit + level]``, level 1 with the K, 2 with K and Q, 3
    with K, Q and J (an extension counts only in that order). Returns ``(points,
    number of Babas)``."""
    pts = 0
    n = 0
    for s in range(4):
        if _held_nb(hand, RANK_3, s) and _held_nb(hand, RANK_2, s) and _held_nb(hand, RANK_A, s):
            level = 0
            if _held_nb(hand, RANK_K, s):
                level = 1
                if _held_nb(hand, RANK_Q, s):
                    level = 2
                    if _held_nb(hand, RANK_J, s):
                        level = 3
            pts += table[DT_BABA + 4 * s + level]
            n += 1
    return pts, n


@njit(cache=True, inline="always")
def triple_value_nb(rank, count, has_baba, table):
    """Value of holding ``count`` cards of ``rank`` (000:13-15, 000:21): nothing under
    three; a triple its ``DT_TRIPLE`` value, raised to ``DT_WITH_BABA`` when the hand holds
    a Baba and to ``DT_FOUR`` for four of a kind (the higher applies)."""
    if count < 3:
        return 0
    v = table[DT_TRIPLE + rank]
    if has_baba and table[DT_WITH_BABA + rank] > v:
        v = table[DT_WITH_BABA + rank]
    if count == 4 and table[DT_FOUR + rank] > v:
        v = table[DT_FOUR + rank]
    return v


@njit(cache=True)
def declarations_nb(hand, table):
    """Declaration points of ``hand`` right after the deal (000:33 «Подсчет point
    производится сразу же после раздачи, до первого хода»): every Baba
    (:func:`baba_points_nb`) plus every triple (:func:`triple_value_nb`); a card may
    count in both."""
    pts, n_baba = baba_points_nb(hand, table)
    for r in DECK_RANKS:
        k = NIBBLE_COUNT[(hand >> (4 * r)) & 15]
        if k >= 3:
            pts += triple_value_nb(r, k, n_baba > 0, table)
    return pts


@njit(cache=True)
def declarations_many_nb(hands, table, out):
    """:func:`declarations_nb` of each hand of ``hands`` into ``out``."""
    for i in range(hands.shape[0]):
        out[i] = declarations_nb(hands[i], table)


@njit(cache=True)
def trick_counters_nb(trick, n):
    """Number of counters (3 2 A K Q J, :data:`COUNTERS`) among the ``n`` cards of ``trick``."""
    c = 0
    for i in range(n):
        c += COUNTERS[trick[i]]
    return c


@njit(cache=True)
def counter_points_nb(counters):
    """Points of one trick holding ``counters`` counters (``trick_points=per_trick``):
    000:27 «комбинация каких-либо трех карт из названных в одной взятке считается 1 point;
    за комбинацию четырех карт дается 2 point» (fewer than three score nothing)."""
    if counters >= 4:
        return 2
    if counters == 3:
        return 1
    return 0


@njit(cache=True)
def pooled_points_nb(counters):
    """Points of a side's ``counters`` captured in a deal under ``trick_points=pooled``
    (Tressette: every three counters 1 point; GAMES.md G01 ambiguity 2)."""
    return counters // 3


@njit(cache=True)
def partner_overtake_nb(legal, trick, n, tt):
    """Under ``partner_overtake=enforce``: when the partner's card (played two places
    before, in a four-seat trick) is winning and the trick so far holds fewer than three
    counters, the cards of ``legal`` that would beat it are barred, unless every legal
    card beats it (000:45 «Взятку партнера не следует перебивать, если во взятке не
    находится трех или четырех карт из п. 18»; «п. 18» is the counters' paragraph,
    000:27). Returns the narrowed legal set."""
    if n < 2 or trick_winner_nb(trick, n, tt) != n - 2 or trick_counters_nb(trick, n) >= 3:
        return legal
    keep = legal & ~beating_nb(legal, trick, n, tt)
    return keep if keep else legal


def trump_table(rules) -> int:
    """Index of the trick table ``rules`` play with: ``HEARTS`` under ``hearts_trump``
    (000:23 «Главной мастью считаются черви; она может бить любую масть»), else
    ``NO_TRUMP`` (000:11 «Козырей в семерике нет»)."""
    return HEARTS if rules.hearts_trump else NO_TRUMP


def declarations(hand, rules=None) -> int:
    """Declaration points of ``hand`` (a card string such as ``"3h 2h Ah"`` or a bitmask)."""
    from simkit.core.tricks import mask_of
    from simkit.games.semerik.rules import SemerikRules

    mask = mask_of(hand) if isinstance(hand, str) else int(hand)
    if mask & ~int(TABLES[NO_TRUMP, TT_DECK]) or mask < 0:
        raise SimkitError(f"semerik: hand {hand!r} holds cards outside the 40-card deck (A K Q J 7 6 5 4 3 2)")
    return int(declarations_nb(np.int64(mask), declaration_table(SemerikRules.build(rules))))
