"""Every experiment script runs at a tiny size, writes its results with metadata
atomically, and refuses to silently overwrite results for the same inputs."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: tournaments.py plays every seated game: it is run one game at a time below, so that each
#: run joins its game's worker group (the game compiles once)
SCRIPTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if p.stem != "tournaments")
ENV = dict(os.environ, MPLBACKEND="Agg")


def run(script, out, *extra):
    return subprocess.run([sys.executable, str(script), "--hands", "3000", "--out", str(out), *extra],
                          capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)


def test_there_are_experiments():
    assert any(p.stem.startswith("treize") for p in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_experiment_runs_and_writes_results(script, tmp_path):
    p = run(script, tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    target = tmp_path / script.stem
    meta = json.loads((target / "meta.json").read_text())
    assert meta["experiment"] == script.stem and meta["inputs"]["hands"] == 3000
    assert any(f.endswith(".csv") for f in meta["files"]) and any(f.endswith(".png") for f in meta["files"])
    assert {f[:-4] for f in meta["files"] if f.endswith(".png")} == {f[:-4] for f in meta["files"] if f.endswith(".pdf")}
    assert all((target / f.rstrip("/")).exists() for f in meta["files"])
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(".")], "a temporary folder was left"
    # every figure passes the check a reader's eye makes (simkit.reports.figcheck)
    assert meta["figure_problems"] == {}, meta["figure_problems"]


def test_rerun_says_so_and_force_recomputes(tmp_path):
    script = ROOT / "experiments" / "treize_staking.py"
    assert run(script, tmp_path).returncode == 0
    stamp = (tmp_path / "treize_staking" / "meta.json").stat().st_mtime_ns
    again = run(script, tmp_path)
    assert again.returncode == 0 and "already holds results for these inputs" in again.stdout
    assert (tmp_path / "treize_staking" / "meta.json").stat().st_mtime_ns == stamp
    other = subprocess.run([sys.executable, str(script), "--hands", "2000", "--out", str(tmp_path)],
                           capture_output=True, text=True, env=ENV, cwd=ROOT)
    assert other.returncode == 2 and "--force" in other.stderr
    forced = run(script, tmp_path, "--force")
    assert forced.returncode == 0
    assert (tmp_path / "treize_staking" / "meta.json").stat().st_mtime_ns != stamp


def test_interrupted_experiment_leaves_no_half_result(tmp_path):
    code = ("import sys; sys.argv=['x','--hands','100','--out',sys.argv[1]]\n"
            "from simkit.experiment import Experiment\n"
            "e=Experiment('boom','q',default_hands=1); e.parse(sys.argv[1:])\n"
            "import pandas as pd\n"
            "with e.output({'a':1}):\n"
            "    e.table(pd.DataFrame({'x':[1]}), 't')\n"
            "    raise KeyboardInterrupt\n")
    p = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode != 0
    assert list(tmp_path.iterdir()) == []


def _seated():
    from simkit.runner.contests import CONTESTS

    return sorted(CONTESTS)


@pytest.mark.parametrize("gid", _seated())
def test_the_tournaments_experiment_runs_each_game(gid, tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "experiments" / "tournaments.py"), "--hands", "8", "--games", gid,
                        "--out", str(tmp_path)], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    target = tmp_path / "tournaments"
    meta = json.loads((target / "meta.json").read_text())
    assert meta["inputs"]["games"] == [gid] and f"{gid}.png" in meta["files"]
    assert meta["figure_problems"] == {}, meta["figure_problems"]
    import pandas as pd

    ent = pd.read_csv(target / "entrants.csv")
    assert set(ent["game"]) == {gid} and "defaults" in set(ent["entrant"]) and ent["score"].notna().all()
    verdict = pd.read_csv(target / "defaults.csv")
    assert verdict["game"].tolist() == [gid]
