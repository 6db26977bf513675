"""G17 Kerosinka («Керосинка»: the 10♥ above all trumps): card points, follow by rank
first, then suit, then trump; the first to the agreed total wins.

Seed file 002 lines 57-61; GAMES.md G17. Unit = one game to the target (``unit=game``)
or one deal (``unit=deal``). Rules in :mod:`.rules`, rule pieces in :mod:`.scoring`,
kernels in :mod:`.nb` on the shared trick engine and the card-point pieces shared with
Kozel (:mod:`simkit.games.point_tricks`). Play policies in :mod:`.policies`: the default
``heuristic`` is Kerosinka's own (:mod:`.play`); ``basic`` and ``simulation`` are the
point games' shared players.
"""
import numpy as np

from simkit.core.cards import cards_of, format as format_cards
from simkit.core.stats import moments
from simkit.core.trick_codes import R_PLAY
from simkit.games.base import kernel
from simkit.games.kerosinka import codes, policies
from simkit.games.kerosinka.rules import KerosinkaRules
from simkit.games.point_game import PointTrickGame
from simkit.games.tricks_base import NO_USER_PLAY, SUIT_NAMES


class Kerosinka(PointTrickGame):
    id = "kerosinka"
    title = "Kerosinka (Керосинка)"
    description = "four players each for himself, the 10♥ above all trumps, follow by rank first, card points to 300"
    unit = "game"
    hands_word = "units"
    Rules = KerosinkaRules
    roles = [policies.PLAY]
    role_rows = {"play": (R_PLAY, policies.PARAM_SLOTS, codes.N_PLAY_PARAMS, NO_USER_PLAY)}
    choose_cb = kernel("simkit.games.kerosinka.play:choose_play_cb")
    report = kernel("simkit.games.kerosinka.report")
    nb = kernel("simkit.games.kerosinka.nb")
    deck_size = 36
    headline = "forced_trump_rate"
    headline_doc = kernel("simkit.games.kerosinka.report:HEADLINE_DOC")
    chunk_hint = 1 << 9
    conformance_hands = 40
    study_hands = 20_000
    bench_cases = [("random play, single deals", {"unit": "deal"}, "random", 500_000),
                   ("games to 300, heuristic play", {}, None, 5_000)]
    conformance_cases = [
        ({}, "random"),
        ({"unit": "deal", "kerosinka_as_ten": "trump_only", "kerosinka_turned": "no_trump_suit", "first_dealer": 3},
         {"play": "heuristic|random|simulation:samples=2|heuristic"}),
        ({"target": 500}, None),
        ({"unit": "deal", "kerosinka_turned": "no_trump_suit", "first_dealer": 1},
         {"play": "basic|heuristic:lead_at=0,trump_at=12,win_at=10,void_min=3|heuristic|random"}),
    ]


    def trick_tables(self, rules):
        from simkit.games.kerosinka.scoring import tables

        return tables(rules)

    def _new_stats(self, rules, n_groups):
        return dict(points_hist=np.zeros((4, 121), np.int64), tricks_hist=np.zeros((4, 10), np.int64),
                    pos_pts=moments(4), group_pts=moments(n_groups), forced=moments(1),
                    counters=np.zeros(3, np.int64), game_win=moments(4), group_win=moments(n_groups),
                    game_score=moments(4), game_len=moments(1))

    def play_deal(self, cards, *, rules=None, policies=None, dealer=0, seed=0) -> dict:
        """Play one deal dealt from the card order ``cards`` (the 36 cards, a string or codes:
        one at a time from the dealer's left; the last is the dealer's, shown for trump)
        with the kernel's own code, audited. Returns the hands as dealt, the trump suit
        (``"no trump"``: the 10♥ alone), each seat's card points and tricks, the forced
        trumps and the audit counts."""
        from simkit.core.tricks import S_TRUMP, S_WON
        from simkit.games.point_tricks import S_FORCED, S_POINTS

        rules, policies, order, args, state = self.deal_inputs(cards, rules, policies, dealer)
        dealt = np.zeros(8, np.int64)
        audit_out = args[1].audit_out
        if not self.nb.one_deal_nb(*args, int(seed), state, dealt):
            self.raise_err(args[1].err, policies)
        trump = int(state[S_TRUMP])
        return {"hands": [format_cards(cards_of(h)) for h in dealt[:4]],
                "trump": SUIT_NAMES[trump] if 0 <= trump < 4 else "no trump", "shown": format_cards(order[35:36]),
                "points": [int(p) for p in state[S_POINTS:S_POINTS + 4]],
                "tricks": [int(t) for t in state[S_WON:S_WON + 4]], "forced_trumps": int(state[S_FORCED]),
                "audit": {"checks": int(audit_out[0]), "violations": int(audit_out[1])}}


GAME = Kerosinka()
