"""Hostile and careless input (issue 16): every case ends with a clear error (exit status
2 on the command line, SimkitError in Python, naming the value and what is allowed) or a
correct result, and no data is ever lost."""
import json
import os
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from numba import njit

import simkit
from simkit.cli import main
from simkit.errors import SimkitError
from simkit.runner import folders, parallel
from simkit.runner.result import checksum
from simkit.runner.units import MAX_UNITS, chunk_plan


def cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def tree(path):
    """Every file under ``path`` with its bytes: what must survive a refused command."""
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    root = tmp_path_factory.mktemp("shards")
    for k in range(2):
        simkit.simulate("treize", 50, seed=1, shard=(k, 2), progress=False).save(root / "shards" / f"s{k}")
    return root / "shards"


# -- data loss ------------------------------------------------------------------------------
def _unrelated(here):
    (here / "precious").mkdir()
    (here / "precious" / "thesis.txt").write_text("years of work")


def _plain_file(here):
    (here / "afile.txt").write_text("keep me")


def _result_plus_notes(here):
    simkit.simulate("treize", 10, progress=False).save(here / "res")
    (here / "res" / "notes.txt").write_text("my notes")


@pytest.mark.parametrize("setup, argv, pattern", [
    (_unrelated, ["--out", "precious", "--force"], r"precious exists and is not a simkit result folder"),
    (_plain_file, ["--out", "afile.txt", "--force"], r"afile.txt exists and is not a folder"),
    (_result_plus_notes, ["--out", "res", "--force"], r"res exists and is not a simkit result folder"),
    (_result_plus_notes, ["--out", "res"], r"res already exists; add --force"),
    (_plain_file, ["--out", "afile.txt/sub"], r"a part of that path is a file"),
    (None, ["--out", ".", "--force"], r"cannot save a result as '\.'"),
    (None, ["--out", "..", "--force"], r"cannot save a result as '\.\.'"),
    (None, ["--out", "sub/..", "--force"], r"cannot save a result as 'sub/\.\.'"),
    (None, ["--out", ""], r"the output folder is empty \(''\)"),
])
def test_run_out_refusals_lose_nothing_and_run_nothing(here, capsys, monkeypatch, setup, argv, pattern):
    if setup:
        setup(here)
    before, names = tree(here), sorted(p.name for p in here.iterdir())
    monkeypatch.setattr(simkit, "simulate", lambda *a, **k: pytest.fail("simulated before checking --out"))
    code, out, err = cli(capsys, "run", "treize", "--hands", 10, *argv)
    assert code == 2 and out == ""
    assert err.startswith("simkit: error: ") and re.search(pattern, err), err
    assert tree(here) == before and sorted(p.name for p in here.iterdir()) == names


def test_force_replaces_a_result_folder(here, capsys):
    assert cli(capsys, "run", "treize", "--hands", 10, "--out", "r", "--no-progress")[0] == 0
    assert cli(capsys, "run", "treize", "--hands", 20, "--seed", 3, "--out", "r", "--force")[0] == 0
    assert simkit.load(here / "r").hands == 20 and sorted(p.name for p in here.iterdir()) == ["r"]


@pytest.mark.parametrize("out, message", [
    ("shards", "cannot save the result in 'shards': it holds the input 'shards/s0'"),
    ("shards/s0", "cannot save the result in 'shards/s0': it holds the input 'shards/s0'"),
    (".", "cannot save a result as '.'"),
])
def test_merge_never_replaces_its_inputs(shards, capsys, monkeypatch, out, message):
    monkeypatch.chdir(shards.parent)
    before = tree(shards)
    code, _, err = cli(capsys, "merge", "shards/s0", "shards/s1", "--out", out, "--force")
    assert code == 2 and message in err, err
    assert tree(shards) == before


