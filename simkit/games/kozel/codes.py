"""Kozel's play parameter slots, shared by its kernels (:mod:`.play`) and its policy
declarations (:mod:`.policies`); imports no numba."""
#: parameter slots: ``take_at`` and ``samples`` as in :mod:`simkit.games.point_codes`, then the heuristic's
P_WEAK_WIN, P_DRAW = 2, 3
N_PLAY_PARAMS = 4
