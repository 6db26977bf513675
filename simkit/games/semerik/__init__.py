"""G01 Semerik (a Russian Tressette; seed file 000 lines 1-45; GAMES.md G01).

Four players, partners opposite, 40 cards, order 3 2 A K Q J 7 6 5 4; hand declarations
scored right after the deal, counters per trick during play, first side to 21 wins
(double when the losers have under 11). Unit = one game (``unit=game``) or one deal
(``unit=deal``). Rules in :mod:`.rules`, scoring pieces in :mod:`.scoring`, kernels on the
shared trick engine in :mod:`.nb`, the exact declaration distribution in :mod:`.exact`.
"""
from typing import TYPE_CHECKING

import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LED, E_LEGAL, E_SEAT, E_TRICK, E_UNIT, R_PLAY
from simkit.errors import SimkitError
from simkit.games.base import kernel
from simkit.games.semerik import codes
from simkit.games.semerik.policies import PARAM_SLOTS, PLAY
from simkit.games.semerik.rules import SemerikRules
from simkit.games.tricks_base import NO_USER_PLAY, TrickGame

if TYPE_CHECKING:
    from simkit.games.semerik.nb import SemerikInputs


class Semerik(TrickGame):
    id = "semerik"
    title = "Semerik (Семерик)"
    description = "2 v 2 Tressette: 40 cards, hand declarations, counters per trick, game to 21 (win rate)"
    unit = "game"
    hands_word = "units"
    Rules = SemerikRules
    report = kernel("simkit.games.semerik.report")
    nb = kernel("simkit.games.semerik.nb")
    roles = [PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY)}
    headline = "win_rate.ns"
    headline_doc = kernel("simkit.games.semerik.report:HEADLINE_DOC")
    chunk_hint = 1 << 10
    conformance_hands = 200
    study_hands = 20_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 500_000),
                   ("games to 21, heuristic play", {}, None, 20_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "deal", "hearts_trump": True, "trick_points": "pooled", "partner_overtake": "enforce",
          "last_trick": 1}, {"play": "random|heuristic|random|heuristic"}),
        ({"game_end": "deal_end", "four_of_a_kind": "tressette", "hearts_baba": "bare_only", "first_dealer": 3,
          "target": 11, "double_below": 5}, {"play": "simulation:samples=2|heuristic:signal=0|random|heuristic"}),
    ]

    def _kernel_opts(self, rules, seats):
        """The kernels' ``opts`` (layout :data:`.nb.O`): the rule options, the trick table
        played and whether any seat's play policy reads the suits shown."""
        from simkit.games.semerik.scoring import trump_table

        O = self.nb.O
        o = pack(rules, O)
        o[O.table] = trump_table(rules)
        o[O.signals] = int(bool((seats.code[R_PLAY] != codes.PLAY_RANDOM).any()))
        return o

    def _seats(self, rules, policies):
        seats, fns = self.seat_policies(policies, 4)
        if rules.partner_overtake == "enforce":    # the engine's random play knows nothing of 000:45
            seats.code[R_PLAY][seats.code[R_PLAY] == codes.PLAY_RANDOM] = codes.PLAY_RANDOM_ENF
        return seats, fns

    def _run(self, rules, policies, seed, start, stop, audit):
        nb = self.nb
        seats, fns = self._seats(rules, policies)
        st = Stats(decl_hist=np.zeros((4, nb.DECL_BINS), np.int64), side_decl=moments(2),
                   pts_hist=np.zeros((4, nb.PTS_BINS), np.int64), tricks_hist=np.zeros((4, nb.N_CARDS + 1), np.int64),
                   side_pts=moments(2), counters_mom=moments(2), dealer_mom=moments(1),
                   counters=np.zeros(8, np.int64), game_win=moments(2), game_stake=moments(2),
                   game_score=moments(2), game_len=moments(1), dealer_win=moments(1),
                   group_mom=moments(int(seats.group.max()) + 1), deal_win=moments(1))
        inp = self.semerik_inputs(rules, seats)
        nb.semerik_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, nb.after_trick_cb, *fns),
                                    nb.SemerikStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def semerik_inputs(self, rules, seats) -> "SemerikInputs":
        """What Semerik's kernels take from the Python side (:class:`.nb.SemerikInputs`): the
        engine's inputs (:meth:`~simkit.games.tricks_base.TrickGame.inputs`, fresh audit
        counts and error record) and the declarations' table of ``rules``."""
        from simkit.games.semerik.scoring import TABLES, declaration_table

        inp = self.inputs(deck(40), self._kernel_opts(rules, seats), TABLES, seats)
        return self.nb.SemerikInputs(*inp, np.ascontiguousarray(declaration_table(rules), np.int64))

    def deal_words(self, err):
        return ""

    def game_situation(self, err, where):
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        return "play", (f"{where}deal {int(err[E_DEAL])}, trick {int(err[E_TRICK]) + 1}, seat {int(err[E_SEAT])} "
                        f"following a lead of {format_cards([int(err[E_LED])])} holding {hand} overtook its "
                        f"partner's trick of fewer than three counters (partner_overtake=enforce, 000:45); legal "
                        f"cards: {format_cards(cards_of(err[E_LEGAL]))}")

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, scores=(0, 0), seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (the 40 cards, a string or
        codes: one at a time from the dealer's left) with the kernel's own code, the sides
        holding ``scores`` before it. Returns the hands as dealt, each hand's declarations,
        tricks and trick points per seat, the tricks played (fewer than ten when a side
        reached the target under ``game_end=immediate``), the sides' totals after the deal,
        the side that reached the target first (``None``: nobody, or ``game_end=deal_end``)
        and the audit's ``[checks, violations]``."""
        from simkit.core.tricks import S_SCORE, S_SIZE, S_TRICK_NO, S_WON

        nb = self.nb
        rules = self.Rules.build(rules)
        if len(scores) != 2 or any(not isinstance(s, (int, np.integer)) or s < 0 for s in scores):
            raise SimkitError(f"semerik: scores={scores!r}; give two non-negative integers (ns, ew)")
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(40), 40, exactly=True)
        self.check_seat("dealer", dealer, 4)
        seats, fns = self._seats(rules, policies)
        state = np.zeros(S_SIZE, np.int64)
        state[S_SCORE], state[S_SCORE + 1] = scores
        hands = np.zeros(8, np.int64)
        decl = np.zeros(4, np.int64)
        inp = self.semerik_inputs(rules, seats)
        audit_out = inp.audit_out
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, nb.after_trick_cb, *fns), dealer, int(seed), state,
                              hands, decl):
            self.raise_err(inp.err, policies)
        winner = int(state[nb.S_WINNER])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:4]],
                "declarations": [int(d) for d in decl], "tricks": [int(t) for t in state[S_WON:S_WON + 4]],
                "trick_points": [int(p) for p in state[nb.S_SEAT_PTS:nb.S_SEAT_PTS + 4]],
                "counters": [int(state[nb.S_POOLED] & 31), int(state[nb.S_POOLED] >> 5)],
                "tricks_played": int(state[S_TRICK_NO]), "scores": [int(state[S_SCORE]), int(state[S_SCORE + 1])],
                "winner": None if winner < 0 else self.report.SIDES[winner], "audit": [int(a) for a in audit_out]}


GAME = Semerik()
