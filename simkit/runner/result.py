"""The result of a run: mergeable statistics plus everything that produced them."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from simkit.core.stats import Stats
from simkit.errors import SimkitError
from simkit.policies.base import Policy, describe_policies, user_fingerprints
from simkit.reports.tables import metrics_frame, numeric_buckets
from simkit.runner.folders import check_files, check_target, file_hashes, install, make_tmp_dir, recover

if TYPE_CHECKING:
    from simkit.runner.compare import Comparison
    from simkit.runner.tournament import Tournament

#: version of the layout :meth:`Result.to_json` writes (``--json``); raised on any
#: change a reader would notice (1: the first versioned layout, ci95 as ci95_low/ci95_high)
JSON_SCHEMA = 1


def _version() -> str:
    """The version a new result records: the release with the code hash
    (:func:`simkit.provenance.code_version`)."""
    from simkit.provenance import code_version

    return code_version()


def _provenance() -> dict:
    from simkit.provenance import provenance

    return provenance()


def _jsonable(v):
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating,)):
        return None if np.isnan(v) else float(v)
    if isinstance(v, float) and v != v:
        return None
    return v


def parquet_safe(df: pd.DataFrame) -> pd.DataFrame:
    """Columns that mix types (e.g. 1, 2, ">=3") become strings so parquet accepts them."""
    out = df
    for col in df.columns:
        if df[col].dtype == object:
            kinds = {type(v) for v in df[col] if v is not None}
            if len(kinds) > 1 or (kinds and not kinds <= {str}):
                if out is df:
                    out = df.copy()
                out[col] = df[col].map(lambda v: None if v is None else str(v))
    return out


def _records(df: pd.DataFrame) -> list:
    return [{k: _jsonable(v) for k, v in row.items()} for row in df.to_dict(orient="records")]


class Result:
    """What ``simulate`` returns.

    ``metrics``: flat dict ``name -> {"value", "stderr", "ci95", "n"}``; ``report()``: the
    same as a DataFrame; ``tables``: dict of DataFrames; ``stats``: the raw mergeable
    statistics; ``save(dir)`` / ``simkit.load(dir)``; ``to_json()``.
    """

    def __init__(self, *, game, hands, seed, rules, policies, stats, n_units, shard=None,
                 trace=None, timings=None, version=None, user_functions=None, unit_range=None, sources=(),
                 provenance=None):
        self.game = game
        self.hands = hands
        self.seed = seed
        self.rules = rules
        self.policies = policies
        self.stats = stats
        self.n_units = n_units
        self.shard = shard
        self.trace = list(trace or [])
        self.timings = dict(timings or {})
        self.version = version or _version()
        #: what made the statistics: code hash, commit, environment (:mod:`simkit.provenance`)
        self.provenance = dict(provenance) if provenance else _provenance() if version is None else None
        #: fingerprints of the user functions by role (their code cannot be stored)
        self.user_functions = user_functions if user_functions is not None else user_fingerprints(policies)
        #: the units ``[start, stop)`` the statistics hold
        self.unit_range = list(unit_range) if unit_range is not None else \
            [0, n_units] if shard is None else None
        #: folders this result was merged from (a save never replaces them)
        self.sources = tuple(sources)
        self.precision = None           # set by simulate(..., target_se=...)
        self._metrics = None
        self._tables = None

    # -- estimates -------------------------------------------------------------
    @property
    def estimates(self) -> dict:
        """``{name: Estimate}`` computed from the statistics."""
        if self._metrics is None:
            self._metrics = self.game.metrics(self.stats, self.rules, self.policies)
        return self._metrics

    @property
    def metrics(self) -> dict:
        return {k: {kk: _jsonable(vv) if not isinstance(vv, list) else [_jsonable(x) for x in vv]
                    for kk, vv in e.as_dict().items()} for k, e in self.estimates.items()}

    @property
    def tables(self) -> dict:
        if self._tables is None:
            self._tables = {name: numeric_buckets(df) for name, df in
                            self.game.tables(self.stats, self.rules, self.policies).items()}
        return self._tables

    def report(self) -> pd.DataFrame:
        df = metrics_frame(self.metrics)
        df.attrs.update(self.meta())
        return df

    def __getitem__(self, name):
        return self.estimates[name]

    # -- metadata and serialisation -------------------------------------------
    def meta(self) -> dict:
        return {"game": self.game.id, "hands": self.hands, "units": self.n_units,
                "unit": self.game.unit_for(self.rules),
                "seed": self.seed, "rules": self.rules.to_dict(),
                "policies": describe_policies(self.policies), "version": self.version,
                "user_functions": self.user_functions, "range": self.unit_range,
                "shard": list(self.shard) if self.shard else None, "timings": self.timings,
                **({"provenance": self.provenance} if self.provenance else {}),
                **({"precision": self.precision} if self.precision else {})}

    def to_json(self) -> dict:
        """What ``--json`` prints: ``schema`` (:data:`JSON_SCHEMA`), the metadata of
        :meth:`meta`, ``metrics`` (name -> value, stderr, ci95_low, ci95_high, n: the
        columns of :meth:`report`) and ``tables`` (name -> list of records)."""
        out: dict = {"schema": JSON_SCHEMA}
        out.update({k: v for k, v in self.meta().items() if k not in ("timings",)})
        out["metrics"] = {r["metric"]: {k: _jsonable(v) for k, v in r.items() if k != "metric"}
                          for r in metrics_frame(self.metrics).to_dict(orient="records")}
        out["tables"] = {name: _records(df) for name, df in self.tables.items()}
        out["timings"] = self.timings
        note = self.stronger_policy
        if note:
            out["stronger_policy"] = note
        return out

    @property
    def stronger_policy(self) -> str | None:
        """Where the run played the game's default policies and a slower built-in beats
        them in the tournaments, by how much (:mod:`simkit.strategy`); else ``None``."""
        from simkit.strategy import stronger_note

        return stronger_note(self.game.id, self.policies, {r.name: r.default for r in self.game.roles})

    def __repr__(self):
        head = self.game.headline
        txt = ""
        if head and head in self.estimates:
            e = self.estimates[head]
            txt = f", {head}={e.value:.6g} ± {e.stderr:.2g}"
        return f"<Result {self.game.id} hands={self.hands} seed={self.seed}{txt}>"

    def save(self, directory, *, overwrite: bool = False, keep_on_conflict: bool = False) -> Path:
        """Write ``meta.json``, ``metrics.parquet``, ``tables/*.parquet``, ``stats.npz``
        and ``trace.parquet`` into ``directory`` without loss (see
        :mod:`simkit.runner.folders`): into a temporary folder first, renamed into place
        at the end. ``overwrite=True`` replaces only an existing simkit result folder;
        ``meta.json`` holds a checksum of the statistics and the inputs that
        :func:`load` verifies. An existing target that may not be replaced is refused
        before anything is written, or with ``keep_on_conflict`` (for a caller that checked
        the target before its run, so the target appeared meanwhile) the result is saved
        beside it as ``<name>.<pid>`` and the error says so."""
        target = check_target(directory, overwrite=overwrite, protect=self.sources,
                              defer_existing=keep_on_conflict)
        tmp = make_tmp_dir(target)
        try:
            self.report().to_parquet(tmp / "metrics.parquet", index=False)
            (tmp / "tables").mkdir()
            for name, df in self.tables.items():
                parquet_safe(df).to_parquet(tmp / "tables" / f"{name}.parquet", index=False)
            self.stats.save_npz(tmp / "stats.npz")
            pd.DataFrame(self.trace, columns=["units", "value", "stderr"]).to_parquet(tmp / "trace.parquet", index=False)
            meta = json.loads(json.dumps(self.meta(), default=str))
            meta["files"] = file_hashes(tmp)
            meta["checksum"] = checksum(meta, self.stats)
            with open(tmp / "meta.json", "w", encoding="utf-8") as fh:
                json.dump(meta, fh, indent=2)
            install(tmp, target, overwrite=overwrite)
        except OSError as e:
            shutil.rmtree(tmp, ignore_errors=True)
            raise SimkitError(f"could not save the result in {target}: {e.strerror or e} (errno {e.errno}); "
                              f"nothing was written there") from None
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return target


#: the meta.json fields the checksum covers, with the statistics
CHECKED = ("game", "hands", "units", "seed", "rules", "policies", "user_functions", "version", "shard", "range")


def checksum(meta: dict, stats) -> str:
    """SHA-256 of the inputs (:data:`CHECKED` fields of ``meta``, its ``provenance`` and
    its ``files``: every other file's SHA-256, as JSON) and of every
    statistic (name, shape and ``int64`` bytes, in name order)."""
    fields = {k: meta.get(k) for k in CHECKED}
    for k in ("provenance", "files", "precision"):   # results saved before these were recorded have none
        if k in meta:
            fields[k] = meta[k]
    h = hashlib.sha256(json.dumps(fields, sort_keys=True).encode())
    for name in sorted(stats):
        arr = np.ascontiguousarray(stats[name], dtype=np.int64)
        h.update(f"|{name}|{arr.shape}|".encode())
        h.update(arr.tobytes())
    return h.hexdigest()


_NEEDED = ("game", "hands", "units", "seed", "rules", "policies")


def read_meta_object(d) -> dict:
    """The JSON object in ``d/meta.json`` (a result's or an experiment's folder); a
    missing, unreadable or non-object file is a :class:`SimkitError` naming it."""
    d = Path(d)
    recover(d)                          # a result a killed --force save had moved aside
    meta_path = d / "meta.json"
    if not d.is_dir():
        raise SimkitError(f"{d} is not a folder holding a simkit result")
    if not meta_path.is_file():
        raise SimkitError(f"{d} holds no simkit result (no meta.json)")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SimkitError(f"{meta_path} is damaged (not readable JSON: {e})") from None
    except RecursionError:
        raise SimkitError(f"{meta_path} is damaged (nested too deeply to be a simkit meta.json)") from None
    if not isinstance(meta, dict):
        raise SimkitError(f"{meta_path} is damaged: it holds a {type(meta).__name__}, not a JSON object")
    return meta


def result_folders(d) -> list:
    """The result folders directly inside an experiment's folder ``d``."""
    d = Path(d)
    return [d / p.name for p in sorted(d.iterdir()) if (p / "meta.json").is_file()]


def _read_meta(d: Path) -> dict:
    meta = read_meta_object(d)
    meta_path = d / "meta.json"
    if "experiment" in meta and "game" not in meta:
        subs = result_folders(d)
        raise SimkitError(f"{d} is the output folder of experiment {meta['experiment']!r}, not one result; "
                          f"the results in it: {', '.join(str(s) for s in subs) or 'none'}")
    missing = [k for k in _NEEDED if k not in meta]
    if missing:
        raise SimkitError(f"{meta_path} is damaged or not a simkit result: missing {', '.join(missing)}")
    if not isinstance(meta["game"], str):
        raise SimkitError(f"{meta_path} is damaged: game={meta['game']!r} is not a game id")
    return meta


def _read_stats(path: Path) -> Stats:
    if not path.is_file():
        raise SimkitError(f"{path.parent} is damaged: no stats.npz")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except Exception as e:  # numpy raises many types for a damaged zip
        raise SimkitError(f"{path} is damaged ({type(e).__name__}: {e})") from None
    for k, a in arrays.items():
        if a.dtype.kind not in "iu":
            raise SimkitError(f"{path} is damaged: statistic {k!r} holds {a.dtype} values, not integers")
    return Stats({k: a.astype(np.int64) for k, a in arrays.items()})


def _policy_from(desc):
    if not isinstance(desc, str):
        raise SimkitError(f"bad policy {desc!r} in meta.json")
    return Policy(desc) if desc.startswith("user:") else Policy.parse(desc)


def load(directory) -> Result | Tournament | Comparison | pd.DataFrame:
    """Read a result written by :meth:`Result.save` (a tournament's or a comparison's
    folder gives its :class:`~simkit.Tournament` or :class:`~simkit.Comparison`, a
    sweep's its table, a DataFrame; estimates are recomputed from the
    saved statistics by the game's own report code). A damaged folder, or one whose
    statistics or inputs do not match the checksum in ``meta.json`` (edited by hand), is
    refused, as is one without a checksum; so is one whose other files (metrics, tables,
    trace) differ from the SHA-256 each had when saved (``meta.json``'s ``files``)."""
    from simkit.games import get_game
    from simkit.runner.units import parse_hands, parse_seed, parse_shard

    if not isinstance(directory, (str, os.PathLike)):
        raise SimkitError(f"load needs the path of a result folder, got {directory!r}")
    d = Path(directory)
    kind = read_meta_object(d).get("kind")
    if kind == "tournament":
        from simkit.runner.tournament import load_tournament

        return load_tournament(d)
    if kind == "comparison":
        from simkit.runner.compare import load_comparison

        return load_comparison(d)
    if kind == "sweep":
        from simkit.runner.sweep import load_sweep

        return load_sweep(d)
    meta = _read_meta(d)
    stats = _read_stats(d / "stats.npz")
    if "checksum" not in meta:
        raise SimkitError(f"{d}: meta.json holds no checksum, so its statistics cannot be verified (a folder "
                          f"edited by hand, or saved by a simkit older than checksums); refusing to load it")
    if meta["checksum"] != checksum(meta, stats):
        raise SimkitError(f"{d}: the statistics or inputs do not match the checksum in meta.json "
                          f"(the folder was edited or damaged); refusing to load it")
    check_files(d, meta)
    game = get_game(meta["game"])
    rules = game.Rules.build(meta["rules"])
    if not isinstance(meta["policies"], dict):
        raise SimkitError(f"{d / 'meta.json'} is damaged: policies must be an object, got {meta['policies']!r}")
    pols = {}
    for role, desc in meta["policies"].items():  # a user function cannot be stored; its name is kept
        pols[role] = [_policy_from(x) for x in desc] if isinstance(desc, list) else _policy_from(desc)
    trace_path = d / "trace.parquet"
    try:
        trace = pd.read_parquet(trace_path).to_dict(orient="records") if trace_path.exists() else []
    except Exception as e:  # pyarrow raises its own types for a damaged file
        raise SimkitError(f"{trace_path} is damaged ({type(e).__name__}: {e})") from None
    units = meta["units"]
    if isinstance(units, bool) or not isinstance(units, int) or units < 0:
        raise SimkitError(f"{d / 'meta.json'} is damaged: units={units!r} is not a count")
    res = Result(game=game, hands=parse_hands(meta["hands"]), seed=parse_seed(meta["seed"]), rules=rules,
                 policies=pols, stats=stats, n_units=units, shard=parse_shard(meta.get("shard")), trace=trace,
                 timings=meta.get("timings") if isinstance(meta.get("timings"), dict) else None,
                 version=meta.get("version"), user_functions=meta.get("user_functions"),
                 unit_range=meta.get("range"),
                 provenance=meta.get("provenance") if isinstance(meta.get("provenance"), dict) else None)
    if isinstance(meta.get("precision"), dict):
        res.precision = meta["precision"]
    try:
        res.estimates, res.tables
    except (KeyError, IndexError, ValueError, TypeError, ZeroDivisionError) as e:
        raise SimkitError(f"{d}: its statistics do not fit game {game.id!r} ({type(e).__name__}: {e})") from None
    return res
