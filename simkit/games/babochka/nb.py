"""Babochka kernels: antes, deals of three cards, captures (variant а of Kontchinka) and
the pot (seed 002 lines 26-29) on the capture engine :mod:`simkit.core.capture`.

Unit = one pot: from the first ante until a player who captured with all three of his
cards takes it. Seats 0..players-1 clockwise; seat ``first_dealer`` deals the first deal.
Chips are counted in twelfths (:data:`SCALE`), so a pot split 2, 3 or 4 ways stays whole.
Per seat ``net = pot taken - antes - fees`` (the seats' nets add up to 0).

The chunk kernel :func:`babochka_chunk_nb` builds the context :data:`BabochkaCtx` (the
fishing fields of :mod:`simkit.core.capture` and the game's work arrays) and hands it with
the unit hook :func:`unit_nb` to the engine's unit loop
(:func:`~simkit.core.trick_game.unit_loop`), which starts each unit's streams and polls
for Ctrl-C; the deal (:func:`play_deal_nb`) and the policy dispatch (:func:`choose_nb`)
take the context, inlined.
"""
import numpy as np

from simkit.core.capture import (MAX_SEATS, MAX_TARGET, N_CARDS, N_ERR, N_PARAMS, ONE, P_DENY, P_S2, P_S3,  # noqa: F401
                                 P_S4, P_S5, P_SAMPLES, PLAY_FN, PLAY_SIG, POL_GREEDY, POL_HEURISTIC, POL_PLANNER,
                                 POL_RANDOM, POL_SIMULATION, POL_USER, S_DEALER, S_EXTRA, S_HAND, S_PLAYERS, S_SEEN,
                                 S_SIZE, S_STOCK, S_TABLE, S_TN, S_TOP, W_TABLE, _basic_w_nb, apply_move_nb,
                                 builtin_choice_nb, check_move_nb, chunk_signature, deal_hands_nb, deal_table_nb,
                                 fishing_context, fishing_core_nb, greedy_nb, moves_nb, no_user_play_nb,
                                 random_move_nb, rank_takes_nb, reset_deal_nb, sample_world_nb, shuffle_stock_nb,
                                 user_choice_nb)
from simkit.core.capture import state_context as state_context_of
from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit
from simkit.core.options import choices, layout
from simkit.core.rng import draw_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import bundle, unit_loop
from simkit.core.tricks import lowest_card_nb, popcount_nb
from simkit.games.babochka.rules import BabochkaRules

B_TURN = S_EXTRA + 0          # cards played in this deal
B_POT = S_EXTRA + 1           # chips in the pot
B_CAPT = S_EXTRA + 2          # MAX_SEATS: captures made in this deal per seat
B_FEE = S_EXTRA + 8           # chips per card laid on the table
B_ALL_THREE = S_EXTRA + 9     # 1: each player plays his three cards in a row
B_PAID = S_EXTRA + 10         # MAX_SEATS: fees each seat paid in this deal

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(BabochkaRules)
#: the codes of the choice options read here (``TURNS.all_three`` ...)
TURNS = choices(BabochkaRules, "turns")
BOTH_COMPLETE = choices(BabochkaRules, "both_complete")
STOCK_END = choices(BabochkaRules, "stock_end")
DEALER_PASSES = choices(BabochkaRules, "dealer_passes")

HAND_SIZE = 3
SCALE = 12
N_DEALS = 41                  # deals per pot histogram 0..40, the last open-ended
N_POT = 121                   # pot size histogram 0..120 chips, the last open-ended
C_POTS, C_DEALS, C_NEW_TABLES, C_RESHUFFLES, C_UNFINISHED, C_TRAILS, C_CAPTURES, C_SPLIT = range(8)
N_COUNTERS = 8


