"""G06 Macao («Макао»): one-card baccarat against a banker from a two-deck shoe.

Seed file 000, lines 213-237; GAMES.md G06. Unit = one bank, i.e. one shoe (see :mod:`.nb`).
"""
import numpy as np

from simkit.core.cards import deck, parse
from simkit.core.options import pack
from simkit.core.stats import ratios
from simkit.errors import SimkitError
from simkit.games import banking
from simkit.games.base import Game, kernel
from simkit.games.macao.policies import BANKER, PUNTER, kernel_policy
from simkit.games.macao.rules import MacaoRules
from simkit.policies.base import raise_illegal

def kernel_opts(rules) -> np.ndarray:
    """The kernel's ``opts`` array (layout ``nb.O``) for ``rules``: the options, then the
    natural multiplier table."""
    from simkit.games.macao import nb

    opts = pack(rules, nb.O)
    opts[nb.O.mult0:nb.O.mult0 + 10] = 1
    opts[nb.O.mult7] = rules.natural7
    opts[nb.O.mult8] = rules.natural8
    opts[nb.O.mult9] = rules.natural9
    return opts


class Macao(Game):
    id = "macao"
    title = "Macao (Макао)"
    description = "one-card baccarat against the banker from a two-deck shoe; naturals paid 3x/2x/1x (house edge)"
    unit = "bank"
    hands_word = "banks"
    played_word = "coups"
    Rules = MacaoRules
    report = kernel("simkit.games.macao.report")
    roles = [PUNTER, BANKER]
    headline = "house_edge"
    chunk_hint = 1 << 16
    study_hands = 300_000
    bench_cases = [("3 punters, threshold policies", {}, None, 400_000),
                   ("1 punter, bust overdraw", {"punters": 1, "overdraw": "bust"}, None, 200_000)]
    conformance_cases = [
        ({}, None),
        ({"overdraw": "bust", "max_draws": 3, "replace_drawn_zero": True, "shoe_end": "void", "punters": 6},
         {"punter": "mimic", "banker": "banker-threshold:stand=5"}),
        ({"overdraw": "mod10", "loser_pays": "banker-natural", "tie_pays": "single", "tie_low": "push",
          "replace_zero": "punters", "replacement_is_draw": True, "punters": 1, "decks": 1}, "best"),
        ({"max_draws": 0, "replace_zero": "none", "natural9": 5, "punters": 9}, None),
    ]

    def played(self, stats):
        return int(stats["counters"][0])

    def _policies(self, rules, policies):
        return (kernel_policy(PUNTER, policies["punter"], rules),
                kernel_policy(BANKER, policies["banker"], rules))

    def _illegal(self, policies, err, rules, where=None):
        seat = int(err[3])
        where = where or f"bank (unit) {err[1]}, coup {err[7]}"
        who = "the banker" if seat == rules.punters else f"the punter at seat {seat + 1}"
        pol = policies["banker"] if seat == rules.punters or policies["punter"].name == "mimic" \
            else policies["punter"]
        raise_illegal(self.id, pol,
                      f"{where}: {who} holds a count of {err[4]} "
                      f"({'natural' if err[5] else 'drawn'}) after {err[6]} draw(s); a draw decision must be "
                      f"1 (draw) or 0 (stand)", int(err[2]))

    def _run(self, rules, policies, seed, start, stop, audit):
        from simkit.games.macao import nb

        (pc, pp, pf), (bc, bp, bf) = self._policies(rules, policies)
        st = banking.bank_stats(coup=ratios(5), payout=np.zeros(nb.N_PAYOUT, np.int64),
                                pfinal=np.zeros(nb.N_FINAL, np.int64), bfinal=np.zeros(nb.N_FINAL, np.int64),
                                counters=np.zeros(4, np.int64))
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        inp = nb.MacaoInputs(deck(52, copies=rules.decks), kernel_opts(rules), audit_out, err, pc, pp, bc, bp)
        nb.macao_chunk_nb.entry()(seed, start, stop, inp, (pf, bf), nb.MacaoStats(**st), audit)
        if err[0]:
            self._illegal(policies, err, rules)
        return st, audit_out

    def play_coup(self, cards, rules=None, policies=None, start: int = 0) -> dict:
        """Play one coup from hand-built ``cards`` (card strings or codes, in dealing order;
        ``start`` cards before are the discards of earlier coups, which a shoe-end
        reshuffle deals next in their order). Returns ``status`` ("ok", "void"), per seat
        in dealing order (the punters, seats 1..P, then the banker, seat 0) ``count`` (10 = bust), ``natural`` and ``draws``, the
        punters' ``loss`` in stakes, ``used`` (cards dealt, counting the discards before
        ``start``; after a reshuffle, the position reached in the rotated shoe) and
        ``reshuffled``."""
        from simkit.games.macao import nb

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        codes = parse(cards) if isinstance(cards, str) or (len(cards) and isinstance(cards[0], str)) \
            else np.asarray(cards, dtype=np.uint8)
        if not 0 <= start < len(codes):
            raise SimkitError(f"macao: start={start} must be a position among the {len(codes)} cards given")
        (pc, pp, pf), (bc, bp, bf) = self._policies(rules, policies)
        p = rules.punters
        count, natural, draws = (np.zeros(p + 1, np.int64) for _ in range(3))
        loss = np.zeros(p, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        cur = np.array([start, start, 0], np.int64)
        codes = codes.copy()
        inp = nb.MacaoInputs(deck(52, copies=rules.decks), kernel_opts(rules), np.zeros(2, np.int64), err, pc, pp, bc,
                             bp)
        status = nb.macao_fixed_coup_nb(codes, inp, (pf, bf), count, natural, draws, loss, cur)
        if status == nb.COUP_ILLEGAL:
            self._illegal(policies, err, rules, "hand-built coup")
        return {"status": "ok" if status == nb.COUP_OK else "void", "count": count.tolist(),
                "natural": natural.astype(bool).tolist(), "draws": draws.tolist(), "loss": loss.tolist(),
                "used": int(cur[0]), "reshuffled": bool(cur[2])}


GAME = Macao()
