"""The policy mechanism shared by all games.

A game has one or more policy *roles* (e.g. Treize's ``stake``, Oh Hell's ``bid`` and
``play``). For each role it ships built-in policies that are *data*: a name and numeric
parameters that one compiled kernel interprets, so sweeping a parameter costs no
compile and the policy can be stored beside its results. A user may instead pass their
own ``@njit`` function with the role's documented signature; the kernel takes it as a
numba first-class function (one compiled kernel serves every such function).

Ways to name policies (``simulate(..., policies=...)``):

* ``None``: every role's default;
* ``"name"`` or ``"name:param=value,param=value"`` or ``Policy("name", param=value)``:
  the role that has a built-in of that name (all such roles);
* an ``@njit`` function: the game's single user-pluggable role (or say which with a dict);
* a dict ``{role: one of the above}``;
* for seated games, a list with one entry per seat (see the game's docs).
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np

from simkit.errors import IllegalMoveError, SimkitError


@dataclass(frozen=True)
class Param:
    """A built-in policy parameter's declaration: its ``default``, its ``kind`` (``"int"``:
    whole numbers only, never truncated; ``"float"``) and its range ``[minimum,
    maximum]``. NaN and infinities are never allowed."""

    default: float
    kind: str = "float"
    minimum: float | None = None
    maximum: float | None = None
    #: False for a plain number in ``PolicySpec.params`` (checked only as a finite float)
    declared: bool = True

    def __post_init__(self):
        if self.kind not in ("int", "float"):
            raise ValueError(f"Param kind must be 'int' or 'float', got {self.kind!r}")

    def allowed(self) -> str:
        lo = "-inf" if self.minimum is None else _num(self.minimum)
        hi = "inf" if self.maximum is None else _num(self.maximum)
        return f"{'a whole number' if self.kind == 'int' else 'a finite number'} in [{lo}, {hi}]"

    def check(self, value, where: str) -> float:
        """``value`` as a float if allowed, else a :class:`SimkitError` naming ``where``."""
        bad = f"{where}={value!r} is not allowed; allowed: {self.allowed()}"
        if isinstance(value, str):
            try:
                value = float(value.strip().replace("_", ""))
            except ValueError:
                raise SimkitError(bad) from None
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise SimkitError(bad)
        v = float(value)
        if not math.isfinite(v) or (self.kind == "int" and not v.is_integer()):
            raise SimkitError(bad)
        if (self.minimum is not None and v < self.minimum) or (self.maximum is not None and v > self.maximum):
            raise SimkitError(bad)
        return v


def param(default, kind: str = "float", minimum=None, maximum=None) -> Param:
    """Declare a built-in policy parameter (see :class:`Param`)."""
    return Param(float(default), kind, minimum, maximum)


#: what an undeclared parameter (a plain number in ``PolicySpec.params``) allows
ANY_FINITE = Param(0.0, declared=False)


@dataclass(frozen=True)
class PolicySpec:
    """A built-in policy: ``name``, what it does (``doc``), its parameters declared with
    :func:`param` (default, int or float, range), and the ``code`` the kernel switches
    on. ``accepts`` (optional) admits further parameter names beyond ``params`` (e.g. one
    per strategy-table cell): a function ``name -> bool``; such parameters have no
    default and are declared by ``extra``. After construction ``params`` holds the
    defaults (floats) and ``limits`` the declarations."""

    name: str
    doc: str
    code: int
    params: dict = field(default_factory=dict)
    accepts: object = field(default=None, compare=False)
    extra: Param = field(default=ANY_FINITE, compare=False)
    limits: dict = field(default_factory=dict, compare=False, repr=False)    # set from params

    def __post_init__(self):
        limits = {k: v if isinstance(v, Param) else Param(float(v), declared=False) for k, v in self.params.items()}
        object.__setattr__(self, "limits", limits)
        object.__setattr__(self, "params", {k: p.default for k, p in limits.items()})

    def declared(self, name: str) -> Param:
        return self.limits.get(name, self.extra)


class Policy:
    """A chosen policy: a built-in by name with parameter values, or a user function.

    ``Policy("deck-aware", threshold=-0.2)``; ``Policy.parse("deck-aware:threshold=-0.2")``;
    ``Policy.user(my_njit_fn)``.
    """

    def __init__(self, name: str, fn=None, **params):
        self.name = name
        self.fn = fn
        self.params = dict(params)

    @classmethod
    def parse(cls, text: str) -> "Policy":
        text = text.strip()
        if not text:
            raise SimkitError("empty policy name")
        name, _, rest = text.partition(":")
        params = {}
        for item in filter(None, (p.strip() for p in rest.split(","))):
            key, eq, value = item.partition("=")
            if not eq:
                raise SimkitError(f"bad policy parameter {item!r} in {text!r}: write NAME:KEY=VALUE,KEY=VALUE")
            if key.strip() in params:
                raise SimkitError(f"policy parameter {key.strip()!r} given twice in {text!r}; give it once")
            try:
                params[key.strip()] = float(value)
            except ValueError:
                raise SimkitError(f"policy parameter {key.strip()}={value!r} in {text!r} is not a number") from None
        return cls(name.strip(), **params)

    @classmethod
    def user(cls, fn, name: str | None = None) -> "Policy":
        if not _is_njit(fn):
            raise SimkitError(f"a user policy must be a numba @njit function, got {fn!r}")
        return cls(name or f"user:{getattr(fn, '__name__', 'fn')}", fn=fn)

    @property
    def is_user(self) -> bool:
        return self.fn is not None

    def user_params(self):
        """A user function's parameters as its ``params`` array: ``float64``, in the
        order of their names (``Policy("user:f", fn=f, b=1, a=5)`` passes ``[5, 1]``);
        ``[0.0]`` when there are none (numba needs a non-empty array)."""
        import numpy as np

        return np.array([float(self.params[k]) for k in sorted(self.params)] or [0.0], dtype=np.float64)

    def describe(self) -> str:
        if not self.params:
            return self.name
        inner = ",".join(f"{k}={_num(v)}" for k, v in sorted(self.params.items()))
        return f"{self.name}:{inner}"

    def __repr__(self) -> str:
        return f"Policy({self.describe()!r})"

    def __eq__(self, other):
        return isinstance(other, Policy) and self.describe() == other.describe() and self.fn is other.fn

    def __hash__(self):
        return hash(self.describe())


def _num(v):
    try:
        return int(v) if float(v).is_integer() else v
    except (TypeError, ValueError, OverflowError):  # not a number (refused by PolicyRole.bind)
        return v


def _is_njit(obj) -> bool:
    try:
        from numba.core.registry import CPUDispatcher
    except ImportError:  # pragma: no cover
        return False
    return isinstance(obj, CPUDispatcher)


class PolicyRole:
    """One role of a game: its built-ins, its default, and whether (and with which
    documented signature) a user ``@njit`` function may fill it."""

    def __init__(self, name: str, builtins: list, default: str, user_signature: str | None = None):
        self.name = name
        self.builtins = {spec.name: spec for spec in builtins}
        self.default = default
        self.user_signature = user_signature

    def bind(self, game_id: str, chosen) -> "Policy":
        """Check ``chosen`` (a Policy) against this role and fill default parameters."""
        if chosen.is_user:
            if self.user_signature is None:
                raise SimkitError(f"{game_id}: role {self.name!r} takes no user function")
            return chosen
        spec = self.builtins.get(chosen.name)
        if spec is None:
            raise SimkitError(f"{game_id}: unknown {self.name} policy {chosen.name!r}; "
                              f"allowed: {', '.join(self.builtins)}")
        unknown = self.unknown_params(chosen)
        if unknown:
            allowed = ", ".join(spec.params) or "none"
            raise SimkitError(f"{game_id}: {self.name} policy {chosen.name!r} has no parameter "
                              f"{', '.join(sorted(unknown))}; parameters: {allowed}")
        params = dict(spec.params)
        for k, v in chosen.params.items():
            params[k] = spec.declared(k).check(v, f"{game_id}: {self.name} policy {chosen.name!r}: {k}")
        return Policy(spec.name, **params)

    def unknown_params(self, chosen) -> set:
        """The parameter names of ``chosen`` (a built-in of this role) it does not take."""
        spec = self.builtins[chosen.name]
        unknown = set(chosen.params) - set(spec.params)
        if spec.accepts is not None:
            unknown = {k for k in unknown if not spec.accepts(k)}
        return unknown


def _as_policy(item) -> Policy:
    if isinstance(item, Policy):
        return item
    if isinstance(item, str):
        return Policy.parse(item)
    if _is_njit(item):
        return Policy.user(item)
    if callable(item):
        raise SimkitError(f"policy {item!r} is a plain Python function; decorate it with numba's @njit "
                          f"(per-hand Python would be far too slow)")
    raise SimkitError(f"cannot read policy {item!r}: give a name, a Policy, an @njit function or a dict")


def resolve_roles(game_id: str, roles: list, given) -> dict:
    """Resolve ``given`` (see the module doc) into ``{role name: Policy}``."""
    by_name = {r.name: r for r in roles}
    chosen = {r.name: Policy(r.default) for r in roles}
    if given is None:
        items: list = []
    elif isinstance(given, dict):
        items = []
        for role, item in given.items():
            if role not in by_name:
                raise SimkitError(f"{game_id}: unknown policy role {role!r}; roles: {', '.join(by_name)}")
            chosen[role] = _as_policy(item)
    elif isinstance(given, (list, tuple)):
        items = list(given)
    else:
        items = [given]
    set_by: dict = {}
    for item in items:
        pol = _as_policy(item)
        if pol.is_user:
            targets = [r.name for r in roles if r.user_signature is not None]
            if len(targets) != 1:
                raise SimkitError(f"{game_id}: say which role the function {pol.name!r} plays, "
                                  f"e.g. policies={{'{targets[0] if targets else roles[0].name}': fn}}")
        else:
            targets = [r.name for r in roles if pol.name in r.builtins]
            if not targets:
                allowed = sorted({n for r in roles for n in r.builtins})
                raise SimkitError(f"{game_id}: unknown policy {pol.name!r}; allowed: {', '.join(allowed)}")
            if len(targets) > 1 and pol.params:  # a name two roles share: the roles that take the parameters
                fit = [t for t in targets if not by_name[t].unknown_params(pol)]
                if not fit:
                    takes = "; ".join(f"{t} takes {', '.join(by_name[t].builtins[pol.name].params) or 'none'}"
                                      for t in targets)
                    raise SimkitError(f"{game_id}: no role's policy {pol.name!r} has the parameters "
                                      f"{', '.join(sorted(pol.params))} ({takes})")
                targets = fit
        for t in targets:
            if t in set_by:
                raise SimkitError(f"{game_id}: the {t} policy is given twice ({set_by[t]!r} and "
                                  f"{pol.describe() if not pol.is_user else pol.name!r}); give each role one policy")
            set_by[t] = pol.name if pol.is_user else pol.describe()
            chosen[t] = pol
    return {name: by_name[name].bind(game_id, pol) for name, pol in chosen.items()}


def fingerprint(fn) -> str:
    """A short hash of what a user function computes with: its compiled-from code
    (bytecode, constants, names), the values of its closure cells and of the module
    globals it reads (numba freezes both into the compiled code), and, for the functions
    among them, their own fingerprints; so two functions of one name, or one code with
    different captured values (``k = 1`` against ``k = 5``), are told apart."""
    import hashlib

    def flat(code):  # nested code objects would print their memory address
        consts = tuple(flat(c) if hasattr(c, "co_code") else c for c in code.co_consts)
        return (code.co_code, consts, code.co_names, code.co_varnames)

    def value(v, depth):
        if hasattr(v, "py_func") or callable(getattr(v, "__code__", None)):
            return ("fn", walk(v, depth + 1)) if depth < 4 else ("fn", getattr(v, "__qualname__", "?"))
        if isinstance(v, np.ndarray):
            return ("array", v.dtype.str, v.shape, hashlib.sha256(np.ascontiguousarray(v).tobytes()).hexdigest())
        if isinstance(v, (bool, int, float, complex, str, bytes, type(None), np.generic)):
            return ("value", repr(v))
        if isinstance(v, (tuple, list)):
            return ("seq", tuple(value(x, depth) for x in v))
        return ("object", type(v).__qualname__)     # a module or class: named, not hashed

    def walk(f, depth):
        py = getattr(f, "py_func", f)
        code = getattr(py, "__code__", None)
        if code is None:
            return "unknown"
        cells = tuple(value(c.cell_contents, depth) if c is not None else None
                      for c in (getattr(py, "__closure__", None) or ()))
        glb = getattr(py, "__globals__", {})
        names = sorted(set(_all_names(code)) & set(glb))
        return (flat(code), cells, tuple((n, value(glb[n], depth)) for n in names))

    if getattr(getattr(fn, "py_func", fn), "__code__", None) is None:
        return "unknown"
    return hashlib.sha256(repr(walk(fn, 0)).encode()).hexdigest()[:16]


def _all_names(code):
    """The global names ``code`` and the code objects nested in it read."""
    yield from code.co_names
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            yield from _all_names(c)


def user_fingerprints(policies: dict) -> dict:
    """``{role: fingerprint}`` (a list for per-seat roles) of the user functions in ``policies``."""
    out = {}
    for role, pol in policies.items():
        items = pol if isinstance(pol, (list, tuple)) else [pol]
        if any(p.fn is not None for p in items):
            prints = [fingerprint(p.fn) if p.fn is not None else None for p in items]
            out[role] = prints if isinstance(pol, (list, tuple)) else prints[0]
    return out


def describe_policies(policies: dict) -> dict:
    """JSON-ready description ``{role: "name:param=value"}``."""
    out = {}
    for role, pol in policies.items():
        if isinstance(pol, (list, tuple)):
            out[role] = [p.describe() for p in pol]
        else:
            out[role] = pol.describe()
    return out


def raise_illegal(game_id: str, policy: Policy, situation: str, move) -> None:
    """Raise the error for an illegal move: names the policy, the move and the situation."""
    raise IllegalMoveError(f"{game_id}: policy {policy.describe()!r} returned illegal move {move!r} "
                           f"in situation: {situation}")
