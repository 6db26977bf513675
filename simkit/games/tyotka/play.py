"""Tyotka's built-in play policies (numba): its own heuristic, rules
(:func:`tyotka_play_nb`; alone the ``rules`` baseline) with a look-ahead at the late leads
(:func:`look_play_nb`), the shared simulation player, and the shared ducking heuristic kept
as the ``basic`` baseline (:func:`~simkit.games.penalty_tricks.avoid_play_nb`, Tyotka's
default before the rules), dispatched by :func:`tyotka_choose_cb`, the ``choose`` hook
Tyotka's kernels receive (Polignac keeps its own hook, :mod:`simkit.games.polignac.play`).

The simulation player (``simulation``) is the shared one, unchanged: it plays its samples
out with the ``basic`` heuristic at every seat, so its play is bit for bit what it was.
The look-ahead draws from its own stream (the deal's key mixed with :data:`LOOK_SALT` and
the cards played) and leaves the deal's key alone, so a simulation seat draws as before.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.borrow import borrowed
from simkit.core.jit import cfunc
from simkit.core.rng import seed_stream_nb
from simkit.core.rollout import follow_legal_nb, play_trick_nb
from simkit.core.trick_play import CHOOSE_SIG, PLAY_BUILTIN
from simkit.core.tricks import (MAX_SEATS, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SIZE, S_TRICK, S_TRICK_NO, S_TRICKS,
                                TT_DECK, TT_ESUIT, TT_SUIT_BITS, beating_nb, card_pool_nb, close_trick_nb, deal_unseen_nb,
                                lowest_card_nb, popcount_nb, strongest_nb)
from simkit.games.penalty_tricks import (P_SAMPLES, PLAY_HEURISTIC, PLAY_SIMULATION, S_HOT, S_HOT_TRICK, S_PREV, S_RNG,
                                         avoid_play_nb, card_penalty_nb, charge_trick_nb, deal_cost_nb,
                                         simulation_play_nb)

#: the ``basic`` baseline's code (the heuristic and the simulation keep the shared codes)
PLAY_BASIC = PLAY_BUILTIN + 2
#: the play parameters' slots: the simulation's ``samples`` (shared), then the heuristic's
(P_TAKE, P_HIGH, P_SAVE, P_LEAD, P_SHED, P_PROBE, P_LAST, P_COUNT, P_MODEL,
 P_KINDS) = range(P_SAMPLES + 1, P_SAMPLES + 11)
N_PLAY_PARAMS = P_SAMPLES + 11
#: the 52-card deck and its suits as bitmasks (Tyotka's table: card code = 4 x rank + suit)
DECK52 = np.int64((1 << 52) - 1)
SUIT52 = np.array([sum(1 << (4 * r + s) for r in range(13)) for s in range(4)], np.int64)
#: the look-ahead's stream: the deal's key mixed with this salt (the key itself is not advanced)
LOOK_SALT = np.int64(0x5DEECE66D)


@njit(cache=True, inline="always")
def above_nb(c):
    """The cards of ``c``'s suit above it (Tyotka's table: code = 4 x rank + suit; the
    shared :func:`~simkit.core.tricks.higher_in_suit_nb` on a bitmask)."""
    return SUIT52[c & 3] & ~((np.int64(2) << c) - 1)


@njit(cache=True)
def sure_losers_nb(legal, unseen, tt):
    """The cards of ``legal`` that cannot win the trick they lead: no unseen card of the
    suit is below, and one is above (its holder, with nothing lower, must play over)."""
    out = np.int64(0)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        above = above_nb(c) & unseen
        if above and SUIT52[c & 3] & unseen & ~above == 0:
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
        suit = SUIT52[c & 3]
        above = above_nb(c) & unseen
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
    void; its choices computed on bitmasks, :func:`fast_basic_nb`) with three rules of its
    own. The look-ahead (:func:`look_play_nb`) is on top, in :func:`tyotka_choose_nb`.

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
        first = fast_basic_nb(hand, legal, state, trick, opts)
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
                    above = popcount_nb(above_nb(c) & unseen)
                    key = -card_penalty_nb(c, opts, hot) * (1 << 20) + above * 1024 - (c >> 2)
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
    return fast_basic_nb(hand, legal, state, trick, opts)


# -- the look-ahead -------------------------------------------------------------------------------
@njit(cache=True)
def probed_nb(state, legal, trick, tt, last, count, kinds):
    """Whether the heuristic looks ahead at this decision: a real choice, and the deal's
    last ``last`` tricks, or the counting trick and the ``count`` - 1 tricks before it
    (``count`` = 0: not for the counting trick)."""
    if legal & (legal - 1) == 0:
        return False
    n = state[S_N_IN_TRICK]
    if n == 0:
        kind = 1
    elif legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        kind = 8
    else:
        win = beating_nb(legal, trick, n, tt)
        kind = 2 if win != 0 and win != legal else 4
    if kinds & kind == 0:
        return False
    k = state[S_TRICK_NO]
    if k >= state[S_TRICKS] - last:
        return True
    h = state[S_HOT_TRICK]
    return count > 0 and h - count < k <= h


@njit(cache=True)
def distinct_cards_nb(legal, unseen, first, opts, hot, tt):
    """The cards of ``legal`` that play differently: of cards of one suit with no unseen
    card between them only one is kept (``first`` where it is one of them, else the
    lowest), cards with a penalty (a queen, the photograph) always."""
    out = np.int64(0)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if card_penalty_nb(c, opts, hot) != 0 or c == first:
            out |= np.int64(1) << c
            continue
        # c is dropped when a kept card of its run exists: the run = legal cards of the
        # suit reachable from c through cards that are not unseen
        suit = tt[TT_SUIT_BITS + tt[TT_ESUIT + c]]
        keep = True
        # walk down from c to the next unseen card or the suit's end
        d = c - 4
        while d >= 0 and (suit >> d) & 1:
            if (unseen >> d) & 1:
                break
            if (legal >> d) & 1 and card_penalty_nb(d, opts, hot) == 0:
                keep = False       # a lower card of the run (kept or dropped for a still lower one)
                break
            d -= 4
        if keep:
            # the run's cards above c: dropped in favour of first only when first is in it
            u = c + 4
            while u < 64 and (suit >> u) & 1:
                if (unseen >> u) & 1:
                    break
                if u == first:
                    keep = False
                    break
                u += 4
        if keep:
            out |= np.int64(1) << c
    return out


@njit(cache=True)
def fast_basic_nb(hand, legal, st, trick, opts):
    """``basic`` (:func:`~simkit.games.penalty_tricks.avoid_play_nb`) for Tyotka's table
    (no trumps, card code = 4 x rank + suit, power = rank; every trick costs), with the
    suit scans done on bitmasks: the same card in every position, faster (the
    look-ahead's play-outs, ``model`` 0)."""
    hot = st[S_HOT]
    n = st[S_N_IN_TRICK]
    if n == 0:
        unseen = DECK52 & ~st[S_PLAYED] & ~hand
        best = -1
        bk = -(np.int64(1) << 40)
        m = legal
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            above = popcount_nb(above_nb(c) & unseen)
            k = -card_penalty_nb(c, opts, hot) * (1 << 20) + above * 1024 - (c >> 2)
            if k > bk:
                bk = k
                best = c
        return best
    led = trick[0] & 3
    top = trick[0]
    for i in range(1, n):
        if trick[i] & 3 == led and trick[i] > top:
            top = trick[i]
    win = legal & above_nb(top)
    lose = legal & ~win
    if lose:
        best = -1
        bk = -1
        m = lose
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            k = card_penalty_nb(c, opts, hot) * 1024 + (c >> 2)
            if k > bk:
                bk = k
                best = c
        return best
    free = win
    x = win
    while x:
        c = lowest_card_nb(x)
        x &= x - 1
        if card_penalty_nb(c, opts, hot) > 0:
            free &= ~(np.int64(1) << c)
    if free == 0:
        free = win
    if n == st[S_PLAYERS] - 1:
        while free & (free - 1):        # the highest card (one suit: the strongest)
            free &= free - 1
    return lowest_card_nb(free)


@njit(cache=True, inline="always")
def model_nb(seat, hand, legal, st, trick, tt, ctx):
    """The play-outs' player for every seat: Tyotka's rule heuristic with ``ctx``'s
    parameters (``model`` 1) or ``basic`` (0)."""
    opts, hp = ctx
    if hp[5] == 0:
        return fast_basic_nb(hand, legal, st, trick, opts)
    return tyotka_play_nb(seat, hand, legal, st, trick, tt, opts, hp[0], hp[1], hp[2], hp[3], hp[4])


@njit(cache=True)
def model_playout_nb(hands, st, tt, opts, hp):
    """Play the deal in ``st`` to its end with :func:`model_nb` at every seat, charging
    tricks as the game does."""
    hands, st, tt, opts, hp = borrowed((hands, st, tt, opts, hp))  # held by the caller: no counting
    trick = st[S_TRICK:S_TRICK + MAX_SEATS]
    ctx = (opts, hp)
    while st[S_TRICK_NO] < st[S_TRICKS]:
        play_trick_nb(hands, st, trick, tt, ctx, follow_legal_nb, model_nb)
        k = st[S_TRICK_NO]
        cards = st[S_PLAYED] & ~st[S_PREV]
        st[S_PREV] = st[S_PLAYED]
        w = close_trick_nb(st, trick, tt)
        charge_trick_nb(st, opts, cards, w, k)


@njit(cache=True, inline="always")
def look_sample_nb(seat, hand, state, sampled, ctx):
    """One deal of the hidden hands (:func:`~simkit.core.tricks.deal_unseen_nb`)."""
    tt, _, _, rng = ctx
    deal_unseen_nb(seat, hand, state, tt, sampled, rng)


@njit(cache=True, inline="always")
def look_value_nb(seat, hands, st, ctx):
    """The deal played out by :func:`model_playout_nb`, ``seat``'s cost negated."""
    tt, opts, hp, _ = ctx
    model_playout_nb(hands, st, tt, opts, hp)
    return -deal_cost_nb(st, opts, seat)


@njit(cache=True)
def look_play_nb(seat, hand, legal, state, trick, tt, opts, p, probe):
    """The heuristic's look-ahead: the rule heuristic's card (:func:`tyotka_play_nb`) and
    the other cards that play differently (:func:`distinct_cards_nb`) each played out on
    the same ``probe`` sampled deals of the hidden cards, every seat then playing by the
    model (``model`` 1: the rule heuristic, 0: ``basic``); the least total cost, ties to the
    rule heuristic's card. Its stream comes from the deal's key and the cards played (the
    key is not advanced: simulation seats at the table draw as before)."""
    hp = np.empty(6, np.int64)
    hp[0] = np.int64(p[P_TAKE])
    hp[1] = np.int64(p[P_HIGH])
    hp[2] = np.int64(p[P_SAVE])
    hp[3] = np.int64(p[P_LEAD])
    hp[4] = np.int64(p[P_SHED])
    hp[5] = np.int64(p[P_MODEL])
    first = tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, hp[0], hp[1], hp[2], hp[3], hp[4])
    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
    cands = distinct_cards_nb(legal, unseen, first, opts, state[S_HOT], tt)
    if cands & (cands - 1) == 0:
        return first
    rng = np.zeros(4, np.uint64)
    seed_stream_nb(rng, state[S_RNG] ^ LOOK_SALT, state[S_PLAYED])
    ctx = (tt, opts, hp, rng)
    cards = card_pool_nb(cands)
    value = np.zeros(cards.shape[0], np.int64)
    sampled = np.zeros(MAX_SEATS, np.int64)
    hands = np.zeros(MAX_SEATS, np.int64)
    st = np.empty(S_SIZE, np.int64)
    n_in = state[S_N_IN_TRICK]
    for _ in range(probe):
        look_sample_nb(seat, hand, state, sampled, ctx)
        for i in range(cards.shape[0]):
            for j in range(S_SIZE):
                st[j] = state[j]
            for s in range(MAX_SEATS):
                hands[s] = sampled[s]
            bit = np.int64(1) << cards[i]
            hands[seat] &= ~bit
            st[S_TRICK + n_in] = cards[i]
            st[S_PLAYED] |= bit
            st[S_N_IN_TRICK] = n_in + 1
            value[i] += look_value_nb(seat, hands, st, ctx)
    best = first
    key = 0
    for i in range(cards.shape[0]):
        if cards[i] == first:
            key = value[i]
    for i in range(cards.shape[0]):
        if value[i] > key:
            key = value[i]
            best = cards[i]
    return best


