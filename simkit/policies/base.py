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

from dataclasses import dataclass, field

from simkit.errors import IllegalMoveError, SimkitError


@dataclass(frozen=True)
class PolicySpec:
    """A built-in policy: ``name``, what it does (``doc``), its parameters with their
    defaults (numbers), and the ``code`` the kernel switches on. ``accepts`` (optional)
    admits further parameter names beyond ``params`` (e.g. one per strategy-table cell):
    a function ``name -> bool``; such parameters have no default."""

    name: str
    doc: str
    code: int
    params: dict = field(default_factory=dict)
    accepts: object = field(default=None, compare=False)


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
    return int(v) if float(v).is_integer() else v


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
        unknown = set(chosen.params) - set(spec.params)
        if spec.accepts is not None:
            unknown = {k for k in unknown if not spec.accepts(k)}
        if unknown:
            allowed = ", ".join(spec.params) or "none"
            raise SimkitError(f"{game_id}: policy {chosen.name!r} has no parameter "
                              f"{', '.join(sorted(unknown))}; parameters: {allowed}")
        params = dict(spec.params)
        params.update({k: float(v) for k, v in chosen.params.items()})
        return Policy(spec.name, **params)


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
        items = []
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
        for t in targets:
            chosen[t] = pol
    return {name: by_name[name].bind(game_id, pol) for name, pol in chosen.items()}


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
