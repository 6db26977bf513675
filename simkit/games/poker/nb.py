"""Five-card draw kernel: deal, ante, bet, draw, bet, show down (seed 000 line 51).

Unit = one hand. The kernels index seats from the dealer's left (index 0, first to act
and to draw) round to the dealer (index ``n - 1``); the dealer does not rotate within a
unit, so per-seat figures are per position. Everything a user sees numbers them as every
game does (README): seat 0 is the dealer, seat 1 his left, so index ``i`` is seat
``(i + 1) % n`` (:func:`seat_of`): the view's ``V_SEAT`` and ``V_SEATS`` use seats.

One hand («Карты сдают по часовой стрелке, каждому по одной - всего пять карт на
игрока. Оставшуюся колоду кладут на стол и используют для прикупа. Все игроки ...
ставят в кон условленную сумму»):

1. Five cards each, one at a time from seat 0; everyone antes.
2. Betting before the draw: ``circuits`` circuits (a raise-free circuit ends it only with
   ``predraw_stop``). In each circuit every seat still in, from seat 0, either passes
   (stake 0, folding: «не сказавшие пас») or stakes chips into the pot: from the previous
   stake of this phase (at least ``min_bet``) up to the ``limit`` («Игрок не может сделать
   ставку меньше той, которую сделал предыдущий игрок»), or exactly the limit with
   ``fixed`` sizing. A stake above the previous one is a raise.
3. The draw: each seat still in, from seat 0, discards any cards and takes as many from
   the stock. If the stock runs out the seat takes what is left, then the discards made
   so far by other seats (and the folded hands with ``reshuffle_folded``) are shuffled
   into a new stock; the seat's own discards join only if those are too few.
4. Betting after the draw: up to ``circuits`` circuits; one without a raise ends it
   («Если никто не повысил ставку на протяжении одного круга, карты открываются»).
5. Whoever is left alone takes the pot; else the best hand (:mod:`.eval_nb`) does, equal
   hands splitting it (odd chips to the first winners from the dealer's left).

A seat's result is the pot share it takes minus all it put in (ante included); its win
credit is ``CREDIT / k`` for a pot split k ways (``CREDIT`` = lcm(1..10), so integer).

Each unit also adds one sample to the equity table: seat 0's dealt hand against the
other dealt hands and, to reach nine opponents, the next hands of the stock (looked at,
not taken: the game is unchanged): its pot share against the first N of them, N = 1..9,
by its category. Nothing is drawn for that comparison (a pat showdown).

A hand is one function on purpose (:func:`unit_nb`, inlined into the banks' loop
:func:`~simkit.games.banking_nb.bank_loop`, which starts its deal stream and resets the
deck): numba counts references to every array passed to a call (atomic operations),
which cost more than a whole hand's logic when done per card or per bet; the helpers it
calls take scalars, or run rarely.
"""
from collections import namedtuple

import numpy as np
from numba import typeof, types

from simkit.core.bundle import bundle
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.rng import next_u64_nb, randbelow_nb, random_nb, seed_stream_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.games.banking_nb import bank_loop
from simkit.games.poker import eval_nb as E
from simkit.games.poker.codes import (BET_CALL, BET_RANDOM, BET_THRESHOLD, BET_USER, DRAW_PAT,  # noqa: F401
                                     DRAW_RANDOM, DRAW_STANDARD, DRAW_USER)
from simkit.games.poker.rules import PokerRules

MAX_SEATS = 10
N_EQ = 9                 # opponents 1..9 in the equity table
CREDIT = 2520            # lcm(1..10): a pot split k ways credits CREDIT // k to each winner
N_POT_BINS = 64
N_SLOTS = 7              # draw slots: 0 = took no part in the draw, 1 + k = drew k cards

PH_PRE, PH_DRAW, PH_POST = 0, 1, 2

