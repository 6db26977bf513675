"""Klaberjass's rule pieces that do not depend on the play loop (GAMES.md G10; seed file
000 lines 331-391): the card orders and points, the auction's calls, the dix, sequences
and their comparison, bella, and a deal's scores."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.ace_ten import marriage_suits_nb
from simkit.core.cards import N_SUITS, RANK_7, RANK_8, RANK_9, RANK_10, RANK_A, RANK_J, RANK_K, RANK_Q, code, \
    rank_table
from simkit.core.options import choices
from simkit.core.tricks import F_HEAD_TRUMP, F_SUIT, F_TRUMP, lowest_card_nb, trick_tables
from simkit.games.klaberjass.rules import KlaberjassRules

#: 000:335 «При козырной игре старшинство определяется следующим образом: В (старшая), 9, Т,
#: 10, К, Д, 8, 7» and «В любой некозырной масти ... Т (старшая), 10, К, Д, В, 9, 8, 7»
#: (both low to high here)
PLAIN_ORDER = rank_table((RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A))
TRUMP_ORDER = rank_table((RANK_7, RANK_8, RANK_Q, RANK_K, RANK_10, RANK_A, RANK_9, RANK_J))
TABLES = trick_tables(PLAIN_ORDER, TRUMP_ORDER)
#: 000:357 «Второй ход по взятке должен быть в масть, если это возможно. Если у игрока нет
#: масти, он должен ходить козырем ... При первом ходе с козыря второй игрок должен стремиться
#: перебить козырь первого хода»
FOLLOW = F_SUIT | F_TRUMP | F_HEAD_TRUMP
#: 000:365-377 «Ясс - 20», «Менель - 14», «Каждый туз - 11», «Каждая десятка - 10», «Каждый
#: король - 4», «Каждая дама - 3», «Каждый валет - 2»: ``POINTS[t]`` when suit ``t`` is trump
POINTS = np.zeros((N_SUITS, 64), np.int64)
for _t in range(N_SUITS):
    for _s in range(N_SUITS):
        for _r, _p in ((RANK_A, 11), (RANK_10, 10), (RANK_K, 4), (RANK_Q, 3), (RANK_J, 2)):
            POINTS[_t, code(_r, _s)] = _p
    POINTS[_t, code(RANK_J, _t)] = 20
    POINTS[_t, code(RANK_9, _t)] = 14
#: 000:361 «выигрыш последней взятки, называемой «стишь», приносит 10 очков»
STICH = 10
DEAL_POINTS = 162
#: 000:337 «по шесть карт, сдаваемых по три сразу»; 000:347 «раздает еще по три карты»
FIRST_HAND, HAND = 6, 9
#: 000:351 «Секанс в три карты стоит 20 очков; в четыре и более карт - 50»
SEQ_3, SEQ_4 = 20, 50
#: 000:359 «записать себе 20 очков»
BELLA = 20
#: the auction's calls (000:339 «говоря «пас», «беру» или «шмайсс»»)
PASS, TAKE, SCHMEISS = 0, 1, 2
#: the codes of the rule options ``bete`` and ``bella`` (:func:`~simkit.core.options.choices`): ``BETE.literal_double``,
#: ``BETE.standard_bete``, ``BELLA_RULE.queen``, ``BELLA_RULE.either``
BETE = choices(KlaberjassRules, "bete")
BELLA_RULE = choices(KlaberjassRules, "bella")


#: the 32-card deck's cards (ranks 7 to ace), the only ones that make sequences
DECK_32 = sum(1 << code(r, s) for r in range(RANK_7, RANK_A + 1) for s in range(N_SUITS))


@njit(cache=True, inline="always")
def sequences_nb(hand, trump, out):
    """The hand's sequences (three or more cards of a suit in a row, 000:351 «Для секансов
    во всех мастях принимается следующее старшинство: Т (старшая). К, Д, В, 10, 9, 8, 7»:
    the natural order, which the card codes follow, a suit's ranks 4 codes apart) into
    ``out`` (an int64[2]): ``out[0]`` their total value, 20 for three and 50 for four or
    more each (000:351), and ``out[1]`` the rank key of the best (:func:`sequence_key_nb`'s
    order: value, then top card, then trump; 0 with none). Returns the number of
    sequences."""
    h = hand & DECK_32
    n = 0
    out[0] = 0
    out[1] = 0
    starts = h & (h >> 4) & (h >> 8) & ~(h << 4)      # the lowest card of each run of three or more
    while starts:
        low = lowest_card_nb(starts)
        starts &= starts - 1
        top = low + 8
        while (h >> (top + 4)) & 1:
            top += 4
        value = SEQ_3 if top == low + 8 else SEQ_4
        n += 1
        out[0] += value
        key = sequence_key_nb(value, (top >> 2) - RANK_7, (low & 3) == trump)
        if key > out[1]:
            out[1] = key
    return n


@njit(cache=True)
def sequence_key_nb(value, top, is_trump):
    """A comparable key of one sequence: a 50 beats a 20, then the higher top card
    (``top`` 0 = 7 ... 7 = ace), then a trump sequence (000:355 «Секанс в 50 выше секанса в
    20. Между двумя секансами одинаковой стоимости приоритет устанавливается самой старшей
    картой. При равных картах козырной секанс бьет некозырной»)."""
    return value * 100 + top * 2 + (1 if is_trump else 0)


@njit(cache=True, inline="always")
def sequence_scorer_nb(k0, k1, dealer):
    """The seat whose sequences score (only one player's do, 000:353 «Очки за секансы может
    получать только один игрок»): the holder of the best sequence; equal bests go to the
    non-dealer (000:355 «Но если и в этом секансы равны, очки записывает несдававший
    игрок»); -1 when neither holds one. ``k0``, ``k1``: each seat's best sequence key
    (:func:`sequences_nb`'s ``out[1]``, 0 for none)."""
    if k0 == 0 and k1 == 0:
        return -1
    if k0 == k1:
        return 1 - dealer
    return 0 if k0 > k1 else 1


@njit(cache=True, inline="always")
def bella_nb(hand, card, trump, rule):
    """Bella's 20 when ``card`` is played from ``hand`` (the cards held before playing it):
    ``BELLA_RULE.queen``, the trump queen while the trump king is held (000:359 «Если у игрока
    имеется король и дама козырной масти, он может заявить: «Белла!» и записать себе 20
    очков, играя дамой»); ``BELLA_RULE.either``, the first of the two played while the other is
    held. Else 0."""
    if not (marriage_suits_nb(hand) >> trump) & 1:
        return 0
    if card == 4 * RANK_Q + trump:
        return BELLA
    if rule == BELLA_RULE.either and card == 4 * RANK_K + trump:
        return BELLA
    return 0


@njit(cache=True)
def dix_allowed_nb(hand, trump, trump_is_turned, tricks_done, is_dealer, dealer_delays):
    """Whether the player may exchange the dix (trump 7) for the turned card: he holds it,
    the turned suit was accepted as trump (000:349 «Если вскрытая карта принимается в
    качестве козырной, любой из игроков, имеющий в руке диз, может обменять его на
    козырную»), before the first trick is played («Этот обмен не может иметь места после
    розыгрыша первой взятки»), or, for the dealer with ``dealer_delays``, until the end of
    the first trick («Сдатчик может отложить обмен до окончания розыгрыша первой
    взятки»)."""
    if not trump_is_turned or not (hand >> (4 * RANK_7 + trump)) & 1:
        return False
    if tricks_done == 0:
        return True
    return tricks_done == 1 and is_dealer and dealer_delays


@njit(cache=True)
def second_round_legal_nb(suit, turned_suit):
    """In the second round a player names another suit than the turned card's (000:345
    «несдававший игрок может назвать любую другую масть в качестве козырной»)."""
    return 0 <= suit < N_SUITS and suit != turned_suit


@njit(cache=True, inline="always")
def deal_scores_nb(maker, totals, bete, out):
    """The deal's scores into ``out`` from each player's total ``totals[s]`` (card points,
    stich, sequences, bella; 000:379 «каждый участник подсчитывает очки во взятках, очки за
    стишь, секансы и беллу»). The maker ahead: both score their totals («Если заявитель
    козыря набрал большее число очков, оба игрока записывают себе свои общие суммы»);
    equal: only the opponent («Если общие суммы оказываются равными, счет остается только у
    противника заявителя»); behind: the maker nothing and the opponent double his own
    total («последний пишет себе удвоенную сумму очков», ``BETE.literal_double``) or both totals
    (``BETE.standard_bete``, GAMES.md G10 ambiguity 1)."""
    other = 1 - maker
    if totals[maker] > totals[other]:
        out[maker] = totals[maker]
        out[other] = totals[other]
    elif totals[maker] == totals[other]:
        out[maker] = 0
        out[other] = totals[other]
    else:
        out[maker] = 0
        out[other] = 2 * totals[other] if bete == BETE.literal_double else totals[0] + totals[1]


_M1 = 0x5555555555555555
_M2 = 0x3333333333333333


@njit(cache=True, inline="always")
def card_points_nb(m, trump):
    """The card points (000:365-377) of the cards of mask ``m`` with suit ``trump`` as
    trumps: the same sum as ``POINTS[trump]`` over the cards, without a loop over them. A
    card's code is 4 * rank + suit, so a rank's cards are one nibble of the mask, and two
    steps of a bit count leave each nibble holding how many cards of its rank ``m`` has:
    10 a ten, 11 an ace, 4 a king, 3 a queen, 2 a jack, and the trump jack (jass 20) and
    trump nine (menel 14) added on top."""
    x = m - ((m >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    return (10 * ((x >> (4 * RANK_10)) & 15) + 2 * ((x >> (4 * RANK_J)) & 15) + 3 * ((x >> (4 * RANK_Q)) & 15)
            + 4 * ((x >> (4 * RANK_K)) & 15) + 11 * ((x >> (4 * RANK_A)) & 15)
            + (20 - 2) * ((m >> (4 * RANK_J + trump)) & 1) + 14 * ((m >> (4 * RANK_9 + trump)) & 1))


def sequences(hand, trump=-1) -> tuple:
    """``(total value, best key, count)`` of :func:`sequences_nb` for a hand (mask or
    card string)."""
    from simkit.core.tricks import mask_of

    out = np.zeros(2, np.int64)
    n = sequences_nb(mask_of(hand) if isinstance(hand, str) else int(hand), trump, out)
    return int(out[0]), int(out[1]), int(n)