def test_concurrent_save_keeps_both_results(tmp_path, monkeypatch):
    """The check before the run passes for both; the final rename refuses the second."""
    a = simkit.simulate("treize", 10, seed=1, progress=False)
    b = simkit.simulate("treize", 10, seed=2, progress=False)
    real_install = folders.install

    def racing_install(tmp, target, **kw):  # the other run finishes first
        monkeypatch.setattr("simkit.runner.result.install", real_install)
        a.save(target)
        return real_install(tmp, target, **kw)

    monkeypatch.setattr("simkit.runner.result.install", racing_install)
    with pytest.raises(SimkitError, match=r"appeared or changed while this run was working.*saved in .*r\.\d+"):
        b.save(tmp_path / "r")
    assert simkit.load(tmp_path / "r").seed == 1
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("r.")]
    assert len(kept) == 1 and simkit.load(kept[0]).seed == 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_two_runs_with_the_same_out_on_the_command_line(here, capsys, monkeypatch, force):
    """The other run saves while this one simulates: neither result is lost."""
    real = simkit.simulate

    def racing(*a, **k):
        res = real(*a, **k)
        real("treize", 10, seed=99, progress=False).save(here / "r")
        (here / "r" / "notes.txt").write_text("the other run's folder, now annotated")
        return res

    monkeypatch.setattr(simkit, "simulate", racing)
    code, out, err = cli(capsys, "run", "treize", "--hands", 10, "--seed", 5, "--out", "r", *force)
    assert code == 2 and re.search(r"r appeared or changed while this run was working.*saved in r\.\d+", err), err
    (here / "r" / "notes.txt").unlink()
    assert simkit.load(here / "r").seed == 99
    kept = [p for p in here.iterdir() if p.name.startswith("r.")]
    assert len(kept) == 1 and simkit.load(kept[0]).seed == 5


def test_stale_temporary_folders_are_removed(tmp_path):
    host = folders._host()
    dead = tmp_path / f".r.res.{host}.{2**22 + 12345}.abc.tmp"      # above pid_max: no such process
    live = tmp_path / f".r.res.{host}.{os.getppid()}.abc.tmp"        # a live process's save
    other = tmp_path / f".r.res.otherhost.{2**22 + 12345}.abc.tmp"  # another machine's: not ours to judge
    for p in (dead, live, other):
        (p / "tables").mkdir(parents=True)
    simkit.simulate("treize", 10, progress=False).save(tmp_path / "r")
    assert not dead.exists() and live.exists() and other.exists()


@pytest.mark.parametrize("umask, mode", [(0o022, 0o755), (0o002, 0o775)])
def test_result_folders_respect_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        simkit.simulate("treize", 10, progress=False).save(tmp_path / "r")
    finally:
        os.umask(old)
    assert (tmp_path / "r").stat().st_mode & 0o777 == mode
    assert (tmp_path / "r" / "tables").stat().st_mode & 0o777 == mode


def test_unwritable_out_is_found_before_the_run(tmp_path, monkeypatch):
    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(folders.tempfile, "mkdtemp", refuse)
    with pytest.raises(SimkitError, match=r"cannot write in .*: Permission denied"):
        folders.check_target(tmp_path / "r", overwrite=False)


# -- damaged and edited result folders ------------------------------------------------------
def _meta(d):
    return json.loads((d / "meta.json").read_text())


def _write_meta(d, meta, *, resign=False, stats=None):
    if resign:
        meta["checksum"] = checksum(meta, stats if stats is not None else simkit.load(d).stats)
    (d / "meta.json").write_text(json.dumps(meta))


