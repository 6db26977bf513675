"""Kontchinka kernels: deal, capture, score deals and play games to 15 (seed 000 lines
147-185, 002 lines 65-77) on the capture engine :mod:`simkit.core.capture`.

Seats 0..players-1 clockwise; a *scorer* is a seat, or with partnerships a side (seats 0
and 2 = side 0, 1 and 3 = side 1). Cards come from the unit's deal stream, policy
randomness (random play, the simulation policy's sampled hands) from its policy stream.

Scoring of one deal (000:167-173, 002:67), :func:`deal_points_nb`: most cards 2 (a tie:
nobody, or 1 to each tied scorer in variant а), most point-suit cards 1 (a tie: nobody),
1 per kontchinka taken. The game ends the moment a scorer's total with the points he has
*secured* in the deal reaches the target (:func:`secured_nb`), else after the deal's
scoring; several scorers reaching it at the end of a deal: the highest total wins, equal
totals share the win.

The chunk kernel :func:`kontchinka_chunk_nb` builds the context :data:`KontchinkaCtx` (the
fishing fields of :mod:`simkit.core.capture` and the game's work arrays) and hands it with
the unit hook :func:`unit_nb` to the engine's unit loop
(:func:`~simkit.core.trick_game.unit_loop`), which starts each unit's streams and polls
for Ctrl-C; the deal (:func:`play_deal_nb`) and the policy dispatch (:func:`choose_nb`)
take the context, inlined.
"""
import numpy as np
from numba import types

from simkit.core.capture import (CT_KONT, CT_POINT, CT_SWEEP, FNS_TYPE, INPUTS_TYPE, MAX_SEATS,  # noqa: F401
                                 MAX_TARGET, N_CARDS, N_ERR, N_PARAMS, ONE, P_DENY, P_KEEP, P_S2, P_S3, P_S4, P_S5,
                                 P_SAMPLES, PLAY_FN, PLAY_SIG, POL_GREEDY, POL_HEURISTIC, POL_PLANNER, POL_RANDOM,
                                 POL_SIMULATION, POL_USER, S_BURIED, S_CAPTURED_LAST, S_CARDS, S_DEALER, S_HAND,
                                 S_KONT, S_LAST, S_PLAYERS, S_POINTS, S_SEAT, S_SEEN, S_SIZE, S_STOCK, S_SWEEPS,
                                 S_TABLE, S_TN, S_TOP, SWEEP_NONE, W_TABLE, apply_move_nb, builtin_choice_nb,
                                 card_worth_nb, check_move_nb, chunk_signature, clean_table_nb, deal_core_nb,
                                 deal_hands_nb, deal_table_nb, expected_best_nb, fishing_context, fishing_core_nb,
                                 greedy_nb, moves_nb, no_user_play_nb, random_move_nb, rank_takes_nb, reset_deal_nb,
                                 sample_world_nb, shuffle_stock_nb, take_rest_nb, user_choice_nb)
from simkit.core.capture import state_context as state_context_of
from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit
from simkit.core.options import choices, layout
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import bundle, unit_loop
from simkit.core.tricks import lowest_card_nb, popcount_nb
from simkit.games.kontchinka.rules import KontchinkaRules

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it, then what the game
#: derives from several options (:class:`~.rules.KontchinkaRules`' properties, filled by the game after ``pack``):
#: ``tie_each`` (most cards tied: 1 to each tied scorer), ``cleans`` (the dealer cleans the first table)
O = layout(KontchinkaRules, extra=("tie_each", "cleans"))
#: the codes of the choice options read here (``CAPTURES.several`` ...)
CAPTURES = choices(KontchinkaRules, "captures")
GAME_END = choices(KontchinkaRules, "game_end")
UNIT = choices(KontchinkaRules, "unit")
SETTLEMENT = choices(KontchinkaRules, "settlement")


HAND_SIZE = 4
TABLE_SIZE = 4
N_CAT = 5                    # cards points, point-suit points, kontchinka points, total, sweeps (a count)
#: rows of ``deal_pts``: N_CAT per scorer, then the points awarded per deal, then the dealer's edge x (m - 1)
DP_AWARDED = MAX_SEATS * N_CAT
DP_DEALER = MAX_SEATS * N_CAT + 1
N_DEAL_ROWS = MAX_SEATS * N_CAT + 2
N_HIST = 8                   # points per deal histogram 0..7
N_LEN = 41                   # deals per game histogram 0..40, the last open-ended
WIN_SCALE = 60               # a win counts 60, shared wins 60/k (k <= 6)

