"""Kerosinka's play policies (kernels): the ``heuristic``, a card player for Kerosinka's
own rules, and the ``choose`` hook that plays it beside the point games' shared ``basic``
heuristic and ``simulation`` player (:mod:`simkit.games.point_tricks`, which Kozel uses
unchanged; the simulation player's play-outs stay ``basic``).

Why the shared heuristic (``basic``, "take points, count trumps") loses in Kerosinka:
a follower must play a card of the *led card's rank* first (002:60), so a lead of rank
``r`` draws every opponent's card of that rank, whatever its suit, and only a trump (or
the 10♥) among them can win. A plain ace whose suit and trump-suit ace are out of reach
wins the trick and takes the other aces with it; ``basic`` never calls a plain card sure
while a trump is out, so it led its cheapest card instead and left its aces to be
drawn by others' ace leads. Following, with ``take_at=0`` it spent its strongest
winning card on any trick, a trump on a trick of sixes as readily as on a trick of aces.
The measured figures are in ``docs/point-games.md``.
"""
import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.trick_play import CHOOSE_SIG
from simkit.core.tricks import (S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_TRICK_NO, S_TRICKS, TT_DECK, TT_ESUIT,
                                TT_POWER, TT_RANK_BITS, TT_SUIT_BITS, TT_TRUMP, beating_nb, higher_in_suit_nb,
                                lowest_card_nb, popcount_nb, strongest_nb)
from simkit.games.kerosinka.codes import (N_PLAY_PARAMS, P_LEAD_AT, P_TRUMP_AT, P_VOID_MIN, P_WIN_AT,  # noqa: F401
                                          PLAY_BASIC, PLAY_KEROSINKA, PLAY_SIM)
from simkit.games.point_tricks import P_SAMPLES, P_TAKE_AT, POINTS, simulation_play_nb, take_points_nb

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
def _weakest_nb(m, tt):
    """The card of ``m`` with the least power."""
    best = -1
    key = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = tt[TT_POWER + c]
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _exit_nb(m, unseen, tt):
    """The lead that gives the least away when no lead is safe: the card of ``m`` with
    the fewest points, then of the rank with the most cards unseen (each opponent holding
    one must play it, not a card that wins), then the least power."""
    best = -1
    key = 1 << 50
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        mates = popcount_nb(tt[TT_RANK_BITS + (c >> 2)] & unseen)
        k = (POINTS[c] * 16 + 15 - mates) * _SCALE + tt[TT_POWER + c]
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _holders_nb(k, pool, h, opp):
    """Expected number of ``opp`` hands of ``h`` cards each, dealt from the ``pool``
    cards a seat cannot see, that hold at least one of ``k`` given cards among them."""
    if k == 0 or h == 0:
        return 0.0
    none = 1.0
    for i in range(k):
        if pool - h - i <= 0:
            return float(opp)
        none *= (pool - h - i) / (pool - i)
    return opp * (1.0 - none)


