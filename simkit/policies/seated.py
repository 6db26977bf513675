"""Per-seat policies for seated games (Oh Hell, Spades and other trick games).

A role may be given one policy for every seat, or a list with one entry per seat (or a
string with entries separated by ``|``, as on the command line:
``--policy "bid=simulation|heuristic|heuristic|random"``). Kernels take per-seat arrays:
a policy code and a parameter row per seat (:func:`policy_arrays`).
"""
from __future__ import annotations

import numpy as np

from simkit.errors import SimkitError
from simkit.policies.base import _as_policy, resolve_roles


def _per_seat(value):
    """A role's value as a list of per-seat items, or None when it is one item for all."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str) and "|" in value:
        return [v.strip() for v in value.split("|")]
    return None


def resolve_seated(game_id: str, roles: list, given) -> dict:
    """Like :func:`~simkit.policies.base.resolve_roles`, plus per-seat lists: a role given
    a list (or ``"a|b|c"``) gets one policy per seat (its length is checked against the
    number of seats by :func:`policy_arrays`)."""
    if not isinstance(given, dict) or not any(_per_seat(v) is not None for v in given.values()):
        return resolve_roles(game_id, roles, given)
    by_name = {r.name: r for r in roles}
    for role in given:
        if role not in by_name:
            raise SimkitError(f"{game_id}: unknown policy role {role!r}; roles: {', '.join(by_name)}")
    out = {}
    for r in roles:
        value = given.get(r.name, r.default)
        items = _per_seat(value)
        if items is None:
            out[r.name] = r.bind(game_id, _as_policy(value))
        elif not items:
            raise SimkitError(f"{game_id}: empty per-seat policy list for role {r.name!r}")
        else:
            out[r.name] = [r.bind(game_id, _as_policy(v)) for v in items]
    return out


def policy_arrays(game_id: str, role, chosen, seats: int, slots: dict, width: int, placeholder):
    """Per-seat kernel inputs of one role: ``(codes int64[seats], params float64[seats,
    width], fn)``. ``slots`` maps a built-in parameter name to its column; a user
    function's parameters fill the columns in name order; ``fn`` is the role's user
    function (at most one per run) or ``placeholder``."""
    items = chosen if isinstance(chosen, list) else [chosen] * seats
    if len(items) != seats:
        raise SimkitError(f"{game_id}: {len(items)} {role.name} policies given for {seats} players; "
                          f"give one per seat (or one for all)")
    codes = np.zeros(seats, np.int64)
    params = np.zeros((seats, width), np.float64)
    fns = {p.fn for p in items if p.is_user}
    if len(fns) > 1:
        raise SimkitError(f"{game_id}: at most one user {role.name} function per run (got {len(fns)})")
    for seat, pol in enumerate(items):
        if pol.is_user:
            values = pol.user_params() if pol.params else []
            if len(values) > width:
                raise SimkitError(f"{game_id}: user {role.name} function {pol.name} is given {len(values)} "
                                  f"parameters; this role passes at most {width}")
            for i, v in enumerate(values):
                params[seat, i] = v
        else:
            codes[seat] = role.builtins[pol.name].code
            for name, v in pol.params.items():
                params[seat, slots[name]] = v
    return codes, params, (fns.pop() if fns else placeholder)


def seat_labels(policies: dict, seats: int) -> list:
    """Each seat's policies as one label, e.g. ``"bid=heuristic play=random"``."""
    out = []
    for seat in range(seats):
        parts = []
        for role, pol in policies.items():
            p = pol[seat] if isinstance(pol, (list, tuple)) else pol
            parts.append(f"{role}={p.describe()}")
        out.append(" ".join(parts))
    return out


def policy_groups(policies: dict, seats: int) -> tuple:
    """``(group index per seat, group labels)``: seats with the same policies share a group."""
    labels = seat_labels(policies, seats)
    names = list(dict.fromkeys(labels))
    return [names.index(x) for x in labels], names
