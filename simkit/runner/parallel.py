"""Running chunks: in process, through joblib (loky by default), or on a dask cluster
through joblib's dask backend. Results come back in chunk order."""
from __future__ import annotations

import contextlib
import os
import warnings

from simkit.errors import SimkitError

BACKENDS = ("loky", "threading", "sequential", "dask")
#: how long to wait for a dask scheduler given by address
DASK_TIMEOUT_S = 10


def run_chunk_task(game_id, rules, policies, seed, start, stop, hands, timed=False):
    """One chunk, as a picklable top-level task for any backend; with ``timed``, the
    pair ``(Stats, seconds the chunk took)``."""
    import time

    from simkit.games import get_game

    t0 = time.perf_counter()
    st = get_game(game_id).run_chunk(rules, policies, seed, start, stop, hands)
    return (st, time.perf_counter() - t0) if timed else st


@contextlib.contextmanager
def _dask_config(scheduler):
    try:
        from dask.distributed import Client
        import joblib
    except ImportError:
        raise SimkitError("backend='dask' needs dask.distributed: pip install 'simkit[cluster]'") from None
    own = None
    if scheduler is None:
        try:
            client = Client.current()
        except ValueError:
            raise SimkitError("backend='dask' needs a running dask Client, or scheduler=ADDRESS or a Client") from None
    elif isinstance(scheduler, Client):
        client = scheduler
    elif isinstance(scheduler, str):
        try:
            own = client = Client(scheduler, timeout=DASK_TIMEOUT_S)
        except (OSError, TimeoutError, ValueError) as e:
            raise SimkitError(f"cannot reach the dask scheduler {scheduler!r} within {DASK_TIMEOUT_S} s "
                              f"({type(e).__name__}: {e}); give the address the scheduler prints, "
                              f"e.g. tcp://host:8786") from None
    else:
        raise SimkitError(f"scheduler must be a dask Client or an address string, got {scheduler!r}")
    try:
        with joblib.parallel_config(backend="dask", wait_for_workers_timeout=60):
            yield client
    finally:
        if own is not None:
            own.close()


def cap_jobs(n_jobs: int, n_tasks: int, backend: str | None) -> int:
    """The workers to start: no more than there are chunks (a dask cluster sizes itself).
    Worker processes (loky, the default) are capped at the usable CPU cores
    (:func:`~simkit.runner.units.usable_cores`), with a warning that says so: more would
    only share the cores and multiply the memory (``--jobs 200`` on 2 cores once started
    160 processes and was killed for memory). ``SIMKIT_MAX_JOBS=N`` allows up to N
    processes. Threads are not capped; a warning says when they outnumber the cores."""
    from simkit.runner.units import usable_cores

    if backend == "dask":
        return n_jobs
    used = max(1, min(n_jobs, n_tasks))
    if backend in (None, "loky"):
        allowed = os.environ.get("SIMKIT_MAX_JOBS", "").strip()
        try:
            limit = int(allowed) if allowed else usable_cores()
        except ValueError:
            raise SimkitError(f"SIMKIT_MAX_JOBS={allowed!r} is not a whole number of worker processes") from None
        if limit < 1:
            raise SimkitError(f"SIMKIT_MAX_JOBS={allowed!r} must be at least 1")
        if used > limit:
            warnings.warn(f"n_jobs={n_jobs}: capped at {limit} worker processes, the "
                          f"{'SIMKIT_MAX_JOBS limit' if allowed else 'usable CPU cores'} (set SIMKIT_MAX_JOBS to "
                          f"allow more)", stacklevel=4)
            return limit
        return used
    cpus = os.cpu_count() or 1
    if used > cpus:
        warnings.warn(f"n_jobs={n_jobs}: {used} workers on {cpus} CPU cores will share them (no faster than {cpus})",
                      stacklevel=4)
    return used


def run_chunks(tasks, *, n_jobs: int, backend: str | None, scheduler=None, n_tasks: int | None = None):
    """Yield each task's Stats in task order. ``tasks`` are argument tuples of
    :func:`run_chunk_task` (any iterable, consumed lazily; ``n_tasks`` its length)."""
    if backend == "multiprocessing":
        raise SimkitError("backend 'multiprocessing' is not supported (joblib cannot stream its results in "
                          "order); use 'loky', the default, which also runs worker processes")
    if backend is not None and backend not in BACKENDS:
        raise SimkitError(f"unknown backend {backend!r}; allowed: {', '.join(BACKENDS)}")
    if scheduler is not None and backend != "dask":
        raise SimkitError("scheduler= is only used with backend='dask'")
    if n_tasks is None:
        tasks = list(tasks)
        n_tasks = len(tasks)
    if backend == "sequential" or (backend is None and n_jobs == 1) or n_tasks == 1 and backend != "dask":
        from simkit.runner.interrupt import native_section

        for t in tasks:
            with native_section():      # the command line: Ctrl-C ends the process at once (runner/interrupt.py)
                st = run_chunk_task(*t)
            yield st
        return
    import joblib

    if backend == "dask":
        with _dask_config(scheduler):
            par = joblib.Parallel(n_jobs=-1, return_as="generator")
            yield from par(joblib.delayed(run_chunk_task)(*t) for t in tasks)
        return
    par = joblib.Parallel(n_jobs=n_jobs, backend=backend or "loky", return_as="generator")
    yield from _worker_deaths_as_errors(par(joblib.delayed(run_chunk_task)(*t) for t in tasks), n_jobs)


def _worker_deaths_as_errors(results, n_jobs: int):
    """Yield ``results``; a worker process that died (killed, or by the system for want of
    memory) becomes a :class:`SimkitError` that says so and what to try, not loky's
    traceback."""
    from joblib.externals.loky.process_executor import TerminatedWorkerError

    try:
        yield from results
    except TerminatedWorkerError as e:
        detail = str(e).split("\n")[-1].strip() or "no exit code"
        raise SimkitError(f"a worker process died while playing (killed, or out of memory?): {detail}. Nothing "
                          f"was saved; rerun, with fewer workers than the {n_jobs} used if memory is short "
                          f"(--jobs)") from None
