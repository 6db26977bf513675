"""In-place pile operations shared by the kernels."""
from numba import njit


@njit(cache=True, inline="always")
def _reverse_nb(a, i, j):
    j -= 1
    while i < j:
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i += 1
        j -= 1


@njit(cache=True)
def rotate_left_nb(a, k):
    """Move ``a[k:]`` in front of ``a[:k]`` in place (three reversals, no allocation:
    an allocation in a dealing hot path slows it many times over). Shoe games use it to
    put a round's cards in front so that the discards behind them become the pile; it
    runs once per shoe, so it is a plain call rather than inlined into the dealing code."""
    n = a.shape[0]
    _reverse_nb(a, 0, k)
    _reverse_nb(a, k, n)
    _reverse_nb(a, 0, n)