DAMAGE = [
    (lambda d: (d / "meta.json").write_text('{"game": "tre'), r"meta.json is damaged \(not readable JSON"),
    (lambda d: (d / "meta.json").write_text(""), r"meta.json is damaged \(not readable JSON"),
    (lambda d: (d / "meta.json").write_bytes(b"\x80\x81\xff\x00"), r"meta.json is damaged"),
    (lambda d: (d / "meta.json").write_text("[1, 2]"), r"meta.json is damaged: it holds a list"),
    (lambda d: (d / "meta.json").unlink(), r"holds no simkit result \(no meta.json\)"),
    (lambda d: (d / "stats.npz").unlink(), r"is damaged: no stats.npz"),
    (lambda d: (d / "stats.npz").write_bytes((d / "stats.npz").read_bytes()[:100]), r"stats.npz is damaged"),
    (lambda d: (d / "stats.npz").write_bytes(b""), r"stats.npz is damaged"),
    (lambda d: np.savez(d / "stats.npz", **{k: v + 0.5 for k, v in simkit.load(d).stats.items()}),
     r"statistic '\w+' holds float64 values, not integers"),
    (lambda d: np.savez(d / "stats.npz", **{k: -v for k, v in simkit.load(d).stats.items()}),
     r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "hands": 10**6}), r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "provenance": {**_meta(d)["provenance"], "numba": "0.1"}}),
     r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "version": "0.1.0"}), r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "rules": {**_meta(d)["rules"], "deck": 36}}), r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "policies": {"stake": "flat:units=5"}}), r"do not match the checksum"),
    (lambda d: _write_meta(d, {k: v for k, v in _meta(d).items() if k != "units"}), r"missing units"),
    (lambda d: _write_meta(d, {**_meta(d), "game": ["treize"]}), r"game=\['treize'\] is not a game id"),
    (lambda d: shutil.copy(d.parent / "other" / "stats.npz", d / "stats.npz"), r"do not match the checksum"),
    (lambda d: (np.savez(d / "stats.npz", other=np.zeros(3, np.int64)),
                _write_meta(d, {**_meta(d), "files": folders.file_hashes(d)}, resign=True,
                            stats={"other": np.zeros(3, np.int64)})),
     r"statistics do not fit game 'treize'"),
    (lambda d: _write_meta(d, {k: v for k, v in _meta(d).items() if k != "checksum"}),
     r"meta.json holds no checksum, so its statistics cannot be verified"),
    (lambda d: (d / "metrics.parquet").write_bytes((d / "metrics.parquet").read_bytes()[:50]),
     r"metrics.parquet was changed or damaged since it was saved"),
    (lambda d: (d / "trace.parquet").unlink(), r"trace.parquet is missing \(meta.json lists it\)"),
    (lambda d: next((d / "tables").iterdir()).write_bytes(b"PAR1"), r"tables/\w+.parquet was changed or damaged"),
    (lambda d: _write_meta(d, {**_meta(d), "files": {**_meta(d)["files"], "trace.parquet": "0" * 64}}),
     r"do not match the checksum"),
    (lambda d: _write_meta(d, {**_meta(d), "shard": [2, 2]}, resign=True), r"bad shard 2/2"),
    (lambda d: _write_meta(d, {**_meta(d), "units": -5}, resign=True), r"units=-5 is not a count"),
]


@pytest.mark.parametrize("damage, pattern", DAMAGE)
def test_damaged_or_edited_folders_are_refused(tmp_path, capsys, damage, pattern):
    simkit.simulate("treize", 30, seed=2, progress=False).save(tmp_path / "r")
    simkit.simulate("macao", 5, seed=2, progress=False).save(tmp_path / "other")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        damage(tmp_path / "r")
    with warnings.catch_warnings():  # the "no checksum" warning of the folders without one
        warnings.simplefilter("ignore")
        with pytest.raises(SimkitError, match=pattern):
            simkit.load(tmp_path / "r")
        code, _, err = cli(capsys, "report", tmp_path / "r")
    assert code == 2 and err.startswith("simkit: error:")


def test_folder_without_checksum_is_refused(tmp_path):
    simkit.simulate("treize", 30, progress=False).save(tmp_path / "r")
    _write_meta(tmp_path / "r", {k: v for k, v in _meta(tmp_path / "r").items() if k != "checksum"})
    with pytest.raises(SimkitError, match="holds no checksum"):
        simkit.load(tmp_path / "r")


def test_report_on_an_experiment_folder_names_its_results(tmp_path, capsys):
    (tmp_path / "study").mkdir()
    simkit.simulate("treize", 10, progress=False).save(tmp_path / "study" / "treize")
    (tmp_path / "study" / "meta.json").write_text(json.dumps({"experiment": "study", "inputs": {}}))
    code, out, _ = cli(capsys, "report", tmp_path / "study")
    assert code == 0 and "results in it" in out and "study/treize" in out
    with pytest.raises(SimkitError, match=r"output folder of experiment 'study', not one result.*study/treize"):
        simkit.load(tmp_path / "study")


# -- merge ----------------------------------------------------------------------------------
def _resigned(src, dst, **changes):
    shutil.copytree(src, dst)
    _write_meta(dst, {**_meta(dst), **changes}, resign=True, stats=simkit.load(src).stats)
    return dst


