"""G13 Marriage for four («Марьяж вчетвером», the yan; seed file 002 lines 16-22; GAMES.md G13).

Two against two, partners opposite; 36 cards, nine each; the partners' card-for-card
exchange; marriages (split between partners too) declared on the first five leads set
and change trump; a side that reaches 101 may stop the deal: exactly 101 wins 3 games,
more 1, a claim short of 101 loses 12 (the yan). Unit = one deal (``unit=deal``) or the
deals until one is decided (``unit=game``). Rules in :mod:`.rules`, rule pieces in
:mod:`.scoring`, kernels in :mod:`.nb` on the shared trick engine.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LEGAL, E_MOVE, E_SEAT, E_TRICK, E_UNIT, R_PLAY
from simkit.games.base import kernel
from simkit.games.marriage_4 import codes
from simkit.games.marriage_4.policies import CLAIM, DECLARE, EXCHANGE, PARAM_SLOTS, PLAY
from simkit.games.marriage_4.rules import MarriageFourRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES, TrickGame

_ERRORS = {codes.ERR_EXCHANGE: ("exchange", "passing a card to the partner; give a card of"),
           codes.ERR_DECLARE: ("declare", "declaring a marriage; answer -1 or trump + 4 * others, suits among"),
           codes.ERR_CLAIM: ("claim", "deciding whether to claim; answer 1 (claim) or 0 (play on)")}


class MarriageFour(TrickGame):
    id = "marriage-4"
    title = "Marriage for four (Марьяж вчетвером)"
    description = ("partnership Marriage to 101: exchange, split marriages that set trump, the claim at 101 "
                   "(1 / 3 / 12 games, the yan)")
    unit = "deal"
    hands_word = "units"
    Rules = MarriageFourRules
    report = kernel("simkit.games.marriage_4.report")
    nb = kernel("simkit.games.marriage_4.nb")
    roles = [EXCHANGE, DECLARE, CLAIM, PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PARAMS, NO_USER_PLAY),
                 "exchange": (codes.R_EXCHANGE, PARAM_SLOTS["exchange"], codes.N_PARAMS, NO_USER_PLAY),
                 "declare": (codes.R_DECLARE, PARAM_SLOTS["declare"], codes.N_PARAMS, NO_USER_BID),
                 "claim": (codes.R_CLAIM, PARAM_SLOTS["claim"], codes.N_PARAMS, NO_USER_BID)}
    headline = "claim_exact_rate"
    headline_doc = kernel("simkit.games.marriage_4.report:HEADLINE_DOC")
    chunk_hint = 1 << 12
    conformance_hands = 300
    study_hands = 20_000
    bench_cases = [("random play, single deals", {}, "random", 200_000),
                   ("units to a decided deal, heuristic", {"unit": "game"}, None, 50_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "game", "no_101": "carry_over", "exchange": 2, "first_lead_marriage": False, "first_dealer": 3},
         {"claim": "simulation:samples=2,slip=3|heuristic:threshold=106,slip=5|random|heuristic",
          "play": "heuristic|random|heuristic|random", "declare": "random|heuristic:together=0|heuristic|random",
          "exchange": "random"}),
    ]

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.marriage_4.scoring import TABLES

        nb = self.nb
        seats, fns = self.seat_policies(policies, 4)
        n_groups = int(seats.group.max()) + 1
        st = Stats(deal_kind=np.zeros((nb.N_KINDS, 2), np.int64), unit_kind=np.zeros((nb.N_KINDS, 2), np.int64),
                   side_win=moments(2), side_games=moments(2), group_mom=moments(2 * n_groups), unit_len=moments(1),
                   deal_len=moments(1), eldest_mom=moments(1),
                   points=np.zeros((4, nb.MAX_POINTS + 1), np.int64), tricks=np.zeros((4, 10), np.int64),
                   marriages=np.zeros(5, np.int64), held=np.zeros(2, np.int64),
                   claim_pts=np.zeros(nb.MAX_CLAIM_PTS, np.int64), counters=np.zeros(4, np.int64))
        inp = self.inputs(deck(36), pack(rules, nb.O), TABLES, seats)
        nb.marriage4_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns),
                                      nb.M4Stats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def game_situation(self, err, where):
        role, what = _ERRORS[int(err[E_KIND])]
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        bound = int(err[E_LEGAL])
        if role == "exchange":
            what = f"{what} {format_cards(cards_of(bound))}"
        elif role == "declare":
            what = f"{what} {[SUIT_NAMES[s] for s in range(4) if bound >> s & 1]}"
        return role, (f"{where}deal {int(err[E_DEAL])}, after {int(err[E_TRICK])} tricks, seat {int(err[E_SEAT])} "
                      f"holding {hand} {what} (got {int(err[E_MOVE])})")

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, carry=(0, 0), seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (36 cards, a string or codes:
        one at a time from the dealer's left) with the kernel's own code, audited;
        ``carry`` = the points each side brings in (rule ``no_101=carry_over``). Returns
        the hands as dealt and after the exchange, the marriages declared and the trump at
        the end, each seat's points and tricks, each side's card points and total, the
        side that claimed (or None), tricks played, the outcome (``report.KINDS``), the
        side that wins and its games, the cards left in the hands, and the audit."""
        from simkit.core.tricks import S_SCORE, S_SIZE, S_TRICK_NO, S_TRUMP, S_WON
        from simkit.games.marriage_4.scoring import TABLES

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(36), 36, exactly=True)
        self.check_seat("dealer", dealer, 4)
        seats, fns = self.seat_policies(policies, 4)
        state = np.zeros(S_SIZE, np.int64)
        state[nb.S_CARRY], state[nb.S_CARRY + 1] = (int(c) for c in carry)
        hands = np.zeros(8, np.int64)
        dealt = np.zeros(8, np.int64)
        after = np.zeros(8, np.int64)
        inp = self.inputs(deck(36), pack(rules, nb.O), TABLES, seats)
        audit_out = inp.audit_out
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns), dealer, int(seed), state,
                              hands, dealt, after):
            self.raise_err(inp.err, policies)
        kind, side, games = nb.deal_result_nb(state)
        trump = int(state[S_TRUMP])
        claim = int(state[nb.S_CLAIM])
        return {"hands": [format_cards(cards_of(h)) for h in dealt[:4]],
                "exchanged": [format_cards(cards_of(h)) for h in after[:4]],
                "left": [format_cards(cards_of(h)) for h in hands[:4]],
                "marriages": int(state[nb.S_MARRIAGES]),
                "declared": [SUIT_NAMES[s] for s in range(4) if state[nb.S_DECLARED] >> s & 1],
                "trump": SUIT_NAMES[trump] if 0 <= trump < 4 else None,
                "seat_points": [int(p) for p in state[S_SCORE:S_SCORE + 4]],
                "tricks": [int(t) for t in state[S_WON:S_WON + 4]],
                "card_points": [int(p) for p in state[nb.S_CARD_PTS:nb.S_CARD_PTS + 2]],
                "side_points": [int(p) for p in state[nb.S_SIDE_PTS:nb.S_SIDE_PTS + 2]],
                "claim": None if claim < 0 else claim, "tricks_played": int(state[S_TRICK_NO]),
                "outcome": self.report.KINDS[kind], "winner": None if side < 0 else int(side), "games": int(games),
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = MarriageFour()
