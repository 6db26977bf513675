"""The README's Python snippets work as written (the SLURM one needs a SLURM cluster:
it is compiled, not run)."""
import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_readme_has_snippets():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_snippet(i, tmp_path, monkeypatch):
    code = BLOCKS[i]
    compiled = compile(code, f"README block {i}", "exec")
    if "dask_jobqueue" in code:
        return
    monkeypatch.chdir(tmp_path)
    import matplotlib

    matplotlib.use("Agg")
    exec(compiled, {"__name__": f"readme_{i}"})
    import matplotlib.pyplot as plt

    plt.close("all")
