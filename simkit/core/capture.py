"""The capture engine of the fishing games (Kontchinka G04, Babochka G14).

A played card captures table cards «одинаковыми картами» (equal rank) or «по числу очков»
(a set of table cards whose values add up to the played card's value; seed 000:153
«если на столе лежат туз, двойка и пятерка (сумма очков восемь), то их можно взять
восьмеркой»); a sweeping card (Kontchinka's jack, 000:153 «они берут любые карты») takes
the whole table. Every game describes its cards by a card table ``ct`` (int64, built by
:func:`card_table`):

* ``ct[CT_VALUE + c]``: the value card ``c`` adds to a sum (0: it never enters a sum);
* ``ct[CT_TARGET + c]``: the sum card ``c`` captures (0: it captures by equal rank only);
* ``ct[CT_SWEEP + c]``: ``SWEEP_NONE``, ``SWEEP_ALL`` (takes the whole table) or
  ``SWEEP_ONE`` (takes any one table card);
* ``ct[CT_POINT + c]``: 1 for a card of the suit that scores "most clubs";
* ``ct[CT_KONT + c]``: 1 for a kontchinka (a card scoring a point to its capturer).

A capture is a bitmask over table *positions* (``table[0..tn-1]`` holds card codes).
:func:`captures_nb` lists every capture of one card exactly once: each equal-rank table
card, each set of positive-valued table cards adding up to the target (a set of one card
of the same rank is listed once), or the sweep; with ``multi`` (Casino-style, several
captures at once) every union of pairwise disjoint such sets. :func:`legal_moves_nb`
lists ``(card, mask)`` moves, ``mask = 0`` trailing the card onto the table.

The shared state of one deal (:data:`S_SIZE` int64 slots, offsets ``S_*``) holds the
hands (bitmasks), the table, the stock, what each seat has captured and who captured
last; :func:`apply_move_nb` plays a move on it. The built-in choices (uniform random,
greedy, the kontchinka-keeping heuristic that denies the next player sums) live here too,
so both games share them, with what the games' planners read of a table
(:func:`rank_takes_nb`, :func:`expected_best_nb`); each game's kernel adds its deal,
scoring, simulation policy and planner.

**A game's kernel context** (:func:`fishing_context`, as the trick games'
:func:`simkit.core.trick_game.context`): a named tuple of the fishing fields
(:data:`FISHING_FIELDS`: the canonical deck, the card table, the ``opts``, the seats'
policy codes, parameters and groups, the statistics bundle, the audit counts, the error
record, the deck, the deal and policy streams, the state of the deal, the capture work
array) and the game's own work arrays. The Python side passes what it owns as one
:class:`FishingInputs`, the user play function as the hooks tuple ``fns = (play,)``;
the chunk kernel (typed :func:`chunk_signature`) builds the context with
:func:`fishing_core_nb` and hands it to the engine's unit loop
(:func:`simkit.core.trick_game.unit_loop`: each unit starts its deal stream ``(seed,
unit)``, its policy stream and ``err[1]`` = the unit, as the fishing kernels always did).
"""
from collections import namedtuple

import numpy as np
from numba import njit, typeof, types

from simkit.core.bundle import caller_module, record
from simkit.core.jit import cfunc
from simkit.core.rng import draw_nb, randbelow_nb
from simkit.core.tricks import lowest_card_nb, popcount_nb, policy_stream_nb
from simkit.core.capture_codes import (CT_KONT, CT_POINT, CT_SIZE, CT_SWEEP, CT_TARGET, CT_VALUE,  # noqa: F401
                                      MAX_SEATS, N_CARDS, N_PARAMS, P_DENY, P_KEEP, P_POINTS, P_S2, P_S3, P_S4,
                                      P_S5, P_SAMPLES, POL_GREEDY, POL_HEURISTIC, POL_PLANNER, POL_RANDOM,
                                      POL_SIMULATION, POL_USER, S_BURIED, S_CAPTURED_LAST, S_CARDS, S_DEALER,
                                      S_EXTRA, S_HAND, S_KONT, S_LAST, S_MOVE_CAPT, S_PLAYERS, S_POINTS, S_SEAT,
                                      S_SEEN, S_SIZE, S_STOCK, S_SWEEPS, S_TABLE, S_TN, S_TOP, S_TRAILS, SWEEP_ALL,
                                      SWEEP_NONE, SWEEP_ONE, card_table)

ONE = np.int64(1)

#: user play function of a fishing game: play(moves, n, state, params) -> int64, the index
#: (0..n-1) of the chosen row of ``moves`` (rows ``(card, mask)``: the card played and the bitmask
#: of the table positions it captures, 0 = trail). ``state`` is the seat's view of the state (its
#: own hand, the table ``state[S_TABLE:S_TABLE + state[S_TN]]``, captured counts, the game's extra
#: slots; other hands and the stock zeroed: :func:`view_nb`); ``params`` the policy's parameters.
PLAY_SIG = types.int64(types.int64[:, :], types.int64, types.int64[:], types.float64[:])
PLAY_FN = types.FunctionType(PLAY_SIG)


@cfunc(PLAY_SIG, cache=True)
def no_user_play_nb(moves, n, state, params):
    """Placeholder passed where no user function is used (never called)."""
    return 0


