"""Kozel's ``play`` role.

* ``random``: a uniformly chosen legal card (a baseline);
* ``heuristic`` (the default): "take points, count trumps" with Kozel's parameters,
  :func:`~simkit.games.kozel.play.kozel_play_nb`; at ``weak_win=0, draw=1``
  it is the point games' shared heuristic (Kerosinka's ``basic``), card for card;
* ``simulation``: the shared simulation player (its play-outs by the shared heuristic at
  ``take_at``);
* a user's ``@njit`` ``play(hand, legal, state, params) -> card``.

Every parameter declares its type and range; the defaults are the best values measured
(figures in ``docs/point-games.md``).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games import point_codes as pt
from simkit.games.kozel import codes
from simkit.games.point_game import PARAM_SLOTS as _SHARED_SLOTS
from simkit.games.point_game import USER_SIGNATURE
from simkit.policies.base import PolicyRole, PolicySpec, param

_TAKE_AT = param(0, "int", 0, 120)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "take points, count trumps: lead the richest sure card (while trumps are out only a sure "
                "trump; none with `draw=0`), else the cheapest; win with the richest sure card, or, when the trick "
                "holds `take_at` points or more, the weakest winning card (the strongest with `weak_win=0`), "
                "else throw the cheapest card", pt.PLAY_HEURISTIC,
                {"take_at": _TAKE_AT, "weak_win": param(1, "int", 0, 1),
                 "draw": param(1, "int", 0, 1)}),
     PolicySpec("simulation", "plays the rest out on `samples` deals of the hidden cards (the shared heuristic at "
                "`take_at` for everyone) once per legal card and plays the card that took the most points",
                pt.PLAY_SIMULATION, {"samples": param(20, "int", 1, 10_000), "take_at": _TAKE_AT})],
    default="heuristic",
    user_signature=USER_SIGNATURE,
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {**_SHARED_SLOTS, "weak_win": codes.P_WEAK_WIN, "draw": codes.P_DRAW}
