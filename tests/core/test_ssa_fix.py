"""simkit.core.ssa_fix: numba's SSA reconstruction, visiting only the blocks that name each
variable it fixes, gives numba's own IR (the same fresh names, phi nodes and statements),
and is what numba calls once a kernel module is imported."""
from __future__ import annotations

import io

import numpy as np
import pytest
from numba import njit
from numba.core import ssa
from numba.core.compiler import run_frontend

import simkit.core.jit  # noqa: F401 (installs the fixes)
from simkit.core import ssa_fix


def test_installed_where_numba_looks_it_up():
    assert ssa_fix.installed()
    assert ssa_fix.install()                         # idempotent
    assert ssa.__dict__["_run_ssa"] is ssa_fix.run_ssa
    assert ssa_fix.original() is not ssa_fix.run_ssa


def _branches(n, xs):
    total = 0
    best = -1
    i = 0
    while i < n:
        x = xs[i]
        if x > 0:
            total += x
            if total > best:
                best = total
        elif x < -5:
            total = 0
            i += 1
            continue
        else:
            x = -x
            total -= x
        i += 1
    return best if n else total


def _nested(a, b):
    acc = a
    for i in range(b):
        t = i
        for j in range(i):
            if j % 3 == 0:
                t = t + j
                acc += t
            else:
                acc -= 1
                t = acc
        acc = acc + t
    if acc > 10:
        acc = 10
    return acc


def _straight(a):
    return a + 1                                     # no variable assigned twice: no violators


def _dump(fn, run) -> str:
    func_ir = run_frontend(fn)
    func_ir.blocks = run(func_ir.blocks)
    out = io.StringIO()
    func_ir.dump(file=out)
    return out.getvalue()


@pytest.mark.parametrize("fn", [_branches, _nested, _straight])
def test_the_same_ir_as_numba_s_own(fn):
    want = _dump(fn, ssa_fix.original())
    assert _dump(fn, ssa_fix.run_ssa) == want
    if fn is not _straight:
        assert "phi" in want                         # the functions do need phi nodes


def test_compiled_with_it_gives_the_same_answers():
    xs = np.array([3, -1, 7, -9, 2, 0, 5], dtype=np.int64)
    assert njit(_branches)(len(xs), xs) == _branches(len(xs), xs)
    assert njit(_nested)(2, 7) == _nested(2, 7)
