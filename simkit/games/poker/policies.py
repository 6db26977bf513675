"""Poker policies: how a seat bets and what it discards.

Betting (role ``bet``; a move is a stake in chips, 0 = pass/fold):

* ``call-down``: stake the smallest legal amount every turn: never fold, never raise.
* ``threshold``: from the hand's strength ``s`` (share of random hands of this deck it
  beats, :func:`~simkit.games.poker.evaluator.strength_sample`) take ``e = s ** k`` with
  ``k`` the opponents still in (the chance to beat that many random hands). Fold when
  ``e < call``, raise by ``size`` x limit (at least one chip) when ``e >= raise``, else
  stake the smallest legal amount; ``call_pre``/``raise_pre`` before the draw,
  ``call_post``/``raise_post`` after it.
* ``random``: fold with probability ``fold``, else raise to a uniform amount above the
  smallest legal one with probability ``raise``, else stake the smallest legal amount.
* a user ``@njit`` function ``bet(hand, view, strength, params) -> int64`` (see
  :data:`~simkit.games.poker.nb.BET_SIG`).

Drawing (role ``draw``; a move is a bit mask of the hand's cards to discard):

* ``standard``: the standard draw table: stand pat on a straight or better; keep three
  of a kind (draw 2), two pair (draw 1), a pair (draw 3), wild cards always; with no pair
  draw one to four cards of a suit (``four_flush``) or to four in a row open at both ends
  (``open_straight``), else keep A-K (``keep_ak``, draw 3) or the highest card
  (``keep_high``, draw 4), else draw five.
* ``stand-pat``: never draw.
* ``random``: a uniformly random discard mask.
* a user ``@njit`` function ``draw(hand, view, params) -> int64`` (see
  :data:`~simkit.games.poker.nb.DRAW_SIG`).

Policies may differ by seat: give a list with one entry per seat (entry 0 = seat 0 = the
dealer, entry 1 = seat 1 = his left, first to act, ...), for a role (``{"bet": [...]}``)
or whole seats.
"""
from simkit.games.poker import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

def _share(default):
    """A threshold on e in [0, 1]; above 1 (up to 2) never reached."""
    return param(default, "float", 0, 2)


def _flag():
    return param(1, "int", 0, 1)


BET = PolicyRole(
    "bet",
    [PolicySpec("call-down", "stake the smallest legal amount every turn (never fold or raise)", codes.BET_CALL, {}),
     PolicySpec("threshold", "fold below `call`, raise by `size` x limit from `raise` up, on e = strength ** "
                "opponents (pre- and post-draw thresholds)", codes.BET_THRESHOLD,
                {"call_pre": _share(0.05), "raise_pre": _share(0.6), "call_post": _share(0.2), "raise_post": _share(0.6),
                 "size": param(0.5, "float", 0, 1)}),
     PolicySpec("random", "fold with probability `fold`, raise with probability `raise`, else call",
                codes.BET_RANDOM, {"fold": param(0.1, "float", 0, 1), "raise": param(0.2, "float", 0, 1)})],
    default="threshold",
    user_signature="bet(hand: uint8[5], view: int64[:], strength: float64, params: float64[:]) -> int64 "
                   "(stake in chips, 0 = fold; view fields: simkit.games.poker.nb.V_*)",
)

DRAW = PolicyRole(
    "draw",
    [PolicySpec("standard", "the standard draw table (keep pairs and better; four-flush, open-ended straight, "
                "A-K and high-card draws as options)", codes.DRAW_STANDARD,
                {"four_flush": _flag(), "open_straight": _flag(), "keep_ak": _flag(), "keep_high": _flag()}),
     PolicySpec("stand-pat", "never draw", codes.DRAW_PAT, {}),
     PolicySpec("random", "discard a uniformly random subset", codes.DRAW_RANDOM, {})],
    default="standard",
    user_signature="draw(hand: uint8[5], view: int64[:], params: float64[:]) -> int64 "
                   "(bit i set = discard hand[i])",
)

ROLES = [BET, DRAW]
#: the order of each built-in's parameters in the kernel's params row, by (role, name)
PARAM_ORDER = {("bet", "call-down"): (), ("bet", "random"): ("fold", "raise"),
               ("bet", "threshold"): ("call_pre", "raise_pre", "call_post", "raise_post", "size"),
               ("draw", "standard"): ("four_flush", "open_straight", "keep_ak", "keep_high"),
               ("draw", "stand-pat"): (), ("draw", "random"): ()}
