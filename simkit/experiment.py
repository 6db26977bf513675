"""Experiment scripts: one research question each, writing ``results/<name>/``.

A script builds an :class:`Experiment`, parses its command line (``--hands``, ``--seed``,
``--jobs``, ``--force``, ``--out``) and writes its tables and figures inside
``with exp.output(inputs) as out:``. Everything is written to a temporary folder beside
the target and renamed into place only when the block finishes, so an interrupted run
(Ctrl-C) leaves no half-written result. If ``results/<name>/`` already holds results for
the same inputs, the script says so and stops instead of overwriting, unless ``--force``.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import time
from pathlib import Path

from simkit.errors import SimkitError
from simkit.runner.folders import install, make_tmp_dir
from simkit.runner.result import parquet_safe
from simkit.runner.units import parse_hands, parse_jobs, parse_seed

DEFAULT_ROOT = Path("results")


class Experiment:
    """One experiment script's output folder, command line and metadata."""

    def __init__(self, name: str, question: str, *, default_hands: int, default_seed: int = 2026):
        self.name = name
        self.question = question
        self.default_hands = default_hands
        self.default_seed = default_seed
        self.args = None
        self._dir = None
        self._files = []

    def parse(self, argv=None, extra=None):
        """Parse ``--hands N --seed S --jobs J --force --out ROOT`` (``extra`` may add
        arguments to the parser before parsing)."""
        p = argparse.ArgumentParser(prog=f"experiments/{self.name}.py", description=self.question)
        p.add_argument("--hands", default=self.default_hands, type=str,
                       help=f"units per simulation (default {self.default_hands:_})")
        p.add_argument("--seed", default=self.default_seed, type=int)
        p.add_argument("--jobs", default=1, type=int, help="worker processes")
        p.add_argument("--force", action="store_true", help="overwrite existing results for the same inputs")
        p.add_argument("--out", default=str(DEFAULT_ROOT), help="results root (default results/)")
        if extra:
            extra(p)
        args = p.parse_args(argv)
        try:
            args.hands = parse_hands(args.hands)
            args.seed = parse_seed(args.seed)
            args.jobs = parse_jobs(args.jobs)
        except SimkitError as e:
            p.error(str(e))
        self.args = args
        return args

    @property
    def target(self) -> Path:
        root = Path(self.args.out if self.args else DEFAULT_ROOT)
        return root / self.name

    @contextlib.contextmanager
    def output(self, inputs: dict):
        """Yield a temporary folder to write into; on success it replaces
        ``results/<name>/`` atomically together with ``meta.json``."""
        from simkit import __version__

        inputs = json.loads(json.dumps(inputs, default=str))
        target = self.target
        force = bool(self.args and self.args.force)
        meta_path = target / "meta.json"
        if (target.exists() or target.is_symlink()) and not self._is_mine(target):
            print(f"{target} exists and is not this experiment's output folder; it is never replaced: "
                  f"move it away or choose another --out", file=sys.stderr)
            raise SystemExit(2)
        if meta_path.exists() and not force:
            old = json.loads(meta_path.read_text(encoding="utf-8"))
            if old.get("inputs") == inputs:
                print(f"{target} already holds results for these inputs ({inputs}); "
                      f"rerun with --force to recompute them.")
                raise SystemExit(0)
            print(f"{target} holds results for other inputs ({old.get('inputs')}); "
                  f"rerun with --force to replace them.", file=sys.stderr)
            raise SystemExit(2)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = make_tmp_dir(target)
        self._dir = tmp
        self._files = []
        t0 = time.time()
        try:
            yield tmp
            meta = {"experiment": self.name, "question": self.question, "inputs": inputs,
                    "simkit_version": __version__, "seconds": round(time.time() - t0, 3),
                    "command": " ".join([f"experiments/{self.name}.py"] + sys.argv[1:]),
                    "files": sorted(self._files)}
            with open(tmp / "meta.json", "w", encoding="utf-8") as fh:
                json.dump(meta, fh, indent=2)
            install(tmp, target, overwrite=True, is_ours=self._is_mine)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        finally:
            self._dir = None
        print(f"wrote {target}/ ({', '.join(sorted(self._files))})")

    def _is_mine(self, path: Path) -> bool:
        """True for a folder this experiment wrote (its meta.json names the experiment)."""
        try:
            meta = json.loads((path / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return path.is_dir() and not path.is_symlink() and isinstance(meta, dict) \
            and meta.get("experiment") == self.name

    def _need_dir(self) -> Path:
        if self._dir is None:
            raise SimkitError("write tables and figures inside `with exp.output(...)`")
        return self._dir

    def table(self, df, name: str):
        """Write ``df`` as ``<name>.csv`` and ``<name>.parquet``."""
        d = self._need_dir()
        df.to_csv(d / f"{name}.csv", index=False)
        parquet_safe(df).to_parquet(d / f"{name}.parquet", index=False)
        self._files += [f"{name}.csv", f"{name}.parquet"]

    def figure(self, fig, name: str):
        """Write a matplotlib figure as ``<name>.png`` and close it."""
        import matplotlib.pyplot as plt

        d = self._need_dir()
        fig.savefig(d / f"{name}.png", dpi=120, bbox_inches="tight")
        plt.close(fig)
        self._files.append(f"{name}.png")

    def result(self, res, name: str):
        """Save a :class:`~simkit.runner.result.Result` in the subfolder ``name``."""
        d = self._need_dir()
        res.save(d / name)
        self._files.append(f"{name}/")
