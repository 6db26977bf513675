"""Experiment scripts: one research question each, writing ``results/<name>/``.

A script builds an :class:`Experiment`, parses its command line (``--hands``, ``--seed``,
``--jobs``, ``--force``, ``--out``, ``-v``) and writes its tables and figures inside
``with exp.output(inputs) as out:``. Everything is written to a temporary folder beside
the target and renamed into place only when the block finishes, so an interrupted run
(Ctrl-C) leaves no half-written result. If ``results/<name>/`` already holds results for
the same inputs made by the same code (simkit's code version, which hashes its source,
and the script's own hash), the script says so and stops instead of overwriting, unless
``--force``; results for the same inputs made by other code are stale and recomputed;
results of other inputs are replaced only with ``--force``. ``meta.json`` records the
command as it was typed and the provenance (:mod:`simkit.provenance`).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import shutil
import sys
import time
from pathlib import Path

from simkit.errors import SimkitError
from simkit.log import configure, logger
from simkit.runner.folders import install, make_tmp_dir
from simkit.runner.result import parquet_safe
from simkit.runner.units import parse_hands, parse_jobs, parse_seed

DEFAULT_ROOT = Path("results")


class Experiment:
    """One experiment script's output folder, command line and metadata."""

    def __init__(self, name: str, question: str, *, default_hands: int | None, default_seed: int = 2026,
                 prog: str | None = None, default_jobs: int = 1):
        """``default_hands=None``: the script takes no ``--hands`` (its sizes are its own);
        ``prog``: how the script is run (default ``experiments/<name>.py``)."""
        self.name = name
        self.prog = prog or f"experiments/{name}.py"
        self.argv = None
        self.question = question
        self.default_hands = default_hands
        self.default_seed = default_seed
        self.default_jobs = default_jobs
        self.args = None
        self._dir: Path | None = None
        self._files: list = []
        self._figure_problems: dict = {}

    def parse(self, argv=None, extra=None):
        """Parse ``--hands N --seed S --jobs J --force --out ROOT -v`` (``extra`` may add
        arguments to the parser before parsing) and send simkit's messages to stderr at
        the ``-v`` level."""
        p = argparse.ArgumentParser(prog=self.prog, description=self.question)
        if self.default_hands is not None:
            p.add_argument("--hands", default=self.default_hands, type=str,
                           help=f"units per simulation (default {self.default_hands:_})")
        p.add_argument("--seed", default=self.default_seed, type=int, help=f"base seed (default {self.default_seed})")
        p.add_argument("--jobs", default=self.default_jobs, type=int,
                       help=f"worker processes (default {self.default_jobs}"
                            f"{': every usable core' if self.default_jobs == -1 else ''}; never changes results)")
        p.add_argument("--force", action="store_true",
                       help="recompute even if the folder holds results for these inputs and this simkit version")
        p.add_argument("--out", default=str(DEFAULT_ROOT), help="results root (default results/)")
        p.add_argument("-v", "--verbose", action="count", default=0,
                       help="progress notes on stderr (-vv: debugging detail; default: warnings only)")
        if extra:
            extra(p)
        self.argv = list(sys.argv[1:] if argv is None else argv)
        args = p.parse_args(self.argv)
        configure(args.verbose)
        try:
            if self.default_hands is not None:
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

    @property
    def command(self) -> str:
        """The command line that ran the script, as it can be typed again."""
        return shlex.join(self.prog.split() + (self.argv or []))

    def existing(self, inputs: dict) -> str | None:
        """What ``results/<name>/`` holds: ``None`` (nothing), ``"same"`` (results for
        ``inputs`` made by this code: the same simkit code version, which hashes the
        package's source, and the same script), ``"stale"`` (results for ``inputs``
        made by other code: never reused) or ``"other"`` (other inputs)."""
        from simkit.provenance import code_version

        meta_path = self.target / "meta.json"
        if not meta_path.exists():
            return None
        old = json.loads(meta_path.read_text(encoding="utf-8"))
        if old.get("inputs") != _plain(inputs):
            return "other"
        same_code = old.get("simkit_version") == code_version() and old.get("script_hash") == self.script_hash()
        return "same" if same_code else "stale"

    def script_hash(self) -> str | None:
        """Hash of the experiment's script file (``None`` when there is none to read)."""
        from simkit.provenance import sources_hash

        root = Path(__file__).resolve().parent.parent        # the checkout holding experiments/
        path = root / self.prog.split()[-1] if self.prog else None
        if path is None or not path.is_file():
            return None                                         # e.g. ``python -m simkit.study``
        return sources_hash([path], root=root)

    @contextlib.contextmanager
    def output(self, inputs: dict):
        """Yield a temporary folder to write into; on success it replaces
        ``results/<name>/`` atomically together with ``meta.json``."""
        from simkit.provenance import code_version, provenance

        __version__ = code_version()

        inputs = _plain(inputs)
        target = self.target
        force = bool(self.args and self.args.force)
        if (target.exists() or target.is_symlink()) and not self._is_mine(target):
            print(f"{target} exists and is not this experiment's output folder; it is never replaced: "
                  f"move it away or choose another --out", file=sys.stderr)
            raise SystemExit(2)
        held = self.existing(inputs)
        if held == "stale" and not force:
            old = json.loads((target / "meta.json").read_text(encoding="utf-8"))
            print(f"{target} holds results for these inputs made by other code (simkit "
                  f"{old.get('simkit_version')}); recomputing them with simkit {__version__}.", file=sys.stderr)
        elif held and not force:
            if held == "same":
                print(f"{target} already holds results for these inputs ({inputs}) and simkit {__version__}; "
                      f"rerun with --force to recompute them.")
                raise SystemExit(0)
            old = json.loads((target / "meta.json").read_text(encoding="utf-8"))
            print(f"{target} holds results for other inputs "
                  f"({old.get('inputs')}, simkit {old.get('simkit_version')}); rerun with --force to replace them.",
                  file=sys.stderr)
            raise SystemExit(2)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = make_tmp_dir(target)
        self._dir = tmp
        self._files = []
        self._figure_problems = {}
        t0 = time.time()
        try:
            yield tmp
            meta = {"experiment": self.name, "question": self.question, "inputs": inputs,
                    "simkit_version": __version__, "script_hash": self.script_hash(),
                    "provenance": provenance(), "seconds": round(time.time() - t0, 3),
                    "command": self.command,
                    "files": sorted(self._files), "figure_problems": dict(self._figure_problems)}
            with open(tmp / "meta.json", "w", encoding="utf-8") as fh:
                json.dump(meta, fh, indent=2)
            install(tmp, target, overwrite=True, is_ours=self._is_mine)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        finally:
            self._dir = None
        logger.info("wrote %s/ (%s)", target, ", ".join(sorted(self._files)))

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
        """Write a matplotlib figure as ``<name>.png`` (for the screen) and ``<name>.pdf``
        (vector, for a paper) and close it. The figure is checked first as a reader would
        look at it (:func:`~simkit.reports.figcheck.figure_problems`: a title, labelled
        axes, no empty panel, no legend over the data, no overlapping text): each problem
        is a warning, and ``meta.json`` lists them under ``figure_problems``."""
        import matplotlib.pyplot as plt

        from simkit.reports.figcheck import figure_problems, settle_legends

        d = self._need_dir()
        settle_legends(fig)
        problems = figure_problems(fig)
        if problems:
            self._figure_problems[name] = problems
            for p in problems:
                logger.warning("figure %s: %s", name, p)
        for ext in ("png", "pdf"):
            fig.savefig(d / f"{name}.{ext}", dpi=120, bbox_inches="tight")
            self._files.append(f"{name}.{ext}")
        plt.close(fig)

    def result(self, res, name: str):
        """Save a :class:`~simkit.runner.result.Result` in the subfolder ``name``."""
        d = self._need_dir()
        res.save(d / name)
        self._files.append(f"{name}/")