@pytest.mark.parametrize("changes, pattern", [
    ({"version": "0.0.1"}, r"different version"),
    ({"units": 60}, r"different units"),
    ({"range": [20, 50]}, r"holds units \[20, 50\], but shard 1/2 of 50 units is \[25, 50\]"),
])
def test_merge_refuses_mismatched_shards(shards, tmp_path, changes, pattern):
    odd = _resigned(shards / "s1", tmp_path / "odd", **changes)
    with pytest.raises(SimkitError, match=pattern):
        simkit.merge([shards / "s0", odd])


def test_merge_tells_user_functions_with_the_same_name_apart(tmp_path):
    def one(counts, remaining, bank, params):
        return 1

    def two(counts, remaining, bank, params):
        return 2

    for k, fn in enumerate((one, two)):
        fn.__name__ = "stake"
        simkit.simulate("treize", 20, policies=njit(fn), shard=(k, 2), progress=False).save(tmp_path / str(k))
    assert _meta(tmp_path / "0")["policies"] == _meta(tmp_path / "1")["policies"] == {"stake": "user:stake"}
    with pytest.raises(SimkitError, match=r"different user_functions"):
        simkit.merge([tmp_path / "0", tmp_path / "1"])


# -- policy parameters ----------------------------------------------------------------------
@pytest.mark.parametrize("game, policy, pattern", [
    ("treize", "flat:units=1.5", r"treize: stake policy 'flat': units=1.5 is not allowed; allowed: a whole number in \[1, 1000000\]"),
    ("treize", "deck-aware:threshold=nan", r"threshold=nan is not allowed; allowed: a finite number in \[-1, 1\]"),
    ("ochko", "bank-fraction:fraction=2", r"fraction=2.0 is not allowed; allowed: a finite number in \[0, 1\]"),
    ("ochko", "threshold:stand=inf", r"draw policy 'threshold': stand=inf is not allowed"),
    ("banchok", "three-high:rank=99", r"rank=99.0 is not allowed; allowed: a whole number in \[2, 14\]"),
    ("macao", "threshold:stand=7.5", r"punter policy 'threshold': stand=7.5 is not allowed; allowed: a whole number"),
    ("poker", "threshold:size=-1", r"bet policy 'threshold': size=-1.0 is not allowed; allowed: a finite number in \[0, 1\]"),
    ("poker", "random:fold=2", r"poker: bet policy 'random': fold=2.0 is not allowed"),
    ("poker", "random:mask=2", r"no role's policy 'random' has the parameters mask \(bet takes fold, raise; draw takes none\)"),
    ("oh-hell", "heuristic:bias=1e300", r"oh-hell: bid policy 'heuristic': bias=1e\+300 is not allowed; allowed: a finite number in \[-20, 20\]"),
    ("oh-hell", "simulation:samples=0", r"samples=0.0 is not allowed; allowed: a whole number in \[1, 10000\]"),
    ("spades", "heuristic:bias=nan", r"spades: bid policy 'heuristic': bias=nan is not allowed"),
    ("spades", "nil:dnil_behind=-1", r"dnil_behind=-1.0 is not allowed; allowed: a whole number in \[0, 10000\]"),
    ("blackjack", "table:H16vT=1.5", r"play policy 'table': H16vT=1.5 is not allowed; allowed: a whole number in \[0, 3\]"),
    ("blackjack", "hilo:H16vT.S=inf", r"H16vT.S=inf is not allowed; allowed: a finite number"),
    ("blackjack", "hilo:tag_A=0.5", r"tag_A=0.5 is not allowed; allowed: a whole number in \[-3, 3\]"),
])
def test_policy_parameters_are_checked(game, policy, pattern):
    with pytest.raises(SimkitError, match=pattern):
        simkit.get_game(game).resolve_policies(policy)


def test_a_shared_policy_name_goes_to_the_role_that_takes_the_parameter():
    pols = simkit.get_game("poker").resolve_policies("random:fold=0.5")
    assert pols["bet"].describe() == "random:fold=0.5,raise=0.2" and pols["draw"].name == "standard"
    pols = simkit.get_game("oh-hell").resolve_policies("heuristic:bias=1")
    assert pols["bid"].params["bias"] == 1.0 and pols["play"].describe() == "heuristic:spoil=1"


