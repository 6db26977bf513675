"""Poker timings for ``make bench``: the batch hand evaluator on random five-card hands
(one core; the issue's target is 50 million hands a second; for scale, the fastest public
evaluators callable from Python do about 6.4 million (phevaluator's C entry point) and
2.2 million (eval7)), with wild cards, through the checked public API, and best five of
seven. Whole hands of six-player draw come from the game's ``bench_cases``; against them a
bare reference kernel (six players dealt five cards each from a shuffled deck, every hand
evaluated with the same evaluator, the best takes the antes; no betting, draw, equity
table, statistics, checks or policies) and simkit's kernel under its default rules and
policies, in hands a second per core, timed in turn in one process, each the best of
several runs of process CPU time (``bench/bare.py``), and their ratio.

``extra()`` returns ``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.rng import draw_nb, seed_stream_nb

from simkit.games.poker import best_five, evaluate, random_hands
from simkit.games.poker import eval_nb as E
from simkit.games.poker.eval_nb import evaluate_batch_nb
from simkit.games.poker.evaluator import config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bare import alternate, chunk_run, rows  # noqa: E402

N_HANDS = 4_000_000


@njit(cache=True)
def bare_hands_nb(seed, start, stop, deck0, players, ev):
    """Deal and show down hands ``start..stop-1``; returns the antes seat 0 won."""
    n = deck0.shape[0]
    cards = deck0.copy()
    state = np.zeros(4, np.uint64)
    won = 0
    for unit in range(start, stop):
        seed_stream_nb(state, seed, unit)
        for i in range(n):
            cards[i] = deck0[i]
        for pos in range(5 * players):
            draw_nb(cards, pos, state)
        best = -1
        who = 0
        for p in range(players):
            v = E.eval5_nb(cards[p], cards[p + players], cards[p + 2 * players], cards[p + 3 * players],
                           cards[p + 4 * players], ev)
            if v > best:
                best = v
                who = p
        if who == 0:
            won += players
    return won


def bare_run(hands: int, players: int = 6):
    d = np.arange(52).astype(np.uint8)
    ev = config(None)
    bare_hands_nb(0, 0, 10, d, players, ev)
    seeds = iter(range(1, 1 << 30))

    def run():
        bare_hands_nb(next(seeds), 0, hands, d, players, ev)
        return hands
    return run


def game_rows(repeats: int = 5) -> list:
    best = alternate({"bare": bare_run(300_000), "default": chunk_run("poker", None, None, 100_000)}, repeats)
    return rows("poker", "hands/s/core", "6 players, deal and show down", best["bare"],
                [("6 players, threshold betting, standard draw", best["default"])])


def _best_rate(fn, n, repeats=5) -> float:
    """``n`` over the best of ``repeats`` timings of ``fn()`` in CPU seconds of this
    process (single-threaded work: per-core throughput, steady on a shared machine)."""
    fn()                                   # compile or load from the cache
    best = 0.0
    for _ in range(repeats):
        t = time.process_time()
        fn()
        best = max(best, n / (time.process_time() - t))
    return best


def kernel_rate(rules=None, n=N_HANDS) -> float:
    """Hands per second of the batch kernel on ``n`` random hands of the rules' deck."""
    hands = random_hands(n, rules, seed=1)
    out = np.empty(n, np.int32)
    ev = config(rules)
    return _best_rate(lambda: evaluate_batch_nb(hands, ev, out), n)


def extra() -> list:
    game = game_rows()
    hands = random_hands(N_HANDS, None, seed=2)
    seven = np.array([np.random.default_rng(3).choice(52, 7, replace=False) for _ in range(200_000)], np.uint8)
    return [
        {"name": "poker evaluator: random 5-card hands (kernel)", "value": kernel_rate(), "unit": "hands/s/core"},
        {"name": "poker evaluator: evaluate() with input checks", "unit": "hands/s/core",
         "value": _best_rate(lambda: evaluate(hands), N_HANDS, repeats=3)},
        {"name": "poker evaluator: deuces wild (kernel)", "value": kernel_rate({"wild_rank": "2"}),
         "unit": "hands/s/core"},
        {"name": "poker evaluator: two decks, two jokers (kernel)", "unit": "hands/s/core",
         "value": kernel_rate({"decks": 2, "jokers": 2})},
        {"name": "poker evaluator: best five of seven", "unit": "rows/s/core",
         "value": _best_rate(lambda: best_five(seven, check=False), len(seven), repeats=3)},
    ] + game


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>14,.3f} {row['unit']}")
