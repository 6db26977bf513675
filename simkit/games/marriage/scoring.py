"""Two-hand Marriage's rule pieces that do not depend on the play loop (GAMES.md G12; seed
file 002 lines 10-12): the decks and their order, marriages and their values, the follow
flags, and what decides a deal or a game."""
from __future__ import annotations

from numba import njit

from simkit.core.ace_ten import ACE_TEN_POINTS, SUIT_MARRIAGES, ace_ten_order, led_marriage_nb
from simkit.core.cards import RANK_7, RANK_8, RANK_9, RANK_10
from simkit.core.options import choices
from simkit.core.tricks import F_SUIT, F_TRUMP, trick_tables
from simkit.games.marriage.rules import MarriageRules

#: the card points: 002:10 «Откидываются, естественно, карты, не имеющие очки (от семерки до
#: девятки)», so 9 8 7 score 0, and A 10 K Q J as in the neighbouring games (GAMES.md G12)
POINTS = ACE_TEN_POINTS
DEAL_POINTS = 120
#: the lowest rank of each deck (002:10 «колода из 32, 28, 24, 20 карт»)
LOWEST = {32: RANK_7, 28: RANK_8, 24: RANK_9, 20: RANK_10}
#: 002:10 «Сдатчик сдает три, затем две карты каждому. Всего, таким образом, сдается по пять карт»
HAND = 5
#: 002:12 «признавая розыгрыш без набора 101 очка за ничью»
TARGET = 101
#: 002:12 «При игре с переносом очков последняя взятка дополнительно оценивалась в 10 очков»
LAST_TRICK_CARRY = 10
#: the first marriage of a deal and every later one (GAMES.md G12 ambiguity 1, as G13)
FIRST_MARRIAGE, LATER_MARRIAGE = 40, 20
#: the codes of the rule choices the kernels read (``VALUES.by_suit``, ``FOLLOW_RULE.suit_any`` ...)
VALUES = choices(MarriageRules, "marriage_values")
FOLLOW_RULE = choices(MarriageRules, "follow")


def order(deck: int):
    """The ace-ten order of the ``deck``-card pack (A 10 K Q J 9 8 7 from the top)."""
    return ace_ten_order(LOWEST[deck])


def tables(deck: int):
    """The trick tables of the ``deck``-card pack (row 4: no trump yet)."""
    return trick_tables(order(deck))


@njit(cache=True)
def marriage_value_nb(suit, declared_before, values):
    """What the marriage of ``suit`` scores when ``declared_before`` marriages were declared
    earlier in the deal: 40 for the first, 20 later (``VALUES.first40``), or ♥100 ♦80 ♣60
    ♠40 (``VALUES.by_suit``); the text gives no value (002:11, GAMES.md G12 ambiguity 1)."""
    if values == VALUES.by_suit:
        return SUIT_MARRIAGES[suit]
    return FIRST_MARRIAGE if declared_before == 0 else LATER_MARRIAGE


@njit(cache=True)
def may_declare_nb(hand, led, won_trick, stock_left):
    """The suit of the marriage declared by leading ``led`` from ``hand``, or -1: only a
    player who has won a trick, on his lead (002:11 «Игрок, взявший взятку, имеет право на
    своем ходе объявить марьяж»), while the stock has cards («Марьяж можно объявлять до
    полного разбора колоды»), leading its king or queen."""
    if not won_trick or stock_left <= 0:
        return -1
    return led_marriage_nb(hand, led)


@njit(cache=True)
def follow_flags_nb(trump, follow):
    """The follow obligations: none before a trump is declared (002:11 «На выхоженную до
    объявления козыря можно класть любую карту»); then follow suit, else trump
    (``FOLLOW_RULE.suit_trump_any``, GAMES.md G12 ambiguity 2) or follow suit, else any card
    (``FOLLOW_RULE.suit_any``: «после объявления козыря — в масть, при отсутствии козыря —
    скидывать любую»). ``trump``: -1 while there is none."""
    if trump < 0:
        return 0
    return F_SUIT | F_TRUMP if follow == FOLLOW_RULE.suit_trump_any else F_SUIT
