"""What a game provides to the runner, the reports and the conformance suite.

A game lives in ``simkit/games/<package>/`` with ``rules.py`` (its ``Rules``), ``nb.py``
(the numba kernel), ``policies.py`` (built-in policies) and ``report.py`` (metrics and
tables), and exposes one :class:`Game` instance named ``GAME`` in its ``__init__.py``;
the registry finds it there.

The contract (every method a pure function of its arguments):

* ``n_units(hands, rules)``: how many independent units ``hands`` means (default: equal).
* ``run_chunk(rules, policies, seed, start, stop, hands)``: play units ``start..stop-1``
  (unit ``i`` seeded only by ``(seed, i)``) in one kernel call and return their
  :class:`~simkit.core.stats.Stats`. Raises :class:`~simkit.errors.IllegalMoveError`
  if a policy returned an illegal move.
* ``metrics(stats, rules, policies)``: ``{name: Estimate}``; the headline metric first.
* ``tables(stats, rules, policies)``: ``{name: DataFrame}``.
* ``audit(rules, policies, seed, units)``: play ``units`` units with every check on
  (cards conserved, each move in the independently generated legal set, scores
  consistent) and return ``{"checks": int, "violations": int, ...}``; the shared
  conformance suite asserts ``checks > 0`` and ``violations == 0``.
* ``conformance_cases``: a few ``(rules, policies)`` dicts the conformance suite runs.
* ``validation_checks()`` (optional): the game's :class:`~simkit.validation.Check` list,
  simulated figures against exact or independent values for ``simkit validate``; by
  default the ``checks()`` of the game package's ``validation`` module, if it has one.

**Declaration apart from kernels.** ``simkit list``, ``rules`` and ``policies`` read a
game's declaration (ids and words, ``Rules``, ``roles``) and import no kernel module
(nor numba): a game's ``__init__.py``, ``rules.py`` and ``policies.py`` import only
numba-free modules, and what the class takes from its kernels (``nb``, ``report``, its
hooks) is a :class:`kernel` attribute, imported the first time a run reads it.

See docs/adding-a-game.md for the whole recipe.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from simkit.policies.base import PolicyRole, resolve_roles

if TYPE_CHECKING:
    from simkit.rules import Rules as RulesBase


class kernel:  # noqa: N801 - used like a decorator / field declaration
    """A class attribute taken from a kernel module the first time it is read, so that
    declaring a game imports no kernel (``simkit list``, ``rules`` and ``policies`` stay
    numba-free):

    * ``nb = kernel("simkit.games.kozel.nb")``: the module;
    * ``choose_cb = kernel("simkit.games.kozel.play:choose_play_cb")``: one of its names;
    * ``@kernel`` on a function of no arguments: its result (for values built from
      several kernel modules, such as a trick game's ``role_rows``).

    The value is computed once and then stored on the class that read it."""

    def __init__(self, target):
        self._target = target
        self._name = ""

    def __set_name__(self, owner, name):
        self._name = name

    def load(self):
        """The attribute's value (imports its module)."""
        if callable(self._target):
            return self._target()
        module, _, attr = self._target.partition(":")
        value = importlib.import_module(module)
        return getattr(value, attr) if attr else value

    def __get__(self, obj, owner=None):
        owner = owner if owner is not None else type(obj)
        value = self.load()
        setattr(owner, self._name, value)
        return value


class Game:
    id: str = "?"
    title: str = ""
    description: str = ""
    #: what one unit is ("bank", "shoe", "deal", "game", ...), for the docs and reports
    unit: str = "hand"
    #: the word for ``hands`` in this game's reports (e.g. "coups", "rounds")
    hands_word: str = "hands"
    #: the game's rules class (a subclass of :class:`simkit.rules.Rules`), set by every game
    Rules: type[RulesBase]
    roles: list[PolicyRole] = []
    #: name of the metric the convergence plot follows
    headline: str = ""
    #: what the headline measures, where its name alone does not say (the study states it)
    headline_doc: str = ""
    #: units per chunk by default (a chunk should take a fraction of a second)
    chunk_hint: int = 1 << 16
    conformance_cases: list = [({}, None)]
    #: units each conformance check plays (keep the suite quick)
    conformance_hands: int = 2000
    #: units of the default study (`make run`): a few seconds of work
    study_hands: int = 100_000
    #: what `make bench` times: (label, rules dict, policies, hands)
    bench_cases: list = []

    def resolve_policies(self, given) -> dict:
        return resolve_roles(self.id, self.roles, given)

    #: what ``played(stats)`` counts (e.g. "coups" in a game whose unit is a bank)
    played_word: str = "hands"

    def played(self, stats) -> int | None:
        """How many single hands/coups the statistics hold, where a unit holds several
        (so `make bench` can report coups per second); ``None``: one per unit."""
        return None

    def n_units(self, hands: int, rules) -> int:
        return hands

    def unit_for(self, rules) -> str:
        """What one unit is under ``rules`` (default: ``unit``); games whose rules change
        the unit (Oh Hell's single deals) override it."""
        return self.unit

    #: the game's report module: ``metrics(stats, rules, policies)`` and ``tables(...)``
    report: Any

    def _run(self, rules, policies, seed, start, stop, audit):  # pragma: no cover - abstract
        """Play units ``start..stop-1`` in one kernel call: ``(Stats, audit counts)``
        where audit counts start ``[checks, violations, ...]``."""
        raise NotImplementedError

    def run_chunk(self, rules, policies, seed, start, stop, hands):
        return self._run(rules, policies, seed, start, stop, False)[0]

    def metrics(self, stats, rules, policies) -> dict:
        return self.report.metrics(stats, rules, policies)

    def tables(self, stats, rules, policies) -> dict:
        return self.report.tables(stats, rules, policies)

    def validation_checks(self) -> list:
        """Checks of simulated figures against exact values (``simkit validate``): the
        ``checks()`` of ``<package>.validation`` if that module exists, else none."""
        import importlib

        package = type(self).__module__
        try:
            module = importlib.import_module(f"{package}.validation")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.validation":
                raise
            return []
        return module.checks()

    def audit(self, rules, policies, seed, units) -> dict:
        st, audit_out = self._run(rules, policies, seed, 0, units, True)
        return {"checks": int(audit_out[0]), "violations": int(audit_out[1]), "stats": st}

    def __repr__(self):
        return f"<simkit game {self.id!r}>"
