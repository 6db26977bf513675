"""Running many (rules, policies) specs over the same units in one parallel pass.

``simulate``, ``compare`` and ``sweep`` all come here. Units may be cut into ``groups``
(fixed unit ranges, independent of chunking and workers): each group's statistics are
kept apart, which is what the jackknife standard errors of paired differences need.
"""
from __future__ import annotations

import time

from simkit.core.stats import Stats
from simkit.games import take_load_seconds
from simkit.policies.checks import checked_first_chunk
from simkit.runner.parallel import cap_jobs, run_chunks
from simkit.runner.units import check_units, chunk_plan


def group_bounds(start: int, stop: int, n_groups: int) -> list:
    total = stop - start
    n_groups = max(1, min(n_groups, total))
    return [(start + g * total // n_groups, start + (g + 1) * total // n_groups) for g in range(n_groups)]


def progress_bar(*, total: int, unit: str, desc: str, force: bool):
    """A tqdm bar on stderr. Unless ``force``, it shows only on a terminal (``disable=None``:
    no carriage-return fragments in logs or captured output) and only after 2 s. In
    Jupyter it is the widget bar when ipywidgets is installed (``pip install
    'simkit[notebook]'``); without it there is no bar unless forced, and then tqdm's plain
    text bar (never the "IProgress not found" warning of ``tqdm.auto``)."""
    from tqdm.std import tqdm

    if _ipywidgets_present():
        from tqdm.auto import tqdm
    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, leave=False,
                delay=0 if force else 2.0, disable=False if force else None)


def _ipywidgets_present() -> bool:
    import importlib.util

    return importlib.util.find_spec("ipywidgets") is not None


def run_specs(game, specs, seed, hands, start, stop, *, n_jobs=1, chunk=None, backend=None,
              scheduler=None, progress=None, n_groups=1, on_chunk=None, groups=None, seconds=None,
              check_user: bool = False):
    """Play units ``[start, stop)`` under every ``(rules, policies)`` in ``specs`` (see
    :func:`_run_specs`). ``check_user``: compile the user functions again with numba's
    bounds checking (:mod:`simkit.runner.usercheck`); whatever it is, an exception a user
    function raises ends the run in a :class:`SimkitError` naming it."""
    from simkit.errors import IllegalMoveError
    from simkit.runner import usercheck

    usercheck.check_flag(check_user)
    users = usercheck.user_policies(specs)
    if check_user and users:
        specs = [(r, usercheck.checked_policies(p)) for r, p in specs]
    try:
        return _run_specs(game, specs, seed, hands, start, stop, n_jobs=n_jobs, chunk=chunk, backend=backend,
                          scheduler=scheduler, progress=progress, n_groups=n_groups, on_chunk=on_chunk,
                          groups=groups, seconds=seconds)
    except IllegalMoveError as e:
        if users and not check_user:
            raise usercheck.with_hint(e) from None
        raise
    except usercheck.USER_ERRORS as e:
        if users:
            raise usercheck.user_error(game.id, specs, e, check_user) from None
        raise


def _run_specs(game, specs, seed, hands, start, stop, *, n_jobs=1, chunk=None, backend=None,
               scheduler=None, progress=None, n_groups=1, on_chunk=None, groups=None, seconds=None):
    """Play units ``[start, stop)`` under every ``(rules, policies)`` in ``specs``.

    Returns ``(per_spec, timings)`` with ``per_spec[s]`` a list of one merged
    :class:`Stats` per group. ``on_chunk(spec_index, units_done, stats_so_far)`` is called
    as chunks of each spec complete in order (for convergence traces). ``compile_s``: the
    game's import (kernels with explicit signatures compile or load there), if no run has
    counted it yet, plus playing one unit of each spec (the other kernels compile or load
    on their first call); workers that load the kernels again do so inside ``run_s``.
    ``groups``: explicit group bounds (unit ranges inside ``[start, stop)``, in order)
    instead of ``n_groups`` equal ones (a tournament's shards keep the groups of the
    whole run). ``seconds``: a list that receives each spec's summed chunk seconds."""
    check_units(game.id, stop - start)
    t0 = time.perf_counter()
    from simkit.runner.interrupt import native_section

    for rules, policies in specs:  # compile or load the cache here, before fanning out
        with native_section():
            checked_first_chunk(game, rules, policies, seed, start, start + 1 if stop > start else start, hands)
    compile_s = take_load_seconds(game.id) + time.perf_counter() - t0
    t1 = time.perf_counter()
    if groups is None:
        groups = group_bounds(start, stop, n_groups)
    cuts = [chunk_plan(ga, gb, chunk, game.chunk_hint, max(1, n_jobs // len(groups)),
                       min_chunks=max(1, 64 // len(groups))) for ga, gb in groups]
    n_chunks = sum(len(c) for c in cuts) * len(specs)
    n_jobs = cap_jobs(n_jobs, n_chunks, backend)

    def plan():  # (spec index, group index, a, b), lazily, in unit order (groups are in order)
        for g, (starts, (ga, gb)) in enumerate(zip(cuts, groups)):
            for a in starts:
                for s in range(len(specs)):
                    yield s, g, a, min(a + starts.step, gb)

    timed = seconds is not None
    if timed:
        seconds[:] = [0.0] * len(specs)
    tasks = ((game.id, specs[s][0], specs[s][1], seed, a, b, hands, timed) for s, g, a, b in plan())
    per_spec = [[None] * len(groups) for _ in specs]
    running = [None] * len(specs)
    bar = None
    if progress is not False and n_chunks > 1:
        bar = progress_bar(total=(stop - start) * len(specs), unit=game.unit, desc=game.id, force=bool(progress))
    try:
        chunks = run_chunks(tasks, n_jobs=n_jobs, backend=backend, scheduler=scheduler, n_tasks=n_chunks)
        for (s, g, a, b), st in zip(plan(), chunks):
            if timed:
                st, took = st
                seconds[s] += took
            cur = per_spec[s][g]
            per_spec[s][g] = st.copy() if cur is None else cur.merge(st)
            running[s] = st.copy() if running[s] is None else running[s].merge(st)
            if on_chunk is not None:
                on_chunk(s, b - start, running[s])
            if bar is not None:
                bar.update(b - a)
    finally:
        if bar is not None:
            bar.close()
    if any(x is None for row in per_spec for x in row):  # an empty shard: zero statistics
        for s, (rules, policies) in enumerate(specs):
            zero = Stats.zeros_like(game.run_chunk(rules, policies, seed, 0, 1, hands))
            per_spec[s] = [zero.copy() if x is None else x for x in per_spec[s]]
    return per_spec, {"compile_s": compile_s, "run_s": time.perf_counter() - t1, "chunks": n_chunks,
                      "n_jobs": n_jobs}


def merge_groups(groups) -> Stats:
    total = groups[0].copy()
    for st in groups[1:]:
        total.merge(st)
    return total
