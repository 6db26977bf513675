"""Runner: shards and merge, compare, sweep, save/load, memory, backends."""
import json
import tracemalloc

import numpy as np
import pytest

import simkit
from simkit.provenance import code_version
from simkit import SimkitError


def _same(a, b):
    assert set(a) == set(b) and all(np.array_equal(a[k], b[k]) for k in a)


def test_shards_merge_to_the_unsharded_result(tmp_path):
    full = simkit.simulate("treize", 30_001, seed=5, progress=False)
    dirs = []
    for k in range(3):
        part = simkit.simulate("treize", 30_001, seed=5, shard=(k, 3), progress=False)
        dirs.append(part.save(tmp_path / f"s{k}"))
    merged = simkit.merge(reversed(dirs))
    _same(merged.stats, full.stats)
    assert merged.metrics == full.metrics


def test_merge_refuses_bad_sets(tmp_path):
    a = simkit.simulate("treize", 1000, seed=1, shard="0/2", progress=False).save(tmp_path / "a")
    b = simkit.simulate("treize", 1000, seed=1, shard="1/2", progress=False).save(tmp_path / "b")
    c = simkit.simulate("treize", 1000, seed=2, shard="1/2", progress=False).save(tmp_path / "c")
    d = simkit.simulate("treize", 1000, seed=1, shard="1/3", progress=False).save(tmp_path / "d")
    e = simkit.simulate("treize", 1000, seed=1, rules={"deck": 36}, shard="1/2", progress=False).save(tmp_path / "e")
    f = simkit.simulate("treize", 1000, seed=1, progress=False).save(tmp_path / "f")
    with pytest.raises(SimkitError, match="different seed"):
        simkit.merge([a, c])
    with pytest.raises(SimkitError, match="shard counts differ"):
        simkit.merge([a, d])
    with pytest.raises(SimkitError, match="different rules"):
        simkit.merge([a, e])
    with pytest.raises(SimkitError, match=r"shard 0/2 given twice"):
        simkit.merge([a, a, b])
    with pytest.raises(SimkitError, match=r"shards missing: 1/2"):
        simkit.merge([a])
    with pytest.raises(SimkitError, match="not a shard"):
        simkit.merge([f])
    with pytest.raises(SimkitError, match="no simkit result"):
        simkit.merge([tmp_path])


def test_more_shards_than_units_are_refused_and_as_many_merge(tmp_path):
    with pytest.raises(SimkitError, match=r"3 units cannot be cut into 5 shards"):
        simkit.simulate("treize", 3, seed=1, shard=(1, 5), progress=False)   # not a 0-unit result
    parts = [simkit.simulate("treize", 3, seed=1, shard=(k, 3), progress=False).save(tmp_path / str(k))
             for k in range(3)]
    _same(simkit.merge(parts).stats, simkit.simulate("treize", 3, seed=1, progress=False).stats)


def test_save_and_load_round_trip(tmp_path):
    res = simkit.simulate("treize", 5000, seed=3, progress=False)
    res.save(tmp_path / "r")
    meta = json.loads((tmp_path / "r" / "meta.json").read_text())
    assert meta["rules"]["deck"] == 52 and meta["policies"] == {"stake": "flat:units=1"}
    assert "compile_s" in meta["timings"] and meta["version"] == code_version()
    back = simkit.load(tmp_path / "r")
    assert back.metrics == res.metrics
    assert set(back.tables) == set(res.tables)
    assert (tmp_path / "r" / "tables" / "tenure.parquet").exists()


