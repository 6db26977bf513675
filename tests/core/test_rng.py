import math

import numpy as np
from numba import njit

from simkit.core.rng import draw_nb, next_u64_nb, randbelow_nb, random_nb, seed_stream_nb, shuffle_nb


@njit(cache=True)
def _draws(seed, unit, n, below):
    st = np.zeros(4, dtype=np.uint64)
    seed_stream_nb(st, seed, unit)
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        out[i] = randbelow_nb(st, below)
    return out


@njit(cache=True)
def _raw(seed, unit, n):
    st = np.zeros(4, dtype=np.uint64)
    seed_stream_nb(st, seed, unit)
    out = np.empty(n, dtype=np.uint64)
    for i in range(n):
        out[i] = next_u64_nb(st)
    return out


@njit(cache=True)
def _floats(seed, n):
    st = np.zeros(4, dtype=np.uint64)
    seed_stream_nb(st, seed, 0)
    out = np.empty(n)
    for i in range(n):
        out[i] = random_nb(st)
    return out


def test_stream_depends_only_on_seed_and_unit():
    a = _raw(5, 17, 8)
    assert (a == _raw(5, 17, 8)).all()
    assert not (a == _raw(5, 18, 8)).any()
    assert not (a == _raw(6, 17, 8)).any()
    # nearby seeds and units give unrelated streams
    firsts = {int(_raw(s, u, 1)[0]) for s in range(20) for u in range(20)}
    assert len(firsts) == 400


def test_xoshiro_reference_step():
    # xoshiro256** reference: state (1, 2, 3, 4) gives 11520 then 0 (Vigna's C code).
    st = np.array([1, 2, 3, 4], dtype=np.uint64)

    @njit
    def two(s):
        return next_u64_nb(s), next_u64_nb(s)

    assert two(st) == (11520, 0)


def test_randbelow_is_uniform():
    n, k = 600_000, 6
    counts = np.bincount(_draws(1, 0, n, k), minlength=k)
    assert counts.min() >= 0 and len(counts) == k
    expected = n / k
    chi2 = ((counts - expected) ** 2 / expected).sum()
    # chi-square with 5 degrees of freedom: P(chi2 > 25.7) < 1e-4
    assert chi2 < 25.7, counts


def test_randbelow_bounds_and_floats():
    d = _draws(2, 3, 10_000, 52)
    assert d.min() == 0 and d.max() == 51
    f = _floats(3, 200_000)
    assert f.min() >= 0.0 and f.max() < 1.0
    se = math.sqrt(1 / 12 / len(f))
    assert abs(f.mean() - 0.5) < 5 * se


@njit(cache=True)
def _first_card_counts(n):
    counts = np.zeros(5, dtype=np.int64)
    cards = np.arange(5).astype(np.uint8)
    st = np.zeros(4, dtype=np.uint64)
    for u in range(n):
        seed_stream_nb(st, 9, u)
        cards[:] = np.arange(5).astype(np.uint8)
        shuffle_nb(cards, st)
        counts[cards[0]] += 1
        c = draw_nb(cards, 4, st)  # last position: only one choice
        if c != cards[4]:
            counts[:] = -1
    return counts


def test_shuffle_is_a_uniform_permutation():
    n = 100_000
    counts = _first_card_counts(n)
    assert (counts >= 0).all()
    expected = n / 5
    assert ((counts - expected) ** 2 / expected).sum() < 23.5  # 4 d.o.f., P < 1e-4
