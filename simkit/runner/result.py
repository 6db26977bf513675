"""The result of a run: mergeable statistics plus everything that produced them."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from simkit.core.stats import Stats
from simkit.errors import SimkitError
from simkit.policies.base import Policy, describe_policies
from simkit.reports.tables import metrics_frame, numeric_buckets

#: version of the layout :meth:`Result.to_json` writes (``--json``); raised on any
#: change a reader would notice (1: the first versioned layout, ci95 as ci95_low/ci95_high)
JSON_SCHEMA = 1


def _version() -> str:
    from simkit import __version__

    return __version__


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
                 trace=None, timings=None, version=None):
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
                "shard": list(self.shard) if self.shard else None, "timings": self.timings,
                **({"precision": self.precision} if self.precision else {})}

    def to_json(self) -> dict:
        """What ``--json`` prints: ``schema`` (:data:`JSON_SCHEMA`), the metadata of
        :meth:`meta`, ``metrics`` (name -> value, stderr, ci95_low, ci95_high, n: the
        columns of :meth:`report`) and ``tables`` (name -> list of records)."""
        out = {"schema": JSON_SCHEMA}
        out.update({k: v for k, v in self.meta().items() if k not in ("timings",)})
        out["metrics"] = {r["metric"]: {k: _jsonable(v) for k, v in r.items() if k != "metric"}
                          for r in metrics_frame(self.metrics).to_dict(orient="records")}
        out["tables"] = {name: _records(df) for name, df in self.tables.items()}
        out["timings"] = self.timings
        return out

    def __repr__(self):
        head = self.game.headline
        txt = ""
        if head and head in self.estimates:
            e = self.estimates[head]
            txt = f", {head}={e.value:.6g} ± {e.stderr:.2g}"
        return f"<Result {self.game.id} hands={self.hands} seed={self.seed}{txt}>"

    def save(self, directory, *, overwrite: bool = True) -> Path:
        """Write ``meta.json``, ``metrics.parquet``, ``tables/*.parquet``, ``stats.npz``
        and ``trace.parquet`` into ``directory`` atomically: everything goes to a
        temporary folder beside it first and is renamed into place at the end, so an
        interrupted save leaves no half-written result."""
        target = Path(directory)
        if target.exists() and not overwrite:
            raise SimkitError(f"{target} already exists; pass overwrite=True (or --force) to replace it")
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
        try:
            with open(tmp / "meta.json", "w", encoding="utf-8") as fh:
                json.dump(self.meta(), fh, indent=2, default=str)
            self.report().to_parquet(tmp / "metrics.parquet", index=False)
            (tmp / "tables").mkdir()
            for name, df in self.tables.items():
                parquet_safe(df).to_parquet(tmp / "tables" / f"{name}.parquet", index=False)
            self.stats.save_npz(tmp / "stats.npz")
            pd.DataFrame(self.trace, columns=["units", "value", "stderr"]).to_parquet(tmp / "trace.parquet", index=False)
            replace_dir(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return target


def replace_dir(tmp: Path, target: Path) -> None:
    """Move the finished folder ``tmp`` to ``target``, replacing any old one."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.replace(target, old)
    os.replace(tmp, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def load(directory) -> Result:
    """Read a result written by :meth:`Result.save` (estimates are recomputed from the
    saved statistics by the game's own report code)."""
    from simkit.games import get_game

    d = Path(directory)
    meta_path = d / "meta.json"
    if not meta_path.exists():
        raise SimkitError(f"{d} holds no simkit result (no meta.json)")
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    game = get_game(meta["game"])
    rules = game.Rules.build(meta["rules"])
    pols = {}
    for role, desc in meta["policies"].items():
        if isinstance(desc, str) and desc.startswith("user:"):
            pols[role] = Policy(desc)  # a user function cannot be stored; its name is kept
        elif isinstance(desc, list):
            pols[role] = [Policy.parse(x) if not x.startswith("user:") else Policy(x) for x in desc]
        else:
            pols[role] = Policy.parse(desc)
    trace_path = d / "trace.parquet"
    trace = pd.read_parquet(trace_path).to_dict(orient="records") if trace_path.exists() else []
    return Result(game=game, hands=meta["hands"], seed=meta["seed"], rules=rules, policies=pols,
                  stats=Stats.load_npz(d / "stats.npz"), n_units=meta["units"],
                  shard=tuple(meta["shard"]) if meta.get("shard") else None, trace=trace,
                  timings=meta.get("timings"), version=meta.get("version"))
