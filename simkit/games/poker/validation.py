"""Poker checks for ``simkit validate``: the share of each dealt five-card category
against its combinatorial count over C(52, 5) hands (seed 000 lines 47-77; with the
default no jokers and no wild cards)."""
from math import comb

from simkit.reports.estimates import proportion_estimate
from simkit.validation import Check

#: dealt categories and their counts among the C(52, 5) five-card hands
COUNTS = {"pair": 13 * 6 * comb(12, 3) * 64, "two pair": comb(13, 2) * 36 * 44,
          "three of a kind": 13 * 4 * comb(12, 2) * 16, "ace-king": (comb(11, 3) - 1) * 1020}
CALL = {"bet": "call-down", "draw": "stand-pat"}


def _dealt_share(name):
    def read(res):
        cats = res.tables["categories"]
        dealt = cats[cats.phase == "dealt"].set_index("category")["count"]
        return proportion_estimate(int(dealt[name]), int(dealt.sum()))
    return read


def checks() -> list:
    return [Check(f"share of dealt hands that are {name}", k / comb(52, 5), 20_000, {}, CALL, _dealt_share(name),
                  "combinatorics") for name, k in COUNTS.items()]
