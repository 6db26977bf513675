"""Poker's betting and drawing policy codes, shared by its kernels (:mod:`.nb`) and its
policy declarations (:mod:`.policies`); imports no numba."""
#: bet policy codes: a user function, then the built-ins
BET_USER, BET_CALL, BET_THRESHOLD, BET_RANDOM = 0, 1, 2, 3
#: draw policy codes: a user function, then the built-ins
DRAW_USER, DRAW_STANDARD, DRAW_PAT, DRAW_RANDOM = 0, 1, 2, 3
