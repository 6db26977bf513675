"""Kerosinka's play policy codes and parameter slots, shared by its kernels (:mod:`.play`)
and its policy declarations (:mod:`.policies`); imports no numba."""
from simkit.core.trick_codes import PLAY_BUILTIN
from simkit.games.point_codes import PLAY_HEURISTIC, PLAY_SIMULATION

#: policy codes: ``basic`` is the point games' shared heuristic (Kozel's ``heuristic``, the
#: same code), ``simulation`` the shared simulation player, ``heuristic`` Kerosinka's own
PLAY_BASIC = PLAY_HEURISTIC
PLAY_SIM = PLAY_SIMULATION
PLAY_KEROSINKA = PLAY_BUILTIN + 2
#: parameter slots: ``take_at`` and ``samples`` as in :mod:`simkit.games.point_codes`, then the heuristic's
P_LEAD_AT, P_TRUMP_AT, P_WIN_AT, P_VOID_MIN = 2, 3, 4, 5
N_PLAY_PARAMS = 6
