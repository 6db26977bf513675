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
