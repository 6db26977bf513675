"""Macao timings for ``make bench``: a bare reference kernel (a bank is a shuffled shoe of
two decks dealt coup after coup until it runs out: one card to each of three punters and
the banker, tens and pictures replaced, the punters drawing one card below 8 and the
banker below 9, a count past nine ignoring the card, then each punter settled at one
stake, a natural nine, eight or seven paying three, two or one; no options, statistics,
checks or policies) and simkit's kernel under its default rules and policies (the same
game) and with one punter and bust overdraws, in coups a second per core, timed in turn in
one process, each the best of several runs of process CPU time (:mod:`bare`), and the
default's ratio to the bare kernel.

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

#: count of each card code: A = 1, 2..9 their pips, 10 J Q K = 0
_VALUE = np.array([(c >> 2) + 2 if (c >> 2) <= 7 else (1 if (c >> 2) == 12 else 0) for c in range(52)],
                  dtype=np.int64)


@njit(cache=True)
def bare_banks_nb(seed, start, stop, deck0, punters):
    """Play banks ``start..stop-1``; returns (punters' loss in stakes, coups)."""
    n = deck0.shape[0]
    cards = deck0.copy()
    state = np.zeros(4, np.uint64)
    count = np.zeros(punters + 1, np.int64)
    drew = np.zeros(punters + 1, np.int64)
    loss = 0
    coups = 0
    for unit in range(start, stop):
        seed_stream_nb(state, seed, unit)
        for i in range(n):
            cards[i] = deck0[i]
        pos = 0
        while True:
            short = False
            for s in range(punters + 1):
                v = 0
                while v == 0:                       # tens and pictures are replaced
                    if pos == n:
                        short = True
                        break
                    v = _VALUE[draw_nb(cards, pos, state)]
                    pos += 1
                count[s] = v
                drew[s] = 0
                if short:
                    break
            if short:
                break
            for s in range(punters + 1):
                if count[s] < (9 if s == punters else 8):
                    if pos == n:
                        short = True
                        break
                    v = _VALUE[draw_nb(cards, pos, state)]
                    pos += 1
                    drew[s] = 1
                    if count[s] + v <= 9:
                        count[s] += v
            if short:
                break
            b = count[punters]
            for s in range(punters):
                c = count[s]
                if c > b:
                    loss -= (c - 6 if c >= 7 else 1) if drew[s] == 0 else 1
                elif c == b:
                    loss += c - 6 if c >= 7 else 1
                else:
                    loss += 1
            coups += 1
    return loss, coups


def bare_run(banks: int, punters: int = 3):
    d = deck(52, copies=2)
    bare_banks_nb(0, 0, 10, d, punters)
    seeds = iter(range(1, 1 << 30))

    def run():
        return bare_banks_nb(next(seeds), 0, banks, d, punters)[1]
    return run


def extra(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(200_000),
                      "default": chunk_run("macao", None, None, 200_000),
                      "bust": chunk_run("macao", {"punters": 1, "overdraw": "bust"}, None, 100_000)}, repeats)
    return rows("macao", "coups/s/core", "3 punters, two decks, draw below 8 / 9", best["bare"],
                [("3 punters, default rules and policies", best["default"]),
                 ("1 punter, bust overdraw", best["bust"])])


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:14,.3f} {row['unit']}")
