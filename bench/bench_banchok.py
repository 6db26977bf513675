"""Polish Banchok timings for ``make bench``: a bare reference kernel (a bank of 60 against
four punters, two decks: each round deals three cards to every punter from a freshly
shuffled pile, then each punter stakes one unit and the banker turns the next card for
him; the punter wins iff he holds a card of its suit at least as high; the bank ends
broken or tripled; no options, statistics, checks or policies) and simkit's kernel with
flat stakes (the same staking) and with hand-threshold stakes, in coups a second per core,
timed in turn in one process, each the best of several runs of process CPU time
(:mod:`bare`), and the flat-stake ratio to the bare kernel.

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


@njit(cache=True)
def bare_banks_nb(seed, start, stop, deck0, punters, bank0):
    """Play banks ``start..stop-1``; returns (punters' loss, coups)."""
    n = deck0.shape[0]
    cards = deck0.copy()
    state = np.zeros(4, np.uint64)
    best = np.zeros((punters, 4), np.int64)
    loss = 0
    coups = 0
    for unit in range(start, stop):
        seed_stream_nb(state, seed, unit)
        for i in range(n):
            cards[i] = deck0[i]
        bank = bank0
        done = False
        while not done:
            pos = 0
            for i in range(punters):
                for s in range(4):
                    best[i, s] = -1
            for k in range(3):
                for i in range(punters):
                    c = draw_nb(cards, pos, state)
                    pos += 1
                    if (c >> 2) > best[i, c & 3]:
                        best[i, c & 3] = c >> 2
            for i in range(punters):
                t = draw_nb(cards, pos, state)
                pos += 1
                coups += 1
                if (t >> 2) <= best[i, t & 3]:
                    bank -= 1
                    loss -= 1
                else:
                    bank += 1
                    loss += 1
                if bank == 0 or bank >= 3 * bank0:
                    done = True
                    break
    return loss, coups


def bare_run(banks: int):
    d = deck(52, copies=2)
    bare_banks_nb(0, 0, 10, d, 4, 60)
    seeds = iter(range(1, 1 << 30))

    def run():
        return bare_banks_nb(next(seeds), 0, banks, d, 4, 60)[1]
    return run


def extra(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(3_000),
                      "flat": chunk_run("banchok", None, "flat", 3_000),
                      "hand": chunk_run("banchok", None, "hand", 30_000)}, repeats)
    return rows("banchok", "coups/s/core", "4 punters, two decks, unit stakes", best["bare"],
                [("4 punters, flat stakes", best["flat"]),
                 ("4 punters, hand-threshold stakes", best["hand"])])


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:14,.3f} {row['unit']}")
