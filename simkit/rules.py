"""Rule options as data: every game's ``Rules`` is a frozen, validated dataclass.

Each field is declared with :func:`option`: its default, the allowed values (a tuple, or
a numeric range), a one-line description and the seed sentence it reads. So every
ambiguity of a seed text is a named option with a documented default, ``simkit rules
GAME`` can print them all, and a report states exactly which options produced it.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

import numpy as np
import pandas as pd

from simkit.errors import SimkitError

#: a game's own rules class (``build`` and ``replace`` return the class they are called on)
_R = TypeVar("_R", bound="Rules")

_TRUE = {"true", "1", "yes", "on", "y"}
_FALSE = {"false", "0", "no", "off", "n"}


def option(default, *, doc: str, seed: str = "", allowed: tuple | None = None,
           minimum: float | None = None, maximum: float | None = None):
    """Declare a rule option: ``default`` value, ``doc`` (what it means), ``seed`` (the
    seed sentence or GAMES.md ambiguity it reads), and either ``allowed`` values or a
    numeric ``minimum``/``maximum``."""
    meta = {"doc": doc, "seed": seed, "allowed": allowed, "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


def _kind(f) -> str:
    default = f.default
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "float"
    return "str"


def _allowed_text(f) -> str:
    m = f.metadata
    if m.get("allowed") is not None:
        return ", ".join(str(v) for v in m["allowed"])
    kind = _kind(f)
    if kind == "bool":
        return "true, false"
    lo, hi = m.get("minimum"), m.get("maximum")
    if lo is None and hi is None:
        return f"any {kind}"
    return f"{kind} in [{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"


def _parse(f, game: str, value: Any):
    """Turn ``value`` (possibly a command-line string) into the option's type."""
    kind = _kind(f)
    allowed = f.metadata.get("allowed")
    if isinstance(value, str):
        text = value.strip()
        if allowed is not None:
            for a in allowed:
                if str(a).lower() == text.lower():
                    return a
            raise SimkitError(f"{game}: rule {f.name}={value!r} is not allowed; allowed: {_allowed_text(f)}")
        try:
            if kind == "bool":
                low = text.lower()
                if low in _TRUE:
                    return True
                if low in _FALSE:
                    return False
                raise ValueError
            if kind == "int":
                return int(text.replace("_", ""))
            if kind == "float":
                return float(text)
        except ValueError:
            raise SimkitError(f"{game}: rule {f.name}={value!r} is not a {kind}; allowed: {_allowed_text(f)}") from None
        return text
    if isinstance(value, np.generic) and not isinstance(value, (np.str_, np.bytes_)):
        return value.item()  # numpy numbers and booleans as the Python ones they hold
    return value


@dataclass(frozen=True)
class Rules:
    """Base of every game's rules. Subclasses declare fields with :func:`option` and may
    override :meth:`check` to refuse combinations that make no sense."""

    GAME: ClassVar[str] = "?"

    def __post_init__(self):
        for f in fields(self):
            self._validate(f, getattr(self, f.name))
        self.check()

    def _validate(self, f, value):
        kind = _kind(f)
        allowed = f.metadata.get("allowed")
        bad = f"{self.GAME}: rule {f.name}={value!r} is not allowed; allowed: {_allowed_text(f)}"
        if allowed is not None:
            if not any(value == a and isinstance(value, bool) == isinstance(a, bool) for a in allowed):
                raise SimkitError(bad)
            return
        if kind == "bool":
            if not isinstance(value, bool):
                raise SimkitError(bad)
            return
        if kind in ("int", "float"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SimkitError(bad)
            if kind == "int" and not float(value).is_integer():
                raise SimkitError(bad)
            if isinstance(value, float) and math.isnan(value):
                raise SimkitError(bad)
            lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise SimkitError(bad)
            return
        if not isinstance(value, str):
            raise SimkitError(bad)

    def check(self) -> None:
        """Refuse rule combinations that make no sense (override per game)."""

    def refuse_changed(self, names, why: str) -> None:
        """Raise :class:`SimkitError` if any option in ``names`` differs from its default:
        for options that have no effect in the chosen setting (``why``, e.g. "with
        unit=deal")."""
        defaults = {f.name: f.default for f in fields(self)}
        for name in names:
            value = getattr(self, name)
            if value != defaults[name]:
                raise SimkitError(f"{self.GAME}: {name}={value!r} has no effect {why}; "
                                  f"leave {name} at {defaults[name]!r}")

    @classmethod
    def build(cls: type[_R], given=None) -> _R:
        """Rules from ``None`` (defaults), a dict of option values (strings are parsed
        as on the command line) or a ``Rules`` instance of this game."""
        if given is None:
            return cls()
        if isinstance(given, cls):
            return given
        if isinstance(given, Rules):
            raise SimkitError(f"rules of game {given.GAME!r} given to game {cls.GAME!r}")
        if not isinstance(given, dict):
            raise SimkitError(f"{cls.GAME}: rules must be a dict of option values, got {type(given).__name__}")
        by_name = {f.name: f for f in fields(cls)}
        values = {}
        spelled: dict = {}
        for key, value in given.items():
            name = str(key).replace("-", "_")
            if name not in by_name:
                raise SimkitError(f"{cls.GAME}: unknown rule option {key!r}; options: {', '.join(by_name)}")
            if name in spelled:
                raise SimkitError(f"{cls.GAME}: rule option {name} given twice (as {spelled[name]!r} and "
                                  f"{key!r}); give it once")
            spelled[name] = key
            f = by_name[name]
            values[name] = _parse(f, cls.GAME, value)
            if _kind(f) == "float" and isinstance(values[name], int) and not isinstance(values[name], bool):
                values[name] = float(values[name])
            if _kind(f) == "int" and isinstance(values[name], float) and values[name].is_integer():
                values[name] = int(values[name])  # 36.0 is 36; 36.5 is refused by the validation
        return cls(**values)

    def replace(self: _R, **changes) -> _R:
        merged = self.to_dict()
        merged.update(changes)
        return type(self).build(merged)

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict:
        """Only the options that differ from the defaults."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}

    @classmethod
    def table(cls) -> pd.DataFrame:
        """Every option: name, type, default, allowed values, meaning and seed sentence."""
        rows = [{"name": f.name, "type": _kind(f), "default": f.default, "allowed": _allowed_text(f),
                 "doc": f.metadata.get("doc", ""), "seed": f.metadata.get("seed", "")}
                for f in fields(cls)]
        return pd.DataFrame(rows, columns=["name", "type", "default", "allowed", "doc", "seed"])


def parse_rule_strings(items) -> dict:
    """``["decks=6", "soft17=hit"]`` -> ``{"decks": "6", "soft17": "hit"}``."""
    out: dict = {}
    for item in items or ():
        if "=" not in item:
            raise SimkitError(f"bad --rule {item!r}: write KEY=VALUE, e.g. --rule deck=36")
        key, value = item.split("=", 1)
        key = key.strip()
        if not key:
            raise SimkitError(f"bad --rule {item!r}: the option name is empty; write KEY=VALUE")
        same = [k for k in out if k.replace("-", "_") == key.replace("-", "_")]
        if same:
            raise SimkitError(f"--rule {key} given twice ({same[0]}={out[same[0]]} and {item.strip()}); give it once")
        out[key] = value.strip()
    return out


__all__ = ["Rules", "option", "parse_rule_strings", "dataclasses"]
