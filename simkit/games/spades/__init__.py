"""G07 Spades («пики всегда козыри»): partnership contracts, nil and double nil.

Seed file 000 lines 239-259; GAMES.md G07. Unit = one game to 500 (``unit=game``) or
one deal (``unit=deal``). Built on the shared trick core (:mod:`simkit.core.tricks`);
kernels in :mod:`.nb`.
"""
import numpy as np

from simkit.core.cards import SPADES, deck, format as format_cards
from simkit.core.stats import Stats, moments
from simkit.core.tricks import S_BID, S_SIZE, S_WON, cards_of, standard_tables
from simkit.errors import SimkitError
from simkit.games.base import Game
from simkit.games.spades import nb, report
from simkit.games.spades.policies import BID, PARAM_SLOTS, PLAY
from simkit.games.spades.rules import SpadesRules
from simkit.policies.base import raise_illegal
from simkit.policies.seated import policy_arrays, policy_groups, resolve_seated

_PHASES = {nb.PHASE_DISCARD: "discarding three cards after bidding nil",
           nb.PHASE_PASS: "passing three cards to a partner who bid nil"}


class Spades(Game):
    id = "spades"
    title = "Spades (Пики)"
    description = "partnership contracts with spades always trump, nil and double nil, game to 500 (bid accuracy)"
    unit = "game"
    hands_word = "units"
    Rules = SpadesRules
    report = report
    roles = [BID, PLAY]
    headline = "contract_made_rate"
    headline_doc = report.HEADLINE_DOC
    chunk_hint = 1 << 10
    conformance_hands = 200
    study_hands = 20_000
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

    played_word = "deals"

    def resolve_policies(self, given) -> dict:
        return resolve_seated(self.id, self.roles, given)

    def unit_for(self, rules):
        return rules.unit

    def played(self, stats):
        """Deals played (a game to 500 holds several)."""
        return int(stats["counters"][0])

    def _opts(self, rules):
        o = np.zeros(nb.N_OPTS, np.int64)
        o[nb.O_FIRST_DEALER] = rules.first_dealer
        o[nb.O_FROM_ELDEST] = int(rules.bidding_start == "eldest")
        o[nb.O_NIL_COUNT] = int(rules.nil_tricks == "count_for_partner")
        o[nb.O_DOUBLE_NIL] = int(rules.double_nil)
        o[nb.O_BOTH_DNIL] = rules.both_double_nil
        o[nb.O_BAGS] = int(rules.bags == "ten_for_100")
        o[nb.O_ANY_SPADE] = int(rules.spades_broken == "any_spade")
        o[nb.O_TARGET] = rules.target
        o[nb.O_SINGLE] = int(rules.unit == "deal")
        o[nb.O_MAX_DEALS] = rules.max_deals
        return o

    def _policy_args(self, policies):
        bc, bp, bfn = policy_arrays(self.id, BID, policies["bid"], 4, PARAM_SLOTS["bid"], nb.N_BID_PARAMS,
                                    nb.no_user_bid_nb)
        pc, pp, pfn = policy_arrays(self.id, PLAY, policies["play"], 4, PARAM_SLOTS["play"], nb.N_PLAY_PARAMS,
                                    nb.no_user_play_nb)
        return bc, bp, pc, pp, bfn, pfn

    @staticmethod
    def _table():
        return np.ascontiguousarray(standard_tables(52)[SPADES])

    def _run(self, rules, policies, seed, start, stop, audit):
        bc, bp, pc, pp, bfn, pfn = self._policy_args(policies)
        groups, names = policy_groups(policies, 4)
        st = Stats(seat_joint=np.zeros((4, 14, 14), np.int64), pos_joint=np.zeros((4, 14, 14), np.int64),
                   side_joint=np.zeros((2, 27, 14), np.int64), nil_stats=np.zeros((4, 2, 2), np.int64),
                   both_nil=np.zeros(2, np.int64), side_pts=moments(2), dealer_mom=moments(1),
                   counters=np.zeros(4, np.int64), game_win=moments(2), game_score=moments(2),
                   game_len=moments(1), group_mom=moments(len(names)))
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        nb.spades_chunk_nb(seed, start, stop, deck(52), self._opts(rules), self._table(), bc, bp, pc, pp, bfn, pfn,
                           np.asarray(groups, np.int64), audit, st["seat_joint"], st["pos_joint"], st["side_joint"],
                           st["nil_stats"], st["both_nil"], st["side_pts"], st["dealer_mom"], st["counters"],
                           st["game_win"], st["game_score"], st["game_len"], st["group_mom"], audit_out, err)
        if err[0]:
            self._raise(err, policies, f"unit {err[1]}, ")
        return st, audit_out

    def _raise(self, err, policies, where=""):
        seat, code = int(err[2]), int(err[0])
        hand = format_cards(cards_of(err[4])) if err[4] else "-"
        where = f"{where}deal {int(err[6])}, seat {seat} "
        if code == nb.ERR_BLIND:
            role, situation = "bid", f"{where}asked blind whether to bid double nil; answer 1 (double nil) or 0"
        elif code == nb.ERR_BID:
            role, situation = "bid", f"{where}bidding holding {hand}; a bid must be 0 (nil) or 1..13"
        elif code == nb.ERR_EXCHANGE:
            role = "play"
            situation = f"{where}{_PHASES.get(int(err[5]), 'exchanging')} holding {hand}; give a card of the hand"
        else:
            role = "play"
            led = int(err[8])
            lead = ("leading" + ("" if err[9] else " (spades not broken)")) if led < 0 else \
                f"following a lead of {format_cards([led])}"
            situation = (f"{where}trick {int(err[7]) + 1}, {lead} holding {hand}; "
                         f"legal cards: {format_cards(cards_of(err[5]))}")
        pol = policies[role]
        pol = pol[seat] if isinstance(pol, list) else pol
        raise_illegal(self.id, pol, situation, int(err[3]))

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, scores=(0, 0), seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (52 cards, a string or codes:
        one at a time from the dealer's left) with the kernel's own code; ``scores`` are
        the sides' scores before the deal (policies may look at them). Returns the hands as
        dealt and after the nil exchange, bids (0 = nil), double-nil seats, tricks, and
        each side's points for the deal (``None`` for a side whose two nil bids failed: it
        loses its whole score)."""
        from simkit.core.cards import parse

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = parse(cards) if isinstance(cards, str) else np.asarray(cards, dtype=np.uint8)
        if len(order) != 52 or len(set(order.tolist())) != 52 or (order >= 52).any():
            raise SimkitError(f"spades: a deal needs the 52 distinct cards of the deck in some order, got {len(order)}")
        if not 0 <= dealer < 4:
            raise SimkitError(f"spades: dealer={dealer} is not a seat; allowed: 0..3")
        bc, bp, pc, pp, bfn, pfn = self._policy_args(policies)
        state = np.zeros(S_SIZE, np.int64)
        state[nb.S_SIDE_SCORE], state[nb.S_SIDE_SCORE + 1] = scores
        state[nb.S_TARGET] = rules.target
        hands = np.zeros(8, np.int64)
        after = np.zeros(8, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        if not nb.one_deal_nb(order.astype(np.uint8), self._opts(rules), self._table(), 1, dealer, bc, bp, pc, pp,
                              bfn, pfn, int(seed), state, hands, after, err):
            self._raise(err, policies)
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
