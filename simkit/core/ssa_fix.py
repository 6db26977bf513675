"""numba's SSA reconstruction visiting only the blocks that name the variable it fixes.

numba's ``ReconstructSSA`` pass (:func:`numba.core.ssa._run_ssa`) takes the variables
assigned more than once (the *violators*) one at a time, and for each rewrites every
statement of every block twice: once to give each assignment a fresh name
(``_fresh_vars``), once to point each use at its reaching assignment, adding phi nodes
where control flow joins (``_fix_ssa_vars``). A statement that does not name the variable
comes out of both rewrites as itself, so each violator costs all the statements of the
function. An engine's unit loop with its game's hooks inlined
(:func:`simkit.core.trick_game.unit_loop`) has thousands of violators (every inlined
helper's locals) and tens of thousands of statements: this pass was a tenth of a trick
game's cold compile (Marriage for four: 12 %).

:func:`install` replaces ``_run_ssa`` with :func:`run_ssa`, which does the same rewrites
in the same order, with the same fresh names and phi nodes, but hands a block to the two
rewrites only if one of its statements names the violator; every other block's new copy
gets the same statements. Which blocks name a variable is found once, before the first
violator: rewriting one violator renames only that violator (and adds phi nodes that name
only it), so the blocks that name each later violator do not change. numba's cache of each
statement's variables is filled at that point too, as numba's first rewrite fills it. Where
numba's SSA module is not the one this was written for, nothing is patched: compiling is
slower, the code the same.
"""
from __future__ import annotations

import inspect

#: what numba's functions must contain for :func:`run_ssa` to do what they do
_SOURCE_MARKS = {
    "_run_ssa": ("cfg = compute_cfg_from_blocks(blocks)", "df_plus = _iterated_domfronts(cfg)",
                 "violators = _find_defs_violators(blocks, cfg)", "cache_list_vars = _CacheListVars()",
                 "for varname in violators:", "blocks, defmap = _fresh_vars(blocks, varname)",
                 "blocks = _fix_ssa_vars(blocks, varname, defmap, cfg, df_plus,",
                 "cfg_post = compute_cfg_from_blocks(blocks)", "if cfg_post != cfg:"),
    "_fresh_vars": ("states = _make_states(blocks)", "states['varname'] = varname",
                    "states['defmap'] = defmap = defaultdict(list)",
                    "newblocks = _run_block_rewrite(blocks, states, _FreshVarHandler())"),
    "_fix_ssa_vars": ("states = _make_states(blocks)", "states['varname'] = varname", "states['defmap'] = defmap",
                      "states['phimap'] = phimap = defaultdict(list)", "states['cfg'] = cfg",
                      "states['phi_locations'] = _compute_phi_locations(df_plus, defmap)",
                      "newblocks = _run_block_rewrite(blocks, states, _FixSSAVars(cache_list_vars))",
                      "curblk.body = philist + curblk.body"),
    "_run_block_rewrite": ("newblk = ir.Block(scope=blk.scope, loc=blk.loc)", "states['label'] = label",
                           "states['block'] = blk", "for stmt in _run_ssa_block_pass(states, blk, handler):",
                           "newblk.body = newbody", "newblocks[label] = newblk"),
    "_FixSSAVars.on_assign": ("self._cache_list_vars.get(assign.value)", "elif isinstance(rhs, ir.Var):"),
    "_FixSSAVars.on_other": ("self._cache_list_vars.get(stmt)",),
    "_FreshVarHandler.on_assign": ("if assign.target.name == states['varname']:",),
}


def _rewrite(blocks, states, handler, where):
    """numba's ``_run_block_rewrite`` of the blocks labelled in ``where``; each other
    block's new copy gets its statements as they are (what the rewrite gives a block that
    does not name ``states['varname']``)."""
    from numba.core import ir
    from numba.core.ssa import _run_ssa_block_pass

    newblocks = {}
    for label, blk in blocks.items():
        newblk = ir.Block(scope=blk.scope, loc=blk.loc)
        if label in where:
            states["label"] = label
            states["block"] = blk
            newbody = []
            for stmt in _run_ssa_block_pass(states, blk, handler):
                assert stmt is not None
                newbody.append(stmt)
            newblk.body = newbody
        else:
            newblk.body = list(blk.body)
        newblocks[label] = newblk
    return newblocks


def _naming_blocks(blocks, cache_list_vars) -> dict:
    """Variable name -> the labels of the blocks with a statement that names it (assigns
    it or uses it), filling numba's cache of statement variables as ``_FixSSAVars`` does."""
    from numba.core import ir

    where: dict = {}
    for label, blk in blocks.items():
        for stmt in blk.body:
            if isinstance(stmt, ir.Assign):
                where.setdefault(stmt.target.name, set()).add(label)
                value = stmt.value
                if isinstance(value, ir.Inst):
                    used = cache_list_vars.get(value)
                elif isinstance(value, ir.Var):
                    used = [value]
                else:
                    continue
            else:
                used = cache_list_vars.get(stmt)
            for var in used:
                where.setdefault(var.name, set()).add(label)
    return where


def run_ssa(blocks):
    """numba's ``_run_ssa`` (module doc): the same rewrites, of the blocks that name each violator."""
    from collections import defaultdict

    from numba.core import errors
    from numba.core import ssa

    if not blocks:
        return {}
    cfg = ssa.compute_cfg_from_blocks(blocks)
    df_plus = ssa._iterated_domfronts(cfg)
    violators = ssa._find_defs_violators(blocks, cfg)
    cache_list_vars = ssa._CacheListVars()
    naming = _naming_blocks(blocks, cache_list_vars) if violators else {}
    for varname in violators:
        where = naming.get(varname, ())
        states = ssa._make_states(blocks)
        states["varname"] = varname
        states["defmap"] = defmap = defaultdict(list)
        blocks = _rewrite(blocks, states, ssa._FreshVarHandler(), where)
        states = ssa._make_states(blocks)
        states["varname"] = varname
        states["defmap"] = defmap
        states["phimap"] = phimap = defaultdict(list)
        states["cfg"] = cfg
        states["phi_locations"] = ssa._compute_phi_locations(df_plus, defmap)
        blocks = _rewrite(blocks, states, ssa._FixSSAVars(cache_list_vars), where)
        for label, philist in phimap.items():
            curblk = blocks[label]
            curblk.body = philist + curblk.body
    cfg_post = ssa.compute_cfg_from_blocks(blocks)
    if cfg_post != cfg:
        raise errors.CompilerError("CFG mutated in SSA pass")
    return blocks


_ORIGINAL: list = []


def installed() -> bool:
    """Whether numba's ``_run_ssa`` is :func:`run_ssa`."""
    from numba.core import ssa

    return getattr(ssa, "_run_ssa") is run_ssa


def original():
    """numba's own ``_run_ssa`` (before :func:`install`)."""
    from numba.core import ssa

    return _ORIGINAL[0] if _ORIGINAL else getattr(ssa, "_run_ssa")


def install() -> bool:
    """Replace numba's ``_run_ssa`` as the module doc says, once; returns :func:`installed`."""
    from numba.core import ssa

    if installed():
        return True
    try:
        for name, marks in _SOURCE_MARKS.items():
            obj = ssa
            for part in name.split("."):
                obj = getattr(obj, part)
            source = inspect.getsource(obj)
            if not all(m in source for m in marks):
                return False
    except (AttributeError, OSError, TypeError):
        return False
    _ORIGINAL.append(getattr(ssa, "_run_ssa"))
    setattr(ssa, "_run_ssa", run_ssa)
    return True
