"""Kontchinka play policies (one ``play`` role; formulas in :mod:`simkit.core.capture`
and :mod:`.nb`). A policy picks one row of the legal moves ``(card, capture mask)``.

* ``random``: a uniformly chosen legal move (a baseline);
* ``greedy``: the capture taking most cards, then most points (point-suit cards and
  kontchinki), then a kontchinka; with no capture it trails its least valuable card;
* ``heuristic``: keeps the kontchinki and denies the next player sums: each move is
  worth the cards it takes plus ``points`` per point card, minus ``keep`` times what a
  trailed card is worth, minus ``deny`` times the mean number of cards an unseen card
  could take from the table left behind;
* ``simulation``: ``samples`` times deals the cards the seat cannot see at random and
  plays the deal out greedily after each legal move; the move with the best points
  margin;
* a user ``@njit`` function ``play(moves, n, state, params) -> int64``
  (:data:`~simkit.games.kontchinka.nb.PLAY_SIG`): the index of the chosen row.

Per-seat policies as in :mod:`simkit.policies.seated` (``"greedy|heuristic"``). Every
parameter declares its range (:data:`RANGES`), checked when a run starts.
"""
from simkit.errors import SimkitError
from simkit.games.kontchinka import nb
from simkit.policies.base import PolicyRole, PolicySpec

#: the default chosen by experiments/kontchinka_policies.py (docs/fishing.md)
DEFAULT = "heuristic"

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal move (a baseline)", nb.POL_RANDOM, {}),
     PolicySpec("greedy", "most cards, then most points, then a kontchinka; else trail the least valuable card",
                nb.POL_GREEDY, {}),
     PolicySpec("heuristic", "cards taken + `points` per point card - `keep` x a trailed card's worth - `deny` x "
                "the cards an unseen card could take from the table left", nb.POL_HEURISTIC,
                {"keep": 1.0, "deny": 1.0, "points": 1.0}),
     PolicySpec("simulation", "plays the deal out greedily over `samples` random deals of the unseen cards after "
                "each legal move; the best points margin", nb.POL_SIMULATION, {"samples": 8.0})],
    default=DEFAULT,
    user_signature="play(moves: int64[:, :], n: int64, state: int64[:], params: float64[:]) -> int64 "
                   "(index of the chosen (card, capture mask) row)",
)

PARAM_SLOTS = {"keep": nb.P_KEEP, "deny": nb.P_DENY, "points": nb.P_POINTS, "samples": nb.P_SAMPLES}

#: parameter -> (type, minimum, maximum)
RANGES = {"keep": (float, 0.0, 100.0), "deny": (float, 0.0, 100.0), "points": (float, 0.0, 100.0),
          "samples": (int, 1, 1000)}


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
