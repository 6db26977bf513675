"""Duplicate tournaments (simkit.tournament): balanced designs, a policy against itself, a
planted difference, the same numbers for any worker count and for merged shards, the
saved folder, the command line and the errors; every seated game's contest fits the
metrics the game reports."""
import json
import math

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.cli import main
from simkit.errors import SimkitError
from simkit.runner import design
from simkit.runner.contests import CONTESTS
from simkit.runner.rating import additive, bradley_terry
from simkit.runner.tournament import load_tournament, merge_tournaments, tournament

SEATED = sorted(CONTESTS)


@pytest.mark.parametrize("k,sides", [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (5, 3), (4, 2), (6, 2)])
def test_every_design_is_balanced(k, sides):
    d = design.seatings(k, sides)
    assert design.is_balanced(d, k, sides)
    assert all(w >= 1 and isinstance(w, int) for _, w in d)
    assert len({s for s, _ in d}) == len(d)                      # each distinct seating once, weighted
    if k <= sides:                                               # every entrant at every table
        assert all(set(s) == set(range(k)) for s, _ in d)
    else:                                                        # every pair meets
        met = {(a, b) for s, _ in d for a in s for b in s if a != b}
        assert len(met) == k * (k - 1)
    table = design.balance(d, [f"e{i}" for i in range(k)], [f"s{j}" for j in range(sides)])
    counts = table[[f"s{j}" for j in range(sides)]].to_numpy()
    assert (counts == counts[0, 0]).all()


def test_an_unbalanced_design_is_told_apart():
    assert not design.is_balanced([((0, 1), 1)], 2, 2)
    with pytest.raises(SimkitError, match="at most"):
        design.seatings(40, 4)


def test_ratings_recover_planted_strengths():
    d = design.seatings(3, 3)
    true = np.array([0.5, 0.0, -0.5])
    side = np.array([0.2, 0.0, -0.2])
    v = np.array([[true[e] + side[j] for j, e in enumerate(s)] for s, _ in d])
    assert np.allclose(additive(v, d, 3), true - true.mean())
    p = np.exp(v)
    p /= p.sum(axis=1, keepdims=True)
    r = bradley_terry(p, d, 3) / (400 / math.log(10))
    assert np.allclose(r, true - true.mean(), atol=1e-3)        # the ridge term moves it very little


def test_a_policy_against_itself_is_even():
    t = tournament("polignac", {"a": "heuristic", "b": "heuristic"}, 60, rules={"unit": "deal"}, seed=3,
                   groups=10, speed=False)
    pair = t.pairs().iloc[0]
    assert abs(pair["diff"]) < 1e-12 and not pair["significant"]     # the same play: equal up to rounding
    ent = t.entrants()
    assert (ent["rating_ci95_low"] <= 0).all() and (ent["rating_ci95_high"] >= 0).all()
    assert ent["rank_low"].tolist() == [1, 1] and ent["rank_high"].tolist() == [2, 2]


def test_a_planted_difference_is_found_and_ranked_last():
    from simkit.core.tricks import PLAY_SIG, lowest_card_nb

    @njit(PLAY_SIG)
    def lowest(hand, legal, state, params):  # always the lowest legal card: throws tricks away
        return lowest_card_nb(legal)

    t = tournament("polignac", {"heuristic": "heuristic", "random": "random", "lowest": {"play": lowest}}, 1000,
                   rules={"unit": "deal"}, seed=5, groups=20, speed=False)
    ent = t.entrants().set_index("entrant")
    assert ent.loc["lowest", "rank"] == 3 and ent.loc["lowest", "rank_low"] == 3
    assert set(ent.loc["lowest", ["rank_low", "rank_high"]]) == {3}
    pairs = t.pairs()
    assert pairs[(pairs.a == "heuristic") & (pairs.b == "lowest")]["significant"].item()
    assert ent.loc["heuristic", "better_than"] == "random, lowest"


def _scores(t):
    return t.entrants().set_index("entrant")[["score", "stderr", "rating"]]


def test_results_do_not_depend_on_workers_chunks_or_shards(tmp_path):
    kw = dict(rules={"unit": "deal"}, seed=11, groups=8, speed=False)
    entrants = ["heuristic", "random"]
    one = tournament("polignac", entrants, 40, **kw)
    two = tournament("polignac", entrants, 40, n_jobs=2, chunk=3, **kw)
    assert _scores(one).equals(_scores(two))
    for k in range(3):
        tournament("polignac", entrants, 40, shard=(k, 3), **kw).save(tmp_path / f"s{k}")
    merged = merge_tournaments([tmp_path / f"s{k}" for k in (2, 0, 1)])
    assert _scores(merged).equals(_scores(one))
    with pytest.raises(SimkitError, match="missing"):
        merge_tournaments([tmp_path / "s0", tmp_path / "s1"])
    with pytest.raises(SimkitError, match="twice"):
        merge_tournaments([tmp_path / "s0", tmp_path / "s0", tmp_path / "s1"])
    # simkit.merge (and `simkit merge`) takes a tournament's shards too, by the kind in their meta.json
    assert _scores(simkit.merge([tmp_path / f"s{k}" for k in range(3)])).equals(_scores(one))


