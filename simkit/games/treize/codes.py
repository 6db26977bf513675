"""Treize's staking policy codes and stake bound, shared by its kernels (:mod:`.nb`) and
its policy declarations (:mod:`.policies`); imports no numba."""
#: the largest stake a policy may return, in units
MAX_STAKE = 1_000_000
#: staking policy codes: a user function, then the built-ins
POL_USER, POL_FLAT, POL_DECK_AWARE = 0, 1, 2
