"""G05 Blackjack («Блэк Джек»): boxes against the dealer, to 21 (seed 000 lines 187-211).

``hands`` counts rounds. The unit of independence is the shoe: a run of ``hands`` rounds
plays ``ceil(hands / r)`` shoes, ``r`` being the rules' nominal rounds per shoe
(:func:`nominal_rounds_per_shoe`), each dealt to its cut card, so the run plays about
``hands`` rounds (every metric's ``n`` and the ``rounds`` counter give the exact count).
With ``decks=inf`` or ``continuous_shuffle`` a unit is a block of 128 rounds and a run
plays exactly ``hands`` rounds. Shoe ``i`` draws only from the stream ``(seed, i)``, so
results are identical for any number of workers and chunks.

Public analysis: :mod:`simkit.games.blackjack.exact` (dealer probabilities, action EVs,
basic strategy, exact house edge), :func:`risk_of_ruin`, and the policy helpers
:func:`table_policy`, :func:`hilo_policy`, :func:`index_table`, :func:`strategy_tables`.
"""
import math

import numpy as np

from simkit.core.cards import deck
from simkit.core.options import pack
from simkit.core.stats import Stats, moment_sums, moments, ratios
from simkit.errors import SimkitError
from simkit.games.base import Game, kernel
from simkit.games.blackjack.policies import (PLAY, hilo_policy, index_table, kernel_tables,  # noqa: F401
                                             strategy_tables as _charts, table_policy)
from simkit.games.blackjack.rules import BlackjackRules
from simkit.policies.base import raise_illegal

#: cards a box-round and the dealer use on average under basic strategy (for sizing runs)
CARDS_PER_BOX_ROUND = 2.94
CARDS_PER_DEALER = 2.45

#: the exact calculator's functions this package re-exports; :mod:`.exact` holds kernels, so it is
#: imported when one of them is first read (declaring the game imports no kernel)
_EXACT = ("basic_table", "dealer_probabilities", "expected_values", "house_edge", "insurance_ev", "player_ev")


