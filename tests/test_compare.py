"""compare(): variants of rules, policies or both on the same deals; all pairs (Holm,
simultaneous intervals), rankings, the `simkit compare` command; Student-t helpers."""
import json
import math

import numpy as np
import pytest

import simkit
from simkit.cli import main
from simkit.errors import SimkitError
from simkit.reports.student import t_quantile2, t_sf2
from simkit.runner.compare import holm


def test_student_t_against_tables():
    # published two-sided 5% points and a p-value (Abramowitz & Stegun table 26.10)
    assert t_quantile2(0.05, 1) == pytest.approx(12.7062047, abs=1e-6)
    assert t_quantile2(0.05, 15) == pytest.approx(2.1314495, abs=1e-6)
    assert t_quantile2(0.05, 99) == pytest.approx(1.9842169, abs=1e-6)
    assert t_quantile2(0.05, math.inf) == pytest.approx(1.9599640, abs=1e-7)
    assert t_sf2(2.0, 10) == pytest.approx(0.0733880, abs=1e-6)
    assert t_sf2(t_quantile2(0.01, 7), 7) == pytest.approx(0.01, rel=1e-9)


def test_holm_step_down():
    # sorted p = .01, .02, .04 with m = 3: .03, .04, .04 (monotone); NaN stays NaN
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    out = holm([0.5, float("nan"), 0.6])
    assert out[0] == pytest.approx(1.0) and math.isnan(out[1]) and out[2] == pytest.approx(1.0)


def test_rule_variants_are_paired_and_match_their_own_runs():
    cmp = simkit.compare("treize", [{}, {"deck_end": "void"}, ({"deck": 36}, "deck-aware")], 4000, seed=3,
                         groups=20)
    assert cmp.labels == ["(base rules) flat:units=1", "deck_end=void flat:units=1",
                          "deck=36 deck-aware:high=10,low=1,threshold=0"]
    # each variant's figures are exactly those of simulating it alone on the same seed
    alone = simkit.simulate("treize", 4000, seed=3, rules={"deck_end": "void"})
    assert cmp.results[1].metrics["house_edge"] == alone.metrics["house_edge"]
    d = cmp.differences("house_edge")
    assert list(d["policy"]) == cmp.labels[1:]
    void = d.iloc[0]
    # the same deals: a void end changes only the coups that reach the end of the deck
    assert void.unpaired_stderr > 3 * void.diff_stderr > 0
    t = t_quantile2(0.05, 19)   # 20 groups: Student-t with 19 degrees of freedom
    assert void.diff_ci95_high - void["diff"] == pytest.approx(t * void.diff_stderr)


def test_pairs_and_ranking():
    variants = ["flat", "deck-aware:low=1,high=10,threshold=-0.26", "deck-aware:low=1,high=10,threshold=-0.28",
                "flat:units=3"]
    cmp = simkit.compare("treize", variants, 4000, seed=5, groups=20)
    pairs = cmp.pairs("house_edge")
    assert len(pairs) == 6 and set(pairs.columns) >= {"a", "b", "diff", "p_value", "p_holm", "significant"}
    # every pair matches its difference from the report; Holm >= raw; simultaneous wider than pointwise
    first = pairs[pairs.a == cmp.labels[0]].reset_index(drop=True)
    d = cmp.differences("house_edge")
    np.testing.assert_allclose(first["diff"], d["diff"])
    np.testing.assert_allclose(first["diff_stderr"], d["diff_stderr"])
    assert (pairs.p_holm >= pairs.p_value).all()
    wide = pairs[pairs.diff_stderr > 0]
    assert len(wide) == 5 and (wide.simul_ci95_high - wide.simul_ci95_low > wide.ci95_high - wide.ci95_low).all()
    # flat:units=3 stakes 3 per coup on the same coups as flat: the edge per unit staked is identical
    same = pairs[(pairs.a == cmp.labels[0]) & (pairs.b == cmp.labels[3])].iloc[0]
    assert same["diff"] == pytest.approx(0.0, abs=1e-12) and same.p_value == 1.0 and not same.significant
    rank = cmp.ranking("house_edge", best="min")
    # issue 29: by default the metric's declared direction ranks: a house edge smallest first
    default = cmp.ranking("house_edge")
    assert default.equals(rank) and "lower is better for the punters" in default.attrs["order"]
    assert cmp.ranking("house_edge", best="max")["value"].is_monotonic_decreasing
    assert "no better direction" in cmp.ranking("banker_match_rate").attrs["order"]
    assert list(rank["rank"]) == [1, 2, 3, 4]
    assert (rank.rank_low <= rank["rank"]).all() and (rank["rank"] <= rank.rank_high).all()
    assert rank["value"].is_monotonic_increasing
    # a significant pair separates the rank intervals of its two variants
    for r in pairs[pairs.significant].itertuples():
        lo, hi = (r.a, r.b) if r.diff > 0 else (r.b, r.a)        # lo has the smaller edge: ranks first
        a, b = rank.set_index("variant").loc[lo], rank.set_index("variant").loc[hi]
        assert hi in a.better_than and a.rank_high <= b.rank_high and a.rank_low < b.rank_high