#: what the Python side passes a fishing game's chunk kernel besides the units, the hooks and the
#: statistics: the canonical deck (``uint8``, the cards in code order), the card table ``ct``, the
#: ``opts`` (the game's layout), per seat the play policy's code (``POL_*``), parameters
#: (``float64[seats, N_PARAMS]``) and policy group, the audit counts ``[checks, violations]`` and the
#: error record (:data:`N_ERR`: :func:`check_move_nb`'s fields, ``err[1]`` the unit, ``err[7]`` the deal)
FishingInputs = namedtuple("FishingInputs", "deck0 ct opts codes params groups audit_out err")
_I1 = np.zeros(1, np.int64)
INPUTS_TYPE = typeof(FishingInputs(np.zeros(1, np.uint8), _I1, _I1, _I1, np.zeros((1, 1)), _I1, _I1, _I1))
#: the hooks of a fishing game's kernels: ``(play,)``, the user play function (or :func:`no_user_play_nb`)
FNS_TYPE = types.Tuple((PLAY_FN,))
N_ERR = 8

#: the fishing fields of every fishing game's context, in this order (see the module doc)
FISHING_FIELDS = ("deck0", "ct", "opts", "codes", "params", "groups", "stats", "audit_out", "err", "deck", "dst",
                  "pst", "state", "work")


def fishing_context(name: str, work=()):
    """A fishing game's kernel context class: a named tuple of :data:`FISHING_FIELDS` and
    the game's own work arrays ``work`` (names), built in the chunk kernel as
    ``Ctx(*(fishing_core_nb(inp, stats) + (work arrays in this order)))``. Assign it to a
    global of the calling module with the same name, so that numba's cache finds the
    kernels again (as :func:`simkit.core.trick_game.context`)."""
    return record(name, FISHING_FIELDS, work, module=caller_module(), what="work field")


def chunk_signature(stats_type):
    """The numba signature of a fishing game's chunk kernel ``(seed, start, stop, inp:
    FishingInputs, fns: (play,), stats, audit)``."""
    return types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, stats_type, types.boolean)


def state_context(cls, inp, state, pst, *work):
    """A context of class ``cls`` (:func:`fishing_context`) built on the Python side around
    a hand-built ``state`` (tests, notebooks): ``inp``'s arrays, no statistics, the policy
    stream ``pst``, a fresh capture work array and the game's own work arrays ``work``."""
    return cls(inp.deck0, inp.ct, inp.opts, inp.codes, inp.params, inp.groups, None, inp.audit_out, inp.err,
               inp.deck0.copy(), np.zeros(4, np.uint64), pst, state, new_work_nb(inp.ct), *work)


#: a work array (:func:`new_work_nb`), one array so that the capture search passes a single
#: array between its functions: the card table (``W_CT``), a copy of the table being searched
#: (``W_TABLE``), then scratch rows of the subset search
W_CT = 0
W_TABLE = W_CT + CT_SIZE
W_POS = W_TABLE + N_CARDS
W_VAL = W_POS + N_CARDS
W_CHOSEN = W_VAL + N_CARDS
W_REM = W_CHOSEN + N_CARDS + 1
WORK_SIZE = W_REM + N_CARDS + 1


@njit(cache=True)
def new_work_nb(ct):
    """A work array for the card table ``ct``: allocate once per chunk, pass to every call."""
    W = np.zeros(WORK_SIZE, np.int64)
    for i in range(CT_SIZE):
        W[W_CT + i] = ct[i]
    return W


# not cached: it takes a game's own types (its statistics bundle or context), and a copy cached here would
# index every game's types in this module's cache; it is compiled into each game's chunk kernel, cached there
@njit
def fishing_core_nb(inp, stats):
    """The fishing fields of a chunk's context (:data:`FISHING_FIELDS`): ``inp``'s arrays,
    ``stats``, a copy of the canonical deck, the two streams, a zeroed state and the capture
    work array (:func:`new_work_nb`)."""
    return (inp.deck0, inp.ct, inp.opts, inp.codes, inp.params, inp.groups, stats, inp.audit_out, inp.err,
            inp.deck0.copy(), np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(S_SIZE, np.int64),
            new_work_nb(inp.ct))


@njit(cache=True)
def deal_core_nb(inp, opts, order, seed, state):
    """The fishing fields of the context of one deal dealt from the fixed card order
    ``order`` (for tests and users) with the options ``opts`` on the state ``state`` (the
    caller's, to read after the deal): no statistics (``None``), ``order`` as the deck,
    policy randomness from the policy stream of unit 0 of ``seed``."""
    pst = np.zeros(4, np.uint64)
    policy_stream_nb(pst, seed, seed - seed)
    return (inp.deck0, inp.ct, opts, inp.codes, inp.params, inp.groups, None, inp.audit_out, inp.err, order,
            np.zeros(4, np.uint64), pst, state, new_work_nb(inp.ct))


@njit(cache=True, inline="always")
def _load_table_nb(W, table, tn):
    for i in range(tn):
        W[W_TABLE + i] = table[i]


