"""Macao rules (G06, seed file 000 lines 213-237)."""
from dataclasses import dataclass

from simkit.rules import Rules, option

SEED = "seeds/000 lines 213-237"


@dataclass(frozen=True)
class MacaoRules(Rules):
    """Two full decks shuffled together (000:217). Each coup the banker deals one card face
    down to every punter and to himself; 10, J, Q, K count nothing and may be thrown aside
    for a new card; A = 1, 2..9 their pips; the aim is nine (000:219). A punter may draw
    (000:219); a draw past nine "is a loss", yet the examples keep the old count (000:223).
    A punter beating the banker is paid 3x for a natural nine, 2x for a natural eight, 1x
    otherwise (000:225); ties go to the banker, paid 3x/2x/1x at 9/8/7 (000:227); the
    banker collects from every punter he beats (000:229-235). The bank passes when all the
    cards are played (000:237)."""

    GAME = "macao"
    punters: int = option(3, minimum=1, maximum=9,
                          doc="punters at the table, each staking one unit a coup (the seed allows any number)",
                          seed="«Количество игроков: любое» (000:213)")
    decks: int = option(2, minimum=1, maximum=8,
                        doc="full 52-card decks shuffled together into the banker's shoe",
                        seed="«Играют в две полные (от туза до двойки) смешанные колоды» (000:217)")
    overdraw: str = option("void", allowed=("void", "bust", "mod10"),
                           doc="a draw taking the count past 9: void = the drawn card is ignored and the hand keeps "
                               "its count (the seed's examples); bust = the hand loses outright; mod10 = only the "
                               "units digit counts (baccarat)",
                           seed="«Большее число очков при прикупе считается проигрышем. Так, пришедшая к тройке "
                                "восьмерка считается за три очка» (000:223; GAMES.md G06 ambiguity 1)")
    max_draws: int = option(1, minimum=0, maximum=8,
                            doc="voluntary draws a hand may take (0 = nobody draws; replacing a 10 or picture is "
                                "not a draw)",
                            seed="«Банкомет обязан каждому понтеру, желающему прикупить, дать карту» "
                                 "(000:219; GAMES.md G06 ambiguity 2)")
    replace_zero: str = option("all", allowed=("all", "punters", "none"),
                               doc="who throws a dealt 10/picture aside and takes a new card until one counts: "
                                   "everyone (the banker too, 'same rules'), punters only, or nobody (it counts 0)",
                               seed="«Картинки и десятки не считаются, игрок вправе сбросить их в сторону и взять "
                                    "новую карту» (000:219; GAMES.md G06 ambiguity 4)")
    replace_drawn_zero: bool = option(False,
                                      doc="a 10/picture taken by a voluntary draw is also thrown aside and replaced "
                                          "(default: it counts 0 and the draw is spent)",
                                      seed="«Картинки и десятки не считаются, игрок вправе сбросить их» (000:219)")
    replacement_is_draw: bool = option(False,
                                       doc="a hand whose dealt 10/picture was replaced is not natural (a 9, 8 or 7 "
                                           "is paid 1x); the voluntary draws are not used up",
                                       seed="«получившему девятку сразу, без прикупа» (000:225; GAMES.md G06 "
                                            "ambiguity 3)")
    banker_draws: bool = option(True,
                                doc="the banker may draw after all punters, under the same rules, as his policy says",
                                seed="not stated (GAMES.md G06 ambiguity 4)")
    natural9: int = option(3, minimum=1, maximum=9,
                           doc="stakes paid to a punter who beats the banker with a natural (undrawn) nine; "
                               "with tie_pays=natural also what a punter tying at nine pays",
                           seed="«Понтеру, получившему девятку сразу, без прикупа, банкомет выплачивает ставку "
                                "втрое» (000:225)")
    natural8: int = option(2, minimum=1, maximum=9,
                           doc="stakes paid for a natural eight (and paid by a punter tying at eight)",
                           seed="«Имеющему сразу, без прикупа, восьмерку - ставку вдвое» (000:225)")
    natural7: int = option(1, minimum=1, maximum=9,
                           doc="stakes paid for a natural seven (and paid by a punter tying at seven)",
                           seed="«Имеющему сразу, без прикупа, семерку - ставку» (000:225)")
    tie_pays: str = option("natural", allowed=("natural", "single"),
                           doc="what a punter tying the banker at 9/8/7 pays: natural = natural9/natural8/natural7 "
                               "stakes whether or not either hand drew; single = one stake",
                           seed="«Карты банкомета, одинаковые с картами понтеров, имеют преимущество ... за девятку "
                                "- тройную, за восьмерку - двойную и за семерку - одинарную ставки» (000:227)")
    tie_low: str = option("lose", allowed=("lose", "push"),
                          doc="a tie below seven: lose = the punter pays one stake (ties go to the banker); "
                              "push = the stake is returned",
                          seed="«имеют преимущество перед ними» (000:227; GAMES.md G06 ambiguity 6)")
    loser_pays: str = option("single", allowed=("single", "banker-natural"),
                             doc="what a beaten punter pays: single = one stake; banker-natural = the banker's "
                                 "natural multiplier when he holds a natural 9/8/7 (3x/2x/1x by default)",
                             seed="«с остальных же получает сам» (000:229; GAMES.md G06 ambiguity 5)")
    shoe_end: str = option("reshuffle", allowed=("reshuffle", "void"),
                           doc="the shoe runs out during a coup: reshuffle = the cards of earlier coups are "
                               "shuffled and the coup is finished from them; void = the coup is cancelled with "
                               "stakes returned. Either way the bank then passes",
                           seed="«после того, как все карты сыграны, банк передается» (000:237; the seed does not "
                                "say what happens to a coup the shoe cannot finish)")

    def check(self):
        from simkit.errors import SimkitError

        if self.overdraw != "void" and self.max_draws == 0:
            raise SimkitError(f"macao: overdraw={self.overdraw!r} has no effect with max_draws=0 (nobody draws); "
                              f"leave overdraw=void")
        if self.replace_drawn_zero and self.max_draws == 0:
            raise SimkitError("macao: replace_drawn_zero=true has no effect with max_draws=0 (nobody draws)")
        if self.replacement_is_draw and self.replace_zero == "none":
            raise SimkitError("macao: replacement_is_draw=true has no effect with replace_zero=none "
                              "(nothing is replaced)")
