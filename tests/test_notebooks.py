"""Every notebook runs top to bottom (at a small size), is stored with its outputs (so it
reads on a code-hosting site) and imports nothing it does not use."""
import ast
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def _code(nb) -> list:
    return [c.source for c in nb.cells if c.cell_type == "code"]


def unused_imports(sources) -> set:
    """Names bound by an import in any of ``sources`` and read in none."""
    trees = [ast.parse(src) for src in sources]
    bound, read = set(), set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.Name):
                read.add(node.id)
    return bound - read


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"01_tour.ipynb", "02_user_policy.ipynb", "03_sweep.ipynb", "04_cluster.ipynb"} <= names


def test_the_unused_import_check_can_fail():
    assert unused_imports(["import os\nimport numpy as np\nos.getcwd()"]) == {"np"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stored_with_outputs_and_no_unused_imports(path):
    nb = nbformat.read(path, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in cells), "stored without running every cell"
    plots = [c for c in cells if "plot_" in c.source and "(" in c.source.split("plot_", 1)[1]]
    assert all(any("image/png" in o.get("data", {}) for o in c.outputs) for c in plots), "a figure is missing"
    assert sum(bool(c.outputs) for c in cells) >= len(cells) // 2
    assert not [o for c in cells for o in c.outputs if o.output_type == "error"]
    assert unused_imports(_code(nb)) == set()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("SIMKIT_TOUR_HANDS", "20000")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
