"""Recovering from a damaged numba cache file.

numba reads a function's cache index (``<function>-<line>.pyXY.nbi``) and data files
(``....<n>.nbc``) with ``pickle``; a file truncated by a full disk or a killed process,
or overwritten by anything else, makes every later load of that function fail
(``UnpicklingError``, ``EOFError``, ...), so every later run would end in that
traceback. :func:`install` wraps numba's ``Cache.load_overload``: a load that fails
removes that function's index and data files in that cache folder (no other function's,
no other folder's), logs a warning naming them, and lets numba compile the function
again and write a fresh cache entry. A save that fails (the damaged files could not be
removed) is skipped with a warning: the run goes on with the freshly compiled code.

This module decides nothing about where the cache lives or how its folders are keyed
(that is :mod:`simkit._cache`), and it holds no compiled code: it imports numba only
inside functions, so it is no kernel module and no cache key depends on it.
"""
from __future__ import annotations

import os

_INSTALLED = False
_ORIGINAL = None      # numba's own (load_overload, save_overload), while installed


def _cache_files(cache) -> list:
    """The index and data files of ``cache``'s function in its folder."""
    folder = cache._cache_path
    base = cache._impl.filename_base
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [os.path.join(folder, n) for n in sorted(names)
            if n.startswith(base + ".") and n.endswith((".nbi", ".nbc"))]


def _drop(cache, error: BaseException) -> None:
    from simkit.log import logger

    removed, kept = [], []
    for path in _cache_files(cache):
        try:
            os.unlink(path)
            removed.append(os.path.basename(path))
        except FileNotFoundError:
            pass
        except OSError:
            kept.append(os.path.basename(path))
    logger.warning("numba cache of %s in %s is damaged (%s: %s); removed %s and compiling it again%s",
                   cache._name, cache._cache_path, type(error).__name__, error,
                   ", ".join(removed) or "nothing", f" (could not remove {', '.join(kept)})" if kept else "")


def install() -> None:
    """Make numba recompile a function whose cache files cannot be loaded (idempotent)."""
    global _INSTALLED, _ORIGINAL
    if _INSTALLED:
        return
    from numba.core import caching

    load, save = caching.Cache.load_overload, caching.Cache.save_overload
    _ORIGINAL = (load, save)

    def load_overload(self, sig, target_context):
        try:
            return load(self, sig, target_context)
        except Exception as e:  # pickle, EOF, rebuild errors: anything a damaged file raises
            _drop(self, e)
            return None

    def save_overload(self, sig, data):
        try:
            return save(self, sig, data)
        except Exception as e:
            from simkit.log import logger

            logger.warning("could not write the numba cache of %s in %s (%s: %s); the run goes on with the code "
                           "compiled now", self._name, self._cache_path, type(e).__name__, e)
            return None

    load_overload.__doc__ = load.__doc__
    save_overload.__doc__ = save.__doc__
    caching.Cache.load_overload = load_overload
    caching.Cache.save_overload = save_overload
    _INSTALLED = True


def uninstall() -> None:
    """Put numba's own loading back (for tests that show what a damaged file does without
    :func:`install`), and cancel the install simkit's import left pending until numba is
    imported (:func:`simkit._cache.when_numba_imported`)."""
    global _INSTALLED, _ORIGINAL
    from simkit._cache import cancel_when_numba_imported

    cancel_when_numba_imported(install)
    if _ORIGINAL is not None:
        from numba.core import caching

        caching.Cache.load_overload, caching.Cache.save_overload = _ORIGINAL
    _INSTALLED, _ORIGINAL = False, None
