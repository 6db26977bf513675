"""numba's ``inline="always"`` without its two deep copies of every inlined function.

numba inlines an ``@njit(inline="always")`` callee (its ``InlineInlinables`` pass) by
compiling the callee's untyped IR afresh at each call site
(``InlineWorker.inline_function``) and splicing it in (``InlineWorker.inline_ir``).
``inline_ir`` first deep-copies the callee's IR twice, block by block: once to mutate, once
to return unmutated (which ``InlineInlinables`` discards). Each block's copy copies the
function's whole variable scope, so one copy costs blocks x variables: little for a small
helper, but an engine's unit hook, inlined into its loop
(:func:`simkit.core.trick_game.unit_loop`, :func:`simkit.games.banking_nb.bank_loop`) after
its own helpers were inlined into it, has hundreds of blocks and thousands of variables,
and copying it took half of a game's compile time (Treize: 43 s of CPU cold, 20 s without
the copies; numba issues #8989, #9204).

The IR that ``inline_function`` hands ``inline_ir`` is fresh (made for this call site and
referenced nowhere else), so :func:`install` makes ``inline_ir``'s block copies the blocks
themselves while ``inline_function`` runs: the same IR is spliced in, with the same names,
without the copies. ``inline_ir``'s other caller (numba's typed inlining of overloads,
whose callee IR is kept and reused) still copies. Where numba's inliner is not the one this
was written for (no module-level ``copy``, another ``inline_function`` signature), nothing
is patched: compiling is slower, and the code the same.
"""
from __future__ import annotations

import copy
import inspect

_EXPECTED = ["self", "caller_ir", "block", "i", "function", "arg_typs"]


class _CopyModule:
    """Stands for the ``copy`` module in :mod:`numba.core.inline_closurecall`: while
    :attr:`fresh` is set, ``deepcopy`` of an IR block is the block itself."""

    fresh = False

    def __init__(self, block_type):
        self._block = block_type

    def __getattr__(self, name):
        return getattr(copy, name)

    def deepcopy(self, x, memo=None):
        if self.fresh and type(x) is self._block:
            return x
        return copy.deepcopy(x, memo)


def installed() -> bool:
    """Whether numba's inliner is patched (see the module doc)."""
    from numba.core import inline_closurecall as icc

    return isinstance(icc.__dict__.get("copy"), _CopyModule)


def install() -> bool:
    """Patch numba's inliner as the module doc says, once; returns :func:`installed`."""
    from numba.core import inline_closurecall as icc, ir

    if installed():
        return True
    worker = icc.InlineWorker
    if (icc.__dict__.get("copy") is not copy
            or list(inspect.signature(worker.inline_function).parameters) != _EXPECTED):
        return False
    shim = _CopyModule(ir.Block)

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        callee_ir = self.run_untyped_passes(function)
        outer, shim.fresh = shim.fresh, True
        try:
            return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars,
                                  arg_typs=arg_typs)
        finally:
            shim.fresh = outer

    inline_function.__doc__ = worker.inline_function.__doc__
    worker.inline_function = inline_function
    icc.copy = shim
    return True
