"""Babochka rules (G14, «Бабочка»; seed file 002 lines 26-29)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option


@dataclass(frozen=True)
class BabochkaRules(Rules):
    """3 or 4 players, 52 cards. Everyone antes to the pot; the dealer gives 3 cards each
    and lays 7 (3 players) or 4 (4 players) face up. Cards capture as in Kontchinka's
    variant а: a table card of equal rank, or numeral cards adding up to the card's value
    (A = 1); K, Q, J only their own rank. A player who cannot capture lays his card on
    the table and pays into the pot. Whoever captured with all three of his cards takes
    the pot; if nobody did, everyone antes again and 3 more cards each are dealt with no
    new table cards, so the pot grows until somebody does."""

    GAME = "babochka"
    players: int = option(3, allowed=(3, 4), doc="players; 7 table cards with 3, 4 with 4",
                          seed="002:26 «Игроков трое или четверо»; 002:27 «при трех игроках семь, при четырех — "
                               "четыре карты»")
    ante: int = option(1, minimum=1, maximum=1000, doc="each player's stake into the pot at every deal",
                       seed="002:26 «Каждый из игроков ставит на кон заранее определенную сумму»; 002:28 "
                            "«доставляется кон»")
    trail_fee: int = option(1, minimum=0, maximum=1000, doc="what a player pays into the pot for each card he "
                                                             "lays on the table",
                            seed="002:28 «кладет в кон заранее обусловленную сумму» (GAMES.md G14 ambiguity 4)")
    turns: str = option("one_card", allowed=("one_card", "all_three"),
                        doc="one card a turn clockwise (three rounds, as in Kontchinka), or each player in turn "
                            "plays all three of his cards",
                        seed="002:28 «в соответствии с правилами варианта «а» игроки берут карты» (ambiguity 1)")
    forced_capture: bool = option(False, doc="a player able to capture must capture (default: he may lay a card "
                                             "down instead, paying the trail fee for it), as in Kontchinka: the "
                                             "same kind of sentence, read as GAMES.md G04 ambiguity 7 reads it "
                                             "(G14: captures follow Kontchinka variant а)",
                                  seed="002:28 «Если игрок не может взять карту, он выкладывает свою на стол»; "
                                       "002:67 «Если игрок не может взять взятку, то он кладет свою карту» "
                                       "(G04 ambiguity 7: capturing optional by default)")
    both_complete: str = option("first", allowed=("first", "split"),
                                doc="two players capturing with all three cards: the first to complete takes the "
                                    "pot at once, or the deal is finished and they split it",
                                seed="002:28 «Игрок, взявший всеми своими тремя картами ... забирает кон» "
                                     "(ambiguity 2)")
    stock_end: str = option("new_layout", allowed=("new_layout", "keep_table"),
                            doc="stock too short for a deal: gather everything, reshuffle and lay a new table, "
                                "or reshuffle the captured cards into the stock and keep the table",
                            seed="not in the text (ambiguity 3)")
    dealer_passes: str = option("every_deal", allowed=("every_deal", "same_pot"),
                                doc="the deal passes left after every deal, or the same dealer re-deals until the "
                                    "pot is taken",
                                seed="002:29 «Следующим сдатчиком становится игрок, сидящий слева от предыдущего "
                                     "сдатчика»")
    max_deals: int = option(1000, minimum=1, maximum=100_000,
                            doc="engine safeguard: a pot not taken after this many deals is returned to those who "
                                "paid it",
                            seed="not in the text (a pot is taken with probability one)")
    first_dealer: int = option(0, minimum=0, maximum=3, doc="seat that deals the first deal of every pot",
                               seed="not stated")

    def check(self):
        if self.first_dealer >= self.players:
            raise SimkitError(f"babochka: first_dealer={self.first_dealer} is not a seat; allowed: "
                              f"0..{self.players - 1}")
