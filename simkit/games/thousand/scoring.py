"""Thousand's rule pieces that do not depend on the play loop (GAMES.md G18; seed file 002
lines 81-101): card order and points, marriages by suit, the auction's and the contract's
limits, a deal's scores (contract made, failed, conceded or thrown in), the rounding, the
idle dealer's widow and the 850 rule of «1000 (2)»."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.ace_ten import ACE_TEN_POINTS, SUIT_MARRIAGES, ace_ten_order, led_marriage_nb, marriage_suits_nb, \
    points_nb
from simkit.core.cards import RANK_9
from simkit.core.tricks import F_HEAD, F_SUIT, F_TRUMP, popcount_nb, trick_tables

#: 002:84 «туз — 11 очков, десятка — 10, король — 4, дама — 3, валет — 2, девятка — 0» (120)
POINTS = ACE_TEN_POINTS
DEAL_POINTS = 120
#: 002:84 «Старшинство карт в порядке стоимости»: A 10 K Q J 9, low to high
ORDER = ace_ten_order(RANK_9)
TABLES = trick_tables(ORDER)
#: 002:85 «Сдается трем игрокам по семь карт. Три карты кладутся в прикуп»
HAND, WIDOW = 7, 3
#: 002:89 «за червонный — 100 очков, бубновый — 80, трефовый — 60, пиковый — 40», by suit code
MARRIAGE_VALUES = SUIT_MARRIAGES
#: 002:86 «Максимальная сумма, которую может назвать не имеющий на руках марьяж — 120 очков»
MAX_WITHOUT_MARRIAGE = 120
#: the most a declarer can take in a deal (the cards and all four marriages): no bid above it
MAX_BID = DEAL_POINTS + int(SUIT_MARRIAGES.sum())
#: 002:90 «все игроки, кроме сидящего на прикупе, пишут себе по 50 очков»
THROW_IN_BONUS = 50
#: 002:101 «противники при этом пишут по 60 очков в плюс»
REFUSAL_BONUS_1000_2 = 60
#: 002:101 «Игрок, набравший 850 очков или более и не получивший при розыгрыше ни одного очка,
#: штрафуется на 100 очков»
BARREL, BARREL_PENALTY = 850, 100
#: 002:93 «за три девятки — 100 очков»
THREE_NINES = 100
#: 002:88 «нужно класть карту той же масти, при отсутствии — козыря» (no trump before the
#: first marriage: the kernel plays on the no-trump table until then)
FOLLOW_1001 = F_SUIT | F_TRUMP
#: 002:100 «обязаны класть карту старшего достоинства той же масти, если до этого никто не
#: перебил козырем»
FOLLOW_1000_2 = F_SUIT | F_TRUMP | F_HEAD


@njit(cache=True)
def marriage_value_nb(suit):
    """A declared marriage's points by suit: ♥100 ♦80 ♣60 ♠40 (002:89)."""
    return MARRIAGE_VALUES[suit]


@njit(cache=True)
def may_declare_nb(hand, led, tricks_done, first_lead_ok):
    """The suit of the marriage declared by leading card ``led`` from ``hand`` (the
    leader's cards before the lead), or -1 when leading it declares none: the card is a
    king or queen whose partner is still held (002:88 «Марьяж объявляется при своем ходе.
    Для этого ходят с короля или дамы от марьяжа»). On the deal's first lead (no trick
    won yet) only with ``first_lead_ok`` (1001's example, 002:88; 1000 (2), 002:100
    «Объявлять марьяж можно только после взятия взятки»); every later leader has won the
    trick before."""
    if tricks_done == 0 and not first_lead_ok:
        return -1
    return led_marriage_nb(hand, led)


@njit(cache=True)
def bid_legal_nb(bid, high, opening, step, hand):
    """Whether ``bid`` is a legal call over the current high bid ``high`` (-1: none yet):
    a multiple of ``step``, at least ``opening`` and above ``high`` by a step or more
    (002:86 «Минимальная цифра, с которой можно начать торг — 40 очков, а которую можно
    добавить — 5. Сумма, называемая игроком, должна быть кратна 5»), no more than 120
    without a marriage in ``hand`` («Максимальная сумма, которую может назвать не имеющий
    на руках марьяж — 120 очков»), and at most :data:`MAX_BID`."""
    if bid % step != 0 or bid < opening or bid > MAX_BID:
        return False
    if high >= 0 and bid < high + step:
        return False
    return bid <= MAX_WITHOUT_MARRIAGE or marriage_suits_nb(hand) != 0


