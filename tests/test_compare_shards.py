"""A paired comparison is a batch job too (issue 30): ``compare`` saves with ``--out``,
plays one slice with ``--shard K/N``, and ``simkit merge`` adds the slices up to exactly
the unsharded comparison; shards of other comparisons or other code refuse to merge."""
import json

import numpy as np
import pytest

import simkit
from simkit import SimkitError
from simkit.cli import main
from simkit.runner.compare import Comparison, load_comparison, merge_comparisons

VARIANTS = [{}, {"deck": 36}, {"deck_end": "void"}]
KW = dict(seed=5, groups=7, progress=False)


def _cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _same(a: Comparison, b: Comparison) -> None:
    """Bit-identical statistics per variant and unit group, and the same report."""
    x, y = a._stats_arrays(), b._stats_arrays()
    assert x.keys() == y.keys()
    for k in x:
        assert np.array_equal(x[k], y[k]), k
    ja, jb = a.to_json(), b.to_json()
    for k in ("report", "pairs", "ranking", "variants", "units", "groups", "seed", "hands"):
        assert json.dumps(ja[k]) == json.dumps(jb[k]), k


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    d = tmp_path_factory.mktemp("cmp")
    out = []
    for k in range(3):
        simkit.compare("treize", VARIANTS, 3001, shard=(k, 3), **KW).save(d / f"s{k}")
        out.append(d / f"s{k}")
    return out


def test_shards_merge_into_exactly_the_unsharded_comparison(shards, tmp_path):
    full = simkit.compare("treize", VARIANTS, 3001, **KW)
    merged = simkit.merge(shards)
    assert isinstance(merged, Comparison) and merged.shard is None and merged.unit_range == [0, 3001]
    _same(full, merged)
    # one shard holds its slice of the units, cut into the whole run's groups it overlaps
    part = load_comparison(shards[1])
    assert part.shard == (1, 3) and part.unit_range == [1000, 2000] and part.group_ids == [2, 3, 4]
    assert part.results[0].estimates["house_edge"].n == 1000
    # saved and loaded again: the same comparison
    merged.save(tmp_path / "all")
    again = simkit.load(tmp_path / "all")
    assert isinstance(again, Comparison)
    _same(full, again)


