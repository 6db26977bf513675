"""Timing helpers for the bare-kernel rows of ``make bench`` (the banking games and Poker).

A game's kernel and its bare reference kernel (a single-purpose numba kernel written for
the bench alone: the same deals from the same per-unit streams, none of the game's
options, statistics, checks or policies) are timed in one process, alternately, each the
best of ``repeats`` runs of process CPU time: on a shared machine a slowdown then hits
both alike, and the best run is the least disturbed. Their ratio is the game's
``role="ratio"`` row, which ``bench/run.py`` puts in ``results/bench/summary.csv``.

    from bare import alternate, chunk_run, rows
"""
from __future__ import annotations

import itertools
import time


def cpu_rate(run) -> float:
    """What one call of ``run()`` counts, per second of this process's CPU time."""
    t = time.process_time()
    n = run()
    return n / (time.process_time() - t)


def alternate(runs: dict, repeats: int = 5) -> dict:
    """The best rate of each ``run()`` of ``runs`` over ``repeats`` rounds, the runs taking
    turns within each round."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(repeats):
        for key, run in runs.items():
            best[key] = max(best[key], cpu_rate(run))
    return best


def chunk_run(game: str, rules=None, policies=None, hands: int = 100_000):
    """A ``run()`` playing the units of a ``hands``-hand run of ``game``'s chunk kernel (a
    new seed each call) and returning what they played (``Game.played``: coups, rounds,
    ...; units where the game counts nothing else). The kernel is compiled or loaded and
    warmed first."""
    import simkit

    g = simkit.get_game(game)
    r = g.Rules.build(rules)
    p = g.resolve_policies(policies)
    units = g.n_units(hands, r)
    g.run_chunk(r, p, 0, 0, 1, hands)
    seeds = itertools.count(1)

    def run():
        st = g.run_chunk(r, p, next(seeds), 0, units, hands)
        played = g.played(st)
        return units if played is None else played
    return run


def rows(game: str, unit: str, bare_name: str, bare: float, cases: list) -> list:
    """``extra()`` rows: the bare kernel (``role="bare"``), each ``(label, rate)`` of
    ``cases`` (``role="game"``) and the first case's ratio to the bare kernel
    (``role="ratio"``, the summary's figure)."""
    out = [{"name": f"{game} bare reference kernel ({bare_name})", "value": float(bare), "unit": unit,
            "game": game, "role": "bare"}]
    for label, rate in cases:
        out.append({"name": f"{game}: {label}", "value": float(rate), "unit": unit, "game": game, "role": "game"})
    label, rate = cases[0]
    out.append({"name": f"{game}: {label} / bare reference kernel", "value": float(rate / bare), "unit": "ratio",
                "game": game, "role": "ratio"})
    return out
