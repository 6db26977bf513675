"""Kozel kernels: deal and play the two halves of a deal, score them, and the match
(seed 002 lines 1-6; GAMES.md G11), on the shared trick engine.

A deal: after the shuffle the top card is turned, its suit trump for both halves (002:2
«Масть этой карты — козырь на две игры»; a turned jack: its printed suit). The first
half: the turned card is the dealer's («принадлежит сдатчику»), and the next 15 cards go
one at a time from the dealer's left, four to each seat (with ``turnup_to_dealer`` off
the turned card is simply the first card dealt, to the dealer's left). The dealer leads
(002:3 «Первым ходит сдатчик»); follow suit, else trump (:data:`.scoring.FOLLOW`). After
its four tricks the half's card points are counted (the ``after_trick`` hook
:func:`after_trick_nb`, called directly in the chunk's deals, its ``cfunc`` elsewhere:
:func:`~simkit.games.point_tricks.settle_trick_nb`) and its winner found
(:func:`.scoring.half_winner_nb`); then the same dealer deals the other 16 cards the same
way, leads again, same trump (002:5). The winner of a half crosses marks off
(:func:`.scoring.cross_marks_nb`); wiping out every mark against one opponent wins the
match at once. The deal passes left (002:6).
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
from simkit.core.tricks import (MAX_SEATS, PLAY_FN, S_FOLLOW, S_LEADER, S_PLAYED, S_SEAT, S_TABLE, S_TRICKS, S_WON,
                                TT_DECK, lowest_card_nb, popcount_nb, start_deal_nb)
from simkit.games.kozel.rules import KozelRules
from simkit.games.kozel.scoring import FOLLOW, HALF_CARDS, POINTS, TABLES, cross_marks_nb, half_winner_nb
from simkit.games.point_tricks import (S_FORCED, S_POINT_END, S_POINTS, WIN_SCALE, add_win_shares_nb,
                                       settle_trick_nb, start_points_nb)

PLAYERS = 4
S_HALF = S_POINT_END            # 0 = the first half of the deck, 1 = the second

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(KozelRules)
#: the codes of ``unit`` (``UNIT.deal``: single deals)
UNIT = choices(KozelRules, "unit")


#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code (a bit of ``legal``);
#: ``state``: the shared S_* layout plus point_tricks.S_POINTS (points taken in this half), S_FORCED,
#: S_HALF above.


@njit(cache=True)
def after_trick_nb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook: the trick's card points to its winner
    (:func:`~simkit.games.point_tricks.settle_trick_nb`). The chunk's deals call it
    directly (:func:`~simkit.core.trick_play.play_tricks_inline_nb`)."""
    return settle_trick_nb(hands, state, TABLES[state[S_TABLE]], FOLLOW)


@cfunc(AFTER_SIG, cache=True)
def after_trick_cb(hands, state, opts, pst, err):
    """:func:`after_trick_nb` as the engine's ``cfunc`` hook, for :func:`one_deal_nb`."""
    return after_trick_nb(hands, state, opts, pst, err)


BETWEEN = np.bool_(True)


@njit(cache=True)
def deal_half_nb(order, half, dealer, turnup_dealer, hands):
    """Deal half ``half`` (0 or 1) of the card order ``order`` into ``hands``: cards
    ``16 half .. 16 half + 15`` one at a time from the dealer's left, four each; in the
    first half with ``turnup_dealer`` the turned ``order[0]`` is the dealer's first card
    and the next 15 go round from his left (he gets three of them)."""
    for p in range(MAX_SEATS):
        hands[p] = 0
    base = 16 * half
    seat = dealer
    first = 0
    if half == 0 and turnup_dealer:
        hands[dealer] = np.int64(1) << np.int64(order[0])
        first = 1
    for i in range(first, 16):
        seat = seat + 1 if seat + 1 < PLAYERS else 0
        hands[seat] |= np.int64(1) << np.int64(order[base + i])