def __getattr__(name):
    """``basic_table``, ``dealer_probabilities``, ... and ``exact``: from :mod:`.exact`, on first use."""
    if name in _EXACT or name == "exact":
        import importlib

        exact = importlib.import_module("simkit.games.blackjack.exact")
        return exact if name == "exact" else getattr(exact, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def nominal_rounds_per_shoe(rules) -> int:
    """Rounds a shoe is expected to last: cut-card position over the average cards of a
    round (a sizing rule only; shoes are always dealt to their cut card)."""
    cards = rules.penetration * 52 * rules.decks
    return max(1, int(cards / (CARDS_PER_BOX_ROUND * rules.players + CARDS_PER_DEALER)))


def strategy_tables(rules=None, policy="basic") -> dict:
    """The charts (hard, soft, pairs DataFrames) a built-in policy plays under ``rules``."""
    rules = BlackjackRules.build(rules)
    pol = GAME.resolve_policies(policy)["play"]
    if pol.is_user:
        raise SimkitError("blackjack: a user function has no strategy table")
    hi = kernel_tables(rules, pol)[0]
    return _charts(hi)


class Blackjack(Game):
    id = "blackjack"
    title = "Blackjack (Блэк Джек)"
    description = "boxes against the dealer to 21; every rule variant, exact basic strategy, counting (house edge)"
    unit = "shoe"
    hands_word = "rounds"
    Rules = BlackjackRules
    report = kernel("simkit.games.blackjack.report")
    roles = [PLAY]
    headline = "house_edge"
    chunk_hint = 1 << 13
    conformance_hands = 3000
    study_hands = 4_000_000
    bench_cases = [("6 decks, full rules, basic strategy", {}, None, 10_000_000),
                   ("infinite deck, basic strategy", {"decks": "inf"}, None, 10_000_000),
                   ("6 decks, Hi-Lo ramp and index plays", {}, "hilo", 5_000_000)]
    conformance_cases = [
        ({}, None),
        ({"decks": 2, "hole_card": "none", "surrender": "early", "players": 3, "soft17": "hit"}, "hilo"),
        ({"decks": "inf", "max_hands": 4, "resplit_aces": False, "double": "9-11", "das": False}, "never-bust"),
        ({"continuous_shuffle": True, "decks": 8, "hole_card": "none-obo", "blackjack_pays": "6:5"},
         "mimic-dealer"),
    ]

    played_word = "rounds"

    def played(self, stats) -> int:
        """Rounds the statistics hold (a unit holds a shoe's worth of rounds)."""
        return int(stats["counters"][1])

    def unit_for(self, rules) -> str:
        return "block of rounds" if (rules.infinite or rules.continuous_shuffle) else "shoe"

    def n_units(self, hands, rules):
        from simkit.games.blackjack import nb

        if rules.infinite or rules.continuous_shuffle:
            return -(-hands // nb.ROUNDS_PER_BLOCK)
        return -(-hands // nominal_rounds_per_shoe(rules))

    # -- kernel arguments ----------------------------------------------------------------
    def _opts(self, rules, counting):
        """The kernel's ``opts`` (layout ``nb.O``): the rule options, then the slots derived
        from them, from the float ``penetration`` and from the policy (``counting``)."""
        from simkit.games.blackjack import nb

        o = pack(rules, nb.O)
        o[nb.O.mode] = nb.MODE_INF if rules.infinite else (nb.MODE_CSM if rules.continuous_shuffle else nb.MODE_SHOE)
        n = 52 if rules.infinite else 52 * rules.decks
        o[nb.O.cut] = int(round(rules.penetration * n))
        o[nb.O.hands_limit] = rules.hands_limit
        win, stake = rules.blackjack_pays.split(":")
        o[nb.O.blackjack_tenths] = 10 * int(win) // int(stake)      # 3:2 pays 15 tenths, 6:5 12, 1:1 10
        o[nb.O.block] = nb.ROUNDS_PER_BLOCK
        o[nb.O.counting] = int(counting)
        return o

    def _kernel_args(self, rules, policies):
        from simkit.games.blackjack import exact, nb

        pol = policies["play"]
        if pol.is_user:
            z8 = np.zeros((exact.N_ROWS, exact.N_VALUES), np.int8)
            tables = (z8, z8, np.zeros((exact.N_ROWS, exact.N_VALUES)), np.zeros(10, np.int64),
                      np.array([1.0, 1.0, 0.0, 0.0]), False)
            params = pol.user_params()
            return tables, nb.POL_USER, params, pol.fn
        # tables are cached on the policy object, so that workers receive them with it
        cache = pol.__dict__.setdefault("_blackjack_tables", {})
        key = exact.strategy_key(rules)
        if key not in cache:
            cache[key] = kernel_tables(rules, pol)
        return cache[key], nb.POL_TABLE, np.zeros(1), nb.no_user_decide_nb

    def _shoe(self, rules):
        return deck(52, copies=1 if rules.infinite else rules.decks)

    def _inputs(self, rules, policies, shoe=None):
        """``(inputs, user functions)`` of the kernels (:class:`~.nb.BlackjackInputs`:
        ``shoe`` (card codes, a hand-built shoe's) or the rules' shoe, fresh audit counts
        and error record)."""
        from simkit.games.blackjack import nb

        (hi, lo, thr, tags, cparams, counting), code, params, fn = self._kernel_args(rules, policies)
        inp = nb.BlackjackInputs(self._shoe(rules) if shoe is None else shoe, self._opts(rules, counting), tags, hi,
                                 lo, thr, cparams, code, params, np.zeros(2, np.int64), np.zeros(8, np.int64))
        return inp, (fn,)

    def new_stats(self):
        from simkit.games.blackjack import nb

        return Stats(edge=ratios(nb.N_EDGE), round=moments(1), outcomes=np.zeros((nb.N_OUT, 2), np.int64),
                     by_tc=np.zeros((nb.N_TC, 3), np.int64), counters=np.zeros(7, np.int64))

    def _run(self, rules, policies, seed, start, stop, hands, audit):
        from simkit.games.blackjack import nb

        inp, fns = self._inputs(rules, policies)
        st = self.new_stats()
        nb.blackjack_chunk_nb.entry()(seed, start, stop, hands, inp, fns, nb.BlackjackStats(**st), audit)
        self._check_err(inp.err, policies["play"])
        return st, inp.audit_out

    def _check_err(self, err, pol):
        from simkit.games.blackjack import nb

        if err[0] == nb.ERR_ILLEGAL:
            kind = int(err[1])
            if kind == nb.KIND_PLAY:
                legal = [nb.ACTION_NAMES[k] for k in range(5) if err[6] & (1 << k)]
                move = nb.ACTION_NAMES[err[2]] if 0 <= err[2] <= 4 else int(err[2])
                situation = (f"shoe {err[7]}: hand total {err[3]} with {err[4]} cards against up card "
                             f"{'A' if err[5] == 11 else err[5]}; legal: {', '.join(legal)}")
            elif kind == nb.KIND_BET:
                move = int(err[2])
                situation = f"shoe {err[7]}: a bet must be a whole number of units from 1 to {nb.MAX_BET}"
            else:
                move = int(err[2])
                situation = f"shoe {err[7]}: the {nb.KIND_NAMES[kind]} decision must be 0 (no) or 1 (yes)"
            raise_illegal(self.id, pol, situation, move)
        if err[0] == nb.ERR_SHOE:
            raise SimkitError(f"blackjack: shoe {err[7]} ran out of cards in the middle of a round with no "
                              f"discards to reshuffle; use more decks or fewer players")

    def play_round(self, cards, rules=None, policies=None) -> dict:
        """Play one round from a hand-built shoe: ``cards`` (a string such as ``"8S 8H 6D
        10C ..."`` or card codes) are dealt in order: each box's first card, the up card,
        each box's second card, the hole card (``peek`` only), then every card drawn in
        play. Returns ``{"boxes": [per-box dict], "dealer_total", "dealer_blackjack",
        "cards_used", "outcomes", "audit_violations"}``; money in units."""
        from simkit.core.cards import parse
        from simkit.games.blackjack import nb

        rules = BlackjackRules.build(rules)
        policies = self.resolve_policies(policies)
        codes = parse(cards) if isinstance(cards, str) else np.asarray(cards, dtype=np.uint8)
        inp, fns = self._inputs(rules, policies, np.ascontiguousarray(codes, dtype=np.uint8))
        res = np.zeros((rules.players, nb.N_RES), np.int64)
        outcomes = np.zeros((nb.N_OUT, 2), np.int64)
        dealer = np.zeros(4, np.int64)
        err = inp.err
        nb.deal_nb(inp, fns, res, outcomes, dealer)
        if err[0] == nb.ERR_SHOE:
            raise SimkitError(f"blackjack: the hand-built shoe of {len(codes)} cards ran out in the round")
        self._check_err(err, policies["play"])
        boxes = [{"bet": int(r[nb.R_BET]), "net": float(r[nb.R_NET] / 10), "action": float(r[nb.R_ACTION] / 10),
                  "insurance": float(r[nb.R_INS_STAKE] / 10), "insurance_net": float(r[nb.R_INS_NET] / 10),
                  "natural": bool(r[nb.R_NATURAL]), "surrendered": bool(r[nb.R_SURRENDER]),
                  "hands": int(r[nb.R_HANDS]), "doubles": int(r[nb.R_DOUBLES])} for r in res]
        return {"boxes": boxes, "dealer_total": int(dealer[0]), "dealer_blackjack": bool(dealer[1]),
                "cards_used": int(dealer[2]), "audit_violations": int(dealer[3]),
                "outcomes": {name: (int(outcomes[k, 0]), float(outcomes[k, 1] / 10))
                             for k, name in enumerate(nb.OUTCOME_NAMES) if outcomes[k, 0]}}

    def run_chunk(self, rules, policies, seed, start, stop, hands):
        return self._run(rules, policies, seed, start, stop, hands, False)[0]

    def audit(self, rules, policies, seed, units):
        from simkit.games.blackjack import nb

        hands = units * (nb.ROUNDS_PER_BLOCK if (rules.infinite or rules.continuous_shuffle) else 1)
        st, audit_out = self._run(rules, policies, seed, 0, units, hands, True)
        return {"checks": int(audit_out[0]), "violations": int(audit_out[1]), "stats": st}


GAME = Blackjack()

__all__ = ["GAME", "Blackjack", "BlackjackRules", "exact", "basic_table", "dealer_probabilities", "expected_values",
           "house_edge", "insurance_ev", "player_ev", "strategy_tables", "table_policy", "hilo_policy",
           "index_table", "risk_of_ruin", "nominal_rounds_per_shoe"]


def risk_of_ruin(bankroll, *, rules=None, policies="hilo", paths=2000, max_rounds=200_000, seed=0):
    """Risk of ruin by simulation: ``paths`` independent careers, each starting with
    ``bankroll`` units and played shoe after shoe (from fresh streams) until the
    bankroll cannot cover the next bet or ``max_rounds`` rounds have passed. Returns a
    dict: ``simulated`` (an Estimate: share of paths ruined), ``formula`` (the usual
    ``exp(-2 μ B / σ²)`` with μ, σ per round measured on the same rounds) and
    ``mean``, ``sd`` per round."""
    from simkit.games.blackjack import nb

    from simkit.reports.estimates import proportion_estimate
    from simkit.runner.units import parse_seed

    rules = BlackjackRules.build(rules)
    policies = GAME.resolve_policies(policies)
    seed = parse_seed(seed)
    if not (isinstance(bankroll, (int, float)) and bankroll > 0):
        raise SimkitError(f"blackjack: bankroll must be a positive number of units, got {bankroll!r}")
    if not (isinstance(paths, int) and paths > 0 and isinstance(max_rounds, int) and max_rounds > 0):
        raise SimkitError(f"blackjack: paths and max_rounds must be positive integers, got {paths!r}, {max_rounds!r}")
    inp, fns = GAME._inputs(rules, policies)
    out = np.zeros((paths, 3), np.int64)       # ruined, rounds, (unused)
    mom = moments(1)
    nb.ruin_paths_nb(seed, paths, int(round(bankroll * 10)), max_rounds, inp, fns, out, mom)
    GAME._check_err(inp.err, policies["play"])
    ruined = int(out[:, 0].sum())
    n, s, ss = moment_sums(mom[0])
    mean = s / n / 10
    var = (n * ss - s * s) / (n * (n - 1)) / 100
    formula = 1.0 if mean <= 0 else math.exp(-2 * mean * bankroll / var)
    return {"simulated": proportion_estimate(ruined, paths), "formula": formula, "mean": mean,
            "sd": math.sqrt(var), "rounds": n}
