"""Kozel's scoring pieces that do not depend on the play loop (GAMES.md G11; seed file 002
lines 1-6): card points, the card order with the permanent jacks, who wins a half under
each reading, and the marks."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import (CLUBS, DIAMONDS, HEARTS, RANK_7, RANK_8, RANK_9, RANK_10, RANK_A, RANK_J, RANK_K,
                               RANK_Q, SPADES, code, rank_table)
from simkit.core.options import choices
from simkit.core.tricks import F_SUIT, F_TRUMP, trick_tables
from simkit.games.kozel.rules import KozelRules
from simkit.games.point_tricks import DEAL_POINTS, POINTS  # noqa: F401  (002:1 «Карты имеют следующие очки»)
#: 002:1 «Старшинство карт в колоде: Т, 10, К, Д, 9, 8, 7.» (low to high)
PLAIN_ORDER = rank_table((RANK_7, RANK_8, RANK_9, RANK_Q, RANK_K, RANK_10, RANK_A))
#: 002:1 «Валеты являются козырями и бьют любую карту козырной масти. Старшинство валетов:
#: валет треф — старший, далее — валет пик, черв, бубен — младший.»
PERM_ORDER = np.full(64, -1, np.int64)
for _i, _s in enumerate((DIAMONDS, HEARTS, SPADES, CLUBS)):
    PERM_ORDER[code(RANK_J, _s)] = _i
    PLAIN_ORDER[code(RANK_J, _s)] = 0      # in the deck; its power is its jack order
#: trick tables: table ``t`` when suit ``t`` is trump (002:2 «Масть этой карты — козырь на две игры»).
TABLES = trick_tables(PLAIN_ORDER, perm_order=PERM_ORDER)
#: 002:3 «На выхоженную карту кладут в масть, при отсутствии — козыря.»
FOLLOW = F_SUIT | F_TRUMP
#: 002:2 «Сдатчик сдает каждому по четыре карты.»
HALF_CARDS = 4
#: 002:3 «Набравший 61 очко и более выигрывает партию.»
WIN_POINTS = 61
#: 002:4 «он списывает с этой записи по 2 очка с каждого, кроме сдатчика — с него 1 очко.»
CROSS, CROSS_DEALER = 2, 1

#: the codes of the ``half_winner`` readings, as the kernels read them (``HALF_WINNER.literal_61`` ...)
HALF_WINNER = choices(KozelRules, "half_winner")
#: the readings in code order (their values are identifiers: the codes' names)
READINGS = HALF_WINNER._fields


@njit(cache=True)
def half_winner_nb(points, players, reading):
    """The seat that wins a half with card points ``points[seat]``, or -1 for nobody.

    ``literal_61``: 61 or more (002:3 «Набравший 61 очко и более выигрывает партию»; at
    most one, a half holding at most 112 points). ``scaled_majority``: more than half of
    the points the half's tricks hold. ``most_points``: the unique highest total (a tie
    at the top: nobody). ``reading``: a code of :data:`HALF_WINNER`."""
    total = 0
    best = -1
    tie = False
    for s in range(players):
        total += points[s]
        if best < 0 or points[s] > points[best]:
            best = s
            tie = False
        elif points[s] == points[best]:
            tie = True
    if reading == HALF_WINNER.literal_61:
        return best if points[best] >= WIN_POINTS else -1
    if reading == HALF_WINNER.scaled_majority:
        return best if 2 * points[best] > total else -1
    return -1 if tie else best


@njit(cache=True)
def cross_marks_nb(marks, winner, dealer, players):
    """The winner of a half crosses marks off his record ``marks[winner, other]`` (the
    marks left against each other player): 2 against each opponent, 1 against the dealer
    (002:4 «списывает с этой записи по 2 очка с каждого, кроме сдатчика — с него 1
    очко»), never below 0. Returns True if a record reached 0: the winner takes the match
    (002:4 «Списавший с кого-нибудь все 12 очков выигрывает «козла» или кон»)."""
    wiped = False
    for o in range(players):
        if o == winner:
            continue
        marks[winner, o] = max(0, marks[winner, o] - (CROSS_DEALER if o == dealer else CROSS))
        if marks[winner, o] == 0:
            wiped = True
    return wiped


def half_winner(points, rules=None) -> int:
    """:func:`half_winner_nb` of four seats' card points under ``rules.half_winner``."""
    reading = READINGS.index(KozelRules.build(rules).half_winner)
    return int(half_winner_nb(np.asarray(points, np.int64), len(points), reading))
