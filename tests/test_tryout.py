"""The second hostile try-out (issue 30): inputs that mean the same thing twice, empty
shards, results written inside results, bad card codes and paths, too many workers,
-v/-q after the command. Each ends in a clear error or a correct result."""
import json
import warnings

import pytest

import simkit
from simkit import SimkitError
from simkit.cli import main
from simkit.core import cards


def _err(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args, pattern", [
    (["--rule", "deck_end=void", "--rule", "deck-end=restart"], r"--rule deck-end given twice \(deck_end=void"),
    (["--policy", "stake=flat", "--policy", "stake=deck-aware"], r"--policy stake= given twice"),
    (["--policy", "deck-aware:threshold=0.1,threshold=0.2"], r"parameter 'threshold' given twice"),
])
def test_the_same_input_twice_is_refused_on_the_command_line(capsys, args, pattern):
    import re

    code, out, err = _err(capsys, "run", "treize", "--hands", "10", *args)
    assert code == 2 and out == "" and re.search(pattern, err), err


def test_the_same_input_twice_is_refused_in_the_api():
    with pytest.raises(SimkitError, match=r"rule option deck_end given twice \(as 'deck-end' and 'deck_end'\)"):
        simkit.simulate("treize", 10, rules={"deck-end": "void", "deck_end": "restart"})
    with pytest.raises(SimkitError, match=r"sweep values for 'deck' repeat 36"):
        simkit.sweep("treize", {"deck": [36, 36]}, 10)
    with pytest.raises(SimkitError, match=r"sweep values for 'deck' repeat '36'"):
        simkit.sweep("treize", {"deck": [36, "36"]}, 10)
    with pytest.raises(SimkitError, match=r"game 'treize' given twice"):
        simkit.validate(["treize", "treize"], hands=100)
    with pytest.raises(SimkitError, match=r"at least 100 units per check to estimate a standard error; got hands=1"):
        simkit.validate(["treize"], hands=1)


def test_a_shard_without_units_is_refused(capsys, tmp_path):
    with pytest.raises(SimkitError, match=r"shard 0/10: 3 units cannot be cut into 10 shards"):
        simkit.simulate("treize", 3, shard=(0, 10))
    code, out, err = _err(capsys, "run", "treize", "--hands", "3", "--shard", "0/10", "--out", str(tmp_path / "s0"))
    assert code == 2 and "use at most 3 shards" in err and not (tmp_path / "s0").exists()


def test_no_result_is_written_inside_another(tmp_path, capsys):
    base = tmp_path / "base"
    simkit.simulate("treize", 20, seed=1).save(base)
    with pytest.raises(SimkitError, match=r"it is inside .*base'.*which holds a simkit result"):
        simkit.simulate("treize", 20, seed=2).save(base / "sub")
    with pytest.raises(SimkitError, match="which holds a simkit result"):
        simkit.simulate("treize", 20, seed=2).save(base / "tables" / "deeper")
    assert not (base / "sub").exists()
    for k in range(2):
        simkit.simulate("treize", 20, seed=1, shard=(k, 2)).save(tmp_path / f"s{k}")
    code, out, err = _err(capsys, "merge", str(tmp_path / "s0"), str(tmp_path / "s1"),
                          "--out", str(tmp_path / "s0" / "inside"))
    assert code == 2 and "holds" in err and not (tmp_path / "s0" / "inside").exists()
    simkit.simulate("treize", 20, seed=2).save(tmp_path / "beside")       # a sibling is fine


def test_bad_paths_and_cards_are_clear_errors():
    res = simkit.simulate("treize", 10, seed=1)
    with pytest.raises(SimkitError, match=r"must be a path \(str or pathlib.Path\), got int 123"):
        res.save(123)
    with pytest.raises(SimkitError, match=r"99 is not a card code: codes are 0..51"):
        cards.format([99])
    assert cards.format([52, 61]) == "Jo Jo9"
    with pytest.raises(SimkitError, match=r"cards must be a string .* got NoneType"):
        cards.parse(None)
    with pytest.raises(SimkitError, match=r"cannot read card 5"):
        cards.parse(["AS", 5])


