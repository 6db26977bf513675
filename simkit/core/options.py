"""A game's rule options in its kernels, declared once: in its ``Rules`` class.

A kernel reads its options from one ``int64`` array, ``opts``. Its layout is generated from
the ``Rules`` declaration (:func:`layout`): one slot per option, in declaration order,
named as the option, then the slots a game adds for what it derives (``extra``). The
kernel module builds it at import and reads ``opts[O.marks]`` (``O`` a global named tuple
of ints, which numba folds to constants); the Python side fills the array with
:func:`pack`. A choice option is held as the index of its value in the declared
``allowed`` tuple, and :func:`choices` names those indices (``UNIT.deal``), so a kernel
compares ``opts[O.unit] == UNIT.deal``. So an option is named once, where it is declared;
no packer or index constant is written by hand, and a renamed or removed option is an
error when the kernel module is imported, not a slot silently read from a neighbour.

A ``float`` option does not fit an ``int64`` slot: :func:`layout` refuses it unless the
game names it in ``skip`` (and passes it apart).
"""
from __future__ import annotations

import keyword
from collections import namedtuple
from dataclasses import fields

import numpy as np


def _kind(f) -> str:
    d = f.default
    return "bool" if isinstance(d, bool) else "int" if isinstance(d, int) else "float" if isinstance(d, float) else "str"


def layout(rules_cls, extra: tuple = (), skip: tuple = ()):
    """The ``opts`` layout of ``rules_cls``: a named tuple ``option name -> slot`` for
    every option (declaration order; ``skip`` left out) followed by the ``extra`` slots a
    game fills itself. ``len(layout)`` is the array's length."""
    names = []
    for f in fields(rules_cls):
        if f.name in skip:
            continue
        if _kind(f) == "float":
            raise TypeError(f"{rules_cls.__name__}.{f.name} is a float option: an int64 slot cannot hold it; "
                            f"name it in skip= and pass it apart")
        if _kind(f) == "str" and f.metadata.get("allowed") is None:
            raise TypeError(f"{rules_cls.__name__}.{f.name} is free text, not a choice: name it in skip=")
        names.append(f.name)
    unknown = [s for s in skip if s not in {f.name for f in fields(rules_cls)}]
    if unknown:
        raise TypeError(f"{rules_cls.__name__} has no option {unknown[0]!r} to skip")
    clash = [e for e in extra if e in names]
    if clash or len(set(extra)) != len(extra):
        raise TypeError(f"extra slot {(clash or list(extra))[0]!r} repeats a name of {rules_cls.__name__}'s layout")
    cls = namedtuple(f"{rules_cls.__name__}Slots", names + list(extra))  # type: ignore[misc]
    return cls(*range(len(names) + len(extra)))


def _attr(value) -> str:
    name = "".join(c if c.isalnum() else "_" for c in str(value))
    if not name or name[0].isdigit():
        name = "v_" + name
    return name + "_" if keyword.iskeyword(name) else name


def choices(rules_cls, option: str):
    """The codes of choice option ``option``: a named tuple ``value -> index`` in its
    declared ``allowed`` order (a value that is not an identifier is spelled with ``_``
    for other characters and a trailing ``_`` for a Python keyword: ``continue_``)."""
    by_name = {f.name: f for f in fields(rules_cls)}
    if option not in by_name or _kind(by_name[option]) != "str" or by_name[option].metadata.get("allowed") is None:
        raise TypeError(f"{rules_cls.__name__}.{option} is not a choice option")
    allowed = by_name[option].metadata["allowed"]
    cls = namedtuple(f"{rules_cls.__name__}_{option}", [_attr(a) for a in allowed])  # type: ignore[misc]
    return cls(*range(len(allowed)))


def pack(rules, slots) -> np.ndarray:
    """The ``opts`` array of ``rules`` in the layout ``slots`` (:func:`layout`): booleans as
    0/1, integers as they are, a choice as the index of its value; ``extra`` slots 0."""
    out = np.zeros(len(slots), np.int64)
    by_name = {f.name: f for f in fields(rules)}
    for name, slot in zip(slots._fields, slots):
        f = by_name.get(name)
        if f is None:
            continue
        value = getattr(rules, name)
        kind = _kind(f)
        if kind == "str":
            out[slot] = f.metadata["allowed"].index(value)
        else:
            out[slot] = int(value)
    return out
