"""The play role shared by the fishing games (Kontchinka, Babochka): built-in policies
whose choices live in :mod:`simkit.core.capture` (their codes and slots in the numba-free
:mod:`simkit.core.capture_codes`), each parameter declared with its type
and range (checked when a policy is resolved). Each game adds its own simulation objective and default.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from simkit.core import capture_codes
from simkit.core.cards import cards_of, format as format_cards
from simkit.policies.base import PolicyRole, PolicySpec, param, raise_illegal

if TYPE_CHECKING:
    from simkit.core.capture import FishingInputs

#: the parameters' slots of the built-ins shared by both games; each game adds its planner's
#: (a slot holds one parameter of the policy chosen for a seat)
PARAM_SLOTS = {"keep": capture_codes.P_KEEP, "deny": capture_codes.P_DENY, "points": capture_codes.P_POINTS,
               "samples": capture_codes.P_SAMPLES}

USER_SIGNATURE = ("play(moves: int64[:, :], n: int64, state: int64[:], params: float64[:]) -> int64 "
                  "(index of the chosen (card, capture mask) row)")


def play_role(simulation_doc: str, default: str, heuristic: dict, samples: int, planner: tuple = ()) -> PolicyRole:
    """The ``play`` role: random, greedy, heuristic (defaults ``heuristic``),
    simulation (``samples`` by default; ``simulation_doc`` says what it maximises) and
    the game's own planner, ``planner = (doc, {name: Param})``."""
    extra = [PolicySpec("planner", planner[0], capture_codes.POL_PLANNER, dict(planner[1]))] if planner else []
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal move (a baseline)", capture_codes.POL_RANDOM, {}),
         PolicySpec("greedy", "most cards, then most points, then a kontchinka; else trail the least valuable card",
                    capture_codes.POL_GREEDY, {}),
         PolicySpec("heuristic", "cards taken + `points` per point card - `keep` x a trailed card's worth - `deny` "
                    "x the cards an unseen card could take from the table left", capture_codes.POL_HEURISTIC,
                    {k: param(v, "float", 0.0, 100.0) for k, v in heuristic.items()}),
         PolicySpec("simulation", simulation_doc, capture_codes.POL_SIMULATION,
                    {"samples": param(samples, "int", 1, 1000)})]
        + extra,
        default=default,
        user_signature=USER_SIGNATURE,
    )


#: the canonical deck of the fishing kernels: the 52 card codes in order
DECK0 = np.arange(capture_codes.N_CARDS, dtype=np.uint8)


def inputs(ct, opts, codes, params, groups) -> FishingInputs:
    """What a fishing game's chunk kernel (or one-deal kernel) takes from the Python side
    (:class:`~simkit.core.capture.FishingInputs`): the card table ``ct``, the ``opts``,
    the seats' play policy ``codes``, ``params`` and ``groups``, with fresh audit counts and
    a fresh error record."""
    from simkit.core import capture as kernels

    return kernels.FishingInputs(DECK0, np.ascontiguousarray(ct, np.int64), np.ascontiguousarray(opts, np.int64),
                                 np.ascontiguousarray(codes, np.int64), np.ascontiguousarray(params, np.float64),
                                 np.ascontiguousarray(groups, np.int64), np.zeros(2, np.int64),
                                 np.zeros(kernels.N_ERR, np.int64))


def raise_move_error(game_id, policies, err, where=""):
    """Raise the illegal-move error from a kernel's ``err`` (:func:`simkit.core.capture.check_move_nb`)."""
    seat = int(err[2])
    pol = policies["play"]
    pol = pol[seat] if isinstance(pol, list) else pol
    raise_illegal(game_id, pol, f"{where}seat {seat} holding {format_cards(cards_of(err[5]))} with "
                                f"{int(err[6])} cards on the table; return a move index from 0 to "
                                f"{int(err[4]) - 1}", int(err[3]))