def test_worker_processes_are_capped_at_the_usable_cores(monkeypatch):
    from simkit.runner.parallel import cap_jobs
    from simkit.runner.units import usable_cores

    cores = usable_cores()
    with pytest.warns(UserWarning, match=rf"n_jobs=200: capped at {cores} worker processes, the usable CPU cores"):
        assert cap_jobs(200, 1000, None) == cores
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cap_jobs(cores, 1000, "loky") == cores
    monkeypatch.setenv("SIMKIT_MAX_JOBS", "8")
    assert cap_jobs(8, 1000, None) == 8
    monkeypatch.setenv("SIMKIT_MAX_JOBS", "many")
    with pytest.raises(SimkitError, match=r"SIMKIT_MAX_JOBS='many' is not a whole number"):
        cap_jobs(8, 1000, None)


def test_verbosity_flags_work_after_the_command(capsys):
    code, out, err = _err(capsys, "run", "treize", "--hands", "10", "-q", "--json")
    assert code == 0 and json.loads(out)["units"] == 10
    code, out, err = _err(capsys, "run", "treize", "--hands", "10", "-vv", "--json")
    assert code == 0 and json.loads(out)["units"] == 10
    from simkit.log import logger
    import logging

    assert logger.level == logging.DEBUG
    _err(capsys, "-v", "run", "treize", "--hands", "10", "--json")
    assert logger.level == logging.INFO
    _err(capsys, "run", "treize", "--hands", "10", "-q", "--json")
    assert logger.level == logging.ERROR


# -- nothing lost ----------------------------------------------------------------------
@pytest.mark.parametrize("plant", ["note", "link"])
def test_force_replaces_only_what_simkit_wrote(tmp_path, capsys, plant):
    r = tmp_path / "r"
    assert main(["run", "treize", "--hands", "20", "--out", str(r), "--no-progress"]) == 0
    if plant == "note":
        (r / "tables" / "NOTES.txt").write_text("my notes")
    else:
        (tmp_path / "elsewhere.txt").write_text("kept")
        (r / "tables" / "link.parquet").symlink_to(tmp_path / "elsewhere.txt")
    capsys.readouterr()
    code, out, err = _err(capsys, "run", "treize", "--hands", "20", "--out", str(r), "--force", "--no-progress")
    assert code == 2 and "is not a simkit result folder" in err
    assert (r / "tables" / ("NOTES.txt" if plant == "note" else "link.parquet")).exists()


def test_two_forced_runs_to_one_folder_never_both_succeed(tmp_path, capsys, monkeypatch):
    import subprocess
    import sys

    r = tmp_path / "r"
    simkit.simulate("treize", 10, seed=1).save(r)
    real = simkit.simulate

    def racing(*a, **k):              # the other forced run, another process, saves while this one plays
        res = real(*a, **k)
        other = subprocess.run([sys.executable, "-m", "simkit", "run", "treize", "--hands", "10", "--seed", "99",
                                "--out", str(r), "--force", "--no-progress"], capture_output=True, text=True)
        assert other.returncode == 0, other.stderr
        return res

    monkeypatch.setattr(simkit, "simulate", racing)
    code, out, err = _err(capsys, "run", "treize", "--hands", "10", "--seed", "5", "--out", str(r), "--force",
                          "--no-progress")
    assert code == 2 and "appeared or changed while this run was working" in err
    assert simkit.load(r).seed == 99
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("r.")]
    assert len(kept) == 1 and simkit.load(kept[0]).seed == 5


