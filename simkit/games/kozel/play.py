"""Kozel's play policies (kernels): the ``heuristic``, "take points, count trumps" with
Kozel's own parameters, and the ``choose`` hook that plays it beside the point games'
shared ``simulation`` player (:mod:`simkit.games.point_tricks`, unchanged: its play-outs
stay the shared :func:`~simkit.games.point_tricks.take_points_nb` at its ``take_at``).

At ``weak_win=0, draw=1`` :func:`kozel_play_nb` plays exactly the shared
:func:`~simkit.games.point_tricks.take_points_nb` (Kozel's heuristic before it had these
parameters); the measured figures behind the defaults are in ``docs/point-games.md``.
"""
import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.trick_play import CHOOSE_SIG
from simkit.core.tricks import (S_N_IN_TRICK, S_PLAYED, S_PLAYERS, TT_ESUIT, TT_POWER, TT_SUIT_BITS, TT_TRUMP,
                                beating_nb, higher_in_suit_nb, lowest_card_nb, strongest_nb)
from simkit.games.kozel.codes import N_PLAY_PARAMS, P_DRAW, P_WEAK_WIN  # noqa: F401
from simkit.games.point_tricks import P_SAMPLES, P_TAKE_AT, PLAY_SIMULATION, POINTS, simulation_play_nb


_SCALE = 1024               # above any power: points first, then power, in one key


@njit(cache=True, inline="always")
def _cheapest_nb(m, tt):
    """The card of ``m`` with the fewest points, then the least power."""
    best = -1
    key = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[c] * _SCALE + tt[TT_POWER + c]
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _richest_nb(m, tt):
    """The card of ``m`` with the most points, then the least power."""
    best = -1
    key = -(1 << 40)
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[c] * _SCALE - tt[TT_POWER + c]
        if k > key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _weakest_nb(m, tt):
    """The card of ``m`` with the least power."""
    best = -1
    key = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if tt[TT_POWER + c] < key:
            key = tt[TT_POWER + c]
            best = c
    return best


@njit(cache=True)
def kozel_play_nb(hand, legal, state, trick, tt, take_at, weak_win, draw):
    """Kozel's heuristic, "take points, count trumps" (the seat to play is ``state[S_SEAT]``).

    It counts the trumps still out (trump cards neither played nor held) and calls a card
    *sure* when no unseen card of its effective suit beats it and, for a plain card, no
    trump is out. Leading: the sure card with the most points (while trumps are out only
    trumps can be sure: the lead draws them; with ``draw=0`` no trump is led then), else
    the cheapest card (fewest points, then weakest). Following: last to play, win with the
    richest winning card; earlier, win with the richest sure winning card, or, when the
    trick already holds ``take_at`` points or more, with the weakest winning card
    (``weak_win=1``; with 0 the strongest); otherwise play the cheapest card that does not
    win (the cheapest card if every card wins). At ``weak_win=0, draw=1`` this is
    :func:`~simkit.games.point_tricks.take_points_nb`, card for card."""
    n = state[S_N_IN_TRICK]
    trump = tt[TT_TRUMP]
    gone = state[S_PLAYED] | hand
    trumps_out = tt[TT_SUIT_BITS + trump] & ~gone if trump >= 0 else 0
    if n == 0:
        sure = 0
        sure_trump = 0
        m = legal
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            if higher_in_suit_nb(c, tt) & ~gone:
                continue
            if tt[TT_ESUIT + c] == trump:
                sure_trump |= np.int64(1) << c
            elif trumps_out == 0:
                sure |= np.int64(1) << c
        if draw == 0 and trumps_out:
            sure_trump = 0
        if sure | sure_trump:
            return _richest_nb(sure | sure_trump, tt)
        return _cheapest_nb(legal, tt)
    win = beating_nb(legal, trick, n, tt)
    if win:
        if n == state[S_PLAYERS] - 1:
            return _richest_nb(win, tt)
        sure = 0
        m = win
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            if higher_in_suit_nb(c, tt) & ~gone == 0 and (tt[TT_ESUIT + c] == trump or trumps_out == 0):
                sure |= np.int64(1) << c
        if sure:
            return _richest_nb(sure, tt)
        pts = 0
        for i in range(n):
            pts += POINTS[trick[i]]
        if pts >= take_at:
            return _weakest_nb(win, tt) if weak_win else strongest_nb(win, tt)
    lose = legal & ~win
    return _cheapest_nb(lose if lose else legal, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """Kozel's built-in play policies: ``heuristic`` (:func:`kozel_play_nb`) and
    ``simulation`` (:func:`~simkit.games.point_tricks.simulation_play_nb`, its play-outs by
    the shared :func:`~simkit.games.point_tricks.take_points_nb`)."""
    p = params[seat]
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, trick, tt, np.int64(p[P_SAMPLES]), np.int64(p[P_TAKE_AT]))
    return kozel_play_nb(hand, legal, state, trick, tt, np.int64(p[P_TAKE_AT]), np.int64(p[P_WEAK_WIN]),
                         np.int64(p[P_DRAW]))

