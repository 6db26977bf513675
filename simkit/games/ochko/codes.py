"""Ochko's policy codes and stake bound, shared by its kernels (:mod:`.nb_core`, which
re-exports them) and its policy declarations (:mod:`.policies`); imports no numba."""
#: the largest stake a policy may return, in units
MAX_STAKE = 1_000_000
#: policy codes of the roles stake, draw and banker: a user function (0), then the built-ins
STAKE_USER, STAKE_FLAT, STAKE_CARD, STAKE_FRACTION = 0, 1, 2, 3
DRAW_USER, DRAW_THRESHOLD, DRAW_MIMIC = 0, 1, 2
BANKER_USER, BANKER_STANDARD = 0, 1
