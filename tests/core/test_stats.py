import itertools

import numpy as np
import pytest
from numba import njit

from simkit import SimkitError
from simkit.core.stats import LOCAL_MOMENT_WIDTH, LOCAL_RATIO_WIDTH, Stats, moment_sums, moments, ratio_sums, ratios
from simkit.core.stats_nb import (flush_moment_local_nb, flush_ratio_local_nb, moment_add_local_nb, moment_add_nb,
                                  ratio_add_local_nb, ratio_add_nb)
from simkit.reports.estimates import (mean_estimate, proportion_estimate, rate_estimate, ratio_estimate,
                                      wilson_interval)


@njit(cache=True)
def _fill(xs, ys, mom, rat):
    for i in range(xs.shape[0]):
        moment_add_nb(mom, 0, xs[i])
        ratio_add_nb(rat, 0, xs[i], ys[i])


def _chunk(xs, ys):
    st = Stats(m=moments(1), r=ratios(1))
    _fill(xs, ys, st["m"], st["r"])
    return st


def test_merge_is_exact_and_order_free():
    rng = np.random.default_rng(0)
    xs = rng.integers(-50, 50, 3000)
    ys = rng.integers(1, 10, 3000)
    whole = _chunk(xs, ys)
    parts = [_chunk(xs[a:a + 700], ys[a:a + 700]) for a in range(0, 3000, 700)]
    for order in itertools.permutations(range(len(parts)), len(parts)):
        acc = parts[order[0]].copy()
        for k in order[1:]:
            acc.merge(parts[k])
        for key in whole:
            assert (acc[key] == whole[key]).all()
        break  # one permutation besides the identity is enough; the sums are integers
    acc = parts[-1].copy()
    for p in parts[:-1]:
        acc.merge(p)
    assert all((acc[k] == whole[k]).all() for k in whole)


def test_merge_refuses_other_layouts():
    a = Stats(m=moments(1))
    with pytest.raises(SimkitError):
        a.merge(Stats(x=moments(1)))
    with pytest.raises(SimkitError):
        a.merge(Stats(m=moments(2)))


def test_wide_sums_are_exact_for_huge_values_and_chunk_free():
    """Values up to 2^59 (a plain int64 x^2 wraps at 3e9): every sum equals the exact
    Python integer, and any split into chunks merges to the very same columns."""
    rng = np.random.default_rng(2)
    xs = np.concatenate([rng.integers(-2**59, 2**59, 400), rng.integers(-1000, 1000, 400),
                         rng.integers(-2**25, 2**25, 400), [0, 1023, -1023, 1024, -1024, 2**60 - 1]])
    ys = rng.permutation(xs)
    whole = _chunk(xs, ys)
    px, py = [int(v) for v in xs], [int(v) for v in ys]
    assert moment_sums(whole["m"][0]) == (len(px), sum(px), sum(v * v for v in px))
    assert ratio_sums(whole["r"][0]) == (len(px), sum(px), sum(py), sum(v * v for v in px),
                                         sum(v * v for v in py), sum(a * b for a, b in zip(px, py)))
    for cut in (1, 7, 333):
        acc = _chunk(xs[:cut], ys[:cut])
        for a in range(cut, len(xs), cut):
            acc.merge(_chunk(xs[a:a + cut], ys[a:a + cut]))
        assert all(np.array_equal(acc[k], whole[k]) for k in whole)


