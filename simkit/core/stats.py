"""Mergeable statistics: integer counts, sums, sums of squares and histograms.

Kernels reduce each chunk of units into ``int64`` arrays; a chunk's :class:`Stats` is a
dict of such arrays, merged by exact integer addition. Merging is therefore exact and
independent of order, chunk size, worker count and sharding, and memory does not grow
with the number of units.

Two row layouts serve most estimates (values are integers in the game's own unit, e.g.
half-stakes for a 3:2 payout; the report divides by the scale):

* moment row: ``n``, ``Σx``, ``Σx²`` (:data:`MOMENT_FIELDS`), filled by :func:`~simkit.core.stats_nb.moment_add_nb`;
* ratio row: ``n``, ``Σx``, ``Σy``, ``Σx²``, ``Σy²``, ``Σxy`` (:data:`RATIO_FIELDS`), filled by
  :func:`~simkit.core.stats_nb.ratio_add_nb`, for ratio estimates such as loss per unit staked.

**Exact wide sums.** A plain ``int64`` sum of squares wraps silently once ``n·x²``
passes 9.2e18 (10^6 banks of a 10^6-unit stake). So each sum is kept as *carry-free
digits*: with ``|x| = Σ_i d_i·B^i`` in base ``B = 2^10`` (:data:`N_DIGITS` = 6 digits,
``|x| < 2^60``), ``Σx`` is stored as the ``N_DIGITS`` signed digit sums ``Σ sign(x)·d_i``
and a product sum ``Σxy`` as the :data:`N_PLACES` = 11 place sums
``P_p = Σ sign(xy)·Σ_{i+j=p} d_i(x)·d_j(y)``; the value is ``Σ_p P_p·B^p`` (read with
:func:`wide_value`, exact Python integers). Each unit adds less than ``6·2^20 < 2^23``
to a place, so no column can overflow before ``2^40 ≈ 1.1·10^12`` units, whatever the
values. No carries are ever propagated, so the columns are a fixed function of the
observed values: merging stays plain integer addition, bit-identical for any chunking.
A value of 2^60 or more raises ``OverflowError`` in the kernel (no game comes near).
Values below ``B`` take a fast path (one digit: the same three additions as a plain
row).

**Chunk-local rows.** A value below ``B`` in magnitude touches only the first column of
each sum, so a kernel's hot loop may sum such observations in plain ``int64`` locals
(``ratio_add_local_nb``, ``moment_add_local_nb``: six and three columns, no
overflow before 2^43 observations) and add them to the wide rows once per chunk
(``flush_ratio_local_nb``, ``flush_moment_local_nb``); any other observation
goes to the wide row at once. The wide columns end bit-identical to adding every value
directly (integer addition is exact and order-free), at a few register adds a value.

The moment layout is ``[n, sum digits (6), sumsq places (11)]`` (:data:`MOMENT_WIDTH` =
18 columns), the ratio layout ``[n, Σx digits, Σy digits, Σx², Σy², Σxy places]``
(:data:`RATIO_WIDTH` = 46). :func:`moment_sums` and :func:`ratio_sums` read a row of
either this layout or the legacy plain one (3 or 6 columns, as some kernels keep for
linear counters) as exact integers.

The kernels' adders (``*_nb``) are in :mod:`simkit.core.stats_nb`; this module imports
no numba, so the Python side (results, reports, ``simkit list``) can use it without
loading numba.
"""
from __future__ import annotations

import numpy as np

from simkit.errors import SimkitError

MOMENT_FIELDS = ("n", "sum", "sumsq")
RATIO_FIELDS = ("n", "sx", "sy", "sxx", "syy", "sxy")

DIGIT_BITS = 10
DIGIT_MASK = (1 << DIGIT_BITS) - 1
N_DIGITS = 6
N_PLACES = 2 * N_DIGITS - 1
LIMIT = 1 << (DIGIT_BITS * N_DIGITS)          # |x| must stay below 2^60
MOMENT_WIDTH = 1 + N_DIGITS + N_PLACES
RATIO_WIDTH = 1 + 2 * N_DIGITS + 3 * N_PLACES
#: where each sum starts in a wide row
M_SUM, M_SQ = 1, 1 + N_DIGITS
R_SX, R_SY = 1, 1 + N_DIGITS
R_SXX, R_SYY, R_SXY = 1 + 2 * N_DIGITS, 1 + 2 * N_DIGITS + N_PLACES, 1 + 2 * N_DIGITS + 2 * N_PLACES


#: columns of a chunk's local accumulator row (:func:`~simkit.core.stats_nb.ratio_add_local_nb`,
#: :func:`~simkit.core.stats_nb.moment_add_local_nb`): ``n`` and the plain sums of the observations whose values
#: all lie within ``±(B - 1)``
LOCAL_RATIO_WIDTH = 6
LOCAL_MOMENT_WIDTH = 3


def wide_value(row, col: int, width: int) -> int:
    """The exact integer held by digit or place sums ``row[col:col + width]``."""
    return sum(int(row[col + p]) << (DIGIT_BITS * p) for p in range(width))


#: kind -> (plain width, wide width, (start, width) of each wide sum after ``n``)
_LAYOUTS = {"moment": (3, MOMENT_WIDTH, ((M_SUM, N_DIGITS), (M_SQ, N_PLACES))),
            "ratio": (6, RATIO_WIDTH, ((R_SX, N_DIGITS), (R_SY, N_DIGITS), (R_SXX, N_PLACES), (R_SYY, N_PLACES),
                                       (R_SXY, N_PLACES)))}


def _sums(row, kind: str) -> tuple:
    plain, wide, spans = _LAYOUTS[kind]
    row = np.asarray(row)
    if row.shape[0] == plain:
        return tuple(int(v) for v in row)
    if row.shape[0] != wide:
        raise SimkitError(f"a {kind} row has {plain} or {wide} columns, got {row.shape[0]}")
    return (int(row[0]),) + tuple(wide_value(row, col, width) for col, width in spans)


def moment_sums(row) -> tuple:
    """``(n, Σx, Σx²)`` of a moment row (wide or plain) as exact Python integers."""
    return _sums(row, "moment")


def ratio_sums(row) -> tuple:
    """``(n, Σx, Σy, Σx², Σy², Σxy)`` of a ratio row (wide or plain) as exact integers."""
    return _sums(row, "ratio")


def moments(k: int = 1) -> np.ndarray:
    """A zeroed (wide, exact) moment accumulator with ``k`` rows."""
    return np.zeros((k, MOMENT_WIDTH), dtype=np.int64)


def ratios(k: int = 1) -> np.ndarray:
    """A zeroed (wide, exact) ratio accumulator with ``k`` rows."""
    return np.zeros((k, RATIO_WIDTH), dtype=np.int64)


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
