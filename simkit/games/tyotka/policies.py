"""Tyotka policies: one ``play`` role (:mod:`simkit.games.penalty_games`).

``random`` (uniform legal card), ``heuristic`` (every trick costs: lead the card most
likely to lose, duck with the highest card that loses, shed queens, the photograph and
high cards when void, take a forced trick with the highest card only when last),
``simulation`` (samples the hidden hands consistently with the voids shown and plays
each legal card out with the heuristic: the least mean penalty), or a user's ``@njit``
``play(hand, legal, state, params) -> card``: ``state`` holds the shared trick layout
(:mod:`simkit.core.tricks` ``S_*``) and the penalty fields of
:mod:`simkit.games.penalty_tricks` (``S_HOT`` = the photograph, ``S_HOT_TRICK`` = the
counting trick, 0-based, ``S_PEN`` = penalties so far this deal; ``S_SCORE`` = the
rubber's penalties before the deal).
"""
from simkit.games.penalty_games import PARAM_SLOTS, play_role  # noqa: F401

PLAY = play_role("every trick costs: lead the card most likely to lose, duck with the highest losing card, "
                 "shed queens, the photograph and high cards when void")
