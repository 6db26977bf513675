"""Oh Hell checks for ``simkit validate`` (single deals, ``cards=K``, random bids and play).

The random bidder picks uniformly among 0..K (no hook) without looking at its cards, and
the random player never looks at the bids, so a bid is independent of the tricks its seat
takes: a bid is exact with chance ``1/(K+1)``; over all seats the tricks average ``K/P``,
so a seat takes more tricks than it bid (``over_rate``) with chance ``E[T]/(K+1) = K/(P(K+1))``. In a 1-card deal the
leader (the dealer's left) wins the trick unless another seat holds a higher card of his
suit or, with a turned trump, any trump above his — a count over the ``P−1`` other cards
(seed 000:323 «Левый сосед сдатчика делает первый ход ... Взятку берет старший козырь или, при
бескозырной игре, старшая карта масти первого хода»).
"""
from fractions import Fraction
from math import comb

from simkit.reports.estimates import proportion_estimate
from simkit.validation import Check


def leader_wins_one_card(players: int, trump: bool) -> Fraction:
    """P(the leader takes the one trick of a 1-card deal): the leader's card of rank r
    (0..12) is beaten by the ``12 − r`` higher cards of its suit and, when a trump is
    turned and his card is not trump, by the 12 trumps left; the other ``players − 1``
    cards are a uniform subset of the ``50`` (trump) or ``51`` (no trump) cards left."""
    total = Fraction(0)
    if not trump:
        for r in range(13):
            total += Fraction(comb(51 - (12 - r), players - 1), comb(51, players - 1) * 13)
        return total
    for tr in range(13):                      # the turned trump's rank
        for r in range(13):                   # leader's card: a trump (other than tr) or not
            if r != tr:                       # a trump: beaten by the trumps above it, less the turned one
                beat = (12 - r) - (tr > r)
                total += Fraction(comb(50 - beat, players - 1), comb(50, players - 1) * 13 * 51)
            beat = 12 + (12 - r)              # a plain card: beaten by any trump or a higher card of its suit
            total += Fraction(3 * comb(50 - beat, players - 1), comb(50, players - 1) * 13 * 51)
    return total


def leader_win_rate(res):
    """Share of 1-card deals in which the dealer's left takes the trick (``tables["tricks"]``)."""
    t = res.tables["tricks"]
    leader = (res.rules.first_dealer + 1) % res.rules.players
    rows = t[(t.seat == leader) & (t.cards == 1)]
    return proportion_estimate(int(rows[rows.tricks == 1]["count"].sum()), int(rows["count"].sum()))


RANDOM = {"bid": "random", "play": "random"}


def checks() -> list:
    out = []
    for p, k in ((4, 5), (3, 1), (6, 8)):
        rules = {"players": p, "cards": k}
        out.append(Check(f"bid accuracy, random bids 0..{k}: 1/(K+1)", float(Fraction(1, k + 1)), 20_000, rules,
                         RANDOM, "bid_accuracy", source="independence"))
        out.append(Check(f"tricks over the bid, random bids 0..{k}: K/(P(K+1))", float(Fraction(k, p * (k + 1))),
                         20_000, rules, RANDOM, "over_rate", source="independence"))
    for p, rules in ((4, {"players": 4, "cards": 1}), (3, {"players": 3, "cards": 1, "deals": 1}),
                     (7, {"players": 7, "cards": 1})):
        trump = rules.get("deals") != 1
        out.append(Check(f"leader takes the trick of a 1-card deal, {'trump turned' if trump else 'no trump'}",
                         float(leader_wins_one_card(p, trump)), 20_000, rules, RANDOM, leader_win_rate,
                         source="enumeration"))
    return out
