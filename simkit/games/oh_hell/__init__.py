"""G09 Oh Hell («Черт побери»): bid the exact number of tricks you will take.

Seed file 000 lines 311-329 and file 001 lines 1-36; GAMES.md G09. Unit = one whole
game (deals of 1, 2, ..., N cards), or one deal of K cards with the rule ``cards=K``.
Built on the shared trick core (:mod:`simkit.core.tricks`); kernels in :mod:`.nb`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_CARDS, E_DEAL, E_HAND, E_KIND, E_LEGAL, E_SEAT, E_UNIT, R_PLAY
from simkit.errors import SimkitError
from simkit.games.base import kernel
from simkit.games.oh_hell import codes
from simkit.games.oh_hell.policies import BID, PARAM_SLOTS, PLAY
from simkit.games.oh_hell.rules import OhHellRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES, TrickGame


class OhHell(TrickGame):
    id = "oh-hell"
    title = "Oh Hell (Черт побери)"
    description = "bid the exact number of tricks you take; deals of 1, 2, ... cards (bid accuracy, win rate)"
    unit = "game"
    hands_word = "units"
    Rules = OhHellRules
    report = kernel("simkit.games.oh_hell.report")
    nb = kernel("simkit.games.oh_hell.nb")
    roles = [BID, PLAY]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY),
                 "bid": (codes.R_BID, PARAM_SLOTS["bid"], codes.N_BID_PARAMS, NO_USER_BID)}
    headline = "bid_accuracy"
    chunk_hint = 1 << 12
    conformance_hands = 600
    study_hands = 20_000
    bench_cases = [("random play, 4 players, 13-card deals", {"players": 4, "cards": 13}, "random", 1_000_000),
                   ("whole 4-player games, heuristic bid and play", {}, None, 20_000)]
    conformance_cases = [
        ({}, None),
        ({"players": 3, "cards": 5, "hook": True}, "random"),
        ({"players": 5, "deals": 6, "zero_bid": "five_plus_cards", "ties": "all", "first_dealer": 2},
         {"bid": "seed-advice", "play": "random"}),
        ({"players": 4, "cards": 4, "hook": True}, {"bid": "simulation:samples=3", "play": "heuristic"}),
        ({"players": 7, "deals": 3}, {"bid": "random|heuristic|seed-advice|random|heuristic|random|heuristic"}),
    ]

    played_word = "deals"

    def n_units(self, hands, rules):
        return hands

    def unit_for(self, rules):
        return "deal" if rules.single_deal else "game"

    def played(self, stats):
        """Deals played (a whole game holds several)."""
        return int(stats["counters"][0])

    # -- kernel inputs ------------------------------------------------------------------
    def _opts(self, rules):
        o = pack(rules, self.nb.O)
        o[self.nb.O.n_deals] = rules.n_deals
        return o

    def _new_stats(self, rules, n_groups):
        P, K = rules.players, rules.max_cards
        return Stats(seat_joint=np.zeros((P, K + 1, K + 1, K + 1), np.int64),
                     pos_joint=np.zeros((P, K + 1, K + 1, K + 1), np.int64),
                     table_total=np.zeros((K + 1, 3), np.int64), deal_mom=moments(1),
                     counters=np.zeros(3, np.int64), game_score=moments(P), game_win=moments(P),
                     group_mom=moments(2 * n_groups),
                     score_hist=np.zeros((P, self.nb.MAX_SCORE + 1), np.int64))

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.core.trick_play import no_after_trick_cb
        from simkit.core.tricks import standard_tables

        nb = self.nb
        seats, fns = self.seat_policies(policies, rules.players)
        st = self._new_stats(rules, int(seats.group.max()) + 1)
        inp = self.inputs(deck(52), self._opts(rules), standard_tables(52), seats)
        nb.oh_hell_chunk_nb.entry()(seed, start, stop, inp, (nb.choose_play_cb, no_after_trick_cb, *fns),
                                    nb.OhHellStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def deal_words(self, err):
        return f" of {int(err[E_CARDS])} cards ({self.trump_words(err)})"

    def game_situation(self, err, where):
        k, forbidden = int(err[E_CARDS]), int(err[E_LEGAL])
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        allowed = f"0..{k}" + (f" except {forbidden} (hook rule)" if forbidden >= 0 else "")
        return "bid", (f"{where}deal {int(err[E_DEAL])}{self.deal_words(err)}, seat {int(err[E_SEAT])} to bid "
                       f"holding {hand}, bids so far total {int(err[self.nb.E_BIDS])}; a bid must be an integer {allowed}")

    # -- one deal from a fixed card order (tests, notebooks) -------------------------------
    def play_deal(self, cards, *, rules=None, policies=None, deal_no=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (a string such as
        ``"AS 2H ..."`` or codes: one card at a time from the dealer's left, then the
        turn-up) with the same code the kernel runs. ``deal_no`` (default ``rules.cards``
        or 1) is the number of cards each player gets; the deal is the game's last (no
        trump) when ``deal_no`` equals the game's number of deals. Returns the hands as
        dealt, the bids, tricks and points per seat, the trump suit and the turn-up."""
        from simkit.core.trick_play import no_after_trick_cb
        from simkit.core.tricks import S_BID, S_SIZE, S_TRUMP, S_TURNUP, S_WON, standard_tables

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        k = int(deal_no or rules.cards or 1)
        P = rules.players
        if not 1 <= k <= rules.n_deals:
            raise SimkitError(f"oh-hell: deal_no={k} is not a deal of this game; allowed: 1..{rules.n_deals}")
        self.check_seat("dealer", dealer, P)
        # the card after the hands is turned for trump (000 line 317 «После сдачи он выкладывает следующую карту
        # на стол рубашкой вниз. Эта лицевая карта определяет козырную масть»), except on a last deal played
        # without trump or when the hands take the whole deck
        turned = P * k < 52 and not (k == rules.n_deals and rules.last_deal_no_trump)
        order = self.check_order(cards, deck(52), P * k + turned)
        seats, fns = self.seat_policies(policies, P)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        inp = self.inputs(deck(52), self._opts(rules), standard_tables(52), seats)
        if not nb.one_deal_nb(order, inp, (nb.choose_play_cb, no_after_trick_cb, *fns), k, dealer, int(seed), state,
                              hands):
            self.raise_err(inp.err, policies)
        zero = 5 + k if rules.zero_bid == "five_plus_cards" else 10
        bids = [int(b) for b in state[S_BID:S_BID + P]]
        won = [int(t) for t in state[S_WON:S_WON + P]]
        trump = int(state[S_TRUMP])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:P]], "bids": bids, "tricks": won,
                "points": [int(nb.deal_points_nb(b, t, k, zero)) for b, t in zip(bids, won)],
                "trump": SUIT_NAMES[trump] if trump >= 0 else "no trump",
                "turnup": format_cards([state[S_TURNUP]]) if state[S_TURNUP] >= 0 else None}


GAME = OhHell()
