"""Rates keep their intervals within [0, 1] and honest at small n (issue 29): a rate is a
mean (or a ratio) of shares in [0, 1], reported with the Wilson score interval at its
effective number of trials (simkit/reports/estimates.py)."""
import math

import pytest

from simkit.reports.estimates import (as_rate, mean_estimate, proportion_estimate, rate_estimate,
                                      rate_ratio_estimate, ratio_estimate)


def _row(xs):
    """A plain moment row ``[n, Σx, Σx²]`` of integer shares."""
    return [len(xs), sum(xs), sum(x * x for x in xs)]


def _ratio_row(xs, ys):
    return [len(xs), sum(xs), sum(ys), sum(x * x for x in xs), sum(y * y for y in ys),
            sum(x * y for x, y in zip(xs, ys))]


def test_three_games_one_win_stays_in_the_unit_interval():
    """`simkit run kerosinka --hands 3 --seed 2` gave win_rate.seat0 0.333 [-1.10, 1.77]."""
    e = rate_estimate(_row([1, 0, 0]))
    assert e.value == pytest.approx(1 / 3)
    assert 0.0 < e.ci95[0] < 1 / 3 < e.ci95[1] < 1.0
    assert e.stderr == pytest.approx(mean_estimate(_row([1, 0, 0])).stderr)     # the spread is the mean's


@pytest.mark.parametrize("xs", [[1, 0], [1, 0, 0, 0, 0, 0], [2, 1, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                                [1] * 9 + [0], [2, 2, 2, 1]])
def test_every_small_rate_interval_is_within_0_and_1(xs):
    e = rate_estimate(_row(xs), scale=max(xs))
    assert 0.0 <= e.ci95[0] <= e.value <= e.ci95[1] <= 1.0


def test_a_ratio_of_counts_is_bounded_too():
    """banchok whole_bank_stake_rate 0.099 [-0.014, 0.212]: a ratio Σk/Σm of counts."""
    xs, ys = [1, 0, 0, 0, 0, 0, 1, 0], [3, 2, 4, 1, 2, 3, 5, 2]
    plain = ratio_estimate(_ratio_row(xs, ys))
    assert plain.ci95[0] < 0                                                  # what the delta method said
    e = rate_ratio_estimate(_ratio_row(xs, ys))
    assert e.value == plain.value and e.stderr == plain.stderr
    assert 0.0 < e.ci95[0] < e.value < e.ci95[1] < 1.0


def _coverage(n, p, interval):
    """Exact coverage of a 0/1 rate's interval over the binomial distribution of k."""
    cover = 0.0
    for k in range(n + 1):
        lo, hi = interval(k, n)
        if lo <= p <= hi:
            cover += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
    return cover


@pytest.mark.parametrize("n", [5, 10, 20, 50])
def test_small_n_coverage_is_honest(n):
    """Averaged over true rates 0.05..0.95 the 95% interval covers at least 93% (the
    Student-t interval on the shares, clipped or not, covers far less at p = 0.05)."""

    def rate(k, n):
        return rate_estimate(_row([1] * k + [0] * (n - k))).ci95

    ps = [i / 20 for i in range(1, 20)]
    assert sum(_coverage(n, p, rate) for p in ps) / len(ps) >= 0.93
    assert min(_coverage(n, p, rate) for p in ps) >= 0.80


def test_large_n_agrees_with_the_t_interval():
    xs = [1] * 3000 + [0] * 7000
    e, m = rate_estimate(_row(xs)), mean_estimate(_row(xs))
    assert e.ci95 == pytest.approx(m.ci95, abs=2e-4)


def test_ties_narrow_the_interval_through_the_effective_trials():
    """Shares of a half (a tie split) are less spread than wins and losses."""
    ties = rate_estimate(_row([1] * 20), scale=2)                 # every unit a tie: variance 0
    assert ties.value == 0.5 and ties.ci95 == pytest.approx(proportion_estimate(10, 20).ci95)
    some = rate_estimate(_row([2, 0, 1, 1, 1, 1, 2, 0, 1, 1]), scale=2)
    wins = rate_estimate(_row([1, 0, 1, 0, 1, 0, 1, 0, 1, 0]))
    assert some.value == wins.value == 0.5
    assert some.ci95[1] - some.ci95[0] < wins.ci95[1] - wins.ci95[0]


def test_as_rate_keeps_the_bounds_and_nans():
    assert as_rate(rate_estimate([0, 0, 0])).n == 0
    assert rate_estimate(_row([0, 0, 0])) == proportion_estimate(0, 3)
    assert rate_estimate(_row([1, 1])) == proportion_estimate(2, 2)
    one = rate_estimate(_row([1]), scale=2)
    assert one.value == 0.5 and 0 < one.ci95[0] < 0.5 < one.ci95[1] < 1


def test_wilson_at_0_and_n_ends_exactly_at_the_bound():
    """klaberjass contract_equal_rate 0/35 had the lower bound 6.9e-18 > 0 (rounding)."""
    assert proportion_estimate(0, 35).ci95[0] == 0.0 and proportion_estimate(35, 35).ci95[1] == 1.0
