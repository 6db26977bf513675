"""Blackjack rules (G05, seed file 000 lines 187-211; GAMES.md G05).

Every rule of the seed text and every ambiguity GAMES.md lists is an option below, with
GAMES.md's proposed default. Option names are the ones users script against.
"""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option

SEED = "seeds/000 lines 187-211"
DECKS = (1, 2, 4, 6, 8, "inf")
MAX_PLAYERS = 7
#: the kernel's hard limit on hands per box; ``max_hands=0`` (no limit) means this many
MAX_HANDS_CAP = 64


@dataclass(frozen=True)
class BlackjackRules(Rules):
    """Player against dealer: reach 21 or nearer than the dealer without passing it;
    a blackjack (ace and a ten-value card on a box's first two cards) pays 3:2; the
    dealer draws below 17 and stands on 17 or more; equal totals push (000:193-199)."""

    GAME = "blackjack"
    decks: object = option(6, allowed=DECKS,
                           doc="52-card decks in the shoe; inf = an infinite deck (every card drawn with "
                               "replacement, the exact calculator's model)",
                           seed="deck count not stated («Дополнительно: карты», 000:191; GAMES.md G05 ambiguity 1)")
    penetration: float = option(0.75, minimum=0.1, maximum=1.0,
                                doc="share of the shoe dealt before the cut card; the round in progress is "
                                    "finished and the shoe is shuffled before the next round",
                                seed="shuffle point not stated (GAMES.md G05 ambiguity 1)")
    continuous_shuffle: bool = option(False,
                                      doc="every round is dealt from a freshly shuffled full shoe "
                                          "(a continuous shuffling machine)",
                                      seed="shuffle point not stated (GAMES.md G05 ambiguity 1, option)")
    players: int = option(1, minimum=1, maximum=MAX_PLAYERS,
                          doc="boxes at the table sharing the shoe, all played by the same policy",
                          seed="«Количество игроков: любое» (000:189)")
    soft17: str = option("stand", allowed=("stand", "hit"),
                         doc="dealer on soft 17 (an ace counted 11): stand (S17) or hit (H17)",
                         seed="«Дилер обязан брать карту, если у него меньше 17 очков и остановиться если у него "
                              "17 или более очков» (000:195; GAMES.md G05 ambiguity 3)")
    hole_card: str = option("peek", allowed=("peek", "none", "none-obo"),
                            doc="peek = US hole card, the dealer checks for blackjack under an ace or ten and a "
                                "player loses only the original bet to it; none = no hole card (European), a "
                                "dealer blackjack takes all doubled and split money; none-obo = no hole card, "
                                "original bets only",
                            seed="«Дилер сдает себе одну карту лицом вверх или тоже две карты, одну их которых "
                                 "переворачивает» (000:195; GAMES.md G05 ambiguity 2)")
    blackjack_pays: str = option("3:2", allowed=("3:2", "6:5", "1:1"),
                                 doc="payout of a player's blackjack that the dealer does not match",
                                 seed="«Блэк Джек ... оплачивается в соотношении 3:2» (000:195)")
    double: str = option("any", allowed=("any", "9-11", "10-11"),
                         doc="two-card hands that may double: any total but 21, or only hard 9-11 or 10-11",
                         seed="«Если у игрока на руке только две карты, сумма очков которых не составляет 21, он "
                              "может удвоить свою ставку» (000:199; GAMES.md G05 ambiguity 4)")
    das: bool = option(True, doc="double after a split (split aces never double: they take one card)",
                       seed="double allowed on any two-card hand (000:199; GAMES.md G05 ambiguity 4)")
    max_hands: int = option(0, minimum=0, maximum=MAX_HANDS_CAP,
                            doc=f"most hands a box may split into (2 = no resplit, 1 = no split); 0 = no limit "
                                f"(the kernel holds up to {MAX_HANDS_CAP}, reached with probability below 1e-25)",
                            seed="«игрок может сделать еще одно или несколько разделений» (000:203; GAMES.md G05 "
                                 "ambiguity 5)")
    resplit_aces: bool = option(True, doc="a split ace that draws another ace may be split again",
                                seed="«Если после раздачи на руках снова оказались карты одинакового достоинства, "
                                     "игрок может сделать еще одно или несколько разделений» (000:203; GAMES.md G05 "
                                     "ambiguity 5)")
    surrender: str = option("late", allowed=("none", "late", "early"),
                            doc="give up half the bet on the first two cards: late = only if the dealer has no "
                                "blackjack (after the peek; with no hole card a dealer blackjack still takes the "
                                "whole bet), early = before the dealer checks, or none",
                            seed="«Игрок имеет право отказаться от игры на первых двух картах, потеряв при этом "
                                 "половину от первоначальной ставки» (000:209; GAMES.md G05 ambiguity 6)")
    insurance: bool = option(True,
                             doc="insurance offered under a dealer ace: a side bet of exactly half the bet, "
                                 "paying 2:1 against a dealer blackjack",
                             seed="«Если первая карта дилера - туз, игрок может сделать страховочную ставку от Блэк "
                                  "Джека, равную половине первоначальной. Эта страховка выигрывает 2:1» (000:207; "
                                  "GAMES.md G05 ambiguity 7)")

    @property
    def infinite(self) -> bool:
        return self.decks == "inf"

    @property
    def hands_limit(self) -> int:
        """Most hands per box the kernel allows (``max_hands``, or the cap for no limit)."""
        return self.max_hands or MAX_HANDS_CAP

    def check(self):
        default_pen = type(self).__dataclass_fields__["penetration"].default
        if self.infinite and self.continuous_shuffle:
            raise SimkitError("blackjack: continuous_shuffle=true has no meaning with decks=inf "
                              "(an infinite deck is never depleted); use one or the other")
        if (self.infinite or self.continuous_shuffle) and self.penetration != default_pen:
            what = "decks=inf" if self.infinite else "continuous_shuffle=true"
            raise SimkitError(f"blackjack: penetration={self.penetration!r} has no effect with {what} "
                              f"(no cut card); leave penetration at {default_pen}")
        if self.decks != "inf" and self.players > 1:
            need = 9 * (self.players + 1)
            if self.decks * 52 < need:
                raise SimkitError(f"blackjack: players={self.players} need more than {self.decks} deck(s): "
                                  f"allowed up to {self.decks * 52 // 9 - 1} boxes with {self.decks} deck(s)")
