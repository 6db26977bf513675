"""Named bundles for the kernels: a game's statistics, its inputs and its kernel context,
each a named tuple whose class belongs to the module that declares it.

numba passes a named tuple of arrays as one argument and reads its fields by name
(``ctx.state``, ``stats.won``), so a kernel takes one bundle where it took a dozen
arrays and two of them cannot be swapped unnoticed. Each class must be a global of the
declaring module with its own name (``SpadesStats, STATS_TYPE = bundle("SpadesStats",
...)``): numba's cache pickles the class by reference and finds the cached kernel again
in the next process; a class pickled by value is a new class, whose type never matches,
so the kernel would compile anew in every process. This module imports no kernel, so
every engine (tricks, banking, fishing) builds its bundles here without depending on
another's code (:mod:`simkit._cache` keys a kernel's cache by what it imports).
"""
from __future__ import annotations

import sys
from collections import namedtuple

import numpy as np
from numba import typeof


def caller_module(depth: int = 2) -> str:
    """The module name of the function ``depth`` frames up (1 = the caller)."""
    return sys._getframe(depth).f_globals["__name__"]


def record(name: str, base: tuple, own=(), *, module: str, what: str = "field"):
    """A named tuple class ``name`` of the fields ``base`` and then ``own``, owned by
    ``module``; ``ValueError`` when an own field repeats or shadows a base field."""
    clash = set(own) & set(base)
    if clash or len(set(own)) != len(own):
        raise ValueError(f"{name}: {what} names repeat or shadow the engine's: {sorted(clash) or list(own)}")
    return namedtuple(name, tuple(base) + tuple(own), module=module)


def bundle(name: str, ndims: dict, module: str | None = None):
    """A named bundle of ``int64`` C arrays (a game's statistics) and its numba type:
    ``(namedtuple class, numba type)`` for fields ``{name: ndim}``. Adding a statistic
    is one entry here; the kernel reads it as ``stats.<name>``. The class belongs to the
    calling module unless ``module`` names another (see the module doc)."""
    cls = namedtuple(name, list(ndims), module=module or caller_module())
    return cls, typeof(cls(*[np.zeros((1,) * d, np.int64) for d in ndims.values()]))