@njit(cache=True)
def kerosinka_play_nb(hand, legal, state, trick, tt, lead_at, trump_at, win_at, void_min):
    """Kerosinka's heuristic (the seat to play is ``state[S_SEAT]``; "unseen" = neither
    played nor in the hand).

    A card is *safe* to lead when no unseen card can beat it: none of its effective suit
    ranks above it (for a trump: no higher trump, the 10♥ included) and, for a plain
    card, no unseen trump of its rank (the trump-suit card of that rank, or the 10♥ on a
    ten when it follows as a ten), which its holder would have to play and would win
    with; with ``void_min`` > 0 a plain card also needs, while trumps are out, at least
    ``void_min`` unseen cards of its suit (fewer: someone may be void and must trump).
    Its value is its points times one plus the expected number of opponents holding an
    unseen card of its rank (each must play one onto the trick).

    Leading: the safe card of greatest value if that value is ``lead_at`` or more; else
    the non-trump card (any card if only trumps are left) with the fewest points, then of
    the rank with the most unseen cards, then the weakest.

    Following: no card wins: the cheapest card (fewest points, then weakest). A winning
    card is *sure* when the seat plays last, or no unseen card of its effective suit
    ranks above it (and, with ``void_min``, as for leads). With a sure winner: the
    weakest sure winner. Without: every card wins: the cheapest; otherwise the strongest
    winner when the trick holds ``win_at`` points or more, else the cheapest losing card.
    A trump is not spent to win a trick led in a plain suit that holds fewer than
    ``trump_at`` points while a losing card can be played: the cheapest losing card
    instead."""
    n = state[S_N_IN_TRICK]
    players = state[S_PLAYERS]
    trump = tt[TT_TRUMP]
    unseen = tt[TT_DECK] & ~(state[S_PLAYED] | hand)
    tbits = tt[TT_SUIT_BITS + trump] if trump >= 0 else 0
    trumps_out = unseen & tbits
    if n == 0:
        left = state[S_TRICKS] - state[S_TRICK_NO]
        pool = popcount_nb(unseen)
        best = -1
        best_v = -1.0
        m = legal
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            es = tt[TT_ESUIT + c]
            rank_bits = tt[TT_RANK_BITS + (c >> 2)]
            mates = rank_bits & unseen if (rank_bits >> c) & 1 else 0
            threat = higher_in_suit_nb(c, tt) & unseen
            if es != trump:
                threat |= mates & tbits
                if trumps_out and popcount_nb(unseen & tt[TT_SUIT_BITS + es]) < void_min:
                    continue
            if threat:
                continue
            v = POINTS[c] * (1.0 + _holders_nb(popcount_nb(mates), pool, left, players - 1))
            if v > best_v:
                best_v = v
                best = c
        if best >= 0 and best_v >= lead_at:
            return best
        plain = legal & ~tbits
        return _exit_nb(plain if plain else legal, unseen, tt)
    win = beating_nb(legal, trick, n, tt)
    if win == 0:
        return _cheapest_nb(legal, tt)
    lose = legal & ~win
    pts = 0
    for i in range(n):
        pts += POINTS[trick[i]]
    led = tt[TT_ESUIT + trick[0]]
    thin = trumps_out != 0 and popcount_nb(unseen & tt[TT_SUIT_BITS + led]) < void_min
    sure = 0
    m = win
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if n == players - 1 or ((higher_in_suit_nb(c, tt) & unseen) == 0 and (tt[TT_ESUIT + c] == trump or not thin)):
            sure |= np.int64(1) << c
    spare = lose != 0 and led != trump and pts < trump_at    # a losing card, a plain lead, a poor trick
    if sure:
        w = _weakest_nb(sure, tt)
        if spare and tt[TT_ESUIT + w] == trump:
            return _cheapest_nb(lose, tt)
        return w
    if lose == 0:
        return _cheapest_nb(win, tt)
    if spare and (win & ~tbits) == 0:
        return _cheapest_nb(lose, tt)
    if pts >= win_at:
        return strongest_nb(win, tt)
    return _cheapest_nb(lose, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """Kerosinka's built-in play policies: ``heuristic`` (:func:`kerosinka_play_nb`),
    ``basic`` (:func:`~simkit.games.point_tricks.take_points_nb`) and ``simulation``
    (:func:`~simkit.games.point_tricks.simulation_play_nb`, its play-outs by ``basic``),
    the last two exactly as Kozel's ``heuristic`` and ``simulation``."""
    p = params[seat]
    if code == PLAY_KEROSINKA:
        return kerosinka_play_nb(hand, legal, state, trick, tt, p[P_LEAD_AT], p[P_TRUMP_AT], p[P_WIN_AT],
                                 np.int64(p[P_VOID_MIN]))
    if code == PLAY_SIM:
        return simulation_play_nb(seat, hand, legal, state, trick, tt, np.int64(p[P_SAMPLES]), np.int64(p[P_TAKE_AT]))
    return take_points_nb(hand, legal, state, trick, tt, np.int64(p[P_TAKE_AT]))
