"""What the tournaments say about each game's default play (``docs/strategy.md``).

Each game's default policy is the strongest built-in that plays at least 1/20 as fast as
random play. Where a slower built-in beats it, :data:`STRONGER` says by how much, as
``experiments/tournaments.py`` measured it (the figure, its paired standard error, the
speed ratio and the run that made it); the report of a run that plays the default
(``simkit run``'s summary and ``--json``'s ``stronger_policy``) repeats it, so that a
headline made with the default names the play that would change it.
"""
from __future__ import annotations

#: game id -> the stronger, slower built-in and its tournament margin over the default
STRONGER: dict = {}


def stronger_note(game_id: str, policies: dict, defaults: dict) -> str | None:
    """The note for ``game_id`` when every role plays its default (a run with other
    policies is not the default's headline), else ``None``."""
    note = STRONGER.get(game_id)
    if note is None:
        return None
    for role, pol in policies.items():
        items = pol if isinstance(pol, (list, tuple)) else [pol]
        if any(p.is_user or p.name != defaults.get(role) for p in items):
            return None
    return note
