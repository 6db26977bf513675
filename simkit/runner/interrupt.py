"""Ctrl-C (SIGINT) and SIGTERM while a compiled kernel runs in this process.

A numba kernel holds the interpreter while it plays a chunk, and Python runs a signal's
handler only between bytecodes, so a Ctrl-C that arrives while a chunk is being played in
this process is seen only when the chunk returns: seconds, or for a game with long units
(a Tyotka game to the end), tens of seconds later. So:

* ``simkit`` on the command line (:func:`enable`, called by :func:`simkit.cli.main`)
  restores the operating system's default action of SIGINT and SIGTERM for exactly the
  time a kernel runs in the main thread (:func:`native_section`): the process ends at
  once, killed by the signal (a shell shows status 130 for Ctrl-C, 143 for SIGTERM). It is
  safe because nothing is being written then: results are saved only after the play
  (into a temporary folder renamed into place), and numba writes its cache files through
  a rename too. Outside kernels the Python handlers apply as before (Ctrl-C unwinds,
  removes temporary folders, prints "interrupted; nothing was written", exit status 130).
* with worker processes (``--jobs``/``n_jobs`` > 1, loky or dask) the main process waits
  in Python, so Ctrl-C is seen at once there and joblib ends the workers.
* in Python (a notebook, a script calling ``simkit.simulate`` with ``n_jobs=1``) every
  chunk kernel polls for a pending signal once per unit and once per deal of a unit that
  holds several (:func:`simkit.core.interrupt_nb.poll_interrupt_nb`): Ctrl-C ends the
  kernel within a deal, and :func:`native_section` turns the kernel's
  :class:`~simkit.core.interrupt_nb.KernelInterrupt` back into ``KeyboardInterrupt``; the
  chunk's half-played statistics are dropped and nothing is written.
* a user ``@njit`` function in an endless loop never reaches a poll: in a notebook only
  killing the process (restarting the kernel) ends it (on the command line the default
  action above still ends it).
"""
from __future__ import annotations

import contextlib
import signal
import threading

_ENABLED = False
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def enable(on: bool = True) -> None:
    """Let SIGINT and SIGTERM end the process at once while a kernel runs (the command line)."""
    global _ENABLED
    _ENABLED = bool(on)


def enabled() -> bool:
    return _ENABLED


@contextlib.contextmanager
def native_section():
    """Run a kernel call: a kernel stopped by Ctrl-C (its
    :class:`~simkit.core.interrupt_nb.KernelInterrupt`) raises ``KeyboardInterrupt`` here;
    with :func:`enable` on and in the main thread, SIGINT and SIGTERM take their default
    action (end the process) until it returns."""
    from simkit.core.interrupt_nb import KernelInterrupt

    try:
        with _default_action():
            yield
    except KernelInterrupt:
        raise KeyboardInterrupt("interrupted inside a kernel; the chunk's results were dropped") from None


@contextlib.contextmanager
def _default_action():
    """SIGINT and SIGTERM at their default action, on the command line in the main thread."""
    if not _ENABLED or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.getsignal(s) for s in _SIGNALS}
    if any(h is None for h in old.values()):       # a handler not set from Python: leave it alone
        yield
        return
    for s in _SIGNALS:
        signal.signal(s, signal.SIG_DFL)
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
