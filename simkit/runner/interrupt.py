"""Ctrl-C (SIGINT) and SIGTERM while a compiled kernel runs in this process.

A numba kernel holds the interpreter while it plays a chunk, and Python runs a signal's
handler only between bytecodes, so a Ctrl-C that arrives while a chunk is being played in
this process is seen only when the chunk returns: seconds, or for a game with long units
(a Tyotka game to the end), tens of seconds later. Making the kernels poll a stop flag
would mean changing every game's kernels (and releasing the GIL in them); instead:

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
* in Python (a notebook, a script calling ``simkit.simulate``) a kernel running in the
  process is not interrupted before its chunk ends: the process must not be killed
  there, so the limit stays (a chunk lasts at most a few seconds for most games; pass
  ``chunk=`` for smaller ones, or ``n_jobs=2`` to play in workers).
* a user ``@njit`` function in an endless loop never returns to Python: in a notebook
  only killing the process (restarting the kernel) ends it.
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
    """Run a kernel call: with :func:`enable` on and in the main thread, SIGINT and SIGTERM
    take their default action (end the process) until it returns."""
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