@njit(cache=True, inline="always")
def seat_of_turn_nb(S, t):
    """Who plays the ``t``-th card of a deal: one card a turn from the dealer's left, or
    each player's three cards in a row."""
    p = S[S_PLAYERS]
    first = S[S_DEALER] + 1
    if S[B_ALL_THREE]:
        return (first + t // HAND_SIZE) % p
    return (first + t) % p


@njit(cache=True)
def play_card_nb(S, seat, card, mask, ct):
    """Play one move, charging the fee for a card laid on the table; returns 1 when it
    was the seat's third capture of the deal."""
    apply_move_nb(S, seat, card, mask, ct)
    S[B_TURN] += 1
    if mask == 0:
        S[B_POT] += S[B_FEE]
        S[B_PAID + seat] += S[B_FEE]
        return 0
    S[B_CAPT + seat] += 1
    return 1 if S[B_CAPT + seat] == HAND_SIZE else 0


@njit(cache=True)
def playout_nb(S, ct, forced, split, me, moves, nwin, mine, work):
    """Finish the deal with the greedy choice for all, from ``nwin`` players who already
    captured with three cards (``mine``: ``me`` among them); returns ``(moves, nwin,
    mine)``."""
    p = S[S_PLAYERS]
    while S[B_TURN] < HAND_SIZE * p and (nwin == 0 or split != 0):
        seat = seat_of_turn_nb(S, S[B_TURN])
        moves, n = moves_nb(S, seat, False, True, forced, moves, work)
        k = greedy_nb(moves, n, S, ct) if n > 1 else 0
        if play_card_nb(S, seat, moves[k, 0], moves[k, 1], ct):
            nwin += 1
            mine = mine or seat == me
    return moves, nwin, mine


@njit(cache=True)
def simulation_nb(moves, n, S, seat, ct, forced, split, samples, pst, work):
    """The simulation policy: ``samples`` random deals of the cards the seat cannot see
    (:func:`~simkit.core.capture.sample_world_nb`); after each legal move the deal is
    finished greedily; the move with the best total chips: the seat's share of the pot
    if it takes it, less the fees it pays from this move on. Ties: the first listed."""
    W = np.empty(S_SIZE, np.int64)
    X = np.empty(S_SIZE, np.int64)
    pool = np.empty(N_CARDS, np.int64)
    mv = np.empty((64, 2), np.int64)
    total = np.zeros(n, np.int64)
    for _ in range(samples):
        sample_world_nb(S, seat, W, pst, pool)
        for k in range(n):
            for i in range(S_SIZE):
                X[i] = W[i]
            done = play_card_nb(X, seat, moves[k, 0], moves[k, 1], ct)
            mv, nwin, mine = playout_nb(X, ct, forced, split, seat, mv, done, done == 1, work)
            value = X[B_POT] * SCALE // nwin if mine else 0
            total[k] += value - (X[B_PAID + seat] - W[B_PAID + seat]) * SCALE
    best = 0
    for k in range(1, n):
        if total[k] > total[best]:
            best = k
    return best


@njit(cache=True)
def disjoint_pair_nb(pair, tn, W, rows):
    """Whether the two cards of bitmask ``pair`` have captures on the table
    ``W[W_TABLE:W_TABLE + tn]`` that share no table card (each may capture in turn);
    ``rows``: scratch for the captures listed (more than it holds count as yes)."""
    a = lowest_card_nb(pair)
    na = _basic_w_nb(ONE << a, tn, W, rows, 0, rows.shape[0])
    n = _basic_w_nb(pair & ~(ONE << a), tn, W, rows, na, rows.shape[0])
    if n > rows.shape[0]:
        return True
    for i in range(na):
        for j in range(na, n):
            if rows[i, 1] & rows[j, 1] == 0:
                return True
    return False


#: the planner's parameter slots (``deny`` shares the heuristic's)
P_FEE, P_WAIT, P_HOPE = P_S2, P_S3, P_S4


@njit(cache=True)
def planner_nb(moves, n, S, seat, ct, opts, p, W):
    """The planner: aims at three captures of its own and keeps the others from theirs.
    For each move, on the table it leaves (:func:`~simkit.core.capture.rank_takes_nb`:
    the captures a card of each rank would have there):

    ``key = (1 - 1/players) x P(me) - deny / players x sum over the others of P(other)
    - fee x (the fee now + the fees expected later) x trail_fee / pot``

    * ``P(me)``: 0 once the seat has laid a card down in the deal (or does now); else the
      product over its cards left of 1 for a card with a capture on the table left and
      ``hope`` for one without; two cards left whose captures all share a table card
      (:func:`disjoint_pair_nb`) count ``wait`` more (one of them waits for a new card);
    * ``P(other)``, for each other seat that has captured with every card so far: ``f^h``,
      ``h`` his cards left and ``f`` the share of the cards the seat has not seen that
      would capture on the table left;
    * the fees: this move's if it lays a card down, plus ``1 - chance`` for each card left
      (``1 - wait`` more for two cards sharing their captures);
    * a capture with the seat's third card takes the pot: it is chosen at once.

    The weights follow from what each outcome is worth: the pot to the seat that
    completes, about ``1/players`` of it to each when nobody does (the pot stays for the
    next deal). Parameters ``p``: slots ``P_DENY``, ``P_FEE``, ``P_HOPE``, ``P_WAIT``.
    Ties: the first move listed."""
    wait = p[P_WAIT]
    deny = p[P_DENY]
    fee = p[P_FEE]
    hope = p[P_HOPE]
    players = S[S_PLAYERS]
    hand = S[S_HAND + seat]
    left = popcount_nb(hand)
    alive = S[B_CAPT + seat] == HAND_SIZE - left
    tn = S[S_TN]
    cval = np.ones(N_CARDS)
    best = np.empty(MAX_TARGET + 1)
    take = np.empty(13)
    nopt = np.empty(13, np.int64)
    cnt = np.zeros(13, np.int64)
    unseen = ((ONE << N_CARDS) - 1) & ~hand & ~S[S_SEEN]
    for i in range(tn):
        unseen &= ~(ONE << S[S_TABLE + i])
    total = popcount_nb(unseen)
    for r in range(13):
        cnt[r] = popcount_nb((unseen >> (4 * r)) & 15)
    pot = max(S[B_POT], 1)
    rows = np.empty((64, 2), np.int64)
    best_k = 0
    bkey = -1e18
    for k in range(n):
        card = moves[k, 0]
        mask = moves[k, 1]
        if mask != 0 and alive and left == 1:
            return k                                  # the third capture takes the pot
        w = 0
        for i in range(tn):
            if not mask >> i & 1:
                W[W_TABLE + w] = S[S_TABLE + i]
                w += 1
        if mask == 0:
            W[W_TABLE + w] = card
            w += 1
        rank_takes_nb(w, W, cval, best, take, nopt)
        rest = hand & ~(ONE << card)
        mine = 1.0 if alive and mask != 0 else 0.0
        trails = 0.0 if mask != 0 else 1.0
        both = popcount_nb(rest) == 2
        while rest:
            c = lowest_card_nb(rest)
            rest &= rest - 1
            ch = 1.0 if nopt[c >> 2] > 0 else hope
            mine *= ch
            trails += 1.0 - ch
            both = both and nopt[c >> 2] > 0
        if both and not disjoint_pair_nb(hand & ~(ONE << card), w, W, rows):
            mine *= wait                              # one capture leaves the other card nothing: it waits
            trails += 1.0 - wait
        f = 0.0
        if total > 0:
            for r in range(13):
                if nopt[r] > 0:
                    f += cnt[r]
            f /= total
        theirs = 0.0
        for i in range(1, players):
            o = (seat + i) % players
            h = popcount_nb(S[S_HAND + o])
            if h > 0 and S[B_CAPT + o] == HAND_SIZE - h:
                theirs += f ** h
        key = (1.0 - 1.0 / players) * mine - deny / players * theirs - fee * trails * S[B_FEE] / pot
        if key > bkey + 1e-12:
            bkey = key
            best_k = k
    return best_k


@njit(cache=True, inline="always")
def choose_nb(ctx, fns, seat, moves, n):
    """The move (an index of ``moves[:n]``) seat ``seat``'s play policy picks (inlined: a
    call passing the context costs more than a built-in choice)."""
    code = ctx.codes[seat]
    if n == 1:
        return 0
    S, ct, opts, pst, work = ctx.state, ctx.ct, ctx.opts, ctx.pst, ctx.work
    p = ctx.params[seat]
    if code == POL_SIMULATION:
        return simulation_nb(moves, n, S, seat, ct, opts[O.forced_capture],
                             opts[O.both_complete] == BOTH_COMPLETE.split, np.int64(p[P_SAMPLES]), pst, work)
    if code == POL_PLANNER:
        return planner_nb(moves, n, S, seat, ct, opts, p, work)
    if code == POL_USER:
        return user_choice_nb(fns[0], p, moves, n, S, seat)
    return builtin_choice_nb(code, p, moves, n, S, seat, ct, pst, work)


#: statistics of a chunk (:func:`~simkit.core.trick_game.bundle`; the report reads them by name)
BabochkaStats, STATS_TYPE = bundle("BabochkaStats", {
    "net": 2, "group_mom": 2, "deals": 2, "deals_hist": 1, "pot": 2, "pot_hist": 1, "wins": 1, "counters": 1})

#: the kernel context (:func:`~simkit.core.capture.fishing_context`): the fishing fields and per seat
#: the chips paid into the pot (``paid``) and who took it (``winners``), per policy group (``gsum``), the
#: move list (``moves``, 64 rows, grown by a unit that needs more)
BabochkaCtx = fishing_context("BabochkaCtx", ("paid", "winners", "gsum", "moves"))


def state_context(inp, state, pst):
    """A :data:`BabochkaCtx` around the hand-built state ``state`` (tests, notebooks:
    :func:`~simkit.core.capture.state_context`), with the policy stream ``pst``."""
    return state_context_of(BabochkaCtx, inp, state, pst, np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64),
                            np.zeros(MAX_SEATS, np.int64), np.empty((64, 2), np.int64))


