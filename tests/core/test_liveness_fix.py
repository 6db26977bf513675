"""simkit.core.liveness_fix: numba's liveness on bit masks gives numba's own answer, on
random control-flow graphs (loops, self-loops, unreachable blocks) and on the IR of real
functions, and is what numba calls once a kernel module is imported."""
from __future__ import annotations

import numpy as np
import pytest
from numba.core import analysis, ir_utils
from numba.core.compiler import run_frontend
from numba.core.controlflow import CFGraph

import simkit.core.jit  # noqa: F401 (installs the fixes)
from simkit.core import liveness_fix


def test_installed_where_numba_looks_it_up():
    assert liveness_fix.installed()
    assert liveness_fix.install()                    # idempotent
    assert analysis.compute_live_map is liveness_fix.compute_live_map
    assert ir_utils.compute_live_map is liveness_fix.compute_live_map
    assert liveness_fix.original() is not liveness_fix.compute_live_map


def _random_graph(rng, n_blocks: int, n_vars: int):
    cfg = CFGraph()
    for b in range(n_blocks):
        cfg.add_node(b)
    for b in range(n_blocks - 1):
        if rng.random() < 0.85:                     # mostly a chain forward, some blocks left unreachable
            cfg.add_edge(b, b + 1)
        for _ in range(int(rng.integers(0, 3))):     # branches, loops back, self-loops
            cfg.add_edge(b, int(rng.integers(0, n_blocks)))
    cfg.set_entry_point(0)
    cfg.process()
    names = [f"v{i}" for i in range(n_vars)]
    use = {b: {names[i] for i in rng.choice(n_vars, min(n_vars, int(rng.integers(0, 6))), replace=False)} for b in range(n_blocks)}
    defs = {b: {names[i] for i in rng.choice(n_vars, min(n_vars, int(rng.integers(0, 6))), replace=False)} for b in range(n_blocks)}
    return cfg, {b: None for b in range(n_blocks)}, use, defs


@pytest.mark.parametrize("seed", range(40))
def test_random_graphs_give_numba_s_answer(seed):
    rng = np.random.default_rng(seed)
    cfg, blocks, use, defs = _random_graph(rng, int(rng.integers(1, 60)), int(rng.integers(1, 80)))
    want = liveness_fix.original()(cfg, blocks, use, defs)
    got = liveness_fix.compute_live_map(cfg, blocks, use, defs)
    assert list(got) == list(want)                   # the same blocks, in the same order
    assert got == want


def _loops(n, xs):
    total = 0
    i = 0
    while i < n:
        if xs[i] > 0:
            for j in range(i):
                if j == 3:
                    continue
                total += xs[j]
                if total > 100:
                    break
        else:
            total -= 1
        i += 1
    try_ = total * 2
    return try_ if n else -1


def _early_exits(a, b):
    if a < 0:
        return 0
    c = a
    while True:
        c += b
        if c > 10:
            break
        if c == 5:
            return c
    d = c if b else a
    return d


@pytest.mark.parametrize("fn", [_loops, _early_exits, liveness_fix._names])
def test_real_ir_gives_numba_s_answer(fn):
    func_ir = run_frontend(fn)
    blocks = func_ir.blocks
    cfg = analysis.compute_cfg_from_blocks(blocks)
    usedefs = analysis.compute_use_defs(blocks)
    want = liveness_fix.original()(cfg, blocks, usedefs.usemap, usedefs.defmap)
    assert liveness_fix.compute_live_map(cfg, blocks, usedefs.usemap, usedefs.defmap) == want
    assert any(want.values())                        # the functions do keep variables alive across blocks


def test_names_of_a_mask():
    names = ["a", "b", "c", "d"]
    assert liveness_fix._names(0, names) == set()
    assert liveness_fix._names(0b1011, names) == {"a", "b", "d"}