def test_wide_sums_at_1e12_units_of_large_values():
    """The per-column bound: 10^12 units of a 10^9 value (what 10^12 banks of a 10^9 bank
    could reach) cannot overflow a column; the estimates read the exact sums."""
    one = _chunk(np.array([10**9, -10**9]), np.array([3 * 10**8, 10**9]))
    big = Stats({k: v * (10**12 // 2) for k, v in one.items()})   # what 10^12 such units add up to
    n, s, ss = moment_sums(big["m"][0])
    assert (n, s, ss) == (10**12, 0, 10**12 * 10**18)
    e = mean_estimate(big["m"][0])
    assert e.value == 0 and e.stderr == pytest.approx(10**9 / 10**6, rel=1e-9)
    assert int(np.abs(big["r"]).max()) < 2**62


def test_overflow_beyond_2_60_is_refused():
    with pytest.raises(OverflowError, match="2\\*\\*60"):
        _chunk(np.array([2**60]), np.array([1]))


def test_plain_rows_still_work():
    """A kernel's own plain k x 3 / k x 6 rows (linear counters) keep plain sums."""
    m, r = np.zeros((1, 3), np.int64), np.zeros((1, 6), np.int64)
    _fill(np.array([3, -5]), np.array([1, 2]), m, r)
    assert list(m[0]) == [2, -2, 34] and list(r[0]) == [2, -2, 3, 34, 5, -7]
    assert mean_estimate(m[0]).value == -1 and ratio_estimate(r[0]).value == pytest.approx(-2 / 3)
    with pytest.raises(SimkitError, match="a moment row has 3 or 18 columns"):
        moment_sums(np.zeros(5, np.int64))


@njit(cache=True)
def _fill_local(xs, ys, mom, rat, every):
    """As :func:`_fill`, through chunk-local rows flushed after every ``every`` values."""
    lm = np.zeros((1, LOCAL_MOMENT_WIDTH), np.int64)
    lr = np.zeros((1, LOCAL_RATIO_WIDTH), np.int64)
    for i in range(xs.shape[0]):
        moment_add_local_nb(lm, mom, 0, xs[i])
        ratio_add_local_nb(lr, rat, 0, xs[i], ys[i])
        if (i + 1) % every == 0:
            flush_moment_local_nb(lm, mom)
            flush_ratio_local_nb(lr, rat)
    flush_moment_local_nb(lm, mom)
    flush_ratio_local_nb(lr, rat)


@pytest.mark.parametrize("plain", [False, True])
def test_local_rows_give_the_very_columns_of_the_direct_adds(plain):
    """Chunk-local accumulation (small pairs summed in plain int64, flushed once per chunk;
    any other pair straight to the wide row) leaves every column bit-identical to adding
    each value with moment_add_nb / ratio_add_nb, for mixed small, boundary and huge
    values, wide and plain rows, and any flush interval."""
    rng = np.random.default_rng(5)
    xs = np.concatenate([rng.integers(-1023, 1024, 2000), rng.integers(-2**59, 2**59, 200),
                         [0, 1023, -1023, 1024, -1024, 2**60 - 1], rng.integers(-3000, 3000, 500)])
    ys = rng.permutation(xs)
    if plain:
        xs, ys = xs % 5000 - 2500, ys % 5000 - 2500
    xs, ys = rng.permutation(xs), rng.permutation(ys)
    shape_m, shape_r = ((1, 3), (1, 6)) if plain else ((1, moments(1).shape[1]), (1, ratios(1).shape[1]))
    m0, r0 = np.zeros(shape_m, np.int64), np.zeros(shape_r, np.int64)
    _fill(xs, ys, m0, r0)
    for every in (1, 7, len(xs) + 1):
        m1, r1 = np.zeros(shape_m, np.int64), np.zeros(shape_r, np.int64)
        _fill_local(xs, ys, m1, r1, every)
        assert (m1 == m0).all() and (r1 == r0).all(), every


def test_local_rows_refuse_overflow_like_the_direct_adds():
    with pytest.raises(OverflowError, match="2\\*\\*60"):
        _fill_local(np.array([1, 2**60]), np.array([1, 1]), moments(1), ratios(1), 10)


def test_estimates_match_numpy():
    rng = np.random.default_rng(1)
    xs = rng.integers(-5, 9, 5000)
    ys = rng.integers(1, 4, 5000)
    st = _chunk(xs, ys)
    m = mean_estimate(st["m"][0])
    assert m.value == pytest.approx(xs.mean())
    assert m.stderr == pytest.approx(xs.std(ddof=1) / np.sqrt(len(xs)))
    r = ratio_estimate(st["r"][0])
    R = xs.sum() / ys.sum()
    resid = xs - R * ys
    assert r.value == pytest.approx(R)
    assert r.stderr == pytest.approx(resid.std(ddof=1) / np.sqrt(len(xs)) / ys.mean(), rel=1e-9)


def test_proportion_and_wilson():
    p = proportion_estimate(30, 100)
    assert p.value == 0.3 and p.stderr == pytest.approx(np.sqrt(0.3 * 0.7 / 100))
    lo, hi = wilson_interval(0, 20)
    assert lo == pytest.approx(0.0, abs=1e-12) and 0.1 < hi < 0.2  # Wilson never gives [0, 0]
    for k in (0, 20):   # a rate at 0 or 1: the standard error is the Wilson half-width / 1.96, never 0
        e = proportion_estimate(k, 20)
        assert e.stderr == pytest.approx((e.ci95[1] - e.ci95[0]) / (2 * 1.959963984540054)) and e.stderr > 0.03
    lo, hi = wilson_interval(30, 100)
    assert lo == pytest.approx(0.2189, abs=1e-3) and hi == pytest.approx(0.3959, abs=1e-3)


@pytest.mark.parametrize("share", [0, 2])
def test_a_rate_of_all_equal_shares_at_0_or_1_is_never_a_zero_width_interval(share):
    """Win rates are means of per-unit shares (0, 1 = half a win, 2 = a win at scale 2):
    when every share is 0 (or every one a whole win) the sample variance is 0, and the
    rate is reported as the proportion 0/n (n/n) with its Wilson interval instead."""
    st = _chunk(np.full(20, share, np.int64), np.ones(20, np.int64))
    plain = mean_estimate(st["m"][0], scale=2)
    assert plain.stderr == 0 and plain.ci95[0] == plain.ci95[1]          # what the mean alone would say
    rate = rate_estimate(st["m"][0], scale=2)
    assert rate == proportion_estimate(20 * share // 2, 20)
    assert rate.stderr > 0.03 and rate.ci95[1] - rate.ci95[0] > 0.1


def test_a_rate_between_0_and_1_is_the_mean_with_a_bounded_interval():
    st = _chunk(np.array([0, 1, 2, 2, 0, 1], np.int64), np.ones(6, np.int64))
    rate, mean = rate_estimate(st["m"][0], scale=2), mean_estimate(st["m"][0], scale=2)
    assert (rate.value, rate.stderr, rate.n) == (mean.value, mean.stderr, mean.n)
    assert 0 < rate.ci95[0] < mean.value < rate.ci95[1] < 1       # Wilson at n_eff = p(1-p)/se^2
