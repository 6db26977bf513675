"""The numba cache folders: keyed so that an edit recompiles only what depends on it."""
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
