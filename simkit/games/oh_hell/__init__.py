"""G09 Oh Hell («Черт побери»): bid the exact number of tricks you will take.

Seed file 000 lines 311-329 and file 001 lines 1-36; GAMES.md G09. Unit = one whole
game (deals of 1, 2, ..., N cards), or one deal of K cards with the rule ``cards=K``.
Built on the shared trick core (:mod:`simkit.core.tricks`); kernels in :mod:`.nb`.
"""
import numpy as np

from simkit.core.cards import deck, format as format_cards
from simkit.core.stats import Stats, moments
from simkit.core.tricks import S_BID, S_SIZE, S_TRUMP, S_TURNUP, S_WON, cards_of, standard_tables
from simkit.errors import SimkitError
from simkit.games.base import Game
from simkit.games.oh_hell import nb, report
from simkit.games.oh_hell.policies import BID, PARAM_SLOTS, PLAY
from simkit.games.oh_hell.rules import OhHellRules
from simkit.policies.base import raise_illegal
from simkit.policies.seated import policy_arrays, policy_groups, resolve_seated

SUITS = ("spades", "hearts", "diamonds", "clubs", "no trump")


class OhHell(Game):
    id = "oh-hell"
    title = "Oh Hell (Черт побери)"
    description = "bid the exact number of tricks you take; deals of 1, 2, ... cards (bid accuracy, win rate)"
    unit = "game"
    hands_word = "units"
    Rules = OhHellRules
    report = report
    roles = [BID, PLAY]
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

    def resolve_policies(self, given) -> dict:
        return resolve_seated(self.id, self.roles, given)

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
        o = np.zeros(nb.N_OPTS, np.int64)
        o[nb.O_PLAYERS] = rules.players
        o[nb.O_DEALS] = rules.n_deals
        o[nb.O_CARDS] = rules.cards
        o[nb.O_HOOK] = int(rules.hook)
        o[nb.O_ZERO] = int(rules.zero_bid == "five_plus_cards")
        o[nb.O_LAST_NT] = int(rules.last_deal_no_trump)
        o[nb.O_TIES] = int(rules.ties == "all")
        o[nb.O_FIRST_DEALER] = rules.first_dealer
        return o

    def _policy_args(self, rules, policies):
        P = rules.players
        bc, bp, bfn = policy_arrays(self.id, BID, policies["bid"], P, PARAM_SLOTS["bid"], nb.N_BID_PARAMS,
                                    nb.no_user_bid_nb)
        pc, pp, pfn = policy_arrays(self.id, PLAY, policies["play"], P, PARAM_SLOTS["play"], nb.N_PLAY_PARAMS,
                                    nb.no_user_play_nb)
        return bc, bp, pc, pp, bfn, pfn

    def _new_stats(self, rules, n_groups):
        P, K = rules.players, rules.max_cards
        return Stats(seat_joint=np.zeros((P, K + 1, K + 1, K + 1), np.int64),
                     pos_joint=np.zeros((P, K + 1, K + 1, K + 1), np.int64),
                     table_total=np.zeros((K + 1, 3), np.int64), deal_mom=moments(1),
                     counters=np.zeros(3, np.int64), game_score=moments(P), game_win=moments(P),
                     group_mom=moments(2 * n_groups),
                     score_hist=np.zeros((P, nb.MAX_SCORE + 1), np.int64))

    def _run(self, rules, policies, seed, start, stop, audit):
        bc, bp, pc, pp, bfn, pfn = self._policy_args(rules, policies)
        groups, names = policy_groups(policies, rules.players)
        st = self._new_stats(rules, len(names))
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        nb.oh_hell_chunk_nb(seed, start, stop, deck(52), self._opts(rules), standard_tables(52), bc, bp, pc, pp,
                            bfn, pfn, np.asarray(groups, np.int64), audit, st["seat_joint"], st["pos_joint"],
                            st["table_total"], st["deal_mom"], st["counters"], st["game_score"], st["game_win"],
                            st["group_mom"], st["score_hist"], audit_out, err)
        if err[0]:
            self._raise(err, policies, f"unit {err[1]}, ")
        return st, audit_out

    def _raise(self, err, policies, where=""):
        seat = int(err[2])
        k, deal_no, trump = int(err[6]), int(err[7]), int(err[10])
        trump_txt = SUITS[trump] if 0 <= trump < 4 else "no trump"
        hand = format_cards(cards_of(err[4])) if err[4] else "-"
        if err[0] == nb.ERR_BID:
            role = "bid"
            forbidden = int(err[5])
            allowed = f"0..{k}" + (f" except {forbidden} (hook rule)" if forbidden >= 0 else "")
            situation = (f"{where}deal {deal_no} of {k} cards ({trump_txt}), seat {seat} to bid holding {hand}, "
                         f"bids so far total {int(err[12])}; a bid must be an integer {allowed}")
        else:
            role = "play"
            led = int(err[11])
            lead_txt = "leading" if led < 0 else f"following a lead of {format_cards([led])}"
            situation = (f"{where}deal {deal_no} of {k} cards ({trump_txt}), trick {int(err[8]) + 1}, seat {seat} "
                         f"{lead_txt} holding {hand}; legal cards: {format_cards(cards_of(err[5]))}")
        pol = policies[role]
        pol = pol[seat] if isinstance(pol, list) else pol
        raise_illegal(self.id, pol, situation, int(err[3]))

    # -- the contract ---------------------------------------------------------------------
    # -- one deal from a fixed card order (tests, notebooks) -------------------------------
    def play_deal(self, cards, *, rules=None, policies=None, deal_no=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (a string such as
        ``"AS 2H ..."`` or codes: one card at a time from the dealer's left, then the
        turn-up) with the same code the kernel runs. ``deal_no`` (default ``rules.cards``
        or 1) is the number of cards each player gets; the deal is the game's last (no
        trump) when ``deal_no`` equals the game's number of deals. Returns the hands as
        dealt, the bids, tricks and points per seat, the trump suit and the turn-up."""
        from simkit.core.cards import parse

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = parse(cards) if isinstance(cards, str) else np.asarray(cards, dtype=np.uint8)
        k = int(deal_no or rules.cards or 1)
        P = rules.players
        if not 1 <= k <= rules.n_deals:
            raise SimkitError(f"oh-hell: deal_no={k} is not a deal of this game; allowed: 1..{rules.n_deals}")
        if not 0 <= dealer < P:
            raise SimkitError(f"oh-hell: dealer={dealer} is not a seat; allowed: 0..{P - 1}")
        if len(order) < P * k or len(set(order.tolist())) != len(order) or (order >= 52).any():
            raise SimkitError(f"oh-hell: a deal of {k} cards to {P} players needs at least {P * k} distinct "
                              f"cards of the 52-card deck, got {len(order)}")
        bc, bp, pc, pp, bfn, pfn = self._policy_args(rules, policies)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        opts = self._opts(rules)
        if not nb.one_deal_nb(order.astype(np.uint8), opts, standard_tables(52), k, dealer, bc, bp, pc, pp, bfn, pfn,
                              int(seed), state, hands, err):
            self._raise(err, policies)
        zero = 5 + k if rules.zero_bid == "five_plus_cards" else 10
        bids = [int(b) for b in state[S_BID:S_BID + P]]
        won = [int(t) for t in state[S_WON:S_WON + P]]
        trump = int(state[S_TRUMP])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:P]], "bids": bids, "tricks": won,
                "points": [int(nb.deal_points_nb(b, t, k, zero)) for b, t in zip(bids, won)],
                "trump": SUITS[trump] if trump >= 0 else "no trump",
                "turnup": format_cards([state[S_TURNUP]]) if state[S_TURNUP] >= 0 else None}


GAME = OhHell()
