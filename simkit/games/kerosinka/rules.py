"""Kerosinka rules (G17, the 10♥ «Керосинка» above all trumps; seed file 002 lines 57-61)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class KerosinkaRules(Rules):
    """Four players, each for himself; 36 cards. Order in ♠ ♣ ♦ A 10 K Q J 9 8 7 6, in ♥
    A K Q J 9 8 7 6: the 10♥ («Керосинка») is the highest trump of the pack and not a
    heart. Points A 11, 10 10, K 4, Q 3, J 2 (120 a deal). All 36 cards are dealt one at a
    time; the last (the dealer's) is shown and its suit is trump. The eldest leads, then
    the trick's winner; a card of the led card's rank must be played, else of its suit,
    else a trump (else any card); on a 10♥ lead a ten, else a trump. Card points
    accumulate; the first to the agreed total wins.

    Fixed readings (GAMES.md G17 ambiguities 1, 4 and 5): the 10♥ beats every trump, then
    trumps by their order, then the highest card of the led suit; a same-rank card of
    another plain suit cannot win (it wins only if it is a trump). Holding no trump when
    one is due, any card. Totals are counted after each deal (002:61 «После окончания
    розыгрыша подсчитывается»); players passing the target in the same deal: the higher
    total wins, equal highest totals draw. No deal limit is needed: a deal gives out 120
    points, so someone reaches the target within ``ceil((4 (target - 1) + 1) / 120)`` deals."""

    GAME = "kerosinka"
    kerosinka_as_ten: str = option("both_ways", allowed=("both_ways", "trump_only"),
                                   doc="the 10♥ also counts as a ten for following (on a ten lead it is a "
                                       "legal same-rank card; on its lead tens must be played), or it follows "
                                       "only as a trump",
                                   seed="002:60 «При ходе с 10 черв игроки обязаны класть десятку, а при ее "
                                        "отсутствии — козыря.» (GAMES.md G17 ambiguity 2)")
    kerosinka_turned: str = option("hearts_trump", allowed=("hearts_trump", "no_trump_suit"),
                                   doc="the 10♥ as the dealer's shown card makes hearts trump, or leaves no "
                                       "trump suit (the 10♥ the only trump)",
                                   seed="002:59 «Последняя по сдаче карта — сдатчика — открывается и "
                                        "предъявляется остальным игрокам. Масть этой карты — козырь.» "
                                        "(ambiguity 3)")
    target: int = option(300, minimum=1, maximum=100_000, doc="card points that win the game (the text: 300 "
                                                              "or 500)",
                         seed="002:61 «Выигрывает первым набравший заранее оговоренное количество очков, обычно "
                              "300 или 500.»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target (win rates) or one deal (points per deal, "
                           "forced trumping)",
                       seed="002:61 «Выигрывает первым набравший заранее оговоренное количество очков»; "
                            "002:61 «После окончания розыгрыша подсчитывается и записывается количество очков» "
                            "(one deal)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal (and every single deal); the deal passes "
                                   "clockwise",
                               seed="not in the text (who deals first, and the passing of the deal, are unstated)")

    def check(self):
        if self.unit == "deal":
            self.refuse_changed(("target",), "with unit=deal (one deal per unit, no game)")
