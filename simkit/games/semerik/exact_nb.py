"""Kernels that count Semerik's declaration points over every hand (for :mod:`.exact`)."""
import numpy as np
from numba import njit

from simkit.core.cards import RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_A, RANK_J, RANK_K, RANK_Q
from simkit.games.semerik.scoring import baba_points_nb, declarations_nb, triple_value_nb

#: the ranks whose cards matter suit by suit (Babas and their extensions), and the others,
#: which matter only through their count (triples).
SUITED_RANKS = np.array([RANK_3, RANK_2, RANK_A, RANK_K, RANK_Q, RANK_J], np.int64)
COUNTED_RANKS = np.array([RANK_7, RANK_6, RANK_5, RANK_4], np.int64)
_C4 = np.array([1, 4, 6, 4, 1], np.int64)   # C(4, k)


@njit(cache=True)
def declaration_counts_nb(table, hand_size, out):
    """``out[p]`` += the number of ``hand_size``-card hands of the 40-card deck whose
    declarations score ``p``, counted by patterns rather than hand by hand.

    A hand splits into its cards of 3 2 A K Q J (24 cards: each suit's subset of them, a
    6-bit pattern, decides the Babas) and its cards of 7 6 5 4 (only their count per rank
    matters: ``prod C(4, c_r)`` hands share counts ``c_r``). The second part is tabulated
    by (number of cards, triple points); the first is enumerated over the 64^4 suit
    patterns, its triples scored from the rank counts of the patterns (with the Baba
    bonus), and combined with the second part's table for the remaining cards. Triple
    values of 7 6 5 4 must not depend on holding a Baba (:func:`declaration_counts`
    checks)."""
    maxp = out.shape[0]
    low = np.zeros((17, maxp), np.int64)
    for a in range(5):
        for b in range(5):
            for c in range(5):
                for d in range(5):
                    cnt = (a, b, c, d)
                    p = 0
                    for i in range(4):
                        p += triple_value_nb(COUNTED_RANKS[i], cnt[i], False, table)
                    low[a + b + c + d, p] += _C4[a] * _C4[b] * _C4[c] * _C4[d]
    top = 0                      # the highest points of the 7 6 5 4 part
    for q in range(maxp):
        if low[:, q].any():
            top = q
    baba = np.zeros((4, 64), np.int64)
    has = np.zeros((4, 64), np.bool_)
    for s in range(4):
        for pat in range(64):
            hand = np.int64(0)
            for i in range(6):
                if pat >> i & 1:
                    hand |= np.int64(1) << (SUITED_RANKS[i] * 4 + s)
            pts, n = baba_points_nb(hand, table)
            baba[s, pat] = pts
            has[s, pat] = n > 0
    counts = np.zeros(6, np.int64)
    for p0 in range(64):
        for p1 in range(64):
            for p2 in range(64):
                for p3 in range(64):
                    pats = (p0, p1, p2, p3)
                    n_high = 0
                    pts = 0
                    any_baba = False
                    for s in range(4):
                        pts += baba[s, pats[s]]
                        any_baba = any_baba or has[s, pats[s]]
                    for i in range(6):
                        counts[i] = (p0 >> i & 1) + (p1 >> i & 1) + (p2 >> i & 1) + (p3 >> i & 1)
                        n_high += counts[i]
                    n_low = hand_size - n_high
                    if n_low < 0 or n_low > 16:
                        continue
                    for i in range(6):
                        pts += triple_value_nb(SUITED_RANKS[i], counts[i], any_baba, table)
                    for q in range(top + 1):
                        out[pts + q] += low[n_low, q]


@njit(cache=True)
def declaration_brute_nb(deck, hand_size, table, out):
    """``out[p]`` += the number of ``hand_size``-card subsets of ``deck`` (card codes)
    scoring ``p``, each hand scored by :func:`declarations_nb` (to check
    :func:`declaration_counts_nb` on small hands)."""
    n = deck.shape[0]
    idx = np.arange(hand_size)
    while True:
        hand = np.int64(0)
        for i in range(hand_size):
            hand |= np.int64(1) << deck[idx[i]]
        out[declarations_nb(hand, table)] += 1
        i = hand_size - 1
        while i >= 0 and idx[i] == n - hand_size + i:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, hand_size):
            idx[j] = idx[j - 1] + 1