def test_compare_errors():
    with pytest.raises(SimkitError, match="at least two variants"):
        simkit.compare("treize", ["flat"], 100)
    with pytest.raises(SimkitError, match=r"variant 1 .* equals variant 0"):
        simkit.compare("treize", ["flat", "flat:units=1"], 100)
    with pytest.raises(SimkitError, match=r"variant 1 .* equals variant 0"):
        simkit.compare("treize", [{}, {"deck": 52}], 100)
    with pytest.raises(SimkitError, match="unknown variant key 'decks'; allowed: bank, "):
        simkit.compare("treize", [{}, {"decks": 36}], 100)
    with pytest.raises(SimkitError, match="unknown rule option 'decks'"):
        simkit.compare("treize", [{}, ({"decks": 36}, None)], 100)
    with pytest.raises(SimkitError, match="unknown policy role 'bet'"):
        simkit.compare("treize", ["flat", "deck-aware"], 100, role="bet")
    cmp = simkit.compare("treize", [{}, {"deck": 36}], 200, groups=4)
    with pytest.raises(SimkitError, match="metric 'edge' is not reported"):
        cmp.pairs("edge")


def _cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_compare_json_and_errors(capsys):
    code, out, _ = _cli(capsys, "compare", "treize", "--variant", "base", "--variant", "deck=36",
                        "--variant", "stake=deck-aware:low=1,high=10,threshold=-0.26,deck=36",
                        "--hands", "3000", "--groups", "10", "--json", "--no-progress")
    assert code == 0
    doc = json.loads(out)
    assert [v["label"] for v in doc["variants"]] == ["(base rules) flat:units=1", "deck=36 flat:units=1",
                                                     "deck=36 deck-aware:high=10,low=1,threshold=-0.26"]
    assert doc["variants"][2]["rules"]["deck"] == 36 and doc["metric"] == "house_edge"
    assert len(doc["pairs"]) == 3 and len(doc["ranking"]) == 3 and doc["groups"] == 10
    code, out, _ = _cli(capsys, "compare", "treize", "--variant", "base", "--variant", "stake.threshold=-0.2",
                        "--policy", "deck-aware", "--hands", "2000", "--groups", "5", "--no-progress")
    # issue 29: a house edge ranks smallest first by default (lower is better for the punters), and says so
    assert code == 0 and "all pairs (house_edge" in out
    assert "ranking (house_edge, smallest first: lower is better for the punters" in out
    code, out, _ = _cli(capsys, "compare", "treize", "--variant", "base", "--variant", "stake.threshold=-0.2",
                        "--policy", "deck-aware", "--hands", "2000", "--groups", "5", "--no-progress",
                        "--best", "max")
    assert code == 0 and "ranking (house_edge, largest first, as asked; lower is better for the punters" in out
    for bad, msg in [(["--variant", "base", "--variant", "decks=36"], "unknown variant key 'decks'"),
                     (["--variant", "base", "--variant", "deck=52"], "equals variant 0"),
                     (["--variant", "deck=36"], "at least two --variant"),
                     (["--variant", "base", "--variant", "stake.threshold=low"], "is not a number"),
                     (["--variant", "base", "--variant", "deck"], "write KEY=VALUE")]:
        code, out, err = _cli(capsys, "compare", "treize", "--hands", "100", *bad)
        assert code == 2 and out == "" and msg in err, (bad, err)


def test_sweep_paired_differences_against_a_base_point():
    grid = {"deck": [52, 36], "stake.threshold": [-0.3, 0.0]}
    df = simkit.sweep("treize", grid, 4000, seed=6, policies="deck-aware", base={"deck": 52, "stake.threshold": 0.0},
                      groups=20)
    assert df.attrs["paired"] and df.attrs["base"] == {"deck": 52, "stake.threshold": 0.0}
    base = df[(df.deck == 52) & (df["stake.threshold"] == 0.0)].iloc[0]
    assert base.house_edge_diff == 0 and base.house_edge_diff_stderr == 0
    np.testing.assert_allclose(df.house_edge_diff, df.house_edge - base.house_edge)
    # the same jackknife as compare() on the same pair of points
    cmp = simkit.compare("treize", [{"deck": 52, "stake.threshold": 0.0}, {"deck": 36, "stake.threshold": -0.3}],
                         4000, seed=6, policies="deck-aware", groups=20)
    other = df[(df.deck == 36) & (df["stake.threshold"] == -0.3)].iloc[0]
    d = cmp.differences("house_edge").iloc[0]
    assert other.house_edge_diff == pytest.approx(d["diff"]) and other.house_edge_diff_stderr == pytest.approx(
        d.diff_stderr)
    assert other.house_edge_diff_stderr < math.sqrt(other.house_edge_stderr ** 2 + base.house_edge_stderr ** 2)
    with pytest.raises(SimkitError, match="is not a point of the grid"):
        simkit.sweep("treize", grid, 100, base={"deck": 32, "stake.threshold": 0.0}, policies="deck-aware")
    with pytest.raises(SimkitError, match="a value for every grid key"):
        simkit.sweep("treize", grid, 100, base={"deck": 52}, policies="deck-aware")


def test_jackknife_of_a_metric_some_groups_lack_is_nan():
    from simkit.runner.jackknife import jackknife_se

    loo_a = [{"m": 1.0, "rare": 2.0}, {"m": 2.0}]
    loo_b = [{"m": 1.5, "rare": 2.5}, {"m": 2.0, "rare": 1.0}]
    assert jackknife_se(loo_a, loo_b, "m") == pytest.approx(0.25)
    assert math.isnan(jackknife_se(loo_a, loo_b, "rare"))
