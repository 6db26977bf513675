"""Polignac rules (G21, «Полиньяк» as the seed describes it; seed file 003 lines 48-52)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option


@dataclass(frozen=True)
class PolignacRules(Rules):
    """52 cards, A high; seventeen each (three players); the last card is turned as trump
    and is out of play. The eldest leads any suit, then the trick's winner; follow suit
    (see ``follow_suit``); trumping when void is not compulsory. +1 per trick; jacks
    captured cost J♥ 4, J♦ 3, J♣ 2, J♠ 1. Play continues until a player reaches 20 "plus"
    points (see ``end_rule``).

    Fixed readings (GAMES.md G21 ambiguity 4, and the end of a game): a jack turned as the
    trump card is out of play and costs nobody that deal; totals are compared after each
    deal (the jack penalties of a deal count with its tricks), the highest net total wins
    and equal highest totals draw. This is not the standard Polignac (32 cards, avoid
    jacks): it is what the seed text describes."""

    GAME = "polignac"
    players: int = option(3, minimum=2, maximum=8,
                          doc="number of players; each gets (52 - 1) // players cards, the turned trump card "
                              "and any remainder are out of play",
                          seed="003:50 «Каждому из игроков раздается по 17 карт. Последняя карта является "
                               "козырной, кладется на стол и в игре не участвует.» (3 x 17 = 51; GAMES.md G21 "
                               "ambiguity 1)")
    end_rule: str = option("net", allowed=("net", "gross"),
                           doc="the game ends when a player's net total (tricks minus jack penalties) reaches "
                               "the target, or when his gross tricks do; the highest net total wins",
                           seed="003:52 «Игра продолжается, пока один из игроков не наберет 20 плюсовых очков.» "
                                "(ambiguity 2)")
    follow_suit: bool = option(True, doc="a player must follow the suit led if able (the text relaxes only "
                                         "trumping); false: any card",
                               seed="003:51 «Заходить можно с любой масти, перебивать козырем при отсутствии масти "
                                    "не обязательно.» (ambiguity 3)")
    target: int = option(20, minimum=1, maximum=10_000, doc="plus points that end the game",
                         seed="003:52 «пока один из игроков не наберет 20 плюсовых очков»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target (win rates) or one deal (trick and jack "
                           "distributions)",
                       seed="003:52 «Игра продолжается, пока один из игроков не наберет 20 плюсовых очков.» "
                            "(game); 003:52 «За каждую взятку полагается 1 очко.» (one deal)")
    max_deals: int = option(200, minimum=1, maximum=10_000,
                            doc="engine safeguard: a game not decided after this many deals ends, the highest "
                                "net total winning (equal: a draw); with 6 or more players a deal holds fewer "
                                "tricks (8 or less) than jack points (10), so a net game may never end",
                            seed="not in the text (net totals can fall; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=7,
                               doc="seat that deals the first deal (and every single deal); the deal passes "
                                   "clockwise",
                               seed="not in the text (who deals, and the passing of the deal, are unstated)")

    def check(self):
        if self.first_dealer >= self.players:
            raise SimkitError(f"polignac: first_dealer={self.first_dealer} is not a seat of {self.players} "
                              f"players; allowed: 0..{self.players - 1}")
        if self.unit == "deal":
            self.refuse_changed(("end_rule", "target", "max_deals"), "with unit=deal (one deal per unit, no game)")
