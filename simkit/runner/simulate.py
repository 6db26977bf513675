"""``simulate()``: rules and policies in, a :class:`Result` out."""
from __future__ import annotations

import time

from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.runner.batch import run_specs
from simkit.runner.result import Result
from simkit.runner.units import parse_hands, parse_jobs, parse_seed, parse_shard, shard_range


def prepare(game, hands, rules, policies, seed):
    """Validate the common arguments: returns (game, hands, rules, policies, seed)."""
    game = get_game(game)
    hands = parse_hands(hands)
    rules = game.Rules.build(rules)
    policies = game.resolve_policies(policies)
    seed = parse_seed(seed)
    return game, hands, rules, policies, seed


def simulate(game, hands, *, rules=None, policies=None, seed=0, n_jobs=1, chunk=None,
             backend=None, progress=None, shard=None, scheduler=None, target_se=None,
             check_user: bool = False) -> Result:
    """Play ``hands`` units of ``game`` and return a :class:`Result`.

    ``rules``: dict of rule options (see ``simkit.rules(game)``); ``policies``: policy
    names, ``Policy`` objects, ``@njit`` functions or a dict by role; ``seed``: unit ``i``
    draws from a stream keyed by ``(seed, i)`` only, so results are identical for any
    ``n_jobs``, ``chunk`` and ``backend`` (``"loky"`` default, ``"dask"`` with
    ``scheduler`` an address or Client). ``progress``: ``None`` shows a bar only on a
    terminal (or Jupyter with ipywidgets) when a run lasts over two seconds, ``True``
    always, ``False`` never. ``shard=(k, N)`` plays only the k-th of
    N slices of the units, for batch jobs merged later with :func:`simkit.merge`.
    ``target_se``: play until the headline metric's standard error is at most this,
    ``hands`` being the cap (:mod:`simkit.runner.precision`); ``res.precision`` says how
    many units that took. ``check_user=True`` compiles user ``@njit`` functions again with
    numba's bounds checking, so one that indexes outside an array ends in a clear error
    instead of reading garbage (:mod:`simkit.runner.usercheck`; slower, same results).
    """
    game, hands, rules, policies, seed = prepare(game, hands, rules, policies, seed)
    n_jobs = parse_jobs(n_jobs)
    shard = parse_shard(shard)
    if progress not in (None, True, False):
        raise SimkitError(f"progress must be None, True or False, got {progress!r}")
    if target_se is not None:
        return _to_target(game, hands, rules, policies, seed, target_se, shard, n_jobs=n_jobs, chunk=chunk,
                          backend=backend, scheduler=scheduler, progress=progress, check_user=check_user)
    n_units = game.n_units(hands, rules)
    start, stop = shard_range(n_units, shard)
    trace = []

    def follow(_, units_done, running):
        est = game.metrics(running, rules, policies).get(game.headline)
        if est is not None:
            trace.append({"units": units_done, "value": est.value, "stderr": est.stderr})

    t0 = time.perf_counter()
    per_spec, timings = run_specs(game, [(rules, policies)], seed, hands, start, stop, n_jobs=n_jobs,
                                  chunk=chunk, backend=backend, scheduler=scheduler, progress=progress,
                                  on_chunk=follow if game.headline else None, check_user=check_user)
    timings["total_s"] = time.perf_counter() - t0  # n_jobs: the workers used
    return Result(game=game, hands=hands, seed=seed, rules=rules, policies=policies, stats=per_spec[0][0],
                  n_units=n_units, shard=shard, trace=trace, timings=timings, unit_range=(start, stop))



def _to_target(game, cap, rules, policies, seed, target_se, shard, **kw):
    from simkit.runner.precision import parse_target, run_to_target

    target = parse_target(target_se)
    if shard is not None:
        raise SimkitError("target_se and shard cannot be combined: a shard plays a fixed slice of the units")
    t0 = time.perf_counter()
    stats, hands, units, info = run_to_target(game, cap, rules, policies, seed, target, **kw)
    res = Result(game=game, hands=hands, seed=seed, rules=rules, policies=policies, stats=stats, n_units=units,
                 unit_range=(0, units), timings={"total_s": time.perf_counter() - t0, "n_jobs": kw["n_jobs"]},
                 trace=[{"units": b["units"], "value": b["value"], "stderr": b["stderr"]} for b in info["batches"]])
    res.precision = info       # the convergence trace: the headline after each batch
    return res
