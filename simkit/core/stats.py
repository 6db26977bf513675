"""Mergeable statistics: integer counts, sums, sums of squares and histograms.

Kernels reduce each chunk of units into ``int64`` arrays; a chunk's :class:`Stats` is a
dict of such arrays, merged by exact integer addition. Merging is therefore exact and
independent of order, chunk size, worker count and sharding, and memory does not grow
with the number of units.

Two row layouts serve most estimates (values are integers in the game's own unit, e.g.
half-stakes for a 3:2 payout; the report divides by the scale):

* moment row: ``n``, ``Σx``, ``Σx²`` (:data:`MOMENT_FIELDS`), filled by :func:`moment_add_nb`;
* ratio row: ``n``, ``Σx``, ``Σy``, ``Σx²``, ``Σy²``, ``Σxy`` (:data:`RATIO_FIELDS`), filled by
  :func:`ratio_add_nb`, for ratio estimates such as loss per unit staked.

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
(:func:`ratio_add_local_nb`, :func:`moment_add_local_nb`: six and three columns, no
overflow before 2^43 observations) and add them to the wide rows once per chunk
(:func:`flush_ratio_local_nb`, :func:`flush_moment_local_nb`); any other observation
goes to the wide row at once. The wide columns end bit-identical to adding every value
directly (integer addition is exact and order-free), at a few register adds a value.

The moment layout is ``[n, sum digits (6), sumsq places (11)]`` (:data:`MOMENT_WIDTH` =
18 columns), the ratio layout ``[n, Σx digits, Σy digits, Σx², Σy², Σxy places]``
(:data:`RATIO_WIDTH` = 46). :func:`moment_sums` and :func:`ratio_sums` read a row of
either this layout or the legacy plain one (3 or 6 columns, as some kernels keep for
linear counters) as exact integers.
"""
from __future__ import annotations

import numpy as np
from numba import njit

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


@njit(cache=True, inline="always")
def _check_nb(u):
    if u >= LIMIT:
        raise OverflowError("simkit statistics: a per-unit value of 2**60 or more cannot be summed exactly")


@njit(cache=True, inline="always")
def _linear_nb(acc, row, col, x):
    """Add ``x`` to the digit sums at ``acc[row, col:col + N_DIGITS]``."""
    if -DIGIT_MASK <= x <= DIGIT_MASK:
        acc[row, col] += x
        return
    u = x if x >= 0 else -x
    s = 1 if x >= 0 else -1
    _check_nb(u)
    i = col
    while u:
        acc[row, i] += s * (u & DIGIT_MASK)
        u >>= DIGIT_BITS
        i += 1


@njit(cache=True, inline="always")
def _product_nb(acc, row, col, x, y):
    """Add ``x·y`` to the place sums at ``acc[row, col:col + N_PLACES]``."""
    if -DIGIT_MASK <= x <= DIGIT_MASK and -DIGIT_MASK <= y <= DIGIT_MASK:
        acc[row, col] += x * y
        return
    ux = x if x >= 0 else -x
    uy = y if y >= 0 else -y
    _check_nb(ux)
    _check_nb(uy)
    s = 1 if (x >= 0) == (y >= 0) else -1
    i = col
    while ux:
        dx = ux & DIGIT_MASK
        if dx:
            v = uy
            j = i
            while v:
                acc[row, j] += s * dx * (v & DIGIT_MASK)
                v >>= DIGIT_BITS
                j += 1
        ux >>= DIGIT_BITS
        i += 1


@njit(cache=True, inline="always")
def moment_add_nb(acc, row, x):
    """Add one observation ``x`` (an integer) to moment row ``row`` of ``acc``
    (:func:`moments`; a legacy plain k x 3 array gets plain ``int64`` sums)."""
    acc[row, 0] += 1
    if acc.shape[1] == 3:
        acc[row, 1] += x
        acc[row, 2] += x * x
        return
    _linear_nb(acc, row, M_SUM, x)
    _product_nb(acc, row, M_SQ, x, x)


@njit(cache=True, inline="always")
def moment_add_sums_nb(acc, row, n, s, ss):
    """Add ``n`` observations given by their own sums ``s = Σx`` and ``ss = Σx²`` (each
    below 2^60, e.g. a shoe's rounds summed in locals) to moment row ``row``."""
    acc[row, 0] += n
    if acc.shape[1] == 3:
        acc[row, 1] += s
        acc[row, 2] += ss
        return
    _linear_nb(acc, row, M_SUM, s)
    _linear_nb(acc, row, M_SQ, ss)   # places are base-B positions too: a digit sum is a place sum


