"""Polish Banchok rules (G08, seed file 000 lines 261-309)."""
from dataclasses import dataclass

from simkit.rules import Rules, option

SEED = "seeds/000 lines 261-309"


@dataclass(frozen=True)
class BanchokRules(Rules):
    """The banker lays an agreed bank (000:265) and deals every punter three cards one at
    a time from two full decks (000:269-271). In turn from his left each punter names a
    stake, at most the whole bank, and may not pass (000:275, 297); the banker turns the top
    card: if it covers the punter's cards he pays the stake into the bank, else the bank
    pays him as much (000:279). A card is beaten by a higher or identical card of its suit
    (000:301-303). After the last punter three new cards go to everyone without a shuffle;
    the used cards are shuffled and put under the stock (000:283-285). When the bank has
    tripled or is broken it passes to the left (000:287)."""

    GAME = "banchok"
    punters: int = option(4, minimum=1, maximum=26,
                          doc="punters at the table (each round uses four cards per punter: three dealt, one turned)",
                          seed="«Количество игроков: любое» (000:261)")
    decks: int = option(2, minimum=1, maximum=8,
                        doc="full 52-card decks shuffled together",
                        seed="«смешивает две полные колоды карт» (000:269)")
    bank: int = option(60, minimum=1, maximum=10**9,
                       doc="the bank the banker lays, in minimum stakes (3 roubles = 60 stakes of 5 kopecks)",
                       seed="«Условились, например, закладывать по три рубля» (000:265); «поставить 5 коп.» "
                            "(000:295; GAMES.md G08 ambiguity 2)")
    min_stake: int = option(1, minimum=1, maximum=10**9,
                            doc="the smallest stake a punter may name (or the whole bank when less is left)",
                            seed="«Понтеры пасовать не могут» (000:297); 5 kopecks (GAMES.md G08 ambiguity 2)")
    pass_at: int = option(3, minimum=2, maximum=1000,
                          doc="the bank passes when it holds this multiple of the bank laid (3 = tripled)",
                          seed="«Когда банк утроится или когда сорвется ... банкомет обязан передать колоду» "
                               "(000:287)")
    bank_end: str = option("coup", allowed=("coup", "round"),
                           doc="when a tripled or broken bank passes: coup = at once, after the coup that did it; "
                               "round = after the last punter of the round (a broken bank cannot take stakes, so "
                               "it passes at once either way)",
                           seed="«Когда банк утроится или когда сорвется» (000:287; GAMES.md G08 ambiguity 1)")
    cover: str = option("suit", allowed=("suit", "colour"),
                        doc="what a punter's card must share with the turned card to beat it (rank at least as "
                            "high): its suit, or only its colour",
                        seed="«Карты перекрываются по цвету и по масти» (000:301; GAMES.md G08 ambiguity 4)")
    primazka: bool = option(False,
                            doc="by agreement, the other punters may add money to a punter's stake on his cards, "
                                "shown to them; the primazka policy says how much (up to the bank less his stake) "
                                "and the sum is settled as one stake (default: not agreed)",
                            seed="«По соглашению играющих допускается примазка» (000:305; GAMES.md G08 ambiguity 3)")
    irregularities: str = option("none", allowed=("none",),
                                 doc="a card exposed before the stake is named, or peeked at by the banker: these "
                                     "follow only from a banker's mistakes, which the simulation does not make",
                                 seed="«Если банкомет откроет понтеру карту раньше» (000:295), «Банкомет не имеет "
                                      "права смотреть карту» (000:307; GAMES.md G08 ambiguity 3)")
    max_coups: int = option(100_000, minimum=1, maximum=10**7,
                            doc="safety cap: a bank still open after this many coups is closed and counted as "
                                "'capped' (not a rule of the game; with the defaults it is never reached)",
                            seed="none (the seed's bank ends only when tripled or broken)")

    def check(self):
        from simkit.errors import SimkitError

        if 4 * self.punters > 52 * self.decks:
            raise SimkitError(f"banchok: punters={self.punters} need {4 * self.punters} cards a round but "
                              f"decks={self.decks} hold {52 * self.decks}; allowed: punters <= {13 * self.decks}")
        if self.min_stake > self.bank:
            raise SimkitError(f"banchok: min_stake={self.min_stake} exceeds the bank laid (bank={self.bank}); "
                              f"allowed: min_stake <= bank")
        if self.pass_at * self.bank > 4 * 10**9:
            raise SimkitError(f"banchok: pass_at * bank = {self.pass_at * self.bank} is too large; allowed up to 4e9")
