"""Fishing-game timings for ``make bench`` (Kontchinka and Babochka on the capture engine).

* uniform-random play of 2-player Kontchinka deals (``unit=deal``) in simkit's kernel,
  and the same deals in a bare reference kernel (shuffle, deal 4 each and 4 to the table,
  each turn a random card of the hand that takes the first table card of its rank or is
  laid down; no sums, no clean-up, no legal-move lists, no scoring or statistics), per
  second per core, and their ratio;
* whole Kontchinka games to 15 with the default heuristic, and with the simulation policy
  at one seat; Babochka pots with random and with heuristic play.

Rates use the process's CPU time, the best of three runs. ``extra()`` returns
``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.rng import draw_nb, randbelow_nb, seed_stream_nb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_tricks import _rate  # noqa: E402  (the same timing of a game's kernel)


@njit(cache=True)
def bare_deals_nb(seed, units):
    """Random play of ``units`` 2-player deals capturing by equal rank only; returns the
    cards seat 0 took (so nothing is optimised away)."""
    deck = np.arange(52).astype(np.uint8)
    st = np.zeros(4, np.uint64)
    hands = np.zeros((2, 4), np.int64)
    table = np.zeros(52, np.int64)
    total = 0
    for unit in range(units):
        seed_stream_nb(st, seed, unit)
        for i in range(52):
            deck[i] = i
        for pos in range(52):
            draw_nb(deck, pos, st)
        top = 0
        tn = 0
        for _ in range(4):
            table[tn] = deck[top]
            tn += 1
            top += 1
        while top < 52:
            for k in range(4):
                for p in range(2):
                    hands[p, k] = deck[top]
                    top += 1
            for k in range(4, 0, -1):
                for p in range(2):
                    j = randbelow_nb(st, k)
                    c = hands[p, j]
                    hands[p, j] = hands[p, k - 1]
                    hit = -1
                    for i in range(tn):
                        if table[i] >> 2 == c >> 2:
                            hit = i
                            break
                    if hit >= 0:
                        tn -= 1
                        table[hit] = table[tn]
                        if p == 0:
                            total += 2
                    else:
                        table[tn] = c
                        tn += 1
    return total


def bare_rate(units=400_000) -> float:
    bare_deals_nb(0, 10)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        bare_deals_nb(k + 1, units)
        best = max(best, units / (time.process_time() - t))
    return best


def extra() -> list:
    bare = bare_rate()
    full = _rate("kontchinka", {"unit": "deal"}, "random", 100_000)
    rows = [
        ("bare kernel: random play, 2 players, equal-rank captures only", bare, "deals/s/core"),
        ("kontchinka: uniform-random legal moves, 2-player single deals", full, "deals/s/core"),
        ("kontchinka random deals / bare kernel", full / bare, "ratio"),
        ("kontchinka: games to 15, heuristic play, 2 players", _rate("kontchinka", {}, "heuristic", 5_000),
         "games/s/core"),
        ("kontchinka: games to 15, simulation (8 samples) v heuristic",
         _rate("kontchinka", {}, {"play": "simulation|heuristic"}, 30), "games/s/core"),
        ("babochka: random play, 3 players", _rate("babochka", {}, "random", 100_000), "pots/s/core"),
        ("babochka: heuristic play, 3 players", _rate("babochka", {}, "heuristic", 50_000), "pots/s/core"),
        ("babochka: simulation play (8 samples), 3 players", _rate("babochka", {}, None, 3_000), "pots/s/core"),
    ]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>12,.4g} {row['unit']}")
