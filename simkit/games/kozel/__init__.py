"""G11 Kozel (the old four-player Kozyol, «козёл»): card points in two halves of the deck,
the 61-point rule, 12 marks against each opponent, the match.

Seed file 002 lines 1-6; GAMES.md G11. Unit = one match (the kozyol) or one deal (two
halves) with ``unit=deal``. Rules in :mod:`.rules`, scoring pieces in :mod:`.scoring`,
play policies in :mod:`.policies` (kernels :mod:`.play`), kernels in :mod:`.nb` on the shared trick engine and the card-point pieces shared with
Kerosinka (:mod:`simkit.games.point_tricks`).
"""
import numpy as np

from simkit.core.cards import cards_of, format as format_cards
from simkit.core.stats import moments
from simkit.core.trick_codes import R_PLAY
from simkit.games.base import kernel
from simkit.games.kozel import codes, policies
from simkit.games.kozel.rules import KozelRules
from simkit.games.point_game import PointTrickGame
from simkit.games.tricks_base import NO_USER_PLAY, SUIT_NAMES


class Kozel(PointTrickGame):
    id = "kozel"
    title = "Kozel (Козёл)"
    description = "four players each for himself, permanent jack trumps, 61 card points in a half, the kozyol match"
    unit = "match"
    hands_word = "units"
    Rules = KozelRules
    roles = [policies.PLAY]
    role_rows = {"play": (R_PLAY, policies.PARAM_SLOTS, codes.N_PLAY_PARAMS, NO_USER_PLAY)}
    choose_cb = kernel("simkit.games.kozel.play:choose_play_cb")
    report = kernel("simkit.games.kozel.report")
    nb = kernel("simkit.games.kozel.nb")
    deck_size = 32
    headline = "decisive_half_rate"
    headline_doc = kernel("simkit.games.kozel.report:HEADLINE_DOC")
    chunk_hint = 1 << 6
    conformance_hands = 12
    study_hands = 2_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 500_000),
                   ("whole matches, heuristic play", {}, None, 500)]
    conformance_cases = [
        ({}, "random"),
        ({"unit": "deal", "half_winner": "scaled_majority", "turnup_to_dealer": False, "first_dealer": 2},
         {"play": "heuristic|random|simulation:samples=2|heuristic"}),
        ({"half_winner": "most_points", "marks": 4}, None),
    ]

    def played(self, stats):
        """Deals played (a match holds many; a match won after a first half counts its deal)."""
        return int(stats["halves"][0])

    def trick_tables(self, rules):
        from simkit.games.kozel.scoring import TABLES

        return TABLES

    def _new_stats(self, rules, n_groups):
        return dict(points_hist=np.zeros((4, 121), np.int64), tricks_hist=np.zeros((4, 9), np.int64),
                    half_pts=moments(2), pos_pts=moments(4), decisive=np.zeros((3, 2), np.int64),
                    halves=np.zeros(2, np.int64), seat_wins=np.zeros(4, np.int64), pos_wins=np.zeros(4, np.int64),
                    group_half=moments(n_groups), counters=np.zeros(3, np.int64), forced=moments(1),
                    match_win=moments(4), match_len=moments(3), group_win=moments(n_groups))

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, seed=0) -> dict:
        """Play one deal (both halves) dealt from the card order ``cards`` (the 32 cards, a
        string or codes): the first is turned for trump; with ``turnup_to_dealer`` it is the
        dealer's and cards 2-16 go one at a time from the dealer's left (he gets three),
        else cards 1-16 go one at a time from his left; cards 17-32 likewise for the second
        half. Runs the kernel's own code, audited. Returns the hands as dealt per half, the
        trump suit, each seat's card points per half and tricks in the deal, the half's
        winner under each reading (-1: nobody) and the audit counts."""
        from simkit.core.tricks import S_WON
        from simkit.games.kozel.scoring import READINGS, half_winner

        rules, policies, order, args, state = self.deal_inputs(cards, rules, policies, dealer)
        half_pts = np.zeros((2, 4), np.int64)
        dealt = np.zeros((2, 4), np.int64)
        audit_out = args[1].audit_out
        if not self.nb.one_deal_nb(*args, int(seed), state, half_pts, dealt):
            self.raise_err(args[1].err, policies)
        pts = half_pts.tolist()
        return {"hands": [[format_cards(cards_of(h)) for h in half] for half in dealt],
                "trump": SUIT_NAMES[int(order[0]) & 3], "turned": format_cards(order[:1]),
                "points": pts, "tricks": [int(t) for t in state[S_WON:S_WON + 4]],
                "winners": {name: [half_winner(p, {"half_winner": name}) for p in pts] for name in READINGS},
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = Kozel()
