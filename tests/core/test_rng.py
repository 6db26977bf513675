import math

import numpy as np
from numba import njit

from simkit.core.rng import (draw_nb, draw_range_nb, draw_s, load_state_nb, next_u64_nb, next_u64_s, randbelow_nb,
                             randbelow_s, random_nb, seed_stream_nb, shuffle_nb, store_state_nb)


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


@njit(cache=True)
def _scalar_vs_array(seed, unit, bounds, deck0):
    """Mismatches between the scalar-state and the array-state stream functions: raw
    values, bounded values (including bounds near 2^32, where Lemire's method rejects),
    a pile drawn position by position, and the state after all of it."""
    a = np.zeros(4, dtype=np.uint64)
    seed_stream_nb(a, seed, unit)
    b = a.copy()
    s = load_state_nb(b)
    bad = 0
    for i in range(200):
        x, s = next_u64_s(s)
        if x != next_u64_nb(a):
            bad += 1
    for k in range(bounds.shape[0]):
        y, s = randbelow_s(s, bounds[k])
        if y != randbelow_nb(a, bounds[k]):
            bad += 1
    pa = deck0.copy()
    pb = deck0.copy()
    for pos in range(pa.shape[0]):
        c, s = draw_s(pb, pos, s)
        if c != draw_nb(pa, pos, a):
            bad += 1
    store_state_nb(b, s)
    for k in range(4):
        if a[k] != b[k]:
            bad += 1
    # draw_range_nb against draw_nb, in two pieces with other draws between them
    for pos in range(3, 40):
        draw_nb(pa, pos, a)
    draw_range_nb(pb, 3, 40, b)
    for i in range(pa.shape[0]):
        if pa[i] != pb[i]:
            bad += 1
    for k in range(4):
        if a[k] != b[k]:
            bad += 1
    return bad


def test_scalar_state_stream_is_the_array_stream_bit_for_bit():
    rng = np.random.default_rng(1)
    bounds = np.concatenate([rng.integers(1, 400, 300), [1, 2, 3, 2**31 + 1, 2**32 - 1, 3_000_000_000] * 20,
                             rng.integers(2**31, 2**32 - 1, 200)]).astype(np.int64)
    deck0 = np.arange(312, dtype=np.uint8) % 52
    for seed, unit in [(0, 0), (1, 7), (12345, 2**40), (2**63 - 1, 3)]:
        assert _scalar_vs_array(seed, unit, bounds, deck0) == 0
