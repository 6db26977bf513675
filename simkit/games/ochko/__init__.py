"""G19 Ochko («Очко», «Двадцать одно»): Russian twenty-one, variants A and B.

Seed file 003, lines 1-17; GAMES.md G19. Unit = one bank (see :mod:`.nb`); a coup is
one punter's stake settled against the banker.
"""
import numpy as np

from simkit.core.cards import RANK_A, RANK_J, RANK_K, RANK_Q, deck
from simkit.core.options import pack
from simkit.core.stats import moments, ratios
from simkit.games.banking import bank_stats
from simkit.games.base import Game, kernel
from simkit.games.ochko.policies import BANKER, DRAW, PARAM_ORDER, ROLES, STAKE, best_threshold, check_params
from simkit.games.ochko.rules import OchkoRules
from simkit.policies.base import raise_illegal

#: the user placeholders of the roles' built-ins (:class:`~simkit.games.base.kernel` targets)
_PLACEHOLDER = {"stake": "simkit.games.ochko.nb_core:no_user_stake_nb",
                "draw": "simkit.games.ochko.nb_core:no_user_draw_nb",
                "banker": "simkit.games.ochko.nb_core:no_user_banker_nb"}
_OCHKO = {RANK_A: 11, RANK_K: 4, RANK_Q: 3, RANK_J: 2}
_BLACKJACK = {RANK_A: 1, RANK_K: 10, RANK_Q: 10, RANK_J: 10}


def card_values(values: str) -> np.ndarray:
    """Points of every card code (64 entries): ochko A 11, K 4, Q 3, J 2 (003:12);
    blackjack A 1 (the kernel counts one ace 11 when that does not pass 21), K Q J 10;
    other ranks their pips."""
    faces = _BLACKJACK if values == "blackjack" else _OCHKO
    val = np.zeros(64, np.int64)
    for code in range(52):
        rank = code // 4
        val[code] = faces.get(rank, rank + 2)
    return val


def policy_args(rules, policies) -> tuple:
    """``(codes, params, fns)``: the policy codes of the roles ``(stake, draw, banker)``, their
    parameter arrays and their user functions (placeholders for built-ins)."""
    check_params(policies, rules)
    codes = np.zeros(3, np.int64)
    params_out, fns = [], []
    for i, role in enumerate(ROLES):
        pol = policies[role.name]
        if pol.is_user:
            codes[i] = 0
            params = pol.user_params()
            fn = pol.fn
        else:
            codes[i] = role.builtins[pol.name].code
            if pol.name == "best":
                params = np.array(best_threshold(rules, policies["banker"]), np.float64)
            else:
                params = np.array([pol.params[k] for k in PARAM_ORDER[pol.name]] or [0.0], np.float64)
            fn = kernel(_PLACEHOLDER[role.name]).load()
        params_out.append(np.ascontiguousarray(params, np.float64))
        fns.append(fn)
    return codes, tuple(params_out), tuple(fns)


