"""Spades checks for ``simkit validate`` (single deals, random bids and play).

The random bidder never bids blind and picks uniformly among nil (0) and 1..13 without
looking at its cards; the random player never looks at the bids, and a nil's exchange of
three random cards each way with the partner (seed 000:247) leaves the deal uniformly
random. So each seat's bid is independent of the tricks it takes: it is exact with chance
``1/14`` (seed 000:247 «Игрок может счесть необходимым заказать «нуль», указывая тем
самым на намерение не брать взяток»). Over the four seats the 13 tricks
average ``13/4`` a seat, so a seat takes more tricks than it bid with chance
``E[T]/14 = 13/56``, the bid being under ``T`` for ``T`` of its 14 values.
"""
from fractions import Fraction

from simkit.reports.estimates import proportion_estimate
from simkit.validation import Check

RANDOM = {"bid": "random", "play": "random"}


def pooled_over_rate(res):
    """Share of all seats' bids below the tricks taken (``tables["accuracy_by_seat"]``)."""
    t = res.tables["accuracy_by_seat"]
    return proportion_estimate(int(round((t.over_rate * t.bids).sum())), int(t.bids.sum()))


def checks() -> list:
    out = [Check(f"seat {s}'s bid accuracy, random bids (nil, 1..13): 1/14", float(Fraction(1, 14)), 20_000, rules,
                 RANDOM, f"bid_accuracy.seat{s}", source="independence")
           for s, rules in ((0, {"unit": "deal"}), (3, {"unit": "deal", "bidding_start": "eldest"}))]
    out.append(Check("tricks over the bid, all seats, random bids: (13/4)/14", float(Fraction(13, 56)), 20_000,
                     {"unit": "deal", "nil_tricks": "count_for_partner"}, RANDOM, pooled_over_rate,
                     source="independence"))
    return out