# -- enumerating captures -----------------------------------------------------------------------
@njit(cache=True)
def _basic_w_nb(hand, tn, W, out, k, cap):
    """The single captures of every card of bitmask ``hand`` (lowest card first) from the
    table ``W[W_TABLE:W_TABLE + tn]`` (card table ``W[W_CT:]``), written as rows
    ``(card, mask)`` of ``out`` from row ``k`` on while the row is below ``cap``; returns
    ``k`` plus how many there are. One card's captures in this order: every set of
    positive-valued table cards adding up to the card's target (iterative backtracking over
    the candidates in table order, scratch in ``W``; a branch whose remaining candidates
    cannot reach the target is cut), then each equal-rank card not listed already as a set
    of one; a sweeping card: the whole table, or each card alone. One flat loop, no calls:
    this is the innermost code of every fishing kernel."""
    if tn == 0:
        return k
    h = hand
    while h:
        card = lowest_card_nb(h)
        h &= h - 1
        sweep = W[W_CT + CT_SWEEP + card]
        if sweep == SWEEP_ALL:
            if k < cap:
                out[k, 0] = card
                out[k, 1] = (ONE << tn) - 1
            k += 1
            continue
        if sweep == SWEEP_ONE:
            for i in range(tn):
                if k < cap:
                    out[k, 0] = card
                    out[k, 1] = ONE << i
                k += 1
            continue
        target = W[W_CT + CT_TARGET + card]
        if target > 0:
            m = 0
            for i in range(tn):
                v = W[W_CT + CT_VALUE + W[W_TABLE + i]]
                if 0 < v <= target:
                    W[W_POS + m] = i
                    W[W_VAL + m] = v
                    m += 1
            rem = 0
            W[W_REM + m] = 0
            for q in range(m - 1, -1, -1):
                rem += W[W_VAL + q]
                W[W_REM + q] = rem
            d = 0
            j = 0
            s = 0
            mask = np.int64(0)
            while True:
                if j < m and s + W[W_REM + j] >= target:
                    v = W[W_VAL + j]
                    if s + v <= target:
                        W[W_CHOSEN + d] = j
                        d += 1
                        s += v
                        mask |= ONE << W[W_POS + j]
                        if s == target:
                            if k < cap:
                                out[k, 0] = card
                                out[k, 1] = mask
                            k += 1
                    j += 1
                    continue
                if d == 0:
                    break
                d -= 1
                j = W[W_CHOSEN + d]
                s -= W[W_VAL + j]
                mask &= ~(ONE << W[W_POS + j])
                j += 1
        rank = card >> 2
        for i in range(tn):
            t = W[W_TABLE + i]
            if t >> 2 == rank:
                v = W[W_CT + CT_VALUE + t]
                if not (v > 0 and v == target):       # not listed already as a set of one
                    if k < cap:
                        out[k, 0] = card
                        out[k, 1] = ONE << i
                    k += 1
    return k


@njit(cache=True)
def _masks_nb(rows, n, out, cap):
    """Copy the masks of ``rows[:n]`` to ``out[:cap]``; returns ``n``."""
    for q in range(min(n, cap)):
        out[q] = rows[q, 1]
    return n


@njit(cache=True)
def basic_captures_nb(card, table, tn, ct, out, cap, work):
    """The single captures of ``card`` (one equal-rank card, one summing set, or the
    sweep), written to ``out[:cap]``; returns how many there are (possibly more than
    ``cap``: the caller then grows ``out`` and asks again)."""
    for i in range(CT_SIZE):
        work[W_CT + i] = ct[i]
    _load_table_nb(work, table, tn)
    rows = np.empty((max(cap, 1), 2), np.int64)
    return _masks_nb(rows, _basic_w_nb(ONE << card, tn, work, rows, 0, cap), out, cap)


@njit(cache=True)
def _unions_w_nb(card, tn, W, out, k0, cap):
    """Every union of pairwise disjoint single captures of ``card`` (table in ``W``), once
    each, written as rows ``(card, mask)`` of ``out`` from row ``k0`` (below ``cap``);
    returns ``k0`` plus their number."""
    nb_ = _basic_w_nb(ONE << card, tn, W, out, 0, 0)
    rows = np.empty((max(nb_, 1), 2), np.int64)
    _basic_w_nb(ONE << card, tn, W, rows, 0, nb_)
    # depth-first over increasing indices of disjoint basic sets
    stack = np.empty(nb_ + 1, np.int64)
    unions = np.empty(nb_ + 1, np.int64)
    k = k0
    d = 0
    j = 0
    cur = np.int64(0)
    while True:
        if j < nb_:
            if rows[j, 1] & cur == 0:
                stack[d] = j
                unions[d] = cur
                d += 1
                cur |= rows[j, 1]
                dup = False
                for q in range(k0, min(k, cap)):
                    if out[q, 1] == cur:
                        dup = True
                        break
                if not dup:
                    if k < cap:
                        out[k, 0] = card
                        out[k, 1] = cur
                    k += 1
            j += 1
            continue
        if d == 0:
            break
        d -= 1
        cur = unions[d]
        j = stack[d] + 1
    return k


@njit(cache=True)
def _captures_w_nb(hand, tn, W, multi, out, k, cap):
    """Every capture (:func:`captures_nb`) of each card of ``hand`` on the table in ``W``,
    as rows of ``out`` from row ``k`` (below ``cap``); returns ``k`` plus their number."""
    if not multi:
        return _basic_w_nb(hand, tn, W, out, k, cap)
    h = hand
    while h:
        c = lowest_card_nb(h)
        h &= h - 1
        if tn == 0 or W[W_CT + CT_SWEEP + c] != SWEEP_NONE:
            k = _basic_w_nb(ONE << c, tn, W, out, k, cap)
        else:
            k = _unions_w_nb(c, tn, W, out, k, cap)
    return k


