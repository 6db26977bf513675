"""Tyotka kernels: deal, draw the photograph, play and score deals, rubbers to 21 and
parties of four rubbers (seed file 002 lines 48-53) on the trick engine, with the
penalty bookkeeping and policies of :mod:`simkit.games.penalty_tricks`.

Seats 0..3 clockwise. The photograph is drawn uniformly from a second full deck (002:50
«вытягивает из другой колоды карту»), independently of the deal; its counting trick is
:func:`~simkit.games.tyotka.scoring.counting_trick_nb`. A deal's penalties
(:func:`~simkit.games.tyotka.scoring.deal_penalties_nb`) are scored from the engine's
trick log; the running penalties kept between tricks must agree (an audit).
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit
from simkit.core.options import choices
from simkit.core.rng import next_u64_nb, randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import play_tricks_inline_nb
from simkit.core.tricks import (NO_TRUMP, PLAY_FN, S_PLAYED, S_SCORE, S_WON, TT_DECK, deal_round_nb, popcount_nb,
                                start_deal_nb)
from simkit.games.penalty_tricks import (S_LOG, S_PEN, S_TAKERS, game_layout, log_most_tricks_seat_nb, log_winners_nb,
                                        penalty_after_trick_nb, record_unit_nb, start_penalties_nb, win_shares_nb)
from simkit.games.tyotka.rules import TyotkaRules
from simkit.games.tyotka.scoring import (DEAL_PENALTIES, QUEENS, TRICKS, counting_trick_nb, deal_penalties_nb,
                                         most_tricks_seat_nb, settle_nb)

#: ``opts`` slots: the shared penalty part, then one per rule option, named as it
#: (:func:`~simkit.games.penalty_tricks.game_layout`)
O = game_layout(TyotkaRules)
#: the codes of ``unit`` (``UNIT.party``, ``UNIT.rubber``, ``UNIT.deal``) and of ``dealer``
UNIT = choices(TyotkaRules, "unit")
DEALER = choices(TyotkaRules, "dealer")
WIN_SCALE = 12                 # lcm(1..4): a win shared by t seats is 12/t
MAX_LEN = 64                   # rubber lengths counted exactly up to this many deals (to 21: at most 12)
#: penalty kinds, counted per position: queens, the photograph, the most tricks, the counting trick
K_QUEENS, K_PHOTO, K_MOST, K_COUNT = range(4)

BETWEEN = np.bool_(True)       # the penalty bookkeeping runs between tricks


@njit(cache=True)
def taken_nb(takers, photo, out):
    """The penalty cards each seat took (bitmasks into ``out``), from the log ``S_TAKERS``."""
    for s in range(4):
        out[s] = 0
    for suit in range(4):
        t = (takers >> (4 * suit)) & 15
        if t:
            out[t - 1] |= np.int64(1) << (40 + suit)           # the queen of that suit (code Q*4 + suit)
    t = (takers >> 16) & 15
    if t:
        out[t - 1] |= np.int64(1) << photo


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(ctx, fns, order, photo, deal_no, dealer, audit):
    """One deal from the card order ``order`` with photograph ``photo``: thirteen each,
    one at a time from the dealer's left (002:50 «Сдают по 13 карт»); the dealer's left
    leads, then the trick's winner; follow suit, else any card (002:51). ``ctx.score`` =
    the rubber's penalties so far (``S_SCORE``, for policies). Leaves each seat's
    penalties in ``ctx.pen``, the trick winners in ``ctx.winners`` and the penalty cards
    each seat took in ``ctx.taken`` (:func:`taken_nb`); False on an illegal card. Inlined
    into its callers, the engine's loop with it
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb`, the hook
    :func:`penalty_after_trick_nb` a direct call): the unit hook :func:`unit_nb`, and
    :func:`one_deal_nb`. It must not borrow its arrays itself: an inlined function's
    arguments may be its caller's temporaries (:mod:`simkit.core.borrow`)."""
    state, hands, tables, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.audit_out
    pen, winners, taken, score = ctx.pen, ctx.winners, ctx.taken, ctx.score
    deal_round_nb(order, 4, TRICKS, dealer, hands)
    eldest = dealer + 1 if dealer < 3 else 0
    start_deal_nb(state, tables, NO_TRUMP, 4, TRICKS, dealer, eldest, -1, deal_no)
    for s in range(4):
        state[S_SCORE + s] = score[s]
    start_penalties_nb(state, photo, counting_trick_nb(photo) - 1, np.int64(next_u64_nb(ctx.pst) >> np.uint64(2)))
    deck_bits = tables[NO_TRUMP, TT_DECK]
    if audit:
        audit_out[0] += 1
        union = hands[0] | hands[1] | hands[2] | hands[3]
        if union != deck_bits or popcount_nb(hands[0]) + popcount_nb(hands[1]) + popcount_nb(hands[2]) \
                + popcount_nb(hands[3]) != 52:
            audit_out[1] += 1
    if not play_tricks_inline_nb(fns[0], penalty_after_trick_nb, BETWEEN, hands, state, tables, ctx.opts, ctx.seats,
                                 fns[2], ctx.pst, audit, audit_out, ctx.err):
        return False
    log_winners_nb(state[S_LOG], TRICKS, winners)
    taken_nb(state[S_TAKERS], photo, taken)
    deal_penalties_nb(winners, taken, photo, 4, pen)
    if audit:
        audit_out[0] += 1
        most = most_tricks_seat_nb(winners, TRICKS, 4)
        total = 0
        won = 0
        for s in range(4):
            total += pen[s]
            won += state[S_WON + s]
            got = 0
            for k in range(TRICKS):
                got += winners[k] == s
            if pen[s] != state[S_PEN + s] + (most == s) or got != state[S_WON + s] or taken[s] & ~(QUEENS | (
                    np.int64(1) << photo)):
                audit_out[1] += 1
        if total != DEAL_PENALTIES or won != TRICKS or state[S_PLAYED] != deck_bits \
                or (hands[0] | hands[1] | hands[2] | hands[3]) != 0:
            audit_out[1] += 1
    return True


#: the statistics (``stats.<name>``; shapes in :meth:`Tyotka._new_stats`). Per deal: ``pen_hist[seat,
#: points]``, ``trick_hist[seat, tricks]``, ``pen_mom[seat]``, ``pos_mom[position]`` (0 = the dealer's left,
#: 3 = the dealer), ``kinds[position, kind]`` (sums of each penalty kind K_*), ``dealer_mom`` = 3 x the
#: dealer's penalties - the others', ``count_hist[k - 1]`` = deals whose counting trick is k, ``counters`` =
#: [deals, rubbers, units, photographs that were queens, units stopped by ``max_deals``]. Per rubber: ``rub_len`` (deals) and ``len_hist``,
#: ``rub_settle[seat]``, ``rub_pos[position]`` (settlement by position from the rubber's first dealer),
#: ``rub_win[seat]`` (x WIN_SCALE: the lowest score). Per unit (party, or rubber with unit=rubber):
#: ``unit_settle[seat]``, ``unit_win[seat]`` (x WIN_SCALE), ``group_mom`` rows g and G + g = the policy
#: group's summed wins and settlements.
TyotkaStats, STATS_TYPE = bundle("TyotkaStats", {
    "pen_hist": 2, "trick_hist": 2, "pen_mom": 2, "pos_mom": 2, "kinds": 2, "dealer_mom": 2, "count_hist": 1,
    "counters": 1, "rub_len": 2, "len_hist": 1, "rub_settle": 2, "rub_pos": 2, "rub_win": 2, "unit_settle": 2,
    "unit_win": 2, "group_mom": 2})
#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and the unit's work
#: arrays: ``score`` (the rubber's penalties per seat), ``pen`` (the deal's), ``winners`` (of each trick),
#: ``taken`` (the penalty cards each seat took), ``settle`` (a rubber's settlement), ``total`` (the party's
#: settlement so far), ``share`` (win shares), ``gx`` (per policy group, :func:`record_unit_nb`)
TyotkaCtx = context("TyotkaCtx", ("score", "pen", "winners", "taken", "settle", "total", "share", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    party of ``rubbers`` rubbers to ``target`` (002:53), one rubber, or one deal
    (``unit``), at most ``max_deals`` deals. Each deal draws the photograph from a second
    deck after the shuffle (002:50 «вытягивает из другой колоды карту»). False on an
    illegal card."""
    opts, stats, state, deck, deck0, dst, audit_out = (ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.deck0, ctx.dst,
                                                       ctx.audit_out)
    score, pen, winners, settle, total, share = ctx.score, ctx.pen, ctx.winners, ctx.settle, ctx.total, ctx.share
    unit_kind = opts[O.unit]
    n_rubbers = opts[O.rubbers] if unit_kind == UNIT.party else 1
    target = opts[O.target]
    per_deal = opts[O.dealer] == DEALER.per_deal
    max_deals = opts[O.max_deals]
    pen_hist, trick_hist, pen_mom, pos_mom, kinds = (stats.pen_hist, stats.trick_hist, stats.pen_mom, stats.pos_mom,
                                                     stats.kinds)
    dealer_mom, count_hist, counters = stats.dealer_mom, stats.count_hist, stats.counters
    for s in range(4):
        total[s] = 0
    unit_deals = 0
    for r in range(n_rubbers):
        first = (opts[O.first_dealer] + r) & 3
        for s in range(4):
            score[s] = 0
        deals = 0
        while True:
            poll_interrupt_nb()
            dealer = (first + deals) & 3 if per_deal else first
            shuffle_top_nb(deck, 51, dst)
            photo = np.int64(deck0[randbelow_nb(dst, 52)])
            deals += 1
            unit_deals += 1
            if not play_deal_nb(ctx, fns, deck, photo, deals, dealer, audit):
                return False
            counters[0] += 1
            ct = counting_trick_nb(photo)
            count_hist[ct - 1] += 1
            if (photo >> 2) == 10:
                counters[3] += 1
            most = log_most_tricks_seat_nb(state[S_LOG], TRICKS, 4)
            others = 0
            for s in range(4):
                score[s] += pen[s]
                pen_hist[s, pen[s]] += 1
                trick_hist[s, state[S_WON + s]] += 1
                moment_add_nb(pen_mom, s, pen[s])
                pos = (s - dealer - 1) & 3
                moment_add_nb(pos_mom, pos, pen[s])
                if s != dealer:
                    others += pen[s]
            for suit in range(4):
                t = (state[S_TAKERS] >> (4 * suit)) & 15
                if t:
                    kinds[(t - 1 - dealer - 1) & 3, K_QUEENS] += 1
            t = (state[S_TAKERS] >> 16) & 15
            kinds[(t - 1 - dealer - 1) & 3, K_PHOTO] += 1
            kinds[(most - dealer - 1) & 3, K_MOST] += 1
            kinds[(winners[ct - 1] - dealer - 1) & 3, K_COUNT] += 1
            moment_add_nb(dealer_mom, 0, 3 * pen[dealer] - others)
            if unit_kind == UNIT.deal:
                break
            top = max(max(score[0], score[1]), max(score[2], score[3]))
            if top >= target or unit_deals >= max_deals:
                break
        if unit_kind == UNIT.deal:
            break
        counters[1] += 1
        moment_add_nb(stats.rub_len, 0, deals)
        stats.len_hist[min(deals, MAX_LEN - 1)] += 1
        settle_nb(score, 4, settle)
        win_shares_nb(score, 4, True, WIN_SCALE, share)
        zero = 0
        for s in range(4):
            zero += settle[s]
            total[s] += settle[s]
            moment_add_nb(stats.rub_settle, s, settle[s])
            moment_add_nb(stats.rub_pos, (s - first - 1) & 3, settle[s])
            moment_add_nb(stats.rub_win, s, share[s])
        if audit:
            audit_out[0] += 1
            if zero != 0 or (deals > 1 and deals * DEAL_PENALTIES != score[0] + score[1] + score[2] + score[3]):
                audit_out[1] += 1
        if unit_deals >= max_deals and (r + 1 < n_rubbers or max(max(score[0], score[1]),
                                                                 max(score[2], score[3])) < target):
            counters[4] += 1                # the cap stopped the unit: a rubber or the party unfinished
            break
    counters[2] += 1
    if unit_kind == UNIT.deal:
        return True
    if unit_kind == UNIT.party:
        win_shares_nb(total, 4, False, WIN_SCALE, share)          # the party: the most money won
    else:
        win_shares_nb(score, 4, True, WIN_SCALE, share)           # a rubber: the fewest penalties
    record_unit_nb(total, share, 4, ctx.seats.group, stats.unit_win, stats.unit_settle, stats.group_mom, ctx.gx)
    zero = total[0] + total[1] + total[2] + total[3]
    if audit:
        audit_out[0] += 1
        if zero != 0:
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN), cache=True)
def tyotka_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` (parties, rubbers or single deals) into ``stats``
    (:data:`TyotkaStats`) with the unit hook :func:`unit_nb` (``inp.opts``: the layout
    :data:`O`). ``fns[1]`` (the ``after_trick`` ``cfunc``) is not called: the deal calls
    the hook directly."""
    z = np.zeros
    ctx = TyotkaCtx(*(trick_core_nb(inp, stats) + (z(4, np.int64), z(4, np.int64), z(TRICKS, np.int64),
                                                   z(4, np.int64), z(4, np.int64), z(4, np.int64), z(4, np.int64),
                                                   z(stats.group_mom.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN), types.int64, types.int64, types.int64[::1],
                    types.int64, types.int64[::1], types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, photo, score, pen, winners):
    """One deal from the fixed card order ``order`` with photograph ``photo`` (tests,
    notebooks) on the rubber's penalties ``score``, audited into ``inp.audit_out``; policy
    randomness from unit 0's policy stream of ``seed``. Leaves the table in ``state``, each
    seat's penalties in ``pen`` and the trick winners in ``winners``; returns False on an
    illegal card (``inp.err`` filled). The hands as dealt:
    :func:`~simkit.core.tricks.deal_round_nb` of ``order``."""
    z = np.zeros
    ctx = TyotkaCtx(*(deal_core_nb(inp, order, seed, state) + (score, pen, winners, z(4, np.int64), z(4, np.int64),
                                                                z(4, np.int64), z(4, np.int64), z(1, np.int64))))
    return play_deal_nb(ctx, fns, order, photo, 1, dealer, True)
