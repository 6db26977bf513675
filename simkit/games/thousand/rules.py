"""Thousand rules (G18, «Тысяча одно» and «1000 (2)»; seed file 002 lines 81-101)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option

#: the two versions of the text: «тысяча одно» (002:84-93) and «1000 (2)» (002:95-101)
VERSIONS = ("1001", "1000-2")
#: options that read the «1001» text only; «1000 (2)» states its own rule for each
ONLY_1001 = ("auction", "concede_opponents", "first_lead_marriage")


@dataclass(frozen=True)
class ThousandRules(Rules):
    """Three active players (with four, the dealer sits out), 24 cards A 10 K Q J 9 (A 11,
    10 10, K 4, Q 3, J 2, 9 0; 120). Seven cards each and three to the widow. The player
    on the dealer's left opens the auction; each bids higher or passes and is out; nobody
    bids over 120 without a marriage in hand. The high bidder takes the widow, gives one
    card to each opponent and names his contract. He leads; follow suit, else trump; no
    trump until a marriage (K+Q, led on one's own lead) is declared: its suit becomes trump
    and scores ♥100 ♦80 ♣60 ♠40; a later marriage changes trump. The declarer scores +/-
    his contract; the others their points rounded. The first to 1001 wins.

    ``version="1000-2"`` (002:95-101): bids and scores in tens from 60; the contract is
    final before the widow is opened; the declarer keeps one widow card and gives one to
    each opponent; a follower must head the trick unless it was trumped; a marriage only
    after winning a trick; game to 1000; a player on 850 or more who scores nothing in a
    deal loses 100; a declarer refusing to play loses his bid and each opponent scores
    60. The options marked "1001 only" must stay at their defaults with ``1000-2``,
    which states its own rule for each.

    Read by the kernel as the text gives it, not options: the all-pass rule (GAMES.md G18
    ambiguity 2: when the first two in the auction pass without a bid, the last hand
    takes the widow at the opening bid, then plays or throws in, each other active player
    scoring 50), no cap on the contract but 120 without a marriage in the hand after the
    widow (ambiguity 6), the higher total winning when several reach the target in one
    deal (ambiguity 7), and the idle dealer scoring the widow (ambiguity 8)."""

    GAME = "thousand"
    version: str = option("1001", allowed=VERSIONS,
                          doc="«1001» (opening 40, steps of 5, game to 1001) or «1000 (2)» (tens from 60, contract "
                              "before the widow, heading, the 850 rule, game to 1000)",
                          seed="002:92 «Первый, достигший в записи 1001, выиграл»; 002:97 «Игра ведется в основном по "
                               "правилам «тысячи одного», но с определенными отличиями»")
    players: int = option(3, allowed=(3, 4),
                          doc="players at the table; with four the dealer sits out each deal",
                          seed="002:84 «Игроков трое или четверо. При четырех игроках сдающий в розыгрыше не "
                               "участвует»")
    auction: str = option("literal", allowed=("literal", "standard"),
                          doc="1001 only: open at 40 or more in steps of 5 (literal), or the eldest must open at "
                              "100 and bids go in tens (standard Tysyacha)",
                          seed="002:86 «Минимальная цифра, с которой можно начать торг — 40 очков, а которую можно "
                               "добавить — 5» (GAMES.md G18 ambiguity 1)")
    concede_opponents: int = option(0, allowed=(0, 60),
                                    doc="1001 only: what each opponent scores when the declarer throws in after "
                                        "seeing the widow (the text states nothing: 0), or 60 as in 1000 (2)",
                                    seed="002:91 «имеет право бросить карты и без розыгрыша записать себе эту сумму "
                                         "со знаком минус» (ambiguity 3)")
    allpass_refusal: str = option("minus_contract", allowed=("minus_contract", "throw_in"),
                                  doc="1000 (2) only: the last hand who took the widow after the first two passed "
                                      "and refuses after seeing it scores minus his contract and each opponent "
                                      "+60, as any declarer refusing in 1000 (2) (minus_contract, the text's "
                                      "reading), or as 1001's throw-in: 0 for him, +50 each (throw_in, 002:90)",
                                  seed="002:101 «Игрок, взявший прикуп, имеет право отказаться от розыгрыша, "
                                       "записав себе в минус объявленное до взятия прикупа, противники при этом "
                                       "пишут по 60 очков в плюс»")
    first_lead_marriage: bool = option(True,
                                       doc="1001 only: the declarer may declare a marriage on his very first lead "
                                           "(the text's example), or a marriage needs a trick won first",
                                       seed="002:88 «игрок, выторговавший прикуп, ходит с короля черв и объявляет: "
                                            "«Марьяж»» (ambiguity 4)")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to 1001 (1000), or one deal",
                       seed="002:92 (game) and 002:85-91 (one deal)")
    max_deals: int = option(500, minimum=1, maximum=100_000,
                            doc="engine safeguard: a game not decided after this many deals ends, the higher total "
                                "winning (equal: a draw)",
                            seed="not in the text (scores may fall; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal; the deal passes clockwise",
                               seed="dealer choice unstated")

    @property
    def target(self) -> int:
        """002:92 «Первый, достигший в записи 1001, выиграл»; 002:101 «Игра ведется до 1000 очков»."""
        return 1001 if self.version == "1001" else 1000

    @property
    def step(self) -> int:
        """Bids and scores: multiples of 5 (002:86 «Сумма, называемая игроком, должна быть
        кратна 5»), of 10 in 1000 (2) (002:98 «Счет и торг производятся только кратно 10»)
        and under the standard auction."""
        return 5 if self.version == "1001" and self.auction == "literal" else 10

    @property
    def opening(self) -> int:
        """The lowest opening bid: 40 (002:86), 100 under the standard auction, 60 in 1000 (2)
        (002:98 «Первое объявление — 60»)."""
        if self.version == "1000-2":
            return 60
        return 40 if self.auction == "literal" else 100

    def check(self):
        if self.first_dealer >= self.players:
            raise SimkitError(f"thousand: rule first_dealer={self.first_dealer} is not a seat with "
                              f"players={self.players}; allowed: 0..{self.players - 1}")
        if self.version == "1000-2":
            self.refuse_changed(ONLY_1001, "with version=1000-2, whose text states its own rule")
        else:
            self.refuse_changed(("allpass_refusal",), "with version=1001 (1000 (2) only: 1001's throw-in is 002:90)")
        if self.unit == "deal":
            self.refuse_changed(("max_deals",), "with unit=deal (one deal per unit, no game)")
