"""Kozel rules (G11, the old four-player individual Kozyol; seed file 002 lines 1-6)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class KozelRules(Rules):
    """Four players, each for himself; 32 cards. Points A 11, 10 10, K 4, Q 3, J 2 (120 a
    deal). The jacks are permanent top trumps J♣ > J♠ > J♥ > J♦, then the trump suit A 10 K
    Q 9 8 7; plain suits the same without their jack. After the shuffle the top card is
    turned: it belongs to the dealer and its suit is trump for both halves of the deck. The
    dealer gives four cards each (half the deck) and leads; follow suit, else trump, else
    any card. After each half the card points in each player's tricks are counted (see
    ``half_winner``). Each player starts with 12 marks against each other player; the
    winner of a half crosses off 2 against each opponent, 1 against the dealer; whoever
    wipes out all his marks against someone wins the *kozyol* (the match). The same dealer
    deals the second half with the same trump; then the deal passes left.

    Fixed readings (GAMES.md G11 ambiguities 3 and 4): a turned jack makes its printed suit
    trump; a jack belongs to the trumps, never to its printed suit (a jack lead is a trump
    lead). The dealer wins his own half like anyone else and then crosses 2 off each
    opponent (002:4 names only the dealer as the one crossed at 1)."""

    GAME = "kozel"
    half_winner: str = option("literal_61", allowed=("literal_61", "scaled_majority", "most_points"),
                              doc="who wins a half: a player with 61 card points or more (literal: a half "
                                  "holds about 60, so most halves have no winner), a player with more than "
                                  "half of the points in that half, or the unique highest total (ties: nobody)",
                              seed="002:3 «По окончании розыгрыша первой половины колоды производится подсчет "
                                   "количества очков во взятках каждого игрока. Набравший 61 очко и более "
                                   "выигрывает партию.» (GAMES.md G11 ambiguity 1)")
    turnup_to_dealer: bool = option(True, doc="the turned card is one of the dealer's four cards of the first "
                                              "half (default); false: it only shows trump and is dealt in turn "
                                              "like any other card",
                                    seed="002:2 «Верхняя карта колоды после тасовки вскрывается и принадлежит "
                                         "сдатчику.» (ambiguity 2)")
    marks: int = option(12, minimum=1, maximum=1_000,
                        doc="marks each player writes against each other player; wiping out all of them "
                            "against one opponent wins the match",
                        seed="002:4 «Для подсчета выигрышей каждый игрок записывает на других игроков по 12 "
                             "очков.»")
    unit: str = option("match", allowed=("match", "deal"),
                       doc="one unit is a whole match (the kozyol: win rates, match length) or one deal (two "
                           "halves with the same trump: card points, decisive halves)",
                       seed="002:4 «Списавший с кого-нибудь все 12 очков выигрывает «козла» или кон.» (match); "
                            "002:5 «После розыгрыша первой половины колоды тем же сдатчиком сдается вторая "
                            "половина.» (deal)")
    max_deals: int = option(20_000, minimum=1, maximum=1_000_000,
                            doc="engine safeguard: a match not decided after this many deals ends, won by the "
                                "player nearest to the kozyol (the fewest marks left against one opponent); "
                                "equal: they share the win",
                            seed="not in the text (under the literal 61 rule few halves have a winner)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal (and every single deal)",
                               seed="002:6 «Следующим сдает сидящий по левую руку от предыдущего сдатчика.» "
                                    "(who starts is unstated)")

    def check(self):
        if self.unit == "deal":
            self.refuse_changed(("marks", "max_deals"), "with unit=deal (one deal per unit, no match)")
