"""The game registry: every subpackage of ``simkit.games`` whose ``__init__.py`` defines
``GAME`` (a :class:`~simkit.games.base.Game`).

Game ids use hyphens (``oh-hell``); their packages the same name with underscores
(``oh_hell``). Packages are imported only when their game is asked for, so running one
game never compiles (or loads from the cache) the kernels of the others.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
import time
from pathlib import Path

from simkit.errors import SimkitError

_DEFINES_GAME = re.compile(r"^GAME\s*=", re.MULTILINE)
_IDS: dict | None = None
_LOADED: dict = {}
_LOAD_S: dict = {}   # game id -> seconds its import spent, not yet counted by a run


def _ids() -> dict:
    """``{game id: package name}`` without importing any game."""
    global _IDS
    if _IDS is None:
        found = {}
        for mod in pkgutil.iter_modules(__path__):
            init = Path(__path__[0]) / mod.name / "__init__.py"
            if mod.ispkg and init.exists() and _DEFINES_GAME.search(init.read_text(encoding="utf-8")):
                found[mod.name.replace("_", "-")] = mod.name
        _IDS = dict(sorted(found.items()))
    return _IDS


def list_games() -> list[str]:
    """Ids of every registered game."""
    return list(_ids())


def get_game(game_id):
    """The :class:`~simkit.games.base.Game` registered as ``game_id``."""
    from simkit.games.base import Game

    if isinstance(game_id, Game):
        return game_id
    ids = _ids()
    if game_id not in ids:
        raise SimkitError(f"unknown game {game_id!r}; known games: {', '.join(ids)}")
    if game_id not in _LOADED:
        t0 = time.perf_counter()
        game = importlib.import_module(f"{__name__}.{ids[game_id]}").GAME
        _LOAD_S[game_id] = time.perf_counter() - t0
        if game.id != game_id:
            raise SimkitError(f"package {ids[game_id]} registers id {game.id!r}; expected {game_id!r}")
        _LOADED[game_id] = game
    return _LOADED[game_id]


def take_load_seconds(game_id: str) -> float:
    """Seconds this process spent importing game ``game_id`` (compiling its kernels with
    explicit signatures, or loading them from the numba cache), or 0.0 once a run has
    counted them: the first run after the import reports them in its ``compile_s``."""
    return _LOAD_S.pop(game_id, 0.0)
