"""numba's variable liveness (``compute_live_map``) on bit sets instead of Python sets.

numba runs its ``PostProcessor`` after every compiler pass that changes a function's
control flow, and again inside several passes; each run computes which variables are live
at the entry of each block (:func:`numba.core.analysis.compute_live_map`). That is two
fix-point iterations over the blocks in topological order:

* *reach*: ``reach[b] ⊇ def[b] ∪ use[b]`` and ``reach[s] ⊇ reach[b]`` for each block ``b``
  of the order and each successor ``s`` of ``b``;
* *live*: ``live[b] ⊇ use[b]`` for every block, and
  ``live[p] ⊇ (live[b] ∩ reach[p]) − def[p]`` for each block ``b`` of the order and each
  predecessor ``p`` of ``b``,

each the least solution of its inequalities (the sets only grow, and numba stops when no
set grew). numba keeps each set as a Python set of variable names, so one sweep costs
blocks x variables in set unions. An engine's unit loop, with its game's unit hook and
helpers inlined into it (:func:`simkit.core.trick_game.unit_loop`), has thousands of both,
and these sweeps were a seventh of a game's cold compile (Thousand: 14 % of 63 s of CPU).

:func:`install` replaces numba's function with :func:`compute_live_map`, which solves the
same inequalities over the same blocks with each set an ``int`` bit mask (one bit a
variable): the unions are machine-word operations. The answer is the same least solution,
given back as numba gives it (a dict, in the order of ``blocks``, of sets of names). Where
numba's function is not the one this was written for (another signature, or its source
does not iterate as above), nothing is patched: compiling is slower, the code the same.
"""
from __future__ import annotations

import inspect

_PARAMS = ["cfg", "blocks", "var_use_map", "var_def_map"]
#: what numba's own compute_live_map must contain for this to solve the same inequalities
_SOURCE_MARKS = ("topo_order = cfg.topo_order()", "for offset in topo_order:",
                 "dct[offset] |= used_or_defined", "for out_blk, _ in cfg.successors(offset):",
                 "for offset in reversed(topo_order):", "for inc_blk, _data in cfg.predecessors(offset):",
                 "reachable = live_vars & def_reach_map[inc_blk]",
                 "dct[inc_blk] |= reachable - var_def_map[inc_blk]",
                 "live_map[offset] = set(var_use_map[offset])")
#: the modules that hold numba's function under its name (``from ... import compute_live_map``)
_HOLDERS = ("numba.core.analysis", "numba.core.ir_utils", "numba.parfors.parfor")


def compute_live_map(cfg, blocks, var_use_map, var_def_map):
    """The variables live at the entry of each block of ``blocks`` (module doc): numba's
    ``compute_live_map``, with bit masks for sets."""
    index = {}
    names = []

    def mask(vars_):
        m = 0
        for v in vars_:
            i = index.get(v)
            if i is None:
                i = index[v] = len(names)
                names.append(v)
            m |= 1 << i
        return m

    use = {b: mask(var_use_map[b]) for b in var_use_map}
    defs = {b: mask(var_def_map[b]) for b in var_def_map}
    order = list(cfg.topo_order())
    succs = {b: [s for s, _ in cfg.successors(b)] for b in order}
    preds = {b: [p for p, _ in cfg.predecessors(b)] for b in order}

    reach = {}
    grew = True
    while grew:
        grew = False
        for b in order:
            r = reach.get(b, 0) | defs[b] | use[b]
            if r != reach.get(b, 0):
                reach[b] = r
                grew = True
            for s in succs[b]:
                old = reach.get(s, 0)
                if old | r != old:
                    reach[s] = old | r
                    grew = True

    live = {b: use[b] for b in blocks.keys()}
    grew = True
    while grew:
        grew = False
        for b in reversed(order):
            lb = live[b]
            for p in preds[b]:
                old = live[p]
                new = old | (lb & reach.get(p, 0) & ~defs[p])
                if new != old:
                    live[p] = new
                    grew = True
    return {b: _names(m, names) for b, m in live.items()}


def _names(m: int, names: list) -> set:
    """The set of ``names[i]`` for each bit ``i`` set in ``m``."""
    bits = bin(m)[:1:-1]            # bit i at position i
    out = set()
    i = bits.find("1")
    while i >= 0:
        out.add(names[i])
        i = bits.find("1", i + 1)
    return out


def installed() -> bool:
    """Whether numba's ``compute_live_map`` is this module's (see the module doc)."""
    from numba.core import analysis

    return getattr(analysis, "compute_live_map") is compute_live_map


def install() -> bool:
    """Replace numba's ``compute_live_map`` as the module doc says, once; returns :func:`installed`."""
    import sys

    from numba.core import analysis

    if installed():
        return True
    numba_own = getattr(analysis, "compute_live_map")
    try:
        source = inspect.getsource(numba_own)
    except (OSError, TypeError):
        return False
    if list(inspect.signature(numba_own).parameters) != _PARAMS or not all(s in source for s in _SOURCE_MARKS):
        return False
    for name in _HOLDERS:        # a holder imported later takes the patched function from analysis
        module = sys.modules.get(name)
        if module is not None and getattr(module, "compute_live_map", None) is numba_own:
            setattr(module, "compute_live_map", compute_live_map)
    _ORIGINAL.append(numba_own)
    return True


#: numba's own function, once :func:`install` replaced it (for the tests' comparison)
_ORIGINAL: list = []


def original():
    """numba's own ``compute_live_map`` (before :func:`install`)."""
    from numba.core import analysis

    return _ORIGINAL[0] if _ORIGINAL else getattr(analysis, "compute_live_map")
