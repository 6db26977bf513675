"""Polignac policies: one ``play`` role (kernels in :mod:`.play`, codes in :mod:`.codes`).

``random`` (uniform legal card), ``heuristic`` (a trick is a plus point, a jack taken
costs 4/3/2/1; :func:`~simkit.games.polignac.play.polignac_play_nb`): win a trick with
the weakest card that wins (last to play) or keeps it (earlier), only while it holds at
most ``take`` jack points and no losing jack of penalty ``dump`` or more can be dumped
instead; otherwise dump the costliest jack, else duck with the weakest card; lead a jack
nobody can duck (``jacks``), a sure winner only with ``masters``, else a low card by
``lead``. ``simulation`` (samples the hidden hands consistently with the voids shown and
plays each legal card out with the ``avoid`` heuristic at every seat: the best mean net
points of the deal), ``avoid`` (Tyotka's ducking heuristic, Polignac's default before: a
baseline), or a user's ``@njit`` ``play(hand, legal, state, params) -> card``: ``state``
holds the shared trick layout (:mod:`simkit.core.tricks` ``S_*``: ``S_TURNUP`` = the
turned trump card) and :mod:`simkit.games.penalty_tricks`' ``S_PEN`` (jack penalties so
far this deal); ``S_SCORE`` = the net totals before the deal.

Measured (games to 20, one seat against two, averaged over the three seat rotations on the
same games, seed 2026; docs/tricks.md "Polignac's heuristic"): ``simulation`` (16
samples) wins 0.373 +- 0.012 of 1 500 games against two ``heuristic`` seats, 0.971 +-
0.006 of 900 against two ``avoid`` seats; ``heuristic`` wins 0.796 +- 0.003 of 15 000
against two ``avoid`` seats, ``avoid`` 0.055 +- 0.002 against two ``heuristic`` seats. The
defaults are the best values of one-parameter changes against two default seats.
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games import penalty_codes as pt
from simkit.games.penalty_games import USER_SIGNATURE
from simkit.games.polignac import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

#: the heuristic's parameters (defaults: the best measured, docs/tricks.md "Polignac's heuristic")
HEURISTIC = {"take": param(0, "int", 0, 10), "lead": param(1, "int", 0, 2), "masters": param(0, "int", 0, 1),
             "jacks": param(1, "int", 0, 1), "second": param(0, "int", 0, 1), "dump": param(3, "int", 1, 5)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card (a baseline)", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "a trick is +1, a jack -4/-3/-2/-1: win with the weakest card that wins (last to play) "
                "or keeps the trick (earlier; none: the weakest winner, `second`=1 the strongest), only a trick of "
                "at most `take` jack points and only when no losing jack of penalty `dump` or more can go instead; "
                "otherwise dump the costliest jack, else the weakest card; lead a jack nobody can duck (`jacks`), a "
                "sure winner (`masters`), else low: from the longest side suit (`lead`=0), the weakest card (1), "
                "the shortest side suit (2)",
                pt.PLAY_HEURISTIC, dict(HEURISTIC)),
     PolicySpec("simulation", "samples the hidden hands `samples` times consistently with the voids shown, "
                "plays each legal card out with the `avoid` heuristic for every seat, plays the least mean cost",
                pt.PLAY_SIMULATION, {"samples": param(16, "int", 1, 1000)}),
     PolicySpec("avoid", "Tyotka's ducking heuristic (the default before; a baseline): take a trick without a "
                "jack with the weakest winner last, the strongest earlier; otherwise shed the highest card",
                codes.PLAY_AVOID, {})],
    default="heuristic",
    user_signature=USER_SIGNATURE,
)

PARAM_SLOTS = {"play": {"samples": pt.P_SAMPLES, "take": codes.P_TAKE, "lead": codes.P_LEAD,
                        "masters": codes.P_MASTERS, "jacks": codes.P_JACKS, "second": codes.P_SECOND,
                        "dump": codes.P_DUMP}}
