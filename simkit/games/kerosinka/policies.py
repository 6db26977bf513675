"""Kerosinka's ``play`` role.

* ``random``: a uniformly chosen legal card (a baseline);
* ``heuristic`` (the default): Kerosinka's own card player,
  :func:`~simkit.games.kerosinka.play.kerosinka_play_nb`: leads the safe card that draws
  the most points (a card no unseen card can beat, worth its points times one plus the
  opponents expected to hold its rank, who must play it), else gives the lead away with
  its cheapest plain card; follows with the weakest sure winner, spends a trump on a
  plain lead only for ``trump_at`` points, contests an unsure trick with its strongest
  winner, else throws its cheapest card;
* ``basic``: the point games' shared "take points, count trumps"
  (:func:`~simkit.games.point_tricks.take_points_nb`; Kozel's ``heuristic``, and
  Kerosinka's default before it had its own), kept as a baseline;
* ``simulation``: the shared simulation player (its play-outs by ``basic``);
* a user's ``@njit`` ``play(hand, legal, state, params) -> card``.

Every parameter declares its type and range; the defaults are the best values measured
(``experiments/kerosinka_play.py``; figures in ``docs/point-games.md``).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games.kerosinka import codes
from simkit.games.point_game import PARAM_SLOTS as _SHARED_SLOTS
from simkit.games.point_game import USER_SIGNATURE
from simkit.policies.base import PolicyRole, PolicySpec, param

_TAKE_AT = param(0, "int", 0, 120)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card (a baseline)", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "Kerosinka's rank-first card player: lead the safe card (none unseen beats it) worth "
                "the most, its points times 1 + the opponents expected to hold its rank, if that is `lead_at` or "
                "more, else the cheapest plain card; follow with the weakest sure winner (`void_min`: unseen "
                "cards of a plain suit needed while trumps are out), no trump on a plain lead for under "
                "`trump_at` points, the strongest unsure winner for `win_at` points or more, else the cheapest "
                "card", codes.PLAY_KEROSINKA,
                {"lead_at": param(5, "float", 0, 120), "trump_at": param(3, "int", 0, 120),
                 "win_at": param(0, "int", 0, 120), "void_min": param(0, "int", 0, 9)}),
     PolicySpec("basic", "the point games' shared heuristic, Kozel's `heuristic` (a baseline): take points, count "
                "trumps: lead a sure card (a sure trump first while trumps are out), win with the richest sure "
                "card, or the strongest winning card when the trick holds `take_at` points or more, else throw "
                "the cheapest card", codes.PLAY_BASIC, {"take_at": _TAKE_AT}),
     PolicySpec("simulation", "plays the rest out on `samples` deals of the hidden cards (`basic` play with "
                "`take_at` for everyone) once per legal card and plays the card that took the most points",
                codes.PLAY_SIM, {"samples": param(20, "int", 1, 10_000), "take_at": _TAKE_AT})],
    default="heuristic",
    user_signature=USER_SIGNATURE,
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {**_SHARED_SLOTS, "lead_at": codes.P_LEAD_AT, "trump_at": codes.P_TRUMP_AT, "win_at": codes.P_WIN_AT,
               "void_min": codes.P_VOID_MIN}
