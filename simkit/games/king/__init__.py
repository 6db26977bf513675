"""G15 King (the Russian «Кинг»; seed file 002 lines 33-44; GAMES.md G15): four players
each for himself, 32 cards; seven negative deals (no tricks, no boys, no girls, no hearts,
the last two, the king of hearts, eralash) with their lead bans and the forced K♥, then
eight positive deals with a trump named from three cards or «По последней». Unit = one
whole party (net score, win rates) or one deal of one contract (``unit=deal
contract=NAME``). Built on the shared trick engine; kernels in :mod:`.nb`, scoring pieces
in :mod:`.scoring`.
"""
import numpy as np

from simkit.core.cards import cards_of, deck, format as format_cards
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.core.trick_codes import E_DEAL, E_HAND, E_KIND, E_LED, E_LEGAL, E_SEAT, E_TRICK, E_UNIT, PLAY_RANDOM, R_PLAY
from simkit.errors import SimkitError
from simkit.games.base import kernel
from simkit.games.king import codes
from simkit.games.king.policies import PARAM_SLOTS, PLAY, TRUMP
from simkit.games.king.rules import CONTRACTS, KingRules
from simkit.games.tricks_base import NO_USER_BID, NO_USER_PLAY, SUIT_NAMES, TrickGame

CHOICES = SUIT_NAMES + ("by the last",)


class King(TrickGame):
    id = "king"
    title = "King (Кинг)"
    description = ("seven negative deals (tricks, boys, girls, hearts, last two, K♥, eralash) then eight with "
                   "a named trump; net score per party (win rate, penalty per contract)")
    unit = "party"
    hands_word = "units"
    Rules = KingRules
    report = kernel("simkit.games.king.report")
    nb = kernel("simkit.games.king.nb")
    roles = [PLAY, TRUMP]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], codes.N_PLAY_PARAMS, NO_USER_PLAY),
                 "trump": (codes.R_TRUMP, PARAM_SLOTS["trump"], codes.N_TRUMP_PARAMS, NO_USER_BID)}
    headline = "score.seat0"
    headline_doc = kernel("simkit.games.king.report:HEADLINE_DOC")
    chunk_hint = 1 << 9
    conformance_hands = 80
    study_hands = 40_000   # seat 0 -0.74 ± 0.16 a party (seed 2026): at 4,000 the interval held 0 (issue 29)
    bench_cases = [("random play, whole parties (15 deals)", {}, "random", 20_000),
                   ("heuristic play and naming, whole parties", {}, None, 20_000)]
    conformance_cases = [
        ({}, None),
        ({"unit": "deal", "contract": "eralash", "king_forced": "over_ace", "first_dealer": 1}, "random"),
        ({"unit": "deal", "contract": "plus", "trump_choice": "among_three", "first_dealer": 2},
         {"play": "random|heuristic|simulation:samples=2|heuristic", "trump": "random|heuristic|random|heuristic"}),
    ]

    def _opts(self, rules):
        return pack(rules, self.nb.O)

    def _seats(self, rules, policies):
        """The per-seat kernel arrays; under ``king_forced=over_ace`` random play goes
        through the game's own callback, which narrows the legal cards."""
        seats, fns = self.seat_policies(policies, self.nb.PLAYERS)
        if rules.king_forced == "over_ace":
            row = seats.code[R_PLAY]
            row[row == PLAY_RANDOM] = codes.PLAY_RANDOM_NARROW
        return seats, fns

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.king.scoring import TABLES

        nb = self.nb
        seats, fns = self._seats(rules, policies)
        C, P = nb.N_CONTRACTS, nb.PLAYERS
        st = Stats(points=np.zeros((C, P, nb.MAX_POINTS + 1), np.int64),
                   by_position=np.zeros((C, P, nb.MAX_POINTS + 1), np.int64),
                   tricks=np.zeros((C, P, nb.TRICKS + 1), np.int64),
                   naming=np.zeros((3, nb.TRICKS + 1, nb.TRICKS + 1), np.int64), counters=np.zeros(2, np.int64),
                   net=moments(P), win=moments(P), group_mom=moments(2 * (int(seats.group.max()) + 1)),
                   net_hist=np.zeros((P, 2 * nb.MAX_NET + 1), np.int64))
        inp = self.inputs(deck(32), self._opts(rules), TABLES, seats)
        nb.king_chunk_nb.entry()(seed, start, stop, inp, (nb.no_choose_cb, nb.no_after_trick_cb, *fns),
                                 nb.KingStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def game_situation(self, err, where):
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        seat = int(err[E_SEAT])
        if err[E_KIND] == self.nb.ERR_TRUMP:
            allowed = ", ".join(f"{i} ({CHOICES[i]})" for i in range(5) if int(err[E_LEGAL]) >> i & 1)
            return "trump", f"{where}deal {int(err[E_DEAL])}, seat {seat} naming trump from {hand}; answer {allowed}"
        led = format_cards([int(err[E_LED])])
        return "play", (f"{where}deal {int(err[E_DEAL])}, trick {int(err[E_TRICK]) + 1}, seat {seat} holding {hand} "
                        f"on a lead of {led} after the A♥ (king_forced=over_ace); legal cards: "
                        f"{format_cards(cards_of(err[E_LEGAL]))}")

    # -- one deal from a fixed card order (tests, notebooks) -------------------------------
    def play_deal(self, cards, *, rules=None, policies=None, contract=None, dealer=0, seed=0) -> dict:
        """Play one deal of ``contract`` (default: the rules' ``contract``) dealt from the
        card order ``cards`` (the 32 cards, a string or codes; see :mod:`.nb` for the order
        of dealing: a positive deal gives its first three cards to the namer, the dealer's
        left, and ``cards[28]`` is his last card) with the kernel's own code, audited.
        Returns the hands as dealt, the trump named, the points and tricks per seat and
        the audit counts."""
        from simkit.core.tricks import S_SIZE, S_TRUMP, S_WON
        from simkit.games.king.scoring import TABLES, contract_code

        nb = self.nb
        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        name = contract if contract is not None else rules.contract
        if name not in CONTRACTS:
            raise SimkitError(f"king: contract={name!r} is not a contract; allowed: {', '.join(CONTRACTS)}")
        order = self.check_order(cards, deck(32), 32, exactly=True)
        self.check_seat("dealer", dealer, nb.PLAYERS)
        seats, fns = self._seats(rules, policies)
        state = np.zeros(S_SIZE, np.int64)
        hands = np.zeros(8, np.int64)
        inp = self.inputs(deck(32), self._opts(rules), TABLES, seats)
        audit_out = inp.audit_out
        if not nb.one_deal_nb(order, inp, (nb.no_choose_cb, nb.no_after_trick_cb, *fns), contract_code(name), dealer,
                              int(seed), state, hands):
            self.raise_err(inp.err, policies)
        trump = int(state[S_TRUMP])
        choice = int(state[nb.S_CHOICE])
        return {"hands": [format_cards(cards_of(h)) for h in hands[:4]], "contract": name,
                "trump": SUIT_NAMES[trump] if trump >= 0 else None,
                "choice": CHOICES[choice] if choice >= 0 else None,
                "namer": int(state[nb.S_NAMER]) if state[nb.S_NAMER] >= 0 else None,
                "points": [int(p) for p in state[nb.S_PTS:nb.S_PTS + 4]],
                "tricks": [int(t) for t in state[S_WON:S_WON + 4]],
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = King()
