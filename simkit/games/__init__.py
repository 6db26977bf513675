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
from pathlib import Path

from simkit.errors import SimkitError

_DEFINES_GAME = re.compile(r"^GAME\s*=", re.MULTILINE)
_IDS: dict | None = None
_LOADED: dict = {}


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
        game = importlib.import_module(f"{__name__}.{ids[game_id]}").GAME
        if game.id != game_id:
            raise SimkitError(f"package {ids[game_id]} registers id {game.id!r}; expected {game_id!r}")
        _LOADED[game_id] = game
    return _LOADED[game_id]
