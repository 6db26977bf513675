"""Paired policy comparisons with common random numbers.

Every policy plays the very same units (unit ``i`` draws from the stream ``(seed, i)``
whatever the policy), so the noise of the deal cancels in the differences. A
difference ``θ_B − θ_A`` of any metric gets its standard error from a delete-one-group
jackknife over ``G`` fixed unit groups (default 100):
``se² = (G−1)/G · Σ_g (d_(−g) − d̄)²`` where ``d_(−g)`` is the difference recomputed
without group ``g``. This works for every metric a game reports (ratios, rates, means)
because it reuses the game's own report code. The report also gives the unpaired
standard error ``√(se_A² + se_B²)`` that two independent runs would have, and the
variance-reduction factor ``unpaired² / paired²``.
"""
from __future__ import annotations

import math
import time

import pandas as pd

from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.reports.estimates import Z95
from simkit.runner.batch import merge_groups, run_specs
from simkit.runner.result import Result
from simkit.runner.units import parse_hands, parse_jobs, parse_seed


def leave_one_out(game, groups, rules, policies) -> list:
    """The game's metric values recomputed without each group in turn: a list (one per
    group) of ``{metric: value}``."""
    total = merge_groups(groups)
    out = []
    for g in groups:
        rest = total.copy()
        for key in rest:
            rest[key] = rest[key] - g[key]
        out.append({k: e.value for k, e in game.metrics(rest, rules, policies).items()})
    return out


def jackknife_se(loo_a: list, loo_b: list, metric: str) -> float:
    """Jackknife standard error of the difference ``b − a`` of ``metric``."""
    g = len(loo_a)
    if g < 2:
        return float("nan")
    diffs = [b[metric] - a[metric] for a, b in zip(loo_a, loo_b)]
    mean = sum(diffs) / g
    return math.sqrt((g - 1) / g * sum((d - mean) ** 2 for d in diffs))


class Comparison:
    """What ``compare`` returns: ``results`` (one :class:`Result` per policy, in order),
    ``report()`` (tidy DataFrame: every policy's metrics and every difference against
    the first with paired stderr, interval and variance-reduction factor)."""

    def __init__(self, game, results, groups, labels):
        self.game = game
        self.results = results
        self.labels = labels
        self._groups = groups
        self._report = None

    def report(self) -> pd.DataFrame:
        if self._report is not None:
            return self._report
        base = self.results[0]
        loo = [leave_one_out(self.game, g, r.rules, r.policies) for g, r in zip(self._groups, self.results)]
        rows = []
        for i, res in enumerate(self.results):
            for name, est in res.estimates.items():
                row = {"policy": self.labels[i], "metric": name, "value": est.value, "stderr": est.stderr,
                       "ci95_low": est.ci95[0], "ci95_high": est.ci95[1], "n": est.n}
                if i > 0 and name in base.estimates:
                    b = base.estimates[name]
                    diff = est.value - b.value
                    se = jackknife_se(loo[0], loo[i], name)
                    unpaired = math.sqrt(est.stderr ** 2 + b.stderr ** 2)
                    row.update(diff=diff, diff_stderr=se, diff_ci95_low=diff - Z95 * se,
                               diff_ci95_high=diff + Z95 * se, unpaired_stderr=unpaired,
                               variance_reduction=(unpaired / se) ** 2 if se > 0 else float("inf"))
                rows.append(row)
        cols = ["policy", "metric", "value", "stderr", "ci95_low", "ci95_high", "n", "diff", "diff_stderr",
                "diff_ci95_low", "diff_ci95_high", "unpaired_stderr", "variance_reduction"]
        self._report = pd.DataFrame(rows).reindex(columns=cols)
        return self._report

    def differences(self, metric: str | None = None) -> pd.DataFrame:
        """Only the difference rows (policies after the first), for ``metric`` if given."""
        df = self.report()
        df = df[df["policy"] != self.labels[0]]
        known = list(dict.fromkeys(self.report()["metric"]))
        if metric is not None and metric not in known:
            raise SimkitError(f"{self.game.id}: no metric {metric!r}; metrics: {', '.join(known)}")
        if metric is not None:
            df = df[df["metric"] == metric]
        return df.reset_index(drop=True)

    def __repr__(self):
        return f"<Comparison {self.game.id}: {', '.join(self.labels)}>"


def _label(policies, n_roles) -> str:
    parts = []
    for role, pol in policies.items():
        text = pol.describe() if not isinstance(pol, (list, tuple)) else "/".join(p.describe() for p in pol)
        parts.append(text if n_roles == 1 else f"{role}={text}")
    return " ".join(parts)


def compare(game, policies, hands, *, seed=0, rules=None, role=None, n_jobs=1, chunk=None, backend=None,
            scheduler=None, progress=None, groups: int = 100) -> Comparison:
    """Play every entry of ``policies`` (each a policies spec as for ``simulate``; with
    ``role`` each is that role's policy) on the same units and compare them."""
    game = get_game(game)
    if not isinstance(policies, (list, tuple)) or len(policies) < 2:
        raise SimkitError(f"compare needs a list of at least two policies, got {policies!r}")
    hands = parse_hands(hands)
    seed = parse_seed(seed)
    n_jobs = parse_jobs(n_jobs)
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 2:
        raise SimkitError(f"groups must be an integer >= 2, got {groups!r}")
    if role is not None and role not in [r.name for r in game.roles]:
        raise SimkitError(f"{game.id}: unknown policy role {role!r}; roles: {', '.join(r.name for r in game.roles)}")
    rules = game.Rules.build(rules)
    resolved = [game.resolve_policies({role: p} if role is not None else p) for p in policies]
    labels = [_label(p, len(game.roles)) for p in resolved]
    if len(set(labels)) != len(labels):
        raise SimkitError(f"compare got the same policy twice: {labels}")
    n_units = game.n_units(hands, rules)
    t0 = time.perf_counter()
    per_spec, timings = run_specs(game, [(rules, p) for p in resolved], seed, hands, 0, n_units, n_jobs=n_jobs,
                                  chunk=chunk, backend=backend, scheduler=scheduler, progress=progress,
                                  n_groups=groups)
    timings["total_s"] = time.perf_counter() - t0  # n_jobs: the workers used
    results = [Result(game=game, hands=hands, seed=seed, rules=rules, policies=p, stats=merge_groups(g),
                      n_units=n_units, timings=timings) for p, g in zip(resolved, per_spec)]
    return Comparison(game, results, per_spec, labels)
