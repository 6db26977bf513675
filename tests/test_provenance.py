"""Every result records the code and environment that made it (simkit.provenance), and
nothing made by other code is reused."""
import json

import pytest

import simkit
from simkit.provenance import code_hash, code_version, environment, git_commit, provenance, sources_hash


def test_sources_hash_follows_content_and_names(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n")
    b.write_text("y = 2\n")
    h = sources_hash([a, b], root=tmp_path)
    assert h == sources_hash([b, a], root=tmp_path) and len(h) == 12
    a.write_text("x = 1  # a comment\n")
    assert sources_hash([a, b], root=tmp_path) != h
    a.write_text("x = 1\n")
    assert sources_hash([a, b], root=tmp_path) == h
    a.rename(tmp_path / "c.py")
    assert sources_hash([tmp_path / "c.py", b], root=tmp_path) != h


def test_code_version_carries_the_release_and_the_code_hash():
    assert code_version() == f"{simkit.__version__}+code.{code_hash()}"
    rec = provenance()
    assert rec["version"] == code_version() and rec["code_hash"] == code_hash()
    assert set(environment()) <= set(rec) and rec["numba"] and rec["numpy"] and rec["python"]
    assert set(git_commit()) == {"commit", "dirty"}


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    d = tmp_path_factory.mktemp("prov") / "r"
    simkit.simulate("treize", 200, seed=1).save(d)
    return d


def test_a_saved_result_records_its_provenance(saved):
    meta = json.loads((saved / "meta.json").read_text())
    assert meta["version"] == code_version() and meta["provenance"] == {**provenance(), **meta["provenance"]}
    again = simkit.load(saved)
    assert again.provenance == meta["provenance"] and again.version == code_version()
    assert simkit.load(saved).to_json()["provenance"]["code_hash"] == code_hash()


def test_shards_of_other_code_do_not_merge(saved, tmp_path):
    a = simkit.simulate("treize", 200, seed=1, shard=(0, 2))
    b = simkit.simulate("treize", 200, seed=1, shard=(1, 2))
    b.version = "0.1.0+code.000000000000"     # as if saved by other code
    a.save(tmp_path / "a")
    b.save(tmp_path / "b")
    with pytest.raises(simkit.SimkitError, match="different version"):
        simkit.merge([tmp_path / "a", tmp_path / "b"])
