"""G02 Poker (five-card draw) with the seed's ranking: «Туз-король» and suit priority.

Seed file 000, lines 47-77; GAMES.md G02. Unit = one hand (see :mod:`.nb`); the batch
evaluator is :func:`evaluate` (see :mod:`.evaluator`), its kernels :mod:`.eval_nb`.
"""
import numpy as np

from simkit.core.options import pack
from simkit.core.stats import Stats, moments
from simkit.errors import SimkitError
from simkit.games.base import Game, kernel
from simkit.games.poker.policies import BET, DRAW, PARAM_ORDER, ROLES
from simkit.games.poker.rules import PokerRules
from simkit.policies.base import raise_illegal, resolve_roles

N_PARAMS = 8

#: the batch evaluator's names this package re-exports; :mod:`.evaluator` holds kernels, so it is
#: imported when one of them is first read (declaring the game imports no kernel)
_EVALUATOR = ("CATEGORIES", "BestFive", "Evaluation", "best_five", "config", "evaluate", "game_deck",
              "random_hands", "strength_sample")


def __getattr__(name):
    """``evaluate``, ``best_five``, ``CATEGORIES``, ...: from :mod:`.evaluator`, on first use."""
    if name in _EVALUATOR:
        import importlib

        return getattr(importlib.import_module("simkit.games.poker.evaluator"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
_ROLE_NAMES = tuple(r.name for r in ROLES)


def _seat_list(value):
    """A per-seat list given as a list or as ``"a|b|c"`` (the command line's form), else None."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str) and "|" in value:
        return [v.strip() for v in value.split("|")]
    return None


def _placeholder(role):
    from simkit.games.poker import nb

    return nb.no_user_bet_nb if role == "bet" else nb.no_user_draw_nb


class Poker(Game):
    id = "poker"
    title = "Poker, five-card draw (Покер)"
    description = "five-card draw with the seed's ranking (ace-king, suit priority): win rate and chip EV per seat"
    unit = "hand"
    hands_word = "hands"
    Rules = PokerRules
    report = kernel("simkit.games.poker.report")
    roles = ROLES
    headline = "win_rate.seat1"
    chunk_hint = 1 << 16
    study_hands = 1_000_000
    bench_cases = [("6 players, threshold betting, standard draw", {}, None, 300_000),
                   ("6 players, call-down", {}, "call-down", 300_000),
                   ("10 players, two decks, deuces wild", {"players": 10, "wild_rank": "2"}, None, 100_000)]
    conformance_cases = [
        ({}, None),
        ({"players": 10, "decks": 1, "reshuffle_folded": True}, {"bet": "call-down", "draw": "random"}),
        ({"players": 3, "jokers": 2, "tiebreak": "rank_first", "bet_sizing": "fixed", "wild_duplicates": False},
         "random"),
        ({"players": 7, "wild_rank": "2", "predraw_stop": True, "five_of_a_kind": "below_straight_flush"},
         {"bet": ["threshold", "call-down"] * 3 + ["random"], "draw": "standard:four_flush=0"}),
    ]

    # -- policies ---------------------------------------------------------------
    def resolve_policies(self, given) -> dict:
        """As :func:`~simkit.policies.base.resolve_roles`, plus per-seat lists: a list of
        whole-seat entries (``["threshold", {"bet": "call-down", "draw": "stand-pat"}]``)
        or a list for one role (``{"bet": ["threshold", "random", ...]}``); ``"a|b|c"`` is a
        list too (``--policy "bet=threshold|call-down"``). A list must have one entry per
        player (checked when the rules are known)."""
        seats = _seat_list(given)
        if seats is not None:
            if not seats:
                raise SimkitError("poker: an empty list of seat policies; give one entry per player")
            per = [resolve_roles(self.id, self.roles, g) for g in seats]
            out = {role: [p[role] for p in per] for role in _ROLE_NAMES}
        elif isinstance(given, dict) and any(_seat_list(v) is not None for v in given.values()):
            unknown = set(given) - set(_ROLE_NAMES)
            if unknown:
                raise SimkitError(f"poker: unknown policy role {sorted(unknown)[0]!r}; roles: {', '.join(_ROLE_NAMES)}")
            out = {}
            for role in _ROLE_NAMES:
                item = given.get(role)
                items = _seat_list(item)
                if items is not None:
                    if not items:
                        raise SimkitError(f"poker: an empty list of {role} policies; give one per player")
                    out[role] = [resolve_roles(self.id, self.roles, {role: x})[role] for x in items]
                else:
                    out[role] = resolve_roles(self.id, self.roles, None if item is None else {role: item})[role]
        else:
            return resolve_roles(self.id, self.roles, given)
        for role, pol in out.items():
            if isinstance(pol, list) and all(p == pol[0] for p in pol):
                out[role] = pol[0]
        return out

    def seat_policies(self, policies, rules) -> list:
        """``[(bet Policy, draw Policy)]`` for each kernel index (0 = the dealer's left, the
        dealer last); a per-seat list is given by seat (entry 0 = seat 0 = the dealer)."""
        n = rules.players
        per = {}
        for role in _ROLE_NAMES:
            pol = policies[role]
            if isinstance(pol, (list, tuple)):
                if len(pol) != n:
                    raise SimkitError(f"poker: {len(pol)} {role} policies given for players={n}; give one per seat "
                                      f"(seat 0 = the dealer, seat 1 = his left ... seat {n - 1})")
                per[role] = list(pol[1:]) + [pol[0]]
            else:
                per[role] = [pol] * n
        return list(zip(per["bet"], per["draw"]))

    def groups(self, policies, rules) -> list:
        """Policy groups ``[(label, [kernel indices])]`` in order of first seat. The label is the bet
        policy's name (with ``+`` the draw policy's where draw policies differ by seat), and
        ``#2``, ``#3``... for further groups of one name with other parameters; names
        without parameters keep metric names stable across sweeps and comparisons."""
        seats = self.seat_policies(policies, rules)
        draws_differ = len({d.describe() for _, d in seats}) > 1
        members: dict = {}
        n = len(seats)
        for seat in range(n):
            s = seat - 1 if seat else n - 1
            b, d = seats[s]
            members.setdefault((b.describe(), d.describe() if draws_differ else ""), []).append(s)
        out = []
        used: dict = {}
        for group in members.values():
            b, d = seats[group[0]]
            base = b.name + (f"+{d.name}" if draws_differ else "")
            used[base] = used.get(base, 0) + 1
            out.append((base if used[base] == 1 else f"{base}#{used[base]}", group))
        return out

    def _policy_arrays(self, policies, rules):
        from simkit.games.poker import nb

        seats = self.seat_policies(policies, rules)
        n = rules.players
        arrays = []
        for i, role in enumerate(_ROLE_NAMES):
            codes = np.zeros(n, np.int64)
            params = np.zeros((n, N_PARAMS), np.float64)
            fn = None
            spec_role = BET if role == "bet" else DRAW
            for s, pair in enumerate(seats):
                pol = pair[i]
                if pol.is_user:
                    if fn is not None and pol.fn is not fn:
                        raise SimkitError(f"poker: at most one user {role} function per run; seats use "
                                          f"{getattr(fn, '__name__', fn)} and {getattr(pol.fn, '__name__', pol.fn)}")
                    fn = pol.fn
                    vals = list(pol.params.values())
                    codes[s] = nb.BET_USER if role == "bet" else nb.DRAW_USER
                else:
                    codes[s] = spec_role.builtins[pol.name].code
                    vals = [pol.params[k] for k in PARAM_ORDER[role, pol.name]]
                if len(vals) > N_PARAMS:
                    raise SimkitError(f"poker: policy {pol.describe()!r} has {len(vals)} parameters; at most {N_PARAMS}")
                params[s, :len(vals)] = vals
            arrays += [codes, params, fn if fn is not None else _placeholder(role)]
        labels = self.groups(policies, rules)
        group_of = np.zeros(n, np.int64)
        for g, (_, members) in enumerate(labels):
            group_of[members] = g
        return arrays, group_of, len(labels)

    # -- kernel ----------------------------------------------------------------
    def _opts(self, rules) -> np.ndarray:
        """The kernel's ``opts`` (layout ``nb.O``): the rule options and the pot bin width."""
        from simkit.games.poker import nb

        opts = pack(rules, nb.O)
        opts[nb.O.pot_bin] = self.report.pot_bin(rules)
        return opts

    def _raise(self, err, policies, rules):
        from simkit.games.poker import nb

        index = int(err[2])
        seat = nb.seat_of(index, rules.players)
        role = "bet" if err[0] == nb.ERR_BET else "draw"
        pol = self.seat_policies(policies, rules)[index][0 if role == "bet" else 1]
        if role == "bet":
            phase = "before" if err[4] == nb.PH_PRE else "after"
            situation = (f"hand (unit) {err[1]}, seat {seat}, betting circuit {err[5] + 1} {phase} the draw; "
                         f"a stake must be 0 (pass) or from {err[6]} to {err[7]} chips")
        else:
            situation = (f"hand (unit) {err[1]}, seat {seat}, the draw; a discard must be a bit mask 0..31 "
                         f"of the five cards")
        raise_illegal(self.id, pol, situation, int(err[3]))

    def _prepared(self, rules, policies):
        """Kernel inputs of (rules, policies), kept for repeated chunks (compare and sweep
        run many small ones)."""
        from simkit.games.poker.evaluator import config, game_deck, strength_sample

        key = (rules, tuple((role, p.describe(), id(p.fn)) for role in _ROLE_NAMES
                            for p in (policies[role] if isinstance(policies[role], list) else [policies[role]])))
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            if len(cache) > 256:
                cache.clear()
            cache[key] = (self._policy_arrays(policies, rules), game_deck(rules), self._opts(rules), config(rules),
                          strength_sample(rules))
        return cache[key]

    def _run(self, rules, policies, seed, start, stop, audit, order=None):
        """One kernel call; with ``order`` the one hand dealt from it. Returns the stats,
        the audit counts and the last hand's arrays."""
        from simkit.games.poker import eval_nb, nb

        ((bc, bp, bf, dc, dp, df), group_of, n_groups), deck, opts, ev, sample = self._prepared(rules, policies)
        n = rules.players
        st = Stats(seat_net=moments(n), seat_win=moments(n), grp_net=moments(n_groups), grp_win=moments(n_groups),
                   pot=moments(1), pot_hist=np.zeros(nb.N_POT_BINS, np.int64),
                   cats=np.zeros((2, nb.N_SLOTS, eval_nb.N_CATS), np.int64),
                   equity=moments(eval_nb.N_CATS * nb.N_EQ), winner_cat=np.zeros(eval_nb.N_CATS, np.int64),
                   counters=np.zeros(nb.N_COUNTERS, np.int64))
        last = {"hands": np.zeros((nb.MAX_SEATS, 5), np.uint8), "seat": np.zeros((nb.N_SEAT_ROWS, nb.MAX_SEATS), np.int64),
                "hs": np.zeros(nb.N_HAND, np.int64), "extra": np.zeros(nb.N_EQ, np.int64)}
        audit_out = np.zeros(2, np.int64)
        err = np.zeros(nb.N_ERR, np.int64)
        inp = nb.PokerInputs(deck if order is None else order, order is not None, opts, ev, sample, bc, bp, dc, dp,
                             group_of, last["hands"], last["seat"], last["hs"], last["extra"], audit_out, err)
        nb.poker_chunk_nb.entry()(seed, start, stop, inp, (bf, df), nb.PokerStats(**st), audit)
        if err[0]:
            self._raise(err, policies, rules)
        return st, audit_out, last

    def run_chunk(self, rules, policies, seed, start, stop, hands):
        return self._run(rules, policies, seed, start, stop, False)[0]

    def metrics(self, stats, rules, policies):
        return self.report.metrics(stats, rules, policies, self.groups(policies, rules))

    def tables(self, stats, rules, policies):
        return self.report.tables(stats, rules, policies, self.groups(policies, rules),
                             self.seat_policies(policies, rules))

    def audit(self, rules, policies, seed, units):
        st, audit_out, _ = self._run(rules, policies, seed, 0, units, True)
        return {"checks": int(audit_out[0]), "violations": int(audit_out[1]), "stats": st}

    # -- worked examples and tests ------------------------------------------------
    def play_deal(self, order, rules=None, policies=None, *, seed=0, audit=False) -> dict:
        """Play one hand dealt from the card codes ``order`` as given, with the very kernel
        the simulations use. Round ``j`` of the deal gives card ``j * players + i`` to the
        ``i``-th player from the dealer's left (seat ``i + 1``; the dealer, seat 0, is
        ``i = players - 1``); the rest is the stock, top first; a stock
        reshuffle takes the gathered cards in the order gathered. ``seed`` drives random
        policies only. Returns arrays in that dealing order: ``hands`` (final cards), ``dealt_value``,
        ``final_value``, ``drawn`` (-1: no draw), ``invested``, ``won``, ``net``,
        ``credit``, ``active``; and ``pot``, ``end`` ("before draw", "after draw",
        "showdown"), ``winners``, ``reshuffles``, ``extra_values`` (the equity sample's
        stock hands), ``stats`` and, with ``audit``, the audit counts."""
        from simkit.games.poker import nb
        from simkit.games.poker.evaluator import game_deck

        r = PokerRules.build(rules)
        p = self.resolve_policies(policies)
        deck = game_deck(r)
        arr = np.ascontiguousarray(np.asarray(order), dtype=np.uint8)
        if arr.ndim != 1 or arr.size != deck.size or not np.array_equal(np.sort(arr), np.sort(deck)):
            raise SimkitError(f"poker: play_deal needs an order of this game's whole deck ({deck.size} cards: "
                              f"{r.n_decks} deck(s), {r.jokers} joker(s)), got {arr.size} cards that differ")
        st, audit_out, last = self._run(r, p, int(seed), 0, 1, bool(audit), order=arr)
        n = r.players
        seat, hs = last["seat"], last["hs"]
        out = {"hands": last["hands"][:n].copy(), "dealt_value": seat[nb.S_DEALT, :n].copy(),
               "final_value": seat[nb.S_FINAL, :n].copy(), "drawn": seat[nb.S_DRAWN, :n].copy(),
               "invested": seat[nb.S_INVESTED, :n].copy(), "won": seat[nb.S_WON, :n].copy(),
               "net": seat[nb.S_WON, :n] - seat[nb.S_INVESTED, :n], "credit": seat[nb.S_CREDIT, :n].copy(),
               "active": seat[nb.S_ACTIVE, :n].astype(bool), "pot": int(hs[nb.H_POT]),
               "end": ("before draw", "after draw", "showdown")[hs[nb.H_END]], "winners": int(hs[nb.H_WINNERS]),
               "reshuffles": int(hs[nb.H_RESHUFFLES]), "extra_values": last["extra"][:hs[nb.H_EXTRA]].copy(),
               "stats": st}
        if audit:
            out["audit"] = {"checks": int(audit_out[0]), "violations": int(audit_out[1])}
        return out


GAME = Poker()

__all__ = ["GAME", "Poker", "PokerRules", "evaluate", "best_five", "Evaluation", "BestFive", "CATEGORIES",
           "random_hands", "strength_sample"]
