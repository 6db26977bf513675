"""Where numba caches simkit's compiled kernels.

numba invalidates a cached function only when its own source file changes, not when a
function it calls in another module does, so a stale cache could silently run old code
after an edit to shared kernel code. simkit therefore keys its cache folders by hashes
of the source that compiled code can depend on:

* ``$NUMBA_CACHE_DIR/simkit-<shared>``: the shared kernel code (``simkit/core``,
  ``simkit/policies``, the modules directly in ``simkit/games`` and any other simkit
  module that imports numba), hashed together as ``<shared>``;
* ``$NUMBA_CACHE_DIR/simkit-<shared>/<package>-<own>``: one game's kernels, ``<own>``
  hashing the game's package (and any other game package it imports).

An edit to one game's files recompiles that game only; an edit to the shared code
recompiles everything; an edit elsewhere (the command line, the runner, reports that do
not import numba) recompiles nothing. Default base: ``~/.cache/simkit/numba``. Processes
running the same source (loky workers, dask workers, batch jobs) share the folders.

numba fixes a function's cache folder when it is decorated, so a game package is
imported with ``numba.config.CACHE_DIR`` pointing at its own folder
(:func:`game_cache`, applied by the import hook in :mod:`simkit.games`).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent
_GAMES = _PKG / "games"
_IMPORTS_NUMBA = re.compile(r"^\s*(?:import numba|from numba)", re.MULTILINE)
_GAME_REF = re.compile(r"simkit\.games\.([A-Za-z_][A-Za-z0-9_]*)")


def _game_packages() -> set:
    return {p.name for p in _GAMES.iterdir() if (p / "__init__.py").exists()}


def _hash(paths) -> str:
    h = hashlib.sha1()
    for path in sorted(paths):
        h.update(str(path.relative_to(_PKG)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def shared_sources() -> list:
    """The files every game's compiled code may depend on (see the module doc)."""
    games = _game_packages()
    out = []
    for path in _PKG.rglob("*.py"):
        rel = path.relative_to(_PKG).parts
        if rel[0] == "games" and len(rel) > 2 and rel[1] in games:
            continue                                  # a game's own package
        if rel[0] in ("core", "policies") or (rel[0] == "games" and len(rel) == 2) \
                or rel[0] in ("_cache.py", "errors.py") \
                or _IMPORTS_NUMBA.search(path.read_text(encoding="utf-8")):
            out.append(path)
    return out


def game_sources(package: str) -> list:
    """The files of game package ``package`` and of the game packages it imports."""
    games = _game_packages()
    todo, seen, out = [package], set(), []
    while todo:
        pkg = todo.pop()
        if pkg in seen:
            continue
        seen.add(pkg)
        for path in (_GAMES / pkg).rglob("*.py"):
            out.append(path)
            todo.extend(g for g in _GAME_REF.findall(path.read_text(encoding="utf-8")) if g in games)
    return out


@lru_cache(maxsize=None)
def source_tag() -> str:
    """Hash of the shared kernel code."""
    return _hash(shared_sources())


@lru_cache(maxsize=None)
def game_tag(package: str) -> str:
    """Hash of game package ``package`` (and the game packages it imports)."""
    return _hash(game_sources(package))


def _base() -> str:
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(Path.home(), ".cache", "simkit", "numba")


def shared_cache_dir() -> str:
    return os.path.join(_base(), f"simkit-{source_tag()}")


def game_cache_dir(package: str) -> str:
    return os.path.join(shared_cache_dir(), f"{package}-{game_tag(package)}")


def configure_cache() -> str:
    """Point numba's cache at the shared kernels' folder; returns it."""
    import numba

    folder = shared_cache_dir()
    numba.config.CACHE_DIR = folder
    return folder


def import_shared_kernels() -> None:
    """Import every shared module that imports numba, so that its kernels are decorated
    with the shared folder whichever game is imported first."""
    import importlib

    for path in shared_sources():
        rel = path.relative_to(_PKG.parent).with_suffix("")
        if rel.name != "__init__" and _IMPORTS_NUMBA.search(path.read_text(encoding="utf-8")):
            importlib.import_module(".".join(rel.parts))


@contextlib.contextmanager
def game_cache(package: str):
    """Import (decorate) game package ``package``'s kernels with its own cache folder
    (the shared kernels are imported first, with theirs)."""
    import numba

    import_shared_kernels()
    before = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = game_cache_dir(package)
    try:
        yield
    finally:
        numba.config.CACHE_DIR = before