@njit(cache=True)
def tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies by code: the heuristic (:func:`tyotka_play_nb`, and
    :func:`look_play_nb` at the decisions :func:`probed_nb` picks; its parameters from
    ``params[seat]``; ``rules`` is the same code without look-ahead parameters, so
    ``probe`` = 0), the simulation player and the ``basic`` baseline
    (:mod:`simkit.games.penalty_tricks`)."""
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, tt, opts, max(1, np.int64(params[seat, P_SAMPLES])))
    if code == PLAY_HEURISTIC:          # the rules, with the look-ahead where probed_nb says
        p = params[seat]
        probe = np.int64(p[P_PROBE])
        if probe > 0 and probed_nb(state, legal, trick, tt, np.int64(p[P_LAST]), np.int64(p[P_COUNT]),
                                       np.int64(p[P_KINDS])):
            return look_play_nb(seat, hand, legal, state, trick, tt, opts, p, probe)
        return tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, np.int64(p[P_TAKE]), np.int64(p[P_HIGH]),
                              np.int64(p[P_SAVE]), np.int64(p[P_LEAD]), np.int64(p[P_SHED]))
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)


@cfunc(CHOOSE_SIG, cache=True)
def tyotka_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """:func:`tyotka_choose_nb` as the engine's ``choose`` hook."""
    return tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts)
