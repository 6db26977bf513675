"""Every game at its largest accepted stakes and banks: the statistics are exact, so a run
whose money values are all K times those of a small-stake run (same seed, same deals,
scale-free rules and policies) reports exactly K times its standard errors (and the same
figures for ratios such as the house edge). With plain int64 sums of squares these runs
wrapped: Treize at 10^6-unit stakes lost a third of its standard error, Banchok with a
10^9 bank reported 0.

Macao, Oh Hell and Spades have no stake or bank option: their per-unit values are bounded
by the rules far below the 2^60 the exact sums accept (simkit/core/stats.py)."""
import pytest

import simkit

CASES = [
    # game, hands, small (rules, policies), large (rules, policies), K, money metrics
    ("treize", 3000, ({}, "flat:units=1"), ({"bank": 10**9}, "flat:units=1000000"), 10**6,
     ["banker_net_per_bank"]),
    ("banchok", 300, ({"bank": 60, "min_stake": 1}, "hand:threshold=0.5,fraction=1"),
     ({"bank": 60 * 16_666_666, "min_stake": 16_666_666}, "hand:threshold=0.5,fraction=1"), 16_666_666,
     ["banker_net_per_bank"]),
    ("ochko", 400, ({"bank": 10}, "flat:units=1"), ({"bank": 10**6}, "flat:units=100000"), 100_000,
     ["banker_net_per_bank"]),
    ("blackjack", 3000, ({}, "hilo:min_bet=1,max_bet=1"), ({}, "hilo:min_bet=10000,max_bet=10000"), 10_000,
     ["win_per_100_rounds", "sd_per_round"]),
    ("poker", 2000, ({"ante": 1, "limit": 10, "min_bet": 1}, {"bet": "call-down"}),
     ({"ante": 100, "limit": 1000, "min_bet": 100}, {"bet": "call-down"}), 100, ["chip_ev.seat1"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_largest_stakes_scale_the_errors_exactly(case):
    game, hands, (r1, p1), (r2, p2), k, money = case
    small = simkit.simulate(game, hands, seed=4, rules=r1, policies=p1)
    large = simkit.simulate(game, hands, seed=4, rules=r2, policies=p2)
    a, b = small.metrics, large.metrics
    head = simkit.get_game(game).headline
    assert a[head]["stderr"] > 0
    assert b[head]["value"] == pytest.approx(a[head]["value"], rel=1e-12)
    assert b[head]["stderr"] == pytest.approx(a[head]["stderr"], rel=1e-9)
    for m in money:
        assert a[m]["stderr"] > 0, m
        assert b[m]["value"] == pytest.approx(k * a[m]["value"], rel=1e-12), m
        assert b[m]["stderr"] == pytest.approx(k * a[m]["stderr"], rel=1e-9), m
