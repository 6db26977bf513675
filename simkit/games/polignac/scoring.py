"""Polignac's scoring pieces that do not depend on the play loop (GAMES.md G21; seed file
003 lines 50-52): the jack penalties, a deal's net points and the end of the game."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.cards import CLUBS, DIAMONDS, HEARTS, RANK_J, SPADES, code
from simkit.core.options import choices
from simkit.core.tricks import F_SUIT, lowest_card_nb, popcount_nb, standard_tables
from simkit.games.polignac.rules import PolignacRules

#: 003:51 plain A-high tables (ordinary ranks); table ``t`` when the turned card's suit ``t`` is trump.
TABLES = standard_tables(52)
#: 003:52 «Минусовые взятки начисляются за взятие валетов: червового — 4, бубнового — 3,
#: трефового — 2 и пикового — 1 очко.» (points subtracted from the taker)
JACK_PENALTY = np.zeros(64, np.int64)
for _s, _p in ((HEARTS, 4), (DIAMONDS, 3), (CLUBS, 2), (SPADES, 1)):
    JACK_PENALTY[code(RANK_J, _s)] = _p
JACKS = np.int64(0xF << (RANK_J * 4))
#: the codes of ``end_rule`` (``END_RULE.net``, ``END_RULE.gross``)
END_RULE = choices(PolignacRules, "end_rule")


def cards_each(players: int) -> int:
    """Cards dealt to each of ``players``: as many equal hands as the 51 cards left after
    the turned trump card allow (003:50 «по 17 карт» for three)."""
    return 51 // players


@njit(cache=True)
def follow_flags_nb(follow_suit):
    """The follow obligation: follow suit (option ``follow_suit``, nonzero) and never a
    duty to trump (003:51 «перебивать козырем при отсутствии масти не обязательно»)."""
    return F_SUIT if follow_suit != 0 else 0


@njit(cache=True)
def jack_points_nb(taken):
    """Jack penalty of the cards in bitmask ``taken`` (:data:`JACK_PENALTY`)."""
    s = 0
    m = taken & JACKS
    while m:
        s += JACK_PENALTY[lowest_card_nb(m)]
        m &= m - 1
    return s


@njit(cache=True)
def deal_net_nb(taken, players, out):
    """Each seat's net points of a deal into ``out``: +1 per trick (003:52 «За каждую
    взятку полагается 1 очко»), minus the jack penalties of the cards it captured
    (``taken[seat]``, a bitmask; a trick holds ``players`` cards)."""
    for s in range(players):
        out[s] = popcount_nb(taken[s]) // players - jack_points_nb(taken[s])


@njit(cache=True)
def game_over_nb(net, gross, players, target, end_rule):
    """True once a player's net total (``end_rule`` = ``END_RULE.net``) or gross tricks
    (``END_RULE.gross``) reach ``target`` (003:52 «Игра продолжается, пока один из игроков
    не наберет 20 плюсовых очков»)."""
    for s in range(players):
        if (net[s] if end_rule == END_RULE.net else gross[s]) >= target:
            return True
    return False