#: the ``view`` array a policy sees (int64): its fields
V_PHASE, V_CIRCUIT, V_SEAT, V_PLAYERS, V_ACTIVE, V_LEVEL, V_MIN, V_MAX = 0, 1, 2, 3, 4, 5, 6, 7
V_POT, V_INVESTED, V_RAISES, V_VALUE, V_CATEGORY, V_DRAWN, V_LIMIT = 8, 9, 10, 11, 12, 13, 14
#: per seat ``t``: ``view[V_SEATS + 3 t]`` still in (1/0), ``+1`` cards drawn (-1: not yet),
#: ``+2`` chips put in so far
V_SEATS = 16
VIEW_LEN = V_SEATS + 3 * MAX_SEATS

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it,
#: then the pot histogram's bin width in chips (``report.pot_bin``)
O = layout(PokerRules, extra=("pot_bin",))
#: the codes of ``bet_sizing`` (``BET_SIZING.fixed``)
BET_SIZING = choices(PokerRules, "bet_sizing")

#: rows of the per-seat array ``seat`` (the last hand's, after a kernel call)
S_ACTIVE, S_INVESTED, S_WON, S_DRAWN, S_DEALT, S_FINAL, S_CREDIT, S_MUCKED = 0, 1, 2, 3, 4, 5, 6, 7
N_SEAT_ROWS = 8
#: fields of the per-hand summary ``hs``
H_POT, H_END, H_WINNERS, H_RESHUFFLES, H_EXTRA, H_NPILE, H_BEST = 0, 1, 2, 3, 4, 5, 6
N_HAND = 7
END_PREDRAW, END_POSTDRAW, END_SHOWDOWN = 0, 1, 2

#: counters: hands, showdowns, won uncontested before / after the draw, split pots,
#: hands with a stock reshuffle, cards drawn, seats drawing
C_HANDS, C_SHOWDOWN, C_ALONE_PRE, C_ALONE_POST, C_SPLIT, C_RESHUFFLE, C_CARDS, C_DRAWERS = range(8)
N_COUNTERS = 8

ERR_BET, ERR_DRAW = 1, 2
#: err fields: code, unit, seat, move, phase, circuit, smallest legal stake, largest
N_ERR = 8

BET_SIG = types.int64(types.uint8[:], types.int64[:], types.float64, types.float64[:])
BET_FN = types.FunctionType(BET_SIG)
DRAW_SIG = types.int64(types.uint8[:], types.int64[:], types.float64[:])
DRAW_FN = types.FunctionType(DRAW_SIG)


@cfunc(BET_SIG, cache=True)
def no_user_bet_nb(hand, view, strength, params):
    """Placeholder passed where no user betting function is used (never called)."""
    return 0


@cfunc(DRAW_SIG, cache=True)
def no_user_draw_nb(hand, view, params):
    """Placeholder passed where no user draw function is used (never called)."""
    return 0