@pytest.mark.parametrize("given, pattern", [
    (simkit.Policy("flat", units="x"), r"units='x' is not allowed; allowed: a whole number"),
    (simkit.Policy("flat", units=True), r"units=True is not allowed"),
    (["random", "heuristic"], r"oh-hell: the bid policy is given twice \('random' and 'heuristic'\)"),
    (["flat", "deck-aware"], r"the stake policy is given twice \('flat' and 'deck-aware'\); give each role one"),
])
def test_policy_objects_and_lists(given, pattern):
    with pytest.raises(SimkitError, match=pattern):
        simkit.get_game("oh-hell" if "oh-hell" in pattern else "treize").resolve_policies(given)


def test_every_builtin_parameter_declares_its_type_and_range():
    for gid in simkit.list_games():
        for role in simkit.get_game(gid).roles:
            for spec in role.builtins.values():
                for name, p in spec.limits.items():
                    assert p.declared, f"{gid} {role.name} {spec.name}: {name} is not declared with param()"
                    assert p.minimum is None or p.minimum <= p.default <= p.maximum, (gid, spec.name, name)


# -- user functions -------------------------------------------------------------------------
@njit
def _stake_float(counts, remaining, bank, params):
    return 1.7


@njit
def _stake_bool(counts, remaining, bank, params):
    return True


@njit
def _stake_nan(counts, remaining, bank, params):
    return np.nan


@njit
def _stake_two_args(counts, remaining):
    return 1


@pytest.mark.parametrize("fn, pattern", [
    (_stake_float, r"user stake function 'user:_stake_float' returns float64, not an integer.*stake\(counts"),
    (_stake_bool, r"user stake function 'user:_stake_bool' returns .*bool.*, not an integer"),
    (_stake_nan, r"returns float64, not an integer"),
    (_stake_two_args, r"does not fit its role: 'user:_stake_two_args' \(stake: stake\(counts: int64\[13\]"),
])
def test_user_functions_must_return_integers_and_fit_the_signature(fn, pattern):
    with pytest.raises(SimkitError, match=pattern):
        simkit.simulate("treize", 5, policies=fn, progress=False)


# -- other arguments ------------------------------------------------------------------------
@pytest.mark.parametrize("argv, pattern", [
    (["--seed", "²"], r"seed must be an integer in \[0, 2\*\*63\), got '²'"),
    (["--rule", "deck=36", "--rule", "deck=32"], r"--rule deck given twice \(deck=36 and deck=32\)"),
    (["--policy", "flat", "--policy", "deck-aware"], r"the stake policy is given twice"),
    (["--policy", "flat:units=1.5"], r"units=1.5 is not allowed; allowed: a whole number"),
    (["--hands", "1e30"], r"hands='1e30' is more than simkit plays in one run \(at most 1e\+15\)"),
    (["--hands", str(2**63)], r"at most 1e\+15"),
    (["--jobs", "0"], r"n_jobs must be an integer >= 1, or -1 for every usable CPU core \(-2: all but one\), got 0"),
])
def test_command_line_arguments(capsys, argv, pattern):
    if "--hands" not in argv:
        argv = ["--hands", "10"] + argv
    code, out, err = cli(capsys, "run", "treize", "--no-progress", *argv)
    assert code == 2 and out == "" and re.search(pattern, err), err


@pytest.mark.parametrize("kwargs, pattern", [
    ({"shard": (1.5, 2)}, r"bad shard \(1.5, 2\): K and N must be integers"),
    ({"backend": "multiprocessing"}, r"backend 'multiprocessing' is not supported.*use 'loky'"),
    ({"hands": 10**15, "rules": {"deck": 36}, "chunk": 10**16}, None),
])
def test_api_arguments(kwargs, pattern):
    if pattern is None:  # the plan is lazy: 10^15 units cost no memory before the first chunk
        assert len(chunk_plan(0, MAX_UNITS, None, 1 << 16, 2)) == MAX_UNITS // (1 << 16) + 1
        return
    with pytest.raises(SimkitError, match=pattern):
        simkit.simulate("treize", kwargs.pop("hands", 10), progress=False, **kwargs)


