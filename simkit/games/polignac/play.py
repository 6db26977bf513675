"""Polignac's built-in play policies (numba): its own heuristic for a game where every
trick is a plus point and a jack taken costs 4/3/2/1 (:func:`polignac_play_nb`), the
shared simulation player, and Tyotka's ducking heuristic kept as the ``avoid`` baseline
(:mod:`simkit.games.penalty_tricks`), dispatched by :func:`polignac_choose_cb`, the
``choose`` hook Polignac's kernels receive (Tyotka keeps
:func:`~simkit.games.penalty_tricks.penalty_choose_cb`).

The simulation player (``simulation``) is the shared one, unchanged: it plays its samples
out with the ``avoid`` heuristic at every seat.
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.trick_play import CHOOSE_SIG
from simkit.core.tricks import (F_SUIT, S_FOLLOW, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_TURNUP, S_VOIDS,
                                TT_DECK, TT_ESUIT, TT_POWER, TT_SUIT_BITS, TT_TRUMP, beating_nb, higher_in_suit_nb,
                                lowest_card_nb, popcount_nb, strongest_nb, weakest_nb)
from simkit.games.penalty_tricks import (P_SAMPLES, PLAY_HEURISTIC, PLAY_SIMULATION, S_HOT, avoid_play_nb,
                                         card_penalty_nb, simulation_play_nb)
# the ``avoid`` baseline's code and the play parameters' slots, shared with the policy declarations
from simkit.games.polignac.codes import (N_PLAY_PARAMS, P_DUMP, P_JACKS, P_LEAD, P_MASTERS,  # noqa: F401
                                         P_SECOND, P_TAKE, PLAY_AVOID)

#: ``lead``: the weakest card of the longest side suit, the weakest card, the weakest card
#: of the shortest side suit
LEAD_LONG, LEAD_LOW, LEAD_SHORT = 0, 1, 2
#: the heuristic's integer parameters, by name (:func:`heuristic_params_nb`; :func:`polignac_play_nb`)
PolignacParams = namedtuple("PolignacParams", "take lead masters jacks second dump")


@njit(cache=True, inline="always")
def heuristic_params_nb(p):
    """The heuristic's integer parameters (:data:`PolignacParams`) from a seat's parameter
    row ``p`` (the slots ``P_*``)."""
    return PolignacParams(np.int64(p[P_TAKE]), np.int64(p[P_LEAD]), np.int64(p[P_MASTERS]), np.int64(p[P_JACKS]),
                          np.int64(p[P_SECOND]), np.int64(p[P_DUMP]))


@njit(cache=True)
def penalty_cards_nb(m, opts, hot, above):
    """The cards of ``m`` whose penalty is greater than ``above``."""
    out = np.int64(0)
    x = m
    while x:
        c = lowest_card_nb(x)
        x &= x - 1
        if card_penalty_nb(c, opts, hot) > above:
            out |= np.int64(1) << c
    return out


@njit(cache=True)
def void_after_nb(state, n, suit):
    """Whether a seat still to play to the trick (``n`` cards played) has shown out of
    effective suit ``suit`` (with no duty to follow suit, any seat may play anything)."""
    if state[S_FOLLOW] & F_SUIT == 0:
        return True
    players = state[S_PLAYERS]
    for i in range(n + 1, players):
        s = state[S_LEADER] + i
        if s >= players:
            s -= players
        if (state[S_VOIDS] >> (s * 5 + suit)) & 1:
            return True
    return False


@njit(cache=True)
def ruffable_nb(state, seat, suit, trump, unseen, tt):
    """Whether a lead of ``suit`` (not trump) may be trumped: trumps are unseen and another
    seat has shown out of ``suit`` without showing out of trumps (or need not follow)."""
    if trump < 0 or unseen & tt[TT_SUIT_BITS + trump] == 0:
        return False
    if state[S_FOLLOW] & F_SUIT == 0:
        return True
    voids = state[S_VOIDS]
    for s in range(state[S_PLAYERS]):
        if s != seat and (voids >> (s * 5 + suit)) & 1 and (voids >> (s * 5 + trump)) & 1 == 0:
            return True
    return False


@njit(cache=True)
def holds_nb(c, led, state, n, unseen, tt):
    """Whether card ``c``, beating the trick's ``n`` cards now, keeps it against every
    seat still to play: no unseen card of its suit above it, and (a card of the led suit)
    no later seat shown out of the led suit while trumps are unseen; a trump played on
    another suit is overtrumped only by a seat shown out of that suit."""
    trump = tt[TT_TRUMP]
    higher = higher_in_suit_nb(c, tt) & unseen
    if trump >= 0 and tt[TT_ESUIT + c] == trump:
        if higher == 0:
            return True
        return led != trump and not void_after_nb(state, n, led)
    if higher:
        return False
    if trump < 0 or unseen & tt[TT_SUIT_BITS + trump] == 0:
        return True
    return not void_after_nb(state, n, led)


@njit(cache=True)
def shed_nb(lose, hand, opts, hot, tt):
    """The card to play on a trick we do not take: the costliest penalty card (a jack
    dumped on another's trick costs its taker), else the weakest card, from the shortest
    suit on a tie of power (towards a void)."""
    jacks = penalty_cards_nb(lose, opts, hot, 0)
    if jacks:
        best = -1
        bk = -1
        while jacks:
            c = lowest_card_nb(jacks)
            jacks &= jacks - 1
            k = card_penalty_nb(c, opts, hot)
            if k > bk:
                bk = k
                best = c
        return best
    best = -1
    bk = np.int64(1) << 40
    m = lose
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = tt[TT_POWER + c] * 64 + popcount_nb(hand & tt[TT_SUIT_BITS + tt[TT_ESUIT + c]])
        if k < bk:
            bk = k
            best = c
    return best


@njit(cache=True)
def jack_lead_nb(legal, opts, hot, unseen, tt):
    """A jack (penalty card) of ``legal`` that nobody can duck: no unseen card of its suit
    below it and one above it (the costliest such; -1 none)."""
    best = -1
    bk = 0
    m = penalty_cards_nb(legal, opts, hot, 0)
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        above = higher_in_suit_nb(c, tt) & unseen
        below = tt[TT_SUIT_BITS + tt[TT_ESUIT + c]] & unseen & ~above
        k = card_penalty_nb(c, opts, hot)
        if above and below == 0 and k > bk:
            bk = k
            best = c
    return best


@njit(cache=True)
def master_lead_nb(seat, legal, state, tt, unseen):
    """A sure winner of ``legal`` to lead (no unseen card of its suit above it): of a side
    suit nobody is known to trump (the suit with the most unseen cards, its weakest
    master), else the weakest master trump; -1 none."""
    trump = tt[TT_TRUMP]
    best = -1
    bk = -(np.int64(1) << 40)
    best_trump = -1
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if higher_in_suit_nb(c, tt) & unseen:
            continue
        es = tt[TT_ESUIT + c]
        if trump >= 0 and es == trump:
            if best_trump < 0 or tt[TT_POWER + c] < tt[TT_POWER + best_trump]:
                best_trump = c
            continue
        if ruffable_nb(state, seat, es, trump, unseen, tt):
            continue
        k = popcount_nb(unseen & tt[TT_SUIT_BITS + es]) * 1024 - tt[TT_POWER + c]
        if k > bk:
            bk = k
            best = c
    return best if best >= 0 else best_trump


@njit(cache=True)
def lead_nb(seat, hand, legal, state, tt, opts, unseen, hp):
    """The card to lead (the heuristic's parameters ``hp``, :data:`PolignacParams`). With
    ``jacks``, a jack nobody can duck (:func:`jack_lead_nb`); with ``masters``, a sure
    winner carrying at most ``take`` jack points (:func:`master_lead_nb`); then a low card,
    never a jack or a trump while anything else is left, from a side suit no other seat is
    known to trump where there is one: by ``lead`` the weakest card of the longest side
    suit (:data:`LEAD_LONG`), the weakest card (:data:`LEAD_LOW`) or the weakest of the
    shortest side suit (:data:`LEAD_SHORT`)."""
    take, lead, masters, jacks = hp.take, hp.lead, hp.masters, hp.jacks
    hot = state[S_HOT]
    trump = tt[TT_TRUMP]
    if jacks:
        c = jack_lead_nb(legal, opts, hot, unseen, tt)
        if c >= 0:
            return c
    if masters:
        ok = legal & ~penalty_cards_nb(legal, opts, hot, take)
        c = master_lead_nb(seat, ok if ok else legal, state, tt, unseen)
        if c >= 0:
            return c
    rest = legal & ~penalty_cards_nb(legal, opts, hot, 0)
    if rest == 0:
        rest = legal
    side = rest & ~tt[TT_SUIT_BITS + trump] if trump >= 0 else rest
    if side == 0:
        return weakest_nb(rest, tt)
    best = -1
    bk = -(np.int64(1) << 40)
    m = side
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        es = tt[TT_ESUIT + c]
        length = popcount_nb(hand & tt[TT_SUIT_BITS + es])
        k = -tt[TT_POWER + c]
        if lead == LEAD_LONG:
            k += length * 64
        elif lead == LEAD_SHORT:
            k -= length * 64
        if ruffable_nb(state, seat, es, trump, unseen, tt):
            k -= 1 << 20
        if k > bk:
            bk = k
            best = c
    return best


@njit(cache=True)
def polignac_play_nb(seat, hand, legal, state, trick, tt, opts, hp):
    """Polignac's heuristic (its parameters ``hp``, :data:`PolignacParams`): a trick is +1,
    a jack taken costs its penalty (GAMES.md G21).

    Following, of the cards that would win the trick now (a jack the last choice): last to
    play, the weakest; earlier, the weakest that keeps it against the seats still to play
    (:func:`holds_nb`: the lowest master, a trump when nobody after is known to be out of
    the suit), else the weakest (``second=0``) or the strongest (``second=1``). It takes
    the trick when the jack points in it, its own card's included, are at most ``take``
    (``take=1`` accepts J♠, a trick worth 0), and when no losing jack of penalty ``dump`` or more can be
    played instead (dumped on the winner, the jack is gone from the hand). Otherwise it
    plays the costliest losing jack, else its weakest losing card (a tie of power: from its
    shortest suit); forced to win a trick it does not want, the winner above, earlier in
    the trick the weakest (someone after may overtake). Leading: :func:`lead_nb`."""
    take, second, dump = hp.take, hp.second, hp.dump
    n = state[S_N_IN_TRICK]
    hot = state[S_HOT]
    gone = state[S_PLAYED] | hand
    if state[S_TURNUP] >= 0:
        gone |= np.int64(1) << state[S_TURNUP]
    unseen = tt[TT_DECK] & ~gone
    if n == 0:
        return lead_nb(seat, hand, legal, state, tt, opts, unseen, hp)
    win = beating_nb(legal, trick, n, tt)
    lose = legal & ~win
    if win and penalty_cards_nb(lose, opts, hot, dump - 1) == 0:
        free = win & ~penalty_cards_nb(win, opts, hot, 0)
        if free == 0:
            free = win
        last = n == state[S_PLAYERS] - 1
        if last:
            c = weakest_nb(free, tt)
        else:
            led = tt[TT_ESUIT + trick[0]]
            sure = np.int64(0)
            m = free
            while m:
                x = lowest_card_nb(m)
                m &= m - 1
                if holds_nb(x, led, state, n, unseen, tt):
                    sure |= np.int64(1) << x
            if sure:
                c = weakest_nb(sure, tt)
            elif second:
                c = strongest_nb(free, tt)
            else:
                c = weakest_nb(free, tt)
        pen = card_penalty_nb(c, opts, hot)
        for i in range(n):
            pen += card_penalty_nb(trick[i], opts, hot)
        if pen <= take:
            return c
        if lose == 0:
            return c if last else weakest_nb(free, tt)
    return shed_nb(lose, hand, opts, hot, tt)


@njit(cache=True)
def polignac_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies by code: the heuristic (:func:`polignac_play_nb`, its
    parameters from ``params[seat]``), the simulation player and the ``avoid`` baseline
    (:mod:`simkit.games.penalty_tricks`)."""
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, tt, opts, max(1, np.int64(params[seat, P_SAMPLES])))
    if code == PLAY_HEURISTIC:
        return polignac_play_nb(seat, hand, legal, state, trick, tt, opts, heuristic_params_nb(params[seat]))
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)


@cfunc(CHOOSE_SIG, cache=True)
def polignac_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """:func:`polignac_choose_nb` as the engine's ``choose`` hook."""
    return polignac_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts)
