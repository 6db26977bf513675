"""simkit's messages go through :mod:`logging` under the ``simkit`` logger, so a library
user can silence or redirect them (``logging.getLogger("simkit").setLevel(...)``).

Warnings show by default (Python's last-resort handler prints them to stderr when nothing
is configured); progress notes are ``INFO``. The ``simkit`` command and the experiment
scripts call :func:`configure` with their ``-v`` count: quiet by default, ``-v`` for
progress notes, ``-vv`` for debugging detail.
"""
from __future__ import annotations

import logging
import sys

logger = logging.getLogger("simkit")
#: the name of the handler :func:`configure` installs (and replaces when called again)
_HANDLER = "simkit.configure"


def configure(verbose: int = 0) -> None:
    """Send simkit's messages to stderr: warnings only by default, errors only with a
    negative ``verbose`` (``-q``), ``INFO`` with ``verbose=1``, ``DEBUG`` with 2 or more. Calling it again replaces its own handler."""
    for h in list(logger.handlers):
        if h.get_name() == _HANDLER:
            logger.removeHandler(h)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.set_name(_HANDLER)
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.ERROR if verbose < 0 else logging.WARNING if verbose == 0
                    else logging.INFO if verbose == 1 else logging.DEBUG)
