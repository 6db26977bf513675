"""Blackjack timings for ``make bench``: a bare reference kernel (hit below 17, stand
on 17+, no splits, doubles, surrender or insurance; infinite deck draws from the same
per-unit streams) and simkit's full kernel measured in the same run, as a ratio.

``extra()`` returns ``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import time

import numpy as np
from numba import njit

from simkit.core.rng import randbelow_nb, seed_stream_nb

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


def bare_rate(rounds=20_000_000) -> float:
    """Rounds per second of the bare reference kernel (one core)."""
    bare_rounds_nb(0, 1, 10)
    units = rounds // 128
    t = time.perf_counter()
    bare_rounds_nb(1, units, 128)
    return units * 128 / (time.perf_counter() - t)


def simkit_rate(rules=None, policies=None, rounds=10_000_000) -> float:
    """Rounds per second of simkit's blackjack kernel for one chunked run (one core)."""
    import simkit

    simkit.simulate("blackjack", 1000, rules=rules, policies=policies, progress=False)
    res = simkit.simulate("blackjack", rounds, rules=rules, policies=policies, progress=False, seed=1)
    return int(res.stats["counters"][1]) / res.timings["run_s"]


def extra(repeats: int = 3) -> list:
    """Bare and full kernels measured alternately, best of ``repeats`` each (the machine
    may be shared: the best run is the least disturbed)."""
    bare, full, inf = [], [], []
    for _ in range(repeats):
        bare.append(bare_rate(10_000_000))
        full.append(simkit_rate(rounds=5_000_000))
        inf.append(simkit_rate({"decks": "inf"}, rounds=5_000_000))
    b, f, i = max(bare), max(full), max(inf)
    return [
        {"name": "blackjack bare reference kernel (hit below 17)", "value": b, "unit": "rounds/s"},
        {"name": "blackjack 6 decks, full rules, basic strategy", "value": f, "unit": "rounds/s"},
        {"name": "blackjack infinite deck, basic strategy", "value": i, "unit": "rounds/s"},
        {"name": "blackjack full rules / bare reference", "value": f / b, "unit": "ratio"},
    ]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:55s} {row['value']:14,.3f} {row['unit']}")