@njit(cache=True)
def captures_nb(card, table, tn, ct, multi, out, cap, work):
    """Every capture of ``card`` once: the single captures, or with ``multi`` every
    union of pairwise disjoint single captures (a sweep stays one capture). Returns the
    count (written only up to ``cap``)."""
    for i in range(CT_SIZE):
        work[W_CT + i] = ct[i]
    _load_table_nb(work, table, tn)
    rows = np.empty((max(cap, 1), 2), np.int64)
    return _masks_nb(rows, _captures_w_nb(ONE << card, tn, work, multi, rows, 0, cap), out, cap)


@njit(cache=True, inline="always")
def _legal_w_nb(hand, tn, W, multi, may_capture, forced, moves):
    """:func:`legal_moves_nb` on the table and card table held in ``W`` (inlined into its
    two callers: a call passing arrays costs reference counting on every move)."""
    cap = moves.shape[0]
    k = 0
    if may_capture and tn > 0:
        if multi:
            k = _captures_w_nb(hand, tn, W, multi, moves, 0, cap)
        else:
            k = _basic_w_nb(hand, tn, W, moves, 0, cap)
    if k > 0 and forced:
        return k
    h = hand
    while h:
        c = lowest_card_nb(h)
        h &= h - 1
        if k < cap:
            moves[k, 0] = c
            moves[k, 1] = 0
        k += 1
    return k


@njit(cache=True)
def legal_moves_nb(hand, table, tn, ct, multi, may_capture, forced, moves, work):
    """Every legal move of a seat holding bitmask ``hand``: rows ``(card, mask)`` of
    ``moves`` (``mask = 0``: trail the card). Captures only when ``may_capture``;
    with ``forced`` a seat that can capture may not trail. Returns the count (rows are
    written only up to ``moves.shape[0]``; a larger count asks the caller to grow)."""
    for i in range(CT_SIZE):
        work[W_CT + i] = ct[i]
    _load_table_nb(work, table, tn)
    n = _legal_w_nb(hand, tn, work, multi, may_capture, forced, moves)
    if multi and n > moves.shape[0]:      # unions not written were not recognised as repeats
        n = _legal_w_nb(hand, tn, work, multi, may_capture, forced, np.empty((n, 2), np.int64))
    return n


@njit(cache=True, inline="always")
def moves_nb(S, seat, multi, may_capture, forced, moves, work):
    """:func:`legal_moves_nb` for ``seat`` of state ``S`` (``work`` from
    :func:`new_work_nb` with the game's card table), growing ``moves`` as needed:
    returns ``(moves, count)``."""
    tn = S[S_TN]
    for i in range(tn):
        work[W_TABLE + i] = S[S_TABLE + i]
    n = _legal_w_nb(S[S_HAND + seat], tn, work, multi, may_capture, forced, moves)
    if n > moves.shape[0]:
        # ask again with room for every move (with ``multi`` the first count may include
        # unions that were not written, so could not be recognised as repeats)
        moves = np.empty((2 * n, 2), np.int64)
        n = _legal_w_nb(S[S_HAND + seat], tn, work, multi, may_capture, forced, moves)
    return moves, n


# -- an independent legality check (audit mode) -------------------------------------------------
@njit(cache=True)
def _is_single_nb(card, table, tn, ct, mask):
    """Whether ``mask`` is one capture of ``card`` by the definition (brute force)."""
    sweep = ct[CT_SWEEP + card]
    if sweep == SWEEP_ALL:
        return mask == (ONE << tn) - 1
    if sweep == SWEEP_ONE:
        return popcount_nb(mask) == 1
    if popcount_nb(mask) == 1:
        i = lowest_card_nb(mask)
        if table[i] >> 2 == card >> 2:
            return True
    s = 0
    for i in range(tn):
        if mask >> i & 1:
            v = ct[CT_VALUE + table[i]]
            if v <= 0:
                return False
            s += v
    return ct[CT_TARGET + card] > 0 and s == ct[CT_TARGET + card]


@njit(cache=True)
def is_capture_ref_nb(card, table, tn, ct, multi, mask):
    """Reference test of a capture mask: a single capture, or with ``multi`` a mask
    that splits into disjoint single captures (tries every part holding the lowest
    position). Independent of the enumeration in :func:`captures_nb`."""
    if mask == 0 or mask >> tn != 0:
        return False
    if _is_single_nb(card, table, tn, ct, mask):
        return True
    if not multi or ct[CT_SWEEP + card] != SWEEP_NONE:
        return False
    low = mask & -mask
    rest = mask & ~low
    sub = rest
    while True:
        part = sub | low
        if part != mask and _is_single_nb(card, table, tn, ct, part) and \
                is_capture_ref_nb(card, table, tn, ct, multi, mask & ~part):
            return True
        if sub == 0:
            break
        sub = (sub - 1) & rest
    return False


@njit(cache=True)
def count_legal_ref_nb(hand, table, tn, ct, multi, may_capture, forced):
    """Number of legal moves by brute force over every subset of the table (audit mode;
    use only for small tables)."""
    k = 0
    if may_capture and tn > 0:
        h = hand
        while h:
            c = lowest_card_nb(h)
            h &= h - 1
            for mask in range(1, ONE << tn):
                if is_capture_ref_nb(c, table, tn, ct, multi, mask):
                    k += 1
    if k > 0 and forced:
        return k
    return k + popcount_nb(hand)


