"""``simkit sweep`` on the command line mirrors ``simkit.sweep`` (issue 30): the same
table, every bad input a clear error (exit status 2), ``--out`` saved atomically with
provenance and read back by ``simkit report``."""
import json

import pandas as pd
import pytest

import simkit
from simkit import SimkitError
from simkit.cli import main


def _cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_gives_the_api_table(capsys):
    code, out, err = _cli(capsys, "sweep", "treize", "--vary", "deck=32,36,52", "--hands", "1500", "--seed", "4",
                          "--json", "--no-progress")
    assert code == 0, err
    doc = json.loads(out)
    api = simkit.sweep("treize", {"deck": [32, 36, 52]}, 1500, seed=4)
    assert doc["schema"] == 1 and doc["kind"] == "sweep" and doc["grid"] == ["deck"]
    assert doc["version"] == api.attrs["version"] and doc["provenance"]["code_hash"]
    assert [p["deck"] for p in doc["points"]] == [32, 36, 52]
    assert [p["house_edge"] for p in doc["points"]] == list(api.house_edge)
    assert [p["house_edge_stderr"] for p in doc["points"]] == list(api.house_edge_stderr)


def test_policies_parameters_and_a_base_point(capsys):
    code, out, err = _cli(capsys, "sweep", "treize", "--vary", "stake=flat,deck-aware:low=1,high=10", "--vary",
                          "deck-end=continue,void", "--hands", "1000", "--json", "--no-progress")
    assert code == 0, err
    doc = json.loads(out)
    assert [(p["stake"], p["deck_end"]) for p in doc["points"]] == [
        ("flat", "continue"), ("flat", "void"), ("deck-aware:low=1,high=10", "continue"),
        ("deck-aware:low=1,high=10", "void")]
    code, out, err = _cli(capsys, "sweep", "treize", "--policy", "deck-aware", "--vary", "stake.threshold=-0.3,0",
                          "--vary", "deck=36,52", "--hands", "1000", "--base", "stake.threshold=0,deck=52",
                          "--groups", "10", "--no-progress")
    assert code == 0, err
    assert "differences from {'stake.threshold': 0, 'deck': 52} (paired)" in out and "house_edge_diff" in out
    api = simkit.sweep("treize", {"stake.threshold": [-0.3, 0], "deck": [36, 52]}, 1000, policies="deck-aware",
                       base={"stake.threshold": 0, "deck": 52}, groups=10)
    assert f"{api.house_edge_diff_stderr.iloc[0]:.6f}" in out


@pytest.mark.parametrize("args, message", [
    ([], "sweep needs at least one --vary"),
    (["--vary", "decks=32,36"], "unknown --vary key 'decks'; allowed: bank, cap_at_bank, deck"),
    (["--vary", "deck=33"], "rule deck='33' is not allowed; allowed: 52, 36, 32"),
    (["--vary", "deck=36, 36"], "sweep values for 'deck' repeat 36"),
    (["--vary", "deck="], "no values after deck="),
    (["--vary", "deck"], "write KEY=V1,V2,..."),
    (["--vary", "deck=36,,52"], "deck has an empty value"),
    (["--vary", "deck=36", "--vary", "deck=52"], "--vary deck given twice"),
    (["--vary", "deck-end=void", "--vary", "deck_end=continue"], "--vary deck_end given twice"),
    (["--vary", "stake.threshold=low,high"], "stake.threshold='low' is not a number"),
    (["--vary", "stake=flat,bogus"], "unknown stake policy 'bogus'; allowed: flat, deck-aware"),
    (["--vary", "deck=36,52", "--base", "deck=32"], "is not a point of the grid"),
    (["--vary", "deck=36,52", "--base", "bank=3"], "bank is not a --vary key; keys: deck"),
    (["--vary", "deck=36,52", "--metric", "nope"], "no metric 'nope' in the sweep"),
])
def test_bad_input_is_a_clear_error(capsys, args, message):
    code, out, err = _cli(capsys, "sweep", "treize", "--hands", "100", "--no-progress", *args)
    assert code == 2 and out == "" and message in err, err


def test_out_saves_and_report_reads_it_back(capsys, tmp_path):
    args = ["sweep", "treize", "--vary", "deck=36,52", "--hands", "800", "--no-progress", "--out", str(tmp_path / "s")]
    code, out, err = _cli(capsys, *args)
    assert code == 0 and "saved" in err
    meta = json.loads((tmp_path / "s" / "meta.json").read_text())
    assert meta["kind"] == "sweep" and meta["provenance"]["code_hash"] and set(meta["files"]) == {"points.parquet"}
    code, again, _ = _cli(capsys, "report", str(tmp_path / "s"))
    assert code == 0 and again == out
    df = simkit.load(tmp_path / "s")
    assert isinstance(df, pd.DataFrame) and list(df.deck) == [36, 52] and df.attrs["grid"] == ["deck"]
    code, out, err = _cli(capsys, *args)
    assert code == 2 and "already exists; add --force" in err
    assert _cli(capsys, *args, "--force")[0] == 0
    # a hand-edited table or meta.json is refused
    meta["hands"] = 10**6
    (tmp_path / "s" / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(SimkitError, match="do not match the checksum"):
        simkit.load(tmp_path / "s")
