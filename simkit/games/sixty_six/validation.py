"""Sixty-six checks for ``simkit validate``.

The dealer's opponent leads the first trick (003:29 «Первый заход можно делать любой
картой»), and the heuristic declarer declares a marriage whenever it leads holding one
(003:34), so the share of deals whose first lead declares a marriage is the chance that
six cards dealt from 24 hold a king and queen of one suit:
:func:`simkit.core.ace_ten.marriage_chance` (inclusion-exclusion over the suits, checked
against enumerating all C(24, 6) hands in the tests). Random play and random closing do
not change it (closing comes before the lead and takes nothing from the hand).
"""
from simkit.core.ace_ten import marriage_chance
from simkit.games.sixty_six.scoring import HAND
from simkit.validation import Check


def checks() -> list:
    p = float(marriage_chance(24, HAND))
    return [
        Check("first lead declares a marriage = P(six of 24 hold K+Q of a suit)", p, 20_000, {"unit": "deal"},
              {"close": "heuristic"}, "first_lead_marriage_rate", source="enumeration"),
        Check("the same under random play and closing", p, 20_000, {"unit": "deal"},
              {"play": "random", "close": "random", "declare": "heuristic"}, "first_lead_marriage_rate",
              source="enumeration"),
    ]
