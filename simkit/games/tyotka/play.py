"""Tyotka's built-in play policies (numba): its own heuristic (:func:`tyotka_play_nb`), the
shared simulation player, and the shared ducking heuristic kept as the ``basic`` baseline
(:func:`~simkit.games.penalty_tricks.avoid_play_nb`, Tyotka's default before), dispatched
by :func:`tyotka_choose_cb`, the ``choose`` hook Tyotka's kernels receive (Polignac keeps
its own hook, :mod:`simkit.games.polignac.play`).

The simulation player (``simulation``) is the shared one, unchanged: it plays its samples
out with the ``basic`` heuristic at every seat, so its play is bit for bit what it was.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.trick_play import CHOOSE_SIG, PLAY_BUILTIN
from simkit.core.tricks import (S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_TRICK_NO, TT_DECK, TT_ESUIT, TT_POWER,
                                TT_SUIT_BITS, beating_nb, higher_in_suit_nb, lowest_card_nb, popcount_nb,
                                strongest_nb)
from simkit.games.penalty_tricks import (P_SAMPLES, PLAY_HEURISTIC, PLAY_SIMULATION, S_HOT, S_HOT_TRICK,
                                         avoid_play_nb, card_penalty_nb, simulation_play_nb)

#: the ``basic`` baseline's code (the heuristic and the simulation keep the shared codes)
PLAY_BASIC = PLAY_BUILTIN + 2
#: the play parameters' slots: the simulation's ``samples`` (shared), then the heuristic's
P_TAKE, P_HIGH, P_SAVE, P_LEAD, P_SHED = range(P_SAMPLES + 1, P_SAMPLES + 6)
N_PLAY_PARAMS = P_SAMPLES + 6


@njit(cache=True)
def sure_losers_nb(legal, unseen, tt):
    """The cards of ``legal`` that cannot win the trick they lead: no unseen card of the
    suit is below, and one is above (its holder, with nothing lower, must play over)."""
    out = np.int64(0)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        above = higher_in_suit_nb(c, tt) & unseen
        if above and tt[TT_SUIT_BITS + tt[TT_ESUIT + c]] & unseen & ~above == 0:
            out |= np.int64(1) << c
    return out


@njit(cache=True)
def shed_nb(hand, legal, unseen, opts, hot, tt):
    """The card to throw when void in the suit led: a queen or the photograph first (the
    costliest, as basic), then a sure taker (no unseen card of its suit above it, one
    below), then the card with the most unseen cards of its suit below it (the likeliest
    to take a trick later), from the shortest suit on a tie."""
    best = -1
    bk = -(np.int64(1) << 50)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        suit = tt[TT_SUIT_BITS + tt[TT_ESUIT + c]]
        above = higher_in_suit_nb(c, tt) & unseen
        below = popcount_nb(suit & unseen & ~above)
        key = card_penalty_nb(c, opts, hot) * (np.int64(1) << 24) + below * 64 - 2 * popcount_nb(hand & suit)
        if above == 0 and below > 0:
            key += 1 << 20
        if key > bk:
            bk = key
            best = c
    return best


@njit(cache=True)
def tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, take, high, save, lead, shed):
    """Tyotka's heuristic: the basic ducking play
    (:func:`~simkit.games.penalty_tricks.avoid_play_nb`: lead the card most likely to lose,
    duck with the highest losing card, shed queens, the photograph and high cards when
    void) with three rules of its own.

    *Take early clean tricks*: the last to play to a clean trick (no queen, no photograph,
    not the counting trick) in the deal's first ``take`` tricks takes it with his highest
    card of the suit led when that card is of rank ``high`` or more (0 = a 2, 12 = an ace):
    early every seat still holds the suit, so the trick stays clean, and the card shed is
    one that would take a queen or the counting trick later (``take`` = 0: never).

    *Keep a sure loser for the counting trick*: before the counting trick, when the basic
    lead is a sure loser (:func:`sure_losers_nb`: nobody can duck under it) and the hand
    holds at most ``save`` of them, lead instead the card that is not a sure loser with the
    most unseen cards of its suit above it (at least ``lead``; a card without penalty first,
    the weakest on a tie, as the basic lead); none such: the basic lead (``save`` = 0:
    never). A sure loser led to the counting trick loses it for certain.

    *Throw the likeliest taker when void* (``shed``): a queen or the photograph first, as
    basic, then a sure taker, then the card with the most unseen cards of its suit below
    it (:func:`shed_nb`), where basic throws its highest card (``shed`` = 0: as basic)."""
    n = state[S_N_IN_TRICK]
    k = state[S_TRICK_NO]
    if n == 0:
        first = avoid_play_nb(seat, hand, legal, state, trick, tt, opts)
        if save and k < state[S_HOT_TRICK]:
            unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
            sure = sure_losers_nb(legal, unseen, tt)
            if (sure >> first) & 1 and popcount_nb(sure) <= save:
                hot = state[S_HOT]
                best = -1
                bk = -(np.int64(1) << 40)
                m = legal & ~sure
                while m:
                    c = lowest_card_nb(m)
                    m &= m - 1
                    above = popcount_nb(higher_in_suit_nb(c, tt) & unseen)
                    key = -card_penalty_nb(c, opts, hot) * (1 << 20) + above * 1024 - tt[TT_POWER + c]
                    if above >= lead and key > bk:
                        bk = key
                        best = c
                if best >= 0:
                    return best
        return first
    if shed and legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        return shed_nb(hand, legal, tt[TT_DECK] & ~state[S_PLAYED] & ~hand, opts, state[S_HOT], tt)
    if n == state[S_PLAYERS] - 1 and k < take and k != state[S_HOT_TRICK]:
        win = beating_nb(legal, trick, n, tt)
        if win:
            hot = state[S_HOT]
            top = strongest_nb(win, tt)
            clean = card_penalty_nb(top, opts, hot) == 0 and (top >> 2) >= high
            for i in range(n):
                if card_penalty_nb(trick[i], opts, hot) != 0:
                    clean = False
            if clean:
                return top
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)


@njit(cache=True)
def tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies by code: the heuristic (:func:`tyotka_play_nb`, its
    parameters from ``params[seat]``), the simulation player and the ``basic`` baseline
    (:mod:`simkit.games.penalty_tricks`)."""
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, tt, opts, max(1, np.int64(params[seat, P_SAMPLES])))
    if code == PLAY_HEURISTIC:
        p = params[seat]
        return tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, np.int64(p[P_TAKE]), np.int64(p[P_HIGH]),
                              np.int64(p[P_SAVE]), np.int64(p[P_LEAD]), np.int64(p[P_SHED]))
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)


@cfunc(CHOOSE_SIG, cache=True)
def tyotka_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """:func:`tyotka_choose_nb` as the engine's ``choose`` hook."""
    return tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts)
