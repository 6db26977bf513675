"""Treize kernel: deal, match, stake and score whole banks (seed 000 lines 79-145).

Unit = one bank: a banker's tenure from a fresh shuffle until a coup of 13 calls passes
without a match. Per coup the punter's loss is ``+stake`` on a match (the banker takes
the stakes, «банкомет забирает ставки всех игроков») and ``-stake`` otherwise («он
уплачивает каждому игроку его ставку»), after which the bank passes.
"""
import numpy as np
from numba import types, typeof

from simkit.core.options import choices, layout
from simkit.core.jit import cfunc, njit
from simkit.core.rng import draw_s, load_state_nb, store_state_nb
from simkit.core.stats import LOCAL_MOMENT_WIDTH, LOCAL_RATIO_WIDTH
from simkit.core.stats_nb import (flush_moment_local_nb, flush_ratio_local_nb, moment_add_local_nb,
                                  ratio_add_local_nb)
from simkit.core.bundle import bundle
from simkit.games.banking_nb import bank_context, bank_core_nb, bank_inputs, bank_loop
from simkit.games.treize.codes import MAX_STAKE, POL_DECK_AWARE, POL_FLAT, POL_USER  # noqa: F401
from simkit.games.treize.rules import TreizeRules

N_CALLS = 13
N_INDEX = 16       # coup-index rows; the last collects every later coup
N_TENURE = 65      # tenure histogram 0..64, the last bin open-ended

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(TreizeRules)
#: the codes of ``deck_end`` (``DECK_END.void`` ...)
DECK_END = choices(TreizeRules, "deck_end")
ERR_STAKE = 1
ERR_SCRIPT = 2

#: user staking function: stake(counts, remaining, bank, params) -> int64
#:   counts: int64[13] cards of each rank (2..A) not yet turned from the current deck,
#:   remaining: cards not yet turned, bank: the banker's bank now, params: float64[:].
STAKE_SIG = types.int64(types.int64[:], types.int64, types.int64, types.float64[:])
STAKE_FN = types.FunctionType(STAKE_SIG)


@cfunc(STAKE_SIG, cache=True)
def no_user_stake_nb(counts, remaining, bank, params):
    """Placeholder passed where no user function is used (never called)."""
    return 1


@njit(cache=True, inline="always")
def _p_no_match_into(e, counts, remaining, first_call, n_calls):
    """:func:`p_no_match_nb` working in ``e`` (float64, at least ``n_calls + 1`` long)."""
    for k in range(n_calls + 1):
        e[k] = 0.0
    e[0] = 1.0
    for i in range(n_calls):
        c = counts[first_call + i]
        for k in range(i + 1, 0, -1):
            e[k] += e[k - 1] * c
    p = 0.0
    falling = 1.0
    sign = 1.0
    for k in range(n_calls + 1):
        if k > 0:
            falling *= remaining - k + 1
            if falling <= 0.0:
                break
        p += sign * e[k] / falling
        sign = -sign
    return p


@njit(cache=True)
def p_no_match_nb(counts, remaining, first_call, n_calls):
    """Probability that ``n_calls`` calls of ranks ``first_call, first_call+1, ...``
    turn no match from a well-shuffled pile of ``remaining`` cards holding ``counts``
    of each rank: inclusion-exclusion, ``Σ_k (-1)^k e_k(c) / (R)_k`` with ``e_k`` the
    elementary symmetric polynomials of the called ranks' counts."""
    return _p_no_match_into(np.zeros(n_calls + 1), counts, remaining, first_call, n_calls)


@njit(cache=True, inline="always")
def _punter_ev_into(e, counts, remaining, full_counts, n_cards, deck_end):
    """:func:`punter_ev_nb` working in ``e`` (float64[N_CALLS + 1]): the kernel passes
    one scratch array instead of allocating one per coup."""
    m = min(N_CALLS, remaining)
    p1 = _p_no_match_into(e, counts, remaining, 0, m)
    if m == N_CALLS:
        return 2.0 * p1 - 1.0
    if deck_end == DECK_END.void:
        return -(1.0 - p1)
    if deck_end == DECK_END.continue_:
        p = p1 * _p_no_match_into(e, full_counts, n_cards, m, N_CALLS - m)
    else:
        p = p1 * _p_no_match_into(e, full_counts, n_cards, 0, N_CALLS)
    return 2.0 * p - 1.0


