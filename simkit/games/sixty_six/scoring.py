"""Sixty-six's rule pieces that do not depend on the play loop (GAMES.md G20; seed file 003
lines 18-47): card order and points, marriages, the trump-nine exchange, closing, the
follow rules, and a deal's result in game points."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.ace_ten import ACE_TEN_POINTS, ace_ten_order, led_marriage_nb
from simkit.core.cards import RANK_9
from simkit.core.options import choices
from simkit.core.tricks import F_HEAD, F_SUIT, F_TRUMP, trick_tables
from simkit.games.sixty_six.rules import SixtySixRules

#: 003:24 «туз — 11 очков, король — 4 очка, дама — 3 очка, валет — 2 очка, десятка — 10
#: очков, девятка — 0» (120 in the 24 cards)
POINTS = ACE_TEN_POINTS
DEAL_POINTS = 120
#: 003:43 «приписывает к своим очкам ее и еще премию в 10 очков»
LAST_TRICK = 10
#: 003:22 «кто первым наберет 66 очков»; 003:44 «менее половины 66 (менее 33 очков)»
WIN, HALF = 66, 33
#: 003:26 «Сдающий раздает каждому игроку по 6 карт по одной за раз»
HAND = 6
#: 003:24: the 24-card deck; its order within a suit A 10 K Q J 9 (003:31 «даму бубен он
#: может перекрыть королем, тузом или десяткой бубен»), low to high
ORDER = ace_ten_order(RANK_9)
TABLES = trick_tables(ORDER)
#: 003:29 «Первый заход можно делать любой картой любой масти»: no obligation while the stock lasts
FOLLOW_OPEN = 0
#: 003:39 «партнеры обязаны давать масть на масть и козыря на козыря. Если же у игрока нет
#: нужной масти, он обязан покрыть козырем» (``F_HEAD`` added by ``must_head``)
FOLLOW_CLOSED = F_SUIT | F_TRUMP
#: 003:34 «может заявить 20 очков»; 003:36 «козырные король и дама ... объявив 40 очков»
MARRIAGE, TRUMP_MARRIAGE = 20, 40

#: the codes of the rule choices the scoring kernels read (``FAILED.flat``, ``SCHWARZ.standard`` ...)
FAILED = choices(SixtySixRules, "failed_close")
SCHWARZ = choices(SixtySixRules, "schwarz")
NO_66 = choices(SixtySixRules, "no_66")
CLOSE_WHEN = choices(SixtySixRules, "close_when")


def follow_closed(must_head: bool) -> int:
    """The follow flags once the stock is closed or empty (``must_head``: ambiguity 4)."""
    return FOLLOW_CLOSED | (F_HEAD if must_head else 0)


@njit(cache=True)
def marriage_value_nb(suit, trump):
    """What announcing the marriage of ``suit`` scores: 40 in trumps, else 20 (003:34
    «некозырные король и дама одной масти ... может заявить 20 очков»; 003:36 «козырные
    король и дама ... объявив 40 очков»)."""
    return TRUMP_MARRIAGE if suit == trump else MARRIAGE


@njit(cache=True)
def may_announce_nb(hand, suit, led, on_lead):
    """Whether the player may announce the marriage of ``suit`` leading card ``led``: he is
    on lead, holds that suit's king and queen, and leads one of them (003:34 «принадлежит
    очередь хода — он может заявить 20 очков и пойти с короля или дамы»; 003:37 a marriage
    never led from scores nothing)."""
    return on_lead and led_marriage_nb(hand, led) == suit


@njit(cache=True)
def may_exchange_nine_nb(hand, trump, stock_left, tricks_done, on_lead, closed, won_trick, needs_trick):
    """Whether the player may exchange the trump nine for the turned trump: he holds it,
    at least one trick has been played (003:38 «После первой взятки козырной девяткой можно
    заменить вскрытого козыря»), he is on lead, the stock is open and holds at least two
    cards (the turned trump counted), and, with ``needs_trick`` (rule
    ``nine_needs_trick``), he has won a trick (GAMES.md G20 ambiguity 6)."""
    if not (hand >> (4 * RANK_9 + trump)) & 1:
        return False
    if tricks_done < 1 or not on_lead or closed or stock_left < 2:
        return False
    return won_trick or not needs_trick


@njit(cache=True)
def may_close_nb(stock_left, tricks_done, on_lead, closed, close_when):
    """Whether the player may close the stock: on lead, before leading, while the stock
    still has cards and is not closed (003:40 «он может объявить колоду закрытой и
    находящимся козырем закрыть ее»); with ``CLOSE_WHEN.start_only`` only before the first trick
    (003:40 «в начале игры», ambiguity 9)."""
    if not on_lead or closed or stock_left < 1:
        return False
    return close_when == CLOSE_WHEN.any_lead or tricks_done == 0


@njit(cache=True)
def game_points_nb(loser_points, loser_tricks, schwarz):
    """Game points the winner of a deal scores from the loser's result: 1 when the loser
    has 33 or more; 2 under 33 (003:44 «возьмет менее половины 66 (менее 33 очков),
    противная сторона имеет право открыть 2 очка. Если же игрок набирает 33 очка, но не
    набирает 66, противная сторона открывает 1 очко»); 3 when he took tricks but no point
    (003:45 «не возьмет ни одного очка, хотя будет иметь взятки, противная сторона
    открывает 3 очка»), and, with ``SCHWARZ.standard``, also when he took no trick."""
    if loser_tricks > 0 and loser_points == 0:
        return 3
    if loser_tricks == 0 and schwarz == SCHWARZ.standard:
        return 3
    return 2 if loser_points < HALF else 1


@njit(cache=True)
def failed_close_points_nb(closer_points, closer_tricks, schwarz, failed_close):
    """Game points the opponent scores when the closer missed 66. ``FAILED.double``: twice
    what the closer's result would give (003:42 «проигрывает в двойном размере»: 2 or 4,
    6 with tricks but no point), and 6 when he took no trick (003:46 «Если игрок, закрывший
    колоду, не возьмет ни одной взятки, противная сторона открывает 6 очков»).
    ``FAILED.flat``: 2, or 3 when he took no trick (ambiguity 2)."""
    if failed_close == FAILED.flat:
        return 3 if closer_tricks == 0 else 2
    if closer_tricks == 0:
        return 6
    return 2 * game_points_nb(closer_points, closer_tricks, schwarz)


@njit(cache=True)
def deal_result_nb(points, tricks, reached, closer, last_winner, schwarz, failed_close, no_66):
    """The deal's winner and the game points he scores, as ``(winner, game_points)``;
    ``(-1, 0)`` for a replay.

    ``points[s]``: seat ``s``'s points (cards, announced marriages, last trick);
    ``tricks[s]``: tricks won; ``reached``: the seat that reached 66 first, -1 if nobody
    did, -2 if both ended at 66 or more with the deal played out (003:47 «Если оба
    партнера набирают по 66 очков, партия должна быть переиграна заново»); ``closer``: the
    seat that closed the stock, -1 if nobody did; ``last_winner``: who took the last
    trick (-1 if the deal stopped before it).

    A closer wins only by reaching 66 first; else his opponent scores
    :func:`failed_close_points_nb`. Without a closer, the first to 66 wins
    :func:`game_points_nb`; when nobody reached 66 (rule ``no_66``) the last trick's
    winner, or the higher points (equal: the last trick's winner)."""
    if reached == -2:
        return -1, 0
    if closer >= 0:
        if reached == closer:
            other = 1 - closer
            return closer, game_points_nb(points[other], tricks[other], schwarz)
        return 1 - closer, failed_close_points_nb(points[closer], tricks[closer], schwarz, failed_close)
    winner = reached
    if winner < 0:
        winner = last_winner
        if no_66 == NO_66.higher and points[0] != points[1]:
            winner = 0 if points[0] > points[1] else 1
        if winner < 0:
            return -1, 0
    other = 1 - winner
    return winner, game_points_nb(points[other], tricks[other], schwarz)


def deal_result(points, tricks, reached, closer=-1, last_winner=-1, rules=None):
    """:func:`deal_result_nb` under ``rules`` (a dict or :class:`SixtySixRules`)."""
    r = SixtySixRules.build(rules)
    winner, gp = deal_result_nb(np.asarray(points, np.int64), np.asarray(tricks, np.int64), reached, closer,
                                last_winner, getattr(SCHWARZ, r.schwarz), getattr(FAILED, r.failed_close),
                                getattr(NO_66, r.no_66))
    return int(winner), int(gp)
