"""A complete trick game on the engine, the smallest there is: "toy-tricks".

P players (2-4) share the 24-card deck (9 to A), one deal per unit, no trump, the follow
flags, lead ban and opening rule given as rule options; random play only (the engine's
``PLAY_RANDOM``, or a user's ``@njit`` play function). The game supplies its rules, one
unit hook (:func:`unit_nb`), its statistics and its report; the engine owns the unit loop
(:func:`~simkit.core.trick_game.unit_loop`: streams, deck, Ctrl-C, borrowed arrays) and
the play of the tricks. docs/tricks.md shows this file
whole; tests/core/test_trick_engine.py imports it, registers ``GAME`` and runs it through
``simkit.simulate``, the audit and the conformance checks. Importing it compiles nothing:
``cfunc`` and ``njit`` with a signature come from :mod:`simkit.core.jit`, which compiles
them when the chunk kernel is first called.
"""
from dataclasses import dataclass

import numpy as np

from simkit.core import tricks as T
from simkit.core.cards import deck
from simkit.core.jit import cfunc, njit
from simkit.core.options import layout, pack
from simkit.core.stats import Stats, moments
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import bundle, chunk_signature, context, shuffle_top_nb, trick_core_nb, unit_loop
from simkit.core.trick_play import CHOOSE_SIG, E_KIND, E_UNIT, PLAY_RANDOM, R_PLAY, no_after_trick_cb, play_tricks_nb
from simkit.games.tricks_base import TrickGame
from simkit.policies.base import PolicyRole, PolicySpec
from simkit.reports.estimates import mean_estimate
from simkit.rules import Rules, option


# -- rules (a real game: rules.py) --------------------------------------------------------
@dataclass(frozen=True)
class ToyRules(Rules):
    GAME = "toy-tricks"
    players: int = option(3, allowed=(2, 3, 4), doc="players sharing the 24 cards")
    follow: int = option(T.F_SUIT, minimum=0, maximum=127, doc="follow obligations (F_* flags)")
    lead_ban: int = option(-1, minimum=-1, maximum=3, doc="suit that may not be led until open")
    opens: int = option(T.BREAK_NEVER, minimum=0, maximum=2, doc="when the banned suit opens (BREAK_*)")


# -- kernels (a real game keeps them in its nb.py) ----------------------------------------
#: the kernels' ``opts``: one slot per rule option, named as it (``opts[O.players]``)
O = layout(ToyRules)
# the statistics: tricks[seat, tricks taken] (a histogram) and won[seat] (moments)
ToyStats, TOY_STATS = bundle("ToyStats", {"tricks": 2, "won": 2})
#: the kernel context: the engine's fields (ctx.opts, ctx.state, ctx.hands, ctx.stats, ...), no work of its own
ToyCtx = context("ToyCtx")


@cfunc(CHOOSE_SIG, cache=True)
def toy_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies (codes from PLAY_BUILTIN): the toy has none."""
    return T.lowest_card_nb(legal)


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One deal (the engine's unit hook): shuffle, deal 24 / P each from the dealer's left,
    play under the follow flags, lead ban and opening rule of ``ctx.opts``, count."""
    opts, state, hands, tables, deck = ctx.opts, ctx.state, ctx.hands, ctx.tables, ctx.deck
    players = opts[O.players]
    k = deck.shape[0] // players
    shuffle_top_nb(deck, deck.shape[0], ctx.dst)
    dealer = unit % players
    T.deal_round_nb(deck, players, k, dealer, hands)
    T.start_deal_nb(state, tables, T.NO_TRUMP, players, k, dealer, (dealer + 1) % players, -1, 1)
    state[T.S_FOLLOW], state[T.S_LEAD_BAN], state[T.S_BREAK] = opts[O.follow], opts[O.lead_ban], opts[O.opens]
    if not play_tricks_nb(fns[0], fns[1], np.bool_(False), hands, state, tables, opts, ctx.seats, fns[2], ctx.pst,
                          audit, ctx.audit_out, ctx.err):
        return False
    total = 0
    for s in range(players):
        ctx.stats.tricks[s, state[T.S_WON + s]] += 1
        moment_add_nb(ctx.stats.won, s, state[T.S_WON + s])
        total += state[T.S_WON + s]
    if audit:
        ctx.audit_out[0] += 1
        if state[T.S_PLAYED] != tables[T.NO_TRUMP, T.TT_DECK] or total != k:
            ctx.audit_out[1] += 1
    return True


#: the engine's unit loop with this game's hook (streams, deck, Ctrl-C, borrowing: the engine's)
run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(TOY_STATS, T.PLAY_FN), cache=True)
def toy_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Units ``start..stop-1`` of ``seed`` into ``stats``, one deal each (:func:`unit_nb`)."""
    run_units_nb(seed, start, stop, ToyCtx(*trick_core_nb(inp, stats)), fns, audit)


# -- policies, report (a real game: policies.py, report.py) ------------------------------
PLAY = PolicyRole("play", [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {})],
                  default="random", user_signature="play(hand, legal, state, params) -> card")


class ToyReport:
    @staticmethod
    def metrics(stats, rules, policies):
        return {f"tricks.seat{s}": mean_estimate(stats["won"][s]) for s in range(rules.players)}

    @staticmethod
    def tables(stats, rules, policies):
        return {}


# -- the game (a real game: __init__.py, which the registry imports) -----------------------
class ToyTricks(TrickGame):
    id, title, description, unit, Rules, report = "toy-tricks", "Toy", "toy", "deal", ToyRules, ToyReport
    roles, headline, conformance_hands = [PLAY], "tricks.seat0", 400
    conformance_cases = [({}, None), ({"players": 4, "lead_ban": 1, "follow": T.F_SUIT | T.F_HEAD}, None)]
    role_rows = {"play": (R_PLAY, {}, 1, T.no_user_play_nb)}

    def _run(self, rules, policies, seed, start, stop, audit):
        seats, fns = self.seat_policies(policies, rules.players)
        k = 24 // rules.players
        st = Stats(tricks=np.zeros((rules.players, k + 1), np.int64), won=moments(rules.players))
        inp = self.inputs(deck(24), pack(rules, O), T.standard_tables(24), seats)
        toy_chunk_nb.entry()(seed, start, stop, inp, (toy_choose_cb, no_after_trick_cb, *fns), ToyStats(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out


GAME = ToyTricks()
