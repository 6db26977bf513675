"""Semerik checks for ``simkit validate``: declaration points against their exact values.

A hand's declarations right after the deal (000:33) depend on its ten cards only, so their
distribution is exact by enumeration over every ten-card hand of the 40
(:func:`simkit.games.semerik.exact.declaration_distribution`, C(40, 10) = 847,660,528
hands counted by patterns). A side's declarations per deal are the sum over its two hands,
so their mean is twice a hand's; deals are independent, so the simulated mean's standard
error is the plain one over deals.
"""
from functools import lru_cache

from simkit.validation import Check

OPTIONS: tuple[dict, ...] = ({}, {"four_of_a_kind": "tressette", "hearts_baba": "bare_only"})


@lru_cache(maxsize=None)
def hand_distribution(four_of_a_kind: str = "triple", hearts_baba: str = "plus2") -> dict:
    """Exact ``{points: probability}`` of a dealt ten-card hand's declarations."""
    from simkit.games.semerik.exact import declaration_distribution

    return declaration_distribution({"four_of_a_kind": four_of_a_kind, "hearts_baba": hearts_baba})


def checks() -> list:
    out = []
    for opts, side, seat in ((OPTIONS[0], "ns", 0), (OPTIONS[1], "ew", 3)):
        dist = hand_distribution(opts.get("four_of_a_kind", "triple"), opts.get("hearts_baba", "plus2"))
        label = ", ".join(f"{k}={v}" for k, v in opts.items()) or "default rules"
        out.append(Check(f"a side's declaration points per deal ({label}): twice the exact hand mean",
                         2 * float(sum(p * q for p, q in dist.items())), 20_000, {"unit": "deal", **opts}, "random",
                         f"declarations_per_deal.{side}", source="enumeration"))
        out.append(Check(f"seat {seat}'s hand declares nothing ({label})", float(dist[0]), 20_000,
                         {"unit": "deal", **opts}, "random", f"declaration_zero_rate.seat{seat}",
                         source="enumeration"))
    return out
