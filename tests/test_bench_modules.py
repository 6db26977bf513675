"""Every ``bench/bench_<name>.py`` module that ``make bench`` loads after its cases imports
(a module importing a helper that was renamed made the whole bench fail at its end), and
defines the ``extra()`` that ``bench/run.py`` calls. Importing compiles nothing."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(BENCH.glob("bench_*.py"))


def test_there_are_bench_modules():
    assert len(MODULES) >= 19


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_a_bench_module_imports_and_has_extra(path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"_bench_import_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(f"_bench_import_{path.stem}", None)
    assert callable(getattr(mod, "extra", None))
