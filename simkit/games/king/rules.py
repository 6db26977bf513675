"""King rules (G15, the Russian «Кинг»; seed file 002 lines 33-44)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option

#: the contracts in party order: seven negative deals, then the positive ones (отыгрыш).
CONTRACTS = ("no_tricks", "no_boys", "no_girls", "no_hearts", "last_two", "king_of_hearts", "eralash", "plus")
#: contracts in which the K♥ matters (the forced discard).
KING_CONTRACTS = ("king_of_hearts", "eralash")


@dataclass(frozen=True)
class KingRules(Rules):
    """Four players, each for himself; 32 cards, A high; all dealt, eight each. Seven
    negative deals, the dealer passing left: no tricks (2 per trick), no boys (4 per
    jack), no girls (4 per queen), no hearts (2 per heart; hearts may not be led while
    holding another suit), the last two tricks (8 each), the king of hearts (16; the
    same lead ban; the K♥ must be discarded at the first opportunity) and eralash (all of
    them at once: 96). The eldest leads; follow suit, else any card; no trumps. Then eight
    positive deals: the dealer gives three cards to his left, who names trump from them or
    says «По последней» (his last card's suit), then three to the others and the rest
    evenly; the namer leads; follow suit, else trump; only the namer may lead trumps while
    holding another suit; 3 per trick (24); the namer deals next. Net = positive minus
    negative points: zero-sum.

    Fixed readings (GAMES.md G15 ambiguities 2 and 3): seven negative deals in the order
    listed, the dealer rotating left; «По последней» = the suit of the eighth card dealt
    to the namer; the hearts lead ban holds the whole deal (there is no "broken")."""

    GAME = "king"
    unit: str = option("party", allowed=("party", "deal"),
                       doc="one unit is a whole party (7 negative + 8 positive deals: net score, win rates) "
                           "or one deal of the contract named by ``contract``",
                       seed="002:44 «Когда игроки, таким образом, сыграют два круга, т. е. каждый из игроков по 2 "
                            "раза назначит козыря, производится подсчет очков.»")
    contract: str = option("all", allowed=("all",) + CONTRACTS,
                           doc="with unit=deal, the contract every deal plays (plus = a positive deal, trump "
                               "named by the eldest); all = the whole party",
                           seed="002:35-41 «не брать взяток», «не брать мальчиков», «не брать девочек», «не брать "
                                "черв», «Двух последних взяток», «кинга», «ералаш»; 002:43 «отыгрыш»")
    king_forced: str = option("void", allowed=("void", "over_ace"),
                              doc="the K♥ must be played when void in the suit led (default; on a heart lead "
                                  "any heart), or also on a heart lead once the A♥ is in the trick",
                              seed="002:40 «Кинга игрок обязан скинуть при первой же возможности.» "
                                   "(GAMES.md G15 ambiguity 1)")
    trump_choice: str = option("any_suit", allowed=("any_suit", "among_three"),
                               doc="having seen his three cards the namer names any suit (or «По последней»), "
                                   "or only a suit among his three cards",
                               seed="002:43 «Сдатчик сдает игроку слева 3 карты, по которым тот назначает "
                                    "козыря.» (ambiguity 4)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal of a party (and every single deal)",
                               seed="002:36 «сдает игрок, сидящий по левую руку от предыдущего сдатчика» "
                                    "(who starts is unstated)")

    def check(self):
        if self.unit == "party" and self.contract != "all":
            raise SimkitError(f"king: contract={self.contract} plays single deals of one contract: add "
                              f"unit=deal (a party plays every contract: contract=all)")
        if self.unit == "deal" and self.contract == "all":
            raise SimkitError(f"king: unit=deal needs the contract to play; allowed: {', '.join(CONTRACTS)}")
        if self.contract not in ("all",) + KING_CONTRACTS:
            self.refuse_changed(("king_forced",), f"with contract={self.contract} (no forced K♥)")
        if self.contract not in ("all", "plus"):
            self.refuse_changed(("trump_choice",), f"with contract={self.contract} (no trump is named)")
