"""The numba cache folders: keyed so that an edit recompiles only what depends on it."""
import json
import os
import subprocess
import sys
from pathlib import Path

import simkit
from simkit import _cache


def _rel(paths):
    root = Path(simkit.__file__).resolve().parent
    return {str(Path(p).relative_to(root)) for p in paths}


def _kernel_modules():
    root = Path(simkit.__file__).resolve().parent
    names = [_cache.module_name(p) for p in root.rglob("*.py")]
    return [n for n in names if _cache.is_kernel_module(n)]


def test_kernel_modules_are_those_that_import_numba_at_their_top():
    assert _cache.is_kernel_module("simkit.core.tricks") and _cache.is_kernel_module("simkit.games.treize.nb")
    assert _cache.is_kernel_module("simkit.games.banking_nb")
    assert not _cache.is_kernel_module("simkit.games.treize.report")
    assert not _cache.is_kernel_module("simkit._cache")           # imports numba inside a function only
    assert not _cache.is_kernel_module("simkit.cli")


def test_a_kernel_depends_on_what_it_imports_transitively():
    deps = _rel(_cache.dependencies("simkit.games.ochko.nb"))
    assert {"games/ochko/nb.py", "games/ochko/nb_a.py", "games/ochko/nb_core.py", "core/stats.py",
            "core/rng.py", "games/banking_nb.py"} <= deps
    assert "core/tricks.py" not in deps and "games/banking.py" not in deps


def test_no_kernel_depends_on_pandas_side_code():
    """So that an edit to a report, the command line, the runner or the shared reports
    recompiles nothing (issue 27: a comment in a report.py recompiled its game)."""
    for name in _kernel_modules():
        deps = _rel(_cache.dependencies(name))
        bad = [d for d in deps if d.endswith("report.py") or d.startswith(("reports/", "runner/", "cli"))
               or d in ("strategy.py", "study.py", "experiment.py", "games/banking.py", "games/base.py")]
        assert bad == [], (name, bad)


def test_the_folder_key_reads_code_not_comments_or_docstrings(tmp_path):
    """A comment, a docstring or a blank line in a module changes no kernel's folder (so
    a game's kernels may import its ``rules.py``, whose docs change often); code does."""
    base = '"""Doc."""\nX = 1\n\n\ndef f(a):\n    """What f does."""\n    return a + X\n'
    same = ('"""Another doc."""\n# a comment\nX = 1  # one\n\ndef f(a):\n    """Says more."""\n\n'
            '    return a + X\n')
    other = base.replace("a + X", "a - X")
    digests = []
    for i, text in enumerate((base, same, other)):
        path = tmp_path / f"m{i}.py"
        path.write_text(text)
        digests.append(_cache.code_digest(path))
    assert digests[0] == digests[1] != digests[2]


def test_one_games_kernels_are_no_other_games_dependency():
    """An edit to one game's kernels recompiles that game only."""
    packages = _cache._game_packages()
    for name in _kernel_modules():
        parts = name.split(".")
        own = parts[2] if parts[1] == "games" and parts[2] in packages else None
        others = {d.split("/")[1] for d in _rel(_cache.dependencies(name))
                  if d.startswith("games/") and d.split("/")[1] in packages} - {own}
        assert others == set(), (name, others)


def test_kernels_cache_in_their_own_modules_folders():
    """Each kernel module caches in a folder keyed by what it depends on."""
    from simkit.core import tricks
    from simkit.games.oh_hell import nb as oh_nb

    assert tricks.legal_full_nb._cache._cache_path.startswith(_cache.module_cache_dir("simkit.core.tricks"))
    assert oh_nb.oh_hell_chunk_nb._cache._cache_path.startswith(
        _cache.module_cache_dir("simkit.games.oh_hell.nb"))
    assert _cache.module_cache_dir("simkit.games.oh_hell.nb").startswith(simkit.CACHE_DIR)


def test_every_kernel_module_imports_with_its_cache_folder():
    import importlib.util

    assert isinstance(importlib.util.find_spec("simkit.games.treize.nb").loader, _cache._KernelCacheLoader)
    assert isinstance(importlib.util.find_spec("simkit.games.ochko.nb_core").loader, _cache._KernelCacheLoader)
    assert not isinstance(importlib.util.find_spec("simkit.games.banking").loader, _cache._KernelCacheLoader)
    assert not isinstance(importlib.util.find_spec("simkit.games.treize").loader, _cache._KernelCacheLoader)