C_DEALS, C_GAMES, C_FIRST_TABLES, C_CLEANED, C_REPLACED, C_MID_END, C_UNFINISHED, C_SHARED, C_REST = range(9)
N_COUNTERS = 9

@njit(cache=True, inline="always")
def scorer_nb(seat, opts):
    return seat & 1 if opts[O.partnership] else seat


@njit(cache=True, inline="always")
def n_scorers_nb(opts):
    return 2 if opts[O.partnership] else opts[O.players]


@njit(cache=True)
def _pooled_nb(S, opts, out):
    """``out[scorer] = [cards, point-suit cards, kontchinki, sweeps]`` captured."""
    for s in range(MAX_SEATS):
        for k in range(4):
            out[s, k] = 0
    for seat in range(opts[O.players]):
        s = scorer_nb(seat, opts)
        out[s, 0] += S[S_CARDS + seat]
        out[s, 1] += S[S_POINTS + seat]
        out[s, 2] += S[S_KONT + seat]
        out[s, 3] += S[S_SWEEPS + seat]


@njit(cache=True)
def deal_points_nb(S, opts, pooled, pts):
    """Points of a finished deal: ``pts[scorer] = [cards, point suit, kontchinki, total]``
    (000:167-173 «Игрок, имеющий карт больше, чем у партнеров, записывает себе 2 очка»,
    «у которого треф больше ... 1 очко», a kontchinka 1; 002:67 ties: 1 to each)."""
    m = n_scorers_nb(opts)
    _pooled_nb(S, opts, pooled)
    for k in range(2):
        best = -1
        nbest = 0
        for s in range(m):
            v = pooled[s, k]
            if v > best:
                best = v
                nbest = 1
            elif v == best:
                nbest += 1
        for s in range(m):
            got = 0
            if pooled[s, k] == best:
                if nbest == 1:
                    got = 2 if k == 0 else 1
                elif k == 0 and opts[O.tie_each]:
                    got = 1
            pts[s, k] = got
    for s in range(m):
        pts[s, 2] = pooled[s, 2]
        pts[s, 3] = pts[s, 0] + pts[s, 1] + pts[s, 2]


@njit(cache=True)
def secured_nb(S, scorer, opts, pooled):
    """Points ``scorer`` has made sure of in the deal so far: his kontchinki, plus 1 for
    the point suit and 2 for the cards once nobody else can reach his count any more
    (``secured``), or, with ``triggers_000_only``, 1 from his seventh point-suit card."""
    _pooled_nb(S, opts, pooled)
    m = n_scorers_nb(opts)
    pts = pooled[scorer, 2]
    if opts[O.game_end] != GAME_END.secured:
        return pts + (1 if pooled[scorer, 1] >= 7 else 0)
    left_cards = N_CARDS
    left_pts = 13
    for s in range(m):
        left_cards -= pooled[s, 0]
        left_pts -= pooled[s, 1]
    c_ok = True
    p_ok = True
    for s in range(m):
        if s != scorer:
            if pooled[s, 0] + left_cards >= pooled[scorer, 0]:
                c_ok = False
            if pooled[s, 1] + left_pts >= pooled[scorer, 1]:
                p_ok = False
    return pts + (2 if c_ok else 0) + (1 if p_ok else 0)


@njit(cache=True)
def next_seat_nb(S):
    """The seat to play next, dealing a new round when every hand is empty (000:155 «тот
    же сдатчик ... снова дает каждому по четыре карты и игра продолжается в том же
    порядке»); -1 when the deal is over."""
    p = S[S_PLAYERS]
    empty = True
    for s in range(p):
        if S[S_HAND + s]:
            empty = False
    if empty:
        if S[S_TOP] >= N_CARDS:
            return -1
        deal_hands_nb(S, HAND_SIZE)
        S[S_SEAT] = (S[S_DEALER] + 1) % p
    seat = S[S_SEAT]
    while S[S_HAND + seat] == 0:
        seat = (seat + 1) % p
    return seat


