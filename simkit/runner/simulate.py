"""``simulate()``: rules and policies in, a :class:`Result` out."""
from __future__ import annotations

import time

from simkit.core.stats import Stats
from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.runner.parallel import run_chunks
from simkit.runner.result import Result
from simkit.runner.units import chunk_plan, parse_hands, parse_jobs, parse_seed, parse_shard, shard_range


def prepare(game, hands, rules, policies, seed):
    """Validate the common arguments: returns (game, hands, rules, policies, seed)."""
    game = get_game(game)
    hands = parse_hands(hands)
    rules = game.Rules.build(rules)
    policies = game.resolve_policies(policies)
    seed = parse_seed(seed)
    return game, hands, rules, policies, seed


def warm_up(game, rules, policies, seed, hands) -> float:
    """Compile (or load from numba's cache) the kernels in this process; returns seconds.
    Done before fanning out so that workers only load the cache."""
    t0 = time.perf_counter()
    game.run_chunk(rules, policies, seed, 0, 1, hands)
    return time.perf_counter() - t0


def simulate(game, hands, *, rules=None, policies=None, seed=0, n_jobs=1, chunk=None,
             backend=None, progress=None, shard=None, scheduler=None) -> Result:
    """Play ``hands`` units of ``game`` and return a :class:`Result`.

    ``rules``: dict of rule options (see ``simkit.rules(game)``); ``policies``: policy
    names, ``Policy`` objects, ``@njit`` functions or a dict by role; ``seed``: unit ``i``
    draws from a stream keyed by ``(seed, i)`` only, so results are identical for any
    ``n_jobs``, ``chunk`` and ``backend`` (``"loky"`` default, ``"dask"`` with
    ``scheduler`` an address or Client). ``progress``: ``None`` shows a bar only when a
    run lasts over two seconds, ``False`` never. ``shard=(k, N)`` plays only the k-th of
    N slices of the units, for batch jobs merged later with :func:`simkit.merge`.
    """
    game, hands, rules, policies, seed = prepare(game, hands, rules, policies, seed)
    n_jobs = parse_jobs(n_jobs)
    shard = parse_shard(shard)
    if progress not in (None, True, False):
        raise SimkitError(f"progress must be None, True or False, got {progress!r}")
    n_units = game.n_units(hands, rules)
    start, stop = shard_range(n_units, shard)
    plan = chunk_plan(start, stop, chunk, game.chunk_hint, n_jobs)
    t0 = time.perf_counter()
    compile_s = warm_up(game, rules, policies, seed, hands)
    t1 = time.perf_counter()
    tasks = [(game.id, rules, policies, seed, a, b, hands) for a, b in plan]
    total = None
    trace = []
    bar = None
    if progress is not False and len(tasks) > 1:
        from tqdm.auto import tqdm

        bar = tqdm(total=stop - start, unit=game.hands_word if game.unit == "hand" else game.unit,
                   unit_scale=True, delay=0 if progress else 2.0, desc=game.id, leave=False)
    try:
        for (a, b), st in zip(plan, run_chunks(tasks, n_jobs=n_jobs, backend=backend, scheduler=scheduler)):
            total = st.copy() if total is None else total.merge(st)
            est = game.metrics(total, rules, policies).get(game.headline) if game.headline else None
            if est is not None:
                trace.append({"units": b - start, "value": est.value, "stderr": est.stderr})
            if bar is not None:
                bar.update(b - a)
    finally:
        if bar is not None:
            bar.close()
    run_s = time.perf_counter() - t1
    if total is None:  # an empty shard (more shards than units)
        total = Stats.zeros_like(game.run_chunk(rules, policies, seed, 0, 1, hands))
    return Result(game=game, hands=hands, seed=seed, rules=rules, policies=policies, stats=total,
                  n_units=n_units, shard=shard, trace=trace,
                  timings={"compile_s": compile_s, "run_s": run_s, "total_s": time.perf_counter() - t0,
                           "n_jobs": n_jobs, "chunks": len(plan)})
