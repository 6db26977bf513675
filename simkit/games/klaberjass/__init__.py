"""G10 Klaberjass (Clobyosh): two players, 32 cards, take / pass / schmeiss, the dix,
sequences, bella, the stich, game to 500.

Seed file 000 lines 331-391; GAMES.md G10. Unit = one game to the target (``unit=game``)
or one played deal (``unit=deal``: deals thrown in are dealt again by the next dealer).
The rules in :mod:`.rules`, the rule pieces in :mod:`.scoring`, the kernels on the shared
trick engine in :mod:`.nb`, exact chances of a dealt hand in :mod:`.exact`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_PHASE, E_SEAT, E_UNIT, R_PLAY
from simkit.errors import SimkitError
from simkit.games.base import kernel
from simkit.games.klaberjass import codes
from simkit.games.klaberjass.policies import BID, DECLARE, PARAM_SLOTS, PLAY
from simkit.games.klaberjass.rules import KlaberjassRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES, TrickGame

_ASKED = {codes.PHASE_ROUND1: ("bid", "calling in round 1; a call is 0 (pass), 1 (take) or 2 (schmeiss)"),
          codes.PHASE_ROUND2: ("bid", "calling in round 2; a call is 0 (pass) or 1 + a suit other than the turned one"),
          codes.PHASE_ANSWER: ("bid", "answering a schmeiss; answer 1 (accept) or 0 (refuse)"),
          codes.PHASE_DIX: ("declare", "asked whether to exchange the dix; answer 1 or 0"),
          codes.PHASE_SEQ: ("declare", "asked whether to declare sequences; answer 1 or 0"),
          codes.PHASE_BELLA: ("declare", "asked whether to announce bella; answer 1 or 0")}


class Klaberjass(TrickGame):
    id = "klaberjass"
    title = "Klaberjass (Клабор)"
    description = ("two-hand trick game: take / pass / schmeiss, the dix, sequences, bella, the stich, game to 500 "
                   "(maker success, win rate)")
    unit = "game"
    hands_word = "units"
    Rules = KlaberjassRules
    report = kernel("simkit.games.klaberjass.report")
    nb = kernel("simkit.games.klaberjass.nb")
    roles = [BID, DECLARE, PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY),
                 "bid": (codes.R_BID, PARAM_SLOTS["bid"], codes.N_BID_PARAMS, NO_USER_BID),
                 "declare": (codes.R_DECLARE, PARAM_SLOTS["declare"], codes.N_DECL_PARAMS, NO_USER_BID)}
    headline = "contract_made_rate"
    headline_doc = kernel("simkit.games.klaberjass.report:HEADLINE_DOC")
    chunk_hint = 1 << 10
    conformance_hands = 40
    study_hands = 4_000
    bench_cases = [("random calls and play, single deals", {"unit": "deal"}, "random", 200_000),
                   ("games to 500, heuristic", {}, None, 5_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "deal", "bete": "standard_bete", "bella": "either", "dealer_delays_dix": True, "first_dealer": 1},
         {"bid": "random|heuristic:schmeiss=10", "declare": "random", "play": "random|heuristic"}),
        ({"target": 200}, {"bid": "simulation:samples=2|heuristic"}),
    ]

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.klaberjass.scoring import TABLES

        nb = self.nb
        seats, fns = self.seat_policies(policies, 2)
        st = Stats(contracts=np.zeros((2, 2, 3, 4, 3), np.int64), held=np.zeros((2, 11), np.int64),
                   margin=np.zeros((3, 2 * nb.MARGIN_OFFSET + 1), np.int64),
                   points=np.zeros((2, nb.MAX_DEAL_SCORE + 1), np.int64), tricks=np.zeros((2, 10), np.int64),
                   dealer_diff=np.zeros(2 * nb.MAX_DEAL_SCORE + 1, np.int64), counters=np.zeros(10, np.int64), game_win=moments(2),
                   game_score=moments(2), game_len=moments(1), group_mom=moments(int(seats.group.max()) + 1))
        inp = self.inputs(deck(32), pack(rules, nb.O), TABLES, seats)
        nb.klaberjass_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, nb.after_trick_cb, *fns),
                                       nb.KlaberjassStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def game_situation(self, err, where):
        role, asked = _ASKED.get(int(err[E_PHASE]), ("bid", "deciding"))
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        return role, (f"{where}deal {int(err[E_DEAL])} (turned suit {self.trump_words(err)}), seat "
                      f"{int(err[E_SEAT])} holding {hand} {asked}")

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, scores=(0, 0), seed=0) -> dict:
        """Play one deal from the 32-card order ``cards`` (a string or codes) with the
        kernel's own code: three cards to the non-dealer, three to the dealer, three and
        three more, the turned card (the 13th), after the auction three more to the
        non-dealer and three to the dealer; the 20th is the bottom card shown.
        ``scores`` are the game's totals before the deal (policies may read them). Returns
        the hands as dealt, the calls, ``thrown`` (None, "schmeiss" or "passed"), and for a
        played deal the maker, contract, trump, dix, sequence and bella points, card points
        (stich included), tricks, totals and scores."""
        from simkit.core.tricks import S_BID, S_SCORE, S_SIZE, S_WON
        from simkit.games.klaberjass.scoring import BELLA, TABLES

        nb, report = self.nb, self.report
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(32), 32, exactly=True)
        self.check_seat("dealer", dealer, 2)
        seats, fns = self.seat_policies(policies, 2)
        state = np.zeros(S_SIZE, np.int64)
        state[S_SCORE], state[S_SCORE + 1] = scores
        state[nb.S_TARGET] = rules.target
        deal_scores = np.zeros(2, np.int64)
        inp = self.inputs(deck(32), pack(rules, nb.O), TABLES, seats)
        r = nb.one_deal_nb(order, inp, (nb.choose_play_cb, nb.after_trick_cb, *fns), dealer, int(seed), state,
                           deal_scores)
        if r == -1:
            self.raise_err(inp.err, policies)
        if r == -2:
            raise SimkitError("klaberjass: the deal failed its audit (cards, legal moves or card points)")
        nd = 1 - dealer
        dealt: list[str | None] = [None, None]
        dealt[nd] = format_cards(list(order[0:3]) + list(order[6:9]) + list(order[13:16]))
        dealt[dealer] = format_cards(list(order[3:6]) + list(order[9:12]) + list(order[16:19]))
        out = {"hands": dealt, "turned": format_cards([order[12]]), "bottom": format_cards([order[nb.BOTTOM]]),
               "calls": [int(c) for c in state[S_BID:S_BID + 2]],
               "schmeiss_by": int(state[nb.S_CALLER]) if state[nb.S_CALLER] >= 0 else None,
               "thrown": {nb.THROWN_SCHMEISS: "schmeiss", nb.THROWN_PASSED: "passed"}.get(int(state[nb.S_CONTRACT]))}
        if r == 0:
            return out
        two = lambda f: [int(state[f]), int(state[f + 1])]  # noqa: E731
        pts, seq = two(nb.S_PTS), two(nb.S_SEQ)
        bella = [BELLA * (int(state[nb.S_BELLA]) >> s & 1) for s in range(2)]
        out.update({"maker": int(state[nb.S_MAKER]), "contract": report.KINDS[int(state[nb.S_CONTRACT])],
                    "trump": SUIT_NAMES[int(state[nb.S_TABLE])],
                    "dix": int(state[nb.S_DIX]) if state[nb.S_DIX] >= 0 else None,
                    "card_points": pts, "sequences": seq, "bella": bella, "tricks": two(S_WON),
                    "totals": [pts[s] + seq[s] + bella[s] for s in range(2)], "scores": [int(x) for x in deal_scores]})
        return out


GAME = Klaberjass()
