"""Ochko checks for ``simkit validate``, against values enumerated here (seed 003):

* variant A without buying, one punter: every deal uses exactly four cards, so each of
  the nine deals of a bank is an ordered 4-card sample of the deck and the edge is the
  mean loss over all ordered samples;
* variant B, one punter: the first duel's win/push/loss probabilities by recursion over
  the cards (punter stands on a threshold, the banker with open totals draws to beat
  him), checked on the edge of coup index 0 and on a one-duel bank's broken/knocked
  shares.
"""
from fractions import Fraction
from functools import lru_cache

from simkit.reports.estimates import Estimate
from simkit.validation import Check

#: the 36-card deck's nine ranks by their ochko points (6 7 8 9 10 J Q K A; 003:12), 4 each
POINTS = (6, 7, 8, 9, 10, 2, 3, 4, 11)
FULL = (4,) * 9



def draws(counts, exact=True):
    """(probability, rank, counts after) of the next card from ``counts`` (a Fraction, or a
    float where the recursion is deep)."""
    n = sum(counts)
    for r, c in enumerate(counts):
        if c:
            yield Fraction(c, n) if exact else c / n, r, counts[:r] + (c - 1,) + counts[r + 1:]


def a_no_buying_loss(p, bk):
    """Punter's loss (stake 1) in variant A when nobody buys: hands ``p`` and ``bk`` (points)."""
    pt, bt = sum(p), sum(bk)
    if bt == 21:
        return 1                                      # the banker's natural takes every stake
    if pt == 21:
        return -2                                     # a punter's natural wins double
    if bt > 21:                                       # A+A
        return 0 if pt > 21 else -2
    if pt > 21:
        return 1
    return (pt < bt) - (pt > bt)



@lru_cache(maxsize=None)
def first_duel(stand, tie_stand, tie):
    """(P win, P push, P loss) of the punter's first duel in variant B: the punter stands on
    ``stand`` or more, the banker (open totals) draws to beat him, at a tie stands on
    ``tie_stand`` or more under pushes. The burn card is one more unseen card and changes
    nothing in distribution."""

    @lru_cache(maxsize=None)
    def banker(counts, pt, bt):
        if bt > 21:
            return (1, 0, 0)
        if bt > pt:
            return (0, 0, 1)
        if bt == pt and (bt == 21 or tie == "banker" or (tie == "push" and bt >= tie_stand)):
            return {"push": (0, 1, 0), "banker": (0, 0, 1), "punter": (1, 0, 0)}[tie]
        if bt == 21:
            return (1, 0, 0)
        return _mix(counts, lambda c, v: banker(c, pt, bt + v))

    @lru_cache(maxsize=None)
    def punter(counts, pt, bt):
        if pt > 21:
            return (0, 0, 1)
        if pt >= stand:
            return banker(counts, pt, bt)
        return _mix(counts, lambda c, v: punter(c, pt + v, bt))

    out = (0, 0, 0)
    for p1, r1, c1 in draws(FULL, False):
        for p2, r2, c2 in draws(c1, False):
            w = punter(c2, POINTS[r1], POINTS[r2])
            out = tuple(o + p1 * p2 * x for o, x in zip(out, w))
    return out


def _mix(counts, f):
    out = (0, 0, 0)
    for p, r, c in draws(counts, False):
        out = tuple(o + p * x for o, x in zip(out, f(c, POINTS[r])))
    return out




def variant_a_edge() -> Fraction:
    """Variant A without buying (one punter, stake 1): the mean loss over ordered 4-card samples."""
    exact = Fraction(0)
    for p1, r1, c1 in draws(FULL):
        for p2, r2, c2 in draws(c1):
            for p3, r3, c3 in draws(c2):
                for p4, r4, _ in draws(c3):
                    loss = a_no_buying_loss((POINTS[r1], POINTS[r3]), (POINTS[r2], POINTS[r4]))
                    exact += p1 * p2 * p3 * p4 * loss
    return exact


def _first_coup(res) -> Estimate:
    row = res.tables["edge_by_coup_index"].iloc[0]
    return Estimate(float(row["house_edge"]), float(row["stderr"]), (row["ci95_low"], row["ci95_high"]),
                    res.n_units)


def checks() -> list:
    out = [Check("house edge, variant A, no buying, one punter", float(variant_a_edge()), 20_000,
                 {"variant": "A", "punters": 1, "max_draws": 0}, source="enumeration")]
    for tie, stand in (("push", 17), ("banker", 15), ("punter", 18)):
        win, push, loss = first_duel(stand, 15, tie)
        out.append(Check(f"first duel's edge, variant B, tie={tie}, punter stands on {stand}", loss - win, 100_000,
                         {"punters": 1, "tie": tie}, {"stake": "flat", "draw": f"threshold:stand={stand},halve_at=99"},
                         _first_coup, "enumeration"))
    win, push, loss = first_duel(17, 15, "push")
    rules = {"punters": 1, "bank": 1, "knock_multiple": 2, "max_rounds": 1}
    pols = "threshold:halve_at=99"
    out.append(Check("bank broken in its one duel (punter wins)", win, 100_000, rules, pols, metric="p_broken",
                     source="enumeration"))
    out.append(Check("bank knocked in its one duel (punter loses)", loss, 100_000, rules, pols, metric="p_tripled",
                     source="enumeration"))
    return out