def test_interrupted_save_leaves_nothing(tmp_path, monkeypatch):
    res = simkit.simulate("treize", 500, seed=3, progress=False)
    res.save(tmp_path / "r")
    before = (tmp_path / "r" / "meta.json").read_text()

    def boom(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(type(res.stats), "save_npz", boom)
    other = simkit.simulate("treize", 700, seed=4, progress=False)
    with pytest.raises(KeyboardInterrupt):
        other.save(tmp_path / "r", overwrite=True)
    assert (tmp_path / "r" / "meta.json").read_text() == before      # the old result is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]        # no temporary folder left
    with pytest.raises(KeyboardInterrupt):
        other.save(tmp_path / "new")
    assert not (tmp_path / "new").exists()


def test_compare_pairs_the_deals_and_reduces_variance():
    cmp = simkit.compare("treize", ["flat", "deck-aware:low=1,high=2,threshold=-0.27"], 100_000, seed=9)
    d = cmp.differences("house_edge").iloc[0]
    # the same deals: the paired standard error is several times smaller than unpaired
    assert d.diff_stderr > 0 and d.unpaired_stderr > 4 * d.diff_stderr
    assert d.variance_reduction > 16
    assert d.diff_ci95_low < d["diff"] < d.diff_ci95_high
    # every policy saw exactly the same banks: identical match statistics
    a, b = cmp.results
    assert np.array_equal(a.stats["tenure"], b.stats["tenure"])


def test_compare_paired_se_is_honest():
    """The jackknife SE must describe the spread of the difference over independent seeds."""
    diffs, ses = [], []
    for seed in range(12):
        c = simkit.compare("treize", ["flat", "deck-aware:low=1,high=2,threshold=-0.27"], 20_000, seed=seed,
                           groups=40)
        row = c.differences("house_edge").iloc[0]
        diffs.append(row["diff"])
        ses.append(row.diff_stderr)
    spread = np.std(diffs, ddof=1)
    # 12 seeds: the sample SD is within a factor 2 of the typical SE with high probability
    assert 0.5 < spread / np.mean(ses) < 2.0


def test_compare_errors():
    with pytest.raises(SimkitError, match="at least two variants"):
        simkit.compare("treize", ["flat"], 100)
    with pytest.raises(SimkitError, match="the same rules and policies twice"):
        simkit.compare("treize", ["flat", "flat:units=1"], 100)
    with pytest.raises(SimkitError, match="unknown policy role 'bet'"):
        simkit.compare("treize", ["flat", "deck-aware"], 100, role="bet")


def test_sweep_grid_and_common_random_numbers():
    df = simkit.sweep("treize", {"deck": [52, 36], "stake.threshold": [-0.3, 0.5]}, 20_000, seed=2,
                      policies="deck-aware")
    assert len(df) == 4 and list(df.columns[:2]) == ["deck", "stake.threshold"]
    assert {"house_edge", "house_edge_stderr", "house_edge_ci95_low", "house_edge_n"} <= set(df.columns)
    # the stake threshold changes stakes, never the cards: the tenure is identical across it
    for deck in (52, 36):
        t = df[df.deck == deck].bank_tenure.to_numpy()
        assert t[0] == t[1]
    single = simkit.simulate("treize", 20_000, seed=2, rules={"deck": 36}, policies="deck-aware:threshold=0.5",
                             progress=False)
    row = df[(df.deck == 36) & (df["stake.threshold"] == 0.5)].iloc[0]
    assert row.house_edge == single.estimates["house_edge"].value


def test_sweep_errors():
    with pytest.raises(SimkitError, match="non-empty grid"):
        simkit.sweep("treize", {}, 100)
    with pytest.raises(SimkitError, match=r"unknown sweep key 'decks'; allowed: .*stake.<param>"):
        simkit.sweep("treize", {"decks": [1]}, 100)
    with pytest.raises(SimkitError, match="are empty"):
        simkit.sweep("treize", {"deck": []}, 100)
    with pytest.raises(SimkitError, match=r"policy 'flat' has no parameter speed"):
        simkit.sweep("treize", {"stake.speed": [1]}, 100)
    with pytest.raises(SimkitError, match=r"deck=40"):
        simkit.sweep("treize", {"deck": [40]}, 100)


def test_memory_is_flat_in_the_number_of_units():
    def peak(hands):
        simkit.simulate("treize", 1000, progress=False)   # warm
        tracemalloc.start()
        simkit.simulate("treize", hands, progress=False)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(10_000), peak(2_000_000)
    assert large < small + 2_000_000, (small, large)


def test_threading_backend_gives_identical_results():
    a = simkit.simulate("treize", 20_000, seed=8, progress=False)
    b = simkit.simulate("treize", 20_000, seed=8, n_jobs=2, backend="threading", progress=False)
    _same(a.stats, b.stats)


def test_dask_backend_is_bit_identical():
    from dask import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        d = simkit.simulate("treize", 30_000, seed=6, backend="dask", scheduler=client, chunk=4000, progress=False)
    local = simkit.simulate("treize", 30_000, seed=6, progress=False)
    _same(d.stats, local.stats)


def test_convergence_trace_and_plot(tmp_path):
    import matplotlib.pyplot as plt

    from simkit.reports.plots import plot_convergence

    res = simkit.simulate("treize", 64_000, seed=1, progress=False)
    assert len(res.trace) >= 32 and res.trace[-1]["units"] == 64_000
    assert res.trace[-1]["value"] == res.estimates["house_edge"].value
    ax = plot_convergence(res, reference=0.2857)
    ax.figure.savefig(tmp_path / "c.png")
    plt.close(ax.figure)
    assert (tmp_path / "c.png").stat().st_size > 10_000


def _worker_cache_stats(game_id):
    import simkit
    from simkit.games.treize import nb

    g = simkit.get_game(game_id)
    r = g.Rules.build(None)
    g.run_chunk(r, g.resolve_policies(None), 0, 0, 10, 10)
    st = nb.treize_chunk_nb.stats
    return st.cache_hits, st.cache_misses


def test_workers_load_the_cache_instead_of_compiling():
    """The parent compiles (or loads) first; loky workers sharing NUMBA_CACHE_DIR then
    only load the cached machine code."""
    import joblib

    simkit.simulate("treize", 100, progress=False)
    with joblib.Parallel(n_jobs=2, backend="loky") as par:
        out = par(joblib.delayed(_worker_cache_stats)("treize") for _ in range(2))
    for hits, misses in out:
        assert sum(misses.values()) == 0 and sum(hits.values()) >= 1, (hits, misses)


def test_jobs_count_the_usable_cores(monkeypatch):
    from simkit.runner.units import parse_jobs, usable_cores

    n = usable_cores()
    assert parse_jobs(-1) == n and parse_jobs(-2) == max(1, n - 1) and parse_jobs(-10 * n) == 1 and parse_jobs(3) == 3
    monkeypatch.setenv("SLURM_CPUS_PER_TASK", "1")
    assert usable_cores() == 1 and parse_jobs(-1) == 1
