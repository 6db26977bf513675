"""Semerik rules (G01, a Russian Tressette; seed file 000 lines 1-45)."""
from dataclasses import dataclass

from simkit.errors import SimkitError
from simkit.rules import Rules, option


@dataclass(frozen=True)
class SemerikRules(Rules):
    """Four players, partners opposite (seats 0 & 2 against 1 & 3); 40 cards (A K Q J 7 6 5
    4 3 2), ten each; the deal passes in turn. Card order in every suit 3 2 A K Q J 7 6 5 4.
    The dealer's left leads any card, the trick's winner leads next; follow suit, else any
    card; the highest card of the suit led wins (see ``hearts_trump``). Right after the
    deal each hand's declarations score for its side (triples, Baba = 3-2-A of a suit and
    its extensions, the hearts Baba: :mod:`simkit.games.semerik.scoring`); during play a
    trick with three counters (3 2 A K Q J) scores 1, with four 2; all ten tricks score 4.
    First side to 21 wins, double (42) if the losers have under 11.

    Fixed readings (GAMES.md G01 ambiguities 5 and 5a): «все прочие» (000:15) are the
    other triples (5s, 4s), 1 point each; a card may count both in a Baba and in a triple
    (000:21 «Имеющиеся при Бабе три тройки ... считаются за 4 point» needs the Baba's 3 in
    the triple); several Babas in a hand all score; an extension counts only in order
    (Baba + Q without the K is a bare Baba); a triple of 3s, 2s or As held with any Baba
    of the hand scores 4. Penalties for revokes, talk and looking at old tricks (000:37,
    000:41) punish illegal acts: the engine only makes legal moves."""

    GAME = "semerik"
    hearts_trump: bool = option(False, doc="hearts beat any other suit (as trumps, when void in the suit led); "
                                           "default: no trumps",
                                seed="000:11 «Козырей в семерике нет.» against 000:23 «Главной мастью считаются "
                                     "черви; она может бить любую масть.» (GAMES.md G01 ambiguity 1)")
    trick_points: str = option("per_trick", allowed=("per_trick", "pooled"),
                               doc="counters score per trick (3 in one trick = 1, 4 = 2) as written, or pooled "
                                   "over the side's tricks of the deal (every 3 counters = 1, Tressette)",
                               seed="000:27 «комбинация каких-либо трех карт из названных в одной взятке "
                                    "считается 1 point; за комбинацию четырех карт дается 2 point» (ambiguity 2)")
    four_of_a_kind: str = option("triple", allowed=("triple", "tressette"),
                                 doc="four of a rank scores as its triple, or (Tressette) four 3s, 2s or As "
                                     "score 4",
                                 seed="000:13 «три тройки - 3 point, аналогично, три двойки и три туза» "
                                      "(four not mentioned; ambiguity 3)")
    hearts_baba: str = option("plus2", allowed=("plus2", "bare_only"),
                              doc="hearts Baba 5 and its extensions 2 above the other suits' (8/11/17), or "
                                  "only the bare hearts Baba is 5 and its extensions score as in other suits "
                                  "(6/9/15)",
                              seed="000:25 «Червонная Баба считается 5 point.» with 000:19 «Если при Бабе "
                                   "имеется король той же масти, то считается 6; король и дама - 9; король, "
                                   "дама и валет -15.» (ambiguity 4)")
    partner_overtake: str = option("advisory", allowed=("advisory", "enforce"),
                                   doc="not overtaking a partner's winning trick that holds fewer than three "
                                       "counters is advice to the policies (default), or a legality rule",
                                   seed="000:45 «Взятку партнера не следует перебивать, если во взятке не "
                                        "находится трех или четырех карт из п. 18.» (ambiguity 6)")
    last_trick: int = option(0, minimum=0, maximum=10,
                             doc="points for winning the last trick: none in the text (0); Tressette's «ultima» "
                                 "scores 1",
                             seed="not in the text: 000:27-29 score counters per trick and all ten tricks only")
    game_end: str = option("immediate", allowed=("immediate", "deal_end"),
                           doc="the game ends the moment a side reaches the target, mid-deal (the side "
                               "scoring first wins), or only at the end of a deal (the higher total wins)",
                           seed="000:33 «Подсчет point производится сразу же после раздачи, до первого хода; "
                                "комбинации карт во взятках добавляются во время игры.» (ambiguity 7)")
    target: int = option(21, minimum=1, maximum=10_000, doc="points that win the game",
                         seed="000:7 «Одна игра состоит из двадцати одного очка (point).»")
    double_below: int = option(11, minimum=0, maximum=10_000,
                               doc="the win counts double when the losers have fewer points than this",
                               seed="000:31 «Игроки, набравшие 21 point в то время, как у противников менее 11, "
                                    "записывают выигрыш вдвойне»")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target (win rates) or one deal (declaration and "
                           "trick-point distributions)",
                       seed="000:7 «Одна игра состоит из двадцати одного очка» (game); 000:33 «Подсчет point производится сразу же после раздачи» (one deal)")
    max_deals: int = option(200, minimum=1, maximum=10_000,
                            doc="engine safeguard: a game not decided after this many deals ends, the higher "
                                "total winning (equal totals: a draw)",
                            seed="not in the text (a deal may score nothing; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=3,
                               doc="seat that deals the first deal (and every single deal); the deal passes "
                                   "clockwise",
                               seed="000:7 «Раздают по очереди.» (who starts is unstated)")

    def check(self):
        if self.double_below > self.target:
            raise SimkitError(f"semerik: double_below={self.double_below} exceeds target={self.target}: the "
                              f"losers of a game always have fewer than the target; give 0..{self.target}")
        if self.unit == "deal":
            self.refuse_changed(("target", "double_below", "game_end", "max_deals"),
                                "with unit=deal (one deal per unit, no game)")
