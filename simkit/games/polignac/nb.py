"""Polignac kernels: deal, turn the trump card, play and score deals and whole games to
20 plus points (seed file 003 lines 48-52) on the trick engine, with the penalty
bookkeeping and policies of :mod:`simkit.games.penalty_tricks` (the jacks are the
penalty cards; a trick is worth one plus point, ``O_TRICK_VALUE = -1``).

Seats 0..P-1 clockwise; each gets ``51 // P`` cards one at a time from the dealer's
left; the deck's last card is turned for trump and is out of play with any remainder.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit
from simkit.core.options import choices
from simkit.core.rng import next_u64_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import play_tricks_inline_nb
from simkit.core.tricks import (MAX_SEATS, PLAY_FN, S_FOLLOW, S_PLAYED, S_SCORE, S_WON, deal_round_nb, popcount_nb,
                                start_deal_nb)
from simkit.games.penalty_tricks import (S_PEN, S_TAKERS, game_layout, penalty_after_trick_nb, record_unit_nb,
                                        start_penalties_nb, win_shares_nb)
from simkit.games.polignac.rules import PolignacRules
from simkit.games.polignac.scoring import JACKS, follow_flags_nb, game_over_nb, jack_points_nb

#: ``opts`` slots: the shared penalty part, then one per rule option, named as it
#: (:func:`~simkit.games.penalty_tricks.game_layout`)
O = game_layout(PolignacRules)
#: the codes of ``unit`` (``UNIT.deal``: one deal per unit)
UNIT = choices(PolignacRules, "unit")
WIN_SCALE = 840                # lcm(1..8): a win shared by t seats is 840/t
NET_LOW = -10                  # the lowest net of a deal (all four jacks, no trick ... at least one trick)
NET_BINS = 36                  # nets -10 .. 25 (25 tricks with two players)
BETWEEN = np.bool_(True)       # the penalty bookkeeping runs between tricks


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(ctx, fns, order, deal_no, dealer, audit):
    """One deal from the card order ``order`` (52 cards): ``51 // P`` each one at a time
    from the dealer's left, the last card turned for trump and out of play (003:50
    «Последняя карта является козырной, кладется на стол и в игре не участвует»); the
    dealer's left leads (003:51). ``ctx.net`` = the net totals before the deal
    (``S_SCORE``, for policies). Leaves each seat's jack penalty in ``ctx.pen``, tricks in
    ``S_WON``; returns False on an illegal card. Inlined into its callers, the engine's
    loop with it (:func:`~simkit.core.trick_play.play_tricks_inline_nb`, the hook
    :func:`penalty_after_trick_nb` a direct call): the unit hook :func:`unit_nb`, and
    :func:`one_deal_nb`. It must not borrow its arrays itself: an inlined function's
    arguments may be its caller's temporaries (:mod:`simkit.core.borrow`)."""
    state, hands, tables, opts, audit_out, pen, totals = (ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out,
                                                          ctx.pen, ctx.net)
    players = opts[O.players]
    k = 51 // players
    deal_round_nb(order, players, k, dealer, hands)
    turned = np.int64(order[51])
    t = turned & 3
    eldest = dealer + 1 if dealer + 1 < players else 0
    start_deal_nb(state, tables, t, players, k, dealer, eldest, turned, deal_no)
    state[S_FOLLOW] = follow_flags_nb(opts[O.follow_suit])
    for s in range(players):
        state[S_SCORE + s] = totals[s]
    start_penalties_nb(state, -1, -1, np.int64(next_u64_nb(ctx.pst) >> np.uint64(2)))
    dealt = 0
    for s in range(players):
        dealt |= hands[s]
    if audit:
        audit_out[0] += 1
        n = 0
        for s in range(players):
            n += popcount_nb(hands[s])
        if n != players * k or popcount_nb(dealt) != n or (dealt >> turned) & 1:
            audit_out[1] += 1
    if not play_tricks_inline_nb(fns[0], penalty_after_trick_nb, BETWEEN, hands, state, tables, opts, ctx.seats,
                                 fns[2], ctx.pst, audit, audit_out, ctx.err):
        return False
    takers = state[S_TAKERS]
    for s in range(players):
        pen[s] = 0
    for suit in range(4):
        w = (takers >> (4 * suit)) & 15
        if w:
            pen[w - 1] += jack_points_nb(np.int64(1) << (36 + suit))     # the jack of that suit (code J*4 + suit)
    if audit:
        audit_out[0] += 1
        won = 0
        total = 0
        left = 0
        for s in range(players):
            won += state[S_WON + s]
            total += pen[s]
            left |= hands[s]
            if pen[s] != state[S_PEN + s]:
                audit_out[1] += 1
        if won != k or total != jack_points_nb(dealt & JACKS) or left != 0 or state[S_PLAYED] != dealt:
            audit_out[1] += 1
    return True