@njit(cache=True)
def punter_ev_nb(counts, remaining, full_counts, n_cards, deck_end):
    """The punter's exact expected result per unit staked on the next coup, given the
    unturned ``counts``: ``P(no match) - P(match)`` (with ``void`` a voided coup is 0)."""
    return _punter_ev_into(np.zeros(N_CALLS + 1), counts, remaining, full_counts, n_cards, deck_end)


@njit(cache=True)
def _deck_conserved_nb(deck, sorted0):
    s = np.sort(deck)
    for i in range(s.shape[0]):
        if s[i] != sorted0[i]:
            return False
    return True


#: the statistics (``stats.<name>``; see :func:`treize_chunk_nb`)
TreizeStats, STATS_TYPE = bundle("TreizeStats", {"coup": 2, "by_index": 2, "bank": 2, "tenure": 1, "calls": 1,
                                                      "counters": 1})

#: what the Python side passes :func:`treize_chunk_nb` (:func:`~simkit.games.banking_nb.bank_inputs`): the
#: canonical deck, the ``opts`` (layout :data:`O`), the audit counts, the error record, the staking policy's
#: code (``POL_*``) and parameters, the hand-built cards ``script`` (empty: shuffled decks) and the coup
#: records ``rec`` (rows ``[stake, matched, call, coup index, voided, cards turned]``)
TreizeInputs = bank_inputs("TreizeInputs", ("pol", "params", "script", "rec"))
INPUTS_TYPE = typeof(TreizeInputs(np.zeros(1, np.uint8), np.zeros(1, np.int64), np.zeros(2, np.int64),
                                  np.zeros(4, np.int64), np.int64(0), np.zeros(1), np.zeros(0, np.uint8),
                                  np.zeros((0, 6), np.int64)))
#: the user functions: ``(stake,)``
FNS_TYPE = types.Tuple((STAKE_FN,))

#: the kernel context (:func:`~simkit.games.banking_nb.bank_context`): the loop's fields, the inputs' own,
#: and the work arrays: the sorted deck (audit), the full and unturned rank counts, the deck-aware policy's
#: scratch, a bank's (loss, stake) per coup index ``loc_x``/``loc_y``, the chunk-local statistics (coup and
#: by-index ratio rows ``lc``/``li``, bank moment rows ``lb``), coups per index ``idx_n`` and per call
#: ``calls_n``, and ``pos[0]`` = the next card of ``script``
TreizeCtx = bank_context("TreizeCtx", ("pol", "params", "script", "rec", "sorted0", "full", "counts", "ev_work",
                                       "loc_x", "loc_y", "lc", "li", "lb", "idx_n", "calls_n", "sp"))


@njit(cache=True, inline="always")
def _flush_counts_nb(counters, calls_hist, idx_n, calls_n):
    for k in range(N_INDEX):
        counters[3 + k] += idx_n[k]
    for k in range(N_CALLS + 1):
        calls_hist[k] += calls_n[k]


