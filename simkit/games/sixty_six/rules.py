"""Sixty-six rules (G20, «Игра 66»; seed file 003 lines 18-47)."""
from dataclasses import dataclass

from simkit.rules import Rules, option


@dataclass(frozen=True)
class SixtySixRules(Rules):
    """Two players, 24 cards A 10 K Q J 9 (A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in the
    cards). Six cards each, one at a time; the next card is turned for trump, the rest is
    the stock; after each trick the winner draws first. While the stock lasts any card may
    be played; a lead is beaten by a higher card of its suit or by a trump. On lead, a
    player holding K+Q of a suit may announce 20 (40 in trumps) and lead one of them. The
    trump nine may be exchanged for the turned trump. A player may close the stock. Once
    the stock is closed or empty: follow suit, trump on trump, trump when void. The last
    trick scores 10. The first to 66 wins the deal: 1 game point, 2 if the loser has under
    33, 3 if he took tricks but no point; a closer who misses 66 loses double. The winner
    of a deal deals the next; the first to 7 (or 8) game points wins.

    Read by the kernel as the text gives it, not options: the winner draws first (003:28),
    the nine exchange needs the player on lead (GAMES.md G20 ambiguity 6) and at least two
    cards in the stock, the turned trump included."""

    GAME = "sixty-six"
    marriage_counts: str = option(
        "at_once", allowed=("at_once", "after_trick"),
        doc="an announced marriage counts at once (literal), or only once its holder has won a trick (standard)",
        seed="003:35 «Эти объявленные им 20 очков приписываются к набранным им очкам, находящимся в его "
             "взятках» (GAMES.md G20 ambiguity 1)")
    failed_close: str = option(
        "double", allowed=("double", "flat"),
        doc="a closer who misses 66 gives twice what his result would give (2, 4; 6 with no trick), or a flat 2 "
            "(3 when he took no trick)",
        seed="003:42 «Если после закрытия колоды игрок, закрывший ее, не добирает полностью 66 очков, он "
             "проигрывает в двойном размере» (ambiguity 2)")
    schwarz: str = option(
        "literal", allowed=("literal", "standard"),
        doc="3 game points when the loser took tricks but no point (literal; a loser with no trick gives 2), or "
            "also when he took no trick (standard)",
        seed="003:45 «В случае если игрок за всю игру не возьмет ни одного очка, хотя будет иметь взятки, "
             "противная сторона открывает 3 очка» (ambiguity 3)")
    must_head: bool = option(
        False, doc="once the stock is closed or empty a follower must also beat the lead if he can (standard)",
        seed="003:39 «партнеры обязаны давать масть на масть и козыря на козыря. Если же у игрока нет нужной "
             "масти, он обязан покрыть козырем» (ambiguity 4: no duty to win)")
    deal_end: str = option(
        "at_66", allowed=("at_66", "play_out"),
        doc="the deal ends as soon as a player's points reach 66, or all cards are played and both at 66 "
            "replay the deal",
        seed="003:22 «Партия остается за тем из игроков, кто первым наберет 66 очков»; 003:47 «Если оба "
             "партнера набирают по 66 очков, партия должна быть переиграна заново» (ambiguity 5)")
    nine_needs_trick: bool = option(
        False, doc="the trump nine may be exchanged only by a player who has won a trick (standard)",
        seed="003:38 «После первой взятки козырной девяткой можно заменить вскрытого козыря» (ambiguity 6)")
    last_trick: str = option(
        "always", allowed=("always", "not_when_closed"),
        doc="the last trick's 10 is scored whether or not the stock was closed (literal), or only when it ran out",
        seed="003:43 «Игрок, который берет последнюю взятку, приписывает к своим очкам ее и еще премию в 10 "
             "очков» (ambiguity 7)")
    no_66: str = option(
        "last_trick", allowed=("last_trick", "higher"),
        doc="when all cards are played and nobody reached 66 (no closer): the winner of the last trick wins the "
            "deal, or the higher points (equal: the last trick)",
        seed="not in the text: 120 + 10 points may split 65-65 or leave both short of 66")
    close_when: str = option(
        "any_lead", allowed=("any_lead", "start_only"),
        doc="the player on lead may close the stock at any of his leads while it has cards, or only before the "
            "first trick",
        seed="003:40 «В случае если игрок в начале игры предполагает ... он может объявить колоду закрытой» "
             "(ambiguity 9)")
    target: int = option(7, allowed=(7, 8), doc="game points that win the game",
                         seed="003:22 «возле каждого игрока кладется семерка или восьмерка» (ambiguity 8)")
    unit: str = option("game", allowed=("game", "deal"),
                       doc="one unit is a whole game to the target, or one deal",
                       seed="003:22-23 (game) and 003:25-47 (one deal)")
    max_deals: int = option(200, minimum=1, maximum=10_000,
                            doc="engine safeguard: a game not decided after this many deals (replays count) ends, "
                                "the higher game points winning (equal: a draw)",
                            seed="not in the text (replayed deals could repeat; a game must end)")
    first_dealer: int = option(0, minimum=0, maximum=1,
                               doc="seat that deals the first deal (the low card of the draw); later the winner "
                                   "of a deal deals",
                               seed="003:25 «Первый раз сдает карты игрок, которому в ходе жеребьевки досталась "
                                    "младшая карта. В ходе игры следующая сдача принадлежит игроку, набравшему 66 "
                                    "очков»")

    def check(self):
        if self.unit == "deal":
            self.refuse_changed(("target", "max_deals"), "with unit=deal (one deal per unit, no game)")
