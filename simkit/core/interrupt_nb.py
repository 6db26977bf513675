"""Ctrl-C inside a kernel: the chunk kernels ask the interpreter, once per unit and once
per deal of a unit that holds several, whether a signal is waiting.

A numba kernel holds the interpreter while it plays, and Python runs its signal handlers
only between bytecodes, so without this a Ctrl-C in a notebook or script
(``simkit.simulate(..., n_jobs=1)``) was seen only when the chunk returned: tens of
seconds later in a long unit (a Tyotka party to the end). The banking games, whose units
take tens of nanoseconds, poll every 256th unit (:func:`poll_every_nb`).
:func:`poll_interrupt_nb` calls
CPython's ``PyErr_CheckSignals`` (the kernels hold the GIL: none is compiled ``nogil``):
when no signal is pending that is one load of a flag; when SIGINT is, Python's handler
runs there, and if it raises (``KeyboardInterrupt``, the default) the kernel raises
:class:`KernelInterrupt`, which ends the kernel at once (numba cannot raise a
``BaseException``). The runner turns it back into ``KeyboardInterrupt``
(:func:`simkit.runner.interrupt.native_section`); the chunk's half-played statistics are
dropped with it. In a thread other than the main one the call returns at once (only the
main thread handles signals), so dask's threads never stop here.

A user's ``@njit`` function that never returns is not covered: it never reaches a poll.
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from simkit.core.jit import njit


class KernelInterrupt(Exception):
    """A signal handler raised while a kernel was playing (Ctrl-C): the kernel stopped."""


@intrinsic
def _check_signals(typingctx):
    """``PyErr_CheckSignals()`` as an int64: 0, or -1 when a signal handler raised (the
    exception is then set in the interpreter)."""
    def codegen(context, builder, sig, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(32), []),
                                            "PyErr_CheckSignals")
        return builder.sext(builder.call(fn, []), ir.IntType(64))
    return types.int64(), codegen


#: units between two polls in a game whose units take tens of nanoseconds (the banking
#: games: a poll costs a few nanoseconds, a Treize bank about fifty)
POLL_EVERY = 256


@njit(cache=True, inline="always")
def poll_every_nb(unit):
    """:func:`poll_interrupt_nb` on every :data:`POLL_EVERY`-th unit only."""
    if unit & (POLL_EVERY - 1) == 0:
        poll_interrupt_nb()


@njit(cache=True, inline="always")
def poll_interrupt_nb():
    """Raise :class:`KernelInterrupt` if a signal handler raised (Ctrl-C) since the last
    poll; otherwise nothing (a few nanoseconds)."""
    if _check_signals() != 0:
        raise KernelInterrupt("interrupted (Ctrl-C) inside a kernel")
