"""The stock of the two-hand stock-and-marriage games (Sixty-six G20, two-hand Marriage
G12): filling it from a dealt card order, drawing after each trick, declaring a marriage
by leading one of its cards, dealing the hidden cards again consistently with what a
seat has seen (the simulation policies), and the games' heuristic card play.

A stock is an ``int64`` array of card codes with a count ``left`` beside it: the top card
is ``stock[left - 1]`` and ``stock[0]`` the bottom one (Sixty-six's turned trump, drawn
last: 003:27 «Следующая карта открывается ... и кладется под колоду»). Hands are
bitmasks (:mod:`simkit.core.tricks`), two seats 0 and 1.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.ace_ten import ACE_TEN_POINTS, marriage_suits_nb
from simkit.core.cards import RANK_K, RANK_Q
from simkit.core.rng import randbelow_nb
from simkit.core.trick_play import E_CARDS, E_DEAL, E_HAND, E_KIND, E_LEGAL, E_MOVE, E_PHASE, E_SEAT, E_TRICK, E_TRUMP
from simkit.core.tricks import (S_DEAL_NO, S_N_IN_TRICK, S_PLAYED, S_TRICK_NO, S_TRUMP, TT_ESUIT, TT_POWER,
                                TT_SUIT_BITS, beating_nb, card_pool_nb, deal_hidden_nb, lowest_card_nb, masters_nb,
                                popcount_nb)
from simkit.games.stock_codes import D_HEURISTIC, D_RANDOM, D_USER  # noqa: F401  (codes, read by the games)


@njit(cache=True)
def fill_stock_nb(order, first, bottom, stock):
    """Put ``order[first:]`` into ``stock`` with ``order[first]`` on top, and ``bottom``
    (a card code, or -1 for none) under them; returns the cards in the stock. (A game
    keeps its stock in a named work field of its kernel context, where its
    ``after_trick`` hook reaches it.)"""
    n = order.shape[0] - first
    base = 0
    if bottom >= 0:
        stock[0] = bottom
        base = 1
    for i in range(n):
        stock[base + n - 1 - i] = order[first + i]
    return n + base


@njit(cache=True, inline="always")      # once per trick: inlined
def draw_pair_nb(hands, stock, left, winner):
    """After a trick of two seats: the winner draws the top card of ``stock[:left]``, then
    his opponent the next (Sixty-six 003:28 «Первым берет из колоды карту игрок, взявший
    взятку»; G12 default). Returns the cards left (``left`` is even in both games)."""
    hands[winner] |= np.int64(1) << stock[left - 1]
    hands[1 - winner] |= np.int64(1) << stock[left - 2]
    return left - 2


_SCALE = 1 << 20


@njit(cache=True, inline="always")
def yes_nb(pst, p):
    """True with chance ``p`` (a random policy's yes-or-no decision), from stream ``pst``."""
    return randbelow_nb(pst, _SCALE) < p * _SCALE


@njit(cache=True)
def random_marriage_nb(mar, p, pst):
    """A random declarer's choice: with chance ``p`` one of the marriages of the 4-bit suit
    mask ``mar`` uniformly, else -1 (none)."""
    if not yes_nb(pst, p):
        return -1
    k = randbelow_nb(pst, popcount_nb(mar))
    for s in range(4):
        if (mar >> s) & 1:
            if k == 0:
                return s
            k -= 1
    return -1


@njit(cache=True)
def ask_declare_nb(code, hand, mar, heuristic, state, params, declare_fn, pst):
    """A seat's answer to "declare a marriage?" holding the marriages ``mar`` (4-bit suit
    mask): policy ``code`` 1 (random, chance ``params[0]``: :func:`random_marriage_nb`),
    0 (the user's ``declare_fn(hand, state, params)``), else the game's heuristic choice
    ``heuristic``. Returns a suit or -1; :func:`bad_declaration_nb` says if it is illegal."""
    if code == D_RANDOM:
        return random_marriage_nb(mar, params[0], pst)
    if code == D_USER:
        return declare_fn(hand, state, params)
    return heuristic


@njit(cache=True, inline="always")
def bad_declaration_nb(suit, mar):
    """Whether ``suit`` is neither -1 (none) nor the suit of a marriage in ``mar``."""
    return suit != -1 and not (0 <= suit < 4 and (mar >> suit) & 1)


@njit(cache=True)
def decision_err_nb(err, kind, seat, move, hand, legal, state, cards):
    """Fill ``err`` (the trick games' layout ``E_*``) for an illegal answer ``move`` of
    ``seat`` to a decision of kind ``kind`` (``legal``: what was allowed, e.g. the suits
    of the marriages held)."""
    err[E_KIND] = kind
    err[E_SEAT] = seat
    err[E_MOVE] = move
    err[E_HAND] = hand
    err[E_LEGAL] = legal
    err[E_DEAL] = state[S_DEAL_NO]
    err[E_TRICK] = state[S_TRICK_NO]
    err[E_TRUMP] = state[S_TRUMP]
    err[E_CARDS] = cards
    err[E_PHASE] = kind


@njit(cache=True, inline="always")
def tally_unit_nb(winner, group, wins, group_wins):
    """A finished unit (a game or a deal) of two seats: ``wins[winner]`` (``wins[2]``: a
    draw, ``winner`` -1) and, per policy group ``g`` (``group[seat]``), ``group_wins[g, k]``
    where ``k`` of its seats won."""
    wins[2 if winner < 0 else winner] += 1
    for g in range(group_wins.shape[0]):
        group_wins[g, 1 if winner >= 0 and group[winner] == g else 0] += 1


@njit(cache=True, inline="always")
def marriage_cards_nb(suit):
    """The king and queen of ``suit`` as a bitmask."""
    return (np.int64(1) << (4 * RANK_K + suit)) | (np.int64(1) << (4 * RANK_Q + suit))


@njit(cache=True)
def restrict_lead_nb(hands, seat, suit):
    """Declaring the marriage of ``suit`` obliges its holder to lead its king or queen
    (003:34 «пойти с короля или дамы»; 002:19 «обязан с него пойти»): keep only those two
    in ``hands[seat]`` for the lead and return the cards set aside (give them back with
    ``hands[seat] |= kept`` once the trick is played)."""
    kept = hands[seat] & ~marriage_cards_nb(suit)
    hands[seat] &= marriage_cards_nb(suit)
    return kept


@njit(cache=True)
def resample_hidden_nb(seat, hand, seen, known, opp_cards, deck, stock, fixed_bottom, out, pst):
    """A deal of the cards ``seat`` cannot see, consistent with what he has seen, into
    ``out`` = ``(out_hands, out_stock)``.

    ``out_hands[seat]`` = ``hand``; his opponent gets the cards he is known to hold
    (``known``: shown and not yet played, e.g. a declared marriage's partner, the
    exchanged turn-up) and random other unseen cards up to ``opp_cards`` cards; the rest
    of the unseen cards fill the places of the stock ``stock`` (its cards now, bottom
    first: ``out_stock[:len(stock)]``) at random, above ``fixed_bottom`` places that keep
    their (seen) cards (Sixty-six's turned trump). Unseen = ``deck`` less ``seen`` (his
    cards, the played ones), ``known`` and the fixed bottom cards. The unseen cards are
    shuffled by the core's :func:`~simkit.core.tricks.deal_hidden_nb` (all of them dealt
    to the opponent, then split). Randomness from ``pst``; returns False when the counts
    do not fit (a bug)."""
    out_hands, out_stock = out
    left = stock.shape[0]
    opp = 1 - seat
    seen |= hand | known
    for i in range(fixed_bottom):
        seen |= np.int64(1) << stock[i]
        out_stock[i] = stock[i]
    pool = card_pool_nb(deck & ~seen)
    n = pool.shape[0]
    need = opp_cards - popcount_nb(known)
    if need < 0 or n != need + left - fixed_bottom:
        return False
    deal_hidden_nb(pool, seat, hand, 2, n, out_hands, pst)    # a whole shuffle of the unseen cards
    h = known
    for i in range(need):
        h |= np.int64(1) << pool[i]
    out_hands[opp] = h
    for i in range(need, n):
        out_stock[fixed_bottom + i - need] = pool[i]
    return True


# -- the heuristic card play -----------------------------------------------------------------------
@njit(cache=True, inline="always")
def _by_points_nb(m, tt, sign):
    """The card of ``m`` with the fewest points, the weakest of those (``sign`` = 1), or
    with the most points, the strongest of those (``sign`` = -1)."""
    best = -1
    key = 1 << 30
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = sign * (ACE_TEN_POINTS[c] * 1024 + tt[TT_POWER + c])
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def heuristic_play_nb(hand, legal, state, trick, tt, open_stock):
    """The ace-ten stock games' card play (Sixty-six, two-hand Marriage): card points,
    marriages and trumps (``S_TRUMP``, -1 for none yet); ``open_stock``: draws follow the
    trick. Leading while the stock is open: the cheapest
    card that is neither a trump nor part of a marriage. Leading once it is closed or
    empty: the richest top card (no unseen card of its suit above it; a plain one only when
    no trump is unseen), else the cheapest card. Following: take the lead with the richest
    card of its suit that beats it; else, when the lead carries 10 points or more or the
    stock is closed, with the cheapest winning trump; else throw the cheapest card, keeping
    marriages and trumps."""
    trump = state[S_TRUMP]
    trumps = tt[TT_SUIT_BITS + trump] if trump >= 0 else 0
    keep = 0
    mar = marriage_suits_nb(hand)
    for s in range(4):
        if (mar >> s) & 1:
            keep |= marriage_cards_nb(s)
    if state[S_N_IN_TRICK] == 0:
        if not open_stock:
            gone = state[S_PLAYED] | hand
            tops = masters_nb(legal, gone, tt)
            if trumps & ~gone != 0:
                tops &= trumps
            if tops:
                return _by_points_nb(tops, tt, -1)
        cand = legal & ~trumps & ~keep
        if cand == 0:
            cand = legal & ~keep
        return _by_points_nb(cand if cand else legal, tt, 1)
    led = trick[0]
    win = beating_nb(legal, trick, 1, tt)
    same = win & tt[TT_SUIT_BITS + tt[TT_ESUIT + led]] & ~keep
    if same:
        return _by_points_nb(same, tt, -1)
    if win & trumps and (ACE_TEN_POINTS[led] >= 10 or not open_stock):
        return _by_points_nb(win & trumps, tt, 1)
    lose = legal & ~win
    cand = lose & ~trumps & ~keep
    if cand == 0:
        cand = lose & ~keep
    if cand == 0:
        cand = lose if lose else legal
    return _by_points_nb(cand, tt, 1)
