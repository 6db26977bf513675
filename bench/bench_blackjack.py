"""Blackjack timings for ``make bench``: a bare reference kernel (hit below 17, stand
on 17+, no splits, doubles, surrender or insurance; infinite deck draws from the same
per-unit streams) and simkit's full kernel (6 decks, every default rule, basic strategy;
an infinite deck; Hi-Lo counting with index plays) in rounds a second per core, timed in
turn in one process, each the best of several runs of process CPU time (:mod:`bare`),
and the full kernel's ratio to the bare one (issue 28: at least 0.5).

``extra()`` returns ``[{"name", "value", "unit", ...}, ...]``; ``bench/run.py`` calls it.
"""
import sys
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.rng import randbelow_nb, seed_stream_nb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bare import alternate, chunk_run, rows  # noqa: E402

_VALUE = np.array([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11], dtype=np.int64)


@njit(cache=True)
def _hand_nb(state):
    total = 0
    aces = 0
    while True:
        v = _VALUE[randbelow_nb(state, 13)]
        total += v
        if v == 11:
            aces += 1
        while total > 21 and aces > 0:
            total -= 10
            aces -= 1
        if total >= 17:
            return total


@njit(cache=True)
def bare_rounds_nb(seed, units, per_unit):
    """Player and dealer both hit below 17; returns the player's net over all rounds."""
    state = np.zeros(4, dtype=np.uint64)
    net = 0
    for u in range(units):
        seed_stream_nb(state, seed, u)
        for _ in range(per_unit):
            p = _hand_nb(state)
            if p > 21:
                net -= 1
                continue
            d = _hand_nb(state)
            if d > 21 or p > d:
                net += 1
            elif p < d:
                net -= 1
    return net


def bare_run(rounds: int):
    """A ``run()`` of the bare kernel over ``rounds`` rounds (blocks of 128, a new seed
    each call), returning the rounds played."""
    bare_rounds_nb(0, 1, 10)
    units = rounds // 128
    seeds = iter(range(1, 1 << 30))

    def run():
        bare_rounds_nb(next(seeds), units, 128)
        return units * 128
    return run


def extra(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(8_000_000),
                      "full": chunk_run("blackjack", None, None, 4_000_000),
                      "inf": chunk_run("blackjack", {"decks": "inf"}, None, 4_000_000),
                      "hilo": chunk_run("blackjack", None, "hilo", 2_000_000)}, repeats)
    return rows("blackjack", "rounds/s/core", "hit below 17, infinite deck", best["bare"],
                [("6 decks, full rules, basic strategy", best["full"]),
                 ("infinite deck, basic strategy", best["inf"]),
                 ("6 decks, Hi-Lo ramp and index plays", best["hilo"])])


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:14,.3f} {row['unit']}")
