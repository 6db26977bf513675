"""Where numba caches simkit's compiled kernels.

numba invalidates a cached function only when its own source file changes, not when a
function it calls in another module does, so a stale cache could silently run old code
after an edit to shared kernel code. simkit therefore keys its cache folder by a hash of
all of its own source files: ``$NUMBA_CACHE_DIR/simkit-<hash>`` (default base
``~/.cache/simkit/numba``). Any edit starts a fresh cache; processes running the same
source (loky workers, dask workers, batch jobs) share one.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def source_tag() -> str:
    h = hashlib.sha1()
    for path in sorted(_PKG.rglob("*.py")):
        h.update(str(path.relative_to(_PKG)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def configure_cache() -> str:
    """Point numba's cache at the folder for this source; returns it."""
    import numba

    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(Path.home(), ".cache", "simkit", "numba")
    folder = os.path.join(base, f"simkit-{source_tag()}")
    numba.config.CACHE_DIR = folder
    return folder
