"""The game registry: every subpackage of ``simkit.games`` that defines ``GAME``.

Game ids use hyphens (``oh-hell``); their packages use underscores (``oh_hell``).
"""
from __future__ import annotations

import importlib
import pkgutil

from simkit.errors import SimkitError

_REGISTRY: dict | None = None


def _discover() -> dict:
    global _REGISTRY
    if _REGISTRY is None:
        found = {}
        for mod in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not mod.ispkg:
                continue
            module = importlib.import_module(f"{__name__}.{mod.name}")
            game = getattr(module, "GAME", None)
            if game is not None:
                found[game.id] = game
        _REGISTRY = found
    return _REGISTRY


def list_games() -> list[str]:
    """Ids of every registered game."""
    return sorted(_discover())


def get_game(game_id):
    """The :class:`~simkit.games.base.Game` registered as ``game_id``."""
    from simkit.games.base import Game

    if isinstance(game_id, Game):
        return game_id
    games = _discover()
    if game_id not in games:
        raise SimkitError(f"unknown game {game_id!r}; known games: {', '.join(sorted(games))}")
    return games[game_id]
