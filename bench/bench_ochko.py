"""Ochko timings for ``make bench``: a bare reference kernel (variant B's bank of ten
units against three punters from one continuing 36-card deck: each round one card to each
punter and the banker, every punter in turn staking one unit and drawing below 17, the
banker then drawing on his first card until he reaches the punter's total; a bust loses,
equal totals push; the bank ends empty, trebled or when the deck is played through; ochko
values; no options, statistics, checks or policies) and simkit's kernel for its bench
cases (variants B and A, punters standing on 17), in coups a second per core, timed in
turn in one process, each the best of several runs of process CPU time (:mod:`bare`),
and variant B's ratio to the bare kernel.

``extra()`` returns ``[{"name", "value", "unit", ...}, ...]``; ``bench/run.py`` calls it.
"""
import sys
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.cards import deck
from simkit.core.rng import draw_nb, seed_stream_nb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bare import alternate, chunk_run, rows  # noqa: E402

#: ochko points of each card code: 6..10 their pips, J 2, Q 3, K 4, A 11
_POINTS = np.array([(c >> 2) + 2 if (c >> 2) <= 8 else (11 if (c >> 2) == 12 else (c >> 2) - 7)
                    for c in range(52)], dtype=np.int64)


@njit(cache=True)
def bare_banks_nb(seed, start, stop, deck0, punters, bank0):
    """Play banks ``start..stop-1``; returns (punters' loss in units, coups)."""
    n = deck0.shape[0]
    cards = deck0.copy()
    state = np.zeros(4, np.uint64)
    first = np.zeros(punters + 1, np.int64)
    loss = 0
    coups = 0
    for unit in range(start, stop):
        seed_stream_nb(state, seed, unit)
        for i in range(n):
            cards[i] = deck0[i]
        pos = 0
        bank = bank0
        done = False
        while not done:
            if pos + punters + 1 > n:
                break
            for s in range(punters + 1):
                first[s] = _POINTS[draw_nb(cards, pos, state)]
                pos += 1
            for s in range(punters):
                if bank < 1:
                    done = True
                    break
                pt = first[s]
                while pt < 17 and pos < n:
                    pt += _POINTS[draw_nb(cards, pos, state)]
                    pos += 1
                coups += 1
                if pt > 21:
                    bank += 1
                    loss += 1
                    continue
                bt = first[punters]
                while bt < pt and pos < n:
                    bt += _POINTS[draw_nb(cards, pos, state)]
                    pos += 1
                if bt > 21 or bt < pt:
                    bank -= 1
                    loss -= 1
                elif bt > pt:
                    bank += 1
                    loss += 1
                if pos == n:
                    done = True
                    break
            if bank < 1 or bank >= 3 * bank0:
                done = True
    return loss, coups


def bare_run(banks: int):
    d = deck(36)
    bare_banks_nb(0, 0, 10, d, 3, 10)
    seeds = iter(range(1, 1 << 30))

    def run():
        return bare_banks_nb(next(seeds), 0, banks, d, 3, 10)[1]
    return run


def extra(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(500_000),
                      "B": chunk_run("ochko", None, "threshold:stand=17", 500_000),
                      "A": chunk_run("ochko", {"variant": "A"}, "threshold:stand=17", 200_000)}, repeats)
    return rows("ochko", "coups/s/core", "variant B, 3 punters, 36 cards, stand on 17", best["bare"],
                [("variant B, 3 punters, threshold 17", best["B"]),
                 ("variant A, 3 punters, threshold 17", best["A"])])


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:14,.3f} {row['unit']}")
