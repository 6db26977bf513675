"""simkit.core.borrow: views that numba does not reference-count write through to their
arrays, for single arrays and for the bundles (named tuples) kernels pass."""
from collections import namedtuple

import numpy as np
from numba import njit

from simkit.core.borrow import borrowed

Pair = namedtuple("Pair", "a m")


@njit(cache=True)
def _write_through(a, m, pair):
    b, c = borrowed((a, m))
    p = borrowed(pair)
    b[1] = 7
    c[1, 2] = 9
    p.a[0] = 5
    p.m[0, 0] = 3
    return b.shape[0] + c.shape[1] + p.m.shape[1]


def test_borrowed_views_write_through():
    a, m = np.zeros(3, np.int64), np.zeros((2, 4), np.int64)
    pair = Pair(np.zeros(2, np.int64), np.zeros((1, 6), np.float64))
    assert _write_through(a, m, pair) == 3 + 4 + 6
    assert a[1] == 7 and m[1, 2] == 9 and pair.a[0] == 5 and pair.m[0, 0] == 3.0
    assert a.sum() == 7 and m.sum() == 9 and pair.a.sum() == 5 and pair.m.sum() == 3.0


def _inlined_borrowers(source: str):
    """Names of the functions in ``source`` compiled with ``inline="always"`` that call
    ``borrowed``."""
    import ast
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and any("inline" in ast.unparse(d) for d in node.decorator_list):
            if any(isinstance(c, ast.Call) and ast.unparse(c.func) == "borrowed" for c in ast.walk(node)):
                found.append(node.name)
    return found


def test_no_inlined_function_borrows():
    """An inlined function's arguments are its caller's variables, and numba frees an array
    the caller made for the call after its last use: a borrowed view of it would read freed
    memory (a withdrawn Marriage for four change ran forever on that). The checker finds
    such a function, and the package has none."""
    from pathlib import Path
    bad = '@njit(cache=True, inline="always")\ndef f(a):\n    a = borrowed(a)\n    return a[0]\n'
    good = '@njit(cache=True)\ndef g(a):\n    a = borrowed(a)\n    return a[0]\n'
    assert _inlined_borrowers(bad + good) == ["f"]
    root = Path(__file__).resolve().parents[2]
    offenders = [f"{p.relative_to(root)}:{name}" for p in sorted((root / "simkit").rglob("*.py"))
                 for name in _inlined_borrowers(p.read_text(encoding="utf-8"))]
    offenders += [f"bench/{p.name}:{name}" for p in sorted((root / "bench").glob("*.py"))
                  for name in _inlined_borrowers(p.read_text(encoding="utf-8"))]
    assert offenders == []
