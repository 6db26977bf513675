"""The point games' shared play policy codes and parameter slots (Kozel, Kerosinka;
kernels in :mod:`simkit.games.point_tricks`), apart from the kernels so that the policy
declarations import no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN

# the built-in play policies (random is the engine's PLAY_RANDOM) and their parameter slots
PLAY_HEURISTIC = PLAY_BUILTIN
PLAY_SIMULATION = PLAY_BUILTIN + 1
P_TAKE_AT, P_SAMPLES = 0, 1
N_PLAY_PARAMS = 2