ERR_MOVE = 1
AUDIT_MAX_TABLE = 12         # the brute-force legality check runs on tables up to this size


# not cached: it takes a game's own types (its statistics bundle or context), and a copy cached here would
# index every game's types in this module's cache; it is compiled into each game's chunk kernel, cached there
@njit
def check_move_nb(ctx, seat, moves, k, n, multi, may_capture, forced, audit):
    """Refuse a policy's move index outside ``0..n-1`` of the state ``ctx.state`` (a
    fishing context: :func:`fishing_context`): ``ctx.err[0, 2..6]`` = code, seat, the
    index, ``n``, the hand, the table size; returns False. In audit mode count the checks
    (cards conserved; the move count and the chosen move against the brute-force
    reference :func:`count_legal_ref_nb`, :func:`is_capture_ref_nb`) and violations in
    ``ctx.audit_out``."""
    S, ct, audit_out, err = ctx.state, ctx.ct, ctx.audit_out, ctx.err
    if k < 0 or k >= n:
        err[0] = ERR_MOVE
        err[2] = seat
        err[3] = k
        err[4] = n
        err[5] = S[S_HAND + seat]
        err[6] = S[S_TN]
        return False
    if audit:
        tn = S[S_TN]
        tb = S[S_TABLE:S_TABLE + N_CARDS]
        card = moves[k, 0]
        mask = moves[k, 1]
        audit_out[0] += 1
        if not conserved_nb(S):
            audit_out[1] += 1
        if tn <= AUDIT_MAX_TABLE:
            audit_out[0] += 1
            ref = count_legal_ref_nb(S[S_HAND + seat], tb, tn, ct, multi, may_capture, forced)
            ok = (S[S_HAND + seat] >> card) & 1 == 1
            if mask != 0:
                ok = ok and may_capture and is_capture_ref_nb(card, tb, tn, ct, multi, mask)
            if ref != n or not ok:
                audit_out[1] += 1
    return True


# -- playing a move -----------------------------------------------------------------------------
@njit(cache=True)
def apply_move_nb(S, seat, card, mask, ct):
    """Play ``card`` from ``seat``'s hand: capture the table positions in ``mask``
    (with the card itself) or, ``mask = 0``, trail it onto the table."""
    S[S_HAND + seat] &= ~(ONE << card)
    tn = S[S_TN]
    bit = ONE << seat
    if mask == 0:
        S[S_TABLE + tn] = card
        S[S_TN] = tn + 1
        S[S_TRAILS + seat] += 1
        S[S_CAPTURED_LAST] &= ~bit
        S[S_MOVE_CAPT] = 0
        return
    got = popcount_nb(mask)
    pts = ct[CT_POINT + card]
    kont = ct[CT_KONT + card]
    seen = ONE << card
    w = 0
    for i in range(tn):
        t = S[S_TABLE + i]
        if mask >> i & 1:
            pts += ct[CT_POINT + t]
            kont += ct[CT_KONT + t]
            seen |= ONE << t
        else:
            S[S_TABLE + w] = t
            w += 1
    S[S_TN] = w
    S[S_CARDS + seat] += got + 1
    S[S_POINTS + seat] += pts
    S[S_KONT + seat] += kont
    if w == 0:
        S[S_SWEEPS + seat] += 1
    S[S_SEEN] |= seen
    S[S_LAST] = seat
    S[S_CAPTURED_LAST] |= bit
    S[S_MOVE_CAPT] = got


@njit(cache=True)
def take_rest_nb(S, ct):
    """The cards left on the table go to the last capturer (000:165 «Карты, оставшиеся
    в конце игры, берет себе тот, чья была последняя взятка»); returns how many."""
    tn = S[S_TN]
    seat = S[S_LAST]
    if tn == 0 or seat < 0:
        return 0
    for i in range(tn):
        t = S[S_TABLE + i]
        S[S_POINTS + seat] += ct[CT_POINT + t]
        S[S_KONT + seat] += ct[CT_KONT + t]
        S[S_SEEN] |= ONE << t
    S[S_CARDS + seat] += tn
    S[S_TN] = 0
    return tn


@njit(cache=True)
def shuffle_stock_nb(S, deck, state):
    """Fill the stock with a uniformly shuffled deck (from the unit's stream)."""
    for i in range(N_CARDS):
        deck[i] = i
    for i in range(N_CARDS - 1):
        draw_nb(deck, i, state)
    for i in range(N_CARDS):
        S[S_STOCK + i] = deck[i]
    S[S_TOP] = 0


@njit(cache=True)
def reset_deal_nb(S, players, dealer):
    """Empty hands, table and captured piles; ``dealer`` deals next."""
    for i in range(S_SIZE):
        S[i] = 0
    S[S_PLAYERS] = players
    S[S_DEALER] = dealer
    S[S_LAST] = -1
    S[S_SEAT] = (dealer + 1) % players


@njit(cache=True)
def deal_hands_nb(S, per_hand):
    """Deal up to ``per_hand`` cards to each player one at a time from the dealer's left
    («Карты раздаются по очереди»); a short stock leaves the last seats short."""
    p = S[S_PLAYERS]
    first = (S[S_DEALER] + 1) % p
    for _ in range(per_hand):
        for i in range(p):
            if S[S_TOP] >= N_CARDS:
                return
            c = S[S_STOCK + S[S_TOP]]
            S[S_TOP] += 1
            S[S_HAND + (first + i) % p] |= ONE << c
            S[S_BURIED] &= ~(ONE << c)


