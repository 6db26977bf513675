"""Poker timings for ``make bench``: the batch hand evaluator on random five-card hands
(one core; the issue's target is 50 million hands a second; for scale, the fastest public
evaluators callable from Python do about 6.4 million (phevaluator's C entry point) and
2.2 million (eval7)), with wild cards, through the checked public API, and best five of
seven. Whole hands of six-player draw come from the game's ``bench_cases``.

``extra()`` returns ``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import time

import numpy as np

from simkit.games.poker import best_five, evaluate, random_hands
from simkit.games.poker.eval_nb import evaluate_batch_nb
from simkit.games.poker.evaluator import config

N_HANDS = 4_000_000


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
    ]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:50s} {row['value']:>14,.0f} {row['unit']}")