class Ochko(Game):
    id = "ochko"
    title = "Ochko (Очко, Двадцать одно), variants A and B"

    def title_for(self, rules) -> str:
        """The title of a run of one variant (a figure of variant A is not of A and B)."""
        return f"Ochko (Очко, Двадцать одно), variant {rules.variant}"
    description = "Russian twenty-one against a banker, variant A (naturals) or B (bank duels) (house edge)"
    unit = "bank"
    hands_word = "banks"
    Rules = OchkoRules
    report = kernel("simkit.games.ochko.report")
    roles = ROLES
    headline = "house_edge"
    chunk_hint = 1 << 15
    study_hands = 1_000_000
    conformance_hands = 2000
    #: about 8.9 coups per bank in variant B and 9.9 in variant A (3 punters, 36 cards)
    bench_cases = [("variant B, 3 punters, threshold 17", {}, "threshold:stand=17", 2_000_000),
                   ("variant A, 3 punters, threshold 17", {"variant": "A"}, "threshold:stand=17", 2_000_000)]
    conformance_cases = [
        ({}, None),
        ({"variant": "A"}, None),
        ({"variant": "A", "decks": 2, "deck": 52, "values": "blackjack", "two_aces": "win", "punters": 5,
          "natural_vs_natural": "push", "tie": "banker"}, {"draw": "mimic", "banker": "standard:stand=16"}),
        ({"banker_hand": "single", "info": "hidden", "tie": "banker", "punters": 6, "two_aces": "21"},
         {"stake": "card-aware", "draw": "threshold:stand=16,halve_at=14"}),
        ({"deck_end": "reshuffle", "punters": 8, "tie": "punter", "bank": 4, "burn_card": False},
         {"stake": "bank-fraction:fraction=0.7", "draw": "threshold:stand=18,halve_at=15"}),
        ({"banker_hand": "single", "punters": 8, "bank": 3, "two_aces": "win", "max_rounds": 3,
          "deck_end": "reshuffle"}, {"stake": "flat:units=2", "draw": "mimic"}),
    ]

    played_word = "coups"

    def played(self, stats):
        """Coups played (one punter's stake settled; a bank holds several)."""
        from simkit.games.ochko import nb

        return int(stats["counters"][nb.C_COUPS])

    def _kernel_args(self, rules, policies, cards=None):
        """``(inputs, user functions)`` of the kernels (:class:`~.nb.OchkoInputs`; ``cards``:
        the card order of a fixed bank, else the rules' deck)."""
        from simkit.games.ochko import nb, nb_core

        if cards is None:
            cards = deck(rules.deck, copies=rules.decks)
        codes, params, fns = policy_args(rules, policies)
        inp = nb.OchkoInputs(np.ascontiguousarray(cards, np.uint8), card_values(rules.values), pack(rules, nb_core.O),
                             codes, *params, np.zeros(nb.N_AUDIT, np.int64), np.zeros(nb.N_ERR, np.int64))
        return inp, fns

    def _raise(self, err, rules, policies):
        from simkit.games.ochko import nb_core

        code = int(err[0])
        role = {nb_core.ERR_STAKE: "stake", nb_core.ERR_DRAW: "draw", nb_core.ERR_BANKER: "banker"}[code]
        where = f"variant {rules.variant}, bank (unit) {err[1]}, round {err[7] + 1}"
        if role == "stake":
            cap = "no bank limit" if rules.variant == "A" else f"the bank holds {err[6]} units to claim"
            text = f"{where}, punter {err[3]} staking ({cap}); a stake must be a whole number from 1 to " \
                   f"{err[6] if rules.variant == 'B' else nb_core.MAX_STAKE}"
        else:
            who = "banker" if role == "banker" else f"punter {err[3]}"
            allowed = "0 stand, 1 draw" + (", 2 halve the stake then draw" if role == "draw" and err[6] else "")
            text = f"{where}, {who} holding {err[5]} cards worth {err[4]}; allowed moves: {allowed}"
        raise_illegal(self.id, policies[role], text, int(err[2]))

    def _new_stats(self):
        from simkit.games.ochko import nb

        return bank_stats(coup=ratios(nb.N_COUP), rounds=moments(1), by_seat=ratios(nb.MAX_P),
                          by_index=ratios(nb.N_INDEX), ends=np.zeros(nb.N_END, np.int64),
                          outcomes=np.zeros(nb.N_OUT, np.int64), totals=np.zeros((2, nb.N_TOT), np.int64),
                          rounds_hist=np.zeros(nb.N_TENURE, np.int64), final=np.zeros(nb.N_FINAL, np.int64),
                          counters=np.zeros(nb.N_COUNTERS, np.int64))

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.ochko import nb

        inp, fns = self._kernel_args(rules, policies)
        st = self._new_stats()
        nb.ochko_chunk_nb.entry()(seed, start, stop, inp, fns, nb.OchkoStats(**st), audit)
        if inp.err[0]:
            self._raise(inp.err, rules, policies)
        return st, inp.audit_out

    def play_fixed(self, cards, rules=None, policies=None, *, audit=True, max_log=256):
        """Play one bank dealing ``cards`` (codes or a card string, first dealt first) and
        return ``(log DataFrame, bank dict)``: one row per coup and the bank's figures. For
        tests and for looking at single deals; the kernel code is the one simulations run."""
        import pandas as pd

        from simkit.core.cards import parse
        from simkit.games.ochko import nb

        rules = OchkoRules.build(rules)
        policies = self.resolve_policies(policies)
        arr = parse(cards) if isinstance(cards, str) else np.asarray(cards, np.uint8)
        inp, fns = self._kernel_args(rules, policies, arr)
        log = np.zeros((max_log, nb.N_LOG), np.int64)
        bk = np.zeros(nb.N_BK, np.int64)
        ds = np.zeros(nb.N_DS, np.int64)
        nb.ochko_fixed_nb(inp, fns, audit, log, bk, ds)
        err, audit_out = inp.err, inp.audit_out
        if err[0]:
            self._raise(err, rules, policies)
        cols = ["round", "seat", "stake", "halved", "loss", "outcome", "punter_total", "banker_total",
                "punter_cards", "banker_cards", "bank_after"]
        df = pd.DataFrame(log[:ds[nb.DS_LOG]], columns=cols)
        df["loss"] = df["loss"] / 2
        df["outcome"] = [nb.OUTCOME_NAMES[o] for o in df["outcome"]]
        is_b = rules.variant == "B"
        df["bank_after"] = df["bank_after"] / 2 if is_b else np.nan      # variant A keeps no bank
        bank = {"coups": int(bk[nb.BK_COUPS]), "rounds": int(bk[nb.BK_ROUNDS]), "end": nb.END_NAMES[bk[nb.BK_END]],
                "banker_net": bk[nb.BK_X] / 2, "final_bank": bk[nb.BK_BANK] / 2 if is_b else None,
                "cards_used": int(ds[nb.DS_POS]),
                "reshuffles": int(ds[nb.DS_SHUFFLES]), "no_card": int(ds[nb.DS_NOCARD]),
                "audit_checks": int(audit_out[0]), "audit_violations": int(audit_out[1])}
        return df, bank

    def audit(self, rules, policies, seed, units):
        st, a = self._run(rules, policies, seed, 0, units, True)
        return {"checks": int(a[0]), "violations": int(a[1]), "card_checks": int(a[2]),
                "card_violations": int(a[3]), "move_checks": int(a[4]), "move_violations": int(a[5]),
                "score_checks": int(a[6]), "score_violations": int(a[7]), "stats": st}


GAME = Ochko()

__all__ = ["GAME", "Ochko", "OchkoRules", "STAKE", "DRAW", "BANKER"]
