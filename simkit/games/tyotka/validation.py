"""Tyotka checks for ``simkit validate`` (single deals, random play).

The photograph is a card drawn from a second full deck (002:50 «вытягивает из другой
колоды карту и кладет ее в середину стола»), so each of its 13 values, and with it each
counting trick 1..13 (002:51 «если «фотография» — туз, то счетная взятка — первая, …,
король — тринадцатая»), has chance 4/52 = 1/13
(:func:`~simkit.games.tyotka.exact.counting_trick_distribution`), and the photograph is a
queen with chance 1/13 (:func:`~simkit.games.tyotka.exact.photograph_is_queen`).
"""
from simkit.games.tyotka import exact
from simkit.reports.estimates import proportion_estimate
from simkit.validation import Check

DEAL = {"unit": "deal"}


def counting_trick_rate(k: int):
    """Share of deals whose counting trick is trick ``k`` (``tables["counting_trick"]``)."""
    def rate(res):
        t = res.tables["counting_trick"]
        return proportion_estimate(int(t[t.trick == k]["count"].sum()), int(t["count"].sum()))
    rate.__name__ = f"counting_trick_{k}_rate"
    return rate


def queen_photograph_rate(res):
    """Share of deals whose photograph is a queen."""
    c = res.stats["counters"]
    return proportion_estimate(int(c[3]), int(c[0]))


def checks() -> list:
    dist = exact.counting_trick_distribution()
    out = [Check(f"the counting trick is trick {k}: 4/52", float(dist[k]), 20_000, DEAL, "random",
                 counting_trick_rate(k), source="enumeration") for k in (1, 12)]
    out.append(Check("the photograph is a queen: 4/52", float(exact.photograph_is_queen()), 20_000,
                     {"unit": "deal", "first_dealer": 2}, "heuristic", queen_photograph_rate, source="enumeration"))
    return out