@njit(cache=True, inline="always")
def _reshuffle_nb(ctx, audit, scripted, track):
    """A fresh (lazily shuffled) deck: audited for conservation unless ``scripted``, and the
    unturned counts back to full when ``track``."""
    if audit and not scripted:
        ctx.audit_out[0] += 1
        if not _deck_conserved_nb(ctx.deck, ctx.sorted0):
            ctx.audit_out[1] += 1
    if track:
        for i in range(N_CALLS):
            ctx.counts[i] = ctx.full[i]
    ctx.stats.counters[2] += 1


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One bank (the unit hook of :func:`~simkit.games.banking_nb.bank_loop`): coups until
    one of 13 calls passes without a match, each staked by the policy (False on an illegal
    stake, or when the ``script`` runs out; ``ctx.err`` filled). The stream's state stays
    in registers while the bank plays; the per-coup counts go to ``ctx.stats.counters``
    and the chunk-local rows (see :func:`treize_chunk_nb`)."""
    deck, opts, err, audit_out, counts, full = ctx.deck, ctx.opts, ctx.err, ctx.audit_out, ctx.counts, ctx.full
    script, rec, params, pol = ctx.script, ctx.rec, ctx.params, ctx.pol
    stats = ctx.stats
    counters = stats.counters
    loc_x, loc_y, idx_n, calls_n = ctx.loc_x, ctx.loc_y, ctx.idx_n, ctx.calls_n
    n = deck.shape[0]
    n_rec = rec.shape[0]
    deck_end = opts[O.deck_end]
    fresh_each = opts[O.reshuffle_every_coup] != 0
    cap = opts[O.cap_at_bank] != 0
    bank0 = opts[O.bank]
    track = pol != POL_FLAT          # only deck-aware and user policies read the counts
    scripted = script.shape[0] > 0
    rs = load_state_nb(ctx.state)    # the stream's state in registers while the bank plays
    pos = n                          # forces the opening shuffle
    since = 0                        # coups completed since the last shuffle
    bank = bank0
    bx = 0
    by = 0
    matches = 0
    ncoups = 0
    kmax = 0
    while True:
        if fresh_each or pos == n:
            _reshuffle_nb(ctx, audit, scripted, track)
            pos = 0
            since = 0
        if pol == POL_FLAT:
            stake = np.int64(params[0])
        elif pol == POL_DECK_AWARE:
            ev = _punter_ev_into(ctx.ev_work, counts, n - pos, full, n, deck_end)
            stake = np.int64(params[1]) if ev >= params[2] else np.int64(params[0])
        else:
            stake = fns[0](counts, n - pos, bank, params)
        if stake < 1 or stake > MAX_STAKE:
            err[0] = ERR_STAKE
            err[1] = unit
            err[2] = stake
            err[3] = n - pos
            return False
        if cap and stake > bank:
            stake = bank
        if audit:
            audit_out[0] += 1
            if stake < 1 or (cap and stake > bank):
                audit_out[1] += 1
        call = 0
        turned = 0
        matched = False
        voided = False
        reshuffled = False
        while call < N_CALLS:
            if pos == n:
                if deck_end == DECK_END.void:
                    voided = True
                    break
                _reshuffle_nb(ctx, audit, scripted, track)
                pos = 0
                reshuffled = True
                if deck_end == DECK_END.restart:
                    call = 0
            if scripted:
                sp = ctx.sp[0]
                if sp == script.shape[0]:
                    err[0] = ERR_SCRIPT
                    err[1] = unit
                    return False
                c = script[sp]
                ctx.sp[0] = sp + 1
            else:
                c, rs = draw_s(deck, pos, rs)
            pos += 1
            turned += 1
            r = np.int64(c >> 2)
            if track:
                counts[r] -= 1
            if r == call:
                matched = True
                break
            call += 1
        k = min(since, N_INDEX - 1)
        played = counters[0] + counters[1]
        if played < n_rec:
            rec[played, 0] = stake
            rec[played, 1] = matched
            rec[played, 2] = call
            rec[played, 3] = k
            rec[played, 4] = voided
            rec[played, 5] = turned
        if voided:
            counters[1] += 1
            continue
        loss = stake if matched else -stake
        bx += loss
        by += stake
        loc_x[k] += loss
        loc_y[k] += stake
        kmax = max(kmax, k)
        idx_n[k] += 1
        counters[0] += 1
        ncoups += 1
        calls_n[call] += 1          # call == 13 means no match
        bank += loss
        since = 0 if reshuffled else since + 1
        if matched:
            matches += 1
        else:
            break
    store_state_nb(ctx.state, rs)
    if audit:
        audit_out[0] += 1
        if bank - bank0 != bx or ncoups != matches + 1:
            audit_out[1] += 1
    lc, li, lb = ctx.lc, ctx.li, ctx.lb
    ratio_add_local_nb(lc, stats.coup, 0, bx, by)
    ratio_add_local_nb(lc, stats.coup, 1, matches, ncoups)
    ratio_add_local_nb(lc, stats.coup, 2, by, ncoups)
    moment_add_local_nb(lb, stats.bank, 0, bx)
    moment_add_local_nb(lb, stats.bank, 1, ncoups)
    stats.tenure[min(ncoups, N_TENURE - 1)] += 1
    for k in range(kmax + 1):
        if loc_y[k] != 0:
            ratio_add_local_nb(li, stats.by_index, k, loc_x[k], loc_y[k])
        loc_x[k] = 0
        loc_y[k] = 0
    return True


run_banks_nb = bank_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE, types.boolean), cache=True)
def treize_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play banks ``start..stop-1`` and add their statistics to ``stats`` (:data:`TreizeStats`),
    with the unit hook :func:`unit_nb` (``inp``: :data:`TreizeInputs`; ``fns`` = ``(stake,)``,
    the user function, called only with ``inp.pol == POL_USER``).

    ``opts``: the rule options in the layout :data:`O`.
    ``coup`` rows: 0 = (punter loss, stake), 1 = (banker matches, coups), 2 = (stake, coups),
    each per bank.
    ``by_index[k]`` = (loss, stake) per bank of coups with index k since the last shuffle
    (only rows a bank touched are added; the report sets n to the number of banks).
    ``bank`` rows: 0 = banker's net per bank, 1 = tenure (coups) per bank.
    ``counters`` = [coups, voided coups, shuffles, index coups 0..N_INDEX-1].

    Hand-built deals: a non-empty ``inp.script`` replaces the shuffled deck by these cards in
    this order (each reshuffle simply continues along the script), and each coup is
    recorded in ``inp.rec`` rows ``[stake, matched, call, coup index, voided, cards turned]``
    while rows last (``counters[0] + counters[1]`` says how many coups were played).

    Speed: the per-bank statistics go through chunk-local plain rows
    (:func:`~simkit.core.stats_nb.ratio_add_local_nb`: a bank whose values are below 2^10 in
    magnitude costs a few register adds, a larger one takes the exact wide path at once)
    and the per-index and per-call counts through work arrays, all added to the output
    arrays once per chunk; the unturned-rank counts are kept only for a policy that reads them.
    """
    deck0 = inp.deck0
    n = deck0.shape[0]
    full = np.zeros(N_CALLS, dtype=np.int64)
    for i in range(n):
        full[deck0[i] >> 2] += 1
    ctx = TreizeCtx(*(bank_core_nb(inp, stats) + (
        inp.pol, inp.params, inp.script, inp.rec, np.sort(deck0), full, full.copy(), np.zeros(N_CALLS + 1),
        np.zeros(N_INDEX, dtype=np.int64), np.zeros(N_INDEX, dtype=np.int64),
        np.zeros((3, LOCAL_RATIO_WIDTH), dtype=np.int64), np.zeros((N_INDEX, LOCAL_RATIO_WIDTH), dtype=np.int64),
        np.zeros((2, LOCAL_MOMENT_WIDTH), dtype=np.int64), np.zeros(N_INDEX, dtype=np.int64),
        np.zeros(N_CALLS + 1, dtype=np.int64), np.zeros(1, dtype=np.int64))))
    run_banks_nb(seed, start, stop, ctx, fns, audit)
    flush_ratio_local_nb(ctx.lc, stats.coup)
    flush_ratio_local_nb(ctx.li, stats.by_index)
    flush_moment_local_nb(ctx.lb, stats.bank)
    _flush_counts_nb(stats.counters, stats.calls, ctx.idx_n, ctx.calls_n)
