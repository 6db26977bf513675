"""Klaberjass rules (G10; seed file 000 lines 331-391)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class KlaberjassRules(Rules):
    """Two players, 32 cards A-7. Trumps J (jass) 9 (menel) A 10 K Q 8 7, plain suits A 10
    K Q J 9 8 7; points jass 20, menel 14, A 11, 10 10, K 4, Q 3, plain J 2, last trick
    (stich) 10: 162. Six cards each in threes, the next card turned. The non-dealer, then
    the dealer: pass, take (the turned suit is trump, the taker is the maker) or schmeiss
    (an offer to throw the deal in: accepted, a new deal; refused, the caller is the maker).
    Both pass: each in turn may name another suit or pass; both pass again: a new deal.
    Three more cards each. The trump 7 (dix) may be exchanged for the turned card. Only the
    player with the best sequence (3 in suit 20, 4 or more 50) scores his sequences. The
    non-dealer leads; follow suit, else trump; on a trump lead beat it if able. Bella (trump
    K and Q) scores 20. The maker with more points: both score their totals; equal: only
    the opponent; fewer: the opponent scores double. Game: 500.

    Read by the kernel as the text gives it, not options: must beat a trump lead (GAMES.md
    G10 ambiguity 3), and when both pass the target in one deal the higher total wins
    (ambiguity 4)."""

    GAME = "klaberjass"
    bete: str = option("literal_double", allowed=("literal_double", "standard_bete"),
                       doc="a maker with fewer points scores nothing and the opponent double his own total "
                           "(literal), or the opponent scores both players' totals (standard bete)",
                       seed="000:379 «Если у заявителя сумма меньше, чем у противника, последний пишет себе "
                            "удвоенную сумму очков» (GAMES.md G10 ambiguity 1)")
    bella: str = option("queen", allowed=("queen", "either"),
                        doc="bella scores 20 when the holder of trump K+Q plays the queen while holding the king "
                            "(literal), or whichever of the two he plays first",
                        seed="000:359 «Если у игрока имеется король и дама козырной масти, он может заявить: "
                             "«Белла!» и записать себе 20 очков, играя дамой» (ambiguity 2)")
    dealer_delays_dix: bool = option(False,
                                     doc="the dealer may exchange the dix until the end of the first trick "
                                         "(the text's privilege, usually declined)",
                                     seed="000:349 «Сдатчик может отложить обмен до окончания розыгрыша первой "
                                          "взятки, но, как правило, отказывается от этой привилегии»")
    target: int = option(500, minimum=10, maximum=100_000, doc="points that win the game",
                         seed="000:381 «Партию выигрывает тот, кто первым набирает 500»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target, or one played deal (a deal thrown in is dealt "
                           "again by the next dealer within the unit)",
                       seed="000:381 (game) and 000:337-379 (one deal)")
    max_deals: int = option(300, minimum=1, maximum=100_000,
                            doc="engine safeguard: a game not decided after this many deals (deals thrown in count) "
                                "ends, the higher total winning (equal: a draw); with unit=deal, the deals dealt at "
                                "most until one is played",
                            seed="not in the text (deals thrown in score nothing; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=1,
                               doc="seat that deals the first deal; the deal alternates",
                               seed="dealer choice unstated; 000:343 «новую сдачу проводит следующий сдатчик»")

    def check(self):
        if self.unit == "deal":
            self.refuse_changed(("target",), "with unit=deal (one deal per unit, no game)")
