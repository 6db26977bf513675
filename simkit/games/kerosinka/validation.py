"""Kerosinka checks for ``simkit validate``.

The shown card is the dealer's last card of a shuffled 36-card deck (002:59 «Последняя по
сдаче карта — сдатчика — открывается и предъявляется остальным игрокам»): the 10♥ with
chance 1/36 exactly. (The 120 card points of every deal are an audit invariant, counted
on every deal, not a simulated figure.)
"""
from fractions import Fraction

from simkit.validation import Check


def checks() -> list:
    return [Check("the shown card is the 10♥: 1/36", float(Fraction(1, 36)), 20_000, {"unit": "deal"}, "random",
                  "kerosinka_shown_rate", source="exact")]
