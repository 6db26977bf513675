"""Treize timings for ``make bench``: a bare reference kernel (a fresh 52-card deck per
bank, cards turned while calling 2..A, a match takes a unit stake and the count starts
again, a coup of thirteen calls without one pays and ends the bank; a deck used up is
gathered and reshuffled; no options, statistics, checks or policies) and simkit's kernel
with flat and with deck-aware stakes, in coups a second per core (process CPU time, best
of several runs taken in turn, :mod:`bare`), and the flat-stake ratio (issue 28: at least
0.5).

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
def bare_banks_nb(seed, start, stop, deck0):
    """Play banks ``start..stop-1`` of unit stakes; returns (punters' net, coups)."""
    n = deck0.shape[0]
    cards = deck0.copy()
    state = np.zeros(4, np.uint64)
    net = 0
    coups = 0
    for unit in range(start, stop):
        seed_stream_nb(state, seed, unit)
        for i in range(n):
            cards[i] = deck0[i]
        pos = 0
        while True:
            call = 0
            matched = False
            while call < 13:
                if pos == n:
                    pos = 0
                if (draw_nb(cards, pos, state) >> 2) == call:
                    pos += 1
                    matched = True
                    break
                pos += 1
                call += 1
            coups += 1
            if not matched:
                net += 1
                break
            net -= 1
    return net, coups


def bare_run(banks: int):
    d = deck(52)
    bare_banks_nb(0, 0, 10, d)
    seeds = iter(range(1, 1 << 30))

    def run():
        return bare_banks_nb(next(seeds), 0, banks, d)[1]
    return run


def extra(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(1_000_000),
                      "flat": chunk_run("treize", None, None, 1_000_000),
                      "deck-aware": chunk_run("treize", None, "deck-aware", 250_000)}, repeats)
    return rows("treize", "coups/s/core", "flat stakes, continuing 52-card deck", best["bare"],
                [("flat stakes, continuing 52-card deck", best["flat"]),
                 ("deck-aware stakes", best["deck-aware"])])


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:75s} {row['value']:>14,.3f} {row['unit']}")
