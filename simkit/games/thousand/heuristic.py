"""Thousand's heuristic: what a hand is worth, and the heuristic's every decision (bid,
contract, concession, the cards to keep and give, the marriage to declare, the card to
play). Numba kernels; the policies that call them are in :mod:`.policies`.

**Hand value** (:func:`estimate_nb`): the points a hand should take as declarer, from what
it holds: every marriage held (♥100 ♦80 ♣60 ♠40, 002:89), and the tricks counted: an ace,
a ten with its ace or with two more cards of the suit, the king of a marriage under its
ace and ten, and one trick for each card beyond three of the longest marriage suit (the
trump it will declare). Each trick counts the points of the card that wins it plus
:data:`TRICK_POINTS` for the two cards the others give to it (on average 5 a card: 120
points in 24 cards).
"""
import numpy as np
from numba import cfunc, njit

from simkit.core.ace_ten import marriage_suits_nb
from simkit.core.cards import RANK_10, RANK_A, RANK_K, RANK_Q
from simkit.core.trick_play import CHOOSE_SIG
from simkit.core.tricks import (NO_TRUMP, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, TT_POWER, TT_SUIT_BITS,
                                beating_nb, higher_in_suit_nb, lowest_card_nb, masters_nb, popcount_nb, strongest_nb,
                                trick_winner_nb)
from simkit.games.thousand.layout import S_DECLARER
from simkit.games.thousand.scoring import MARRIAGE_VALUES, MAX_BID, MAX_WITHOUT_MARRIAGE, POINTS, TABLES

#: the points the two other cards of a trick bring on average (120 / 24 a card)
TRICK_POINTS = 10.0
SUIT_BITS = TABLES[NO_TRUMP, TT_SUIT_BITS:TT_SUIT_BITS + 4].copy()
#: the bonus for a marriage card when choosing what to keep or give (never break a marriage)
KEEP_MARRIAGE = 100


@njit(cache=True)
def estimate_nb(hand):
    """The points ``hand`` should take as declarer (see the module doc)."""
    m = marriage_suits_nb(hand)
    value = 0.0
    tricks = 0.0
    trump_len = 0
    for s in range(4):
        n = popcount_nb(hand & SUIT_BITS[s])
        ace = (hand >> (4 * RANK_A + s)) & 1
        ten = (hand >> (4 * RANK_10 + s)) & 1
        if ace:
            tricks += 1
            value += 11
        if ten and (ace or n >= 3):
            tricks += 1
            value += 10
        if (m >> s) & 1:
            value += MARRIAGE_VALUES[s]
            if ace and ten:
                tricks += 1
                value += 4
            if n > trump_len:
                trump_len = n
    if trump_len > 3:
        tricks += trump_len - 3
    return value + TRICK_POINTS * tricks


@njit(cache=True)
def bid_limit_nb(hand):
    """The highest bid or contract ``hand`` may name: 120 without a marriage (002:86)."""
    return MAX_BID if marriage_suits_nb(hand) else MAX_WITHOUT_MARRIAGE


@njit(cache=True)
def call_from_value_nb(value, high, opening, step, hand, margin):
    """The heuristic's auction call for a hand worth ``value``: the lowest legal raise
    (``opening`` first) while it is at most ``value - margin``, else pass (0)."""
    nxt = opening if high < 0 else high + step
    if nxt <= value - margin and nxt <= bid_limit_nb(hand):
        return nxt
    return 0


@njit(cache=True)
def contract_from_value_nb(value, bid, step, hand, margin, concede, may_concede):
    """The contract for a hand worth ``value`` after winning at ``bid``: ``value - margin``
    rounded down to the step, at least the bid, at most the hand's limit; 0 (concede)
    when ``may_concede`` and the value falls short of the bid by more than ``concede``."""
    if may_concede and value < bid - concede:
        return 0
    c = np.int64((value - margin) // step) * step
    c = min(c, bid_limit_nb(hand))
    return max(c, bid)


@njit(cache=True)
def keep_value_nb(card, hand):
    """What a card is worth keeping: its points, plus :data:`KEEP_MARRIAGE` for a king or
    queen whose partner is in ``hand`` (the card's own bit may be in it or not)."""
    v = POINTS[card]
    rank = card >> 2
    if rank == RANK_K or rank == RANK_Q:
        partner = (RANK_Q if rank == RANK_K else RANK_K) * 4 + (card & 3)
        if (hand >> partner) & 1:
            v += KEEP_MARRIAGE
    return v


@njit(cache=True)
def pick_card_nb(legal, hand, keep):
    """The card of ``legal`` most worth keeping with ``hand`` (``keep``: the widow card
    1000 (2)'s declarer keeps) or least (the card to give an opponent); ties: the lowest
    code."""
    best = -1
    bv = 0
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        v = keep_value_nb(c, hand)
        if best < 0 or (v > bv if keep else v < bv):
            bv = v
            best = c
    return best


@njit(cache=True)
def declare_suit_nb(hand, suits, weight):
    """The marriage to declare among ``suits`` (4-bit mask): the greatest value plus
    ``weight`` points for each card of the suit held (the trump it makes)."""
    best = -1
    bv = -1.0
    for s in range(4):
        if (suits >> s) & 1:
            v = MARRIAGE_VALUES[s] + weight * popcount_nb(hand & SUIT_BITS[s])
            if v > bv:
                bv = v
                best = s
    return best


@njit(cache=True)
def _most_points_nb(m, tt, most):
    """The card of ``m`` with the most points (``most``) or the fewest; ties: the one of
    least power."""
    best = -1
    bp = 0
    bw = 0
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        p = POINTS[c]
        w = tt[TT_POWER + c]
        if best < 0 or (p > bp if most else p < bp) or (p == bp and w < bw):
            best, bp, bw = c, p, w
    return best


@njit(cache=True, inline="always")
def heuristic_play_nb(seat, hand, legal, state, trick, tt):
    """Card play counting points, with the two defenders as partners against the declarer.
    Leading: a card no unplayed card of its suit beats (a sure trick), the one with the
    most points; else the card with the fewest points. Following: when the partner holds
    the trick and nobody plays after, or his card cannot be beaten, give him the most
    points; when an opponent holds it, take it (last: with the winning card with the most
    points; second: with the strongest) or, unable to, give the fewest points."""
    n = state[S_N_IN_TRICK]
    if n == 0:
        tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
        if tops:
            return _most_points_nb(tops, tt, True)
        return _most_points_nb(legal, tt, False)
    decl = state[S_DECLARER]
    players = state[S_PLAYERS]
    wi = trick_winner_nb(trick, n, tt)
    w = state[S_LEADER] + wi
    if w >= players:
        w -= players
    last = n == players - 1
    if w != decl and seat != decl:
        gone = state[S_PLAYED] | hand
        safe = last or higher_in_suit_nb(trick[wi], tt) & ~gone == 0
        return _most_points_nb(legal, tt, safe)
    win = beating_nb(legal, trick, n, tt)
    if win:
        if last:
            return _most_points_nb(win, tt, True)
        return strongest_nb(win, tt)
    return _most_points_nb(legal, tt, False)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies: the heuristic (random is the engine's)."""
    return heuristic_play_nb(seat, hand, legal, state, trick, tt)