@njit(cache=True, inline="always")
def play_deal_nb(ctx, fns, moves, audit):
    """Play one dealt deal (the state ``ctx.state``); ``ctx.winners[seat]`` = 1 for who
    took the pot. Returns ``(moves, number of winners)`` (``moves`` grown if a seat had
    more moves than its rows), -1 on an illegal policy move (``ctx.err`` filled)."""
    S, ct, opts, codes, pst, work, winners = ctx.state, ctx.ct, ctx.opts, ctx.codes, ctx.pst, ctx.work, ctx.winners
    p = S[S_PLAYERS]
    forced = opts[O.forced_capture]
    nw = 0
    for s in range(MAX_SEATS):
        winners[s] = 0
    while S[B_TURN] < HAND_SIZE * p:
        seat = seat_of_turn_nb(S, S[B_TURN])
        moves, n = moves_nb(S, seat, False, True, forced, moves, work)
        k = random_move_nb(n, pst) if codes[seat] == POL_RANDOM and n > 1 else choose_nb(ctx, fns, seat, moves, n)
        if (audit or k < 0 or k >= n) and not check_move_nb(ctx, seat, moves, k, n, False, True, forced, audit):
            return moves, -1
        card = moves[k, 0]
        mask = moves[k, 1]
        if play_card_nb(S, seat, card, mask, ct):
            winners[seat] = 1
            nw += 1
            if opts[O.both_complete] != BOTH_COMPLETE.split:
                break
    return moves, nw


