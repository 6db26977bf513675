"""Kerosinka kernels: deal, play and score deals and whole games (seed 002 lines 57-61;
GAMES.md G17), on the shared trick engine and the card-point pieces shared with Kozel
(:mod:`simkit.games.point_tricks`).

A deal: all 36 cards one at a time from the dealer's left, nine each; the last card
dealt (the dealer's) is shown and its suit is trump (002:59 «Последняя по сдаче карта —
сдатчика — открывается ... Масть этой карты — козырь»; the 10♥ shown: hearts, or no
trump suit with ``kerosinka_turned=no_trump_suit``). The eldest leads (002:60 «Первым
ходит сидящий слева от сдатчика»); a card of the led card's rank, else of its suit, else
a trump (:data:`.scoring.FOLLOW`). The tricks' card points go to their winners (the
``after_trick`` hook :func:`after_trick_nb`, called directly in the chunk's deals, its
``cfunc`` elsewhere) and are added to the players' totals (002:61); a game ends after
the deal in which someone reaches the target: the highest total wins, equal highest
totals share the win. The deal passes clockwise (to the left).
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.rng import next_u64_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import AFTER_SIG, play_tricks_inline_nb, play_tricks_nb
from simkit.core.tricks import (PLAY_FN, S_FOLLOW, S_PLAYED, S_TABLE, S_WON, TT_DECK, deal_round_nb,
                                popcount_nb, start_deal_nb)
from simkit.games.kerosinka.rules import KerosinkaRules
from simkit.games.kerosinka.scoring import ALL_TABLES, FOLLOW, KEROSINKA, trump_table_nb
from simkit.games.point_tricks import (S_FORCED, S_POINTS, WIN_SCALE, add_win_shares_nb, settle_trick_nb,
                                       start_points_nb)

PLAYERS = 4
CARDS = 9

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(KerosinkaRules)
#: the codes of ``kerosinka_turned`` and ``unit``
TURNED = choices(KerosinkaRules, "kerosinka_turned")
UNIT = choices(KerosinkaRules, "unit")


@njit(cache=True)
def after_trick_nb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook: the trick's card points to its winner, forced
    trumps counted (:func:`~simkit.games.point_tricks.settle_trick_nb`). The chunk's deals
    call it directly (:func:`~simkit.core.trick_play.play_tricks_inline_nb`)."""
    return settle_trick_nb(hands, state, ALL_TABLES[opts[O.kerosinka_as_ten], state[S_TABLE]], FOLLOW)


@cfunc(AFTER_SIG, cache=True)
def after_trick_cb(hands, state, opts, pst, err):
    """:func:`after_trick_nb` as the engine's ``cfunc`` hook, for :func:`one_deal_nb`."""
    return after_trick_nb(hands, state, opts, pst, err)


BETWEEN = np.bool_(True)


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(engine, after_fn, ctx, fns, order, dealer, deal_no, audit):
    """Deal the 36 cards of ``order`` and play them (see the module doc) with the trick
    engine ``engine`` and its hook ``after_fn``:
    :func:`~simkit.core.trick_play.play_tricks_inline_nb` and :func:`after_trick_nb` in the
    chunk (the loop compiled into the deal, the hook a direct call),
    :func:`~simkit.core.trick_play.play_tricks_nb` and the ``cfunc`` elsewhere. Leaves each
    seat's card points in ``ctx.state[S_POINTS:]``. False on an illegal card."""
    state, hands, tables, opts, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out
    deal_round_nb(order, PLAYERS, CARDS, dealer, hands)
    shown = np.int64(order[PLAYERS * CARDS - 1])
    t = trump_table_nb(shown, opts[O.kerosinka_turned] == TURNED.no_trump_suit)
    start_deal_nb(state, tables, t, PLAYERS, CARDS, dealer, (dealer + 1) % PLAYERS, shown, deal_no)
    state[S_FOLLOW] = FOLLOW
    start_points_nb(state, hands, np.int64(next_u64_nb(ctx.pst) >> np.uint64(2)), dealer)
    if audit:
        audit_out[0] += 1
        union = 0
        for p in range(PLAYERS):
            union |= hands[p]
            if popcount_nb(hands[p]) != CARDS:
                audit_out[1] += 1
        if union != tables[0, TT_DECK] or (hands[dealer] >> shown) & 1 == 0:
            audit_out[1] += 1
    if not engine(fns[0], after_fn, BETWEEN, hands, state, tables, opts, ctx.seats, fns[2], ctx.pst, audit, audit_out,
                  ctx.err):
        return False
    if audit:
        audit_out[0] += 1
        got = 0
        won = 0
        for p in range(PLAYERS):
            got += state[S_POINTS + p]
            won += state[S_WON + p]
            if hands[p] != 0:
                audit_out[1] += 1
        if got != 120 or won != CARDS or state[S_PLAYED] != tables[0, TT_DECK]:
            audit_out[1] += 1
    return True


