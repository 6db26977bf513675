"""G14 Babochka («Бабочка», Butterfly): a pot-capturing game of the Kontchinka family.

Seed file 002 lines 26-29; GAMES.md G14. Unit = one pot, from the first ante until a
player who captured with all three of his cards takes it. Built on the capture engine
(:mod:`simkit.core.capture`) with Kontchinka's variant а captures; kernels in :mod:`.nb`;
docs/fishing.md.
"""
import numpy as np

from simkit.core.capture_codes import MAX_SEATS, SWEEP_NONE, card_table
from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.games.babochka.policies import PARAM_SLOTS, PLAY
from simkit.games.babochka.rules import BabochkaRules
from simkit.games.base import Game, kernel
from simkit.games.fishing import inputs, raise_move_error
from simkit.policies.seated import policy_arrays, policy_groups, resolve_seated

_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 1)


def babochka_card_table() -> np.ndarray:
    """Variant а captures (002:67): A = 1, 2-10 at pip value capture by rank or sum; K, Q,
    J only by rank. No point suit, no kontchinki (Babochka scores none)."""
    return card_table(_VALUES, _VALUES, [SWEEP_NONE] * 13, -1, ())


class Babochka(Game):
    id = "babochka"
    title = "Babochka (Бабочка, Butterfly)"
    description = "pot game: capture with all three of your cards to take the pot, else everyone re-antes (pot EV)"
    unit = "pot"
    hands_word = "pots"
    played_word = "deals"
    Rules = BabochkaRules
    report = kernel("simkit.games.babochka.report")
    roles = [PLAY]
    #: GAMES.md G14's question: the first mover's seat advantage (issue 29: at the study size its
    #: interval must say whether there is one; 400,000 pots: +0.095 +- 0.026 chips a pot, seed 2026)
    headline = "first_mover_pot_ev"
    headline_doc = kernel("simkit.games.babochka.report:HEADLINE_DOC")
    chunk_hint = 1 << 10
    conformance_hands = 300
    study_hands = 400_000
    bench_cases = [("random play, 3 players", {}, "random", 200_000),
                   ("heuristic play, 4 players", {"players": 4}, "heuristic", 100_000)]
    conformance_cases = [
        ({}, None),
        ({"players": 4, "turns": "all_three", "forced_capture": False, "both_complete": "split"}, "random"),
        ({"stock_end": "keep_table", "dealer_passes": "same_pot", "ante": 2, "trail_fee": 0, "first_dealer": 2},
         {"play": "simulation:samples=2|greedy|heuristic:deny=3"}),
    ]

    def resolve_policies(self, given) -> dict:
        return resolve_seated(self.id, self.roles, given)

    def played(self, stats):
        """Deals played (a pot may take several)."""
        from simkit.games.babochka import nb

        return int(stats["counters"][nb.C_DEALS])

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.babochka import nb

        codes, params, fn = policy_arrays(self.id, PLAY, policies["play"], rules.players, PARAM_SLOTS,
                                          nb.N_PARAMS, nb.no_user_play_nb)
        groups, names = policy_groups(policies, rules.players)
        st = Stats(net=moments(MAX_SEATS), group_mom=moments(len(names)), deals=moments(1),
                   deals_hist=np.zeros(nb.N_DEALS, np.int64), pot=moments(1), pot_hist=np.zeros(nb.N_POT, np.int64),
                   wins=np.zeros(MAX_SEATS, np.int64), counters=np.zeros(nb.N_COUNTERS, np.int64))
        inp = inputs(babochka_card_table(), pack(rules, nb.O), codes, params, groups)
        nb.babochka_chunk_nb.entry()(seed, start, stop, inp, (fn,), nb.BabochkaStats(**st), audit)
        if inp.err[0]:
            raise_move_error(self.id, policies, inp.err, f"pot (unit) {inp.err[1]}, deal {inp.err[7]}, ")
        return st, inp.audit_out


GAME = Babochka()
