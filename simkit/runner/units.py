"""Counting and cutting units: parsing ``hands``, chunk plans and shard slices."""
from __future__ import annotations

import math
import numbers
import os

from simkit.errors import SimkitError

MAX_SEED = 2**63 - 1
#: the most units one run may play (unit indices are int64; 10^15 units at 10^7 a second
#: on each of 1000 cores is still a day's work)
MAX_UNITS = 10**15


def parse_hands(hands) -> int:
    """``hands`` as a positive int; accepts ``10_000_000``, ``1e7`` and such strings."""
    value = hands
    if isinstance(hands, bool):
        raise SimkitError(f"hands must be a positive integer, got {hands!r}")
    if isinstance(hands, str):
        text = hands.strip().replace("_", "")
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                raise SimkitError(f"hands must be a positive integer such as 1000000, 1e6 or 1_000_000, "
                                  f"got {hands!r}") from None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise SimkitError(f"hands must be a whole number, got {hands!r}")
        value = int(value)
    if not isinstance(value, numbers.Integral):
        raise SimkitError(f"hands must be a positive integer, got {hands!r}")
    value = int(value)
    if value <= 0:
        raise SimkitError(f"hands must be > 0, got {hands!r}")
    if value > MAX_UNITS:
        raise SimkitError(f"hands={hands!r} is more than simkit plays in one run (at most {MAX_UNITS:.0e}); "
                          f"split the work with --shard K/N")
    return value


def check_units(game_id: str, n_units: int) -> int:
    """Refuse more than :data:`MAX_UNITS` units (hands may mean several units each)."""
    if n_units > MAX_UNITS:
        raise SimkitError(f"{game_id}: {n_units} units are more than simkit plays in one run (at most "
                          f"{MAX_UNITS:.0e}); split the work with --shard K/N")
    return n_units


def parse_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        if isinstance(seed, str) and seed.strip().isascii() and seed.strip().isdigit():
            seed = int(seed)
        else:
            raise SimkitError(f"seed must be an integer in [0, 2**63), got {seed!r}")
    seed = int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise SimkitError(f"seed must be an integer in [0, 2**63), got {seed!r}")
    return seed


def usable_cores() -> int:
    """The CPU cores this process may use: the scheduler's affinity mask and a cgroup CPU
    quota, as joblib (loky) counts them, and no more than ``SLURM_CPUS_PER_TASK`` inside a
    SLURM job step."""
    try:
        from joblib import cpu_count

        n = int(cpu_count(only_physical_cores=False))
    except Exception:  # pragma: no cover - joblib is a dependency; a plain count if it breaks
        n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    slurm = os.environ.get("SLURM_CPUS_PER_TASK", "")
    if slurm.isdigit() and int(slurm) > 0:
        n = min(n, int(slurm))
    return max(1, n)


def parse_jobs(n_jobs) -> int:
    """``n_jobs`` as a worker count: an integer >= 1, or, as joblib reads them, -1 for
    every usable core (:func:`usable_cores`), -2 for all but one, and so on (at least 1)."""
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, numbers.Integral) or n_jobs == 0:
        raise SimkitError(f"n_jobs must be an integer >= 1, or -1 for every usable CPU core (-2: all but one), "
                          f"got {n_jobs!r}")
    n_jobs = int(n_jobs)
    if n_jobs < 0:
        return max(1, usable_cores() + 1 + n_jobs)
    return n_jobs


def parse_shard(shard) -> tuple | None:
    """``None``, ``(k, N)`` or ``"k/N"`` with ``0 <= k < N``."""
    if shard is None:
        return None
    if isinstance(shard, str):
        k, sep, n = shard.partition("/")
        try:
            shard = (int(k), int(n))
        except ValueError:
            raise SimkitError(f"bad shard {shard!r}: write K/N with 0 <= K < N, e.g. 3/16") from None
        if not sep:
            raise SimkitError(f"bad shard {shard!r}: write K/N with 0 <= K < N, e.g. 3/16")
    try:
        k, n = shard
    except (TypeError, ValueError):
        raise SimkitError(f"bad shard {shard!r}: give (K, N) or 'K/N' with 0 <= K < N") from None
    if any(isinstance(v, bool) or not isinstance(v, numbers.Integral) for v in (k, n)):
        raise SimkitError(f"bad shard {shard!r}: K and N must be integers, 0 <= K < N")
    ki, ni = int(k), int(n)
    if ni < 1 or not 0 <= ki < ni:
        raise SimkitError(f"bad shard {ki}/{ni}: need N >= 1 and 0 <= K < N")
    return (ki, ni)


def shard_range(n_units: int, shard) -> tuple:
    """Units ``[start, stop)`` of shard ``(k, N)``: N contiguous, disjoint slices."""
    if shard is None:
        return 0, n_units
    k, n = shard
    if n > n_units:
        raise SimkitError(f"shard {k}/{n}: {n_units:,} units cannot be cut into {n} shards that each hold "
                          f"a unit; use at most {n_units} shards or more hands")
    return k * n_units // n, (k + 1) * n_units // n


def chunk_plan(start: int, stop: int, chunk: int | None, hint: int, n_jobs: int, min_chunks: int = 64) -> range:
    """Cut units ``[start, stop)`` into chunks: the chunk starts, as a lazy ``range`` (a
    chunk runs from each start to the next, the last to ``stop``), so the plan costs no
    memory however many units there are. The cut never changes results (units are
    seeded by index); it only balances work and sets how often the convergence trace is
    sampled: at most ``chunk`` (default the game's hint) units each, at least ``min_chunks``
    chunks when there are enough units, and at least four per worker."""
    total = stop - start
    if chunk is not None:
        if isinstance(chunk, bool) or not isinstance(chunk, numbers.Integral) or chunk < 1:
            raise SimkitError(f"chunk must be a positive integer, got {chunk!r}")
        size = int(chunk)
    else:
        size = min(hint, max(1, -(-total // max(1, min_chunks))))
        if n_jobs > 1:
            size = min(size, max(1, -(-total // (4 * n_jobs))))
    return range(start, stop, size)
