"""The play role shared by the fishing games (Kontchinka, Babochka): built-in policies
whose choices live in :mod:`simkit.core.capture`, each parameter's declared range, and
the check of chosen parameters. Each game adds its own simulation objective and default.
"""
from simkit.core import capture
from simkit.core.cards import format as format_cards
from simkit.core.tricks import cards_of
from simkit.errors import SimkitError
from simkit.policies.base import PolicyRole, PolicySpec, raise_illegal

PARAM_SLOTS = {"keep": capture.P_KEEP, "deny": capture.P_DENY, "points": capture.P_POINTS,
               "samples": capture.P_SAMPLES}

#: parameter -> (type, minimum, maximum)
RANGES = {"keep": (float, 0.0, 100.0), "deny": (float, 0.0, 100.0), "points": (float, 0.0, 100.0),
          "samples": (int, 1, 1000)}

USER_SIGNATURE = ("play(moves: int64[:, :], n: int64, state: int64[:], params: float64[:]) -> int64 "
                  "(index of the chosen (card, capture mask) row)")


def play_role(simulation_doc: str, default: str, heuristic: dict, samples: int) -> PolicyRole:
    """The ``play`` role: random, greedy, heuristic (defaults ``heuristic``) and
    simulation (``samples`` by default; ``simulation_doc`` says what it maximises)."""
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal move (a baseline)", capture.POL_RANDOM, {}),
         PolicySpec("greedy", "most cards, then most points, then a kontchinka; else trail the least valuable card",
                    capture.POL_GREEDY, {}),
         PolicySpec("heuristic", "cards taken + `points` per point card - `keep` x a trailed card's worth - `deny` "
                    "x the cards an unseen card could take from the table left", capture.POL_HEURISTIC,
                    dict(heuristic)),
         PolicySpec("simulation", simulation_doc, capture.POL_SIMULATION, {"samples": float(samples)})],
        default=default,
        user_signature=USER_SIGNATURE,
    )


def check_params(game_id, policies):
    """Refuse a built-in parameter outside its declared range (or not whole where it must be)."""
    items = policies if isinstance(policies, list) else [policies]
    for pol in items:
        if pol.is_user:
            continue
        for name, value in pol.params.items():
            kind, lo, hi = RANGES[name]
            if not (lo <= value <= hi) or (kind is int and not float(value).is_integer()):
                what = "a whole number" if kind is int else "a number"
                raise SimkitError(f"{game_id}: policy {pol.name!r} parameter {name}={value:g} is out of range; "
                                  f"allowed: {what} in [{lo}, {hi}]")


def raise_move_error(game_id, policies, err, where=""):
    """Raise the illegal-move error from a kernel's ``err`` (:func:`simkit.core.capture.check_move_nb`)."""
    seat = int(err[2])
    pol = policies["play"]
    pol = pol[seat] if isinstance(pol, list) else pol
    raise_illegal(game_id, pol, f"{where}seat {seat} holding {format_cards(cards_of(err[5]))} with "
                                f"{int(err[6])} cards on the table; return a move index from 0 to "
                                f"{int(err[4]) - 1}", int(err[3]))