@pytest.mark.parametrize("call, pattern", [
    (lambda: simkit.merge("shards"), r"merge needs a list of shard folders, got 'shards'"),
    (lambda: simkit.load(None), r"load needs the path of a result folder, got None"),
])
def test_merge_and_load_arguments(call, pattern):
    with pytest.raises(SimkitError, match=pattern):
        call()


def test_numpy_numbers_are_rule_values():
    res = simkit.simulate("treize", 10, rules={"deck": np.int64(36), "cap_at_bank": np.bool_(True)}, progress=False)
    assert res.rules.deck == 36 and type(res.rules.deck) is int and res.rules.cap_at_bank is True
    rules = simkit.get_game("treize").Rules.build({"deck": np.float64(36.0), "bank": 5.0})
    assert type(rules.deck) is int and type(rules.bank) is int
    with pytest.raises(SimkitError, match=r"rule bank=5.5 is not allowed; allowed: int in \[1, "):
        simkit.get_game("treize").Rules.build({"bank": np.float64(5.5)})


def test_jobs_are_capped_at_the_chunks():
    res = simkit.simulate("treize", 2, n_jobs=20, chunk=1, backend="threading", progress=False)
    assert res.timings["n_jobs"] == 2 and res.timings["chunks"] == 2
    res = simkit.simulate("treize", 3, n_jobs=-1, chunk=1, backend="threading", progress=False)
    assert res.timings["n_jobs"] == min(3, os.cpu_count())
    with pytest.warns(UserWarning, match=rf"{os.cpu_count() + 1} workers on {os.cpu_count()} CPU cores"):
        simkit.simulate("treize", os.cpu_count() + 1, n_jobs=64, chunk=1, backend="threading", progress=False)


def test_sweep_reads_a_generator_and_differences_refuses_unknown_metrics():
    df = simkit.sweep("treize", {"deck": (d for d in (52, 36))}, 50)
    assert list(df["deck"]) == [52, 36]
    cmp = simkit.compare("treize", ["flat", "flat:units=2"], 200, groups=2)
    with pytest.raises(SimkitError, match=r"no metric 'bogus'; metrics: house_edge"):
        cmp.differences("bogus")


def test_unreachable_dask_scheduler(monkeypatch):
    monkeypatch.setattr(parallel, "DASK_TIMEOUT_S", 1)
    with pytest.raises(SimkitError, match=r"cannot reach the dask scheduler 'tcp://127.0.0.1:9' within 1 s"):
        simkit.simulate("treize", 10, backend="dask", scheduler="tcp://127.0.0.1:9", progress=False)


def test_an_experiment_never_replaces_a_folder_it_did_not_write(tmp_path, capsys):
    from simkit.experiment import Experiment

    exp = Experiment("demo", "a question", default_hands=1, default_seed=1)
    exp.parse(["--out", str(tmp_path), "--force"])
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "thesis.txt").write_text("years of work")
    with pytest.raises(SystemExit) as info, exp.output({"a": 1}):
        pass
    assert info.value.code == 2 and "is not this experiment's output folder" in capsys.readouterr().err
    assert tree(tmp_path) == {"demo/thesis.txt": b"years of work"}
    (tmp_path / "demo" / "thesis.txt").unlink()
    (tmp_path / "demo").rmdir()
    with exp.output({"a": 1}) as d:
        (d / "x.txt").write_text("1")
    with exp.output({"a": 2}) as d:  # --force replaces its own folder
        pass
    assert json.loads((tmp_path / "demo" / "meta.json").read_text())["inputs"] == {"a": 2}
    assert (tmp_path / "demo").stat().st_mode & 0o777 == 0o777 & ~_umask()


def _umask():
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_a_killed_save_leaves_a_temporary_folder_that_the_next_save_removes(tmp_path):
    """A real process killed (SIGKILL) while it holds a temporary folder."""
    code = ("import sys, time; from pathlib import Path; from simkit.runner.folders import make_tmp_dir; "
            "t = make_tmp_dir(Path(sys.argv[1])); (t / 'meta.json').write_text('{'); print(t, flush=True); "
            "time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "r")], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    left = Path(proc.stdout.readline().strip())
    proc.kill()
    proc.wait()
    assert left.is_dir() and left.name.startswith(".r.res.")
    simkit.simulate("treize", 10, progress=False).save(tmp_path / "r")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"] and simkit.load(tmp_path / "r").hands == 10
