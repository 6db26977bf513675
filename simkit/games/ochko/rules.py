"""Ochko rules (G19, seed file 003 lines 1-17; GAMES.md G19).

Variant A is lines 1-7, variant B lines 8-17 of ``seeds/003_c0772794ebf259f0.txt``.
Every ambiguity GAMES.md lists for G19 is an option here, with its proposed default.
"""
from dataclasses import dataclass, fields

from simkit.errors import SimkitError
from simkit.rules import Rules, option

SEED = "seeds/003 lines 1-17"

#: options that only variant A reads / only variant B reads (changing one in the other
#: variant is refused, since it would silently do nothing)
A_ONLY = ("max_draws", "natural_vs_natural", "natural_pays", "banker_bust_pays", "higher_pays")
B_ONLY = ("banker_hand", "info", "bank", "knock_multiple", "halving", "burn_card")


@dataclass(frozen=True)
class OchkoRules(Rules):
    """Russian twenty-one. Variant A: two cards each, a banker's 21 takes every stake, a
    punter's 21 wins double, up to 3 cards bought, a banker's bust pays double. Variant B:
    the banker's bank against each punter in turn, a punter names any part of the bank,
    draws from the bottom, may halve his stake, and the banker must make more."""

    GAME = "ochko"
    variant: str = option("B", allowed=("A", "B"),
                          doc="A = seed lines 1-7 (two cards each, naturals, at most 3 bought); "
                              "B = seed lines 8-17 (the bank against each punter in turn)",
                          seed="«Существует несколько разновидностей карточной игры в 21» (003:8)")
    punters: int = option(3, minimum=1, maximum=8,
                          doc="punters at the table besides the banker (variant A: at most one per "
                              "5 cards of the deck, less the banker)",
                          seed="«банкомет начинает сдавать карты всем игрокам» (003:1); "
                               "«всем сидящим за столом» (003:9)")
    deck: int = option(36, allowed=(36, 52),
                       doc="cards per deck: 36 (6..A) or 52 (2..A, 2-5 count their pips)",
                       seed="«используют колоду в 36 листов» (003:12); variant A unstated (GAMES.md G19 amb. 1)")
    decks: int = option(1, allowed=(1, 2),
                        doc="decks shuffled together (the source page of variant A plays two)",
                        seed="GAMES.md G19 ambiguity 1 (vvvvv.narod.ru: «две полные колоды»)")
    values: str = option("ochko", allowed=("ochko", "blackjack"),
                         doc="ochko: A 11, K 4, Q 3, J 2, others their pips; blackjack: A 1 or 11, K Q J 10",
                         seed="«туз — 11 очков, король — 4, дама — 3, валет — 2. Остальные карты … по их "
                              "номиналу» (003:12)")
    two_aces: str = option("plain", allowed=("plain", "21", "win"),
                           doc="two aces as a two-card hand: plain = counted by the card values (22, a bust, "
                               "with ochko values); 21 = a 21 (a natural in A); win = «золотое очко», "
                               "wins outright",
                           seed="two aces not mentioned (GAMES.md G19 ambiguity 5)")
    tie: str = option("push", allowed=("push", "banker", "punter"),
                      doc="equal totals: push = stake withdrawn; banker = the banker wins; punter = the punter wins",
                      seed="A: «сумма очков у банкомета и игроков одинаковая, ставка снимается» (003:6); "
                           "B: «Банкомет должен набрать сумму очков, большую, чем у понтера» (003:11; GAMES.md amb. 2)")
    deck_end: str = option("pass", allowed=("pass", "reshuffle"),
                           doc="the stock runs out: the used cards not in anyone's hand are shuffled to finish "
                               "the deal (A) or round (B); with pass the bank then passes, with reshuffle "
                               "play goes on",
                           seed="«Банкомет имеет право снять банк …, если отыграны все карты, находящиеся в колоде» "
                                "(003:7; GAMES.md amb. 7)")
    max_rounds: int = option(0, minimum=0, maximum=1000,
                             doc="at most this many deals (A) or rounds (B) per bank; 0 = no limit",
                             seed="«сдает карты по второму или третьему заходу» (003:15; GAMES.md amb. 7: option 3)")
    # -- variant A ---------------------------------------------------------------------
    max_draws: int = option(3, minimum=0, maximum=3,
                            doc="A: cards a player (the banker too) may buy beyond his two",
                            seed="«могут прикупать у банкомета по 1 карте, но не более 3» (003:3)")
    natural_vs_natural: str = option("banker", allowed=("banker", "push"),
                                     doc="A: a punter's 21 against the banker's 21: banker = it loses like every "
                                         "stake; push = withdrawn",
                                     seed="«если у него сумма … 21, он показывает их …, после чего забирает ставки "
                                          "понтеров» (003:1; GAMES.md amb. 6)")
    natural_pays: int = option(2, minimum=1, maximum=3,
                               doc="A: a punter's two-card 21 is paid this many times his stake",
                               seed="«у которого окажется … сумма в 21 очко, выигрывает двойную ставку» (003:3)")
    banker_bust_pays: int = option(2, minimum=1, maximum=3,
                                   doc="A: a banker's bust pays every punter who has not bust this many times "
                                       "his stake",
                                   seed="«Если у банкомета перебор, он должен заплатить понтеру его двойную "
                                        "ставку» (003:6)")
    higher_pays: int = option(1, minimum=1, maximum=3,
                              doc="A: a higher total than the banker's (and a tie won under tie=punter) pays this "
                                  "many times the stake (amount not stated)",
                              seed="«Игрок, набравший большее количество очков, чем у банкомета … объявляется "
                                   "выигравшим» (003:5)")
    # -- variant B ---------------------------------------------------------------------
    banker_hand: str = option("per_duel", allowed=("per_duel", "single"),
                              doc="B: per_duel = against each punter the banker draws to his one dealt card and "
                                  "discards the draws after the duel; single = one hand drawn after every punter "
                                  "has played, against all of them",
                              seed="«банкомет начинает игру с каждым игроком в отдельности» (003:9; GAMES.md amb. 3)")
    info: str = option("open", allowed=("open", "hidden"),
                       doc="B: open = a standing punter shows his total and the banker draws knowing it; "
                           "hidden = the banker draws by his policy without it",
                       seed="«предложить банкомету взять карты. Банкомет должен набрать сумму очков, большую, "
                            "чем у понтера» (003:11; GAMES.md amb. 4)")
    bank: int = option(10, minimum=1, maximum=10**6,
                       doc="B: the banker's bank in stake units; a punter claims from 1 unit up to what is in it",
                       seed="«банкомет от себя ставит в банк определенную сумму денег» (003:9)")
    knock_multiple: int = option(3, minimum=2, maximum=100,
                                 doc="B: at the end of a round a bank of at least this many times its start is "
                                     "taken («стук») and passes",
                                 seed="«несмотря на утроение ставки в банке, игра продолжается до последнего "
                                      "игрока … он объявляет «стук»» (003:14; GAMES.md amb. 7)")
    halving: bool = option(True,
                           doc="B: before a further card a punter may cut his stake in half (once)",
                           seed="«снизить первоначальную заявку на ту или иную сумму в 2 раза. Об этом он заранее "
                                "предупреждает банкомета, перед тем как взять следующую карту» (003:16)")
    burn_card: bool = option(True,
                             doc="B: the bottom card is turned face up after the first deal of a shuffled deck and "
                                 "stays dead until the stock runs out",
                             seed="«Из колоды достается нижняя карта и кладется вверх лицевой стороной на верхнюю "
                                  "часть колоды» (003:9; GAMES.md amb. 8)")

    @property
    def n_cards(self) -> int:
        return self.deck * self.decks

    def check(self):
        defaults = {f.name: f.default for f in fields(self)}
        other = B_ONLY if self.variant == "A" else A_ONLY
        for name in other:
            if getattr(self, name) != defaults[name]:
                raise SimkitError(f"ochko: rule {name}={getattr(self, name)!r} has no effect in variant "
                                  f"{self.variant}; options of variant {self.variant}: "
                                  f"{', '.join(n for n in defaults if n not in other)}")
        if self.variant == "A":
            most = self.n_cards // (2 + self.max_draws) - 1
            if self.punters > most:
                raise SimkitError(f"ochko: punters={self.punters} cannot all hold {2 + self.max_draws} cards from "
                                  f"{self.n_cards} cards with the banker; allowed: 1..{most}")
            if self.deck_end == "reshuffle" and self.max_rounds == 0:
                raise SimkitError("ochko: variant A with deck_end='reshuffle' and max_rounds=0 never ends a bank "
                                  "(the bank passes only when the deck is played through); set max_rounds >= 1 "
                                  "or deck_end='pass'")
