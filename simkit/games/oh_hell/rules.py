"""Oh Hell rules (G09, «Черт побери»; seed file 000 lines 311-329 and file 001 lines 1-36)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option

#: deals in a whole game by number of players (000 line 315, 001 line 9)
SEED_DEALS = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}


@dataclass(frozen=True)
class OhHellRules(Rules):
    """Deal ``d`` of a game gives ``d`` cards to each player, one at a time clockwise from
    the dealer's left; the next card is turned and its suit is trump, except on the last
    deal of the game, played without trumps. From the dealer's left each player bids the
    number of tricks he will take (no passing). Follow suit, else any card; highest trump,
    else highest card of the suit led, wins. Exactly making the bid scores 10 + bid, any
    other result 0; the highest total after the last deal wins. (001 line 34's advice that
    the dealer "should bid as many tricks as he has cards" is a garbled translation, not a
    rule: GAMES.md G09 ambiguity 3; the penalty rules of 001 lines 25-31 need only the
    legal-move checks.)"""

    GAME = "oh-hell"
    players: int = option(4, minimum=3, maximum=7, doc="players, each for himself",
                          seed="000:311 «Количество игроков: от трех до семи»; 001:5 «Лучше играть вчетвером»")
    deals: int = option(0, minimum=0, maximum=15,
                        doc="deals in a game (1, 2, ... cards); 0 = the seed's count for the number of players "
                            "(3: 15, 4: 13, 5: 10, 6: 8, 7: 7); fewer shortens the game, whose last deal is then "
                            "deal N",
                        seed="000:315 «При игре в три руки разыгрывается 15 сдач; четверо разыгрывают 13; пятеро - 10; "
                             "шестеро - 8; семеро - 7. Число сдач можно сократить по общей договоренности»")
    cards: int = option(0, minimum=0, maximum=15,
                        doc="0 = the unit is one whole game; K >= 1 = the unit is one deal of K cards, played as "
                            "deal K of a game (so without trumps when K is the game's last deal)",
                        seed="000:315 «В первой сдаче каждый игрок получает по одной карте; во второй - по две, "
                             "и т. д.»")
    hook: bool = option(False, doc="hook rule: the dealer, bidding last, may not make the total of the bids equal "
                                   "the cards in hand",
                        seed="not in the text (GAMES.md G09 ambiguity 1); 000:321 «счетчик объявляет о завышении, "
                             "занижении или балансе торговли»")
    zero_bid: str = option("ten", allowed=("ten", "five_plus_cards"),
                           doc="a made zero bid scores 10 (10 + bid) or 5 + the cards in hand (the seed's variant)",
                           seed="000:327 «заказавший нулевой контракт получает 5 и число очков, равное числу взяток "
                                "в сдаче»")
    last_deal_no_trump: bool = option(True, doc="the last deal of a game is played without trumps (no card is turned)",
                                      seed="000:317 «При розыгрыше последней сдачи партии лицевая карта не "
                                           "вскрывается и объявляется бескозырная игра»")
    ties: str = option("shared", allowed=("shared", "all"),
                       doc="players tied for the highest total share the win (each 1/t of a win) or all count a win",
                       seed="000:329 «Партию выигрывает тот, кто в сумме набрал наибольшее число очков» "
                            "(GAMES.md G09 ambiguity 4)")
    first_dealer: int = option(0, minimum=0, maximum=6,
                               doc="seat that deals the first deal of a game (and every single deal); the deal "
                                   "then passes clockwise (to seat + 1)",
                               seed="000:317 «Право на сдачу переходит по часовой стрелке» (first dealer unstated)")

    @property
    def n_deals(self) -> int:
        """Deals in a whole game (the seed's count unless shortened)."""
        return self.deals or SEED_DEALS[self.players]

    @property
    def single_deal(self) -> bool:
        return self.cards > 0

    @property
    def max_cards(self) -> int:
        """The most cards a player holds in one unit."""
        return self.cards or self.n_deals

    def check(self):
        full = SEED_DEALS[self.players]
        if self.deals > full:
            raise SimkitError(f"oh-hell: deals={self.deals} is more than the seed's {full} deals for "
                              f"{self.players} players (deals may only be shortened); allowed: 0..{full}")
        if self.cards > self.n_deals:
            raise SimkitError(f"oh-hell: cards={self.cards} is more than the {self.n_deals} deals of a game with "
                              f"{self.players} players (deals={self.deals}); allowed: 0..{self.n_deals}")
        if self.first_dealer >= self.players:
            raise SimkitError(f"oh-hell: first_dealer={self.first_dealer} is not a seat of {self.players} players; "
                              f"allowed: 0..{self.players - 1}")
