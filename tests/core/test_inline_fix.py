"""simkit.core.inline_fix: numba's inliner splices a fresh callee's IR without copying it,
and the inlined code computes what it did."""
import numpy as np
from numba import njit
from numba.core import ir

import simkit.core.jit  # noqa: F401 (installs the patch)
from simkit.core import inline_fix


@njit(inline="always")
def _clip_sum(a, lo, hi):
    s = 0
    for x in a:
        if x < lo:
            s += lo
        elif x > hi:
            s += hi
        else:
            s += x
    return s


@njit(inline="always")
def _twice(a, lo, hi):
    return _clip_sum(a, lo, hi) + _clip_sum(a, lo + 1, hi - 1)


def _make(k):
    @njit(inline="always")
    def add_k(x):              # a closure: its free variable stays the callee's
        return x + k
    return add_k


_add3 = _make(3)


def _outer(a):
    t = 0
    for lo in range(3):
        t += _twice(a, lo, 6) + _add3(lo)
    return t


def test_the_patch_is_installed_with_simkits_kernels():
    assert inline_fix.installed()
    assert inline_fix.install()          # idempotent


def test_inlining_copies_no_block_and_computes_the_same(monkeypatch):
    copied = []
    real = inline_fix.copy

    class Counting:
        def __getattr__(self, name):
            return getattr(real, name)

        def deepcopy(self, x, memo=None):
            if isinstance(x, ir.Block):
                copied.append(x)
            return real.deepcopy(x, memo)

    monkeypatch.setattr(inline_fix, "copy", Counting())
    a = np.arange(10, dtype=np.int64)
    expected = sum(_clip_sum.py_func(a, lo, 6) + _clip_sum.py_func(a, lo + 1, 5) + lo + 3 for lo in range(3))
    assert njit(_outer)(a) == expected
    assert copied == []

    # the copies are still made outside inline_function (inline_ir's other callers)
    from numba.core import inline_closurecall as icc
    block = ir.Block(ir.Scope(None, ir.unknown_loc), ir.unknown_loc)
    assert icc.copy.deepcopy(block) is not block
