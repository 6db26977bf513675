"""Seatings of a duplicate tournament: which entrant plays which side, on the same deals.

In the duplicate format (as bridge and poker-AI evaluation use it) every unit is played
once per seating, with the same cards in every seating (unit ``i`` draws from the stream
``(seed, i)`` whatever the policies), so the luck of the deal cancels out of the
comparison. A design is balanced: summed over its seatings, with their weights, every
entrant sits every side equally often.

* ``k <= S`` entrants for ``S`` sides (a balanced fill): seating ``(r, c)`` for
  ``r < k``, ``c < S`` puts entrant ``((j + c) mod S + r) mod k`` at side ``j``. For a
  fixed side ``j`` the inner index runs over every residue mod ``S`` as ``c`` varies,
  and ``r`` then shifts it through every entrant, so each entrant sits side ``j`` exactly
  ``S`` times. With ``k == S`` these are the ``S`` rotations, each ``S`` times. Equal
  seatings are played once and weighted by how often they occur.
* ``k > S``: every ``S``-subset of the entrants in all ``S`` cyclic rotations, so that
  every pair of entrants meets and each entrant sits each side ``C(k-1, S-1)`` times.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pandas as pd

from simkit.errors import SimkitError

#: the most seatings a design may have (each plays every unit)
MAX_SEATINGS = 2000


def seatings(k: int, sides: int) -> list:
    """``[(seating, weight)]``: each seating a tuple giving the entrant index of every
    side, in a fixed order; the weights are whole numbers (see the module doc)."""
    if k < 1 or sides < 1:
        raise SimkitError(f"a design needs at least one entrant and one side, got {k} and {sides}")
    if k <= sides:
        count = Counter(tuple(((j + c) % sides + r) % k for j in range(sides))
                        for r in range(k) for c in range(sides))
        return sorted(count.items())
    n = 1
    for i in range(sides):  # C(k, sides) * sides, without building it first
        n = n * (k - i) // (i + 1)
    if n * sides > MAX_SEATINGS:
        raise SimkitError(f"{k} entrants for {sides} sides need {n * sides} seatings (every {sides} of them in "
                          f"{sides} rotations); at most {MAX_SEATINGS}: run fewer entrants at once")
    out = []
    for subset in itertools.combinations(range(k), sides):
        for c in range(sides):
            out.append((tuple(subset[(j + c) % sides] for j in range(sides)), 1))
    return out


def balance(design: list, labels: list, side_names: list) -> pd.DataFrame:
    """The seat-balance table: one row per entrant, one column per side, the weighted
    count of seatings in which the entrant sits there (equal along every row and every
    column in a balanced design), and ``seatings``: how many distinct seatings include it."""
    rows = []
    for e, lab in enumerate(labels):
        row = {"entrant": lab}
        for j, name in enumerate(side_names):
            row[name] = sum(w for s, w in design if s[j] == e)
        row["seatings"] = sum(1 for s, _ in design if e in s)
        rows.append(row)
    return pd.DataFrame(rows)


def is_balanced(design: list, k: int, sides: int) -> bool:
    counts = {(e, j): 0 for e in range(k) for j in range(sides)}
    for s, w in design:
        for j, e in enumerate(s):
            counts[(e, j)] += w
    return len(set(counts.values())) == 1
