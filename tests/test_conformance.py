"""The shared conformance suite: every registered game, every conformance case.

Cards conserved, only legal moves and consistent scores (the game's audit mode checks
each and counts violations), the same seed gives the same result, and results are
identical for n_jobs=1 and 2 and for two chunk sizes."""
import json

import numpy as np
import pytest

import simkit
from simkit.games import get_game

CASES = [(gid, i) for gid in simkit.list_games() for i in range(len(get_game(gid).conformance_cases))]


def _case(gid, i):
    game = get_game(gid)
    rules, policies = game.conformance_cases[i]
    return game, rules, policies, getattr(game, "conformance_hands", 2000)


def _same(a, b):
    assert set(a) == set(b)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)


@pytest.mark.parametrize("gid,i", CASES)
def test_audit_finds_no_violation(gid, i):
    game, rules, policies, hands = _case(gid, i)
    r = game.Rules.build(rules)
    p = game.resolve_policies(policies)
    out = game.audit(r, p, 7, max(1, game.n_units(hands, r) // 4))
    assert out["checks"] > 0, "the audit checked nothing"
    assert out["violations"] == 0, out


@pytest.mark.parametrize("gid,i", CASES)
def test_same_seed_same_result_any_workers_or_chunks(gid, i):
    game, rules, policies, hands = _case(gid, i)
    base = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, progress=False)
    again = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, progress=False)
    _same(base.stats, again.stats)
    units = base.n_units
    small = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, chunk=max(1, units // 7),
                            progress=False)
    _same(base.stats, small.stats)
    two = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, n_jobs=2,
                          chunk=max(1, units // 3), progress=False)
    _same(base.stats, two.stats)
    other = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=12, progress=False)
    assert any(not np.array_equal(base.stats[k], other.stats[k]) for k in base.stats), \
        "a different seed gave the very same statistics"


@pytest.mark.parametrize("gid,i", CASES)
def test_report_and_json(gid, i):
    game, rules, policies, hands = _case(gid, i)
    res = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=3, progress=False)
    assert game.headline in res.metrics
    head = res.metrics[game.headline]
    assert head["n"] > 0 and np.isfinite(head["value"])
    text = json.dumps(res.to_json(), allow_nan=False)
    back = json.loads(text)
    assert back["game"] == gid and back["rules"] == res.rules.to_dict()
