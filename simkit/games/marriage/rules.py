"""Two-hand Marriage rules (G12, «Марьяж»; seed file 002 lines 10-12)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class MarriageRules(Rules):
    """Two players, 32, 28, 24 or 20 cards (the sevens, then the eights, then the nines
    removed); A 11, 10 10, K 4, Q 3, J 2, the rest 0; order A 10 K Q J 9 8 7. The dealer
    alternates and deals three then two cards each (five); the rest is the stock. The
    dealer's opponent leads, then the trick's winner; until a trump is declared any card
    may be played to a lead; after each trick both draw back to five, the winner first. A
    player who has won a trick may, on his lead, declare a marriage (K+Q of a suit, leading
    one of them) while the stock lasts: its suit becomes trump, a later marriage changes
    it. Then: follow suit, else trump, else any card. 101 wins; with carry-over of points
    from deal to deal the last trick is worth 10 more, without it a deal where nobody
    reaches 101 is a draw.

    Read by the kernel as the text gives it, not options: later marriages change the trump
    (GAMES.md G12 ambiguity 3); once the stock is empty the deal is played out, 101 or more
    wins and both over 101 the higher total (ambiguity 4; equal totals: a draw). Not
    offered: GAMES.md's "20/40, 40 in the current trumps" marriage values, since every
    declaration makes its own suit trump here and a suit's marriage can be declared only
    once, so no marriage is ever declared in the trump already in force."""

    GAME = "marriage"
    deck: int = option(32, allowed=(32, 28, 24, 20),
                       doc="cards in the deck: 32 (A-7), 28 (no sevens), 24 (no eights), 20 (no nines)",
                       seed="002:10 «Для игры употребляется колода из 32, 28, 24, 20 карт по желанию играющих. "
                            "Откидываются, естественно, карты, не имеющие очки (от семерки до девятки)»")
    marriage_values: str = option("first40", allowed=("first40", "by_suit"),
                                  doc="the first marriage of a deal 40, later ones 20 (as in Marriage for four), "
                                      "or by suit ♥100 ♦80 ♣60 ♠40 (as in Thousand)",
                                  seed="002:11 «Игрок, взявший взятку, имеет право на своем ходе объявить марьяж» "
                                       "(no value given; GAMES.md G12 ambiguity 1)")
    follow: str = option("suit_trump_any", allowed=("suit_trump_any", "suit_any"),
                         doc="once a trump exists: follow suit, else trump, else any card; or follow suit, else any",
                         seed="002:11 «после объявления козыря — в масть, при отсутствии козыря — скидывать любую» "
                              "(ambiguity 2)")
    carry_over: bool = option(False,
                              doc="points carry over from deal to deal until someone reaches 101, the last trick "
                                  "worth 10 more; without it each deal is a game and nobody at 101 is a draw",
                              seed="002:12 «Играли как с переносом очков на следующую партию, так и без переноса — "
                                   "признавая розыгрыш без набора 101 очка за ничью. При игре с переносом очков "
                                   "последняя взятка дополнительно оценивалась в 10 очков»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a game to 101 (one deal without carry-over), or one deal",
                       seed="002:12 (game) and 002:10-11 (one deal)")
    max_deals: int = option(200, minimum=1, maximum=100_000,
                            doc="engine safeguard with carry-over: a game not decided after this many deals ends, "
                                "the higher total winning (equal: a draw)",
                            seed="not in the text (a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=1,
                               doc="seat that deals the first deal; the deal alternates",
                               seed="002:10 «Сдача производится по очереди»")

    def check(self):
        if not self.carry_over or self.unit == "deal":
            self.refuse_changed(("max_deals",), "with one deal per unit (unit=deal or no carry_over)")
