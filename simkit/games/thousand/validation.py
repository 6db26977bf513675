"""Thousand checks for ``simkit validate`` (single deals, random bids and play).

* A dealt hand of seven from the 24 cards holds a marriage (a king and queen of one suit)
  with the chance :func:`~simkit.core.ace_ten.marriage_chance` gives by
  inclusion-exclusion over the suits (enumerated over all C(24, 7) hands in
  ``tests/games/test_thousand_rules.py``): 1369/4807 ≈ 0.2848.
* The random bidder passes with chance 1/2 on each call whatever it holds (the opening
  40 is always legal), so the first two seats both pass, and the last hand takes the widow
  by the all-pass rule (002:90 «Если два игрока из трех пасуют, то игрок на последней руке
  берет прикуп»), with chance exactly 1/4.
"""
from fractions import Fraction

from simkit.core.ace_ten import marriage_chance
from simkit.games.thousand.scoring import HAND
from simkit.validation import Check

RANDOM = {"bid": "random", "play": "random"}


def checks() -> list:
    held = float(marriage_chance(24, HAND))
    return [Check("dealt hand of 7 holds a marriage: inclusion-exclusion", held, 20_000, {"unit": "deal"}, RANDOM,
                  "marriage_held_rate"),
            Check("dealt hand holds a marriage, 1000 (2), four players", held, 20_000,
                  {"unit": "deal", "version": "1000-2", "players": 4}, RANDOM, "marriage_held_rate"),
            Check("all-pass deals with random bids: 1/2 x 1/2", float(Fraction(1, 4)), 20_000, {"unit": "deal"},
                  RANDOM, "all_pass_rate", source="independence")]
