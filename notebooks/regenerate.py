"""Re-execute the notebooks and save them in place with their outputs (``make notebooks``).

    python notebooks/regenerate.py [NAME ...]     # default: every notebooks/*.ipynb

Each notebook runs top to bottom in a fresh kernel under :data:`ENV` (the size the test
suite runs them at), from the notebooks folder, and is saved with its outputs and
without per-cell timing metadata. The suite (``tests/test_notebooks.py``) executes every
notebook under the same :data:`ENV` and fails when a stored output differs from the
fresh one, so run this after any change that changes what a notebook shows, and commit
the notebooks it rewrote.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the environment every notebook is executed under, here and in the test suite: the tour's size,
#: and the inline backend (the kernel's own default, named so that a shell's ``MPLBACKEND=Agg``,
#: which ``make`` exports, does not leave the figures out)
ENV = {"SIMKIT_TOUR_HANDS": "20000", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
#: seconds a cell may run
TIMEOUT = 300


def execute(path: Path):
    """``path`` executed in a fresh kernel under :data:`ENV` (the caller's environment
    must already hold it: the kernel inherits it); returns the executed notebook."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def main(argv=None) -> int:
    import nbformat

    names = list(sys.argv[1:] if argv is None else argv)
    paths = [HERE / (n if n.endswith(".ipynb") else n + ".ipynb") for n in names] or sorted(HERE.glob("*.ipynb"))
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"no such notebook: {', '.join(missing)}", file=sys.stderr)
        return 2
    os.environ.update(ENV)
    for path in paths:
        nb = execute(path)
        for cell in nb.cells:
            cell.metadata.pop("execution", None)
        nbformat.write(nb, path)
        print(f"saved {path.relative_to(HERE.parent)} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
