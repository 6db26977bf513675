"""G21 Polignac (as seed file 003 lines 48-52 describes it; GAMES.md G21): three players
(option: 2-8), 52 cards, the last card turned for trump and out of play; +1 per trick,
jacks taken cost J♥ 4, J♦ 3, J♣ 2, J♠ 1; a game runs until a player reaches 20 plus
points. Unit = a whole game (default) or one deal (``unit=deal``). Runs on the trick
engine; the penalty bookkeeping and the simulation player are shared with Tyotka
(:mod:`simkit.games.penalty_tricks`); kernels in :mod:`.nb`, the play heuristic in
:mod:`.play`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import R_PLAY
from simkit.games.base import kernel as lazy
from simkit.games.penalty_games import PenaltyTrickGame
from simkit.games.polignac import codes
from simkit.games.polignac.policies import PARAM_SLOTS, PLAY
from simkit.games.polignac.rules import PolignacRules
from simkit.games.tricks_base import NO_USER_PLAY, SUIT_NAMES


class Polignac(PenaltyTrickGame):
    id = "polignac"
    title = "Polignac (Полиньяк)"
    description = "three-hand plus-trick game with a turned trump and jack penalties, to 20 plus points"
    unit = "game"
    Rules = PolignacRules
    report = lazy("simkit.games.polignac.report")
    nb = lazy("simkit.games.polignac.nb")
    roles = [PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY)}
    choose_cb = lazy("simkit.games.polignac.play:polignac_choose_cb")
    kernel = lazy("simkit.games.polignac.nb:polignac_chunk_nb")
    stats_bundle = lazy("simkit.games.polignac.nb:PolignacStats")
    trick_tables = lazy("simkit.games.polignac.scoring:TABLES")
    headline_doc = lazy("simkit.games.polignac.report:HEADLINE_DOC")
    chunk_hint = 1 << 9
    conformance_hands = 60
    study_hands = 5_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 400_000),
                   ("games to 20, heuristic play", {}, None, 5_000)]
    conformance_cases = [
        ({}, None),
        ({"players": 4, "end_rule": "gross", "follow_suit": False, "first_dealer": 3},
         {"play": "simulation:samples=2|random|heuristic|random"}),
    ]

    def _players(self, rules):
        return rules.players

    def _opts(self, rules):
        from simkit.games.penalty_tricks import pack_game
        from simkit.games.polignac.scoring import JACK_PENALTY

        return pack_game(rules, self.nb.O, JACK_PENALTY, -1, False)

    def _new_stats(self, rules, n_groups):
        from simkit.games.polignac.scoring import cards_each

        P = rules.players
        return Stats(pen_hist=np.zeros((P, 11), np.int64), trick_hist=np.zeros((P, cards_each(P) + 1), np.int64),
                     net_hist=np.zeros((P, self.nb.NET_BINS), np.int64), net_mom=moments(P), pos_mom=moments(P),
                     jacks=np.zeros((P + 1, 4), np.int64), dealer_mom=moments(1), counters=np.zeros(3, np.int64),
                     game_len=moments(1), game_win=moments(P), game_net=moments(P), group_mom=moments(2 * n_groups))

    def deal_words(self, err):
        return f" ({self.trump_words(err)} trump)"

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (52 cards, a string or codes:
        ``51 // players`` each one at a time from the dealer's left; the last card is
        turned for trump) by the kernel's own code. Returns the hands as dealt, the trump
        card, tricks, jack penalties and net points per seat, and the audit counts."""
        from simkit.core.tricks import S_SIZE, S_WON

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        P = rules.players
        order = self.check_order(cards, deck(52), 52, exactly=True)
        self.check_seat("dealer", dealer, P)
        seats, fns = self.seat_policies(policies, P)
        inp = self.inputs(deck(52), self._opts(rules), self.trick_tables, seats)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        pen = np.zeros(8, np.int64)
        if not self.nb.one_deal_nb(order, inp, self.hooks(fns), dealer, int(seed), state, hands, pen):
            self.raise_err(inp.err, policies)
        audit_out = inp.audit_out
        won = [int(t) for t in state[S_WON:S_WON + P]]
        return {"hands": [format_cards(cards_of(h)) for h in hands[:P]], "trump_card": format_cards([order[51]]),
                "trump": SUIT_NAMES[int(order[51]) & 3], "tricks": won, "jack_penalties": [int(x) for x in pen[:P]],
                "net": [w - int(x) for w, x in zip(won, pen[:P])],
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = Polignac()
