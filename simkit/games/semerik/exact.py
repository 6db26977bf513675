"""Exact Semerik values: the distribution of a hand's declaration points right after the
deal (000:33 «Подсчет point производится сразу же после раздачи, до первого хода»)."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from simkit.core.cards import deck
from simkit.errors import SimkitError
from simkit.games.semerik.exact_nb import COUNTED_RANKS, declaration_brute_nb, declaration_counts_nb
from simkit.games.semerik.rules import SemerikRules
from simkit.games.semerik.scoring import DT_WITH_BABA, declaration_table

MAX_POINTS = 128   # above any hand's declarations (four Babas with every extension: < 80)


def _table(rules):
    table = declaration_table(SemerikRules.build(rules))
    if table[DT_WITH_BABA + COUNTED_RANKS].any():
        raise SimkitError("semerik: the pattern count assumes triples of 7 6 5 4 do not depend on a Baba")
    return table


def declaration_counts(rules=None, hand_size: int = 10) -> dict:
    """``{points: number of hands}`` over every ``hand_size``-card hand of the 40 cards
    (C(40, 10) = 847,660,528 hands for a deal's ten), by :func:`declaration_counts_nb`."""
    if not isinstance(hand_size, int) or not 1 <= hand_size <= 40:
        raise SimkitError(f"semerik: hand_size={hand_size!r}; allowed: an integer 1..40")
    out = np.zeros(MAX_POINTS, np.int64)
    declaration_counts_nb(_table(rules), hand_size, out)
    return {p: int(n) for p, n in enumerate(out) if n}


def declaration_counts_brute(rules=None, hand_size: int = 5) -> dict:
    """The same counts hand by hand (every subset: use small ``hand_size`` only)."""
    if not isinstance(hand_size, int) or not 1 <= hand_size <= 7:
        raise SimkitError(f"semerik: brute-force hand_size={hand_size!r}; allowed: an integer 1..7 "
                          f"(C(40, 7) = {comb(40, 7):,} hands)")
    out = np.zeros(MAX_POINTS, np.int64)
    declaration_brute_nb(deck(40).astype(np.int64), hand_size, _table(rules), out)
    return {p: int(n) for p, n in enumerate(out) if n}


def declaration_distribution(rules=None, hand_size: int = 10) -> dict:
    """``{points: exact probability}`` (``Fraction``) of a dealt hand's declaration points."""
    counts = declaration_counts(rules, hand_size)
    total = comb(40, hand_size)
    if sum(counts.values()) != total:
        raise SimkitError(f"semerik: declaration counts sum to {sum(counts.values())}, not C(40, {hand_size})")
    return {p: Fraction(n, total) for p, n in counts.items()}
