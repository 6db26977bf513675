"""The simulation play policies' shared loops (numba): play a card, play the deal out with a
heuristic for every seat, over sampled deals of the hidden cards, and keep the best card.

Used by the trick games whose ``choose`` hook plays by simulation (two-hand Marriage, the
penalty games Tyotka and Polignac, the point games Kozel and Kerosinka, King). A game keeps
only its own rules and passes them as ``@njit`` functions (numba compiles the loops once
per set of functions) with a context ``ctx`` of its own (a tuple of what they read):

* ``legal_fn(hand, trick, n, st, tt, ctx)``: the cards ``hand`` may play to ``trick``
  (``n`` cards so far) in the table state ``st`` (:func:`follow_legal_nb`: the follow
  rule in ``S_FOLLOW``, no lead restriction);
* ``heuristic_fn(seat, hand, legal, st, trick, tt, ctx)``: the card the heuristic plays
  (``st[S_N_IN_TRICK]`` and ``st[S_SEAT]`` are set for it);
* ``sample_fn(seat, hand, state, sampled, ctx)``: one deal of the cards ``seat`` cannot
  see, consistent with what he has seen, into ``sampled`` (his own hand included);
* ``playout_fn(seat, hands, st, ctx)``: play the deal in ``st`` (the candidate card just
  put on the trick, the trick maybe full) to its end, trick by trick with
  :func:`play_trick_nb` and the game's own settling, and return what it is worth to
  ``seat`` (greater is better).

Both loops are inlined into the game's function (``inline="always"``): a function passed
as a value to a call that is not inlined is lowered as an address fixed at run time,
which numba's cache refuses (the caller would compile again at every import).
"""
import numpy as np
from numba import njit

from simkit.core.tricks import (MAX_SEATS, S_FOLLOW, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SEAT, S_SIZE,
                                S_TRICK, card_pool_nb, legal_nb, lowest_card_nb)


@njit(cache=True, inline="always")
def follow_legal_nb(hand, trick, n, st, tt, ctx):
    """The legal cards under the follow rule in force (``st[S_FOLLOW]``), no lead
    restriction: a ``legal_fn`` for :func:`play_trick_nb`."""
    return legal_nb(hand, trick, n, tt, st[S_FOLLOW], -1, 0)


@njit(cache=True, inline="always")
def play_trick_nb(hands, st, trick, tt, ctx, legal_fn, heuristic_fn):
    """Fill the trick in progress in ``st`` (``trick`` its view ``st[S_TRICK:]``) to its
    last card: each seat in turn from the one to play plays its only legal card, else the
    heuristic's; the card leaves ``hands``, joins the trick and ``S_PLAYED``. Leaves
    ``st[S_N_IN_TRICK]`` at the number of players (the trick full, for the game to
    settle)."""
    players = st[S_PLAYERS]
    n = st[S_N_IN_TRICK]
    seat = st[S_LEADER] + n
    if seat >= players:
        seat -= players
    while n < players:
        hand = hands[seat]
        legal = legal_fn(hand, trick, n, st, tt, ctx)
        if legal & (legal - 1) == 0:
            card = lowest_card_nb(legal)
        else:
            st[S_N_IN_TRICK] = n
            st[S_SEAT] = seat
            card = heuristic_fn(seat, hand, legal, st, trick, tt, ctx)
        bit = np.int64(1) << card
        hands[seat] = hand & ~bit
        trick[n] = card
        st[S_PLAYED] |= bit
        n += 1
        seat = seat + 1 if seat + 1 < players else 0
    st[S_N_IN_TRICK] = n


@njit(cache=True, inline="always")
def best_by_rollouts_nb(seat, hand, legal, state, first, samples, ctx, sample_fn, playout_fn):
    """The card of ``legal`` with the greatest total value over ``samples`` sampled deals
    (``sample_fn``; the same samples for every card), each card put on the trick of a
    copy of ``state`` and the deal played out (``playout_fn``); ties: ``first`` (the
    heuristic's card), then the lowest code. ``state`` is only read."""
    cards = card_pool_nb(legal)
    value = np.zeros(cards.shape[0], np.int64)
    sampled = np.zeros(MAX_SEATS, np.int64)
    hands = np.zeros(MAX_SEATS, np.int64)
    st = np.empty(S_SIZE, np.int64)
    n_in = state[S_N_IN_TRICK]
    for _ in range(samples):
        sample_fn(seat, hand, state, sampled, ctx)
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
            value[i] += playout_fn(seat, hands, st, ctx)
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
