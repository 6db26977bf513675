"""Parameter sweeps: a grid of rule options and policy parameters, common random numbers
across the grid, one tidy row per grid point."""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import shutil
import time
from pathlib import Path

import pandas as pd

from simkit.provenance import code_version
from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.policies.base import Policy, _as_policy, describe_policies
from simkit.runner.batch import merge_groups, run_specs
from simkit.runner.jackknife import jackknife_se, leave_one_out
from simkit.runner.units import parse_hands, parse_jobs, parse_seed


def check_key(game, key, what: str) -> None:
    """Refuse ``key`` unless it is a rule option, a policy role or ``"<role>.<param>"``."""
    rule_names = set(game.Rules().to_dict())
    roles = {r.name for r in game.roles}
    base = key.split(".", 1)[0] if isinstance(key, str) else None
    if key not in rule_names and key not in roles and base not in roles:
        allowed = sorted(rule_names) + sorted(roles) + sorted(f"{r}.<param>" for r in roles)
        raise SimkitError(f"{game.id}: unknown {what} {key!r}; allowed: {', '.join(allowed)}")


def _same_value(v):
    """A key under which two sweep values that mean the same thing are equal
    (36, 36.0 and "36"; "flat" and " flat")."""
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, (int, float)):
        return ("num", float(v))
    if isinstance(v, str):
        try:
            return ("num", float(v))
        except ValueError:
            return ("str", v.strip().lower())
    return ("obj", repr(v))


def _grid_points(game, grid: dict):
    if not isinstance(grid, dict) or not grid:
        raise SimkitError("sweep needs a non-empty grid: a dict of key -> list of values, e.g. "
                          "{'deck': [52, 36]} or {'stake.threshold': [-0.3, 0.0]}")
    lists: dict = {}
    for key, values in grid.items():
        check_key(game, key, "sweep key")
        if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__iter__"):
            raise SimkitError(f"sweep values for {key!r} must be a list, got {values!r}")
        same = [k for k in lists if k.replace("-", "_") == str(key).replace("-", "_")]
        if same:
            raise SimkitError(f"sweep key {key!r} given twice (as {same[0]!r} and {key!r}); give it once")
        lists[key] = list(values)  # read once: a generator or iterator works too
        if not lists[key]:
            raise SimkitError(f"sweep values for {key!r} are empty")
        seen: dict = {}
        for v in lists[key]:
            norm = _same_value(v)
            if norm in seen:
                raise SimkitError(f"sweep values for {key!r} repeat {v!r} (as {seen[norm]!r}); "
                                  f"give each value once")
            seen[norm] = v
    keys = list(lists)
    return keys, list(itertools.product(*(lists[k] for k in keys)))


def spec_of(game, keys, point, base_rules: dict, base_policies):
    """The ``(Rules, policies)`` of one point: ``base_rules`` and ``base_policies`` with
    the ``keys`` set to the values of ``point``."""
    rules = dict(base_rules)
    pols = {}
    if base_policies is not None:
        given = base_policies if isinstance(base_policies, dict) else None
        if given is None:
            resolved = game.resolve_policies(base_policies)
            pols = dict(resolved)
        else:
            pols = dict(given)
    params: dict = {}
    for key, value in zip(keys, point):
        if key in {r.name for r in game.roles}:
            pols[key] = value
        elif "." in key and key.split(".", 1)[0] in {r.name for r in game.roles}:
            role, param = key.split(".", 1)
            params.setdefault(role, {})[param] = value
        else:
            rules[key] = value
    resolved = game.resolve_policies(pols or None)
    for role, changes in params.items():
        pol = resolved[role]
        if pol.is_user:
            raise SimkitError(f"{game.id}: cannot sweep parameters of the user function in role {role!r}")
        new = dict(pol.params)
        new.update(changes)
        role_obj = next(r for r in game.roles if r.name == role)
        resolved[role] = role_obj.bind(game.id, Policy(pol.name, **new))
    return game.Rules.build(rules), resolved


def _value_label(v):
    if isinstance(v, Policy):
        return v.describe()
    if callable(v) and not isinstance(v, str):
        return _as_policy(v).describe()
    return v


