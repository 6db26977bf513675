"""Merging the shards of a batch job (``simkit run ... --shard K/N --out DIR``).

Each shard holds the exact integer statistics of its slice of units, so adding all N
shards gives exactly the statistics of one unsharded run."""
from __future__ import annotations

from simkit.errors import SimkitError
from simkit.runner.result import Result, load

_SAME = ("game", "hands", "seed", "rules", "policies")


def merge(directories) -> Result:
    """Combine shard results saved by ``Result.save``. Refuses shards of different games,
    hands, rules, policies, seeds or shard counts, duplicates and gaps."""
    dirs = list(directories)
    if not dirs:
        raise SimkitError("merge needs at least one shard directory")
    parts = [load(d) for d in dirs]
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
    seen = {}
    for d, p in zip(dirs, parts):
        k = p.shard[0]
        if k in seen:
            raise SimkitError(f"shard {k}/{n} given twice: {seen[k]} and {d}")
        seen[k] = d
    missing = sorted(set(range(n)) - set(seen))
    if missing:
        raise SimkitError(f"shards missing: {', '.join(f'{k}/{n}' for k in missing)} "
                          f"(have {len(seen)} of {n})")
    stats = parts[0].stats.copy()
    for p in parts[1:]:
        stats.merge(p.stats)
    base = parts[0]
    timings = {"run_s": sum(p.timings.get("run_s", 0.0) for p in parts), "shards": n}
    return Result(game=base.game, hands=base.hands, seed=base.seed, rules=base.rules, policies=base.policies,
                  stats=stats, n_units=base.n_units, timings=timings)