@njit(cache=True)
def strength_nb(value, sample):
    """Share of the sorted ``sample`` values that ``value`` beats, ties counting half."""
    n = sample.shape[0]
    lo, hi = 0, n              # first index with sample >= value
    while lo < hi:
        mid = (lo + hi) >> 1
        if sample[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    below = lo
    hi = n                     # first index with sample > value
    while lo < hi:
        mid = (lo + hi) >> 1
        if sample[mid] <= value:
            lo = mid + 1
        else:
            hi = mid
    return (below + lo) / (2.0 * n)


@njit(cache=True, inline="always")
def _straight_mask_nb(m, wheel):
    return m == (m & -m) * 31 or (wheel and m == 0x100F)


@njit(cache=True)
def standard_draw_nb(c0, c1, c2, c3, c4, value, ev, four_flush, open_straight, keep_ak, keep_high):
    """Discard mask (bit j = card j) of the ``standard`` draw table (see :mod:`.policies`):
    stand pat on a straight or better; keep the cards of a pair or a set, both pairs of
    two pair, and every wild card; with no pair (so no wild card) draw one to four of a
    suit or to four in a row open at both ends, else keep A and K, or the highest card."""
    cat = E.category_nb(value, ev)
    if cat >= E.STRAIGHT:
        return np.int64(0)
    m1 = np.int64(0)
    m2 = np.int64(0)
    q = np.int64(0)
    for c in (c0, c1, c2, c3, c4):
        if not E.is_wild_nb(c, ev):
            b = np.int64(1) << (c >> 2)
            m2 |= m1 & b
            m1 |= b
            q += np.int64(1) << (4 * (c >> 2))
    if cat <= E.ACE_KING:
        if four_flush:
            suits = np.int64(0)
            for c in (c0, c1, c2, c3, c4):
                suits += np.int64(1) << (8 * (c & 3))
            for t in range(4):
                if (suits >> (8 * t)) & 255 == 4:
                    j = 0
                    for c in (c0, c1, c2, c3, c4):
                        if (c & 3) != t:
                            return np.int64(1) << j
                        j += 1
        if open_straight:
            wheel = (ev & E.EV_WHEEL) != 0
            best_j = -1
            best_m = np.int64(-1)
            j = 0
            for c in (c0, c1, c2, c3, c4):
                m = m1 ^ (np.int64(1) << (c >> 2))
                outs = 0
                for x in range(13):
                    b = np.int64(1) << x
                    if not (m & b) and _straight_mask_nb(m | b, wheel):
                        outs += 1
                if outs == 2 and m > best_m:
                    best_m = m
                    best_j = j
                j += 1
            if best_j >= 0:
                return np.int64(1) << best_j
        if cat == E.ACE_KING and keep_ak:
            mask = np.int64(31)
            got = 0
            j = 0
            for c in (c0, c1, c2, c3, c4):
                r = c >> 2
                if (r == 12 and not got & 1) or (r == 11 and not got & 2):
                    got |= 1 if r == 12 else 2
                    mask ^= np.int64(1) << j
                j += 1
            return mask
        if keep_high:
            return np.int64(31) ^ (np.int64(1) << _high_index_nb(c0, c1, c2, c3, c4))
        return np.int64(31)
    # pair, two pair, three of a kind: keep the matched ranks (and the wilds)
    if cat == E.TWO_PAIR:
        keep = m2
    else:
        keep = np.int64(0)
        most = 0
        for r in range(13):
            k = (q >> (4 * r)) & 15
            if k >= most and k > 0:
                most = k
                keep = np.int64(1) << r
    mask = np.int64(0)
    j = 0
    for c in (c0, c1, c2, c3, c4):
        if not E.is_wild_nb(c, ev) and not keep & (np.int64(1) << (c >> 2)):
            mask |= np.int64(1) << j
        j += 1
    return mask


@njit(cache=True, inline="always")
def _high_index_nb(c0, c1, c2, c3, c4):
    hj = 0
    hr = c0 >> 2
    j = 0
    for c in (c0, c1, c2, c3, c4):
        if c >> 2 > hr:
            hr = c >> 2
            hj = j
        j += 1
    return hj


@njit(cache=True)
def bet_is_legal_nb(x, level, opts):
    """The betting rule, stated on its own for the audit: pass (0), or a stake not below
    the previous one nor ``min_bet`` and not above the limit; with fixed sizing exactly
    the limit."""
    if x == 0:
        return True
    if opts[O.bet_sizing] == BET_SIZING.fixed:
        return x == opts[O.limit]
    return x >= level and x >= opts[O.min_bet] and x <= opts[O.limit]


@njit(cache=True)
def draw_is_legal_nb(mask):
    """The draw rule on its own: any subset of the five cards («сбросить любое количество карт»)."""
    return 0 <= mask <= 31


@njit(cache=True, inline="always")
def seat_of(i, n):
    """The seat number (0 = the dealer, 1 = his left, ...) of kernel index ``i`` (0 = the
    dealer's left, ``n - 1`` = the dealer)."""
    return i + 1 if i + 1 < n else 0


@njit(cache=True)
def _fill_view_nb(ctx, phase, circuit, s, n_active, level, mn, mx, raises, pot):
    """The situation a user policy sees (fields ``V_*``) in ``ctx.pview`` and its cards in
    ``ctx.hand_buf``: seat index ``s`` in ``phase`` (its hand's value: as dealt before
    the draw, final after it)."""
    view, hand_buf, hands, seat, ev = ctx.pview, ctx.hand_buf, ctx.hands, ctx.seat, ctx.ev
    n, limit = ctx.opts[O.players], ctx.opts[O.limit]
    value = seat[S_FINAL if phase == PH_POST else S_DEALT, s]
    view[V_PHASE] = phase
    view[V_CIRCUIT] = circuit
    view[V_SEAT] = seat_of(s, n)
    view[V_PLAYERS] = n
    view[V_ACTIVE] = n_active
    view[V_LEVEL] = level
    view[V_MIN] = mn
    view[V_MAX] = mx
    view[V_POT] = pot
    view[V_INVESTED] = seat[S_INVESTED, s]
    view[V_RAISES] = raises
    view[V_VALUE] = value
    view[V_CATEGORY] = E.category_nb(value, ev)
    view[V_DRAWN] = seat[S_DRAWN, s]
    view[V_LIMIT] = limit
    for t in range(n):
        v = V_SEATS + 3 * seat_of(t, n)
        view[v] = seat[S_ACTIVE, t]
        view[v + 1] = seat[S_DRAWN, t]
        view[v + 2] = seat[S_INVESTED, t]
    for j in range(5):
        hand_buf[j] = hands[s, j]


@njit(cache=True)
def _restock_nb(ctx, s, need):
    """The stock ran out while seat ``s`` draws: the other seats' discards so far (and
    the folded hands with ``reshuffle_folded``) become the new stock ``ctx.deck[:m]``, with
    ``s``'s own discards too if fewer than ``need``; returns ``m``."""
    deck, pile, pile_seat, hs, hands, seat = ctx.deck, ctx.pile, ctx.pile_seat, ctx.hs, ctx.hands, ctx.seat
    n = ctx.opts[O.players]
    reuse_folded = ctx.opts[O.reshuffle_folded] != 0
    m = 0
    keep = 0
    for i in range(hs[H_NPILE]):
        if pile_seat[i] != s:
            deck[m] = pile[i]
            m += 1
        else:
            pile[keep] = pile[i]
            pile_seat[keep] = s
            keep += 1
    if reuse_folded:
        for t in range(n):
            if seat[S_ACTIVE, t] == 0 and seat[S_MUCKED, t] == 0:
                seat[S_MUCKED, t] = 1
                for j in range(5):
                    deck[m] = hands[t, j]
                    m += 1
    if m < need:
        for i in range(keep):
            deck[m] = pile[i]
            m += 1
        keep = 0
    hs[H_NPILE] = keep
    hs[H_RESHUFFLES] += 1
    return m


@njit(cache=True)
def _conserved_nb(ctx, pos, end):
    """Audit: the hands not mucked, the discard pile and the stock ``ctx.deck[pos:end]``
    hold exactly the cards of ``ctx.deck0``."""
    deck0, deck, pile, hs, hands, seat = ctx.deck0, ctx.deck, ctx.pile, ctx.hs, ctx.hands, ctx.seat
    n = ctx.opts[O.players]
    counts = np.zeros(64, np.int64)
    for i in range(deck0.shape[0]):
        counts[deck0[i]] += 1
    for t in range(n):
        if seat[S_MUCKED, t] == 0:
            for j in range(5):
                counts[hands[t, j]] -= 1
    for i in range(hs[H_NPILE]):
        counts[pile[i]] -= 1
    for i in range(pos, end):
        counts[deck[i]] -= 1
    for c in range(64):
        if counts[c] != 0:
            return False
    return True


#: what the Python side passes the chunk kernel besides the units, the user functions and the
#: statistics: the cards in canonical order (``uint8``) or, with ``fixed``, the order to deal
#: them in; the ``opts`` (layout :data:`O`), the evaluator options ``ev``, the strength sample
#: (sorted ``int32`` values), each seat's betting and draw policy codes and parameters, each
#: seat's policy group, the last hand played (``hands``, the per-seat rows ``seat`` (``S_*``),
#: the summary ``hs`` (``H_*``), the equity sample's stock hands ``extra``), the audit counts
#: ``[checks, violations]`` and the error record (``N_ERR``)
PokerInputs = namedtuple("PokerInputs", "deck0 fixed opts ev sample bet_codes bet_params draw_codes draw_params groups "
                                        "hands seat hs extra audit_out err", module=__name__)
_Z1, _Z2, _F2 = np.zeros(1, np.int64), np.zeros((1, 1), np.int64), np.zeros((1, 1))
INPUTS_TYPE = typeof(PokerInputs(np.zeros(1, np.uint8), True, _Z1, 0, np.zeros(1, np.int32), _Z1, _F2, _Z1, _F2,
                                 _Z1, np.zeros((1, 1), np.uint8), _Z2, _Z1, _Z1, _Z1, _Z1))
#: the user functions ``(bet, draw)`` (placeholders where no seat uses one)
FNS_TYPE = types.Tuple((BET_FN, DRAW_FN))

#: the statistics (``Poker._run``), one named bundle: per seat its net chips and win credit per
#: hand (moments), the same per policy group, the pot (moments) and its histogram, the
#: categories by draw slot, seat 0's equity, the winning categories, the counters (``C_*``); made by
#: :func:`simkit.core.bundle.bundle`
_STATS_NDIM = {
    "seat_net": 2, "seat_win": 2, "grp_net": 2, "grp_win": 2, "pot": 2, "pot_hist": 1, "cats": 3, "equity": 2,
    "winner_cat": 1, "counters": 1}
PokerStats, STATS_TYPE = bundle("PokerStats", _STATS_NDIM)

#: the kernel context: :class:`PokerInputs`' fields, the statistics and the work arrays (the
#: deck, the deal and policy streams, the discard pile and who discarded each card, the view
#: ``pview`` a user policy sees (not ``view``: numba takes ``x.view`` for the array method)
#: and its cards, each seat's strength, the group sums of a hand)
PokerCtx = namedtuple("PokerCtx", PokerInputs._fields + ("stats", "deck", "state", "pstate", "pile", "pile_seat",
                                                          "pview", "hand_buf", "strength", "gnet", "gwin"),
                      module=__name__)


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """The unit hook of the banks' loop (:func:`~simkit.games.banking_nb.bank_loop`): play
    hand ``unit`` (the loop has started its deal stream ``ctx.state`` and put ``ctx.deck``
    in the order of ``ctx.deck0``; the hand starts its policy stream ``ctx.pstate``) and
    add it to ``ctx.stats`` (see :func:`poker_chunk_nb`). Returns False on an illegal bet
    or draw (``ctx.err`` filled)."""
    stats = ctx.stats
    ndeck = ctx.deck0.shape[0]
    n_groups = stats.grp_net.shape[0]
    fixed, opts, ev, sample = ctx.fixed, ctx.opts, ctx.ev, ctx.sample
    bet_codes, bet_params, draw_codes, draw_params, groups = (ctx.bet_codes, ctx.bet_params, ctx.draw_codes,
                                                              ctx.draw_params, ctx.groups)
    hands, seat, hs, extra, audit_out, err = ctx.hands, ctx.seat, ctx.hs, ctx.extra, ctx.audit_out, ctx.err
    seat_net, seat_win, grp_net, grp_win, pot_mom = stats.seat_net, stats.seat_win, stats.grp_net, stats.grp_win, stats.pot
    pot_hist, cats, equity, winner_cat, counters = (stats.pot_hist, stats.cats, stats.equity, stats.winner_cat,
                                                    stats.counters)
    deck, state, pstate, pile, pile_seat = ctx.deck, ctx.state, ctx.pstate, ctx.pile, ctx.pile_seat
    strength, gnet, gwin = ctx.strength, ctx.gnet, ctx.gwin
    bet_fn, draw_fn = fns
    n = opts[O.players]
    limit = opts[O.limit]
    fixed_size = opts[O.bet_sizing] == BET_SIZING.fixed
    wilds = E.has_wilds_nb(ev)
    n_extra = min(max(0, N_EQ - (n - 1)), (ndeck - 5 * n) // 5)
    dealt = 5 * n + 5 * n_extra          # cards randomised up front: the deal and the equity peek
    seed_stream_nb(pstate, next_u64_nb(state), unit)   # policy randomness apart from the cards
    if fixed:
        sh = ndeck                   # positions below sh are already in their random order
    else:
        for pos in range(dealt):
            j = pos + randbelow_nb(state, ndeck - pos)
            c = deck[j]
            deck[j] = deck[pos]
            deck[pos] = c
        sh = dealt
    for r in range(N_SEAT_ROWS):
        for s in range(n):
            seat[r, s] = 0
    for i in range(N_HAND):
        hs[i] = 0
    # the deal: one card at a time from seat 0; everyone antes
    for s in range(n):
        for j in range(5):
            hands[s, j] = deck[j * n + s]
        v = E.eval_nb(np.int64(hands[s, 0]), np.int64(hands[s, 1]), np.int64(hands[s, 2]),
                      np.int64(hands[s, 3]), np.int64(hands[s, 4]), ev, wilds)
        seat[S_ACTIVE, s] = 1
        seat[S_DRAWN, s] = -1
        seat[S_INVESTED, s] = opts[O.ante]
        seat[S_DEALT, s] = v
        seat[S_FINAL, s] = v
        strength[s] = strength_nb(v, sample)
    pot = n * opts[O.ante]
    hs[H_EXTRA] = n_extra
    for e in range(n_extra):
        b = 5 * n + 5 * e
        extra[e] = E.eval_nb(np.int64(deck[b]), np.int64(deck[b + 1]), np.int64(deck[b + 2]),
                             np.int64(deck[b + 3]), np.int64(deck[b + 4]), ev, wilds)
    pos = 5 * n
    end = ndeck
    n_active = n
    bad = False
    for phase in (PH_PRE, PH_POST):
        if phase == PH_POST:
            if n_active == 1:
                break
            # the draw, from seat 0
            for s in range(n):
                if seat[S_ACTIVE, s] == 0:
                    continue
                code = draw_codes[s]
                if code == DRAW_STANDARD:
                    mask = standard_draw_nb(np.int64(hands[s, 0]), np.int64(hands[s, 1]), np.int64(hands[s, 2]),
                                            np.int64(hands[s, 3]), np.int64(hands[s, 4]), seat[S_DEALT, s], ev,
                                            draw_params[s, 0] != 0.0, draw_params[s, 1] != 0.0,
                                            draw_params[s, 2] != 0.0, draw_params[s, 3] != 0.0)
                elif code == DRAW_PAT:
                    mask = np.int64(0)
                elif code == DRAW_RANDOM:
                    mask = randbelow_nb(pstate, 32)
                else:
                    _fill_view_nb(ctx, PH_DRAW, 0, s, n_active, 0, 0, 31, 0, pot)
                    mask = draw_fn(ctx.hand_buf, ctx.pview, draw_params[s])
                if mask < 0 or mask > 31:
                    err[0] = ERR_DRAW
                    err[1] = unit
                    err[2] = s
                    err[3] = mask
                    err[4] = PH_DRAW
                    bad = True
                    break
                if audit:
                    audit_out[0] += 1
                    if not draw_is_legal_nb(mask):
                        audit_out[1] += 1
                k = 0
                for j in range(5):
                    if (mask >> j) & 1:
                        pile[hs[H_NPILE]] = hands[s, j]
                        pile_seat[hs[H_NPILE]] = s
                        hs[H_NPILE] += 1
                        k += 1
                need = k
                for j in range(5):
                    if (mask >> j) & 1:
                        if pos >= end:
                            end = _restock_nb(ctx, s, need)
                            pos = 0
                            sh = end if fixed else 0
                        if pos >= sh:
                            jj = pos + randbelow_nb(state, end - pos)
                            c = deck[jj]
                            deck[jj] = deck[pos]
                            deck[pos] = c
                            sh = pos + 1
                        hands[s, j] = deck[pos]
                        pos += 1
                        need -= 1
                seat[S_DRAWN, s] = k
                v = E.eval_nb(np.int64(hands[s, 0]), np.int64(hands[s, 1]), np.int64(hands[s, 2]),
                              np.int64(hands[s, 3]), np.int64(hands[s, 4]), ev, wilds)
                seat[S_FINAL, s] = v
                strength[s] = strength_nb(v, sample)
            if bad:
                break
        # a betting phase: up to `circuits` circuits from seat 0
        level = np.int64(0)
        raises = 0
        for circuit in range(opts[O.circuits]):
            raised = False
            for s in range(n):
                if seat[S_ACTIVE, s] == 0:
                    continue
                if n_active == 1:
                    break
                mn = limit if fixed_size else max(level, opts[O.min_bet])
                code = bet_codes[s]
                if code == BET_CALL:
                    x = mn
                elif code == BET_THRESHOLD:
                    e = strength[s] ** (n_active - 1)
                    post = phase == PH_POST
                    if e < (bet_params[s, 2] if post else bet_params[s, 0]):
                        x = np.int64(0)
                    elif limit > mn and e >= (bet_params[s, 3] if post else bet_params[s, 1]):
                        x = min(limit, mn + max(np.int64(1), np.int64(np.round(bet_params[s, 4] * limit))))
                    else:
                        x = mn
                elif code == BET_RANDOM:
                    if random_nb(pstate) < bet_params[s, 0]:
                        x = np.int64(0)
                    elif limit > mn and random_nb(pstate) < bet_params[s, 1]:
                        x = mn + 1 + randbelow_nb(pstate, limit - mn)
                    else:
                        x = mn
                else:
                    _fill_view_nb(ctx, phase, circuit, s, n_active, level, mn, limit, raises, pot)
                    x = bet_fn(ctx.hand_buf, ctx.pview, strength[s], bet_params[s])
                if x != 0 and (x < mn or x > limit):
                    err[0] = ERR_BET
                    err[1] = unit
                    err[2] = s
                    err[3] = x
                    err[4] = phase
                    err[5] = circuit
                    err[6] = mn
                    err[7] = limit
                    bad = True
                    break
                if audit:
                    audit_out[0] += 1
                    if not bet_is_legal_nb(x, level, opts):
                        audit_out[1] += 1
                if x == 0:
                    seat[S_ACTIVE, s] = 0
                    n_active -= 1
                else:
                    pot += x
                    seat[S_INVESTED, s] += x
                    if level > 0 and x > level:
                        raised = True
                        raises += 1
                    level = x
            if bad or n_active == 1:
                break
            if not raised and (phase == PH_POST or opts[O.predraw_stop]):
                break
        if bad:
            break
        if n_active == 1:
            hs[H_END] = END_PREDRAW if phase == PH_PRE else END_POSTDRAW
            break
        hs[H_END] = END_SHOWDOWN
    if bad:
        return False
    # the pot: to the one left, or the best hand (equal hands split it)
    hs[H_POT] = pot
    best = np.int64(-1)
    k = 0
    for s in range(n):
        if seat[S_ACTIVE, s]:
            v = seat[S_FINAL, s]
            if v > best:
                best = v
                k = 0
            if v == best:
                k += 1
    hs[H_WINNERS] = k
    hs[H_BEST] = best
    share = pot // k
    odd = pot - share * k
    for s in range(n):
        if seat[S_ACTIVE, s] and seat[S_FINAL, s] == best:
            seat[S_WON, s] = share + (1 if odd > 0 else 0)
            odd -= 1
            seat[S_CREDIT, s] = CREDIT // k
    if audit:
        audit_out[0] += 3
        if not _conserved_nb(ctx, pos, end):
            audit_out[1] += 1
        won = 0
        put = 0
        credit = 0
        for s in range(n):
            won += seat[S_WON, s]
            put += seat[S_INVESTED, s]
            credit += seat[S_CREDIT, s]
            if seat[S_ACTIVE, s] and seat[S_FINAL, s] > best:
                audit_out[1] += 1
        if won != pot or put != pot or credit != CREDIT:
            audit_out[1] += 1
    # statistics
    gnet[:] = 0
    gwin[:] = 0
    for s in range(n):
        net = seat[S_WON, s] - seat[S_INVESTED, s]
        moment_add_nb(seat_net, s, net)
        moment_add_nb(seat_win, s, seat[S_CREDIT, s])
        gnet[groups[s]] += net
        gwin[groups[s]] += seat[S_CREDIT, s]
        drew = seat[S_DRAWN, s]
        cats[0, drew + 1, E.category_nb(seat[S_DEALT, s], ev)] += 1
        if drew >= 0:
            cats[1, drew + 1, E.category_nb(seat[S_FINAL, s], ev)] += 1
            counters[C_CARDS] += drew
            counters[C_DRAWERS] += 1
    for g in range(n_groups):
        moment_add_nb(grp_net, g, gnet[g])
        moment_add_nb(grp_win, g, gwin[g])
    moment_add_nb(pot_mom, 0, pot)
    pot_hist[min(pot // opts[O.pot_bin], N_POT_BINS - 1)] += 1
    counters[C_HANDS] += 1
    if hs[H_RESHUFFLES] > 0:
        counters[C_RESHUFFLE] += 1
    if hs[H_END] == END_SHOWDOWN:
        counters[C_SHOWDOWN] += 1
        winner_cat[E.category_nb(best, ev)] += 1
        if k > 1:
            counters[C_SPLIT] += 1
    elif hs[H_END] == END_PREDRAW:
        counters[C_ALONE_PRE] += 1
    else:
        counters[C_ALONE_POST] += 1
    # equity of seat 0's dealt hand against the next N dealt or peeked hands (no draw)
    hero = seat[S_DEALT, 0]
    row = E.category_nb(hero, ev) * N_EQ
    best = np.int64(-1)
    ties = 0
    for k in range(min(N_EQ, n - 1 + n_extra)):
        v = seat[S_DEALT, k + 1] if k + 1 < n else extra[k + 1 - n]
        if v > best:
            best = v
            ties = 0
        if v == best:
            ties += 1
        if hero > best:
            share = CREDIT
        elif hero == best:
            share = CREDIT // (ties + 1)
        else:
            share = 0
        moment_add_nb(equity, row + k, share)
    return True


run_hands_nb = bank_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE, types.boolean), cache=True)
def poker_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play hands ``start..stop-1`` on the banks' loop (unit hook :func:`unit_nb`) and add
    their statistics to ``stats`` (:data:`PokerStats`).

    ``inp.deck0``: the cards in canonical order (shuffled afresh for every hand), or with
    ``inp.fixed`` the order to deal them in (top first; then ``start..stop`` should be one
    hand: tests and worked examples play exactly the code the simulations play).

    ``seat_net``/``seat_win`` rows: per seat, its net chips / win credit per hand;
    ``grp_net``/``grp_win``: per policy group, the sum over its seats; ``pot``: the
    pot; ``pot_hist``: pots by ``opts[O.pot_bin]``-chip bins; ``cats[phase, slot, cat]``:
    dealt (phase 0, every seat) and final (phase 1, seats that drew) categories by draw
    slot; ``equity[cat * N_EQ + N - 1]``: seat 0's pot share (in credits) against N
    hands; ``winner_cat``: category of the winning hand at showdowns. ``inp.hands``,
    ``inp.seat``, ``inp.hs``, ``inp.extra`` hold the last hand played.
    """
    ndeck = inp.deck0.shape[0]
    n_groups = stats.grp_net.shape[0]
    ctx = PokerCtx(inp.deck0, inp.fixed, inp.opts, inp.ev, inp.sample, inp.bet_codes, inp.bet_params, inp.draw_codes,
                   inp.draw_params, inp.groups, inp.hands, inp.seat, inp.hs, inp.extra, inp.audit_out, inp.err, stats,
                   inp.deck0.copy(), np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(ndeck, np.uint8),
                   np.zeros(ndeck, np.int64), np.zeros(VIEW_LEN, np.int64), np.zeros(5, np.uint8),
                   np.zeros(MAX_SEATS, np.float64), np.zeros(n_groups, np.int64), np.zeros(n_groups, np.int64))
    run_hands_nb(seed, start, stop, ctx, fns, audit)
