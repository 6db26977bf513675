"""Polish Banchok's staking policy codes, shared by its kernels (:mod:`.nb`) and its
policy declarations (:mod:`.policies`); imports no numba."""
#: stake policy codes: a user function, then the built-ins (``primazka``'s ``join`` is POL_HAND)
POL_USER, POL_FLAT, POL_HAND, POL_THREE_HIGH = 0, 1, 2, 3
