"""Precision targets: play until the headline metric's standard error reaches a target.

``simulate(game, hands, target_se=s)`` treats ``hands`` as a cap. It plays units in
deterministic batches that end on a fixed grid of stops, ``ceil(U / 2^k)`` units for
``k = 10, 9, ..., 0`` (``U`` the units of ``hands``; stops below 1,000 units are skipped
unless ``U`` itself is smaller), each batch continuing where the last stopped. After each
batch the standard error ``se`` at ``n`` units projects the units needed,
``n·(se/s)²``; the next stop is the first grid stop at or past 1.05 times that. It stops
at the first stop with ``se <= s``. Unit ``i`` always draws from the stream ``(seed, i)``
and the stops depend only on those units, so the result is exactly that of
``simulate(game, res.hands, seed=seed)``: a function of (seed, units played) only.

Bias of sequential stopping: the decision looks at the standard error, never at the
value itself, and a run stops only on the grid. The estimate's bias is that of a sample
mean stopped by its own variance estimate: of order ``cov(mean, se)/se``, a fraction of
order ``1/√n`` of one standard error (at n = 10^4 units about 1%, at 10^6 0.1%), so it is
negligible beside the standard error it is reported with at the sizes used.
"""
from __future__ import annotations

import math
import time

from simkit.errors import SimkitError
from simkit.runner.batch import run_specs

MIN_BATCH = 1000


def parse_target(target_se) -> float:
    if isinstance(target_se, bool) or not isinstance(target_se, (int, float)) or \
            not math.isfinite(target_se) or target_se <= 0:
        raise SimkitError(f"target_se must be a positive number (a standard error of the headline metric), "
                          f"got {target_se!r}")
    return float(target_se)


def stops(total_units: int) -> list:
    """The grid of units at which a precision run may stop."""
    grid = {-(-total_units >> k) for k in range(11)}
    return sorted(u for u in grid if u >= min(total_units, MIN_BATCH))


def _hands_for(game, rules, units: int, cap: int) -> int:
    """The largest ``hands`` whose run plays ``units`` units: every unit of it is whole
    (e.g. an infinite-deck blackjack block of 128 rounds), as in the batches played."""
    lo, hi = 1, cap
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if game.n_units(mid, rules) <= units:
            lo = mid
        else:
            hi = mid - 1
    return lo


def run_to_target(game, cap, rules, policies, seed, target, *, n_jobs, chunk, backend, scheduler, progress,
                  check_user=False):
    """Play batches until the headline's standard error is at most ``target``: returns
    ``(stats, hands, units, info)``; a target the cap cannot reach is an error."""
    metric = game.headline
    if metric is None:
        raise SimkitError(f"{game.id} has no headline metric for target_se")
    total = game.n_units(cap, rules)
    grid = stops(total)
    stats, done, batches = None, 0, []
    t0 = time.perf_counter()
    stop = grid[0]
    while True:
        per_spec, _ = run_specs(game, [(rules, policies)], seed, cap, done, stop, n_jobs=n_jobs, chunk=chunk,
                                backend=backend, scheduler=scheduler, progress=progress, check_user=check_user)
        stats = per_spec[0][0] if stats is None else stats.merge(per_spec[0][0])
        done = stop
        est = game.metrics(stats, rules, policies)[metric]
        batches.append({"units": done, "value": est.value, "stderr": est.stderr})
        if est.stderr <= target:
            break
        if not math.isfinite(est.stderr):
            raise SimkitError(f"{game.id}: {metric} has no finite standard error after {done:,} units; "
                              f"target_se needs one")
        need = done * (est.stderr / target) ** 2
        if done == total or need > 4 * total:
            raise SimkitError(f"{game.id}: target_se={target:g} is out of reach of hands={cap:,}: {metric} has "
                              f"standard error {est.stderr:.3g} after {done:,} {game.unit_for(rules)}s, so about "
                              f"{need:,.0f} would be needed; raise hands or the target")
        stop = next((u for u in grid if u >= 1.05 * need and u > done), total)
    hands = cap if done == total else _hands_for(game, rules, done, cap)
    info = {"metric": metric, "target_se": target, "stderr": est.stderr, "units": done, "hands": hands,
            "cap_hands": cap, "batches": batches, "seconds": time.perf_counter() - t0}
    return stats, hands, done, info
