"""``bench/perf_map.py``: the map that names a kernel's functions in a ``perf`` profile
(docs/tricks.md, "Speed notes"). Run as the tool is, in a fresh interpreter (it must wrap
numba's object-cache hooks before numba makes its execution engine), on Treize, the
game that compiles fastest."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "bench" / "perf_map.py"


def _python(*args, timeout=120):
    """``python ARGS`` in a fresh interpreter on this tree."""
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_the_map_names_the_kernels_functions_and_the_runtimes(tmp_path):
    p = _python(str(TOOL), "treize", "--units", "200", "--objects", str(tmp_path), timeout=600)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    path = Path(re.search(r"map (\S+\.map)", p.stdout).group(1))
    try:
        rows = [line.split(" ", 2) for line in path.read_text().splitlines()]
    finally:
        path.unlink()
    names = [name for _, _, name in rows]
    assert "NRT_incref" in names and "NRT_decref" in names
    assert any("treize" in name and "chunk" in name for name in names), names[:20]
    spans = sorted((int(a, 16), int(s, 16)) for a, s, _ in rows)
    assert all(size > 0 for _, size in spans)
    # every object kept is the ELF its functions were read from, with its load address
    bases = (tmp_path / "bases.txt").read_text().split("\n")
    first = bases[0].split()
    assert (tmp_path / first[0]).read_bytes()[:4] == b"\x7fELF" and int(first[1], 16) > 0


def test_units_must_be_positive():
    p = _python(str(TOOL), "treize", "--units", "0")
    assert p.returncode == 2 and "--units must be positive, not 0" in p.stderr


def test_the_elf_reader_refuses_what_is_not_a_64_bit_object():
    code = ("import sys; sys.path.insert(0, 'bench'); import perf_map\n"
            "try:\n    perf_map.elf_functions(b'#!/bin/sh')\nexcept ValueError as e:\n    print(e)")
    p = _python("-c", code)
    assert p.stdout.strip() == "not a 64-bit little-endian ELF object", p.stdout + p.stderr
