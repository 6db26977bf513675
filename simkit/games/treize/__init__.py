"""G03 Treize («Тринадцать»): the banker calls 2..A while turning cards; a match wins.

Seed file 000, lines 79-145; GAMES.md G03. Unit = one bank (see :mod:`.nb`).
"""
import numpy as np

from simkit.core.cards import deck
from simkit.core.options import pack
from simkit.core.stats import Stats, moments, ratios
from simkit.games.base import Game, kernel
from simkit.games.treize.policies import PARAM_ORDER, STAKE
from simkit.games.treize.rules import TreizeRules
from simkit.errors import SimkitError
from simkit.policies.base import raise_illegal


class Treize(Game):
    id = "treize"
    title = "Treize (Тринадцать, Thirteen)"
    description = "banker calls 2..A while turning cards; any match takes the stakes (house edge)"
    unit = "bank"
    hands_word = "banks"
    played_word = "coups"
    Rules = TreizeRules
    report = kernel("simkit.games.treize.report")
    roles = [STAKE]
    headline = "house_edge"
    chunk_hint = 1 << 18
    study_hands = 2_000_000
    bench_cases = [("flat stakes, continuing deck", {}, None, 2_000_000),
                   ("deck-aware stakes", {}, "deck-aware", 1_000_000)]
    conformance_cases = [
        ({}, None),
        ({"deck_end": "void", "deck": 36}, "deck-aware:threshold=-0.3"),
        ({"deck_end": "restart", "cap_at_bank": True, "bank": 3}, "flat:units=2"),
        ({"reshuffle_every_coup": True, "deck": 32}, None),
    ]

    def _kernel_args(self, rules, policies):
        from simkit.games.treize import nb

        pol = policies["stake"]
        opts = pack(rules, nb.O)
        if pol.is_user:
            code, params, fn = nb.POL_USER, pol.user_params(), pol.fn
        else:
            spec = STAKE.builtins[pol.name]
            params = np.array([pol.params[k] for k in PARAM_ORDER[pol.name]], dtype=np.float64)
            code, fn = spec.code, nb.no_user_stake_nb
        return deck(rules.deck), opts, code, params, fn

    def _run(self, rules, policies, seed, start, stop, audit, script=None, n_rec=0):
        from simkit.games.treize import nb

        cards, opts, code, params, fn = self._kernel_args(rules, policies)
        script = np.zeros(0, np.uint8) if script is None else np.asarray(script, np.uint8)
        rec = np.zeros((n_rec, 6), np.int64)
        st = Stats(coup=ratios(3), by_index=ratios(nb.N_INDEX), bank=moments(2),
                   tenure=np.zeros(nb.N_TENURE, np.int64), calls=np.zeros(nb.N_CALLS + 1, np.int64),
                   counters=np.zeros(3 + nb.N_INDEX, np.int64))
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(4, np.int64)
        inp = nb.TreizeInputs(cards, opts, audit_out, err, code, params, np.ascontiguousarray(script), rec)
        nb.treize_chunk_nb.entry()(seed, start, stop, inp, (fn,), nb.TreizeStats(**st), audit)
        if err[0] == nb.ERR_SCRIPT:
            raise SimkitError(f"treize: the scripted cards ran out in bank {err[1]}; give more cards")
        if err[0]:
            raise_illegal(self.id, policies["stake"],
                          f"bank (unit) {err[1]}, {err[3]} cards left unturned; a stake must be an integer "
                          f"from 1 to {nb.MAX_STAKE}", int(err[2]))
        self._last_records = rec[: int(st["counters"][0] + st["counters"][1])]
        return st, audit_out

    def play_script(self, cards, rules=None, policies=None, max_coups: int = 64):
        """Play one bank from hand-built cards (codes in turning order; reshuffles
        continue along them) and return its coups as a DataFrame (stake, matched, call,
        coup_index, voided, turned) together with the bank's statistics."""
        import pandas as pd

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        st, _ = self._run(rules, policies, 0, 0, 1, False, cards, max_coups)
        cols = ["stake", "matched", "call", "coup_index", "voided", "turned"]
        return pd.DataFrame(self._last_records, columns=cols), st

    def played(self, stats):
        return int(stats["counters"][0])


GAME = Treize()
