"""Two-hand Marriage checks for ``simkit validate``: the share of dealt five-card hands
that hold a king and queen of one suit against the exact chance
(:func:`simkit.core.ace_ten.marriage_chance`, inclusion-exclusion, checked against
enumerating every hand in the tests), for each deck of 002:10 «колода из 32, 28, 24, 20
карт»."""
from simkit.core.ace_ten import marriage_chance
from simkit.games.marriage.scoring import HAND
from simkit.validation import Check


def checks() -> list:
    return [Check(f"dealt five of {n} hold a marriage (exact, by enumeration)", float(marriage_chance(n, HAND)),
                  20_000, {"deck": n, "unit": "deal"}, "random", "marriage_held_rate", source="enumeration")
            for n in (32, 28, 24, 20)]
