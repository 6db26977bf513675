"""simulate(..., target_se=...) and `simkit run --target-se`: deterministic batches on a
fixed grid, the result that of a plain run of the units played, clear errors."""
import json

import numpy as np
import pytest

import simkit
from simkit.cli import main
from simkit.errors import SimkitError
from simkit.runner.precision import stops


def _same(a, b):
    return set(a.stats) == set(b.stats) and all(np.array_equal(a.stats[k], b.stats[k]) for k in a.stats)


def test_grid_of_stops():
    assert stops(1_000_000) == [977, 1954, 3907, 7813, 15625, 31250, 62500, 125000, 250000, 500000,
                                1_000_000][1:]
    assert stops(500) == [500] and stops(1500) == [1500]


@pytest.mark.parametrize("game,rules,target", [("treize", {}, 0.004), ("blackjack", {"decks": "inf"}, 0.01),
                                               ("blackjack", {"decks": 2}, 0.01)])
def test_target_reached_and_a_function_of_seed_and_units(game, rules, target):
    res = simkit.simulate(game, 2_000_000, seed=7, rules=rules, target_se=target)
    p = res.precision
    head = res.estimates[simkit.get_game(game).headline]
    assert head.stderr <= target and p["stderr"] == head.stderr and p["units"] == res.n_units
    assert [b["units"] for b in p["batches"]][-1] == res.n_units
    assert all(b["stderr"] > target for b in p["batches"][:-1])
    # exactly the plain run of the units played, for any n_jobs
    assert _same(res, simkit.simulate(game, res.hands, seed=7, rules=rules))
    assert _same(res, simkit.simulate(game, 2_000_000, seed=7, rules=rules, target_se=target, n_jobs=2))


def test_target_errors():
    for bad in (0, -0.1, float("nan"), "0.1", True):
        with pytest.raises(SimkitError, match="target_se must be a positive number"):
            simkit.simulate("treize", 1000, target_se=bad)
    with pytest.raises(SimkitError, match=r"target_se=0.0001 is out of reach of hands=10,000: house_edge has "
                                          r"standard error .* after 1,\d\d\d banks, so about"):
        simkit.simulate("treize", 10_000, target_se=0.0001)
    with pytest.raises(SimkitError, match="cannot be combined"):
        simkit.simulate("treize", 10_000, target_se=0.01, shard=(0, 2))


def test_cli_target_se(capsys):
    code = main(["run", "treize", "--hands", "1e6", "--target-se", "0.004", "--json", "--no-progress"])
    out, _ = capsys.readouterr()
    doc = json.loads(out)
    assert code == 0 and doc["precision"]["units"] == doc["units"] < 10**6
    assert doc["metrics"]["house_edge"]["stderr"] <= 0.004
    code = main(["run", "treize", "--hands", "1e3", "--target-se", "0.0001"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "out of reach of hands=1,000" in err
    code = main(["run", "treize", "--hands", "1e5", "--target-se", "0.005"])
    out, _ = capsys.readouterr()
    assert code == 0 and "target_se 0.005 on house_edge: stderr" in out


def test_a_target_run_keeps_its_trace_and_precision_through_save_and_load(tmp_path):
    res = simkit.simulate("treize", 2_000_000, seed=7, target_se=0.004)
    assert [t["units"] for t in res.trace] == [b["units"] for b in res.precision["batches"]]
    assert res.trace[-1]["stderr"] == res.precision["stderr"] and res.trace[-1]["value"] == res["house_edge"].value
    res.save(tmp_path / "r")
    back = simkit.load(tmp_path / "r")
    assert back.precision == json.loads(json.dumps(res.precision)) and len(back.trace) == len(res.trace)
