"""Polignac policies: one ``play`` role (:mod:`simkit.games.penalty_games`).

``random`` (uniform legal card), ``heuristic`` (a trick is a plus point, a jack taken
costs 4/3/2/1: take tricks without jacks cheaply, lead sure winners, trump when void and
the trick pays, duck a trick holding a jack, shed jacks on tricks others take),
``simulation`` (samples the hidden hands consistently with the voids shown and plays each
legal card out with the heuristic: the best mean net points of the deal), or a user's
``@njit`` ``play(hand, legal, state, params) -> card``: ``state`` holds the shared trick
layout (:mod:`simkit.core.tricks` ``S_*``: ``S_TURNUP`` = the turned trump card) and
:mod:`simkit.games.penalty_tricks`' ``S_PEN`` (jack penalties so far this deal);
``S_SCORE`` = the net totals before the deal.
"""
from simkit.games.penalty_games import PARAM_SLOTS, play_role  # noqa: F401

PLAY = play_role("a trick is a plus point, a jack a minus: take tricks without jacks cheaply, lead sure winners, "
                 "trump when it pays, duck a trick holding a jack, shed jacks on others' tricks")
