"""Kerosinka's rule pieces that do not depend on the play loop (GAMES.md G17; seed file 002
lines 57-61): the card order with the 10♥ above all trumps, card points, the trump of a
deal and rank-first following (forced trumping, which the report counts, is
:func:`simkit.games.point_tricks.forced_trump_nb`)."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import (HEARTS, N_SUITS, RANK_6, RANK_7, RANK_8, RANK_9, RANK_10, RANK_A, RANK_J,
                               RANK_K, RANK_Q, code)
from simkit.core.options import choices
from simkit.core.tricks import F_RANK, F_SUIT, F_TRUMP, NO_TRUMP, trick_tables
from simkit.games.kerosinka.rules import KerosinkaRules
from simkit.games.point_tricks import DEAL_POINTS, POINTS  # noqa: F401  (002:58 «Карты имеют стоимость»)

KEROSINKA = code(RANK_10, HEARTS)
#: 002:57 «Старшинство карт в колоде от старших к младшим в пиках, трефах, бубнах: Т, 10,
#: К, Д, В, 9, 8, 7, 6; в червах: Т, К, Д, В, 9, 8, 7, 6.» (low to high)
PLAIN_ORDER = np.full(64, -1, np.int64)
for _s in range(N_SUITS):
    for _i, _r in enumerate((RANK_6, RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A)):
        PLAIN_ORDER[code(_r, _s)] = _i
PLAIN_ORDER[KEROSINKA] = 0              # in the deck; its power is the permanent trump's
#: 002:58 «„Керосинка" — 10 черв — является старшим козырем колоды и не играет как карта червовой масти.»
PERM_ORDER = np.full(64, -1, np.int64)
PERM_ORDER[KEROSINKA] = 0
#: trick tables: ``both_ways`` (the 10♥ is also a ten for following) and ``trump_only``.
TABLES = {"both_ways": trick_tables(PLAIN_ORDER, perm_order=PERM_ORDER, perm_rank_follow=True),
          "trump_only": trick_tables(PLAIN_ORDER, perm_order=PERM_ORDER, perm_rank_follow=False)}
#: 002:60 «На выхоженную следует класть карту того же достоинства, при отсутствии — той же
#: масти. Если нет карты того же достоинства или масти, обязательно класть козыря.»
FOLLOW = F_RANK | F_SUIT | F_TRUMP
#: the codes of ``kerosinka_as_ten`` (``AS_TEN.trump_only`` ...), as the kernels read them
AS_TEN = choices(KerosinkaRules, "kerosinka_as_ten")
#: both TABLES sets stacked, indexed by the code of ``kerosinka_as_ten``, for the kernels' hooks
ALL_TABLES = np.stack([TABLES[value] for value in AS_TEN._fields])


def tables(rules) -> np.ndarray:
    """The five trick tables ``rules`` play with (option ``kerosinka_as_ten``)."""
    return TABLES[rules.kerosinka_as_ten]


@njit(cache=True)
def trump_table_nb(shown, no_trump_suit):
    """Index of the deal's trick table from the dealer's shown card ``shown``: its suit
    (002:59 «Масть этой карты — козырь»); the 10♥ gives hearts, or ``NO_TRUMP`` (the 10♥
    the only trump) when ``no_trump_suit`` (option ``kerosinka_turned``)."""
    if shown == KEROSINKA and no_trump_suit:
        return NO_TRUMP
    return shown & 3