@njit(cache=True)
def deal_table_nb(S, n):
    """Turn ``n`` stock cards face up onto the table."""
    for _ in range(n):
        S[S_TABLE + S[S_TN]] = S[S_STOCK + S[S_TOP]]
        S[S_TN] += 1
        S[S_TOP] += 1


@njit(cache=True)
def clean_table_nb(S):
    """The dealer's clean-up of the first table (000:163 «Раздатчик, открыв четыре
    карты, не должен оставлять две одинаковые или валета. Он обязан одну из одинаковых
    или валета, положить в середину колоды, а их заменить другой ... если открытая карта
    окажется парной с одной из лежащих, то операция повторяется»): going along the table,
    a jack or a card pairing an earlier one is put in the middle of the stock and replaced
    by the top card, until the table is clean. Returns the number of replacements."""
    n = 0
    for i in range(S[S_TN]):
        while True:
            c = S[S_TABLE + i]
            bad = (c >> 2) == 9
            for j in range(i):
                if S[S_TABLE + j] >> 2 == c >> 2:
                    bad = True
            if not bad:
                break
            top = S[S_TOP]
            S[S_TABLE + i] = S[S_STOCK + top]
            # the rest of the stock is top+1 .. 51; the buried card goes in its middle
            rest = N_CARDS - (top + 1)
            mid = top + 1 + rest // 2
            for q in range(top, mid - 1):
                S[S_STOCK + q] = S[S_STOCK + q + 1]
            S[S_STOCK + mid - 1] = c
            S[S_BURIED] |= ONE << c
            n += 1
    return n


@njit(cache=True)
def conserved_nb(S):
    """Every card exactly once among hands, table, stock left and captured piles (audit)."""
    seen = S[S_SEEN]
    total = popcount_nb(seen)
    union = seen
    for s in range(S[S_PLAYERS]):
        total += popcount_nb(S[S_HAND + s])
        union |= S[S_HAND + s]
    for i in range(S[S_TN]):
        union |= ONE << S[S_TABLE + i]
    total += S[S_TN]
    for i in range(S[S_TOP], N_CARDS):
        union |= ONE << S[S_STOCK + i]
    total += N_CARDS - S[S_TOP]
    return total == N_CARDS and union == (ONE << N_CARDS) - 1


# -- built-in choices ---------------------------------------------------------------------------
@njit(cache=True)
def _capture_gain_nb(card, mask, S, ct):
    """(cards, points, kontchinki) a move takes: the captured table cards and the
    capturing card; zero for a trail."""
    if mask == 0:
        return 0, 0, 0
    cards = popcount_nb(mask) + 1
    pts = ct[CT_POINT + card]
    kont = ct[CT_KONT + card]
    for i in range(S[S_TN]):
        if mask >> i & 1:
            t = S[S_TABLE + i]
            pts += ct[CT_POINT + t]
            kont += ct[CT_KONT + t]
    return cards, pts + kont, kont


@njit(cache=True)
def card_worth_nb(card, ct):
    """What trailing ``card`` risks: a kontchinka 4, a sweeping card 3, a point-suit card 1,
    plus the card's capture target / 100 (keep the cards that capture bigger sums)."""
    w = 4.0 * ct[CT_KONT + card] + 1.0 * ct[CT_POINT + card] + ct[CT_TARGET + card] / 100.0
    if ct[CT_SWEEP + card] != SWEEP_NONE:
        w += 3.0
    return w


@njit(cache=True)
def greedy_nb(moves, n, S, ct):
    """Greedy: the capture taking most cards, then most points (point-suit cards and
    kontchinki), then a kontchinka; with no capture, trail the card of least worth
    (:func:`card_worth_nb`). Ties: the first move listed."""
    best = 0
    bkey = -1e18
    for k in range(n):
        c, pts, kont = _capture_gain_nb(moves[k, 0], moves[k, 1], S, ct)
        if moves[k, 1] == 0:
            key = -card_worth_nb(moves[k, 0], ct)
        else:
            key = 1e6 * c + 1e3 * pts + kont
        if key > bkey:
            bkey = key
            best = k
    return best


BEST_TAKE_CAP = 64           # captures the heuristic looks at per rank (more: assume the whole table)


