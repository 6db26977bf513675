"""Marriage for four's rule pieces that do not depend on the play loop (GAMES.md G13; seed
file 002 lines 16-22): order and points, the card exchange, split marriages and when they
may be declared, and what a claim or a deal played out wins (1, 3 or 12 games)."""
from __future__ import annotations

from numba import njit

from simkit.core.ace_ten import ACE_TEN_POINTS, ace_ten_order, led_marriage_nb
from simkit.core.cards import RANK_6
from simkit.core.tricks import F_SUIT, popcount_nb, trick_tables

#: 002:16 «Т — 11 очков, 10 — 10, К — 4, Д — 3, В — 2 очка. Остальные стоимости не имеют»
POINTS = ACE_TEN_POINTS
DEAL_POINTS = 120
#: 002:16 «Старшинство карт в колоде: Т, 10, К, Д, В, 9, 8, 7, 6» (36 cards)
ORDER = ace_ten_order(RANK_6)
TABLES = trick_tables(ORDER)
#: 002:17 «Сдача по одной всех карт»: nine each
HAND = 9
#: 002:19 «Первый за всю сдачу объявленный марьяж оценивается в 40 очков ... Стоимость
#: объявленных последующих марьяжей всегда 20»
FIRST_MARRIAGE, LATER_MARRIAGE = 40, 20
#: 002:19 «Марьяж объявляется на первых пяти ходах. Последний возможный момент объявления
#: марьяжа — пятый выход»
DECLARE_LEADS = 5
#: 002:19 «на выхоженные карты кладут в масть, при отсутствии скидывают любую карту (козыря
#: не обязательно)»; before a trump, 002:18 «можно класть до объявления козыря — любую»
FOLLOW = F_SUIT
#: 002:20-21 «Для выигрыша партнеры должны набрать 101 очко ... Если пара набрала точно 101
#: очко, то выигрыш соответствует трем партиям. При наборе более 101 очка пара выигрывает одну
#: партию. Сторона, объявившая, но не набравшая 101 очко, проигрывает 12 партий»
TARGET, EXACT_GAMES, OVER_GAMES, YAN_GAMES = 101, 3, 1, 12


@njit(cache=True)
def exchange_legal_nb(give, hand, n):
    """Whether passing cards ``give`` (a bitmask) from ``hand`` is one partner's half of the
    exchange: exactly ``n`` cards he holds (002:17 «Передача осуществляется до выхода, один
    раз и только в обмен на карты партнера»; ``n``: the ``exchange`` rule)."""
    return popcount_nb(give) == n and (give & ~hand) == 0


@njit(cache=True)
def marriage_value_nb(declared_before):
    """40 for the deal's first marriage, 20 for every later one (002:19)."""
    return FIRST_MARRIAGE if declared_before == 0 else LATER_MARRIAGE


@njit(cache=True)
def may_declare_nb(own, partner, led, lead_no, first_lead_ok):
    """The suit of the marriage declared by leading ``led`` (one of ``own`` cards), or -1.
    The king and queen may be split between the partners (002:19 «Марьяж можно объявлять
    не только при наличии его на одной руке, но и при наличии его у двух партнеров»); the
    declarer leads from it («Игрок, объявивший марьяж, обязан с него пойти»); only on the
    first five leads (``lead_no`` 1-based, «Марьяж объявляется на первых пяти ходах»),
    and on the first lead only with ``first_lead_ok`` (rule ``first_lead_marriage``: «Игроки,
    взявшие взятку, имеют право объявить»; later leaders have won the trick before)."""
    if lead_no > DECLARE_LEADS or (lead_no == 1 and not first_lead_ok):
        return -1
    if not (own >> led) & 1:
        return -1
    return led_marriage_nb(own | partner, led)


@njit(cache=True)
def claim_games_nb(points):
    """Games a side wins by stopping the deal with ``points`` (cards and marriages): 3 for
    exactly 101, 1 for more, -12 (it loses 12: the yan) for fewer (002:21 «Сторона,
    объявившая, но не набравшая 101 очко, проигрывает 12 партий. Такой проигрыш называется
    «отказной ян» или просто «ян»»)."""
    if points == TARGET:
        return EXACT_GAMES
    return OVER_GAMES if points > TARGET else -YAN_GAMES


@njit(cache=True)
def played_out_nb(side0, side1):
    """The side that wins a deal played to its end without a claim and its games, as
    ``(side, games)``: a side at 101 or more wins as if it had stopped at the end (3 games
    for exactly 101, 1 for more); both there, the higher total; ``(-1, 0)`` when neither
    reached 101 or both totals are equal (the deal is void or carries over, rule
    ``no_101``; GAMES.md G13 ambiguities 4 and 5)."""
    if side0 < TARGET and side1 < TARGET:
        return -1, 0
    if side0 == side1:
        return -1, 0
    side = 0 if side0 > side1 else 1
    return side, claim_games_nb(side0 if side == 0 else side1)
