"""A damaged numba cache file is recompiled, not a traceback on every later run (issue 30).

The runs use a temporary ``NUMBA_CACHE_DIR``, seeded with a copy of this tree's Treize
and shared kernels from the current cache when they are there (else the first run
compiles them, which takes minutes on a loaded machine)."""
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import simkit

ROOT = Path(simkit.__file__).resolve().parent.parent
CMD = [sys.executable, "-m", "simkit", "run", "treize", "--hands", "300", "--seed", "3", "--json", "--no-progress"]


def _seed_cache(tmp_base: Path) -> None:
    """Copy this source tree's cache of Treize's kernel modules and the kernel modules
    they import (numba names each subfolder after the source folder and a hash of its
    path) into ``tmp_base``."""
    from numba.core.caching import _CacheLocator

    from simkit import _cache

    names = set()
    for mod in _cache.game_modules("treize"):
        for path in _cache.dependencies(mod):
            name = _cache.module_name(Path(path))
            if _cache.is_kernel_module(name):
                names.add(name)
    for name in names:
        src = Path(_cache.module_cache_dir(name))
        sub = _CacheLocator.get_suitable_cache_subpath(str(_cache.module_file(name)))
        if (src / sub).is_dir():
            shutil.copytree(src / sub, tmp_base / "simkit" / src.name / sub)


def _run(cache: Path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    return subprocess.run(CMD, capture_output=True, text=True, env=env, timeout=900, cwd=ROOT)


def _repair_off(cache: Path):
    """The same run with numba's own cache loading (the repair taken out)."""
    code = ("import sys, simkit._cache_repair as r; r.uninstall(); from simkit.cli import main; "
            f"sys.exit(main({CMD[3:]!r}))")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=900,
                          cwd=ROOT)


def test_a_damaged_cache_file_is_recompiled(tmp_path):
    import numba

    cache = tmp_path / "cache"
    _seed_cache(cache)
    first = _run(cache)
    assert first.returncode == 0, first.stderr
    chunk = sorted(cache.rglob("nb.treize_chunk_nb-*.nbc"))
    index = sorted(p for p in cache.rglob("*.nbi") if "treize_chunk_nb" not in p.name)
    assert chunk and index, sorted(p.name for p in cache.rglob("*.nbi"))
    chunk[0].write_bytes(chunk[0].read_bytes()[:100])                       # truncated data file
    index[0].write_bytes(pickle.dumps(numba.__version__) + b"\x80\x05garbage")  # index of the right version, garbled
    # numba alone fails on every run from now on
    broken = _repair_off(cache)
    assert broken.returncode != 0 and ("UnpicklingError" in broken.stderr or "Error" in broken.stderr)
    second = _run(cache)
    assert second.returncode == 0, second.stderr
    assert "is damaged (UnpicklingError" in second.stderr and "compiling it again" in second.stderr
    assert chunk[0].name in second.stderr
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["metrics"] == b["metrics"] and a["tables"] == b["tables"]
    # a fresh entry was written: the next run loads it without a word
    assert chunk[0].exists() and len(chunk[0].read_bytes()) > 100
    third = _run(cache)
    assert third.returncode == 0 and "damaged" not in third.stderr
    assert json.loads(third.stdout)["metrics"] == a["metrics"]


def test_the_repair_leaves_other_functions_alone(tmp_path, caplog):
    """Only the failing function's own files go; a failing save is a warning."""
    from types import SimpleNamespace

    from simkit import _cache_repair

    for name in ("f-1.py311.nbi", "f-1.py311.1.nbc", "f-1.py311.2.nbc", "f-10.py311.nbi", "g-1.py311.nbi"):
        (tmp_path / name).write_bytes(b"x")
    fake = SimpleNamespace(_cache_path=str(tmp_path), _impl=SimpleNamespace(filename_base="f-1.py311"),
                           _name="<function f>")
    _cache_repair._drop(fake, ValueError("bad"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f-10.py311.nbi", "g-1.py311.nbi"]
    assert "f-1.py311.1.nbc, f-1.py311.2.nbc, f-1.py311.nbi" in caplog.text


@pytest.fixture(autouse=True)
def _installed():
    from simkit import _cache_repair

    assert _cache_repair._INSTALLED      # importing simkit installs it
    yield
