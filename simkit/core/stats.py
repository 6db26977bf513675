"""Mergeable statistics: integer counts, sums, sums of squares and histograms.

Kernels reduce each chunk of units into ``int64`` arrays; a chunk's :class:`Stats` is a
dict of such arrays, merged by exact integer addition. Merging is therefore exact and
independent of order, chunk size, worker count and sharding, and memory does not grow
with the number of units.

Two row layouts serve most estimates (values are integers in the game's own unit, e.g.
half-stakes for a 3:2 payout; the report divides by the scale):

* moment row ``[n, sum x, sum x^2]`` (:data:`MOMENT_FIELDS`), filled by :func:`moment_add_nb`;
* ratio row ``[n, sum x, sum y, sum x^2, sum y^2, sum xy]`` (:data:`RATIO_FIELDS`), filled by
  :func:`ratio_add_nb`, for ratio estimates such as loss per unit staked.

``int64`` holds 9.2e18: 10^10 units with per-unit values up to 3e4 in magnitude cannot
overflow a sum of squares, which is far above any game's per-unit value here.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.errors import SimkitError

MOMENT_FIELDS = ("n", "sum", "sumsq")
RATIO_FIELDS = ("n", "sx", "sy", "sxx", "syy", "sxy")


@njit(cache=True, inline="always")
def moment_add_nb(acc, row, x):
    """Add one observation ``x`` (an integer) to moment row ``row`` of ``acc`` (k x 3)."""
    acc[row, 0] += 1
    acc[row, 1] += x
    acc[row, 2] += x * x


@njit(cache=True, inline="always")
def ratio_add_nb(acc, row, x, y):
    """Add one pair ``(x, y)`` of integers to ratio row ``row`` of ``acc`` (k x 6)."""
    acc[row, 0] += 1
    acc[row, 1] += x
    acc[row, 2] += y
    acc[row, 3] += x * x
    acc[row, 4] += y * y
    acc[row, 5] += x * y


def moments(k: int = 1) -> np.ndarray:
    """A zeroed moment accumulator with ``k`` rows."""
    return np.zeros((k, 3), dtype=np.int64)


def ratios(k: int = 1) -> np.ndarray:
    """A zeroed ratio accumulator with ``k`` rows."""
    return np.zeros((k, 6), dtype=np.int64)


class Stats(dict):
    """Named ``int64`` arrays of one chunk (or many merged chunks)."""

    def merge(self, other: "Stats") -> "Stats":
        """Add ``other`` into this one, in place; both must have the same layout."""
        if set(self) != set(other):
            raise SimkitError(f"cannot merge statistics with different fields: "
                              f"{sorted(self)} vs {sorted(other)}")
        for key, arr in other.items():
            mine = self[key]
            if mine.shape != arr.shape:
                raise SimkitError(f"cannot merge statistic {key!r}: shapes {mine.shape} and {arr.shape}")
            self[key] = mine + np.asarray(arr, dtype=np.int64)
        return self

    def copy(self) -> "Stats":
        return Stats({k: v.copy() for k, v in self.items()})

    @classmethod
    def zeros_like(cls, other: "Stats") -> "Stats":
        return cls({k: np.zeros_like(v) for k, v in other.items()})

    def save_npz(self, path) -> None:
        np.savez(path, **self)

    @classmethod
    def load_npz(cls, path) -> "Stats":
        with np.load(path) as data:
            return cls({k: np.asarray(data[k], dtype=np.int64) for k in data.files})
