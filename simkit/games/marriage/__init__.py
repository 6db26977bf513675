"""G12 two-hand Marriage («Марьяж»; seed file 002 lines 10-12; GAMES.md G12): 32, 28, 24
or 20 cards, five each and a stock, free play until a marriage sets trump, later
marriages change it, follow suit and trump after, 101 wins with or without carry-over.

Unit = a deal to 101 without carry-over, a game to 101 with it (``unit=game``), or one
deal (``unit=deal``). The rules are :mod:`.rules`, the rule pieces :mod:`.scoring`, the
kernels :mod:`.nb` on the shared trick engine and the stock pieces of
:mod:`simkit.games.stock`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LEGAL, E_SEAT, E_TRICK, E_UNIT, R_PLAY
from simkit.games.base import kernel
from simkit.games.marriage import codes
from simkit.games.marriage.policies import DECLARE, PARAM_SLOTS, PLAY
from simkit.games.marriage.rules import MarriageRules
from simkit.games.stock_base import StockGame
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES


class Marriage(StockGame):
    id = "marriage"
    title = "Marriage, two hands (Марьяж)"
    description = "two-hand stock game, marriages set and change trump, 101 wins (win / draw rate)"
    unit = "game"
    Rules = MarriageRules
    report = kernel("simkit.games.marriage.report")
    nb = kernel("simkit.games.marriage.nb")
    roles = [PLAY, DECLARE]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PARAMS, NO_USER_PLAY),
                 "declare": (codes.R_DECLARE, PARAM_SLOTS["declare"], codes.N_PARAMS, NO_USER_BID)}
    headline = "win_rate.seat0"
    headline_doc = kernel("simkit.games.marriage.report:HEADLINE_DOC")
    chunk_hint = 1 << 11
    conformance_hands = 200
    study_hands = 20_000
    bench_cases = [("random play, single deals, 32 cards", {"unit": "deal"}, "random", 500_000),
                   ("games to 101 with carry-over, heuristic", {"carry_over": True}, None, 20_000)]
    conformance_cases = [
        ({}, None),
        ({"deck": 20, "marriage_values": "by_suit", "follow": "suit_any", "unit": "deal", "first_dealer": 1},
         "random"),
        ({"deck": 28, "carry_over": True, "max_deals": 50}, {"declare": "random:p=0.7|heuristic",
                                                            "play": "heuristic|random"}),
        ({"deck": 24, "unit": "deal"}, {"play": "simulation:samples=2|heuristic"}),
    ]

    def _opts(self, rules):
        """The kernels' ``opts``: the rule options (layout ``nb.O``)."""
        return pack(rules, self.nb.O)

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.marriage.scoring import tables

        nb = self.nb
        seats, fns = self.seat_policies(policies, 2)
        st = Stats(counters=np.zeros(nb.N_COUNTERS, np.int64), pts_hist=np.zeros((2, nb.MAX_POINTS + 1), np.int64),
                   trick_hist=np.zeros((2, 17), np.int64), mar_hist=np.zeros(5, np.int64),
                   wins=np.zeros(3, np.int64), group_wins=np.zeros((int(seats.group.max()) + 1, 3), np.int64),
                   game_len=moments(1))
        inp = self.inputs(deck(rules.deck), self._opts(rules), tables(rules.deck), seats)
        nb.marriage_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns),
                                     nb.MarriageStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def deal_words(self, err):
        return f" ({self.trump_words(err)})"

    def game_situation(self, err, where):
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        legal = int(err[E_LEGAL])
        held = ", ".join(f"{SUIT_NAMES[s]}: {s}" for s in range(4) if legal >> s & 1)
        return "declare", (f"{where}deal {int(err[E_DEAL])}{self.deal_words(err)}, trick {int(err[E_TRICK]) + 1}, "
                           f"seat {int(err[E_SEAT])} on lead holding {hand}; declare the suit of a marriage held "
                           f"({held}) or -1")

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (the whole deck of the
        ``deck`` rule, a string or codes: three then two cards to each, the dealer's
        opponent first; the rest the stock from the top) with the kernel's own code,
        audited. Returns the hands as dealt, points (cards, marriages, the last trick with
        carry-over), marriage points, tricks, the marriages declared ``(seat, suit)``, the
        final trump (None if none was declared), the winner by 101 (None: nobody, or a
        tie) and the audit counts."""
        from simkit.core.tricks import S_SIZE, S_TRUMP, S_WON
        from simkit.games.marriage.scoring import tables

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(rules.deck), rules.deck, exactly=True)
        self.check_seat("dealer", dealer, 2)
        seats, fns = self.seat_policies(policies, 2)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        result = np.zeros(3, np.int64)
        inp = self.inputs(deck(rules.deck), self._opts(rules), tables(rules.deck), seats)
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns), dealer, int(seed), state,
                              hands, result):
            self.raise_err(inp.err, policies)
        decl = int(state[nb.S_DECLARED])
        trump = int(state[S_TRUMP])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:2]],
                "points": [int(p) for p in state[nb.S_POINTS:nb.S_POINTS + 2]],
                "marriage_points": [int(p) for p in state[nb.S_MAR_PTS:nb.S_MAR_PTS + 2]],
                "tricks": [int(t) for t in state[S_WON:S_WON + 2]],
                "marriages": [(s, SUIT_NAMES[u]) for s in range(2) for u in range(4) if decl >> (4 * s + u) & 1],
                "trump": SUIT_NAMES[trump] if trump >= 0 else None,
                "winner": int(result[0]) if result[0] >= 0 else None,
                "audit": {"checks": int(result[1]), "violations": int(result[2])}}


GAME = Marriage()
