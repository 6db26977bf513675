"""Tyotka rules (G16, «тётка»: queens and the photograph; seed file 002 lines 48-53)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class TyotkaRules(Rules):
    """Four players, each for himself; 52 cards, A high, no trumps; thirteen each. The
    eldest draws a card from a second deck: the same card of the playing deck is the
    "photograph". The eldest leads, then the trick's winner; follow suit, else any card.
    One penalty point each for every queen in one's tricks, for capturing the photograph,
    for taking the most tricks (a tie: the player who reached the tied number last) and
    for taking the "counting" trick, whose number is the photograph's value (A 1, 2-10,
    J 11, Q 12, K 13): seven points a deal. A rubber ends when a player reaches 21; the
    lowest collects the differences from each other player, then the second from the
    third and fourth, then the third from the fourth (full pairwise settlement). A party
    is four rubbers; the dealer passes left after each rubber.

    Fixed readings (GAMES.md G16 ambiguities 2 and 3): a photograph that is a queen costs
    its taker 2 (queen and photograph); a tie of three or four for the most tricks
    penalises the last to reach the tied number. A rubber ends after the deal in which a
    player reaches the target (a deal's penalties are counted together). Every deal gives
    out seven points, so some player reaches the target within ceil(4 target / 7) deals
    (21: 12) and a party of ``rubbers`` ends within ``rubbers`` times that; ``max_deals``
    caps a unit's deals only to bound the time of very long settings (target and rubbers
    at their maxima would be some 5.7 million deals a party)."""

    GAME = "tyotka"
    dealer: str = option("per_rubber", allowed=("per_rubber", "per_deal"),
                         doc="the same dealer deals a whole rubber (literal), or the deal passes left every deal",
                         seed="002:53 «После каждого роббера сдатчиком становится игрок, сидящий, по левую руку "
                              "от предыдущего.» (GAMES.md G16 ambiguity 1)")
    target: int = option(21, minimum=1, maximum=10_000, doc="penalty points that end a rubber",
                         seed="002:53 «Роббер заканчивается, когда один из игроков набирает 21 очко.»")
    rubbers: int = option(4, minimum=1, maximum=1_000, doc="rubbers in a party",
                          seed="002:53 «Партия состоит из четырех робберов.»")
    unit: str = option("party", allowed=("party", "rubber", "deal"),
                       doc="one unit is a whole party (settlement, win rates), one rubber (rubber length, "
                           "settlement), or one deal (penalty distributions)",
                       seed="002:53 «Партия состоит из четырех робберов.»; 002:52 «При достижении одним "
                            "игроком 21 очка подводится итог.»; 002:51 (one deal)")
    max_deals: int = option(10_000, minimum=1, maximum=1_000_000,
                            doc="engine safeguard (time only): a unit (party or rubber) stops after this many deals, "
                                "its rubber settled on the scores as they stand and its remaining rubbers unplayed "
                                "(counted in unfinished_party_rate / unfinished_rubber_rate); a party to 21 has at "
                                "most 48 deals, so it binds only for targets or rubbers far beyond the text's",
                            seed="not in the text (every rubber ends: seven points a deal)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first rubber (and every single deal)",
                               seed="002:53 «сдатчиком становится игрок, сидящий, по левую руку от предыдущего» "
                                    "(who starts is unstated)")

    def check(self):
        if self.unit != "party":
            self.refuse_changed(("rubbers",), f"with unit={self.unit} (one {self.unit} per unit, no party)")
        if self.unit == "deal":
            self.refuse_changed(("target", "dealer", "max_deals"), "with unit=deal (one deal per unit, no rubber)")
