"""Exact chances for a dealt Klaberjass hand (GAMES.md G10), by enumerating each suit's
rank subsets and combining the four suits: the longest sequence, what the best sequence
is worth, and bella."""
from __future__ import annotations

from fractions import Fraction
from math import comb

from simkit.errors import SimkitError
from simkit.games.klaberjass.scoring import SEQ_3, SEQ_4

_RANKS = 8          # A K Q J 10 9 8 7 in each suit of the 32-card deck


def _longest_run(mask: int) -> int:
    best = run = 0
    for i in range(_RANKS):
        run = run + 1 if mask >> i & 1 else 0
        best = max(best, run)
    return best


def longest_sequence(hand: int = 9) -> dict:
    """``{L: chance}``: the chance that the longest run of a suit in ``hand`` cards dealt
    from the 32 is exactly ``L`` cards (0 for an empty hand), exact. Every subset of each
    suit's eight ranks is enumerated by size and longest run, and the four suits are
    combined by their sizes (the suits are dealt without replacement from one deck)."""
    if not 0 < hand <= 4 * _RANKS:
        raise SimkitError(f"klaberjass: a hand of {hand} cards is not dealt from 32")
    per_suit: dict = {}
    for mask in range(1 << _RANKS):
        key = (bin(mask).count("1"), _longest_run(mask))
        per_suit[key] = per_suit.get(key, 0) + 1
    ways = {(0, 0): 1}
    for _ in range(4):
        nxt: dict = {}
        for (n, top), w in ways.items():
            for (k, run), c in per_suit.items():
                if n + k <= hand:
                    key = (n + k, max(top, run))
                    nxt[key] = nxt.get(key, 0) + w * c
        ways = nxt
    total = comb(4 * _RANKS, hand)
    out = {run: Fraction(w, total) for (n, run), w in sorted(ways.items()) if n == hand}
    assert sum(out.values()) == 1
    return out


def best_sequence_value(hand: int = 9) -> dict:
    """``{0: p, 20: p, 50: p}``: the chance that the best sequence in ``hand`` cards is
    worth nothing (none), 20 (three in a row at most) or 50 (four or more; 000:351)."""
    out = {0: Fraction(0), SEQ_3: Fraction(0), SEQ_4: Fraction(0)}
    for run, p in longest_sequence(hand).items():
        out[0 if run < 3 else SEQ_3 if run == 3 else SEQ_4] += p
    return out


def bella_chance(hand: int = 9) -> Fraction:
    """The chance that ``hand`` cards of the 32 hold the trump king and queen (bella)."""
    return Fraction(comb(30, hand - 2), comb(32, hand))


def bella_held(named: bool, hand: int = 9) -> Fraction:
    """The chance that a seat's ``hand`` cards of a played deal hold the trump king and
    queen when the calls never look at the cards: the hand is ``hand`` of the 31 cards
    other than the turned one (000:337 «Последняя карта при сдаче переворачивается»); with
    a suit ``named`` in round 2 both trump honours are among those 31, with the turned suit
    as trump they are when the turned card is neither (6 of its 8 ranks)."""
    both = Fraction(comb(29, hand - 2), comb(31, hand))
    return both if named else Fraction(6, 8) * both
