"""What made a result: the code, the commit and the environment.

Every saved result, tournament, tuning run, study and experiment records
:func:`provenance` in its ``meta.json``, and its ``version`` field is
:func:`code_version`: the release (``simkit.__version__``) with a hash of every source
file of the ``simkit`` package as a local version label, e.g. ``0.1.0+code.1a2b3c4d5e6f``.
Two runs of different code therefore never carry the same version: ``merge`` refuses
their shards, and a study or experiment reruns instead of reporting the old numbers as
current. The commit (with a ``dirty`` flag for uncommitted changes) is recorded when the
package sits in a git checkout and ``git`` can be run; a missing git is not an error.
"""
from __future__ import annotations

import hashlib
import platform
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def sources_hash(paths, root: Path = _PKG) -> str:
    """SHA-1 (12 hex digits) of the files ``paths``: each relative name and its bytes,
    in sorted order, so the hash depends on the content and names only."""
    h = hashlib.sha1()
    for path in sorted(Path(p) for p in paths):
        h.update(str(path.relative_to(root)).encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:12]


@lru_cache(maxsize=None)
def code_hash() -> str:
    """Hash of every ``*.py`` file of the ``simkit`` package (see :func:`sources_hash`)."""
    return sources_hash(p for p in _PKG.rglob("*.py") if "__pycache__" not in p.parts)


def code_version() -> str:
    """``simkit.__version__`` with the code hash as a PEP 440 local label."""
    from simkit import __version__

    return f"{__version__}+code.{code_hash()}"


@lru_cache(maxsize=None)
def git_commit() -> dict:
    """``{"commit": sha, "dirty": bool}`` of the checkout holding the package, or
    ``{"commit": None, "dirty": None}`` when there is none (an installed package, no git)."""
    root = _PKG.parent
    if not (root / ".git").exists():
        return {"commit": None, "dirty": None}
    try:
        sha = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no",
                                 "--", "simkit"], capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}
    return {"commit": sha or None, "dirty": bool(status.strip())}


@lru_cache(maxsize=None)
def _environment() -> tuple:
    return tuple(_read_environment().items())


def environment() -> dict:
    """The interpreter, the numerical libraries and the platform (read once a process:
    every Result records it)."""
    return dict(_environment())


def _read_environment() -> dict:
    # read from the installed metadata: importing the libraries here is not needed
    # (and a module that imports numba would join the kernels' cache key, simkit/_cache.py)
    from importlib import metadata

    def version(dist):
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return None

    return {"python": platform.python_version(), "implementation": sys.implementation.name,
            **{dist: version(dist) for dist in ("numpy", "numba", "llvmlite", "pandas")},
            "platform": platform.platform(), "machine": platform.machine()}


def provenance() -> dict:
    """The record a result keeps of what made it: the code version and hash, the commit
    (when known) and the environment."""
    return {"version": code_version(), "code_hash": code_hash(), **git_commit(), **environment()}