@njit(cache=True, inline="always")     # once per half: inlined
def play_half_nb(engine, after_fn, ctx, fns, order, half, dealer, deal_no, audit):
    """Deal and play half ``half`` of the deal in ``order`` (see the module doc) with the
    trick engine ``engine`` and its hook ``after_fn``:
    :func:`~simkit.core.trick_play.play_tricks_inline_nb` and :func:`after_trick_nb` in the
    chunk (the loop compiled into the deal, the hook a direct call),
    :func:`~simkit.core.trick_play.play_tricks_nb` and the ``cfunc`` elsewhere. Leaves each
    seat's card points of the half in ``ctx.state[S_POINTS:]``. False on an illegal card."""
    state, hands, tables, opts, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out
    turn = np.int64(order[0])
    turnup_dealer = opts[O.turnup_to_dealer] != 0
    deal_half_nb(order, half, dealer, turnup_dealer, hands)
    if half == 0:
        start_deal_nb(state, tables, turn & 3, PLAYERS, HALF_CARDS, dealer, dealer, turn, deal_no)
        state[S_FOLLOW] = FOLLOW
    else:
        state[S_TRICKS] = 2 * HALF_CARDS
        state[S_LEADER] = dealer
        state[S_SEAT] = dealer
    state[S_HALF] = half
    start_points_nb(state, hands, np.int64(next_u64_nb(ctx.pst) >> np.uint64(2)),
                    dealer if turnup_dealer else (dealer + 1) % PLAYERS)
    half_cards = 0
    if audit:
        audit_out[0] += 1
        total = 0
        for p in range(PLAYERS):
            half_cards |= hands[p]
            total += popcount_nb(hands[p])
            if popcount_nb(hands[p]) != HALF_CARDS:
                audit_out[1] += 1
        if (popcount_nb(half_cards) != total or half_cards & ~tables[0, TT_DECK] != 0
                or half_cards & state[S_PLAYED] != 0):
            audit_out[1] += 1
    played = state[S_PLAYED]
    if not engine(fns[0], after_fn, BETWEEN, hands, state, tables, opts, ctx.seats, fns[2], ctx.pst, audit, audit_out,
                  ctx.err):
        return False
    if audit:
        audit_out[0] += 1
        want = 0
        m = half_cards
        while m:
            want += POINTS[lowest_card_nb(m)]
            m &= m - 1
        got = 0
        for p in range(PLAYERS):
            got += state[S_POINTS + p]
            if hands[p] != 0:
                audit_out[1] += 1
        if got != want or state[S_PLAYED] & ~played != half_cards:
            audit_out[1] += 1
    return True


@njit(cache=True)
def _score_match_nb(stats, marks, winner, group, gx, audit, audit_out):
    """The match's win shares (x ``WIN_SCALE``): the player who wiped out his marks against
    an opponent; a match stopped at ``max_deals``: the players whose smallest record is the
    smallest share it (``KozelRules.max_deals``)."""
    if winner >= 0:
        winners = np.int64(1) << winner
    else:
        low = 1 << 40
        winners = 0
        for p in range(PLAYERS):
            m = 1 << 40
            for o in range(PLAYERS):
                if o != p:
                    m = min(m, marks[p, o])
            if m < low:
                low = m
                winners = 0
            if m == low:
                winners |= np.int64(1) << p
    shares = add_win_shares_nb(stats.match_win, stats.group_win, winners, group, gx, PLAYERS)
    if audit:
        audit_out[0] += 1
        wiped = False
        if winner >= 0:
            for o in range(PLAYERS):
                wiped |= o != winner and marks[winner, o] == 0
        if shares != WIN_SCALE or (winner >= 0 and not wiped):
            audit_out[1] += 1


#: the statistics (``stats.<name>``; shapes in :meth:`Kozel._new_stats`): ``points_hist[seat, points]`` and
#: ``tricks_hist[seat, tricks]`` per complete deal (both halves); ``half_pts`` rows 0, 1 = the card points the
#: first / second half held (moments); ``pos_pts[position]`` = a seat's points per half by position (0 = the
#: dealer, 1 = his left, ...); ``decisive[reading, half]`` = halves with a winner under each reading;
#: ``halves[half]`` = halves played; ``seat_wins[seat]``, ``pos_wins[position]`` = halves won under the rules'
#: reading; ``group_half[group]`` moments of the halves a policy group won, per half; ``counters`` = [complete
#: deals, units, unfinished matches]; ``forced`` = forced trumps per half (moments). Matches only: ``match_win[seat]`` (win share x 12),
#: ``match_len`` rows [deals, halves, decisive halves] per match, ``group_win[group]`` (win share x 12).
KozelStats, STATS_TYPE = bundle("KozelStats", {
    "points_hist": 2, "tricks_hist": 2, "half_pts": 2, "pos_pts": 2, "decisive": 2, "halves": 1, "seat_wins": 1,
    "pos_wins": 1, "group_half": 2, "counters": 1, "forced": 2, "match_win": 2, "match_len": 2, "group_win": 2})