@njit(cache=True, inline="always")
def ratio_add_nb(acc, row, x, y):
    """Add one pair ``(x, y)`` of integers to ratio row ``row`` of ``acc`` (:func:`ratios`;
    a legacy plain k x 6 array gets plain ``int64`` sums)."""
    acc[row, 0] += 1
    if acc.shape[1] == 6:
        acc[row, 1] += x
        acc[row, 2] += y
        acc[row, 3] += x * x
        acc[row, 4] += y * y
        acc[row, 5] += x * y
        return
    _linear_nb(acc, row, R_SX, x)
    _linear_nb(acc, row, R_SY, y)
    _product_nb(acc, row, R_SXX, x, x)
    _product_nb(acc, row, R_SYY, y, y)
    _product_nb(acc, row, R_SXY, x, y)


#: columns of a chunk's local accumulator row (:func:`ratio_add_local_nb`,
#: :func:`moment_add_local_nb`): ``n`` and the plain sums of the observations whose values
#: all lie within ``±(B - 1)``
LOCAL_RATIO_WIDTH = 6
LOCAL_MOMENT_WIDTH = 3


@njit(cache=True, inline="always")
def ratio_add_local_nb(loc, acc, row, x, y):
    """:func:`ratio_add_nb` for a kernel's hot loop: a pair with ``|x|, |y| < B`` only ever
    adds to ``n`` and to the first column of each sum (the one-digit fast path), so it is
    summed in plain ``int64`` in the chunk's local row ``loc[row]`` (``n, Σx, Σy, Σx², Σy²,
    Σxy``: each term is below ``2^20``, no overflow before ``2^43`` pairs) and
    :func:`flush_ratio_local_nb` adds those sums into ``acc`` once per chunk; any other pair
    goes to ``acc`` at once. ``acc`` ends bit-identical to adding every pair with
    :func:`ratio_add_nb` (integer addition is exact and order-free)."""
    if -DIGIT_MASK <= x <= DIGIT_MASK and -DIGIT_MASK <= y <= DIGIT_MASK:
        loc[row, 0] += 1
        loc[row, 1] += x
        loc[row, 2] += y
        loc[row, 3] += x * x
        loc[row, 4] += y * y
        loc[row, 5] += x * y
    else:
        ratio_add_nb(acc, row, x, y)


@njit(cache=True, inline="always")
def moment_add_local_nb(loc, acc, row, x):
    """:func:`moment_add_nb` through a chunk's local row ``loc[row]`` (``n, Σx, Σx²``), as
    :func:`ratio_add_local_nb`."""
    if -DIGIT_MASK <= x <= DIGIT_MASK:
        loc[row, 0] += 1
        loc[row, 1] += x
        loc[row, 2] += x * x
    else:
        moment_add_nb(acc, row, x)


@njit(cache=True)
def flush_ratio_local_nb(loc, acc):
    """Add local ratio rows ``loc`` (:func:`ratio_add_local_nb`) into ``acc`` (wide or
    plain layout) and zero them."""
    wide = acc.shape[1] != 6
    for row in range(loc.shape[0]):
        acc[row, 0] += loc[row, 0]
        acc[row, R_SX if wide else 1] += loc[row, 1]
        acc[row, R_SY if wide else 2] += loc[row, 2]
        acc[row, R_SXX if wide else 3] += loc[row, 3]
        acc[row, R_SYY if wide else 4] += loc[row, 4]
        acc[row, R_SXY if wide else 5] += loc[row, 5]
        for k in range(LOCAL_RATIO_WIDTH):
            loc[row, k] = 0


@njit(cache=True)
def flush_moment_local_nb(loc, acc):
    """Add local moment rows ``loc`` (:func:`moment_add_local_nb`) into ``acc`` and zero them."""
    wide = acc.shape[1] != 3
    for row in range(loc.shape[0]):
        acc[row, 0] += loc[row, 0]
        acc[row, M_SUM if wide else 1] += loc[row, 1]
        acc[row, M_SQ if wide else 2] += loc[row, 2]
        for k in range(LOCAL_MOMENT_WIDTH):
            loc[row, k] = 0


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