@njit(cache=True, inline="always")
def may_capture_nb(S, seat, opts):
    """Literal reading of «Более одной взятки подряд брать нельзя»: not after a capture."""
    return not (opts[O.captures] == CAPTURES.not_twice_running and (S[S_CAPTURED_LAST] >> seat) & 1)


@njit(cache=True)
def playout_nb(S, ct, opts, moves, work):
    """Play the rest of the deal with the greedy choice for every seat; take the rest."""
    multi = opts[O.captures] == CAPTURES.several
    while True:
        seat = next_seat_nb(S)
        if seat < 0:
            break
        moves, n = moves_nb(S, seat, multi, may_capture_nb(S, seat, opts), opts[O.forced_capture], moves, work)
        k = greedy_nb(moves, n, S, ct) if n > 1 else 0
        apply_move_nb(S, seat, moves[k, 0], moves[k, 1], ct)
        S[S_SEAT] = (seat + 1) % S[S_PLAYERS]
    take_rest_nb(S, ct)
    return moves


@njit(cache=True)
def simulation_nb(moves, n, S, seat, ct, opts, samples, pst, work):
    """The simulation policy: ``samples`` times, deal the cards the seat cannot see at
    random (:func:`sample_world_nb`), and for each legal move play the deal out with the
    greedy choice for all (:func:`playout_nb`); the move with the best total of (own
    points minus the best other scorer's points in the deal, plus 1/100 of the cards
    difference). Every move meets the same sampled deals. Ties: the first listed."""
    m = n_scorers_nb(opts)
    me = scorer_nb(seat, opts)
    W = np.empty(S_SIZE, np.int64)
    X = np.empty(S_SIZE, np.int64)
    pool = np.empty(N_CARDS, np.int64)
    pooled = np.zeros((MAX_SEATS, 4), np.int64)
    pts = np.zeros((MAX_SEATS, 4), np.int64)
    mv = np.empty((64, 2), np.int64)
    total = np.zeros(n)
    for _ in range(samples):
        sample_world_nb(S, seat, W, pst, pool)
        for k in range(n):
            for i in range(S_SIZE):
                X[i] = W[i]
            apply_move_nb(X, seat, moves[k, 0], moves[k, 1], ct)
            X[S_SEAT] = (seat + 1) % X[S_PLAYERS]
            mv = playout_nb(X, ct, opts, mv, work)
            deal_points_nb(X, opts, pooled, pts)
            other = -1.0e9
            for s in range(m):
                if s != me:
                    v = pts[s, 3] + 0.01 * pooled[s, 0]
                    if v > other:
                        other = v
            total[k] += pts[me, 3] + 0.01 * pooled[me, 0] - other
    best = 0
    for k in range(1, n):
        if total[k] > total[best] + 1e-9:
            best = k
    return best


@njit(cache=True)
def settled_nb(pooled, k, m, total):
    """Whether the majority of category ``k`` (cards: 52, point suit: 13) is settled:
    some scorer holds more than any other could still reach."""
    left = total
    for s in range(m):
        left -= pooled[s, k]
    for s in range(m):
        ahead = True
        for o in range(m):
            if o != s and pooled[o, k] + left >= pooled[s, k]:
                ahead = False
        if ahead:
            return True
    return False


#: the planner's parameter slots
P_JACK, P_CLUB, P_KONT, P_OWN = P_S2, P_S3, P_S4, P_S5
SETTLED_CARD = 0.05          # a card's worth to the planner once the cards' majority is settled