@njit(cache=True)
def _gather_nb(S, deck, state):
    """Reshuffle every card not on the table into the stock (``keep_table``)."""
    n = 0
    on_table = np.int64(0)
    for i in range(S[S_TN]):
        on_table |= ONE << S[S_TABLE + i]
    for c in range(N_CARDS):
        if not (on_table >> c) & 1:
            deck[n] = c
            n += 1
    sub = deck[:n]
    for i in range(n - 1):
        draw_nb(sub, i, state)
    S[S_TOP] = N_CARDS - n
    for i in range(n):
        S[S_STOCK + S[S_TOP] + i] = sub[i]
    S[S_SEEN] = 0
    for s in range(MAX_SEATS):
        S[S_HAND + s] = 0


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One pot (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`; see the
    module doc), its statistics into ``ctx.stats``. False on an illegal policy move
    (``ctx.err`` filled, ``err[7]`` = the deal)."""
    S, opts, stats, counters = ctx.state, ctx.opts, ctx.stats, ctx.stats.counters
    paid, winners, gsum, groups = ctx.paid, ctx.winners, ctx.gsum, ctx.groups
    group_mom = stats.group_mom
    p = opts[O.players]
    table_n = 7 if p == 3 else 4
    moves = ctx.moves
    for s in range(MAX_SEATS):
        paid[s] = 0
    dealer = opts[O.first_dealer]
    deals = 0
    pot = 0
    nw = 0
    while True:
        poll_interrupt_nb()
        deals += 1
        for s in range(p):
            paid[s] += opts[O.ante]
        pot += opts[O.ante] * p
        if deals == 1 or (N_CARDS - S[S_TOP] < HAND_SIZE * p and opts[O.stock_end] != STOCK_END.keep_table):
            if deals > 1:
                counters[C_RESHUFFLES] += 1
            counters[C_NEW_TABLES] += 1
            reset_deal_nb(S, p, dealer)
            shuffle_stock_nb(S, ctx.deck, ctx.dst)
            deal_table_nb(S, table_n)
        elif N_CARDS - S[S_TOP] < HAND_SIZE * p:
            counters[C_RESHUFFLES] += 1
            _gather_nb(S, ctx.deck, ctx.dst)
        S[S_DEALER] = dealer
        deal_hands_nb(S, HAND_SIZE)
        S[B_TURN] = 0
        S[B_POT] = pot
        S[B_FEE] = opts[O.trail_fee]
        S[B_ALL_THREE] = opts[O.turns] == TURNS.all_three
        for s in range(MAX_SEATS):
            S[B_CAPT + s] = 0
        moves, nw = play_deal_nb(ctx, fns, moves, audit)
        if nw < 0:
            ctx.err[7] = deals
            return False
        pot = S[B_POT]
        for q in range(p):
            counters[C_CAPTURES] += S[B_CAPT + q]
            counters[C_TRAILS] -= S[B_CAPT + q]
            paid[q] += S[B_PAID + q]
            S[B_PAID + q] = 0
        counters[C_TRAILS] += S[B_TURN]
        counters[C_DEALS] += 1
        if nw > 0 or deals >= opts[O.max_deals]:
            break
        if opts[O.dealer_passes] == DEALER_PASSES.every_deal:
            dealer = (dealer + 1) % p
    counters[C_POTS] += 1
    if nw > 1:
        counters[C_SPLIT] += 1
    if nw == 0:
        counters[C_UNFINISHED] += 1
    total = 0
    for s in range(p):
        x = -paid[s] * SCALE
        if nw == 0:
            x = 0
        elif winners[s]:
            x += pot * SCALE // nw
        total += x
        moment_add_nb(stats.net, s, x)
    if audit:
        ctx.audit_out[0] += 1
        if total != 0:
            ctx.audit_out[1] += 1
    for g in range(group_mom.shape[0]):
        gsum[g] = 0
    for s in range(p):
        gsum[groups[s]] += (pot * SCALE // nw if winners[s] and nw else 0) - (paid[s] * SCALE if nw else 0)
    for g in range(group_mom.shape[0]):
        moment_add_nb(group_mom, g, gsum[g])
    for s in range(p):
        if winners[s]:
            stats.wins[s] += 1
    moment_add_nb(stats.deals, 0, deals)
    stats.deals_hist[min(deals, N_DEALS - 1)] += 1
    moment_add_nb(stats.pot, 0, pot)
    stats.pot_hist[min(pot, N_POT - 1)] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE), cache=True)
def babochka_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play pots ``start..stop-1`` into ``stats`` (:data:`BabochkaStats`) with the unit hook
    :func:`unit_nb` (``inp.opts``: the layout :data:`O`)."""
    ctx = BabochkaCtx(*(fishing_core_nb(inp, stats) + (np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64),
                                                       np.zeros(MAX_SEATS, np.int64), np.empty((64, 2), np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)
