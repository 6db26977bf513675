"""Checks of user ``@njit`` policy functions, made on the first kernel call of a run.

A user function must take its role's documented arguments and return an integer (a
stake, a bid, a card or a move code). numba would otherwise report a wrong signature as
a raw typing error, and would silently truncate a float return value (1.7 stakes 1) or
read ``True`` as 1; both become a :class:`SimkitError` naming the role, the function and
the signature it needs.
"""
from __future__ import annotations

import functools

from simkit.errors import IllegalMoveError, SimkitError


def _user_functions(game, policies) -> list:
    """``[(role, Policy)]`` of the user functions in ``policies``."""
    roles = {r.name: r for r in game.roles}
    out: list = []
    for name, pol in policies.items():
        for p in pol if isinstance(pol, (list, tuple)) else [pol]:
            if p.is_user and all(p.fn is not q.fn for _, q in out):
                out.append((roles[name], p))
    return out


def checked_first_chunk(game, rules, policies, seed, start, stop, hands):
    """``game.run_chunk(...)`` with the user functions checked (see the module doc)."""
    users = _user_functions(game, policies)
    if not users:
        return game.run_chunk(rules, policies, seed, start, stop, hands)
    from numba.core.errors import NumbaError

    try:
        stats = game.run_chunk(rules, policies, seed, start, stop, hands)
    except IllegalMoveError:  # a float return (NaN, ...) may have made the illegal move
        for role, p in users:
            check_returns_integer(game.id, role, p)
        raise
    except (NumbaError, TypeError) as e:
        names = ", ".join(f"{p.name!r} ({role.name}: {role.user_signature})" for role, p in users)
        raise SimkitError(f"{game.id}: a user function does not fit its role: {names}; numba says: "
                          f"{str(e).strip().splitlines()[0]}") from None
    for role, p in users:
        check_returns_integer(game.id, role, p)
    return stats


def check_returns_integer(game_id: str, role, policy) -> None:
    """Refuse a user function that returns a non-integer for the arguments the kernel
    gives it. The kernel's own compiled version is cast to ``int64``, so its natural
    return type is inferred from a fresh compile of the same Python code."""
    from numba.core import types

    for sig in policy.fn.nopython_signatures:
        rt = _natural_return_type(policy.fn.py_func, tuple(sig.args))
        if isinstance(rt, types.Boolean) or not isinstance(rt, types.Integer):
            raise SimkitError(f"{game_id}: user {role.name} function {policy.name!r} returns {rt}, not an integer "
                              f"(a float would be truncated, True read as 1); it must be "
                              f"{role.user_signature}")


@functools.lru_cache(maxsize=256)
def _natural_return_type(py_func, args):
    """The return type numba infers for ``py_func`` on ``args``, with no cast imposed
    (compiled once per function and argument types)."""
    from numba import njit

    probe = njit(py_func)
    probe.compile(args)
    return probe.overloads[args].signature.return_type