@njit(cache=True)
def planner_nb(moves, n, S, seat, ct, opts, p, W):
    """The planner: each move is worth what it takes, less what the next player can
    expect to take from the table it leaves, plus what the seat's own remaining cards
    could take from it next turn:

    ``key = taken - deny x E[opponent's best take] + own x (own best next take)``

    * card worths: a card 1 while the cards' majority is open (else 0.05), a point-suit
      card ``club`` more while the point suit's majority is open, a kontchinka ``kont``
      more (:func:`settled_nb`);
    * taken: the worth of the captured cards and the capturing card; a trail costs ``keep``
      x the card's worth to keep (:func:`~simkit.core.capture.card_worth_nb`); playing a
      sweeping jack costs ``jack`` more;
    * each rank's best take from the table left (:func:`~simkit.core.capture.rank_takes_nb`);
      the next player's expected best over his hand (its size, drawn from the cards the
      seat has not seen: :func:`~simkit.core.capture.expected_best_nb`; nothing when he may
      not capture twice running);
    * the deal's last card: the table left goes to the last capturer, counted in full.

    Parameters ``p``: slots ``P_KEEP``, ``P_DENY``, ``P_JACK``, ``P_CLUB``, ``P_KONT``,
    ``P_OWN``. Ties: the first move listed."""
    keep = p[P_KEEP]
    deny = p[P_DENY]
    jack = p[P_JACK]
    club = p[P_CLUB]
    kont = p[P_KONT]
    own = p[P_OWN]
    players = S[S_PLAYERS]
    m = n_scorers_nb(opts)
    me = scorer_nb(seat, opts)
    pooled = np.zeros((MAX_SEATS, 4), np.int64)
    _pooled_nb(S, opts, pooled)
    cw = SETTLED_CARD if settled_nb(pooled, 0, m, N_CARDS) else 1.0
    pw = 0.0 if settled_nb(pooled, 1, m, 13) else club
    cval = np.empty(N_CARDS)
    for c in range(N_CARDS):
        cval[c] = cw + pw * ct[CT_POINT + c] + kont * ct[CT_KONT + c]
    best = np.empty(MAX_TARGET + 1)
    take = np.empty(13)
    nopt = np.empty(13, np.int64)
    cnt = np.zeros(13, np.int64)
    order = np.empty(13, np.int64)
    vals = np.empty(13)
    tn = S[S_TN]
    hand = S[S_HAND + seat]
    # the next player to act and his hand (a new round of HAND_SIZE if every hand is empty)
    others = 0
    nxt = -1
    for i in range(1, players):
        s = (seat + i) % players
        if S[S_HAND + s] and nxt < 0:
            nxt = s
        others += popcount_nb(S[S_HAND + s])
    unseen = ((ONE << N_CARDS) - 1) & ~hand & ~S[S_SEEN]
    for i in range(tn):
        unseen &= ~(ONE << S[S_TABLE + i])
    h = 0
    if nxt >= 0:
        h = popcount_nb(S[S_HAND + nxt])
        unseen &= ~S[S_BURIED]
    elif S[S_TOP] < N_CARDS:
        nxt = (seat + 1) % players
        h = HAND_SIZE
    for r in range(13):
        cnt[r] = popcount_nb((unseen >> (4 * r)) & 15)
    no_twice = opts[O.captures] == CAPTURES.not_twice_running
    if nxt >= 0 and no_twice and (S[S_CAPTURED_LAST] >> nxt) & 1 and S[S_HAND + nxt]:
        h = 0
    last_card = others == 0 and S[S_TOP] >= N_CARDS and popcount_nb(hand) == 1
    best_k = 0
    bkey = -1e18
    for k in range(n):
        card = moves[k, 0]
        mask = moves[k, 1]
        w = 0
        gain = 0.0
        for i in range(tn):
            t = S[S_TABLE + i]
            if mask >> i & 1:
                gain += cval[t]
            else:
                W[W_TABLE + w] = t
                w += 1
        if mask == 0:
            W[W_TABLE + w] = card
            w += 1
            gain = -keep * card_worth_nb(card, ct)
        else:
            gain += cval[card]
        if ct[CT_SWEEP + card] != SWEEP_NONE:
            gain -= jack
        if last_card:
            # the deal's last card: the table left goes to the last capturer
            pile = 0.0
            for i in range(w):
                pile += cval[W[W_TABLE + i]]
            last = seat if mask != 0 else S[S_LAST]
            if last >= 0:
                gain += pile if scorer_nb(last, opts) == me else -pile
            key = gain
        else:
            rank_takes_nb(w, W, cval, best, take, nopt)
            for r in range(13):
                vals[r] = take[r] + cw if take[r] >= 0.0 else 0.0
            opp = expected_best_nb(vals, cnt, h, order)
            mine = 0.0
            if not (no_twice and mask != 0):
                left = hand & ~(ONE << card)
                while left:
                    c = lowest_card_nb(left)
                    left &= left - 1
                    if take[c >> 2] >= 0.0:
                        mine = max(mine, take[c >> 2] + cval[c])
            key = gain - deny * opp + own * mine
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
        return simulation_nb(moves, n, S, seat, ct, opts, np.int64(p[P_SAMPLES]), pst, work)
    if code == POL_PLANNER:
        return planner_nb(moves, n, S, seat, ct, opts, p, work)
    if code == POL_USER:
        return user_choice_nb(fns[0], p, moves, n, S, seat)
    return builtin_choice_nb(code, p, moves, n, S, seat, ct, pst, work)


