"""The play role shared by the penalty trick games (Tyotka, Polignac): random, the
ducking/shedding heuristic and the simulation player of
:mod:`simkit.games.penalty_tricks`, and a user's ``@njit`` play function."""
from simkit.core.trick_play import PLAY_RANDOM
from simkit.games import penalty_tricks as pt
from simkit.policies.base import PolicyRole, PolicySpec, param

USER_SIGNATURE = "play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64"
PARAM_SLOTS = {"play": {"samples": pt.P_SAMPLES}}


def play_role(heuristic_doc: str, default: str = "heuristic", samples: int = 16) -> PolicyRole:
    """The ``play`` role; ``heuristic_doc`` says what the heuristic does in the game."""
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal card (a baseline)", PLAY_RANDOM, {}),
         PolicySpec("heuristic", heuristic_doc, pt.PLAY_HEURISTIC, {}),
         PolicySpec("simulation", "samples the hidden hands `samples` times consistently with the voids shown, "
                    "plays each legal card out with the heuristic for every seat, plays the least mean cost",
                    pt.PLAY_SIMULATION, {"samples": param(samples, "int", 1, 1000)})],
        default=default,
        user_signature=USER_SIGNATURE,
    )
