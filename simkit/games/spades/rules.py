"""Spades rules (G07, «пики всегда козыри»; seed file 000 lines 239-259)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option


@dataclass(frozen=True)
class SpadesRules(Rules):
    """Four players, partners opposite (seats 0 & 2 against 1 & 3); 13 cards each, dealt one
    at a time; spades are always trumps. Each player bids 1-13 tricks, nil (0) or, before
    looking at his cards, double nil; the partners' bids make the side's contract. A nil
    bidder and his partner exchange three cards after the bidding, unless both bid nil.
    The dealer's left leads any suit but spades until spades are broken. Follow suit, else
    any card; highest spade, else highest card of the suit led, wins. A made contract
    scores 10 per contracted trick and 1 per overtrick, a set one -10 per contracted trick;
    nil +-100, double nil +-200, scored apart from the partner's contract; both partners
    nil: +200 if both make it, else the side loses its whole score. Game: 500.

    Two readings with no effect here: exchange timing (GAMES.md G07 ambiguity 5: nobody
    bids after seeing exchanged cards in either reading, so all exchanges happen after
    the bidding) and the minimum bid (ambiguity 6: a bid of 0 *is* nil, numeric bids are
    1-13)."""

    GAME = "spades"
    bidding_start: str = option("dealer", allowed=("dealer", "eldest"),
                                doc="who bids first: the dealer (literal) or the player on his left (modern Spades)",
                                seed="000:245 «Начиная со сдатчика, каждый игрок по очереди заказывает число взяток» "
                                     "(GAMES.md G07 ambiguity 1)")
    nil_tricks: str = option("separate", allowed=("separate", "count_for_partner"),
                             doc="a nil bidder's tricks are wasted (separate accounts) or count towards his "
                                 "partner's contract",
                             seed="000:253 «Если один из партнеров заказал нуль, ведутся отдельные счета, которые "
                                  "затем суммируются» (ambiguity 2)")
    double_nil: bool = option(True, doc="double nil may be bid (blind, before looking at one's cards)",
                              seed="000:249 «Не заглядывая в карты руки любой игрок может объявить «двойной нуль»»")
    both_double_nil: int = option(200, allowed=(200, 400),
                                  doc="what a side scores when both partners bid double nil and both make it "
                                      "(200 as written, or 400)",
                                  seed="000:257 «Если оба партнера заказали нуль или двойной нуль, сторона получает "
                                       "200» (ambiguity 3)")
    bags: str = option("none", allowed=("none", "ten_for_100"),
                       doc="overtrick (bag) penalty: none (the text), or -100 for every 10 accumulated overtricks",
                       seed="not in the text: «Взятки, превышающие контракт, приносят по одному очку каждая» "
                            "(ambiguity 4)")
    spades_broken: str = option("discard", allowed=("discard", "any_spade"),
                                doc="spades may be led once a spade was discarded on another suit in an earlier "
                                    "trick (literal), or once any spade was played",
                                seed="000:251 «С пик можно ходить только после «открытия» масти сносом пиковой "
                                     "карты в предшествующей взятке (или когда у игрока нет другой масти)»")
    target: int = option(500, minimum=10, maximum=100_000, doc="points that win the game",
                         seed="000:259 «Партия стоит 500 очков»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target (win rates) or one deal (bid accuracy)",
                       seed="000:259 (game) and 000:243-257 (one deal)")
    max_deals: int = option(200, minimum=1, maximum=10_000,
                            doc="engine safeguard: a game not decided after this many deals ends, the higher "
                                "total winning (equal totals: a draw)",
                            seed="not in the text (scores may fall; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal (and every single deal); the deal passes clockwise",
                               seed="dealer choice unstated")

    def check(self):
        if self.unit == "deal":
            for name, default in (("max_deals", 200), ("target", 500)):
                if getattr(self, name) != default:
                    raise SimkitError(f"spades: {name}={getattr(self, name)} has no effect with unit=deal (one deal "
                                      f"per unit, no game); use unit=game or leave {name} at {default}")