@njit(cache=True)
def threat_nb(S, seat, tn, W):
    """What the table ``W[W_TABLE:W_TABLE + tn]`` offers the next player: the mean number
    of cards a card unseen by ``seat`` (not in his hand, on the table or captured) would
    take from it, over the unseen cards. A rank's take: the most table cards among its
    first ``BEST_TAKE_CAP`` captures (:func:`_basic_w_nb`), the whole table if it has more.

    Rather than list each rank's captures, one search over the sets of valued table cards
    (sums up to the largest target wanted) counts the sets of each sum and their largest
    size; a rank then has ``sets[target]`` sum captures plus its equal-rank cards not
    already a set of one, and takes the largest of those (a sweep: the table; taking any
    one card: 1)."""
    if tn == 0:
        return 0.0
    unseen = ((ONE << N_CARDS) - 1) & ~S[S_HAND + seat] & ~S[S_SEEN]
    for i in range(tn):
        unseen &= ~(ONE << W[W_TABLE + i])
    total = popcount_nb(unseen)
    if total == 0:
        return 0.0
    top = 0
    for r in range(13):
        if (unseen >> (4 * r)) & 15 and W[W_CT + CT_SWEEP + 4 * r] == SWEEP_NONE:
            top = max(top, W[W_CT + CT_TARGET + 4 * r])
    # sets[v] in W_POS, largest[v] in W_REM, for sums v = 1..top (top <= 14 < N_CARDS)
    for v in range(top + 1):
        W[W_POS + v] = 0
        W[W_REM + v] = 0
    m = 0
    for i in range(tn):
        v = W[W_CT + CT_VALUE + W[W_TABLE + i]]
        if 0 < v <= top:
            W[W_VAL + m] = v
            m += 1
    d = 0
    j = 0
    sm = 0
    while True:
        if j < m:
            v = W[W_VAL + j]
            if sm + v <= top:
                W[W_CHOSEN + d] = j
                d += 1
                sm += v
                W[W_POS + sm] += 1
                if d > W[W_REM + sm]:
                    W[W_REM + sm] = d
            j += 1
            continue
        if d == 0:
            break
        d -= 1
        j = W[W_CHOSEN + d]
        sm -= W[W_VAL + j]
        j += 1
    s = 0.0
    for r in range(13):
        u = popcount_nb((unseen >> (4 * r)) & 15)
        if u:
            sweep = W[W_CT + CT_SWEEP + 4 * r]
            if sweep == SWEEP_ALL:
                n, best = 1, tn
            elif sweep == SWEEP_ONE:
                n, best = tn, 1
            else:
                target = W[W_CT + CT_TARGET + 4 * r]
                n, best = 0, 0
                if target > 0:
                    n, best = W[W_POS + target], W[W_REM + target]
                for i in range(tn):
                    t = W[W_TABLE + i]
                    if t >> 2 == r:
                        v = W[W_CT + CT_VALUE + t]
                        if not (v > 0 and v == target):       # not counted already as a set of one
                            n += 1
                            best = max(best, 1)
            if n > BEST_TAKE_CAP:     # more sets than looked at: the largest possible is the whole table
                best = tn
            s += u * best
    return s / total


@njit(cache=True)
def heuristic_nb(moves, n, S, seat, ct, keep, deny, points, W):
    """The kontchinka-keeping heuristic: each move is worth the cards it takes plus
    ``points`` per point-suit card and kontchinka taken, minus ``keep`` times the worth of
    a trailed card (:func:`card_worth_nb`: never give away a kontchinka), minus ``deny``
    times what the resulting table offers the next player (:func:`threat_nb`, the sums
    left open; the table after each move is built in ``W``, a :func:`new_work_nb` array).
    The best move; ties: the first listed."""
    tn = S[S_TN]
    best = 0
    bkey = -1e18
    for k in range(n):
        card = moves[k, 0]
        mask = moves[k, 1]
        c, pts, kont = _capture_gain_nb(card, mask, S, ct)
        w = 0
        for i in range(tn):
            if not mask >> i & 1:
                W[W_TABLE + w] = S[S_TABLE + i]
                w += 1
        if mask == 0:
            W[W_TABLE + w] = card
            w += 1
            key = -keep * card_worth_nb(card, ct)
        else:
            key = c + points * pts
        key -= deny * threat_nb(S, seat, w, W)
        if key > bkey + 1e-12:
            bkey = key
            best = k
    return best


MAX_TARGET = 16              # capture targets are at most 14 (a king capturing 14 in the picture variant)


@njit(cache=True)
def rank_takes_nb(tn, W, cval, best, take, nopt):
    """What a card of each rank could capture from the table ``W[W_TABLE:W_TABLE + tn]``
    (card table ``W[W_CT:]``), valuing each captured table card ``c`` at ``cval[c]``
    (float64[52]): ``take[r]`` the most value among the captures of a card of rank ``r``
    (-1.0 when it captures nothing; a set of cards adding up to its target, an
    equal-rank card, the whole table for a sweeping card, any one card for a card taking
    one) and ``nopt[r]`` the number of those captures. Ranks are as in the card table (the
    suit never matters). One search over the sets of valued table cards (sums up to the
    largest target, :data:`MAX_TARGET`) keeps each sum's best value in ``best`` (float64
    scratch, at least ``MAX_TARGET + 1``) and counts its sets (in ``W``'s scratch rows):
    the planners' per-move evaluation, a single-capture reading (``captures=several``
    would let a card take several sets at once)."""
    top = 0
    for r in range(13):
        if W[W_CT + CT_SWEEP + 4 * r] == SWEEP_NONE:
            top = max(top, W[W_CT + CT_TARGET + 4 * r])
    for v in range(top + 1):
        best[v] = -1.0
        W[W_POS + v] = 0
    m = 0
    for i in range(tn):
        t = W[W_TABLE + i]
        v = W[W_CT + CT_VALUE + t]
        if 0 < v <= top:
            W[W_VAL + m] = v
            W[W_REM + m] = t
            m += 1
    d = 0
    j = 0
    sm = 0
    val = 0.0
    while True:
        if j < m:
            v = W[W_VAL + j]
            if sm + v <= top:
                W[W_CHOSEN + d] = j
                d += 1
                sm += v
                val += cval[W[W_REM + j]]
                W[W_POS + sm] += 1
                if val > best[sm]:
                    best[sm] = val
            j += 1
            continue
        if d == 0:
            break
        d -= 1
        j = W[W_CHOSEN + d]
        sm -= W[W_VAL + j]
        val -= cval[W[W_REM + j]]
        j += 1
    total = 0.0
    single = -1.0
    for i in range(tn):
        c = cval[W[W_TABLE + i]]
        total += c
        single = max(single, c)
    for r in range(13):
        sweep = W[W_CT + CT_SWEEP + 4 * r]
        if tn == 0:
            take[r] = -1.0
            nopt[r] = 0
        elif sweep == SWEEP_ALL:
            take[r] = total
            nopt[r] = 1
        elif sweep == SWEEP_ONE:
            take[r] = single
            nopt[r] = tn
        else:
            target = W[W_CT + CT_TARGET + 4 * r]
            b = -1.0
            k = 0
            if target > 0 and W[W_POS + target] > 0:
                b = best[target]
                k = W[W_POS + target]
            for i in range(tn):
                t = W[W_TABLE + i]
                if t >> 2 == r:
                    v = W[W_CT + CT_VALUE + t]
                    if not (v > 0 and v == target):       # not counted already as a set of one
                        k += 1
                        b = max(b, cval[t])
            take[r] = b
            nopt[r] = k