def test_a_result_moved_aside_by_a_killed_save_is_recovered(tmp_path, capsys):
    import os
    import subprocess
    import sys

    from simkit.runner.folders import _host

    r = tmp_path / "r"
    simkit.simulate("treize", 10, seed=3).save(r)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    aside = tmp_path / f".r.res.{_host()}.{dead}.old.abc.tmp"      # as a kill between the renames leaves it
    aside.mkdir()
    os.rename(r, aside / "old")
    code, out, err = _err(capsys, "report", str(r))
    assert code == 0 and "recovered the result a killed save had moved aside" in err
    assert simkit.load(r).seed == 3 and not aside.exists()
    aside.mkdir()                                                  # and a later save never deletes it
    os.rename(r, aside / "old")
    simkit.simulate("treize", 10, seed=4).save(tmp_path / "r2")
    with pytest.raises(SimkitError, match="already exists"):
        simkit.simulate("treize", 10, seed=4).save(r)              # the recovered result is in the way
    assert simkit.load(r).seed == 3


# -- silently wrong ----------------------------------------------------------------------
G = 1


def test_a_user_function_fingerprint_covers_closures_and_globals():
    from numba import njit

    from simkit.policies.base import fingerprint

    def make(k):
        @njit
        def stake(state, params):
            return k
        return stake

    assert fingerprint(make(1)) == fingerprint(make(1)) != fingerprint(make(5))

    @njit
    def reads_global(state, params):
        return G

    global G
    before = fingerprint(reads_global)
    G = 5
    try:
        assert fingerprint(reads_global) != before
    finally:
        G = 1
    assert fingerprint(reads_global) == before


def test_damaged_or_odd_paths_are_clear_errors(tmp_path):
    d = tmp_path / "deep"
    d.mkdir()
    (d / "meta.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SimkitError, match=r"meta.json is damaged"):
        simkit.load(d)
    res = simkit.simulate("treize", 10, seed=1)
    with pytest.raises(SimkitError, match=r"is 245 bytes long; at most 155 are allowed"):
        res.save(tmp_path / ("x" * 245))
    assert list(tmp_path.iterdir()) == [d]


def test_a_full_disk_is_a_clear_error(tmp_path, monkeypatch):
    import errno

    res = simkit.simulate("treize", 10, seed=1)

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(type(res.stats), "save_npz", full)
    with pytest.raises(SimkitError, match=r"could not save the result in .*r: No space left on device \(errno 28\); "
                                          r"nothing was written"):
        res.save(tmp_path / "r")
    assert list(tmp_path.iterdir()) == []


# -- hangs ------------------------------------------------------------------------------
def _children(pid):
    from pathlib import Path

    out = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out |= {int(x) for x in (task / "children").read_text().split()}
        except OSError:
            pass
    return out


def _running(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/task"), reason="needs Linux /proc")
def test_sigterm_ends_the_run_and_its_workers(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    p = subprocess.Popen([sys.executable, "-m", "simkit", "run", "treize", "--hands", "1e11", "--jobs", "2",
                          "--no-progress", "--out", str(tmp_path / "r")], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    workers = set()
    for _ in range(600):                        # until the worker processes are up
        workers = _children(p.pid)
        if len(workers) >= 2 or p.poll() is not None:
            break
        time.sleep(0.2)
    assert p.poll() is None and workers
    time.sleep(1)
    os.kill(p.pid, signal.SIGTERM)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and "interrupted; nothing was written" in err
    for _ in range(300):
        alive = {w for w in workers if _running(w)}
        if not alive:
            break
        time.sleep(0.2)
    assert not alive, f"workers {alive} outlived the command"
    assert not (tmp_path / "r").exists() and not list(tmp_path.iterdir())


def test_a_dead_worker_is_a_clear_error():
    from joblib.externals.loky.process_executor import TerminatedWorkerError

    from simkit.runner.parallel import _worker_deaths_as_errors

    def dying():
        yield 1
        raise TerminatedWorkerError("A worker process managed by the executor was unexpectedly terminated.\n"
                                    "The exit codes of the workers are {SIGKILL(-9)}")

    got = _worker_deaths_as_errors(dying(), 2)
    assert next(got) == 1
    with pytest.raises(SimkitError, match=r"a worker process died while playing \(killed, or out of memory\?\): "
                                          r"The exit codes of the workers are \{SIGKILL\(-9\)\}"):
        next(got)
