"""Helpers shared by the penalty trick games' tests (Tyotka, Polignac): deterministic and
illegal user play functions, and the validation checks on a small run."""
from numba import njit

import simkit
from simkit.core.tricks import PLAY_SIG, lowest_card_nb


def _lowest(hand, legal, state, params):
    """The lowest legal card code (a deterministic user policy)."""
    return lowest_card_nb(legal)


def _any_card(hand, legal, state, params):
    """The lowest card of the hand, legal or not."""
    return lowest_card_nb(hand)


def user_policies():
    """``(play_lowest, play_any)`` compiled with the engine's play signature (call from a
    test fixture: compiling at collection is not allowed)."""
    return njit(PLAY_SIG, cache=True)(_lowest), njit(PLAY_SIG, cache=True)(_any_card)


def check_validation(game_id: str, hands: int = 3000, seed: int = 9):
    """Every check of the game's validation.py within 4 standard errors of a small run."""
    for check in simkit.get_game(game_id).validation_checks():
        res = simkit.simulate(game_id, hands, rules=check.rules, policies=check.policies, seed=seed, progress=False)
        est = check.estimate(res)
        assert abs(est.value - check.exact) < 4 * est.stderr, (check.what, est)
