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
STRONGER: dict = {
    "polignac": ("simulation beats the default heuristic by +0.141 ± 0.030 of games won against the field (0.663 against 0.522, four entrants, 50 games in each of 12 seatings) at 1/2500 of its speed; experiments/tournaments.py --hands 2000, seed 2026, 2026-12-04"),
    "kerosinka": ("simulation beats the default heuristic by +0.162 ± 0.042 of games won against the field (0.488 against 0.325, four entrants, 20 games in each of 4 seatings) at 1/900 of its speed; experiments/tournaments.py --hands 2000, seed 2026, 2026-12-04"),
    "tyotka": ("simulation beats the default heuristic (rules with a look-ahead at the leads, discards and follows that can win or lose of the last five tricks, and at the counting trick and the trick before it on two-trick play-outs) by +26.5 ± 2.5 settlement points per party against the field (24.9 against -1.5, three entrants with the previous default, 20 parties in each of 12 seatings) at about 1/200 of its speed; one simulation seat against three defaults nets +25.3 ± 1.5 a party (150 parties a seat; +27.0 ± 1.5 with seed 7); simkit.tournament and docs/tricks.md \"The trick before the counting trick, on short play-outs\", seed 2026, 2026-12-05"),
    "thousand": ("play=simulation beats the default heuristic player by +0.221 ± 0.024 of games won against the field (0.651 against 0.430, five entrants, 50 games in each of 18 seatings) at 1/440 of its speed (1/1160 of random play's, outside the 1/20 budget); experiments/tournaments.py --hands 2000 --games thousand, seed 2026, 2026-12-04"),
    "king": ("play=simulation beats the default heuristic by +2.65 ± 1.04 net points per party against the field (21.1 against 18.5, four entrants, 200 parties in each of 4 seatings) at 1/350 of its speed; experiments/tournaments.py --hands 80000 --games king, seed 2026, 2026-12-04"),
    "sixty-six": ("close=simulation beats the default screened closer by +0.065 ± 0.011 of games won against the field (0.7205 against 0.6555, 1000 games in each of 12 seatings; +0.104 ± 0.011 over the tuned heuristic closer, 0.6165) at 1/25 of its speed (about 1/330 of random play's, outside the 1/20 budget); experiments/tournaments.py --hands 40000, seed 2026, 2026-12-04"),
}


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
