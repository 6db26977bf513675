"""The default study (`python -m simkit.study`): tidy summary, both Ochko variants, the
real command in meta.json, reruns keyed on inputs and version, `simkit report` of it.
Plus the tidy tables and the progress bar every run shares."""
import json
import numpy as np
import pandas as pd
import pytest

import simkit
from simkit.cli import main
from simkit.provenance import code_version
from simkit.reports.tables import numeric_buckets
from simkit.study import main as study

ARGS = ["--games", "treize", "ochko", "--scale", "0.001", "--seed", "3"]


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    out = tmp_path_factory.mktemp("study")
    assert study([*ARGS, "--out", str(out)]) == 0
    return out / "study"


def test_summary_is_tidy_and_has_both_ochko_variants(done):
    df = pd.read_csv(done / "summary.csv")
    assert df[["game", "case"]].values.tolist() == [["treize", "defaults"], ["ochko", "variant=A"],
                                                    ["ochko", "variant=B"]]
    for row in df.itertuples():
        rules = json.loads(row.rules)  # JSON with every option's actual value
        again = simkit.load(done / (row.game if row.case == "defaults" else f"ochko-variant-{row.case[-1]}"))
        assert rules == json.loads(json.dumps(again.rules.to_dict())) and row.value == again["house_edge"].value
    assert df.loc[0, "policy_stake"] == "flat:units=1" and pd.isna(df.loc[0, "policy_banker"])
    assert df.loc[1, "policy_banker"].startswith("standard:")
    assert {"headline.png", "ochko-variant-A_convergence.png", "treize/"} <= set(
        json.loads((done / "meta.json").read_text())["files"])


def test_meta_records_the_real_command(done):
    meta = json.loads((done / "meta.json").read_text())
    assert meta["command"].startswith("python -m simkit.study --games treize ochko --scale 0.001")
    assert meta["simkit_version"] == code_version() and meta["provenance"]["code_hash"] in code_version()


def test_help_names_the_module_and_hands_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        study(["--help"])
    assert e.value.code == 0 and capsys.readouterr().out.startswith("usage: python -m simkit.study")
    with pytest.raises(SystemExit) as e:
        study(["--hands", "10"])
    assert e.value.code == 2 and "unrecognized arguments: --hands" in capsys.readouterr().err


def test_rerun_is_keyed_on_inputs_and_version(done, capsys):
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        study([*ARGS, "--out", str(done.parent)])
    out = capsys.readouterr().out
    assert e.value.code == 0 and "variant=B" in out and "already holds results for these inputs" in out
    with pytest.raises(SystemExit) as e:  # other inputs: no old table, exit 2
        study([*ARGS[:-1], "4", "--out", str(done.parent)])
    out, err = capsys.readouterr()
    assert e.value.code == 2 and out == "" and "--force" in err
    meta = json.loads((done / "meta.json").read_text())
    old = dict(meta, simkit_version="0.0.1")  # results made by other code are recomputed, never reused
    (done / "meta.json").write_text(json.dumps(old))
    study([*ARGS, "--out", str(done.parent)])
    out, err = capsys.readouterr()
    assert "made by other code (simkit 0.0.1); recomputing" in err and "done" in out
    assert json.loads((done / "meta.json").read_text())["simkit_version"] == code_version()


