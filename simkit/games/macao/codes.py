"""Macao's drawing policy codes, shared by its kernels (:mod:`.nb`) and its policy
declarations (:mod:`.policies`); imports no numba."""
#: drawing policy codes (both roles): a user function, then the built-ins
POL_USER, POL_THRESHOLD, POL_MIMIC = 0, 1, 2
