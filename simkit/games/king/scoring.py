"""King's scoring pieces that do not depend on the play loop (GAMES.md G15; seed file 002
lines 33-44): the points of each contract, its lead ban and follow rule, the forced K♥."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import DECK_RANKS, HEARTS, N_SUITS, RANK_A, RANK_J, RANK_K, RANK_Q, code, rank_table
from simkit.core.tricks import F_FORCED, F_SUIT, F_TRUMP, trick_tables
from simkit.games.king.rules import CONTRACTS

NO_TRICKS, NO_BOYS, NO_GIRLS, NO_HEARTS, LAST_TWO, KING_OF_HEARTS, ERALASH, PLUS = range(8)
KING = code(RANK_K, HEARTS)
ACE = code(RANK_A, HEARTS)
TRICKS = 8
#: plain A-high tables (002:33 «Старшинство карт обычное»), the K♥ as the forced card.
TABLES = trick_tables(rank_table(DECK_RANKS[32]), forced=(KING,))

#: points for each trick taken, by contract: 002:35 «за каждую по 2 очка», eralash «за
#: взятки» (002:41), positive deals 002:44 «За каждую взятую взятку игрок получает по 3 очка».
PER_TRICK = np.array([2, 0, 0, 0, 0, 0, 2, 3], np.int64)
#: points for each of the last two tricks: 002:39 «за каждую из Двух последних взяток
#: игрок получает по 8 штрафных очков»; eralash «две последние» (002:41).
LAST_TWO_POINTS = np.array([0, 0, 0, 0, 8, 0, 8, 0], np.int64)
#: points for each card in a trick, by contract: 002:36 «по 4 штрафных очка за каждого
#: валета», 002:37 «по 4 штрафных очка за каждую даму», 002:38 «по 2 штрафных очка за
#: каждую карту червонной масти», 002:40 «взявший «кинга» ... 16 штрафных очков»; eralash
#: all of them (002:41 «за все: за взятки, валетов, дам, кинга, две последние и червы»).
CARD_POINTS = np.zeros((8, 64), np.int64)
for _s in range(N_SUITS):
    CARD_POINTS[NO_BOYS, code(RANK_J, _s)] = 4
    CARD_POINTS[NO_GIRLS, code(RANK_Q, _s)] = 4
for _r in DECK_RANKS[32]:
    CARD_POINTS[NO_HEARTS, code(_r, HEARTS)] = 2
CARD_POINTS[KING_OF_HEARTS, KING] = 16
CARD_POINTS[ERALASH] = CARD_POINTS[NO_BOYS] + CARD_POINTS[NO_GIRLS] + CARD_POINTS[NO_HEARTS] + CARD_POINTS[KING_OF_HEARTS]
#: the suit that may not be led while holding another: 002:38 «игрок не имеет права ходить
#: с черв при наличии карт другой масти на руке», 002:40, 002:41. (Positive deals ban the
#: trump suit for all but the namer: :func:`plus_lead_ban_nb`.)
LEAD_BAN = np.array([-1, -1, -1, HEARTS, -1, HEARTS, HEARTS, -1], np.int64)
#: follow rules: 002:35 «обязательно класть карту той же масти, при отсутствии — скидывать
#: любую»; the forced K♥ (002:40 «Кинга игрок обязан скинуть при первой же возможности»);
#: positive deals 002:44 «при отсутствии — козыря».
FOLLOW = np.array([F_SUIT] * 5 + [F_SUIT | F_FORCED] * 2 + [F_SUIT | F_TRUMP], np.int64)
#: what every deal of a contract totals (002:42 «в каждом из первых шести кругов, должна
#: равняться 16, записанных на «ералаше», — 96»; 002:44 «Всего за 8 взяток игроки получают 24 очка»).
DEAL_TOTAL = np.array([16, 16, 16, 16, 16, 16, 96, 24], np.int64)


@njit(cache=True)
def trick_score_nb(contract, trick, n, trick_no):
    """Points the taker of trick number ``trick_no`` (0-based, of :data:`TRICKS`) scores
    in ``contract``: penalty points in the negative contracts, plus points in ``PLUS``
    (:data:`PER_TRICK`, :data:`LAST_TWO_POINTS`, :data:`CARD_POINTS`)."""
    s = PER_TRICK[contract]
    if trick_no >= TRICKS - 2:
        s += LAST_TWO_POINTS[contract]
    for i in range(n):
        s += CARD_POINTS[contract, trick[i]]
    return s


@njit(cache=True)
def king_over_ace_nb(hand, legal, trick, n):
    """Under ``king_forced=over_ace``: on a heart lead, once the A♥ is in the trick, the
    holder of the K♥ must play it (it can no longer win the trick; GAMES.md G15
    ambiguity 1 on 002:40 «Кинга игрок обязан скинуть при первой же возможности»).
    Returns ``legal`` narrowed to the K♥ where that applies, else ``legal``."""
    king = np.int64(1) << KING
    if n == 0 or not (hand & king) or (trick[0] & 3) != HEARTS:
        return legal
    for i in range(n):
        if trick[i] == ACE:
            return king
    return legal


@njit(cache=True)
def plus_lead_ban_nb(seat, namer, trump):
    """The suit ``seat`` may not lead in a positive deal while holding another: the trump,
    unless he named it (002:44 «Ходить с козырной масти при наличии карт другой масти на
    руках имеет право только игрок, назначавший козыря»); -1 = none."""
    return -1 if seat == namer else trump


def contract_code(name: str) -> int:
    """The kernels' code of contract ``name`` (:data:`CONTRACTS`)."""
    return CONTRACTS.index(name)
