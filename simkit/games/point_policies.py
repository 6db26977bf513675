"""The play role of the card-point trick games played each for himself (Kozel, Kerosinka;
kernels in :mod:`simkit.games.point_tricks`).

``random`` (a uniformly chosen legal card), ``heuristic`` ("take points, count trumps":
:func:`~simkit.games.point_tricks.take_points_nb`), ``simulation`` (samples the hidden
hands consistent with what the seat has seen and plays the rest out with the heuristic
once per legal card: :func:`~simkit.games.point_tricks.simulation_play_nb`), or a user's
``@njit`` function ``play(hand: int64, legal: int64, state: int64[:], params: float64[:])
-> int64`` returning a card code whose bit is set in ``legal`` (``state``: the shared
``S_*`` layout of :mod:`simkit.core.tricks` plus ``S_POINTS`` and the game's fields).

The default is the heuristic with ``take_at=0`` (contest every trick it can win). Measured
(seed 11, two seats against two at ``take_at=10``, dealers rotating): Kerosinka games to
300, win rate 0.2587 against 0.2413 (stderr 0.0018 each; 20 000 games) and 30.25 against
29.75 points a deal; Kozel matches 0.258 against 0.242 (stderr 0.0046; 3 000 matches);
``take_at`` 4 and 20 lie between. Against random play the heuristic wins Kerosinka games
0.325 against 0.175 a seat (2 000 games) and Kozel matches 0.43 against 0.07 (300
matches). ``simulation`` (10 samples) is stronger still, one seat against three
heuristic players: Kerosinka 0.50 ± 0.08 of 40 games, 36.3 points a deal against 27.9;
Kozel 0.43 ± 0.05 of 100 matches (a quarter is even), but it is some 300 times slower
(100 Kozel matches: 43 s), so it is not the default: the default study plays thousands
of games.
"""
from simkit.core.trick_play import PLAY_RANDOM
from simkit.games import point_tricks as pt
from simkit.policies.base import PolicyRole, PolicySpec, param

_TAKE_AT = param(0, "int", 0, 120)


def play_role(default: str = "heuristic") -> PolicyRole:
    """The ``play`` role (policies and their declared parameters)."""
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
         PolicySpec("heuristic", "take points, count trumps: lead a sure card (a sure trump first while trumps are "
                    "out), win with the richest sure card, or the strongest winning card when the trick holds "
                    "`take_at` points or more, else throw the cheapest card", pt.PLAY_HEURISTIC,
                    {"take_at": _TAKE_AT}),
         PolicySpec("simulation", "plays the rest out on `samples` deals of the hidden cards (heuristic play for "
                    "everyone) once per legal card and plays the card that took the most points", pt.PLAY_SIMULATION,
                    {"samples": param(20, "int", 1, 10_000), "take_at": _TAKE_AT})],
        default=default,
        user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
    )


#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"take_at": pt.P_TAKE_AT, "samples": pt.P_SAMPLES}