#: the statistics (``stats.<name>``; shapes in :meth:`Kerosinka._new_stats`): ``points_hist[seat, points]``,
#: ``tricks_hist[seat, tricks]`` per deal; ``pos_pts[position]`` = points per deal by position (0 = the dealer,
#: 1 = his left, the eldest, ...); ``group_pts[group]`` = a policy group's points per deal and seat (summed over
#: its seats); ``forced`` = forced trumps per deal (moments); ``counters`` = [deals, units, deals whose shown
#: card was the 10♥]. Whole games only: ``game_win[seat]`` (win share x 12), ``group_win[group]``,
#: ``game_score[seat]`` (final totals), ``game_len`` (deals per game).
KerosinkaStats, STATS_TYPE = bundle("KerosinkaStats", {
    "points_hist": 2, "tricks_hist": 2, "pos_pts": 2, "group_pts": 2, "forced": 2, "counters": 1, "game_win": 2,
    "group_win": 2, "game_score": 2, "game_len": 2})

#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``score`` (the game's
#: totals per seat), ``gx`` (per policy group)
KerosinkaCtx = context("KerosinkaCtx", ("score", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game to ``target`` or, with ``unit=deal``, one deal dealt by ``first_dealer``.
    The deals call the hook :func:`after_trick_nb` directly; ``fns[1]``, its ``cfunc``, is
    not used here. False on an illegal card."""
    opts, stats, state, deck, audit_out = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out
    score, gx = ctx.score, ctx.gx
    single = opts[O.unit] == UNIT.deal
    target = opts[O.target]
    group = ctx.seats.group
    n_groups = stats.group_win.shape[0]
    points_hist, tricks_hist, counters = stats.points_hist, stats.tricks_hist, stats.counters
    for p in range(PLAYERS):
        score[p] = 0
    deals = 0
    best = 0
    while best < target or (single and deals == 0):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + (0 if single else deals)) % PLAYERS
        deals += 1
        shuffle_top_nb(deck, 36, ctx.dst)
        if not play_deal_nb(play_tricks_inline_nb, after_trick_nb, ctx, fns, deck, dealer, deals, audit):
            return False
        counters[0] += 1
        if deck[35] == KEROSINKA:
            counters[2] += 1
        moment_add_nb(stats.forced, 0, state[S_FORCED])
        for g in range(n_groups):
            gx[g] = 0
        for p in range(PLAYERS):
            pts = state[S_POINTS + p]
            score[p] += pts
            best = max(best, score[p])
            points_hist[p, pts] += 1
            tricks_hist[p, state[S_WON + p]] += 1
            pos = p - dealer
            moment_add_nb(stats.pos_pts, pos + PLAYERS if pos < 0 else pos, pts)
            gx[group[p]] += pts
        for g in range(n_groups):
            moment_add_nb(stats.group_pts, g, gx[g])
        if single:
            break
    counters[1] += 1
    if single:
        return True
    winners = 0
    for p in range(PLAYERS):
        if score[p] == best:
            winners |= np.int64(1) << p
        moment_add_nb(stats.game_score, p, score[p])
    shares = add_win_shares_nb(stats.game_win, stats.group_win, winners, group, gx, PLAYERS)
    moment_add_nb(stats.game_len, 0, deals)
    if audit:
        audit_out[0] += 1
        total = 0
        for p in range(PLAYERS):
            total += score[p]
        if shares != WIN_SCALE or total != 120 * deals or best < target:
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN), cache=True)
def kerosinka_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`KerosinkaStats`) with the unit
    hook :func:`unit_nb` (``inp.opts``: the layout :data:`O`)."""
    ctx = KerosinkaCtx(*(trick_core_nb(inp, stats) + (np.zeros(PLAYERS, np.int64),
                                                      np.zeros(stats.group_win.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN), types.int64, types.int64, types.int64[::1],
                    types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, dealt):
    """One deal dealt from the fixed card order ``order`` (what the chunk kernel does after
    shuffling; for tests and users), policy randomness from the policy stream of unit 0
    of ``seed``, audited into ``inp.audit_out``. Fills ``dealt`` (the hands as dealt) and
    ``state`` (points in ``S_POINTS``, tricks in ``S_WON``, forced trumps in
    ``S_FORCED``); False on an illegal card (``inp.err`` filled)."""
    ctx = KerosinkaCtx(*(deal_core_nb(inp, order, seed, state) + (np.zeros(PLAYERS, np.int64), np.zeros(1, np.int64))))
    deal_round_nb(order, PLAYERS, CARDS, dealer, dealt)
    return play_deal_nb(play_tricks_nb, fns[1], ctx, fns, order, dealer, 1, True)


#: what :class:`~simkit.games.point_game.PointTrickGame` calls
chunk_nb = kerosinka_chunk_nb
STATS = KerosinkaStats
