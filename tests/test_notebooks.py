"""Every notebook runs top to bottom (at a small size), is stored with its outputs (so it
reads on a code-hosting site), imports nothing it does not use, and its stored outputs are
the ones the current code gives: the fresh execution is compared with them, text output by
text output (:func:`stale_outputs`), and a difference fails naming the notebook and cell
and how to regenerate them (``make notebooks``)."""
import ast
import importlib.util
import math
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
_spec = importlib.util.spec_from_file_location("regenerate", Path(__file__).parent.parent / "notebooks" / "regenerate.py")
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)

#: what a stored text output may legitimately differ in from a fresh run, each replaced by a
#: placeholder before comparing (pattern, replacement, why):
NORMALISED = [
    (re.compile(r"0x[0-9a-fA-F]{6,}"), "0x<address>", "memory addresses in object reprs change every run"),
    (re.compile(r"\+code\.[0-9a-f]+"), "+code.<hash>",
     "the code hash in a version changes with every edit, also one that changes no output (the outputs "
     "themselves say whether the output changed)"),
    (re.compile(r"(['\"](?:code_hash|commit)['\"]:\s*)(?:'[0-9a-f]*'|\"[0-9a-f]*\"|None)"), r"\1<hash>",
     "a provenance's code hash and commit change with every edit and commit (the outputs say whether they matter)"),
    (re.compile(r"(['\"]dirty['\"]:\s*)(?:True|False|None|true|false|null)"), r"\1<dirty>",
     "whether the checkout had uncommitted changes when the notebook ran"),
    (re.compile(r"(?:/private)?(?:/tmp|/var/folders)/[^\s'\"]*"), "<tmp path>",
     "temporary folders are named afresh each run"),
    (re.compile(r"(['\"](?:seconds|\w+_s)['\"]:\s*)[-+0-9.e]+(?:e[-+]?\d+)?"), r"\1<seconds>",
     "timings (a dict's 'seconds', 'run_s', 'units_per_s') depend on the machine and its load"),
    (re.compile(r"\s+"), " ", "runs of white space: a table's column widths follow its widest value"),
]
#: numbers in a text output compare equal within this relative tolerance: the last bits of a
#: float sum can depend on the CPU's vector width (numpy adds in blocks), not on simkit's code;
#: a stale output differs in a displayed digit, far more than this
REL_TOL = 1e-9
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def _texts(cell) -> list:
    """A code cell's outputs as ``(kind, text)``: printed stdout, each result's and display's
    ``text/plain`` and each error. Left out: stderr (library warnings and kernel notes
    depend on the installed versions and the environment), ``text/html`` (the same table
    as ``text/plain``) and images (pixels depend on the installed fonts and matplotlib; the
    figure's ``text/plain`` still counts, and the numbers drawn are in the other outputs)."""
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream" and o.name == "stdout":
            out.append(("stdout", o.text))
        elif o.output_type in ("execute_result", "display_data") and "text/plain" in o.get("data", {}):
            out.append((o.output_type, o.data["text/plain"]))
        elif o.output_type == "error":
            out.append(("error", f"{o.ename}: {o.evalue}"))
    # consecutive stdout writes are split at arbitrary points by the kernel: join them
    joined = []
    for kind, text in out:
        if joined and kind == "stdout" and joined[-1][0] == "stdout":
            joined[-1] = ("stdout", joined[-1][1] + text)
        else:
            joined.append((kind, text))
    return joined


def normalise(text: str) -> str:
    """``text`` with what legitimately differs between runs replaced (:data:`NORMALISED`)."""
    for pattern, repl, _why in NORMALISED:
        text = pattern.sub(repl, text)
    return text.strip()


def same_text(stored: str, fresh: str) -> bool:
    """The normalised texts are equal, their numbers within :data:`REL_TOL`."""
    a, b = normalise(stored), normalise(fresh)
    if a == b:
        return True
    if _NUMBER.split(a) != _NUMBER.split(b):
        return False
    return all(x == y or math.isclose(float(x), float(y), rel_tol=REL_TOL, abs_tol=1e-12)
               for x, y in zip(_NUMBER.findall(a), _NUMBER.findall(b)))