#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``marks[seat, opponent]``
#: (marks left), ``pts`` (a half's card points per seat), ``deal_pts`` (a deal's), ``gx`` (per policy group)
KozelCtx = context("KozelCtx", ("marks", "pts", "deal_pts", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole match (deals until someone wipes out his marks against an opponent, or
    ``max_deals``) or, with ``unit=deal``, one deal dealt by ``first_dealer``. The deals
    call the hook :func:`after_trick_nb` directly; ``fns[1]``, its ``cfunc``, is not used
    here. False on an illegal card."""
    opts, stats, state = ctx.opts, ctx.stats, ctx.state
    marks, pts, deal_pts, gx = ctx.marks, ctx.pts, ctx.deal_pts, ctx.gx
    reading = opts[O.half_winner]
    single = opts[O.unit] == UNIT.deal
    group = ctx.seats.group
    n_groups = stats.group_win.shape[0]
    points_hist, tricks_hist, decisive, halves = stats.points_hist, stats.tricks_hist, stats.decisive, stats.halves
    seat_wins, pos_wins, counters = stats.seat_wins, stats.pos_wins, stats.counters
    max_deals = 1 if single else opts[O.max_deals]
    for p in range(PLAYERS):
        for o in range(PLAYERS):
            marks[p, o] = opts[O.marks]
    winner = -1
    deals = 0
    n_halves = 0
    n_decisive = 0
    while winner < 0 and deals < max_deals:
        poll_interrupt_nb()
        dealer = opts[O.first_dealer] + (0 if single else deals)
        dealer %= PLAYERS
        deals += 1
        shuffle_top_nb(ctx.deck, 32, ctx.dst)
        for p in range(PLAYERS):
            deal_pts[p] = 0
        complete = True
        for half in range(2):
            if not play_half_nb(play_tricks_inline_nb, after_trick_nb, ctx, fns, ctx.deck, half, dealer, deals,
                                audit):
                return False
            n_halves += 1
            halves[half] += 1
            moment_add_nb(stats.forced, 0, state[S_FORCED])
            total = 0
            for p in range(PLAYERS):
                pts[p] = state[S_POINTS + p]
                deal_pts[p] += pts[p]
                total += pts[p]
                pos = p - dealer
                moment_add_nb(stats.pos_pts, pos + PLAYERS if pos < 0 else pos, pts[p])
            moment_add_nb(stats.half_pts, half, total)
            for r in range(3):
                if half_winner_nb(pts, PLAYERS, r) >= 0:
                    decisive[r, half] += 1
            w = half_winner_nb(pts, PLAYERS, reading)
            for g in range(n_groups):
                gx[g] = 0
            if w >= 0:
                n_decisive += 1
                seat_wins[w] += 1
                pos = w - dealer
                pos_wins[pos + PLAYERS if pos < 0 else pos] += 1
                gx[group[w]] = 1
            for g in range(n_groups):
                moment_add_nb(stats.group_half, g, gx[g])
            if w >= 0 and not single and cross_marks_nb(marks, w, dealer, PLAYERS):
                winner = w
                complete = half == 1
                break
        if complete:
            counters[0] += 1
            total = 0
            for p in range(PLAYERS):
                points_hist[p, deal_pts[p]] += 1
                tricks_hist[p, state[S_WON + p]] += 1
                total += state[S_WON + p]
            if audit:
                ctx.audit_out[0] += 1
                got = 0
                for p in range(PLAYERS):
                    got += deal_pts[p]
                if got != 120 or total != 2 * HALF_CARDS:
                    ctx.audit_out[1] += 1
    counters[1] += 1
    if single:
        return True
    _score_match_nb(stats, marks, winner, group, gx, audit, ctx.audit_out)
    if winner < 0:
        counters[2] += 1
    moment_add_nb(stats.match_len, 0, deals)
    moment_add_nb(stats.match_len, 1, n_halves)
    moment_add_nb(stats.match_len, 2, n_decisive)
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN), cache=True)
def kozel_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`KozelStats`) with the unit hook
    :func:`unit_nb` (``inp.opts``: the layout :data:`O`)."""
    ctx = KozelCtx(*(trick_core_nb(inp, stats) + (
        np.zeros((PLAYERS, PLAYERS), np.int64), np.zeros(PLAYERS, np.int64), np.zeros(PLAYERS, np.int64),
        np.zeros(stats.group_win.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN), types.int64, types.int64, types.int64[::1],
                    types.int64[:, ::1], types.int64[:, ::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, half_pts, dealt):
    """One deal (both halves) dealt from the fixed card order ``order`` (what the chunk
    kernel does after shuffling; for tests and users), policy randomness from the policy
    stream of unit 0 of ``seed``. Fills ``half_pts[half, seat]``, ``dealt[half, seat]``
    (the hands as dealt) and ``state`` (tricks per seat in ``S_WON``); False on an
    illegal card (``inp.err`` filled). Audited: ``inp.audit_out`` counts checks and
    violations."""
    ctx = KozelCtx(*(deal_core_nb(inp, order, seed, state) + (
        np.zeros((PLAYERS, PLAYERS), np.int64), np.zeros(PLAYERS, np.int64), np.zeros(PLAYERS, np.int64),
        np.zeros(1, np.int64))))
    for half in range(2):
        deal_half_nb(order, half, dealer, inp.opts[O.turnup_to_dealer] != 0, ctx.hands)
        for p in range(PLAYERS):
            dealt[half, p] = ctx.hands[p]
        if not play_half_nb(play_tricks_nb, fns[1], ctx, fns, order, half, dealer, 1, True):
            return False
        for p in range(PLAYERS):
            half_pts[half, p] = ctx.state[S_POINTS + p]
    return True


#: what :class:`~simkit.games.point_game.PointTrickGame` calls
chunk_nb = kozel_chunk_nb
STATS = KozelStats
