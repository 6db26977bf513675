"""Paired comparisons of variants (rules, policies or both) with common random numbers.

Every variant plays the very same units (unit ``i`` draws from the stream ``(seed, i)``
whatever the rules and policies), so the noise of the deal cancels in the differences. A
difference ``θ_B − θ_A`` of any metric gets its standard error from a delete-one-group
jackknife over ``G`` fixed unit groups (default 100):
``se² = (G−1)/G · Σ_g (d_(−g) − d̄)²`` where ``d_(−g)`` is the difference recomputed
without group ``g``. This works for every metric a game reports (ratios, rates, means)
because it reuses the game's own report code. Intervals and p-values of differences use
Student's t with ``G − 1`` degrees of freedom (the jackknife rests on ``G`` groups). The
report also gives the unpaired standard error ``√(se_A² + se_B²)`` that two independent
runs would have, and the variance-reduction factor ``unpaired² / paired²``.

All pairs (:meth:`Comparison.pairs`) get Holm-adjusted p-values (familywise error at most
5% over the ``m = K(K−1)/2`` pairs) and Bonferroni simultaneous intervals
(``diff ± t_{G−1}(0.05/m) se``, all covering at once with probability at least 95%);
:meth:`Comparison.ranking` turns the Holm decisions into a rank interval per variant.
"""
from __future__ import annotations

import json
import math
import shutil
import time
from pathlib import Path

import numpy as np
import pandas as pd

from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.policies.base import describe_policies
from simkit.reports.student import t_quantile2, t_sf2
from simkit.runner.batch import group_bounds, merge_groups, run_specs
from simkit.runner.jackknife import jackknife_se, leave_one_out  # noqa: F401 (public here too)
from simkit.runner.result import Result
from simkit.runner.sweep import check_key, spec_of
from simkit.runner.units import parse_hands, parse_jobs, parse_seed, parse_shard, shard_range

ALPHA = 0.05
KIND = "comparison"


def _t(alpha: float, df: int) -> float:
    """Student's two-sided quantile; NaN without degrees of freedom (a shard holding one group)."""
    return t_quantile2(alpha, df) if df >= 1 else float("nan")


def _p_value(diff: float, se: float, df: int) -> float:
    if math.isnan(diff) or math.isnan(se) or df < 1:
        return float("nan")
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return t_sf2(diff / se, df)


def holm(p_values) -> list:
    """Holm step-down adjusted p-values (same order as given; NaN stays NaN)."""
    idx = sorted((i for i, p in enumerate(p_values) if p == p), key=lambda i: p_values[i])
    m = len(idx)
    out = [float("nan")] * len(p_values)
    running = 0.0
    for k, i in enumerate(idx):
        running = max(running, min(1.0, (m - k) * p_values[i]))
        out[i] = running
    return out


