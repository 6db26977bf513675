"""The penalty trick games' shared play policy codes and parameter slots (Tyotka,
Polignac; kernels in :mod:`simkit.games.penalty_tricks`, which re-exports these names),
apart from the kernels so that the policy declarations and the game classes import no
numba."""
from simkit.core.trick_codes import PLAY_BUILTIN

#: the built-in play policies' codes (random and user are the engine's) and the simulation's parameter slot
PLAY_HEURISTIC, PLAY_SIMULATION = PLAY_BUILTIN, PLAY_BUILTIN + 1
P_SAMPLES = 0
N_PLAY_PARAMS = 1
