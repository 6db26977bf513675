"""The checked mode for user ``@njit`` policy functions (``check_user=True`` of
``simulate``, ``compare`` and ``sweep``; the command line takes no user functions, so it
has no such flag).

numba compiles array indexing without bounds checks, so a user function that reads
``state[10**6]`` reads whatever memory lies there and the run goes on to a result
built on garbage (or crashes). In the checked mode every user function of the run is
compiled again from its Python code (``fn.py_func``) with numba's ``boundscheck=True``;
the kernels take it as they take any function of the role's signature (no kernel is
recompiled), an out-of-bounds index raises ``IndexError`` inside it, and the run ends in
a :class:`SimkitError` naming the policy and its role. Checked functions run slower; the
results of a correct function are the same to the bit (the same code, with checks).
Built-in policies and simkit's own kernels are not affected.

Whatever the mode, an exception a user function raises (an index out of bounds, a
division by zero, an ``assert``) ends the run in a :class:`SimkitError` naming the user
functions, and an illegal move or an error of a run with user functions not checked says
that ``check_user=True`` can find a read outside an array.

This module holds no kernel code: it imports numba only inside a function, so it is no
kernel module for the cache keys of :mod:`simkit._cache`.
"""
from __future__ import annotations

from simkit.errors import IllegalMoveError, SimkitError

#: what an error of a run with unchecked user functions adds
HINT = ("a user function that reads or writes outside its arrays runs on with garbage: rerun with "
        "check_user=True (simulate, compare, sweep, tournament, tune) to turn on numba's bounds checking in it")
#: what a user function may raise in nopython mode (IndexError: with bounds checking)
USER_ERRORS = (IndexError, ArithmeticError, AssertionError, ValueError, KeyError)

_CHECKED: dict = {}          # id(original dispatcher) -> (original, checked): one compile per function


def check_flag(check_user) -> bool:
    if not isinstance(check_user, bool):
        raise SimkitError(f"check_user must be True or False, got {check_user!r}")
    return check_user


def checked(fn):
    """``fn`` (an ``@njit`` dispatcher) compiled again with ``boundscheck=True``."""
    hit = _CHECKED.get(id(fn))
    if hit is not None and hit[0] is fn:
        return hit[1]
    from numba import njit

    options = {k: v for k, v in fn.targetoptions.items() if k not in ("cache", "boundscheck", "nopython")}
    out = njit(**{**options, "boundscheck": True})(fn.py_func)
    _CHECKED[id(fn)] = (fn, out)
    return out


def checked_policies(policies: dict) -> dict:
    """``policies`` with every user function replaced by its bounds-checked compile."""
    from simkit.policies.base import Policy

    def one(p):
        return Policy(p.name, fn=checked(p.fn), **p.params) if p.is_user else p

    return {role: [one(p) for p in pol] if isinstance(pol, (list, tuple)) else one(pol)
            for role, pol in policies.items()}


def user_policies(specs) -> list:
    """``["'user:f' (stake)", ...]``: the user functions of ``specs`` with their roles."""
    out = []
    for _, policies in specs:
        for role, pol in policies.items():
            for p in pol if isinstance(pol, (list, tuple)) else [pol]:
                text = f"{p.name!r} ({role})"
                if p.is_user and text not in out:
                    out.append(text)
    return out


def user_error(game_id: str, specs, error: BaseException, check_user: bool) -> SimkitError:
    """The :class:`SimkitError` for ``error``, raised while user functions played."""
    names = ", ".join(user_policies(specs))
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    if check_user and isinstance(error, IndexError):
        return SimkitError(f"{game_id}: user function {names} indexed an array out of bounds ({text}; found by "
                           f"check_user's bounds checking): fix the function")
    return SimkitError(f"{game_id}: user function {names} raised {type(error).__name__}"
                       f"{': ' + text if text else ''}" + ("" if check_user else f"; {HINT}"))


def with_hint(error: IllegalMoveError) -> IllegalMoveError:
    """An illegal move of a run with unchecked user functions, with :data:`HINT` added."""
    out = IllegalMoveError(f"{error} ({HINT})")
    out.__cause__ = None
    return out
