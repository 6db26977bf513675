"""Tuning by racing (simkit.tune): the race keeps the true best of a known objective and
spends less than the full grid; a game's tuning is the same for any worker count; the
parameter ranges are checked against the policies' declarations."""
import json

import numpy as np
import pytest

import simkit
from simkit.cli import main
from simkit.errors import SimkitError
from simkit.runner.tune import race


def _toy(means, sd, per_round=10, seed=0):
    """Arms with known means; each round draws ``per_round`` groups of noise shared by
    every arm (common random numbers) plus each arm's own noise."""
    rng = np.random.default_rng(seed)
    data = {a: [] for a in range(len(means))}
    spent = [0]

    def play_round(alive, r):
        common = rng.normal(0, 1.0, per_round)
        own = rng.normal(0, sd, (len(means), per_round))
        for a in alive:
            data[a].extend(means[a] + common + own[a])
            spent[0] += per_round

    def score(a):
        x = np.asarray(data[a])
        n = len(x)
        loo = (x.sum() - x) / (n - 1)
        return np.append(loo, x.mean())

    return play_round, score, data, spent


@pytest.mark.parametrize("seed", range(5))
def test_the_race_keeps_the_best_and_spends_less_than_the_grid(seed):
    means = np.array([0.0, 0.1, 0.2, 0.3, 0.5, 0.45, 0.0, -0.2])
    play_round, score, data, spent = _toy(means, sd=0.3, seed=seed)
    st = race(len(means), play_round, score, better="max", max_rounds=60)
    assert 4 in st.alive                          # the true best is never dropped here
    rounds_best = len(data[4]) // 10
    assert spent[0] < len(means) * rounds_best * 10
    st_min = race(len(means), *_toy(-means, sd=0.3, seed=seed)[:2], better="min", max_rounds=60)
    assert 4 in st_min.alive


def test_the_margin_stops_a_race_of_equals():
    play_round, score, _, spent = _toy(np.zeros(4), sd=0.05, seed=1)
    st = race(4, play_round, score, margin=0.2, max_rounds=200)
    assert len(st.alive) == 4 and st.rounds < 200


def test_tuning_a_house_game_is_the_same_for_any_workers():
    kw = dict(metric="house_edge", better="min", budget=60_000, seed=4, block=2_000)
    one = simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2:0.2"], **kw)
    two = simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2:0.2"], n_jobs=2, **kw)
    assert one.table().equals(two.table())
    assert one.best == two.best and one.spent <= 60_000
    obj = one.to_json()
    assert obj["kind"] == "tuning" and set(obj["best"]) == {"stake.threshold"}
    assert obj["full_grid_cost"] >= obj["units_spent"] or obj["stop_reason"] == "budget reached"


def test_bad_ranges_and_objectives_are_named():
    base = dict(metric="house_edge", better="min", budget=10_000)
    with pytest.raises(SimkitError, match="needs a STEP"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2"], **base)
    with pytest.raises(SimkitError, match="no parameter 'cutoff'"):
        simkit.tune("treize", "deck-aware", ["stake.cutoff=0:2"], **base)
    with pytest.raises(SimkitError, match=r"\[-1, 1\]"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=-2:0:0.5"], **base)
    with pytest.raises(SimkitError, match="unknown policy role"):
        simkit.tune("treize", "deck-aware", ["play.threshold=0:1:0.5"], **base)
    with pytest.raises(SimkitError, match="LO:HI"):
        simkit.tune("treize", "deck-aware", ["stake.threshold"], **base)
    with pytest.raises(SimkitError, match="maximised or minimised"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2:0.2"], metric="house_edge", budget=10_000)
    with pytest.raises(SimkitError, match="seated games"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2:0.2"], field="flat", **base)
    with pytest.raises(SimkitError, match="do not cover"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=-0.2:0.2:0.2"], metric="house_edge", better="min",
                    budget=30)
    with pytest.raises(SimkitError, match="at least two values"):
        simkit.tune("treize", "deck-aware", ["stake.threshold=0:0:0.1"], **base)


@pytest.mark.parametrize("gid", ["kerosinka"])
def test_tuning_a_seat_against_the_field(gid, capsys):
    t = simkit.tune(gid, "basic", ["play.take_at=0:20:20"], budget=480, seed=2, block=20)
    assert t.seatings == 4 and t.metric == "win_rate.{side}" and t.better == "max"
    assert t.field_labels and t.spent <= 480
    with pytest.raises(SimkitError, match="tuned seat's score"):
        simkit.tune(gid, "basic", ["play.take_at=0:20:20"], budget=480, metric="forced_trump_rate")
    assert main(["tune", gid, "--policy", "play=basic", "--param", "play.take_at=0:20:20", "--budget", "480",
                 "--block", "20", "--seed", "2", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["best"] == t.best and obj["arms"] == json.loads(json.dumps(t.to_json()["arms"]))
