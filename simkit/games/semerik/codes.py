"""Semerik's play policy codes and parameter slots, shared by its kernels (:mod:`.nb`,
which re-exports them) and its declarations (:mod:`.policies`, the game class); imports
no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401  (the engine's play codes)

PLAY_HEURISTIC = PLAY_BUILTIN
PLAY_SIMULATION = PLAY_BUILTIN + 1
PLAY_RANDOM_ENF = PLAY_BUILTIN + 2     # random play narrowed by partner_overtake=enforce (set by the Python side)
PLAY_BASIC = PLAY_BUILTIN + 3          # the first heuristic, kept as a baseline
P_OVERTAKE, P_SIGNAL, P_COUNT, P_SAMPLES = 0, 1, 2, 3      # samples: the simulation's; the others: every heuristic's
P_FEED, P_CAPTURE, P_DUCK, P_CASH, P_DRAW, P_UNDER, P_FORCE, P_VOID = range(4, 12)
N_PLAY_PARAMS = 12