#: statistics of a chunk (:func:`~simkit.core.trick_game.bundle`; the report reads them by name)
KontchinkaStats, STATS_TYPE = bundle("KontchinkaStats", {
    "deal_pts": 2, "pts_hist": 2, "game_win": 2, "game_score": 2, "game_len": 2, "len_hist": 1, "payoff": 2,
    "group_mom": 2, "counters": 1})

#: the kernel context (:func:`~simkit.core.capture.fishing_context`): the fishing fields and the
#: scorers' totals before the deal (``scores``), what :func:`deal_points_nb` and :func:`secured_nb` fill
#: (``pooled``, ``pts``), per scorer who shares the win (``share``), per policy group (``gsum``), the
#: move list (``moves``, 64 rows, grown by a unit that needs more)
KontchinkaCtx = fishing_context("KontchinkaCtx", ("scores", "pooled", "pts", "share", "gsum", "moves"))


def state_context(inp, state, pst):
    """A :data:`KontchinkaCtx` around the hand-built state ``state`` (tests, notebooks:
    :func:`~simkit.core.capture.state_context`), with the policy stream ``pst``."""
    return state_context_of(KontchinkaCtx, inp, state, pst, np.zeros(MAX_SEATS, np.int64),
                            np.zeros((MAX_SEATS, 4), np.int64), np.zeros((MAX_SEATS, 4), np.int64),
                            np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.empty((64, 2), np.int64))


@njit(cache=True, inline="always")
def play_deal_nb(ctx, fns, moves, audit):
    """Play one dealt deal from its first move (the state ``ctx.state`` already dealt and
    cleaned). ``ctx.scores`` are the scorers' totals before the deal. Returns ``(moves,
    ender, rest)``: ``moves`` (grown if a seat had more moves than its rows), the scorer
    who ended the game mid-deal (after each capture: the capturer if his secured total
    reaches the target, else the first other scorer whose does), or -1; the cards the last
    capturer took at the end. Writes ``ctx.err`` and returns ender -2 on an illegal policy
    move."""
    S, ct, opts, codes, pst, work, scores, pooled = (ctx.state, ctx.ct, ctx.opts, ctx.codes, ctx.pst, ctx.work,
                                                     ctx.scores, ctx.pooled)
    multi = opts[O.captures] == CAPTURES.several
    forced = opts[O.forced_capture]
    while True:
        seat = next_seat_nb(S)
        if seat < 0:
            break
        may = may_capture_nb(S, seat, opts)
        moves, n = moves_nb(S, seat, multi, may, forced, moves, work)
        # random play: no policy call (each call passing arrays costs reference counting)
        k = random_move_nb(n, pst) if codes[seat] == POL_RANDOM and n > 1 else choose_nb(ctx, fns, seat, moves, n)
        if (audit or k < 0 or k >= n) and not check_move_nb(ctx, seat, moves, k, n, multi, may, forced, audit):
            return moves, -2, 0
        card = moves[k, 0]
        mask = moves[k, 1]
        apply_move_nb(S, seat, card, mask, ct)
        S[S_SEAT] = (seat + 1) % S[S_PLAYERS]
        if mask != 0 and opts[O.target] > 0:
            # the capturer first, then every other scorer in turn: with 3 or more scorers one
            # player's capture can clinch a third one's majority of cards or of the point suit
            # (fewer cards left for the others to reach it), which ends the game at once too
            sc = scorer_nb(seat, opts)
            m = n_scorers_nb(opts)
            for i in range(m):
                o = (sc + i) % m
                if scores[o] + secured_nb(S, o, opts, pooled) >= opts[O.target]:
                    return moves, o, 0
    return moves, -1, take_rest_nb(S, ct)


