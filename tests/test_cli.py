"""The `simkit` command: list, rules, run (--json purity, errors), report, merge."""
import json
import subprocess
import sys

import pytest

from simkit.cli import main


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list(capsys):
    code, out, _ = run_cli(capsys, "list")
    assert code == 0 and out.splitlines()[-1] and "treize" in out


def test_rules_json(capsys):
    code, out, _ = run_cli(capsys, "rules", "treize", "--json")
    rows = json.loads(out)
    by = {r["name"]: r for r in rows}
    assert by["deck"]["default"] == 52 and by["deck"]["allowed"] == "52, 36, 32"
    assert "колода" in by["deck_end"]["seed"] or "Карты" in by["deck_end"]["seed"]
    assert set(rows[0]) == {"name", "type", "default", "allowed", "doc", "seed"}


def test_policies(capsys):
    code, out, _ = run_cli(capsys, "policies", "treize")
    assert code == 0 and "deck-aware" in out and "threshold" in out


def test_run_json_is_one_object_on_stdout():
    cmd = [sys.executable, "-m", "simkit.cli", "run", "treize", "--hands", "2_000", "--seed", "3",
           "--rule", "deck=36", "--policy", "deck-aware:threshold=-0.2", "--json"]
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    obj = json.loads(p.stdout)
    assert set(obj) >= {"game", "hands", "seed", "rules", "policies", "version", "metrics", "tables"}
    assert obj["hands"] == 2000 and obj["rules"]["deck"] == 36
    assert obj["policies"] == {"stake": "deck-aware:high=10,low=1,threshold=-0.2"}
    m = obj["metrics"]["house_edge"]
    assert set(m) == {"value", "stderr", "ci95", "n"} and m["n"] == 2000
    assert isinstance(obj["tables"]["tenure"], list) and "count" in obj["tables"]["tenure"][0]


def test_run_text_and_save_then_report(capsys, tmp_path):
    out_dir = tmp_path / "r"
    code, out, err = run_cli(capsys, "run", "treize", "--hands", "1e4", "--out", str(out_dir), "--no-progress")
    assert code == 0 and "house_edge" in out and out_dir.exists()
    code, out2, _ = run_cli(capsys, "report", str(out_dir), "--json")
    assert json.loads(out2)["metrics"]["house_edge"]["n"] == 10_000
    code, _, err = run_cli(capsys, "run", "treize", "--hands", "10", "--out", str(out_dir))
    assert code == 2 and "already exists; add --force" in err


def test_shards_and_merge(capsys, tmp_path):
    dirs = []
    for k in range(2):
        d = tmp_path / f"s{k}"
        assert run_cli(capsys, "run", "treize", "--hands", "5000", "--seed", "4", "--shard", f"{k}/2",
                       "--out", str(d), "--no-progress")[0] == 0
        dirs.append(str(d))
    code, out, _ = run_cli(capsys, "merge", *dirs, "--out", str(tmp_path / "all"), "--json")
    merged = json.loads(out)
    code, out, _ = run_cli(capsys, "run", "treize", "--hands", "5000", "--seed", "4", "--json", "--no-progress")
    assert merged["metrics"] == json.loads(out)["metrics"]
    code, _, err = run_cli(capsys, "merge", dirs[0], "--out", str(tmp_path / "half"))
    assert code == 2 and "shards missing: 1/2" in err
    code, _, err = run_cli(capsys, "run", "treize", "--hands", "50", "--shard", "0/2")
    assert code == 2 and "--shard needs --out" in err


@pytest.mark.parametrize("args,pattern", [
    (["run", "nogame", "--hands", "10"], "unknown game 'nogame'"),
    (["run", "treize", "--hands", "0"], "hands must be > 0"),
    (["run", "treize", "--hands", "ten"], "got 'ten'"),
    (["run", "treize", "--hands", "10", "--rule", "deck"], "bad --rule 'deck'"),
    (["run", "treize", "--hands", "10", "--rule", "deck=53"], "deck='53' is not allowed"),
    (["run", "treize", "--hands", "10", "--policy", "bold"], "unknown policy 'bold'"),
    (["run", "treize", "--hands", "10", "--jobs", "0"], "n_jobs must be an integer >= 1"),
    (["run", "treize", "--hands", "10", "--shard", "2/2", "--out", "x"], "bad shard 2/2"),
    (["rules", "nogame"], "unknown game"),
])
def test_errors_exit_2_with_a_message(capsys, args, pattern):
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == "" and pattern in err
