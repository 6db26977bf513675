"""Kozel checks for ``simkit validate``.

Every card is equally likely to lie in either half of the shuffled deck (the turned card
too: it is a random card, and it goes to the first half), so the first half holds on
average half of the deal's 120 card points: 60 (GAMES.md G11 «a half holds ≈ 60 card
points on average»; 002:3 «По окончании розыгрыша первой половины колоды производится
подсчет количества очков во взятках каждого игрока»). The half's total depends on the
deal alone, not on the play, and the second half holds the other 120 - x (counted by the
audit on every deal), so one check covers both.
"""
from simkit.validation import Check


def checks() -> list:
    return [Check("card points in the first half: 60 (each card lies in either half alike)", 60.0, 20_000,
                  {"unit": "deal"}, "random", "half_points.first", source="symmetry")]
