"""The kernels' side of :mod:`simkit.core.stats`: adding observations to moment and ratio
rows (layouts, the exact wide sums and the chunk-local rows are described there)."""
from numba import njit

from simkit.core.stats import (DIGIT_BITS, DIGIT_MASK, LIMIT, LOCAL_MOMENT_WIDTH, LOCAL_RATIO_WIDTH, M_SQ, M_SUM,
                               R_SX, R_SXX, R_SXY, R_SY, R_SYY)


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