def test_save_load_and_a_damaged_folder(tmp_path):
    t = tournament("polignac", ["heuristic", "random"], 30, rules={"unit": "deal"}, seed=2, groups=5, speed=False)
    out = t.save(tmp_path / "t")
    assert {p.name for p in out.iterdir()} == {"meta.json", "stats.npz", "tables", "tournament.png",
                                               "tournament.pdf"}
    back = simkit.load(out)
    assert _scores(back).equals(_scores(t))
    with pytest.raises(SimkitError, match="already exists"):
        t.save(out)
    t.save(out, overwrite=True)
    meta = json.loads((out / "meta.json").read_text())
    meta["seed"] = 99
    (out / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(SimkitError, match="checksum"):
        load_tournament(out)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SimkitError, match="not a simkit result folder"):
        t.save(tmp_path / "other", overwrite=True)
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"


def test_bad_input_is_named():
    with pytest.raises(SimkitError, match="compare"):
        tournament("treize", ["flat", "deck-aware"], 100)
    with pytest.raises(SimkitError, match="at least two entrants"):
        tournament("polignac", ["heuristic"], 100)
    with pytest.raises(SimkitError, match="per-seat"):
        tournament("polignac", ["heuristic|random|random", "random"], 100)
    with pytest.raises(SimkitError, match="unknown policy"):
        tournament("polignac", ["heuristic", "best"], 100)
    with pytest.raises(SimkitError, match="at least 2 units"):
        tournament("polignac", ["heuristic", "random"], 1)
    with pytest.raises(SimkitError, match="groups"):
        tournament("polignac", ["heuristic", "random"], 10, groups=1)
    with pytest.raises(SimkitError, match="single deals"):
        tournament("oh-hell", ["heuristic", "random"], 10, rules={"cards": 5})


def test_the_command_line(tmp_path, capsys):
    args = ["tournament", "polignac", "--policy", "heuristic", "--policy", "random", "--hands", "20",
            "--rule", "unit=deal", "--groups", "5", "--no-progress"]
    assert main(args + ["--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["kind"] == "tournament" and [e["entrant"] for e in obj["entrants_table"]] == ["heuristic", "random"]
    assert obj["balance"][0]["seat0"] == obj["balance"][1]["seat2"]
    for k in range(2):
        assert main(args + ["--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}")]) == 0
    assert main(["merge", str(tmp_path / "s0"), str(tmp_path / "s1"), "--out", str(tmp_path / "m"), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert [e["score"] for e in merged["entrants_table"]] == [e["score"] for e in obj["entrants_table"]]
    assert main(["report", str(tmp_path / "m")]) == 0
    assert "duplicate tournament" in capsys.readouterr().out
    assert main(["tournament", "treize", "--policy", "flat", "--policy", "deck-aware", "--hands", "9"]) == 2
    assert "compare" in capsys.readouterr().err
    assert main(args[:4] + ["--hands", "9"]) == 2                 # one entrant
    assert main(args + ["--shard", "0/2"]) == 2                   # a shard needs --out


@pytest.mark.parametrize("gid", SEATED)
def test_every_seated_games_contest_fits_its_metrics(gid):
    """A tiny tournament of the default play against random play: the contest's metric
    exists for every side and the design is balanced (the game's own rules and reports)."""
    game = simkit.get_game(gid)
    role = game.roles[0].name
    t = tournament(gid, [{}, {role: "random"}], 4, seed=1, groups=2, speed=False)
    vals = t.seatings()["value"]
    assert len(vals) == len(t.design) * len(t.contest.sides) and vals.notna().all()
    assert design.is_balanced(t.design, 2, len(t.contest.sides))
    assert t.contest.seats == sum(len(s) for _, s in t.contest.sides)


def test_a_run_of_the_defaults_names_a_stronger_slower_policy(monkeypatch):
    from simkit.reports.text import summary
    from simkit.strategy import STRONGER

    monkeypatch.setitem(STRONGER, "polignac", "simulation beats the default by +0.5 ± 0.1 of games at 1/3000 its speed")
    res = simkit.simulate("polignac", 4, rules={"unit": "deal"}, seed=1, progress=False)
    assert res.stronger_policy.startswith("simulation beats") and "stronger play: simulation" in summary(res)
    assert res.to_json()["stronger_policy"] == res.stronger_policy
    other = simkit.simulate("polignac", 4, rules={"unit": "deal"}, seed=1, policies="random", progress=False)
    assert other.stronger_policy is None and "stronger_policy" not in other.to_json()
    assert "stronger play" not in summary(other)