#: the statistics (``stats.<name>``; shapes in :meth:`Polignac._new_stats`). Per deal: ``pen_hist[seat,
#: points]`` (jack penalty points taken), ``trick_hist[seat, tricks]``, ``net_hist[seat, net - NET_LOW]``,
#: ``net_mom[seat]``, ``pos_mom[position]`` (net; 0 = the dealer's left, P-1 = the dealer), ``jacks[seat,
#: suit]`` (jacks taken; row P: turned or out of play), ``dealer_mom`` = (P-1) x the dealer's net - the
#: others', ``counters`` = [deals, units, games stopped at max_deals]. Per game: ``game_len``,
#: ``game_win[seat]`` (x WIN_SCALE), ``game_net[seat]`` (final totals), ``group_mom`` rows g and G + g = the
#: policy group's summed wins and final totals.
PolignacStats, STATS_TYPE = bundle("PolignacStats", {
    "pen_hist": 2, "trick_hist": 2, "net_hist": 2, "net_mom": 2, "pos_mom": 2, "jacks": 2, "dealer_mom": 2,
    "counters": 1, "game_len": 2, "game_win": 2, "game_net": 2, "group_mom": 2})
#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and the unit's work
#: arrays: ``net`` and ``gross`` (the game's totals per seat: tricks less jack penalties, and tricks), ``pen``
#: (the deal's jack penalties), ``share`` (win shares), ``gx`` (per policy group, :func:`record_unit_nb`)
PolignacCtx = context("PolignacCtx", ("net", "gross", "pen", "share", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game until a player reaches ``target`` (003:52 «Игра продолжается, пока один из
    игроков не наберет 20 плюсовых очков»; at most ``max_deals`` deals) or, with
    ``unit=deal``, one deal dealt by ``first_dealer``. False on an illegal card."""
    opts, stats, state, deck, audit_out = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out
    net, gross, pen, share = ctx.net, ctx.gross, ctx.pen, ctx.share
    players = opts[O.players]
    single = opts[O.unit] == UNIT.deal
    max_deals = 1 if single else opts[O.max_deals]
    pen_hist, trick_hist, net_hist, net_mom, pos_mom = (stats.pen_hist, stats.trick_hist, stats.net_hist,
                                                        stats.net_mom, stats.pos_mom)
    jacks, dealer_mom, counters = stats.jacks, stats.dealer_mom, stats.counters
    for s in range(players):
        net[s] = 0
        gross[s] = 0
    deals = 0
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) % players
        shuffle_top_nb(deck, 51, ctx.dst)
        deals += 1
        if not play_deal_nb(ctx, fns, deck, deals, dealer, audit):
            return False
        counters[0] += 1
        others = 0
        dnet = 0
        for s in range(players):
            won = state[S_WON + s]
            x = won - pen[s]
            net[s] += x
            gross[s] += won
            pen_hist[s, pen[s]] += 1
            trick_hist[s, won] += 1
            net_hist[s, x - NET_LOW] += 1
            moment_add_nb(net_mom, s, x)
            moment_add_nb(pos_mom, (s - dealer - 1) % players, x)
            if s == dealer:
                dnet = x
            else:
                others += x
        takers = state[S_TAKERS]
        for suit in range(4):
            w = (takers >> (4 * suit)) & 15
            jacks[w - 1 if w else players, suit] += 1
        moment_add_nb(dealer_mom, 0, (players - 1) * dnet - others)
        if single or game_over_nb(net, gross, players, opts[O.target], opts[O.end_rule]):
            break
    counters[1] += 1
    if single:
        return True
    if not game_over_nb(net, gross, players, opts[O.target], opts[O.end_rule]):
        counters[2] += 1
    win_shares_nb(net, players, False, WIN_SCALE, share)
    record_unit_nb(net, share, players, ctx.seats.group, stats.game_win, stats.game_net, stats.group_mom, ctx.gx)
    moment_add_nb(stats.game_len, 0, deals)
    if audit:
        audit_out[0] += 1
        tot = 0
        for s in range(players):
            tot += share[s]
        if tot != WIN_SCALE:
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN), cache=True)
def polignac_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` (whole games or single deals) into ``stats``
    (:data:`PolignacStats`) with the unit hook :func:`unit_nb` (``inp.opts``: the layout
    :data:`O`). ``fns[1]`` (the ``after_trick`` ``cfunc``) is not called: the deal calls
    the hook directly."""
    z = np.zeros
    ctx = PolignacCtx(*(trick_core_nb(inp, stats) + (z(MAX_SEATS, np.int64), z(MAX_SEATS, np.int64),
                                                     z(MAX_SEATS, np.int64), z(MAX_SEATS, np.int64),
                                                     z(stats.group_mom.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN), types.int64, types.int64, types.int64[::1],
                    types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, hands, pen):
    """One deal from the fixed card order ``order`` (tests, notebooks), audited into
    ``inp.audit_out``; policy randomness from unit 0's policy stream of ``seed``. Leaves
    the table in ``state`` and each seat's jack penalty in ``pen``; ``hands`` gets the
    hands as dealt; returns False on an illegal card (``inp.err`` filled)."""
    z = np.zeros
    ctx = PolignacCtx(*(deal_core_nb(inp, order, seed, state) + (z(MAX_SEATS, np.int64), z(MAX_SEATS, np.int64), pen,
                                                                  z(MAX_SEATS, np.int64), z(1, np.int64))))
    ok = play_deal_nb(ctx, fns, order, 1, dealer, True)
    deal_round_nb(order, inp.opts[O.players], 51 // inp.opts[O.players], dealer, hands)
    return ok
