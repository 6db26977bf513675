"""Five-card draw poker rules (G02, seed file 000 lines 47-77; GAMES.md G02)."""
from dataclasses import dataclass

from simkit.core.cards import RANK_NAMES
from simkit.errors import SimkitError
from simkit.rules import Rules, option

SEED = "seeds/000 lines 47-77"
WILD_RANKS = ("none",) + RANK_NAMES


@dataclass(frozen=True)
class PokerRules(Rules):
    """Everyone antes; five cards each; up to three betting circuits, the draw, up to
    three more circuits; the best hand by the seed's ranking (with «Туз-король» and suit
    priority ♥ ♣ ♦ ♠) takes the pot (seed 000 line 51)."""

    GAME = "poker"
    players: int = option(6, minimum=2, maximum=10, doc="players at the table",
                          seed="«Количество игроков: от 2 до 10 человек» (000:47)")
    decks: int | str = option("auto", allowed=("auto", 1, 2),
                           doc="52-card decks: auto = one for up to 6 players, two for 7-10",
                           seed="«карты (1 или 2 колоды)» (000:49); GAMES.md G02 ambiguity 4")
    jokers: int = option(0, minimum=0, maximum=4, doc="jokers added to the deck, each wild",
                         seed="«использовать джокеры входяшие в комплект колоды. Джокеров в игре может быть "
                              "от одного до четырех» (000:51); GAMES.md G02 ambiguity 5")
    wild_rank: str = option("none", allowed=WILD_RANKS,
                            doc="a rank whose every card is wild (usually 2), instead of jokers",
                            seed="«джокером можно объявить любую карту, хотя обычно эту роль выполняют двойки» "
                                 "(000:51); GAMES.md G02 ambiguity 5")
    wild_duplicates: bool = option(True,
                                   doc="a wild card may stand for a card the hand already holds (a 'double-ace "
                                       "flush', five of a kind from one deck); false = only for a card the hand "
                                       "lacks. The default is a choice: the seed says which card may be declared "
                                       "wild, not what a wild may represent",
                                   seed="«джокером можно объявить любую карту» (000:51: which card is wild, not what "
                                        "it stands for); GAMES.md G02 ambiguity 5")
    five_of_a_kind: str = option("above_royal", allowed=("above_royal", "below_straight_flush"),
                                 doc="where five of a kind (wilds or two decks) ranks: above the royal flush, or "
                                     "between four of a kind and the straight flush",
                                 seed="not ranked in the text (000:53-73); GAMES.md G02 ambiguity 5")
    tiebreak: str = option("literal", allowed=("literal", "rank_first", "rank_only"),
                           doc="literal: straights by the suit of the top card, flushes by suit then ranks, "
                               "straight/royal flushes by suit (ranks decide only what suit leaves tied); "
                               "rank_first: ranks first in every category, suit last; rank_only: no suits, "
                               "equal ranks split the pot",
                           seed="«Стрейт - по приоритету масти старшей карты. Флеш - по приоритету мастей, если "
                                "масти одинаковые, то по старшей карте. Стрейт Флеш - по приоритету мастей» "
                                "(000:77); GAMES.md G02 ambiguity 1")
    pair_tiebreak: str = option("pair_first", allowed=("pair_first", "kickers_first"),
                                doc="pair against pair: pair rank, then kickers, then the suit of the third card; "
                                    "kickers_first reads the text literally (kickers, then pair rank)",
                                seed="«Пара - по старшинству третьей карты, если третьи равны - четвертой и т.д.» "
                                     "(000:77); GAMES.md G02 ambiguity 2")
    wheel: bool = option(True, doc="A-2-3-4-5 counts as the lowest straight (its top card is the five)",
                         seed="not mentioned (000:63 «Пять последовательных карт»); GAMES.md G02 ambiguity 6")
    ante: int = option(1, minimum=0, maximum=1000, doc="chips each player puts in the pot before the deal",
                       seed="«Все игроки в покер ставят в кон условленную сумму денег» (000:51)")
    limit: int = option(10, minimum=1, maximum=1000, doc="the agreed limit: the largest single bet, in chips",
                        seed="«Каждый игрок имеет право пасовать или сделать ставку в пределах установленной "
                             "суммы» (000:51)")
    min_bet: int = option(1, minimum=1, maximum=1000, doc="the smallest bet when nobody has bet yet in a phase",
                          seed="GAMES.md G02 ambiguity 3 (spread limit: any bet from 1 unit)")
    bet_sizing: str = option("spread", allowed=("spread", "fixed"),
                             doc="spread: a bet is any amount from the previous bet (at least min_bet) to the "
                                 "limit; fixed: every bet equals the limit",
                             seed="«Игрок не может сделать ставку меньше той, которую сделал предыдущий игрок» "
                                  "(000:51); GAMES.md G02 ambiguity 3")
    circuits: int = option(3, minimum=1, maximum=10,
                           doc="betting circuits before the draw, and the most after it",
                           seed="«Все игроки могут делать ставки в три круга ... снова делаются ставки в три "
                                "круга» (000:51)")
    predraw_stop: bool = option(False, doc="a circuit without a raise also ends the betting before the draw "
                                           "(literally only after the draw)",
                                seed="«Если никто не повысил ставку на протяжении одного круга, карты "
                                     "открываются» (000:51); GAMES.md G02 ambiguity 3")
    reshuffle_folded: bool = option(False, doc="when the stock runs out in the draw, folded hands are shuffled in "
                                               "with the discards (else only the discards made so far)",
                                    seed="«Оставшуюся колоду кладут на стол и используют для прикупа» (000:51); "
                                         "GAMES.md G02 ambiguity 4")

    def check(self):
        if self.jokers and self.wild_rank != "none":
            raise SimkitError(f"poker: jokers={self.jokers} and wild_rank={self.wild_rank!r} together; the text "
                              f"has either jokers or a declared wild rank: set jokers=0 or wild_rank=none")
        if not self.wild_duplicates and not self.jokers and self.wild_rank == "none":
            raise SimkitError("poker: wild_duplicates=false has no effect without wild cards; set jokers >= 1 or "
                              "a wild_rank, or leave wild_duplicates=true")
        if self.min_bet > self.limit:
            raise SimkitError(f"poker: min_bet={self.min_bet} is above limit={self.limit}; allowed: "
                              f"1 <= min_bet <= limit")
        if self.bet_sizing == "fixed" and self.min_bet != 1:
            raise SimkitError(f"poker: min_bet={self.min_bet} has no effect with bet_sizing=fixed (every bet "
                              f"equals the limit); leave min_bet=1")
        if self.predraw_stop and self.circuits == 1:
            raise SimkitError("poker: predraw_stop=true has no effect with circuits=1; leave predraw_stop=false")

    @property
    def n_decks(self) -> int:
        """Decks in play: ``decks``, or with ``auto`` one for up to six players, else two."""
        if self.decks == "auto":
            return 1 if self.players <= 6 else 2
        return int(self.decks)

    @property
    def wild_rank_index(self) -> int:
        """Rank index (0 = two .. 12 = ace) of the wild rank, -1 for none."""
        return -1 if self.wild_rank == "none" else RANK_NAMES.index(self.wild_rank)