# -- the edit-test loop: collecting compiles nothing, one game's tests compile that game -----
ROOT = Path(__file__).resolve().parent.parent


def _python(code, env=None):
    """Runs ``code`` in a fresh interpreter on this tree; returns its last stdout line as JSON."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg", **(env or {}))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


_PYTEST_THEN_GAMES = """
import json, sys, pytest
from simkit.games import _ids
rc = pytest.main([*{args!r}, "-q", "-p", "no:cacheprovider"])
games = sorted(m for m in sys.modules if m.split(".")[:2] == ["simkit", "games"] and len(m.split(".")) == 3
               and m.split(".")[2] in _ids().values())
print(json.dumps([int(rc), games]))
"""


def test_collecting_the_whole_suite_imports_and_compiles_no_game(tmp_path):
    """With an empty numba cache, collecting every test imports no registered game
    (importing one compiles its kernels) and compiles no game's kernel (the packages of
    games in preparation, which their rule tests import, compile nothing at import)."""
    rc, games = _python(_PYTEST_THEN_GAMES.format(args=["--collect-only", "tests"]),
                        env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert rc == 0 and games == []
    assert list(tmp_path.rglob("*.nbi")) == []


def test_importing_every_game_and_listing_compiles_nothing(tmp_path):
    """Nothing compiles at import (``@cfunc`` hooks and kernels with declared signatures
    compile on first use, simkit/core/jit.py), so ``simkit list``, ``rules`` and
    ``policies`` on an empty cache compile no kernel (issue 27: ``simkit list`` took
    minutes)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(tmp_path))
    for args in (["list"], ["rules", "kozel"], ["policies", "thousand"]):
        p = subprocess.run([sys.executable, "-m", "simkit", *args], capture_output=True, text=True, cwd=ROOT, env=env)
        assert p.returncode == 0, p.stderr[-2000:]
    rc, loaded = _python("""
import json, simkit
print(json.dumps([0, [simkit.get_game(g).id for g in simkit.list_games()]]))
""", env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert len(loaded) == len(simkit.list_games())
    assert list(tmp_path.rglob("*.nbi")) == []


def test_selecting_one_game_imports_that_game_only():
    rc, games = _python(_PYTEST_THEN_GAMES.format(args=["tests/test_conformance.py", "-k", "treize and report"]))
    assert rc == 0 and games == ["simkit.games.treize"]


def test_compile_s_counts_loading_the_game():
    """A fresh process's first run reports the game's import (where its kernels compile or
    load) in ``compile_s``, and more (its first kernel calls); a second run has nothing
    left to load."""
    first, load, second = _python("""
import json, time, simkit
import simkit.games.base             # the Game class and the registry scan, apart from
simkit.list_games()                 # the game's import timed below
t0 = time.perf_counter()
simkit.get_game("treize")
load = time.perf_counter() - t0
runs = [simkit.simulate("treize", 200, seed=1, progress=False).timings["compile_s"] for _ in range(2)]
print(json.dumps([runs[0], load, runs[1]]))
""")
    assert first >= load > 0 and second < first, (first, load, second)


#: shared kernels that take a parameter named like a game's own types but receive shared ones
_SHARED_CTX_OK = {"simkit.games.point_tricks:rollout_points_nb"}      # ctx = (trick table, take_at, stream)


def test_shared_kernels_cache_nothing_typed_by_a_game():
    """A shared kernel module (the core, the engines in ``simkit/games/*.py``) caches no
    function that takes a game's own types (its statistics bundle ``stats`` or its context
    ``ctx``): its cache index would list every game's types, and loading it in a process
    that cannot import one of them (the docs' toy game, a user's game) finds it damaged.
    Such a function is compiled uncached into each game's kernels, cached there."""
    import ast

    root = Path(simkit.__file__).parent
    bad = []
    for path in sorted(list((root / "core").glob("*.py")) + list((root / "games").glob("*.py"))):
        name = _cache.module_name(path)
        if not _cache.is_kernel_module(name):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            decs = [ast.unparse(d) for d in node.decorator_list]
            cached = any("cache=True" in d for d in decs) and not any("inline" in d for d in decs)
            if cached and {"stats", "ctx"} & {a.arg for a in node.args.args} and \
                    f"{name}:{node.name}" not in _SHARED_CTX_OK:
                bad.append(f"{name}:{node.name}")
    assert bad == []