def test_a_saved_comparison_carries_provenance_and_a_checksum(shards, tmp_path):
    from simkit.provenance import code_version

    meta = json.loads((shards[0] / "meta.json").read_text())
    assert meta["kind"] == "comparison" and meta["version"] == code_version()
    assert meta["provenance"]["code_hash"] and meta["shard"] == [0, 3] and meta["range"] == [0, 1000]
    assert set(meta["files"]) == {"stats.npz", "tables/report.parquet", "tables/pairs.parquet",
                                  "tables/ranking.parquet"}
    import shutil

    bad = tmp_path / "bad"
    shutil.copytree(shards[0], bad)
    meta["seed"] = 6                                      # edited by hand
    (bad / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(SimkitError, match="do not match the checksum"):
        simkit.load(bad)
    del meta["checksum"]
    (bad / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(SimkitError, match="has no checksum"):
        simkit.load(bad)


def test_shards_of_other_comparisons_or_code_refuse_to_merge(shards, tmp_path):
    other_seed = simkit.compare("treize", VARIANTS, 3001, seed=6, groups=7, progress=False, shard=(2, 3))
    other_seed.save(tmp_path / "seed6")
    with pytest.raises(SimkitError, match=r"cannot merge .*seed6 with .*s0: different seed \(6 vs 5\)"):
        merge_comparisons([shards[0], shards[1], tmp_path / "seed6"])
    other_variants = simkit.compare("treize", [{}, {"deck": 32}, {"deck_end": "void"}], 3001, shard=(2, 3), **KW)
    other_variants.save(tmp_path / "deck32")
    with pytest.raises(SimkitError, match="different variants"):
        simkit.merge([shards[0], shards[1], tmp_path / "deck32"])
    other_code = simkit.compare("treize", VARIANTS, 3001, shard=(2, 3), **KW)
    for r in other_code.results:
        r.version = "0.1.0+code.000000000000"            # as if saved by other code
    other_code.save(tmp_path / "code")
    with pytest.raises(SimkitError, match="different version"):
        simkit.merge([shards[0], shards[1], tmp_path / "code"])
    with pytest.raises(SimkitError, match=r"shards missing: 2/3"):
        simkit.merge(shards[:2])
    with pytest.raises(SimkitError, match=r"shard 1/3 given twice"):
        simkit.merge([shards[0], shards[1], shards[1], shards[2]])
    simkit.simulate("treize", 3001, seed=5, shard=(2, 3)).save(tmp_path / "run2")
    with pytest.raises(SimkitError, match=r"shards of different kinds .*a comparison's.*a run's"):
        simkit.merge([shards[0], shards[1], tmp_path / "run2"])
    full = simkit.compare("treize", VARIANTS, 3001, **KW)
    full.save(tmp_path / "full")
    with pytest.raises(SimkitError, match="is not a shard"):
        simkit.merge([tmp_path / "full"])


def test_cli_compare_out_shard_merge_and_report(capsys, tmp_path):
    base = ["compare", "treize", "--variant", "base", "--variant", "deck=36", "--hands", "2001", "--groups", "5",
            "--seed", "3", "--no-progress"]
    code, out, err = _cli(capsys, *base, "--shard", "0/2")
    assert code == 2 and "--shard needs --out" in err and out == ""
    code, out, err = _cli(capsys, *base, "--shard", "2/2", "--out", str(tmp_path / "x"))
    assert code == 2 and "bad shard 2/2" in err and not (tmp_path / "x").exists()
    for k in range(2):
        code, out, err = _cli(capsys, *base, "--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}"))
        assert code == 0 and f"shard {k}/2" in out, err
    code, out, err = _cli(capsys, "merge", str(tmp_path / "s0"), str(tmp_path / "s1"), "--out", str(tmp_path / "m"),
                          "--json")
    assert code == 0, err
    merged = json.loads(out)
    code, out, err = _cli(capsys, *base, "--json", "--out", str(tmp_path / "one"))
    assert code == 0, err
    one = json.loads(out)
    assert merged["schema"] == one["schema"] == 1 and merged["kind"] == "comparison"
    assert merged["version"] == one["version"] and one["provenance"]["code_hash"]
    for key in ("report", "pairs", "ranking", "units", "groups", "range", "shard"):
        assert json.dumps(merged[key]) == json.dumps(one[key]), key
    code, out, err = _cli(capsys, "report", str(tmp_path / "m"), "--json")
    assert code == 0 and json.dumps(json.loads(out)["report"]) == json.dumps(one["report"])
    code, out, err = _cli(capsys, "report", str(tmp_path / "m"))
    assert code == 0 and "ranking (house_edge" in out and "all pairs" in out
    # an existing folder is refused before the run, and --force replaces only a comparison's
    code, out, err = _cli(capsys, *base, "--out", str(tmp_path / "one"))
    assert code == 2 and "already exists; add --force" in err
    code, out, err = _cli(capsys, *base, "--out", str(tmp_path / "one"), "--force")
    assert code == 0, err
    simkit.simulate("treize", 10).save(tmp_path / "run")
    code, out, err = _cli(capsys, *base, "--out", str(tmp_path / "run"), "--force")
    assert code == 2 and "not a simkit result folder of this kind" in err
    assert (tmp_path / "run" / "trace.parquet").exists()
    # nor does run --force replace a comparison's folder, and a sweep's folder is no shard
    code, out, err = _cli(capsys, "run", "treize", "--hands", "10", "--out", str(tmp_path / "one"), "--force")
    assert code == 2 and "not a simkit result folder of this kind" in err
    assert (tmp_path / "one" / "tables" / "ranking.parquet").exists()
    code, out, err = _cli(capsys, "sweep", "treize", "--vary", "deck=36,52", "--hands", "50", "--no-progress",
                          "--out", str(tmp_path / "sw"))
    assert code == 0, err
    code, out, err = _cli(capsys, "merge", str(tmp_path / "sw"), "--out", str(tmp_path / "m2"))
    assert code == 2 and "holds a sweep" in err and "only the shards of a run, a comparison or a tournament" in err
