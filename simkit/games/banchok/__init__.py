"""G08 Polish Banchok («Польский банчок»): punters stake on three cards against the turned
card; the bank passes when tripled or broken.

Seed file 000, lines 261-309; GAMES.md G08. Unit = one bank (see :mod:`.nb`).
"""
import numpy as np
import pandas as pd

from simkit.core.cards import deck, format as format_cards, parse
from simkit.core.options import pack
from simkit.errors import SimkitError
from simkit.games import banking
from simkit.games.banchok.policies import PRIMAZKA, STAKE, kernel_policy, primazka_params
from simkit.games.banchok.rules import BanchokRules
from simkit.games.base import Game, kernel
from simkit.policies.base import raise_illegal


class Banchok(Game):
    id = "banchok"
    title = "Polish Banchok (Польский банчок)"
    description = "punters stake on three cards against the banker's turned card; bank passes tripled or broken"
    unit = "bank"
    hands_word = "banks"
    played_word = "coups"
    Rules = BanchokRules
    report = kernel("simkit.games.banchok.report")
    roles = [STAKE, PRIMAZKA]
    headline = "house_edge"
    chunk_hint = 1 << 13
    study_hands = 50_000
    bench_cases = [("4 punters, flat stakes", {}, "flat", 50_000),
                   ("4 punters, hand-threshold stakes", {}, "hand", 300_000)]
    conformance_cases = [
        ({}, None),
        ({}, "hand:threshold=0.6,fraction=0.5,count=1"),
        ({"bank_end": "round", "cover": "colour", "punters": 7, "decks": 1, "bank": 20}, "three-high:rank=11"),
        ({"punters": 26, "min_stake": 3, "pass_at": 2}, "best"),
    ]

    def played(self, stats):
        return int(stats["counters"][0])

    def _illegal(self, policies, err, where):
        raise_illegal(self.id, policies["stake"],
                      f"{where}, coup {err[5]}: the punter at seat {err[3] + 1} faces a bank of {err[4]}; a stake must "
                      f"be an integer from {err[6]} to {err[4]}", int(err[2]))

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.banchok import nb

        code, params, fn = kernel_policy(policies["stake"])
        pz = primazka_params(policies["primazka"], rules)
        st = self.report.empty_stats(rules.punters)
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        inp = nb.BanchokInputs(deck(52, copies=rules.decks), pack(rules, nb.O), audit_out, err, code, params, pz)
        nb.banchok_chunk_nb.entry()(seed, start, stop, inp, (fn,), nb.BanchokStats(**st), audit)
        if err[0]:
            self._illegal(policies, err, f"bank (unit) {err[1]}")
        return st, audit_out

    def play_bank(self, cards, rules=None, policies=None, max_coups: int = 100):
        """Play one bank from hand-built ``cards`` (card strings or codes in dealing order;
        at least one round's worth, ``4 * punters``; used cards come back after the last
        in the order they were dealt) and return ``(coups, outcome)``: a DataFrame with a
        row per coup (round, seat: 1..P from the banker's left, the banker being seat 0, hand, turned, stake, win, bank after it) and how the bank
        ended ("broken", "tripled", "capped"; or "open" when ``max_coups`` rows were played
        first). Every coup is audited; a violation raises."""
        from simkit.games.banchok import nb

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        codes = parse(cards) if isinstance(cards, str) or (len(cards) and isinstance(cards[0], str)) \
            else np.asarray(cards, dtype=np.uint8)
        if len(codes) < 4 * rules.punters:
            raise SimkitError(f"banchok: {len(codes)} cards given; a round of {rules.punters} punter(s) needs "
                              f"{4 * rules.punters}")
        if not isinstance(max_coups, int) or max_coups < 1:
            raise SimkitError(f"banchok: max_coups must be a positive integer, got {max_coups!r}")
        opts = pack(rules, nb.O)
        opts[nb.O.max_coups] = min(rules.max_coups, max_coups)
        code, params, fn = kernel_policy(policies["stake"])
        pz = primazka_params(policies["primazka"], rules)
        out = np.zeros(nb.N_OUT, np.int64)
        rec = np.zeros((max_coups, nb.N_REC), np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        audit_out = np.zeros(2, np.int64)
        buf = codes.copy()
        inp = nb.BanchokInputs(deck(52, copies=rules.decks), opts, audit_out, err, code, params, pz)
        if not nb.banchok_fixed_nb(buf, inp, (fn,), out, rec):
            self._illegal(policies, err, "hand-built bank")
        if audit_out[1] or not np.array_equal(np.sort(buf), np.sort(codes)):
            raise SimkitError(f"banchok: the audit found {audit_out[1]} violation(s) in a hand-built bank")
        how = banking.OUTCOME_NAMES[int(out[3])]
        if how == "capped" and rules.max_coups > max_coups:
            how = "open"
        rec = rec[: int(out[2])]
        df = pd.DataFrame({"round": rec[:, 0], "seat": rec[:, 1] + 1,
                           "hand": [format_cards(r[2:5]) for r in rec], "turned": [format_cards(r[5]) for r in rec],
                           "stake": rec[:, 6], "win": rec[:, 7].astype(bool), "bank": rec[:, 8],
                           "primazka": rec[:, 9]})
        return df, how


GAME = Banchok()
