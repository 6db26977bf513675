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
    return {str(p.relative_to(root)) for p in paths}


def test_shared_sources_hold_the_core_and_no_game_package():
    shared = _rel(_cache.shared_sources())
    assert "core/tricks.py" in shared and "core/rng.py" in shared and "games/banking.py" in shared
    assert not any(p.startswith("games/oh_hell/") or p.startswith("games/treize/") for p in shared)
    assert "cli.py" not in shared and "runner/simulate.py" not in shared   # no numba there


def test_game_sources_are_its_own_package():
    own = _rel(_cache.game_sources("ochko"))
    assert "games/ochko/nb_core.py" in own and "games/ochko/report.py" in own
    assert not any(p.startswith("games/") and not p.startswith("games/ochko/") for p in own)


def test_kernels_cache_in_their_own_folders():
    """A game's kernels cache under its own folder (keyed by its package), the shared
    kernels under the shared folder, whichever is imported first."""
    from simkit.core import tricks
    from simkit.games.oh_hell import nb as oh_nb
    from simkit.games.spades import nb as sp_nb

    shared = _cache.shared_cache_dir()
    assert tricks.legal_full_nb._cache._cache_path.startswith(shared + "/core")
    assert oh_nb.oh_hell_chunk_nb._cache._cache_path.startswith(_cache.game_cache_dir("oh_hell"))
    assert sp_nb.__name__ and _cache.game_cache_dir("spades") != _cache.game_cache_dir("oh_hell")
    assert _cache.game_cache_dir("spades").startswith(shared)


def test_every_module_of_a_game_package_imports_with_the_games_cache():
    """Modules of a game package (also those imported after the package itself) load
    through the game's cache folder; shared modules such as simkit.games.banking do not."""
    import importlib.util

    import simkit.games as games

    assert isinstance(importlib.util.find_spec("simkit.games.treize").loader, games._GameCacheLoader)
    assert isinstance(importlib.util.find_spec("simkit.games.ochko.nb_core").loader, games._GameCacheLoader)
    assert not isinstance(importlib.util.find_spec("simkit.games.banking").loader, games._GameCacheLoader)


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
    compiled = [p for folder in tmp_path.glob("simkit-*/*") if folder.name.split("-")[0] in _cache._game_packages()
                for p in folder.rglob("*.nbi")]
    assert compiled == []


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
