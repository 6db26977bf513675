"""The shared conformance suite: every registered game, every conformance case.

Cards conserved, only legal moves and consistent scores (the game's audit mode checks
each and counts violations), the same seed gives the same result, and results are
identical for n_jobs=1 and 2 and for two chunk sizes.

Tests are parametrized by game id only, and each loops over its game's cases: the
number of cases is known only once the game is imported, and importing a game compiles
its kernels, which collecting the tests must not do (``-k GAME`` compiles that game only)."""
import json

import numpy as np
import pytest

import simkit
from simkit.games import get_game

GAMES = simkit.list_games()


def _cases(gid):
    """``(label, game, rules, policies, hands)`` for each of the game's conformance cases."""
    game = get_game(gid)
    hands = getattr(game, "conformance_hands", 2000)
    for i, (rules, policies) in enumerate(game.conformance_cases):
        yield f"{gid} case {i} ({rules}, {policies})", game, rules, policies, hands


def _same(a, b, label):
    assert set(a) == set(b), label
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=f"{label}: {k}")


@pytest.mark.parametrize("gid", GAMES)
def test_audit_finds_no_violation(gid):
    for label, game, rules, policies, hands in _cases(gid):
        r = game.Rules.build(rules)
        p = game.resolve_policies(policies)
        out = game.audit(r, p, 7, max(1, game.n_units(hands, r) // 4))
        assert out["checks"] > 0, f"{label}: the audit checked nothing"
        assert out["violations"] == 0, (label, out)


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_same_result_any_workers_or_chunks(gid):
    for label, game, rules, policies, hands in _cases(gid):
        base = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, progress=False)
        again = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, progress=False)
        _same(base.stats, again.stats, label)
        units = base.n_units
        small = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, chunk=max(1, units // 7),
                                progress=False)
        _same(base.stats, small.stats, label)
        two = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=11, n_jobs=2,
                              chunk=max(1, units // 3), progress=False)
        _same(base.stats, two.stats, label)
        other = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=12, progress=False)
        assert any(not np.array_equal(base.stats[k], other.stats[k]) for k in base.stats), \
            f"{label}: a different seed gave the very same statistics"


@pytest.mark.parametrize("gid", GAMES)
def test_report_and_json(gid):
    for label, game, rules, policies, hands in _cases(gid):
        res = simkit.simulate(gid, hands, rules=rules, policies=policies, seed=3, progress=False)
        assert game.headline in res.metrics, label
        head = res.metrics[game.headline]
        assert head["n"] > 0 and np.isfinite(head["value"]), label
        text = json.dumps(res.to_json(), allow_nan=False)
        back = json.loads(text)
        assert back["game"] == gid and back["rules"] == res.rules.to_dict(), label


def _is_rate(name: str) -> bool:
    """A rate or share by its name: ``*_rate``, ``win_rate.*``, ``*_share``, ``p_*``,
    ``*_accuracy`` (what :mod:`simkit.reports.metric_info` reports in the unit "share")."""
    base = name.split(".")[0]
    return base.endswith(("_rate", "_share", "_accuracy")) or base == "win_rate" or base.startswith("p_")


@pytest.mark.parametrize("gid", GAMES)
def test_rate_intervals_stay_within_0_and_1(gid):
    """Issue 29: at 5 units the Student-t interval of a win rate left [0, 1] (kerosinka
    0.333 [-1.10, 1.77]); every rate's interval must stay inside it, at any size."""
    for hands in (5, 60):
        res = simkit.simulate(gid, hands, seed=2, progress=False)
        for name, m in res.metrics.items():
            if not _is_rate(name) or m["value"] is None or not np.isfinite(m["value"]):
                continue
            lo, hi = m["ci95"]
            assert 0.0 <= lo <= m["value"] <= hi <= 1.0, (gid, hands, name, m)