@njit(cache=True)
def contract_legal_nb(contract, bid, step, hand):
    """Whether the declarer may name ``contract`` after winning the auction at ``bid``
    with ``hand``: at least the bid (002:86 «После этого он называет количество очков,
    которое возьмет в эту игру»), a multiple of ``step``, within the 120-without-a-marriage
    limit (GAMES.md G18 ambiguity 6) and :data:`MAX_BID`. ``hand``: the cards he holds when
    he names it, after taking the widow and passing two cards in 1001, before the widow is
    opened in 1000 (2) (002:98 «После паса двух игроков до вскрытия прикупа игрок обязан
    объявить окончательное количество очков»). The bid itself is always a legal contract,
    even above 120 by a declarer who gave a card of his marriage away: it is what he
    plays when he names nothing (002:89 «Если после взятия прикупа ничего не
    объявлялось, то записывается сумма, на которую игрок взял прикуп»)."""
    if contract < bid or contract % step != 0 or contract > MAX_BID:
        return False
    return contract == bid or contract <= MAX_WITHOUT_MARRIAGE or marriage_suits_nb(hand) != 0


@njit(cache=True)
def round_points_nb(points, step):
    """A defender's points rounded to the nearest multiple of ``step``, halves up: by 5 in
    1001 (002:89 «Так, за 37 очков игрок пишет себе 35, а за 98 — 100»), by 10 in 1000 (2)
    (002:98 «Счет ... только кратно 10»; 35 -> 40, GAMES.md G18 ambiguity 5)."""
    return (points + step // 2) // step * step


@njit(cache=True)
def declarer_score_nb(taken, contract):
    """The declarer's score: + contract when his points (cards and marriages) reach it,
    else - contract (002:89 «При наборе игроком, взявшим прикуп, количества равного или
    более объявленного, он прибавляет к своей записи объявленную им сумму ... Если взятые
    очки меньше объявленных, то они с записи списываются»)."""
    return contract if taken >= contract else -contract


@njit(cache=True, inline="always")
def played_deal_scores_nb(points, players, idle, declarer, contract, step, widow, out):
    """Every seat's score for a deal played out into ``out``: ``points[s]`` the card points
    of seat ``s``'s tricks plus his declared marriages. The declarer
    :func:`declarer_score_nb`; the other active seats their points rounded
    (:func:`round_points_nb`; 002:89 «Остальные игроки всегда пишут в плюс очки на картах
    своих взяток»); the idle dealer (``idle`` >= 0, four players) the widow
    (:func:`idle_dealer_points_nb`)."""
    for s in range(players):
        if s == idle:
            out[s] = idle_dealer_points_nb(widow, 1)
        elif s == declarer:
            out[s] = declarer_score_nb(points[s], contract)
        else:
            out[s] = round_points_nb(points[s], step)


@njit(cache=True, inline="always")
def unplayed_deal_scores_nb(players, idle, declarer, loss, others, widow, out):
    """Every seat's score for a deal not played: the declarer ``-loss``, each other active
    seat ``others``, the idle dealer the widow. A concession after seeing the widow: loss
    = the contract, others = 0 (1001, 002:91 «бросить карты и без розыгрыша записать себе
    эту сумму со знаком минус»; ``concede_opponents``) or 60 (1000 (2), 002:101 «записав
    себе в минус объявленное до взятия прикупа, противники при этом пишут по 60 очков»);
    the last hand throwing in after an all-pass: loss = 0, others = 50 (002:90 «все
    игроки, кроме сидящего на прикупе, пишут себе по 50 очков»)."""
    for s in range(players):
        if s == idle:
            out[s] = idle_dealer_points_nb(widow, 1)
        elif s == declarer:
            out[s] = -loss
        else:
            out[s] = others


@njit(cache=True)
def idle_dealer_points_nb(widow, unit):
    """What the dealer sitting out (four players) scores for the widow: 100 for three
    nines, else its card points (002:93 «сдающий пишет себе за прикуп: за три девятки —
    100 очков, при других картах — сумму очков на картах»), rounded to the nearest
    multiple of ``unit`` as a defender's points are (:func:`round_points_nb`): 10 in
    1000 (2), whose scores are all in tens (002:98 «Счет и торг производятся только
    кратно 10»), 1 (as counted) in 1001."""
    nines = (widow >> (4 * RANK_9)) & 15
    if popcount_nb(nines) == 3:
        return THREE_NINES
    return round_points_nb(points_nb(widow, POINTS), unit)


@njit(cache=True)
def barrel_penalty_nb(record, deal_score):
    """The 850 rule of 1000 (2): -100 for a player whose record was 850 or more and who
    scored nothing in the deal (002:101 «Игрок, набравший 850 очков или более и не
    получивший при розыгрыше ни одного очка, штрафуется на 100 очков»), else 0."""
    return -BARREL_PENALTY if record >= BARREL and deal_score == 0 else 0


def deal_scores(points, declarer, contract, rules=None, idle=-1, widow=0) -> list:
    """:func:`played_deal_scores_nb` under ``rules`` (a dict or :class:`ThousandRules`)."""
    from simkit.games.thousand.rules import ThousandRules

    r = ThousandRules.build(rules)
    out = np.zeros(len(points), np.int64)
    played_deal_scores_nb(np.asarray(points, np.int64), len(points), idle, declarer, contract, r.step, widow, out)
    if idle >= 0:
        out[idle] = idle_dealer_points_nb(widow, 10 if r.version == "1000-2" else 1)
    return out.tolist()