def _base_index(keys, points, base) -> int:
    if not isinstance(base, dict) or set(base) != set(keys):
        raise SimkitError(f"base must be a dict giving a value for every grid key {keys}, got {base!r}")
    want = [_value_label(base[k]) for k in keys]
    for i, point in enumerate(points):
        if [_value_label(v) for v in point] == want:
            return i
    raise SimkitError(f"base {base!r} is not a point of the grid; points: "
                      f"{[dict(zip(keys, (_value_label(v) for v in p))) for p in points]}")


def sweep(game, grid: dict, hands, *, seed=0, rules=None, policies=None, n_jobs=1, chunk=None, backend=None,
          scheduler=None, progress=None, base=None, groups: int = 100, check_user: bool = False) -> pd.DataFrame:
    """Run every point of ``grid`` (cartesian product) on the same units and return one
    row per point: the grid keys, then each metric with ``_stderr``, ``_ci95_low``,
    ``_ci95_high`` and ``_n`` columns; ``df.attrs`` holds game, hands (and what they count), seed, the base
    rules that differ from the defaults, the base policies, the grid keys and the version
    (the figure footer of :func:`~simkit.reports.plots.plot_sweep`). Keys: a rule option, a policy role (values: policy
    names or ``Policy`` objects), or ``"<role>.<param>"`` (a built-in policy parameter;
    sweeping it needs no recompiling).

    ``base`` (a dict giving every grid key a value of the grid) adds, per metric,
    ``<metric>_diff`` (the point minus the base point) and ``<metric>_diff_stderr``: a
    paired jackknife over ``groups`` fixed unit groups when every point plays the same
    units (as in :func:`simkit.compare`), else the unpaired ``√(se² + se_base²)``
    (``df.attrs["paired"]`` says which). ``check_user=True`` compiles user ``@njit``
    functions with numba's bounds checking (as in ``simulate``)."""
    game = get_game(game)
    hands = parse_hands(hands)
    seed = parse_seed(seed)
    n_jobs = parse_jobs(n_jobs)
    base_rules = game.Rules.build(rules).to_dict()
    keys, points = _grid_points(game, grid)
    specs = [spec_of(game, keys, p, base_rules, policies) for p in points]
    b = None if base is None else _base_index(keys, points, base)
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 2:
        raise SimkitError(f"groups must be an integer >= 2, got {groups!r}")
    units = {game.n_units(hands, r) for r, _ in specs}
    paired = len(units) == 1
    t0 = time.perf_counter()
    if paired:
        per_spec, _ = run_specs(game, specs, seed, hands, 0, units.pop(), n_jobs=n_jobs, chunk=chunk,
                                backend=backend, scheduler=scheduler, progress=progress,
                                n_groups=1 if b is None else groups, check_user=check_user)
    else:  # rules change what a unit is (e.g. rounds per shoe): run points apart
        per_spec = []
        for r, p in specs:
            out, _ = run_specs(game, [(r, p)], seed, hands, 0, game.n_units(hands, r), n_jobs=n_jobs, chunk=chunk,
                               backend=backend, scheduler=scheduler, progress=progress, check_user=check_user)
            per_spec.extend(out)
    ests = [game.metrics(merge_groups(g), r, p) for (r, p), g in zip(specs, per_spec)]
    loo = None
    if b is not None and paired:
        loo = [leave_one_out(game, g, r, p) for (r, p), g in zip(specs, per_spec)]
    rows = []
    for i, point in enumerate(points):
        row = {k: _value_label(v) for k, v in zip(keys, point)}
        for name, est in ests[i].items():
            row[name] = est.value
            row[f"{name}_stderr"] = est.stderr
            row[f"{name}_ci95_low"] = est.ci95[0]
            row[f"{name}_ci95_high"] = est.ci95[1]
            row[f"{name}_n"] = est.n
            if b is not None and name in ests[b]:
                ref = ests[b][name]
                row[f"{name}_diff"] = est.value - ref.value
                row[f"{name}_diff_stderr"] = (jackknife_se(loo[b], loo[i], name) if loo is not None
                                              else math.sqrt(est.stderr ** 2 + ref.stderr ** 2))
        rows.append(row)
    df = pd.DataFrame(rows)
    from simkit.provenance import provenance

    df.attrs.update(game=game.id, hands=hands, seed=seed, seconds=time.perf_counter() - t0,
                    hands_word=game.hands_word, rules=game.Rules.build(rules).changed(), grid=keys,
                    policies=describe_policies(game.resolve_policies(policies)), version=code_version(),
                    provenance=provenance())
    if b is not None:
        df.attrs.update(base=dict(zip(keys, (_value_label(v) for v in points[b]))), paired=paired)
    return df


