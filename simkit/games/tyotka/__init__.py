"""G16 Tyotka («тётка»: queens and the photograph; seed file 002 lines 48-53; GAMES.md G16).

Four players, each for himself, avoid tricks: one penalty point each for every queen
taken, the photograph, the most tricks and the counting trick; rubbers to 21 with full
pairwise settlement, a party of four rubbers. Unit = a party (default), a rubber or one
deal (``unit=``). Runs on the trick engine; the penalty bookkeeping and the policies are
shared with Polignac (:mod:`simkit.games.penalty_tricks`); kernels in :mod:`.nb`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import R_PLAY
from simkit.errors import SimkitError
from simkit.games.base import kernel as lazy
from simkit.games.penalty_games import PenaltyTrickGame
from simkit.games.tricks_base import NO_USER_PLAY
from simkit.games.tyotka import codes
from simkit.games.tyotka.policies import PARAM_SLOTS, PLAY
from simkit.games.tyotka.rules import TyotkaRules


class Tyotka(PenaltyTrickGame):
    id = "tyotka"
    title = "Tyotka (Тётка)"
    description = "avoid queens, the photograph, the most tricks and the counting trick; rubbers to 21, parties of 4"
    unit = "party"
    Rules = TyotkaRules
    report = lazy("simkit.games.tyotka.report")
    nb = lazy("simkit.games.tyotka.nb")
    roles = [PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY)}
    choose_cb = lazy("simkit.games.tyotka.play:tyotka_choose_cb")
    kernel = lazy("simkit.games.tyotka.nb:tyotka_chunk_nb")
    stats_bundle = lazy("simkit.games.tyotka.nb:TyotkaStats")
    trick_tables = lazy("simkit.games.tyotka.scoring:TABLES")
    headline_doc = lazy("simkit.games.tyotka.report:HEADLINE_DOC")
    chunk_hint = 1 << 8
    conformance_hands = 40
    study_hands = 2_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 400_000),
                   ("parties of four rubbers, heuristic play", {}, None, 500)]
    conformance_cases = [
        ({}, None),
        ({"unit": "rubber", "dealer": "per_deal", "target": 15, "first_dealer": 2},
         {"play": "simulation:samples=2|random|heuristic|random"}),
    ]

    def _players(self, rules):
        return 4

    def _opts(self, rules):
        from simkit.games.penalty_tricks import pack_game
        from simkit.games.tyotka.scoring import QUEEN_PENALTY

        return pack_game(rules, self.nb.O, QUEEN_PENALTY, 0, True)

    def _new_stats(self, rules, n_groups):
        from simkit.games.tyotka.scoring import TRICKS

        nb = self.nb
        return Stats(pen_hist=np.zeros((4, nb.DEAL_PENALTIES + 1), np.int64),
                     trick_hist=np.zeros((4, TRICKS + 1), np.int64), pen_mom=moments(4), pos_mom=moments(4),
                     kinds=np.zeros((4, 4), np.int64), dealer_mom=moments(1), count_hist=np.zeros(TRICKS, np.int64),
                     counters=np.zeros(5, np.int64), rub_len=moments(1), len_hist=np.zeros(nb.MAX_LEN, np.int64),
                     rub_settle=moments(4), rub_pos=moments(4), rub_win=moments(4), unit_settle=moments(4),
                     unit_win=moments(4), group_mom=moments(2 * n_groups))

    def play_deal(self, cards, photo, *, rules=None, policies=None, dealer=0, scores=(0, 0, 0, 0), seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (52 cards, a string or codes:
        one at a time from the dealer's left) with photograph ``photo`` (a card, e.g.
        ``"QS"``) by the kernel's own code; ``scores`` = the rubber's penalties before the
        deal (policies may read them). Returns the hands as dealt, the winner of each trick,
        tricks and penalties per seat, the counting trick (1-based), the seat penalised for
        the most tricks and the audit counts."""
        from simkit.core.tricks import S_SIZE, S_WON, deal_round_nb
        from simkit.games.tyotka.scoring import TABLES, TRICKS, counting_trick_nb, most_tricks_seat_nb

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(52), 52, exactly=True)
        self.check_seat("dealer", dealer, 4)
        ph = self.check_order([photo] if isinstance(photo, (int, np.integer)) else str(photo), deck(52), 1,
                              exactly=True)
        if len(scores) != 4 or any(not isinstance(x, (int, np.integer)) or x < 0 for x in scores):
            raise SimkitError(f"tyotka: scores={scores!r} must be four penalty totals >= 0")
        seats, fns = self.seat_policies(policies, 4)
        inp = self.inputs(deck(52), self._opts(rules), TABLES, seats)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        pen = np.zeros(4, np.int64)
        winners = np.zeros(TRICKS, np.int64)
        p = int(ph[0])
        if not nb.one_deal_nb(order, inp, self.hooks(fns), dealer, int(seed), state, p, np.asarray(scores, np.int64),
                              pen, winners):
            self.raise_err(inp.err, policies)
        deal_round_nb(order, 4, TRICKS, dealer, hands)
        audit_out = inp.audit_out
        ct = int(counting_trick_nb(p))
        return {"hands": [format_cards(cards_of(h)) for h in hands[:4]], "winners": [int(w) for w in winners],
                "tricks": [int(t) for t in state[S_WON:S_WON + 4]], "penalties": [int(x) for x in pen],
                "counting_trick": ct, "counting_seat": int(winners[ct - 1]),
                "most_tricks_seat": int(most_tricks_seat_nb(winners, TRICKS, 4)),
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = Tyotka()