class Comparison:
    """What ``compare`` returns: ``results`` (one :class:`Result` per variant, in order),
    ``labels``, ``report()`` (every variant's metrics and its difference from the first),
    ``pairs(metric)`` (every pairwise difference) and ``ranking(metric)``; ``save(dir)``
    (read back with ``simkit.load``); a comparison run with ``shard=(k, N)`` holds one
    slice of the units, and :func:`merge_comparisons` adds the slices up exactly."""

    def __init__(self, game, results, groups, labels, *, group_ids=None, total_groups=None, shard=None,
                 sources=()):
        self.game = game
        self.results = results
        self.labels = labels
        self._groups = groups
        #: the global index of each group held (groups of the whole run's units, in order)
        self.group_ids = list(group_ids) if group_ids is not None else list(range(len(groups[0])))
        #: the groups of the whole run (a shard holds only those its units overlap)
        self.total_groups = total_groups if total_groups is not None else len(groups[0])
        self.shard = tuple(shard) if shard else None
        #: folders this comparison was merged from (a save never replaces them)
        self.sources = tuple(sources)
        #: the metric and ranking direction a saved comparison is reported by (``None``: the defaults)
        self.metric = None
        self.best = None
        self._loo = None
        self._report = None

    @property
    def n_groups(self) -> int:
        return len(self._groups[0])

    @property
    def unit_range(self) -> list:
        return list(self.results[0].unit_range)

    def _leave_one_out(self):
        if self._loo is None:
            self._loo = [leave_one_out(self.game, g, r.rules, r.policies)
                         for g, r in zip(self._groups, self.results)]
        return self._loo

    def _diff(self, i: int, j: int, metric: str):
        """``(diff, paired se)`` of ``metric``: variant ``j`` minus variant ``i``."""
        a, b = self.results[i].estimates[metric], self.results[j].estimates[metric]
        loo = self._leave_one_out()
        return b.value - a.value, jackknife_se(loo[i], loo[j], metric)

    def report(self) -> pd.DataFrame:
        """One row per variant and metric: value, stderr, interval, n and, after the first
        variant, ``diff`` from the first with its paired ``diff_stderr``, t interval
        (``G − 1`` degrees of freedom), the ``unpaired_stderr`` and ``variance_reduction``.
        The ``policy`` column holds each variant's label."""
        if self._report is not None:
            return self._report
        base = self.results[0]
        t = _t(ALPHA, self.n_groups - 1)
        rows = []
        for i, res in enumerate(self.results):
            for name, est in res.estimates.items():
                row = {"policy": self.labels[i], "metric": name, "value": est.value, "stderr": est.stderr,
                       "ci95_low": est.ci95[0], "ci95_high": est.ci95[1], "n": est.n}
                if i > 0 and name in base.estimates:
                    b = base.estimates[name]
                    diff, se = self._diff(0, i, name)
                    unpaired = math.sqrt(est.stderr ** 2 + b.stderr ** 2)
                    row.update(diff=diff, diff_stderr=se, diff_ci95_low=diff - t * se,
                               diff_ci95_high=diff + t * se, unpaired_stderr=unpaired,
                               variance_reduction=(unpaired / se) ** 2 if se > 0 else float("inf"))
                rows.append(row)
        cols = ["policy", "metric", "value", "stderr", "ci95_low", "ci95_high", "n", "diff", "diff_stderr",
                "diff_ci95_low", "diff_ci95_high", "unpaired_stderr", "variance_reduction"]
        self._report = pd.DataFrame(rows).reindex(columns=cols)
        return self._report

    def differences(self, metric: str | None = None) -> pd.DataFrame:
        """Only the difference rows (variants after the first), for ``metric`` if given."""
        df = self.report()
        df = df[df["policy"] != self.labels[0]]
        known = list(dict.fromkeys(self.report()["metric"]))
        if metric is not None and metric not in known:
            raise SimkitError(f"{self.game.id}: no metric {metric!r}; metrics: {', '.join(known)}")
        if metric is not None:
            df = df[df["metric"] == metric]
        return df.reset_index(drop=True)

    def _check_metric(self, metric: str) -> None:
        names = list(self.results[0].estimates)
        if metric not in names or any(metric not in r.estimates for r in self.results):
            raise SimkitError(f"{self.game.id}: metric {metric!r} is not reported by every variant; "
                              f"metrics: {', '.join(names)}")

    def pairs(self, metric: str) -> pd.DataFrame:
        """Every pair ``a`` < ``b`` (in variant order): ``diff`` = b − a with its paired
        ``diff_stderr``, pointwise t interval (``ci95_low/high``), two-sided ``p_value``
        (t, ``G − 1`` df), Holm-adjusted ``p_holm``, ``significant`` (``p_holm < 0.05``)
        and the Bonferroni simultaneous interval ``simul_ci95_low/high``."""
        self._check_metric(metric)
        k = len(self.results)
        m = k * (k - 1) // 2
        df = self.n_groups - 1
        t, ts = _t(ALPHA, df), _t(ALPHA / m, df)
        rows = []
        for i in range(k):
            for j in range(i + 1, k):
                diff, se = self._diff(i, j, metric)
                rows.append({"a": self.labels[i], "b": self.labels[j], "metric": metric, "diff": diff,
                             "diff_stderr": se, "ci95_low": diff - t * se, "ci95_high": diff + t * se,
                             "p_value": _p_value(diff, se, df),
                             "simul_ci95_low": diff - ts * se, "simul_ci95_high": diff + ts * se})
        adj = holm([r["p_value"] for r in rows])
        for r, p in zip(rows, adj):
            r["p_holm"] = p
            r["significant"] = bool(p < ALPHA)
        cols = ["a", "b", "metric", "diff", "diff_stderr", "ci95_low", "ci95_high", "p_value", "p_holm",
                "significant", "simul_ci95_low", "simul_ci95_high"]
        return pd.DataFrame(rows, columns=cols)

    def best_direction(self, metric: str, best: str | None = None) -> tuple:
        """``(best, why)``: ``best`` as given, else the direction ``metric`` declares
        (:func:`simkit.reports.metric_info.metric_info`: lower is better for the punters
        in a house edge, higher for the seat in its win rate), else ``"max"`` for a
        descriptive metric that declares none; ``why`` says which in words."""
        from simkit.reports.metric_info import metric_info

        info = metric_info(self.game, metric)
        if best is not None:
            side = f"; {info.direction()}" if info.better is not None else ""
            return best, f"{'largest' if best == 'max' else 'smallest'} first, as asked{side}"
        if info.better is None:
            return "max", f"largest first: {metric} declares no better direction (a descriptive figure)"
        return info.better, f"{'largest' if info.better == 'max' else 'smallest'} first: {info.direction()}"

    def ranking(self, metric: str, best: str | None = None) -> pd.DataFrame:
        """Variants ordered by ``metric``, best first: by default in the direction the
        metric declares (:meth:`best_direction`: a house edge smallest first, a win rate
        largest first; a descriptive metric largest first); ``best="max"`` or ``"min"``
        overrides it. Each variant gets a rank interval ``rank_low..rank_high`` that holds
        for all variants at once with probability at least 95%: a variant ranks below
        every variant significantly better than it and above every one significantly
        worse (Holm over all pairs, as in :meth:`pairs`). ``better_than`` lists the
        latter; ``out.attrs["order"]`` says which direction ranked them and why."""
        best, why = self.best_direction(metric, best)
        if best not in ("max", "min"):
            raise SimkitError(f"best must be 'max' or 'min', got {best!r}")
        pairs = self.pairs(metric)
        k = len(self.results)
        sign = 1.0 if best == "max" else -1.0
        beats: dict[str, list] = {lab: [] for lab in self.labels}
        for r in pairs.itertuples():
            if r.significant:
                win, lose = (r.b, r.a) if sign * r.diff > 0 else (r.a, r.b)
                beats[win].append(lose)
        beaten_by = {lab: sum(lab in beats[o] for o in self.labels) for lab in self.labels}
        rows = []
        for i, lab in enumerate(self.labels):
            est = self.results[i].estimates[metric]
            rows.append({"variant": lab, "value": est.value, "stderr": est.stderr,
                         "rank_low": 1 + beaten_by[lab], "rank_high": k - len(beats[lab]),
                         "better_than": ", ".join(beats[lab])})
        out = pd.DataFrame(rows).sort_values("value", ascending=(best == "min"), kind="stable")
        out.insert(1, "rank", range(1, k + 1))
        out = out.reset_index(drop=True)
        out.attrs["order"] = why
        return out

    def to_json(self, metric: str | None = None, best: str | None = None) -> dict:
        """JSON-ready: ``schema``, ``kind``, ``version`` and ``provenance`` (as a run's),
        game, hands, seed, variants (label, rules, policies), the report records and, for
        ``metric`` (default: the game's headline), pairs and ranking."""
        from simkit.runner.result import JSON_SCHEMA

        res = self.results[0]
        metric = metric or self.metric or self.game.headline
        best = best or self.best
        out = {"schema": JSON_SCHEMA, "kind": "comparison", "version": res.version, "provenance": res.provenance,
               "game": self.game.id, "hands": res.hands, "seed": res.seed, "units": res.n_units,
               "groups": self.n_groups, "shard": list(self.shard) if self.shard else None,
               "range": self.unit_range,
               "variants": [{"label": lab, "rules": r.rules.to_dict(), "policies": describe_policies(r.policies)}
                            for lab, r in zip(self.labels, self.results)],
               "report": self.report().to_dict(orient="records")}
        if metric is not None:
            rank = self.ranking(metric, best)
            out.update(metric=metric, pairs=self.pairs(metric).to_dict(orient="records"),
                       ranking=rank.to_dict(orient="records"), ranking_order=rank.attrs["order"])
        return out

    def __repr__(self):
        return f"<Comparison {self.game.id}: {', '.join(self.labels)}>"

    def summary(self, metric: str | None = None, best: str | None = None) -> str:
        """The text ``simkit compare`` prints: every variant's ``metric`` (default: the
        saved one, else the game's headline) with its difference from the first, all
        pairs and the ranking."""
        metric = metric or self.metric or self.game.headline
        best = best or self.best
        if metric is None:
            raise SimkitError(f"{self.game.id} has no headline metric; say which with --metric")
        self._check_metric(metric)
        lines = []
        if self.shard:
            a, b = self.unit_range
            lines.append(f"shard {self.shard[0]}/{self.shard[1]}: units {a:,}..{b:,} of {self.results[0].n_units:,} "
                         f"(simkit merge adds up the shards)\n")
        with pd.option_context("display.width", 200, "display.max_columns", 30, "display.max_colwidth", 60):
            rep = self.report()
            lines.append(rep[rep.metric == metric].drop(columns=["metric"]).to_string(index=False))
            lines.append(f"\nall pairs ({metric}, b - a; t with {self.n_groups - 1} df; Holm and simultaneous 95%):")
            lines.append(self.pairs(metric).drop(columns=["metric"]).to_string(index=False))
            rank = self.ranking(metric, best)
            lines.append(f"\nranking ({metric}, {rank.attrs['order']}; rank intervals simultaneous 95%):")
            lines.append(rank.to_string(index=False))
        return "\n".join(lines)

    # -- on disk ------------------------------------------------------------------
    def describe(self) -> dict:
        """The inputs and identity of the comparison (``meta.json`` less timings and checksum)."""
        res = self.results[0]
        return {"kind": KIND, "game": self.game.id, "hands": res.hands, "units": res.n_units,
                "unit": self.game.unit_for(res.rules), "seed": res.seed, "groups": self.total_groups,
                "variants": [{"label": lab, "rules": r.rules.to_dict(), "policies": describe_policies(r.policies),
                              "user_functions": r.user_functions} for lab, r in zip(self.labels, self.results)],
                "shard": list(self.shard) if self.shard else None, "range": self.unit_range,
                "version": res.version, "metric": self.metric, "best": self.best,
                **({"provenance": res.provenance} if res.provenance else {})}

    def _stats_arrays(self) -> dict:
        out = {}
        for i, per in enumerate(self._groups):
            for g, st in zip(self.group_ids, per):
                for key in st:
                    out[f"{i}/{g}/{key}"] = np.asarray(st[key], np.int64)
        return out

    def save(self, directory, *, overwrite: bool = False, keep_on_conflict: bool = False) -> Path:
        """Write ``meta.json`` (inputs, provenance, checksum), ``stats.npz`` (every
        variant's statistics per unit group) and ``tables/*.parquet`` (report, pairs,
        ranking) atomically, as :meth:`simkit.Result.save` does (see
        :mod:`simkit.runner.folders`); ``overwrite`` replaces only a comparison folder.
        ``simkit.load`` and ``simkit report`` read it back."""
        from simkit.runner.folders import check_target, file_hashes, install, make_tmp_dir
        from simkit.runner.result import parquet_safe

        target = check_target(directory, overwrite=overwrite, protect=self.sources, is_ours=is_comparison_dir,
                              defer_existing=keep_on_conflict)
        tmp = make_tmp_dir(target)
        try:
            arrays = self._stats_arrays()
            np.savez_compressed(tmp / "stats.npz", **arrays)
            (tmp / "tables").mkdir()
            for name, df in self.tables().items():
                parquet_safe(df).to_parquet(tmp / "tables" / f"{name}.parquet", index=False)
            meta = json.loads(json.dumps({**self.describe(), "timings": self.results[0].timings}, default=str))
            meta["files"] = file_hashes(tmp)
            meta["checksum"] = _checksum(meta, arrays)
            (tmp / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
            install(tmp, target, overwrite=overwrite, is_ours=is_comparison_dir)
        except OSError as e:
            shutil.rmtree(tmp, ignore_errors=True)
            raise SimkitError(f"could not save the comparison in {target}: {e.strerror or e} (errno {e.errno}); "
                              f"nothing was written there") from None
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return target

    def tables(self) -> dict:
        """``report`` and, for the saved metric (default: the headline), ``pairs`` and ``ranking``."""
        out = {"report": self.report()}
        metric = self.metric or self.game.headline
        if metric is not None and all(metric in r.estimates for r in self.results):
            out["pairs"] = self.pairs(metric)
            out["ranking"] = self.ranking(metric, self.best)
        return out


COMPARISON_ENTRIES = frozenset({"meta.json", "stats.npz", "tables"})
_CHECKED = ("kind", "game", "hands", "units", "seed", "groups", "variants", "shard", "range", "version",
            "provenance", "metric", "best", "files")
#: what shards of one comparison share
_SAME = ("game", "hands", "units", "seed", "groups", "variants", "version")


def _checksum(meta: dict, arrays: dict) -> str:
    from simkit.runner.folders import arrays_checksum

    return arrays_checksum(meta, _CHECKED, arrays)


def is_comparison_dir(path) -> bool:
    """True when ``path`` is a folder written by :meth:`Comparison.save` and holds nothing else."""
    from simkit.runner.folders import is_kind_dir

    return is_kind_dir(path, KIND, COMPARISON_ENTRIES)


def load_comparison(directory) -> Comparison:
    """Read a folder written by :meth:`Comparison.save`. A folder without a checksum, or
    whose statistics, inputs or files do not match it, is refused."""
    from simkit.core.stats import Stats
    from simkit.runner.folders import check_files
    from simkit.runner.result import _policy_from, read_meta_object

    d = Path(directory)
    meta = read_meta_object(d)
    if meta.get("kind") != KIND:
        raise SimkitError(f"{d} is not a comparison folder (its meta.json has no kind 'comparison')")
    if "checksum" not in meta:
        raise SimkitError(f"{d / 'meta.json'} has no checksum; refusing to load an unverifiable comparison")
    try:
        with np.load(d / "stats.npz", allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except Exception as e:  # numpy raises many types for a damaged or missing zip
        raise SimkitError(f"{d / 'stats.npz'} is missing or damaged ({type(e).__name__}: {e})") from None
    if any(a.dtype.kind not in "iu" for a in arrays.values()):
        raise SimkitError(f"{d / 'stats.npz'} is damaged: its statistics are not integers")
    arrays = {k: a.astype(np.int64) for k, a in arrays.items()}
    if meta["checksum"] != _checksum(meta, arrays):
        raise SimkitError(f"{d}: the statistics or inputs do not match the checksum in meta.json (edited or "
                          f"damaged); refusing to load it")
    check_files(d, meta)
    game = get_game(meta["game"])
    per: list[dict] = [dict() for _ in meta["variants"]]
    for name, arr in arrays.items():
        i, g, key = name.split("/", 2)
        per[int(i)].setdefault(int(g), {})[key] = arr
    group_ids = sorted(per[0])
    groups = [[Stats(p[g]) for g in group_ids] for p in per]
    shard = parse_shard(meta.get("shard"))
    prov = meta.get("provenance") if isinstance(meta.get("provenance"), dict) else None
    timings = meta.get("timings") if isinstance(meta.get("timings"), dict) else None
    results = []
    for v, g in zip(meta["variants"], groups):
        pols = {role: [_policy_from(x) for x in desc] if isinstance(desc, list) else _policy_from(desc)
                for role, desc in v["policies"].items()}
        results.append(Result(game=game, hands=parse_hands(meta["hands"]), seed=parse_seed(meta["seed"]),
                              rules=game.Rules.build(v["rules"]), policies=pols, stats=merge_groups(g),
                              n_units=meta["units"], shard=shard, timings=timings, version=meta["version"],
                              user_functions=v.get("user_functions"), unit_range=meta["range"], provenance=prov))
    cmp = Comparison(game, results, groups, [v["label"] for v in meta["variants"]], group_ids=group_ids,
                     total_groups=meta["groups"], shard=shard)
    cmp.metric, cmp.best = meta.get("metric"), meta.get("best")
    return cmp


def merge_comparisons(directories) -> Comparison:
    """Add up the shards of one comparison (``compare(..., shard=(k, N))`` saved with
    :meth:`Comparison.save`, or ``simkit compare ... --shard K/N --out DIR``): refuses
    shards of different games, hands, seeds, groups, variants (rules, policies, user
    function fingerprints) or code versions, different shard counts, duplicates and gaps.
    The merge holds exactly the statistics of one unsharded comparison."""
    import os

    if isinstance(directories, (str, bytes, os.PathLike)) or not hasattr(directories, "__iter__"):
        raise SimkitError(f"merge needs a list of shard folders, got {directories!r}")
    dirs = list(directories)
    if not dirs:
        raise SimkitError("merge needs at least one shard folder")
    parts = [load_comparison(d) for d in dirs]
    first = parts[0].describe()
    for d, p in zip(dirs, parts):
        if p.shard is None:
            raise SimkitError(f"{d} is not a shard (it was run without --shard K/N)")
        m = p.describe()
        for key in _SAME:
            if m[key] != first[key]:
                raise SimkitError(f"cannot merge {d} with {dirs[0]}: different {key} ({m[key]!r} vs {first[key]!r}); "
                                  f"give the shards of one comparison")
        if m["shard"][1] != first["shard"][1]:
            raise SimkitError(f"cannot merge {d} with {dirs[0]}: shard counts differ "
                              f"({m['shard'][1]} vs {first['shard'][1]})")
        expected = list(shard_range(p.results[0].n_units, p.shard))
        if p.unit_range != expected:
            raise SimkitError(f"{d} holds units {p.unit_range}, but shard {p.shard[0]}/{p.shard[1]} is {expected}")
    from simkit.runner.merge import check_shard_set

    check_shard_set(dirs, [p.shard for p in parts])
    n = parts[0].shard[1]
    base = parts[0]
    per: list[dict] = [dict() for _ in base.results]
    for p in parts:
        for i, groups in enumerate(p._groups):
            for g, st in zip(p.group_ids, groups):
                per[i][g] = st.copy() if g not in per[i] else per[i][g].merge(st)
    group_ids = sorted(per[0])
    groups = [[p[g] for g in group_ids] for p in per]
    timings = {"run_s": sum(p.results[0].timings.get("run_s", 0.0) for p in parts), "shards": n}
    results = [Result(game=base.game, hands=r.hands, seed=r.seed, rules=r.rules, policies=r.policies,
                      stats=merge_groups(g), n_units=r.n_units, timings=timings, version=r.version,
                      provenance=r.provenance, user_functions=r.user_functions, unit_range=(0, r.n_units),
                      sources=dirs) for r, g in zip(base.results, groups)]
    cmp = Comparison(base.game, results, groups, base.labels, group_ids=group_ids, total_groups=base.total_groups,
                     sources=dirs)
    cmp.metric, cmp.best = base.metric, base.best
    return cmp


def _label(policies, n_roles) -> str:
    parts = []
    for role, pol in policies.items():
        text = pol.describe() if not isinstance(pol, (list, tuple)) else "/".join(p.describe() for p in pol)
        parts.append(text if n_roles == 1 else f"{role}={text}")
    return " ".join(parts)


def _is_rules_policies(item) -> bool:
    return isinstance(item, tuple) and len(item) == 2 and (item[0] is None or isinstance(item[0], dict))


def _variant(game, item, base_rules: dict, base_policies, role):
    """``(Rules, policies)`` of one variant: a ``(rules, policies)`` tuple (rules over the
    base rules; policies ``None`` for the base policies), a dict of rule options, roles
    and ``"<role>.<param>"`` over the base (``{}``: the base), or a policies spec (with ``role``: that
    role's policy)."""
    if _is_rules_policies(item):
        rules = dict(base_rules)
        rules.update(item[0] or {})
        pols = item[1]
        if pols is None:
            pols = base_policies
        elif role is not None:
            pols = {role: pols}
        return game.Rules.build(rules), game.resolve_policies(pols)
    if isinstance(item, dict):
        for key in item:
            check_key(game, key, "variant key")
        return spec_of(game, list(item), list(item.values()), base_rules, base_policies)
    return game.Rules.build(base_rules), game.resolve_policies({role: item} if role is not None else item)


def _labels(game, specs, base_rules: dict) -> list:
    same_rules = all(r == specs[0][0] for r, _ in specs)
    descs = [describe_policies(p) for _, p in specs]
    same_pols = all(d == descs[0] for d in descs)
    labels = []
    for rules, pols in specs:
        parts = []
        if not same_rules:
            changed = {k: v for k, v in rules.to_dict().items() if base_rules.get(k) != v}
            parts.append(",".join(f"{k}={v}" for k, v in changed.items()) or "(base rules)")
        if same_rules or not same_pols:
            parts.append(_label(pols, len(game.roles)))
        labels.append(" ".join(parts))
    return labels


def compare(game, variants, hands, *, seed=0, rules=None, policies=None, role=None, n_jobs=1, chunk=None,
            backend=None, scheduler=None, progress=None, groups: int = 100, shard=None,
            check_user: bool = False) -> Comparison:
    """Play every entry of ``variants`` on the same units and compare them.

    Each entry is a policies spec as for ``simulate`` (with ``role``: that role's policy),
    a ``(rules, policies)`` tuple (rule options over ``rules``; policies ``None`` keeps
    ``policies``), or a dict of rule options, policy roles and ``"<role>.<param>"``
    values over ``rules`` and ``policies`` (e.g. ``{"das": False}``; ``{}`` is the base
    itself). ``hands`` is converted to units by the first variant's rules, and every
    variant plays those units. ``shard=(k, N)`` (or ``"k/N"``) plays only the k-th of N
    slices of the units: save each slice and add them up with :func:`merge_comparisons`
    (``simkit merge``), which gives exactly the unsharded comparison. ``check_user=True``
    compiles user ``@njit`` functions with numba's bounds checking (as in ``simulate``)."""
    game = get_game(game)
    if not isinstance(variants, (list, tuple)) or len(variants) < 2:
        raise SimkitError(f"compare needs a list of at least two variants (policies, dicts or "
                          f"(rules, policies) pairs), got {variants!r}")
    hands = parse_hands(hands)
    seed = parse_seed(seed)
    n_jobs = parse_jobs(n_jobs)
    shard = parse_shard(shard)
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 2:
        raise SimkitError(f"groups must be an integer >= 2, got {groups!r}")
    if role is not None and role not in [r.name for r in game.roles]:
        raise SimkitError(f"{game.id}: unknown policy role {role!r}; roles: {', '.join(r.name for r in game.roles)}")
    base_rules = game.Rules.build(rules).to_dict()
    specs = [_variant(game, v, base_rules, policies, role) for v in variants]
    keys = [(r.to_dict(), describe_policies(p)) for r, p in specs]
    for j, key in enumerate(keys):
        if key in keys[:j]:
            i = keys.index(key)
            raise SimkitError(f"{game.id}: variant {j} ({variants[j]!r}) equals variant {i} ({variants[i]!r}): "
                              f"the same rules and policies twice")
    units = {game.unit_for(r) for r, _ in specs}
    if len(units) > 1:
        raise SimkitError(f"{game.id}: the variants play different units ({', '.join(sorted(units))}); "
                          f"compare variants of one kind of unit")
    labels = _labels(game, specs, base_rules)
    n_units = game.n_units(hands, specs[0][0])
    bounds = group_bounds(0, n_units, groups)
    if len(bounds) < 2:
        raise SimkitError(f"compare needs at least 2 units to pair, got hands={hands}")
    start, stop = shard_range(n_units, shard)
    # the groups of the whole run that this slice overlaps, cut at its ends (a shard's
    # part of a group adds up with the other shards' parts exactly)
    mine = [(g, max(a, start), min(b, stop)) for g, (a, b) in enumerate(bounds) if min(b, stop) > max(a, start)]
    t0 = time.perf_counter()
    per_spec, timings = run_specs(game, specs, seed, hands, start, stop, n_jobs=n_jobs,
                                  chunk=chunk, backend=backend, scheduler=scheduler, progress=progress,
                                  groups=[(a, b) for _, a, b in mine], check_user=check_user)
    timings["total_s"] = time.perf_counter() - t0  # n_jobs: the workers used
    results = [Result(game=game, hands=hands, seed=seed, rules=r, policies=p, stats=merge_groups(g),
                      n_units=n_units, timings=timings, shard=shard, unit_range=(start, stop))
               for (r, p), g in zip(specs, per_spec)]
    return Comparison(game, results, per_spec, labels, group_ids=[g for g, _, _ in mine], total_groups=len(bounds),
                      shard=shard)
