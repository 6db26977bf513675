import itertools

import numpy as np
import pytest
from numba import njit

from simkit import SimkitError
from simkit.core.stats import Stats, moment_add_nb, moments, ratio_add_nb, ratios
from simkit.reports.estimates import mean_estimate, proportion_estimate, ratio_estimate, wilson_interval


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


def test_accumulators_do_not_overflow_at_1e10():
    st = moments(1)
    st[0] = [10**10, 10**10 * 1000, 10**10 * 1000**2]
    acc = Stats(m=st)
    acc.merge(Stats(m=st.copy()))
    assert acc["m"][0, 2] == 2 * 10**16
    e = mean_estimate(acc["m"][0])
    assert e.value == 1000 and e.stderr == 0


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
    lo, hi = wilson_interval(30, 100)
    assert lo == pytest.approx(0.2189, abs=1e-3) and hi == pytest.approx(0.3959, abs=1e-3)
