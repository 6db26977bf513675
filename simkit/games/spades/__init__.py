"""G07 Spades («пики всегда козыри»): partnership contracts, nil and double nil.

Seed file 000 lines 239-259; GAMES.md G07. Unit = one game to 500 (``unit=game``) or
one deal (``unit=deal``). Built on the shared trick core (:mod:`simkit.core.tricks`);
kernels in :mod:`.nb`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_PHASE, E_SEAT, E_UNIT, R_PLAY
from simkit.games.base import kernel
from simkit.games.spades import codes
from simkit.games.spades.policies import BID, PARAM_SLOTS, PLAY
from simkit.games.spades.rules import SpadesRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, TrickGame

_PHASES = {codes.PHASE_DISCARD: "discarding three cards after bidding nil",
           codes.PHASE_PASS: "passing three cards to a partner who bid nil"}


class Spades(TrickGame):
    id = "spades"
    title = "Spades (Пики)"
    description = "partnership contracts with spades always trump, nil and double nil, game to 500 (bid accuracy)"
    unit = "game"
    hands_word = "units"
    Rules = SpadesRules
    report = kernel("simkit.games.spades.report")
    nb = kernel("simkit.games.spades.nb")
    roles = [BID, PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY),
                 "bid": (codes.R_BID, PARAM_SLOTS["bid"], codes.N_BID_PARAMS, NO_USER_BID)}
    lead_ban_name = "spades"
    headline = "contract_made_rate"
    headline_doc = kernel("simkit.games.spades.report:HEADLINE_DOC")
    chunk_hint = 1 << 10
    conformance_hands = 200
    study_hands = 2_000
    bench_cases = [("random bid and play, single deals", {"unit": "deal"}, "random", 500_000),
                   ("games to 500, nil bidder and heuristic play", {}, {"bid": "nil"}, 2_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "deal", "bidding_start": "eldest", "spades_broken": "any_spade"}, "random"),
        ({"nil_tricks": "count_for_partner", "bags": "ten_for_100", "both_double_nil": 400, "target": 200},
         {"bid": "nil:threshold=2,dnil_behind=100", "play": "heuristic"}),
        ({"unit": "deal", "double_nil": False, "first_dealer": 3},
         {"bid": "simulation:samples=3|random|nil|heuristic", "play": "heuristic|random|heuristic|random"}),
    ]

    def _opts(self, rules):
        return pack(rules, self.nb.O)

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.core.trick_play import no_after_trick_cb
        from simkit.core.tricks import standard_tables

        nb = self.nb
        seats, fns = self.seat_policies(policies, 4)
        st = Stats(seat_joint=np.zeros((4, 14, 14), np.int64), pos_joint=np.zeros((4, 14, 14), np.int64),
                   side_joint=np.zeros((2, 27, 14), np.int64), nil_stats=np.zeros((4, 2, 2), np.int64),
                   both_nil=np.zeros(2, np.int64), side_pts=moments(2), dealer_mom=moments(1),
                   counters=np.zeros(4, np.int64), game_win=moments(2), game_score=moments(2),
                   game_len=moments(1), group_mom=moments(int(seats.group.max()) + 1))
        inp = self.inputs(deck(52), self._opts(rules), standard_tables(52), seats)
        nb.spades_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, no_after_trick_cb, *fns),
                                   nb.SpadesStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def game_situation(self, err, where):
        seat = int(err[E_SEAT])
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        where = f"{where}deal {int(err[E_DEAL])}, seat {seat} "
        nb = self.nb
        if err[E_KIND] == nb.ERR_BLIND:
            return "bid", f"{where}asked blind whether to bid double nil; answer 1 (double nil) or 0"
        if err[E_KIND] == nb.ERR_BID:
            return "bid", f"{where}bidding holding {hand}; a bid must be 0 (nil) or 1..13"
        return "play", f"{where}{_PHASES.get(int(err[E_PHASE]), 'exchanging')} holding {hand}; give a card of the hand"

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, scores=(0, 0), seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (52 cards, a string or codes:
        one at a time from the dealer's left) with the kernel's own code; ``scores`` are
        the sides' scores before the deal (policies may look at them). Returns the hands as
        dealt and after the nil exchange, bids (0 = nil), double-nil seats, tricks, and
        each side's points for the deal (``None`` for a side whose two nil bids failed: it
        loses its whole score)."""
        from simkit.core.trick_play import no_after_trick_cb
        from simkit.core.tricks import S_BID, S_SIZE, S_WON, standard_tables

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(52), 52, exactly=True)
        self.check_seat("dealer", dealer, 4)
        seats, fns = self.seat_policies(policies, 4)
        state = np.zeros(S_SIZE, np.int64)
        state[nb.S_SIDE_SCORE], state[nb.S_SIDE_SCORE + 1] = scores
        state[nb.S_TARGET] = rules.target
        hands = np.zeros(8, np.int64)
        after = np.zeros(8, np.int64)
        inp = self.inputs(deck(52), self._opts(rules), standard_tables(52), seats)
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, no_after_trick_cb, *fns), 1, dealer, int(seed), state,
                              hands, after):
            self.raise_err(inp.err, policies)
        bids = [int(b) for b in state[S_BID:S_BID + 4]]
        won = [int(t) for t in state[S_WON:S_WON + 4]]
        dn = int(state[nb.S_DNIL])
        out = np.zeros(4, np.int64)
        points = []
        for side in range(2):
            p = nb.side_points_nb(bids[side], bids[side + 2], (dn >> side) & 1, (dn >> (side + 2)) & 1, won[side],
                                  won[side + 2], rules.nil_tricks == "count_for_partner", rules.both_double_nil, out)
            points.append(None if out[3] else int(p))
        return {"hands": [format_cards(cards_of(h)) for h in hands[:4]],
                "exchanged_hands": [format_cards(cards_of(h)) for h in after[:4]], "bids": bids,
                "double_nil": [s for s in range(4) if dn >> s & 1], "tricks": won, "points": points,
                "exchanges": int(state[nb.S_EXCHANGES])}


GAME = Spades()