# -- on disk: simkit sweep --out DIR ------------------------------------------------------
KIND = "sweep"
SWEEP_ENTRIES = frozenset({"meta.json", "points.parquet"})
#: the attrs a saved sweep keeps (``df.attrs`` of :func:`sweep`)
_ATTRS = ("game", "hands", "seed", "hands_word", "rules", "grid", "policies", "version", "provenance", "base",
          "paired", "seconds")


def sweep_meta(df: pd.DataFrame) -> dict:
    """The identity of a sweep's table (its ``attrs``), JSON-ready: what ``--json`` and
    ``meta.json`` carry besides the rows."""
    from simkit.runner.result import JSON_SCHEMA

    meta = {"schema": JSON_SCHEMA, "kind": KIND}
    meta.update({k: df.attrs[k] for k in _ATTRS if k in df.attrs})
    return json.loads(json.dumps(meta, default=str))


def _checksum(meta: dict) -> str:
    fields = {k: v for k, v in meta.items() if k not in ("checksum", "seconds")}
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def is_sweep_dir(path) -> bool:
    """True when ``path`` is a folder written by :func:`save_sweep` and holds nothing else."""
    from simkit.runner.folders import is_kind_dir

    return is_kind_dir(path, KIND, SWEEP_ENTRIES)


def save_sweep(df: pd.DataFrame, directory, *, overwrite: bool = False, keep_on_conflict: bool = False) -> Path:
    """Save the table of :func:`sweep` as ``points.parquet`` with ``meta.json`` (its
    attrs: inputs, version, provenance; the SHA-256 of the table; a checksum), written
    atomically through :mod:`simkit.runner.folders` as a run's result is; ``overwrite``
    replaces only a sweep's folder. :func:`load_sweep` (``simkit report DIR``) reads it."""
    from simkit.runner.folders import check_target, file_hashes, install, make_tmp_dir
    from simkit.runner.result import parquet_safe

    if not isinstance(df, pd.DataFrame) or "grid" not in df.attrs:
        raise SimkitError(f"save_sweep needs the table simkit.sweep returned, got {type(df).__name__}")
    target = check_target(directory, overwrite=overwrite, is_ours=is_sweep_dir, defer_existing=keep_on_conflict)
    tmp = make_tmp_dir(target)
    try:
        parquet_safe(pd.DataFrame(df)).to_parquet(tmp / "points.parquet", index=False)
        meta = sweep_meta(df)
        meta["files"] = file_hashes(tmp)
        meta["checksum"] = _checksum(meta)
        (tmp / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
        install(tmp, target, overwrite=overwrite, is_ours=is_sweep_dir)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SimkitError(f"could not save the sweep in {target}: {e.strerror or e} (errno {e.errno}); "
                          f"nothing was written there") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def load_sweep(directory) -> pd.DataFrame:
    """The table a folder of :func:`save_sweep` holds, with its attrs; a folder whose
    table or inputs do not match its checksum is refused."""
    from simkit.runner.folders import check_files
    from simkit.runner.result import read_meta_object

    d = Path(directory)
    meta = read_meta_object(d)
    if meta.get("kind") != KIND:
        raise SimkitError(f"{d} is not a sweep folder (its meta.json has no kind 'sweep')")
    if "checksum" not in meta or "files" not in meta:
        raise SimkitError(f"{d / 'meta.json'} has no checksum; refusing to load an unverifiable sweep")
    if meta["checksum"] != _checksum(meta):
        raise SimkitError(f"{d}: its inputs do not match the checksum in meta.json (edited or damaged); "
                          f"refusing to load it")
    check_files(d, meta)
    if "points.parquet" not in meta["files"]:
        raise SimkitError(f"{d / 'meta.json'} is damaged: it lists no points.parquet")
    try:
        df = pd.read_parquet(d / "points.parquet")
    except Exception as e:  # pyarrow raises its own types for a damaged file
        raise SimkitError(f"{d / 'points.parquet'} is damaged ({type(e).__name__}: {e})") from None
    df.attrs.update({k: meta[k] for k in _ATTRS if k in meta})
    return df
