"""Thousand's simulation bidder: what a hand takes as declarer, measured by playing sampled
deals out in the kernel (numba).

The cards the seat has not seen are dealt at random, consistently with what it has seen,
``samples`` times; each sample is played from the widow on with the heuristic for every
seat (:mod:`.heuristic`: the widow kept and given, marriages declared, cards played) and
the seat's points taken (cards and marriages) are averaged. Before the widow
(the auction, and 1000 (2)'s contract) the seat knows its own seven cards: the others'
hands and the widow are sampled. After it (1001's contract, 1000 (2)'s refusal) it
knows its eight cards and where the cards it gave went: the rest is sampled.
"""
import numpy as np
from numba import njit

from simkit.core.rng import randbelow_nb
from simkit.core.trick_play import N_ERR, R_PLAY, SeatPolicies, play_tricks_nb
from simkit.core.tricks import MAX_SEATS, NO_TRUMP, S_DEAL_NO, S_SIZE, TT_DECK, card_pool_nb, start_deal_nb
from simkit.games.thousand.layout import BID_HEURISTIC, N_BID_PARAMS, N_REC, PLAY_HEURISTIC, R_BID, S_GIVEN, S_POINTS
from simkit.games.thousand.play import TRICKS, play_out_nb, start_play_nb, widow_nb
from simkit.games.thousand.scoring import HAND, WIDOW

#: the heuristic's declare weight in the playouts (points per card of the suit)
SIM_TRUMP_WEIGHT = 10.0
NO_AUDIT = np.bool_(False)


@njit(cache=True)
def _draw_nb(pool, pos, k, pst):
    """``k`` cards of ``pool[pos:]`` at random (a partial shuffle in place) as a bitmask."""
    out = 0
    n = pool.shape[0]
    for i in range(pos, pos + k):
        j = i + randbelow_nb(pst, n - i)
        c = pool[j]
        pool[j] = pool[i]
        pool[i] = c
        out |= np.int64(1) << c
    return out


@njit(cache=True)
def rollout_value_nb(seat, hand, given, pre_widow, state, tables, opts, choose_fn, after_fn, play_fn, pst,
                     samples):
    """The mean points ``seat`` takes as declarer with ``hand`` over ``samples`` sampled
    deals (module doc). ``pre_widow``: ``hand`` is the dealt seven cards, the others'
    hands and the widow are sampled; else ``hand`` is the eight cards he plays and
    ``given[k]`` the card he gave to his ``k``-th opponent, the opponents' other seven
    cards are sampled."""
    heur = SeatPolicies(np.full((2, 3), PLAY_HEURISTIC, np.int64), np.zeros((2, 3, N_BID_PARAMS), np.float64),
                        np.zeros(3, np.int64))
    for s in range(3):
        heur.code[R_BID, s] = BID_HEURISTIC
        heur.params[R_PLAY, s, 0] = SIM_TRUMP_WEIGHT
    known = hand | given[0] | given[1]
    pool = card_pool_nb(tables[NO_TRUMP, TT_DECK] & ~known)
    hands = np.zeros(MAX_SEATS, np.int64)
    sim = np.zeros(S_SIZE, np.int64)
    rec = np.zeros(N_REC, np.int64)
    audit_out = np.zeros(2, np.int64)
    err = np.zeros(N_ERR, np.int64)
    total = 0
    for _ in range(samples):
        for i in range(S_SIZE):
            sim[i] = state[i]
        start_deal_nb(sim, tables, NO_TRUMP, 3, TRICKS, 2, seat, -1, state[S_DEAL_NO])
        hands[seat] = hand
        pos = 0
        for k in range(2):
            o = (seat + 1 + k) % 3
            hands[o] = given[k] | _draw_nb(pool, pos, HAND, pst)
            pos += HAND
        if pre_widow:
            widow = _draw_nb(pool, pos, WIDOW, pst)
            widow_nb(seat, hands, widow, sim, opts, heur, play_fn, pst, err, rec)
        start_play_nb(sim, opts, seat, 0)
        sim[S_GIVEN] = given[0] | given[1]
        play_out_nb(play_tricks_nb, hands, sim, tables, opts, heur, choose_fn, after_fn, play_fn, pst, NO_AUDIT,
                    audit_out, err, rec)
        total += sim[S_POINTS + seat]
    return total / samples
