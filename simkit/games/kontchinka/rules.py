"""Kontchinka rules (G04, «Кончинка»; seed file 000 lines 147-185, file 002 lines 65-77)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option


@dataclass(frozen=True)
class KontchinkaRules(Rules):
    """2-6 players (or 2 v 2), 52 cards, no trumps. The dealer gives 4 cards to each and,
    on the first deal only, 4 face up to the table; when the hands are empty he deals 4
    more each until the stock is out. Eldest plays first, one card a turn: it captures a
    table card of its rank or table cards whose values add up to its own (A = 1, 2-10 at
    pip value), or it is left on the table (no passing). Cards left at the end go to the
    last capturer. Each deal scores 2 for most cards, 1 for most clubs and 1 for each
    kontchinka (2♣, 10♦) taken; the game goes to 15 and may end mid-deal. Variant б
    (000): the jack sweeps the table and the first table is cleaned of pairs and jacks;
    variant а (002): K, Q, J capture only their own rank; the picture variant (000:185):
    K 13, Q 12, J 11 capture sums too and the jack does not sweep."""

    GAME = "kontchinka"
    variant: str = option("b", allowed=("b", "a", "pictures"),
                          doc="b: 000's rules (jack sweeps; K, Q by rank); a: 002's variant а (K, Q, J by rank "
                              "only); pictures: K 13, Q 12, J 11 also capture sums, no sweep",
                          seed="000:153 «Валеты ... берут любые карты»; 002:67 «К, Д, В берутся только картой "
                               "равного достоинства»; 000:185 «король - тринадцать очков, дама - двенадцать, "
                               "валет - одиннадцать»")
    players: int = option(2, minimum=2, maximum=6,
                          doc="players (2-4 as GAMES.md proposes; 5 or 6: the last round is dealt one card at a "
                              "time as far as the stock goes, some seats short)",
                          seed="000:147 «Количество игроков: любое» (GAMES.md G04 ambiguity 6)")
    partnership: bool = option(False, doc="4 players as 2 v 2, partners opposite (seats 0 and 2 against 1 and 3), "
                                          "captures counted jointly",
                               seed="002:67 «Очки на картах партнеров при игре двое на двое считаются совместно»")
    captures: str = option("one", allowed=("one", "several", "not_twice_running"),
                           doc="one: a card makes one capture (one equal card or one summing set); several: any "
                               "disjoint such sets at once (Casino); not_twice_running: a player may not capture "
                               "on two turns in a row",
                           seed="000:159 «Более одной взятки подряд брать нельзя» (ambiguity 1)")
    jack: str = option("sweep", allowed=("sweep", "any_one"),
                       doc="variant b: the jack takes the whole table, or any one table card",
                       seed="000:153 «они берут любые карты»; 002:75 «Он берет все карты, лежащие на столе» "
                            "(ambiguity 2)")
    king_sum: int = option(13, allowed=(13, 14),
                           doc="pictures variant: the sum a king captures (its value 13, or 14 as written)",
                           seed="000:185 «королем можно брать ... несколько карт, очки которых составят "
                                "четырнадцать» (ambiguity 3)")
    cards_tie: str = option("variant", allowed=("variant", "nobody", "each_one"),
                            doc="most cards tied: nobody scores (b, pictures) or each tied player 1 (a); "
                                "variant: as the variant says",
                            seed="002:67 «Если ... игроки взяли равное количество карт ... то каждый из них "
                                 "получает по одному очку» (ambiguity 4)")
    point_suit: str = option("clubs", allowed=("clubs", "hearts"),
                             doc="the suit whose majority scores 1",
                             seed="000:167 «Карты трефовой масти имеют особую ценность»; 002:67 «(в некоторых "
                                  "компаниях — червонной)»")
    small_kontchinka: str = option("2C", allowed=("2C", "AS"),
                                   doc="the kontchinka beside 10♦: 2♣, or A♠ as some companies play variant а",
                                   seed="000:161 «Двойка треф и десятка бубен называются кончинками»; 002:67 "
                                        "«(в некоторых компаниях — туза пик)»")
    cleanup: str = option("variant", allowed=("variant", "on", "off"),
                          doc="the dealer's clean-up of the first table (no pair, no jack): on in b and pictures, "
                              "off in a (variant); or on/off",
                          seed="000:163 «Раздатчик, открыв четыре карты, не должен оставлять две одинаковые или "
                               "валета»")
    forced_capture: bool = option(False, doc="a player able to capture must capture (default: he may trail)",
                                  seed="000:159 «Если взятку нечем перебить, кладется любая карта» (ambiguity 7)")
    game_end: str = option("secured", allowed=("secured", "triggers_000_only"),
                           doc="the game ends the moment a player's secured points reach the target: kontchinki, "
                               "a clinched majority of clubs or cards (secured), or only a kontchinka, both or "
                               "the seventh club (000:181)",
                           seed="000:181 «может закончить игру при розыгрыше, если ему удастся взять кончинку или "
                                "обе кончинки, или же семь треф»; 002:77 (ambiguity 5)")
    target: int = option(15, minimum=1, maximum=1000, doc="points that win the game",
                         seed="000:175 «Выигрывает тот, кто первым набирает 15 очков»")
    settlement: str = option("points", allowed=("points", "pot"),
                             doc="what a game pays (the payoff metric): each loser pays the winner the points he "
                                 "lacks (points) or one stake each (pot)",
                             seed="000:183 «каждый проигравший выплачивает выигравшему столько, сколько у него "
                                  "недостает до 15 ... и на ставку»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target (win rates) or one deal (points per deal)",
                       seed="000:175 (game) and 000:151-173 (one deal)")
    max_deals: int = option(100, minimum=1, maximum=10_000,
                            doc="engine safeguard: a game not decided after this many deals ends, the highest "
                                "total winning (equal totals share the win)",
                            seed="not in the text (every deal scores at least one point, so games end)")
    first_dealer: int = option(0, minimum=0, maximum=5,
                               doc="seat dealing the first deal (and every single deal); the deal passes left "
                                   "after each deal",
                               seed="000:155 «Один и тот же сдатчик остается до окончания колоды»; who deals "
                                    "first is not stated")

    def check(self):
        if self.partnership and self.players != 4:
            raise SimkitError(f"kontchinka: partnership=true needs players=4, got players={self.players}")
        if self.first_dealer >= self.players:
            raise SimkitError(f"kontchinka: first_dealer={self.first_dealer} is not a seat; allowed: "
                              f"0..{self.players - 1}")
        if self.jack != "sweep" and self.variant != "b":
            raise SimkitError(f"kontchinka: jack={self.jack} applies to variant b only (jacks capture by "
                              f"{'rank' if self.variant == 'a' else 'sum'} in variant {self.variant})")
        if self.king_sum != 13 and self.variant != "pictures":
            raise SimkitError(f"kontchinka: king_sum={self.king_sum} applies to variant pictures only")
        if self.unit == "deal":
            for name, default in (("max_deals", 100), ("target", 15), ("settlement", "points")):
                if getattr(self, name) != default:
                    raise SimkitError(f"kontchinka: {name}={getattr(self, name)} has no effect with unit=deal (one "
                                      f"deal per unit, no game); use unit=game or leave {name} at {default}")

    @property
    def tie_each(self) -> bool:
        return self.cards_tie == "each_one" or (self.cards_tie == "variant" and self.variant == "a")

    @property
    def cleans(self) -> bool:
        return self.cleanup == "on" or (self.cleanup == "variant" and self.variant != "a")