@njit(cache=True)
def none_of_top_nb(total, top, h):
    """The chance that ``h`` cards drawn without replacement from ``total`` miss all of a
    group of ``top``: ``C(total - top, h) / C(total, h)``."""
    if h <= 0:
        return 1.0
    q = 1.0
    for i in range(h):
        if total - top - i <= 0:
            return 0.0
        q *= (total - top - i) / (total - i)
    return q


@njit(cache=True)
def expected_best_nb(vals, counts, h, order):
    """The mean of the best of ``h`` cards drawn without replacement from a pool holding
    ``counts[r]`` cards worth ``vals[r]`` each (r = 0..12; a worth below 0 counts as 0):
    sorted from the best, group ``j`` is the best drawn with chance ``q(N_{j-1}) - q(N_j)``,
    ``q(N)`` the chance of missing the best ``N`` cards (:func:`none_of_top_nb`).
    ``order``: int64 scratch of 13."""
    total = 0
    for r in range(13):
        total += counts[r]
    if total == 0 or h <= 0:
        return 0.0
    h = min(h, total)
    k = 0
    for r in range(13):
        if counts[r] > 0 and vals[r] > 0.0:
            q = k
            while q > 0 and vals[order[q - 1]] < vals[r]:
                order[q] = order[q - 1]
                q -= 1
            order[q] = r
            k += 1
    e = 0.0
    above = 0
    miss = 1.0
    for q in range(k):
        r = order[q]
        above += counts[r]
        nxt = none_of_top_nb(total, above, h)
        e += vals[r] * (miss - nxt)
        miss = nxt
    return e


@njit(cache=True)
def random_move_nb(n, pst):
    """A uniformly chosen legal move."""
    return randbelow_nb(pst, n)


@njit(cache=True)
def builtin_choice_nb(code, p, moves, n, S, seat, ct, pst, work):
    """The move a built-in ``random``, ``greedy`` or ``heuristic`` policy picks (``work``:
    the :func:`new_work_nb` array of the game's card table)."""
    if code == POL_RANDOM:
        return random_move_nb(n, pst)
    if code == POL_GREEDY:
        return greedy_nb(moves, n, S, ct)
    return heuristic_nb(moves, n, S, seat, ct, p[P_KEEP], p[P_DENY], p[P_POINTS], work)


@njit(cache=True)
def view_nb(S, seat, V):
    """The seat's view of the state: other hands, the stock and the buried cards zeroed."""
    for i in range(S_SIZE):
        V[i] = S[i]
    for s in range(MAX_SEATS):
        if s != seat:
            V[S_HAND + s] = 0
    for i in range(N_CARDS):
        V[S_STOCK + i] = 0
    V[S_BURIED] = 0


@njit(cache=True)
def user_choice_nb(fn, p, moves, n, S, seat):
    """Ask a user function, showing it only the seat's view."""
    V = np.empty(S_SIZE, np.int64)
    view_nb(S, seat, V)
    return fn(moves, n, V, p)


@njit(cache=True)
def sample_world_nb(S, seat, W, pst, pool):
    """Copy ``S`` into ``W`` with the cards ``seat`` cannot see (the other hands and the
    stock, except cards the clean-up buried in it in view of all) dealt at random, each
    hand keeping its size: a deal consistent with everything the seat has seen."""
    for i in range(S_SIZE):
        W[i] = S[i]
    p = S[S_PLAYERS]
    n = 0
    for s in range(p):
        if s != seat:
            h = S[S_HAND + s]
            while h:
                pool[n] = lowest_card_nb(h)
                n += 1
                h &= h - 1
    for i in range(S[S_TOP], N_CARDS):
        c = S[S_STOCK + i]
        if not (S[S_BURIED] >> c) & 1:
            pool[n] = c
            n += 1
    for i in range(n - 1):
        j = i + randbelow_nb(pst, n - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    k = 0
    for s in range(p):
        if s != seat:
            size = popcount_nb(S[S_HAND + s])
            h = np.int64(0)
            for _ in range(size):
                h |= ONE << pool[k]
                k += 1
            W[S_HAND + s] = h
    for i in range(S[S_TOP], N_CARDS):
        c = S[S_STOCK + i]
        if not (S[S_BURIED] >> c) & 1:
            W[S_STOCK + i] = pool[k]
            k += 1
