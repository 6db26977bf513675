"""The SLURM array recipe (experiments/cluster/slurm_array.sh) run locally for each task
id, then merged: the merged result is the single-machine result, bit for bit."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

import simkit

SCRIPT = Path(__file__).resolve().parent.parent / "experiments" / "cluster" / "slurm_array.sh"


def test_the_slurm_array_recipe_merges_to_the_plain_run(tmp_path):
    env = {**os.environ, "SIMKIT": f"{sys.executable} -m simkit", "SLURM_ARRAY_TASK_COUNT": "3",
           "SLURM_CPUS_PER_TASK": "1"}
    for task in range(3):
        p = subprocess.run(["bash", str(SCRIPT), "treize", "300", "7", str(tmp_path / "shards"), "--rule", "deck=36"],
                           env={**env, "SLURM_ARRAY_TASK_ID": str(task)}, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    merged = simkit.merge(sorted((tmp_path / "shards").iterdir()))
    plain = simkit.simulate("treize", 300, seed=7, rules={"deck": 36})
    assert set(merged.stats) == set(plain.stats)
    assert all(np.array_equal(merged.stats[k], plain.stats[k]) for k in plain.stats)


def test_the_recipe_says_what_it_needs(tmp_path):
    p = subprocess.run(["bash", str(SCRIPT), "treize", "300", "7", str(tmp_path)], capture_output=True, text=True,
                       env={k: v for k, v in os.environ.items() if not k.startswith("SLURM_")})
    assert p.returncode != 0 and "run inside a SLURM array job" in p.stderr
