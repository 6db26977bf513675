"""Treize rules (G03, seed file 000 lines 79-145)."""
from dataclasses import dataclass

from simkit.rules import Rules, option

SEED = "seeds/000 lines 79-145"


@dataclass(frozen=True)
class TreizeRules(Rules):
    """The banker turns cards calling «Двойка!», «Тройка!», ... «Туз!» (2..A); a card of
    the called rank is a match: he takes every stake and calls again from «Двойка»
    with the next card. Thirteen calls without a match: he pays every stake 1:1 and the
    bank passes left. He may reshuffle only when the deck is used up."""

    GAME = "treize"
    deck: int = option(52, allowed=(52, 36, 32),
                       doc="cards in the deck; the calls stay 2..A whatever the deck (a 36-card deck never matches 2-5)",
                       seed="deck not stated («карты»); the 13 calls 2..A imply 13 ranks (GAMES.md G03)")
    deck_end: str = option("continue", allowed=("continue", "void", "restart"),
                           doc="deck used up mid-count: continue = gather all cards, shuffle, continue the count; "
                               "void = stakes returned, shuffle, new coup; restart = shuffle and restart the count at 'two'",
                           seed="«Карты перетасовывать ... разрешено только тогда, когда колода заканчивается» "
                                "(GAMES.md G03 ambiguity 1)")
    reshuffle_every_coup: bool = option(False,
                                        doc="every coup starts from a freshly shuffled deck (the seed forbids it; "
                                            "this is the classical matching problem)",
                                        seed="«Карты перетасовывать после каждого раза он не имеет права»")
    cap_at_bank: bool = option(False, doc="a coup's stake may not exceed the current bank",
                               seed="«ставит любую сумму денег, разумеется, основываясь на сумме, находящейся в банке» "
                                    "(GAMES.md G03 ambiguity 2)")
    bank: int = option(100, minimum=1, maximum=10**9,
                       doc="the banker's starting bank in stake units (used by cap_at_bank and the stake policies)",
                       seed="«основываясь на сумме, находящейся в банке»")

    def check(self):
        from simkit.errors import SimkitError

        if self.reshuffle_every_coup and self.deck_end != "continue":
            raise SimkitError(f"treize: deck_end={self.deck_end!r} has no effect with reshuffle_every_coup=true "
                              f"(a fresh deck never runs out in 13 calls); leave deck_end=continue")
