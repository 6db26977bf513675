"""G20 Sixty-six («Игра 66»; seed file 003 lines 18-47; GAMES.md G20): two players, 24
cards, the stock and the turned trump, the trump-nine exchange, marriages of 20 and 40,
closing the stock, first to 66 wins the deal 1, 2 or 3 game points, the game to 7 (or 8).

Unit = a game to the target (``unit=game``) or one deal (``unit=deal``). The rules are
:mod:`.rules`, the rule pieces :mod:`.scoring`, the kernels :mod:`.nb` on the shared trick
engine and the stock pieces of :mod:`simkit.games.stock`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LEGAL, E_SEAT, E_TRICK, E_UNIT, R_PLAY
from simkit.games.base import kernel
from simkit.games.sixty_six import codes
from simkit.games.sixty_six.policies import CLOSE, DECLARE, EXCHANGE, PARAM_SLOTS, PLAY
from simkit.games.sixty_six.rules import SixtySixRules
from simkit.games.stock_base import StockGame
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES


class SixtySix(StockGame):
    id = "sixty-six"
    title = "Sixty-six (Игра 66)"
    description = "two-hand stock game with marriages and closing, first to 66 per deal, game to 7 (win rate, closing)"
    unit = "game"
    Rules = SixtySixRules
    report = kernel("simkit.games.sixty_six.report")
    nb = kernel("simkit.games.sixty_six.nb")
    roles = [PLAY, CLOSE, DECLARE, EXCHANGE]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PARAMS, NO_USER_PLAY),
                 "close": (codes.R_CLOSE, PARAM_SLOTS["close"], codes.N_PARAMS, NO_USER_BID),
                 "declare": (codes.R_DECLARE, PARAM_SLOTS["declare"], codes.N_PARAMS, NO_USER_BID),
                 "exchange": (codes.R_EXCHANGE, PARAM_SLOTS["exchange"], codes.N_PARAMS, NO_USER_BID)}
    headline = "win_rate.seat0"
    headline_doc = kernel("simkit.games.sixty_six.report:HEADLINE_DOC")
    chunk_hint = 1 << 11
    conformance_hands = 150
    study_hands = 20_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 500_000),
                   ("games to 7, heuristic policies", {}, "heuristic", 20_000),
                   ("games to 7, default policies (screened closer)", {}, None, 5_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "deal", "must_head": True, "deal_end": "play_out", "marriage_counts": "after_trick",
          "nine_needs_trick": True, "last_trick": "not_when_closed"}, "random"),
        ({"target": 8, "failed_close": "flat", "schwarz": "standard", "no_66": "higher", "close_when": "start_only",
          "first_dealer": 1}, {"close": "random:p=0.3|heuristic:threshold=60", "play": "heuristic|random"}),
    ]

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.sixty_six.scoring import TABLES

        nb = self.nb
        seats, fns = self.seat_policies(policies, 2)
        st = Stats(counters=np.zeros(nb.N_COUNTERS, np.int64), gp_hist=np.zeros((2, nb.MAX_GP + 1), np.int64),
                   close_hist=np.zeros((2, nb.CLOSE_BINS, 3), np.int64),
                   margin_hist=np.zeros(2 * nb.MAX_GP + 1, np.int64),
                   pts_hist=np.zeros((2, nb.MAX_POINTS + 1), np.int64), trick_hist=np.zeros((2, 13), np.int64),
                   mar_hist=np.zeros((3, 6), np.int64), wins=np.zeros(3, np.int64),
                   group_wins=np.zeros((int(seats.group.max()) + 1, 3), np.int64), game_len=moments(1))
        inp = self.inputs(deck(24), pack(rules, nb.O), TABLES, seats)
        nb.sixty_six_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns),
                                      nb.SixtySixStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def deal_words(self, err):
        return f" ({self.trump_words(err)} trump)"

    def game_situation(self, err, where):
        kind = int(err[E_KIND])
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        at = f"{where}deal {int(err[E_DEAL])}{self.deal_words(err)}, trick {int(err[E_TRICK]) + 1}, " \
             f"seat {int(err[E_SEAT])} on lead holding {hand}"
        if kind == codes.ERR_DECLARE:
            suits = [SUIT_NAMES[s] for s in range(4) if int(err[E_LEGAL]) >> s & 1]
            return "declare", (f"{at}; declare the suit of a marriage held ({', '.join(suits)}: "
                               f"{', '.join(str(s) for s in range(4) if int(err[E_LEGAL]) >> s & 1)}) or -1")
        role = "close" if kind == codes.ERR_CLOSE else "exchange"
        return role, f"{at}; answer 1 ({role}) or 0"

    # -- one deal from a fixed card order (tests, notebooks) -------------------------------
    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (all 24 cards, a string or
        codes: six to each seat one at a time from the dealer's left, the 13th card turned
        for trump, the rest the stock from the top) with the kernel's own code, audited.
        Returns the hands as dealt, the trump, points (cards, marriages, last trick),
        marriage points, tricks, the closer (or None) and his points when closing, the
        marriages declared ``(seat, suit)``, who exchanged the nine, the deal's winner
        (None: a replay) and his game points, and the audit counts."""
        from simkit.core.tricks import S_SIZE, S_TURNUP, S_WON
        from simkit.games.sixty_six.scoring import TABLES

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(24), 24, exactly=True)
        self.check_seat("dealer", dealer, 2)
        seats, fns = self.seat_policies(policies, 2)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        result = np.zeros(4, np.int64)
        inp = self.inputs(deck(24), pack(rules, nb.O), TABLES, seats)
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, nb.no_after_trick_cb, *fns), dealer, int(seed), state,
                              hands, result):
            self.raise_err(inp.err, policies)
        decl = int(state[nb.S_DECLARED])
        closer = int(state[nb.S_CLOSER])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:2]],
                "trump": SUIT_NAMES[int(order[12]) & 3], "turnup": format_cards([int(order[12])]),
                "points": [int(p) for p in state[nb.S_POINTS:nb.S_POINTS + 2]],
                "marriage_points": [int(p) for p in state[nb.S_MAR_PTS:nb.S_MAR_PTS + 2]],
                "tricks": [int(t) for t in state[S_WON:S_WON + 2]],
                "closer": closer if closer >= 0 else None,
                "close_points": int(state[nb.S_CLOSE_PTS]) if closer >= 0 else None,
                "marriages": [(s, SUIT_NAMES[u]) for s in range(2) for u in range(4) if decl >> (4 * s + u) & 1],
                "exchanged": [s for s in range(2) if decl >> (8 + s) & 1],
                "final_turnup": format_cards([int(state[S_TURNUP])]),
                "winner": int(result[0]) if result[0] >= 0 else None, "game_points": int(result[1]),
                "audit": {"checks": int(result[2]), "violations": int(result[3])}}


GAME = SixtySix()