@njit(cache=True, inline="always")
def start_deal_nb(ctx, dealer, scripted):
    """Shuffle the deck ``ctx.deck`` into the stock from the deal stream (or, ``scripted``,
    take the stock in the order ``ctx.deck`` holds), deal 4 cards each and 4 to the table,
    clean the table when the rules ask (``cleans``); returns the number of replacements
    the clean-up made (-1: it found the table clean)."""
    S, opts = ctx.state, ctx.opts
    reset_deal_nb(S, opts[O.players], dealer)
    if scripted:
        for i in range(N_CARDS):
            S[S_STOCK + i] = ctx.deck[i]
    else:
        shuffle_stock_nb(S, ctx.deck, ctx.dst)
    deal_hands_nb(S, HAND_SIZE)
    deal_table_nb(S, TABLE_SIZE)
    if opts[O.cleans]:
        return clean_table_nb(S)
    return 0


@njit(cache=True)
def _audit_deal_nb(S, opts, pts, pooled, audit_out):
    """Scoring invariants of a finished deal: every card captured once, the point suit's
    13 cards and both kontchinki accounted for, at most 2 (or one per tied scorer) for
    the cards, 1 for the point suit, 2 for kontchinki."""
    m = n_scorers_nb(opts)
    cards = 0
    psuit = 0
    kont = 0
    cp = 0
    pp = 0
    kp = 0
    for s in range(m):
        cards += pooled[s, 0]
        psuit += pooled[s, 1]
        kont += pooled[s, 2]
        cp += pts[s, 0]
        pp += pts[s, 1]
        kp += pts[s, 2]
        if pts[s, 3] != pts[s, 0] + pts[s, 1] + pts[s, 2]:
            audit_out[1] += 1
    audit_out[0] += 1
    full = S[S_LAST] >= 0
    if full and (cards != N_CARDS or psuit != 13 or kont != 2):
        audit_out[1] += 1
    if cp > (m if opts[O.tie_each] else 2) or pp > 1 or kp != kont or kp > 2:
        audit_out[1] += 1


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game to the target, or a single deal (``unit`` ``deal``). Statistics per scorer
    (see the module doc) into ``ctx.stats``. False on an illegal policy move (``ctx.err``
    filled, ``err[7]`` = the deal)."""
    S, opts, stats, counters = ctx.state, ctx.opts, ctx.stats, ctx.stats.counters
    deal_pts, pts_hist = stats.deal_pts, stats.pts_hist
    pooled, pts, scores, share, gsum = ctx.pooled, ctx.pts, ctx.scores, ctx.share, ctx.gsum
    group_mom = stats.group_mom
    players = opts[O.players]
    m = n_scorers_nb(opts)
    single = opts[O.unit] == UNIT.deal
    moves = ctx.moves
    for s in range(MAX_SEATS):
        scores[s] = 0
    deals = 0
    ender = -1
    while True:
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + deals) % players
        rep = start_deal_nb(ctx, dealer, False)
        deals += 1
        if deals == 1:
            counters[C_FIRST_TABLES] += 1
            if rep > 0:
                counters[C_CLEANED] += 1
                counters[C_REPLACED] += rep
        moves, ender, rest = play_deal_nb(ctx, fns, moves, audit)
        if ender == -2:
            ctx.err[7] = deals
            return False
        if ender >= 0:
            counters[C_MID_END] += 1
            for s in range(m):
                scores[s] += secured_nb(S, s, opts, pooled)
            break
        deal_points_nb(S, opts, pooled, pts)
        awarded = 0
        if audit:
            _audit_deal_nb(S, opts, pts, pooled, ctx.audit_out)
        counters[C_DEALS] += 1
        counters[C_REST] += rest
        for s in range(m):
            for k in range(3):
                moment_add_nb(deal_pts, s * N_CAT + k, pts[s, k])
            moment_add_nb(deal_pts, s * N_CAT + 3, pts[s, 3])
            moment_add_nb(deal_pts, s * N_CAT + 4, pooled[s, 3])
            pts_hist[s, min(pts[s, 3], N_HIST - 1)] += 1
            scores[s] += pts[s, 3]
            awarded += pts[s, 3]
        moment_add_nb(deal_pts, MAX_SEATS * N_CAT, awarded)
        # the dealer's edge x (m - 1): his scorer's points less the other scorers' (the report
        # divides by m - 1: his points minus their mean; positive: dealing pays)
        dsc = scorer_nb(dealer, opts)
        edge = 0
        for s in range(m):
            edge += (m - 1) * pts[s, 3] if s == dsc else -pts[s, 3]
        moment_add_nb(deal_pts, MAX_SEATS * N_CAT + 1, edge)
        if single:
            break
        top = -1
        for s in range(m):
            if scores[s] > top:
                top = scores[s]
        if top >= opts[O.target]:
            break
        if deals >= opts[O.max_deals]:
            counters[C_UNFINISHED] += 1
            break
    if single:
        return True
    counters[C_GAMES] += 1
    # winners: the scorer who ended it mid-deal, else the highest total (shared when equal)
    nwin = 0
    top = -1
    for s in range(m):
        if scores[s] > top:
            top = scores[s]
    for s in range(m):
        share[s] = 0
        if (ender >= 0 and s == ender) or (ender < 0 and scores[s] == top):
            share[s] = 1
            nwin += 1
    if nwin > 1:
        counters[C_SHARED] += 1
    pot = 0
    for s in range(m):
        if not share[s]:
            pot += 1 if opts[O.settlement] == SETTLEMENT.pot else max(0, opts[O.target] - scores[s])
    for s in range(m):
        w = WIN_SCALE // nwin if share[s] else 0
        moment_add_nb(stats.game_win, s, w)
        moment_add_nb(stats.game_score, s, scores[s])
        if share[s]:
            moment_add_nb(stats.payoff, s, pot * WIN_SCALE // nwin)
        else:
            moment_add_nb(stats.payoff, s, -(WIN_SCALE if opts[O.settlement] == SETTLEMENT.pot else
                                             WIN_SCALE * max(0, opts[O.target] - scores[s])))
    for g in range(group_mom.shape[0]):
        gsum[g] = 0
    for seat in range(players):
        gsum[ctx.groups[seat]] += WIN_SCALE // nwin if share[scorer_nb(seat, opts)] else 0
    for g in range(group_mom.shape[0]):
        moment_add_nb(group_mom, g, gsum[g])
    moment_add_nb(stats.game_len, 0, deals)
    stats.len_hist[min(deals, N_LEN - 1)] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE), cache=True)
def kontchinka_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`KontchinkaStats`) with the unit
    hook :func:`unit_nb`: whole games to the target, or single deals (``unit`` ``deal``;
    ``inp.opts``: the layout :data:`O`)."""
    ctx = KontchinkaCtx(*(fishing_core_nb(inp, stats) + (
        np.zeros(MAX_SEATS, np.int64), np.zeros((MAX_SEATS, 4), np.int64), np.zeros((MAX_SEATS, 4), np.int64),
        np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.empty((64, 2), np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.int64(types.uint8[::1], INPUTS_TYPE, FNS_TYPE, types.int64, types.int64, types.int64[::1],
                  types.int64[:, ::1], types.int64[:, ::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, S, pts, pooled):
    """Play one deal from the fixed card order ``order`` (hands dealt one card at a time
    from the dealer's left, then the table, then the stock) with the kernel's own code;
    policy randomness from unit 0's policy stream of ``seed``. Leaves the final state in
    ``S`` and the points in ``pts`` (``pooled``: what each scorer captured). Returns the
    replacements the clean-up made, or -2 on an illegal policy move (``inp.err`` filled)."""
    no_target = inp.opts.copy()
    no_target[O.target] = 0
    ctx = KontchinkaCtx(*(deal_core_nb(inp, no_target, order, seed, S) + (
        np.zeros(MAX_SEATS, np.int64), pooled, np.zeros((MAX_SEATS, 4), np.int64), np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64), np.empty((64, 2), np.int64))))
    rep = start_deal_nb(ctx, dealer, True)
    moves, ender, rest = play_deal_nb(ctx, fns, ctx.moves, False)
    if ender == -2:
        return -2
    deal_points_nb(S, inp.opts, pooled, pts)
    return rep
