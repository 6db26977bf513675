"""Marriage for four rules (G13, «Марьяж вчетвером», the yan; seed file 002 lines 16-22)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class MarriageFourRules(Rules):
    """Four players, partners opposite (seats 0 & 2 against 1 & 3); 36 cards; A 11, 10 10,
    K 4, Q 3, J 2, the rest 0 (120); order A 10 K Q J 9 8 7 6. All cards dealt one at a
    time (nine each). Before the opening lead partners may exchange cards once, card for
    card. The dealer's left leads, then the trick's winner; until a trump exists any card
    may be played. On one of the first five leads a player may declare a marriage (K+Q of
    a suit, also split between the partners) and must lead from it: its suit becomes
    trump, cancelling the previous one; the deal's first marriage scores 40, every later
    one 20. Then: follow suit, else any card. A side that has reached 101 (cards and
    marriages) may stop the deal: exactly 101 wins 3 games, more 1; a side that stops
    without 101 loses 12 (the yan). Nobody at 101: the deal is void, or the points carry
    over.

    Read by the kernel as GAMES.md G13 proposes, not options: a side may claim after any
    trick it wins or marriage it declares, on its true points (ambiguity 3: a claim short
    of 101, the yan, comes only from a policy's misjudgement); the points at the claim
    decide 3 games or 1 (ambiguity 4); a deal played out without a claim goes to the side
    at 101 or more as if it had stopped at the end, both there: the higher total (equal:
    void); several marriages declared at once make the first named trump."""

    GAME = "marriage-4"
    exchange: int = option(1, minimum=0, maximum=8,
                           doc="cards each partner passes to the other, card for card, before the opening lead "
                               "(0: no exchange)",
                           seed="002:17 «Замена карт не допускается. Передача осуществляется до выхода, один раз и "
                                "только в обмен на карты партнера» (GAMES.md G13 ambiguity 1)")
    first_lead_marriage: bool = option(True,
                                       doc="the eldest may declare a marriage on the deal's first lead, before any "
                                           "trick is won; or declaring needs a trick won",
                                       seed="002:19 «Игроки, взявшие взятку, имеют право объявить: «Марьяж»» and "
                                            "«Марьяж объявляется на первых пяти ходах» (ambiguity 2)")
    no_101: str = option("void", allowed=("void", "carry_over"),
                         doc="a deal where no side reaches 101 is void, or its points carry over to the next deal",
                         seed="002:22 «или розыгрыш считается недействительным, или очки переносятся на следующую "
                              "сдачу в зависимости от предварительной договоренности» (ambiguity 5)")
    unit: str = option("deal", allowed=("deal", "game"),
                       doc="one unit is one deal (void or decided), or the deals until one is decided (void deals "
                           "replayed, or their points carried over)",
                       seed="002:20 «Набрав нужное количество очков, они могут объявить о прекращении розыгрыша и "
                            "окончании игры на данной сдаче»; 002:22")
    max_deals: int = option(50, minimum=1, maximum=10_000,
                            doc="engine safeguard with unit=game: a unit not decided after this many deals ends void",
                            seed="not in the text (a run of void deals must end)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal; the deal passes clockwise",
                               seed="dealer choice unstated")

    def check(self):
        if self.unit == "deal":
            self.refuse_changed(("max_deals", "no_101"), "with unit=deal (one deal per unit: points cannot carry "
                                                        "over)")
