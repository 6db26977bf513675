"""Merging the shards of a batch job (``simkit run ... --shard K/N --out DIR``).

Each shard holds the exact integer statistics of its slice of units, so adding all N
shards gives exactly the statistics of one unsharded run."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from simkit.errors import SimkitError
from simkit.runner.result import Result, load
from simkit.runner.units import shard_range

if TYPE_CHECKING:
    from simkit.runner.compare import Comparison
    from simkit.runner.tournament import Tournament

_SAME = ("game", "hands", "units", "seed", "rules", "policies", "user_functions", "version")


def kind_of(dirs) -> str | None:
    """``"tournament"``, ``"comparison"`` or ``None`` (runs) for the shard folders
    ``dirs``; folders of different kinds are an error."""
    import json
    from pathlib import Path

    kinds: dict = {}
    for d in dirs:
        try:
            meta = json.loads((Path(d) / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            meta = {}
        kinds.setdefault(meta.get("kind") if isinstance(meta, dict) else None, d)
    if len(kinds) > 1:
        names = {None: "a run", "tournament": "a tournament", "comparison": "a comparison"}
        raise SimkitError("cannot merge shards of different kinds (" + ", ".join(
            f"{d} is {names.get(k, repr(k))}'s" for k, d in kinds.items()) + "): give the shards of one run")
    return next(iter(kinds))


def check_shard_set(dirs, shards) -> None:
    """Shards ``(k, n)`` read from ``dirs`` must be each of ``0..n-1`` exactly once: a
    clear error names a shard given twice or the shards missing."""
    n = shards[0][1]
    seen: dict = {}
    for d, (k, _) in zip(dirs, shards):
        if k in seen:
            raise SimkitError(f"shard {k}/{n} given twice: {seen[k]} and {d}")
        seen[k] = d
    missing = sorted(set(range(n)) - set(seen))
    if missing:
        raise SimkitError(f"shards missing: {', '.join(f'{k}/{n}' for k in missing)} (have {len(seen)} of {n})")


def merge(directories) -> Result | Comparison | Tournament:
    """Combine shard results saved by ``Result.save`` (shards of a comparison or a
    tournament give their merged :class:`~simkit.Comparison` or
    :class:`~simkit.Tournament`). Refuses shards of different games,
    hands, unit counts, rules, policies (a user function is told apart by a fingerprint of
    its code, not only by its name), seeds, simkit versions or shard counts, duplicates,
    gaps, and a shard whose unit range is not its slice ``[K·units//N, (K+1)·units//N)``."""
    if isinstance(directories, (str, bytes, os.PathLike)) or not hasattr(directories, "__iter__"):
        raise SimkitError(f"merge needs a list of shard folders, got {directories!r}")
    dirs = list(directories)
    if not dirs:
        raise SimkitError("merge needs at least one shard directory")
    kind = kind_of(dirs)
    if kind == "comparison":
        from simkit.runner.compare import merge_comparisons

        return merge_comparisons(dirs)
    if kind == "tournament":
        from simkit.runner.tournament import merge_tournaments

        return merge_tournaments(dirs)
    if kind is not None:
        raise SimkitError(f"{dirs[0]} holds a {kind} (kind {kind!r} in its meta.json); only the shards of a run, "
                          f"a comparison or a tournament merge")
    parts = []
    for d in dirs:
        part = load(d)
        if not isinstance(part, Result):
            raise SimkitError(f"{d} is not the folder of a run's shard")
        parts.append(part)
    metas = [p.meta() for p in parts]
    for d, p in zip(dirs, parts):
        if p.shard is None:
            raise SimkitError(f"{d} is not a shard (it was run without --shard K/N)")
    first = metas[0]
    for d, m in zip(dirs[1:], metas[1:]):
        for key in _SAME:
            if m[key] != first[key]:
                raise SimkitError(f"cannot merge {d} with {dirs[0]}: different {key} "
                                  f"({m[key]!r} vs {first[key]!r})")
        if m["shard"][1] != first["shard"][1]:
            raise SimkitError(f"cannot merge {d} with {dirs[0]}: shard counts differ "
                              f"({m['shard'][1]} vs {first['shard'][1]})")
    n = first["shard"][1]
    for d, p in zip(dirs, parts):
        expected = list(shard_range(p.n_units, p.shard))
        if p.unit_range is not None and list(p.unit_range) != expected:
            raise SimkitError(f"{d} holds units {p.unit_range}, but shard {p.shard[0]}/{n} of {p.n_units} units "
                              f"is {expected}")
    check_shard_set(dirs, [p.shard for p in parts])
    stats = parts[0].stats.copy()
    for p in parts[1:]:
        stats.merge(p.stats)
    base = parts[0]
    timings = {"run_s": sum(p.timings.get("run_s", 0.0) for p in parts), "shards": n}
    return Result(game=base.game, hands=base.hands, seed=base.seed, rules=base.rules, policies=base.policies,
                  stats=stats, n_units=base.n_units, timings=timings, version=base.version, provenance=base.provenance,
                  user_functions=base.user_functions, unit_range=(0, base.n_units), sources=dirs)
