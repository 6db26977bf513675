"""G18 Thousand («Тысяча одно» and «1000 (2)»; seed file 002 lines 81-101; GAMES.md G18):
an auction for the widow, a contract in points, marriages that set and change trump.

Three active players (with four, the dealer sits out and scores the widow), 24 cards.
Unit = a whole game to 1001 (1000 in «1000 (2)») or one deal (``unit=deal``). Rules in
:mod:`.rules` (``version`` picks the text), rule pieces in :mod:`.scoring`, kernels in
:mod:`.nb` (deal, auction, games), :mod:`.play` (widow, marriages, play on the trick
engine), :mod:`.heuristic` and :mod:`.simulation` (policies), report in :mod:`.report`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LEGAL, E_PHASE, E_SEAT, E_UNIT, R_PLAY
from simkit.games.base import kernel
from simkit.games.thousand import codes
from simkit.games.thousand.policies import BID, PARAM_SLOTS, PLAY
from simkit.games.thousand.rules import ThousandRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES, TrickGame

_CARD_PHASES = {codes.PHASE_GIVE: "giving a card to an opponent", codes.PHASE_KEEP: "keeping a widow card",
                codes.PHASE_DECLARE: "declaring a marriage (give its king or queen, or -1)"}


def _cards(mask) -> str:
    return format_cards(cards_of(mask)) if mask else "-"


class Thousand(TrickGame):
    id = "thousand"
    title = "Thousand (Тысяча одно, 1000 (2))"
    description = ("auction for the widow, contracts in points, marriages that set trump; game to 1001 or 1000 "
                   "(contract success, win rate)")
    unit = "game"
    hands_word = "units"
    Rules = ThousandRules
    report = kernel("simkit.games.thousand.report")
    nb = kernel("simkit.games.thousand.nb")
    #: the kernels' layout (:mod:`.layout`: state fields, options, errors, a deal's record)
    L = kernel("simkit.games.thousand.layout")
    roles = [BID, PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY),
                 "bid": (codes.R_BID, PARAM_SLOTS["bid"], codes.N_BID_PARAMS, NO_USER_BID)}
    headline = "contract_made_rate"
    headline_doc = kernel("simkit.games.thousand.report:HEADLINE_DOC")
    chunk_hint = 1 << 9
    conformance_hands = 60
    study_hands = 3_000
    bench_cases = [("random bid and play, single deals", {"unit": "deal"}, "random", 200_000),
                   ("games to 1001, heuristic bid and play", {}, None, 2_000)]
    conformance_cases = [
        ({}, None),
        ({"version": "1000-2", "players": 4, "first_dealer": 3}, {"bid": "heuristic|random|heuristic|heuristic"}),
        ({"unit": "deal", "auction": "standard", "concede_opponents": 60, "first_lead_marriage": False},
         {"bid": "simulation:samples=2", "play": "random|heuristic|heuristic"}),
    ]
    played_word = "deals"

    def unit_for(self, rules):
        return rules.unit

    def played(self, stats):
        """Deals played (a game holds several)."""
        return int(stats["counters"][self.nb.C_DEALS])

    def _opts(self, rules):
        """The kernels' ``opts`` (layout :data:`.layout.O`): the rule options, then what the
        game derives from them (the version's step, opening bid, target and follow flags)."""
        from simkit.games.thousand.scoring import FOLLOW_1000_2, FOLLOW_1001

        L = self.L
        o = pack(rules, L.O)
        o[L.O.step] = rules.step
        o[L.O.opening] = rules.opening
        o[L.O.target] = rules.target
        o[L.O.follow] = FOLLOW_1000_2 if rules.version == "1000-2" else FOLLOW_1001
        return o

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.thousand.scoring import TABLES

        L = self.L
        nb = self.nb
        P = rules.players
        seats, fns = self.seat_policies(policies, P)
        st = Stats(contracts=np.zeros((P, nb.N_ROUNDS, nb.N_CONTRACTS, len(L.RESULTS)), np.int64),
                   margin=moments(nb.N_CONTRACTS), pts_hist=np.zeros((P, nb.N_SCORES), np.int64),
                   tricks_hist=np.zeros((P, 9), np.int64), marriages=np.zeros((P, 4), np.int64),
                   marr_hist=np.zeros(5, np.int64), held=np.zeros(2, np.int64),
                   counters=np.zeros(nb.N_COUNTERS, np.int64), game_win=moments(P), game_score=moments(P),
                   game_len=moments(1), group_mom=moments(int(seats.group.max()) + 1))
        inp = self.inputs(deck(24), self._opts(rules), TABLES, seats)
        nb.thousand_chunk_nb.entry()(seed, start, stop, inp, (nb.no_choose_cb, nb.no_after_trick_cb, *fns),
                                     nb.ThousandStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def game_situation(self, err, where):
        L = self.L
        seat, kind = int(err[E_SEAT]), int(err[E_KIND])
        where = f"{where}deal {int(err[E_DEAL])}, active seat {seat} "
        hand = _cards(err[E_HAND])
        if kind == L.ERR_CARD:
            what = _CARD_PHASES.get(int(err[E_PHASE]), "choosing a card")
            return "play", f"{where}{what} holding {hand}; allowed: {_cards(err[E_LEGAL])}"
        step, opening, high = int(err[L.E_STEP]), int(err[L.E_OPENING]), int(err[L.E_HIGH])
        if kind == L.ERR_BID:
            over = f"over the high bid {high}" if high >= 0 else f"opening at {opening} or more"
            return "bid", (f"{where}bidding holding {hand}; a call is 0 (pass) or a multiple of {step} {over}, "
                           f"at most 120 without a marriage in hand")
        if kind == L.ERR_CONTRACT:
            concede = " or 0 (concede)" if err[E_LEGAL] else ""
            return "bid", (f"{where}naming the contract after winning at {high} holding {hand}; give a multiple of "
                           f"{step} from {high}, at most 120 without a marriage{concede}")
        return "bid", f"{where}asked whether to refuse to play holding {hand}; answer 1 (refuse) or 0 (play)"

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, scores=None, deal_no=1, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (24 cards, a string or codes:
        seven to each active seat one at a time from the dealer's left, then the three
        widow cards) with the kernel's own code; ``scores`` are the table seats' running
        scores before the deal (the 850 rule reads them). Seats in the result are table
        seats. Returns the hands as dealt and as play began, the widow, the declarer, bid,
        contract and result, the marriages declared in order ``(seat, suit, trick)``, the
        tricks played ``(cards, winner)``, each
        active seat's points (cards and marriages) and tricks, and every seat's score for
        the deal."""
        from simkit.core.tricks import S_DEAL_NO, S_SIZE, S_WON
        from simkit.games.thousand.scoring import TABLES

        L = self.L
        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        P = rules.players
        order = self.check_order(cards, deck(24), 24, exactly=True)
        self.check_seat("dealer", dealer, P)
        run_scores = np.zeros(8, np.int64)
        if scores is not None:
            if len(scores) != P:
                raise self._bad(f"scores={scores!r}: give one running score per seat ({P})")
            run_scores[:P] = scores
        seats, fns = self.seat_policies(policies, P)
        state = np.zeros(S_SIZE, np.int64)
        state[S_DEAL_NO] = deal_no
        rec = np.zeros(L.N_REC, np.int64)
        dscore = np.zeros(8, np.int64)
        log = np.full(L.N_LOG, -1, np.int64)
        inp = self.inputs(deck(24), self._opts(rules), TABLES, seats)
        if not nb.one_deal_nb(order, inp, (nb.no_choose_cb, nb.no_after_trick_cb, *fns), dealer, int(seed), run_scores,
                              state, rec, dscore, log):
            self.raise_err(inp.err, policies)
        audit_out = inp.audit_out
        tseat = [(dealer + 1 + i) % P for i in range(3)]
        seq, at = int(rec[L.R_MSEQ]), int(rec[L.R_MTRICK])
        marriages: list = []
        while seq:
            v = (seq & 15) - 1
            marriages.insert(0, (tseat[v >> 2], SUIT_NAMES[v & 3], at & 15))
            seq >>= 4
            at >>= 4
        tricks = [(_cards(log[2 * k]), tseat[int(log[2 * k + 1])]) for k in range(8) if log[2 * k] >= 0]
        played = rec[L.R_RESULT] in (L.RES_MADE, L.RES_FAILED)
        return {"hands": {tseat[i]: _cards(rec[L.R_DEALT + i]) for i in range(3)},
                "widow": _cards(rec[L.R_WIDOW]),
                "play_hands": {tseat[i]: _cards(rec[L.R_PLAYHANDS + i]) for i in range(3)},
                "declarer": tseat[int(rec[L.R_DECL])], "all_pass": bool(rec[L.R_ALLPASS]),
                "bid": int(rec[L.R_HIGH]), "contract": int(rec[L.R_CONTRACT]),
                "result": L.RESULTS[int(rec[L.R_RESULT])], "marriages": marriages, "trick_log": tricks,
                "points": {tseat[i]: int(state[L.S_POINTS + i]) for i in range(3)} if played else None,
                "tricks": {tseat[i]: int(state[S_WON + i]) for i in range(3)} if played else None,
                "given": [_cards(rec[L.R_GIVEN]), _cards(rec[L.R_GIVEN + 1])],
                "scores": [int(v) for v in dscore[:P]],
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}

    def _bad(self, text):
        from simkit.errors import SimkitError
        return SimkitError(f"{self.id}: {text}")


GAME = Thousand()
