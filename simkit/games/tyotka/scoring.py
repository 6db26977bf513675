"""Tyotka's scoring pieces that do not depend on the play loop (GAMES.md G16; seed file 002
lines 50-52): the counting trick, the deal's penalties and the pairwise settlement."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import N_SUITS, RANK_A, RANK_Q, code
from simkit.core.tricks import popcount_nb, standard_tables
from simkit.games.penalty_tricks import most_tricks_seat_nb  # noqa: F401  (the most-tricks rule, shared)

#: 002:49 «Старшинство карт обычное.»: plain A-high tables, no trumps (table NO_TRUMP).
TABLES = standard_tables(52)
TRICKS = 13
#: 002:51 «Дама называется «теткой». За каждую даму в своей взятке игрок получает одно штрафное очко.»
QUEENS = 0
for _s in range(N_SUITS):
    QUEENS |= 1 << code(RANK_Q, _s)
QUEENS = np.int64(QUEENS)
#: 002:51 «За каждую даму в своей взятке игрок получает одно штрафное очко»: one per queen (the shared
#: penalty part of the options, penalty_tricks.pack_game)
QUEEN_PENALTY = np.array([(QUEENS >> c) & 1 for c in range(64)], np.int64)
#: penalties a deal gives out: four queens, the photograph, the most tricks, the counting trick
DEAL_PENALTIES = 7


@njit(cache=True)
def counting_trick_nb(photo):
    """Number (1..13) of the counting trick for photograph ``photo`` (a card code): 002:51
    «если «фотография» — туз, то счетная взятка — первая, двойка — вторая, …, десятка —
    десятая, валет — одиннадцатая, дама — двенадцатая, король — тринадцатая»."""
    rank = photo >> 2
    return 1 if rank == RANK_A else rank + 2


@njit(cache=True)
def deal_penalties_nb(winners, taken, photo, players, out):
    """Each seat's penalties for a deal into ``out``: one per queen in its tricks
    (``taken[seat]``: bitmask of the cards it captured), one for capturing the photograph,
    one for the most tricks (:func:`most_tricks_seat_nb`), one for the counting trick
    (:func:`counting_trick_nb`) (002:51 «Также за «фотографию», взятие более всех взяток,
    взятие «счетной» взятки игрок штрафуется одним очком»)."""
    n = TRICKS
    for s in range(players):
        out[s] = popcount_nb(taken[s] & QUEENS) + ((taken[s] >> photo) & 1)
    out[most_tricks_seat_nb(winners, n, players)] += 1
    out[winners[counting_trick_nb(photo) - 1]] += 1


@njit(cache=True)
def settle_nb(scores, players, out):
    """Each player's settlement of a rubber with penalty ``scores`` into ``out``: every
    player collects from each higher-scored player the difference (002:52 «Имеющий менее
    всех берет с остальных выигрыш в соответствии с разницей в очках. Затем второй игрок
    аналогично с третьего и четвертого и, наконец, третий с четвертого»), so ``out[i] =
    sum_j (scores[j] - scores[i])``; zero-sum."""
    for i in range(players):
        out[i] = 0
        for j in range(players):
            out[i] += scores[j] - scores[i]


def deal_penalties(winners, taken, photo) -> list:
    """:func:`deal_penalties_nb` for four seats: ``winners`` (13 seats in trick order),
    ``taken`` (four bitmasks), ``photo`` (a card code)."""
    out = np.zeros(4, np.int64)
    deal_penalties_nb(np.asarray(winners, np.int64), np.asarray(taken, np.int64), int(photo), 4, out)
    return [int(x) for x in out]
