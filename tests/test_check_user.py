"""The checked mode of user ``@njit`` functions (issue 30): a stake function reading
``counts[10**6]`` runs to a result unchecked; with ``check_user=True`` it ends in a clear
error naming the policy, and a correct function gives the same result to the bit. Every
exception a user function raises is a SimkitError, and unchecked errors say how to check."""
import numpy as np
import pytest
from numba import njit

import simkit
from simkit import IllegalMoveError, SimkitError


@njit
def reads_far(counts, remaining, bank, params):
    return 1 + counts[10**6] * 0


@njit
def counts_tens(counts, remaining, bank, params):
    # a legal, deck-aware stake: more units when tens are left
    return 1 + (counts[9] > 2) + (counts[12] > 2)


@njit
def divides(counts, remaining, bank, params):
    return 1 + counts[0] // (counts[0] - counts[0])


@njit
def negative(counts, remaining, bank, params):
    return -5


def test_an_out_of_bounds_read_runs_unchecked_and_fails_checked():
    res = simkit.simulate("treize", 200, policies=reads_far, seed=1)      # garbage, silently
    assert res.metrics["house_edge"]["n"] == 200
    with pytest.raises(SimkitError, match=r"treize: user function 'user:reads_far' \(stake\) indexed an array "
                                          r"out of bounds \(index is out of bounds; found by check_user"):
        simkit.simulate("treize", 200, policies=reads_far, seed=1, check_user=True)
    with pytest.raises(SimkitError, match="'user:reads_far' .* out of bounds"):
        simkit.compare("treize", ["flat", reads_far], 200, role="stake", check_user=True, groups=4)
    with pytest.raises(SimkitError, match="'user:reads_far' .* out of bounds"):
        simkit.sweep("treize", {"deck": [36, 52]}, 200, policies=reads_far, check_user=True)
    with pytest.raises(SimkitError, match="'user:reads_far' .* out of bounds"):   # the target_se path too
        simkit.simulate("treize", 2000, policies=reads_far, target_se=0.001, check_user=True)


def test_a_correct_function_gives_the_same_result_checked(tmp_path):
    plain = simkit.simulate("treize", 3000, policies=counts_tens, seed=4)
    checked = simkit.simulate("treize", 3000, policies=counts_tens, seed=4, check_user=True)
    assert set(plain.stats) == set(checked.stats)
    for k in plain.stats:
        assert np.array_equal(plain.stats[k], checked.stats[k]), k
    assert plain.user_functions == checked.user_functions          # the same code, so the same fingerprint
    assert checked.policies["stake"].fn is counts_tens              # the result names the user's own function
    # built-in policies only: the flag changes nothing
    a = simkit.simulate("treize", 500, seed=2)
    b = simkit.simulate("treize", 500, seed=2, check_user=True)
    assert a.metrics == b.metrics


def test_user_function_errors_are_clear_and_say_how_to_check():
    with pytest.raises(SimkitError, match=r"user function 'user:divides' \(stake\) raised ZeroDivisionError.*"
                                          r"rerun with check_user=True"):
        simkit.simulate("treize", 100, policies=divides)
    with pytest.raises(IllegalMoveError, match=r"user:negative.*check_user=True"):
        simkit.simulate("treize", 100, policies=negative)
    with pytest.raises(SimkitError, match=r"check_user must be True or False, got 'yes'"):
        simkit.simulate("treize", 100, policies=counts_tens, check_user="yes")


@njit
def plays_far(hand, legal, state, params):
    c = 0
    while not (legal >> c) & 1:
        c += 1
    return c + state[10**6] * 0


def test_tournament_and_tune_check_user_functions_too():
    """A seated game's user play function reading ``state[10**6]``: a tournament entrant
    and a tuning field."""
    deal = {"unit": "deal"}
    with pytest.raises(SimkitError, match=r"user:plays_far.*out of bounds \(index is out of bounds; found by check_user"):
        simkit.tournament("kozel", ["random", plays_far], 40, rules=deal, groups=4, speed=False, check_user=True)
    with pytest.raises(SimkitError, match=r"user:plays_far.*out of bounds \(index is out of bounds; found by check_user"):
        simkit.tune("kozel", "heuristic", ["play.take_at=0:10:10"], budget=160, rules=deal, field=plays_far,
                    check_user=True)