def _plain(inputs: dict) -> dict:
    """``inputs`` as JSON reads them back (tuples as lists, other objects as strings)."""
    return json.loads(json.dumps(inputs, default=str))


#: what every experiment's meta.json holds (Experiment.output writes them)
EXPERIMENT_KEYS = ("experiment", "question", "inputs", "simkit_version", "command", "files")


def load_experiment(directory) -> dict:
    """Read a folder an :class:`Experiment` wrote (``meta.json`` with an ``experiment``
    key): its metadata plus every table it wrote, ``{"meta": dict, "tables": {name:
    DataFrame}}`` (tables from the CSV files ``meta["files"]`` lists)."""
    import pandas as pd

    from simkit.runner.result import read_meta_object

    d = Path(directory)
    meta = read_meta_object(d)
    if "experiment" not in meta:
        raise SimkitError(f"{d} holds a simulation result, not an experiment's results")
    missing = [k for k in EXPERIMENT_KEYS if k not in meta]
    if missing:
        raise SimkitError(f"{d / 'meta.json'} is not an experiment's meta.json that simkit wrote: it lacks "
                          f"{', '.join(missing)}")
    files = meta.get("files", [])
    if not isinstance(files, list) or not all(isinstance(f, str) and f and not Path(f).is_absolute()
                                              and ".." not in Path(f).parts for f in files):
        raise SimkitError(f"{d / 'meta.json'} is damaged: 'files' must list the files it wrote, inside its folder")
    tables = {}
    for f in files:
        if f.endswith(".csv"):
            if not (d / f).is_file():
                raise SimkitError(f"{d} is damaged: {f}, listed in its meta.json, is missing")
            tables[f[:-4]] = pd.read_csv(d / f)
    return {"meta": meta, "tables": tables}