def stale_outputs(name: str, stored, fresh) -> list:
    """One message per code cell whose stored text outputs differ from the fresh run's,
    naming the notebook, the cell and how to regenerate them."""
    s_cells = [c for c in stored.cells if c.cell_type == "code"]
    f_cells = [c for c in fresh.cells if c.cell_type == "code"]
    how = f"regenerate it with `make notebooks` (python notebooks/regenerate.py {Path(name).stem}) and commit it"
    if len(s_cells) != len(f_cells):
        return [f"{name}: {len(s_cells)} code cells stored, {len(f_cells)} run; {how}"]
    bad = []
    for k, (s, f) in enumerate(zip(s_cells, f_cells), start=1):
        a, b = _texts(s), _texts(f)
        if [kind for kind, _ in a] == [kind for kind, _ in b] and all(same_text(x, y) for (_, x), (_, y) in zip(a, b)):
            continue
        first = (s.source.strip().splitlines() or [""])[0][:70]
        shown_a = " | ".join(normalise(t)[:300] for _, t in a) or "(no output)"
        shown_b = " | ".join(normalise(t)[:300] for _, t in b) or "(no output)"
        bad.append(f"{name}, code cell {k} ({first!r}): its stored output was made by other code than the "
                   f"current one.\n  stored: {shown_a}\n  now:    {shown_b}\n  {how}")
    return bad


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


def _nb(cells) -> nbformat.NotebookNode:
    """A notebook of code cells, each ``(source, [(output_type, text), ...])``."""
    nb = nbformat.v4.new_notebook()
    for source, outs in cells:
        cell = nbformat.v4.new_code_cell(source)
        for kind, text in outs:
            if kind == "stdout":
                cell.outputs.append(nbformat.v4.new_output("stream", name="stdout", text=text))
            else:
                cell.outputs.append(nbformat.v4.new_output(kind, data={"text/plain": text}, execution_count=1))
        nb.cells.append(cell)
    return nb


def test_the_stale_output_check_can_fail():
    stored = _nb([("import simkit", []), ("edge['B']", [("execute_result", "{'value': 0.1625, 'n': 20000}")])])
    fresh = _nb([("import simkit", []), ("edge['B']", [("execute_result", "{'value': 0.0555, 'n': 20000}")])])
    (msg,) = stale_outputs("01_tour.ipynb", stored, fresh)
    assert "01_tour.ipynb, code cell 2 (\"edge['B']\")" in msg and "0.1625" in msg and "0.0555" in msg
    assert "make notebooks" in msg
    # a table that lost a row, a printed line that changed, a cell added without rerunning
    assert stale_outputs("x", _nb([("t", [("execute_result", "a 1\nb 2")])]), _nb([("t", [("execute_result", "a 1")])]))
    assert stale_outputs("x", _nb([("p", [("stdout", "seats 1-6")])]), _nb([("p", [("stdout", "seats 0-5")])]))
    assert stale_outputs("x", _nb([("a", [])]), _nb([("a", []), ("b", [])]))
    assert stale_outputs("x", _nb([("a", [])]), _nb([("a", [("stdout", "new")])]))


def test_the_stale_output_check_ignores_only_what_runs_change():
    stored = _nb([("sw.attrs", [("execute_result", "{'seconds': 0.3376695749998362, 'version': '0.1.0+code.ab12cd'}")]),
                  ("t", [("execute_result", "   rank  score    units_per_s\n0     1  4.6  125523.707518")]),
                  ("f", [("execute_result", "<function f at 0x7f3a2b1c9d30> /tmp/tmpab12/ochko-B")]),
                  ("p", [("stdout", "a\n"), ("stdout", "b\n")]),
                  ("x", [("execute_result", "0.16253234760838203")])])
    fresh = _nb([("sw.attrs", [("execute_result", "{'seconds': 1.25, 'version': '0.1.0+code.99ff00'}")]),
                 ("t", [("execute_result", "   rank  score  units_per_s\n0     1  4.6  98000.1")]),
                 ("f", [("execute_result", "<function f at 0x7f00aa11bb22> /tmp/tmpzz99/ochko-B")]),
                 ("p", [("stdout", "a\nb\n")]),
                 ("x", [("execute_result", "0.16253234760838206")])])
    # units_per_s in a table is not normalised: a notebook shows no speeds in tables
    assert [m.split(":")[0] for m in stale_outputs("x", stored, fresh)] == ["x, code cell 2 ('t')"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_and_its_stored_outputs_are_current(path, monkeypatch):
    for key, value in regenerate.ENV.items():
        monkeypatch.setenv(key, value)
    stored = nbformat.read(path, as_version=4)
    fresh = regenerate.execute(path)
    errors = [o for c in fresh.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    problems = stale_outputs(path.name, stored, fresh)
    assert not problems, "\n".join(problems)