def test_report_prints_the_study(done, capsys):
    assert main(["report", str(done)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("study: ") and "variant=A" in out and "house_edge" in out
    assert main(["report", str(done), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["schema"] == 1 and obj["experiment"] == "study" and len(obj["tables"]["summary"]) == 3


def test_open_buckets_become_numbers_and_a_flag():
    df = pd.DataFrame({"coups": [1, 2, ">=3"], "count": [5, 4, 1]})
    tidy = numeric_buckets(df)
    assert list(tidy.columns) == ["coups", "coups_overflow", "count"]
    assert tidy["coups"].tolist() == [1, 2, 3] and tidy["coups"].dtype == np.int64
    assert tidy["coups_overflow"].tolist() == [False, False, True]
    tc = numeric_buckets(pd.DataFrame({"true_count": ["<=-2", -1, 0, ">=1"]}))
    assert tc["true_count"].tolist() == [-2, -1, 0, 1] and tc["true_count_overflow"].tolist() == [True, False,
                                                                                                 False, True]
    ranges = pd.DataFrame({"tenure": ["1", "2-4", ">=5"]})  # ranges stay labels
    assert numeric_buckets(ranges) is ranges
    res = simkit.simulate("treize", 200, seed=1, progress=False)
    ten = res.tables["tenure"]
    assert ten["coups"].dtype == np.int64 and ten["coups_overflow"].tolist()[-1] and not ten["coups_overflow"][0]


def test_progress_bar_stays_off_outside_a_terminal(capsys):
    from simkit.runner.batch import _ipywidgets_present, progress_bar

    quiet = progress_bar(total=10, unit="bank", desc="treize", force=False)  # stderr is captured: no TTY
    forced = progress_bar(total=10, unit="bank", desc="treize", force=True)
    assert quiet.disable and not forced.disable
    if not _ipywidgets_present():  # never tqdm.auto's widget bar (and its warning) without ipywidgets
        assert type(quiet).__module__ == "tqdm.std"
    quiet.close()
    forced.close()


def test_every_summary_row_has_a_unit_and_a_definition(done, capsys):
    """Issue 29: the printed summary had no unit column and defined 12 of its 22 rows."""
    df = pd.read_csv(done / "summary.csv")
    assert df["value_unit"].notna().all() and (df["value_unit"].str.len() > 0).all()
    assert df["definition"].notna().all() and (df["definition"].str.len() > 20).all()
    assert (df["value_unit"] == "punters' loss per unit staked").all()
    assert df["better"].str.contains("lower is better for the punters").all()
    from simkit.study import _shown, definitions

    text = _shown(df) + definitions(df)
    assert "value_unit" in text.splitlines()[0]
    assert sum(line.startswith(("  treize", "  ochko")) for line in text.splitlines()) == 3


def test_every_game_headline_has_a_unit_and_a_definition():
    """Every game's headline, read from its package's source (importing a game compiles
    it): the games without a headline_doc of their own get one from metric_info."""
    import re
    import types
    from pathlib import Path

    from simkit.reports.metric_info import GAME_METRICS, metric_info

    root = Path(simkit.__file__).parent / "games"
    seen = 0
    for init in sorted(root.glob("*/__init__.py")):
        text = init.read_text(encoding="utf-8")
        gid = re.search(r'^    id = "([^"]+)"', text, re.M)
        if not gid:
            continue
        head = re.search(r'^    headline = "([^"]+)"', text, re.M)
        unit = re.search(r'^    unit = "([^"]+)"', text, re.M)
        game = types.SimpleNamespace(id=gid.group(1), headline=head.group(1) if head else "dealer_edge",
                                     unit=unit.group(1) if unit else "unit",
                                     headline_doc="(the game's own)" if "headline_doc =" in text else "")
        info = metric_info(game, game.headline)
        assert info.unit and info.definition.startswith(game.headline.split(".")[0]), (game.id, info)
        own = GAME_METRICS.get(game.id, {})
        if game.headline_doc and game.headline not in own and game.headline.split(".")[0] not in own:
            assert "(the game's own)" in info.definition, (game.id, info)   # the game's doc, not a generic line
        seen += 1
    assert seen == len(simkit.list_games())


def test_the_headline_figure_of_every_game_has_no_overlapping_titles():
    """With all 22 cases (13 rows of panels, a tall figure) the figure's title sat on the
    first panels' titles: the check of every figure (simkit.reports.figcheck) found it in
    a full study run."""
    from simkit.reports.figcheck import figure_problems
    from simkit.study import headline_figure

    kinds = [f"metric_{k}" for k in range(13)]
    rows = [{"metric": kinds[min(i, 12)] if i < 13 else kinds[i % 4], "game": f"game{i}", "case": "defaults",
             "units": 1000, "unit": "game", "value": 0.1 * i, "ci95_low": 0.1 * i - 0.01,
             "ci95_high": 0.1 * i + 0.01, "value_unit": "share (0-1)"} for i in range(22)]
    fig = headline_figure(pd.DataFrame(rows), "seed 1 | simkit 0.1.0 | n 1000 | default rules and policies")
    problems = [p for p in figure_problems(fig) if "footer" not in p]
    assert problems == []


def test_the_slow_games_start_first_and_further_rule_sets_last():
    from simkit.study import SLOW_FIRST, play_order

    cases = [("banchok", {}, 1), ("ochko", {"variant": "A"}, 1), ("ochko", {"variant": "B"}, 1), ("kozel", {}, 1),
             ("thousand", {}, 1), ("treize", {}, 1)]
    order = play_order(cases)
    assert [cases[i][0] for i in order] == ["thousand", "ochko", "banchok", "kozel", "treize", "ochko"]
    assert cases[order[-1]][1] == {"variant": "B"} and sorted(order) == list(range(len(cases)))
    assert set(SLOW_FIRST) <= set(simkit.list_games())     # every hint names a registered game


def test_loky_replacing_a_grown_worker_is_not_shown_as_a_warning(monkeypatch, recwarn):
    """A worker that compiled several games outgrows loky's memory check and is replaced; the
    study does not print loky's "memory leak" warning about it. Other warnings still show."""
    import warnings

    import joblib

    import simkit.study as st

    class Parallel:                      # joblib's, as far as the study uses it: warns like loky, runs in order
        def __init__(self, **kw):
            pass

        def __call__(self, calls):
            for fn, args, kwargs in calls:
                warnings.warn("A worker stopped while some jobs were given to the executor. This can be caused "
                              "by a too short worker timeout or by a memory leak.", UserWarning)
                warnings.warn("something else", UserWarning)
                yield fn(*args, **kwargs)

    monkeypatch.setattr(joblib, "Parallel", Parallel)
    monkeypatch.setattr(st, "_play_case", lambda gid, hands, rules, seed: ({"gid": gid}, 0.0))
    cases = [("treize", {}, 1), ("kozel", {}, 1)]
    got = list(st._play_all(cases, 1, 2, st.play_order(cases)))
    assert sorted(i for i, _, _ in got) == [0, 1]
    assert {str(w.message) for w in recwarn.list} == {"something else"}
