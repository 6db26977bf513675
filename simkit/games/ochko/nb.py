"""Ochko kernels: whole banks of either variant, per chunk of units (seed 003 lines 1-17).

Unit = one bank: from a fresh shuffle until the bank passes (variant A: the deck is played
through, 003:7; variant B: the bank is empty, knocked at ``knock_multiple`` times its start,
or the deck is played through; see ``OchkoRules.deck_end``). A coup is one punter's stake
settled against the banker; every per-coup figure is a ratio over banks.

:func:`ochko_fixed_nb` plays one bank from a given card order with the very same code
(the tests' hand-built decks); :func:`ochko_chunk_nb` plays shuffled banks.
"""
from collections import namedtuple

import numpy as np
from numba import typeof, types

from simkit.core.bundle import bundle
from simkit.core.jit import njit
from simkit.core.stats_nb import moment_add_nb, ratio_add_nb
from simkit.games.banking_nb import BANK_BROKEN, BANK_PASSED, BANK_TRIPLED, bank_close_nb, bank_loop
from simkit.games.ochko.nb_a import bank_a_nb
from simkit.games.ochko.nb_b import bank_b_nb
from simkit.games.ochko.nb_core import (  # noqa: F401 - names re-exported for the Python side
    BANKER_FN, BK_BANK, BK_BANK0, BK_COUPS, BK_END, BK_HALF, BK_PUSH, BK_ROUNDS, BK_WINS, BK_X, BK_Y, DRAW_FN,
    DS_BURN, DS_FIXED, DS_LOG, DS_NOCARD, DS_POS, DS_SHUFFLES, END_NAMES, MAXH, MAX_P, N_BK, N_DS, N_END, N_ERR,
    N_FINAL, N_INDEX, N_LOG, N_OUT, N_TENURE, N_TOT, O, OUTCOME_NAMES, SEATS, STAKE_FN, VARIANT, audit_add_nb,
    kernel)

N_COUP = 4         # coup rows: wins/coups, pushes/coups, stake/coups, halvings/coups
#: the shared bank outcome (:mod:`simkit.games.banking`) of each ``END_*``
BANK_HOW = np.array([BANK_PASSED, BANK_BROKEN, BANK_TRIPLED, BANK_PASSED], np.int64)
(C_BANKS, C_COUPS, C_ROUNDS, C_SHUFFLES, C_NOCARD, C_HALVINGS) = range(6)
N_COUNTERS = 6
N_AUDIT = 8        # checks, violations, then (checks, violations) of cards, moves, scores
_I1, _I2 = types.int64[:], types.int64[:, :]


#: what the Python side passes the kernels besides the units, the user functions and the
#: statistics: the canonical deck (``uint8``; the card order of :func:`ochko_fixed_nb`), the
#: card values, the ``opts`` (layout :data:`O`), the policy codes ``(stake, draw, banker)``
#: and their parameters, the audit counts (``N_AUDIT``) and the error record (``N_ERR``)
OchkoInputs = namedtuple("OchkoInputs", "deck0 val opts pcodes sp dp bp audit_out err", module=__name__)
_Z, _F, _U = np.zeros(1, np.int64), np.zeros(1), np.zeros(1, np.uint8)
INPUTS_TYPE = typeof(OchkoInputs(_U, _Z, _Z, _Z, _F, _F, _F, _Z, _Z))
#: the user functions ``(stake, draw, banker)`` (placeholders where a role plays a built-in)
FNS_TYPE = types.Tuple((STAKE_FN, DRAW_FN, BANKER_FN))

#: the statistics (:meth:`Ochko._new_stats`), one named bundle: ``{name: ndim}``, the class (module-level, so
#: that numba's cache finds the kernels again) and its numba type, made by :func:`simkit.core.bundle.bundle`
_STATS_NDIM = {
    "edge": 2, "bank": 2, "tenure": 1, "outcome": 1, "coup": 2, "rounds": 2, "by_seat": 2, "by_index": 2,
    "ends": 1, "outcomes": 1, "totals": 2, "rounds_hist": 1, "final": 1, "counters": 1}
OchkoStats, STATS_TYPE = bundle("OchkoStats", _STATS_NDIM)

#: the kernel context: :class:`OchkoInputs`' arrays, the two statistics the bank code counts
#: into (``outcomes`` and ``totals`` of :data:`OchkoStats`; the whole bundle, fourteen arrays
#: more in the two calls per bank, cost variant B 2 % of its speed) and the work arrays of a
#: bank (the deck, card counts of the audit, the deal stream ``state``, the deck state ``ds``
#: (``DS_*``), the hands' cards and states (``H_*``), the banker's known totals, per-seat
#: scratch, the bank's figures ``bk`` (``BK_*``), per-seat and per-index sums, the log)
OchkoCtx = namedtuple("OchkoCtx", ("deck0", "val", "opts", "pcodes", "sp", "dp", "bp", "outcomes", "totals",
                                   "audit_out", "err", "deck", "counts", "state", "ds", "hands", "hs", "targets", "sc",
                                   "bk", "seat_loc", "idx_loc", "log"), module=__name__)


@kernel
def play_bank_nb(ctx, fns, fixed, audit, unit):
    """Reset every pile but the deck and play one bank from ``ctx.deck`` (in the order of
    ``ctx.deck0``: the banks' loop or :func:`_ctx` puts it so); ``ctx.bk``,
    ``ctx.seat_loc`` and ``ctx.idx_loc`` hold its figures afterwards. Returns False on an
    illegal move."""
    ds, hs, bk, opts = ctx.ds, ctx.hs, ctx.bk, ctx.opts
    seat_loc, idx_loc = ctx.seat_loc, ctx.idx_loc
    ds.fill(0)
    ds[DS_FIXED] = fixed
    ds[DS_BURN] = 1
    bk.fill(0)
    bk[BK_BANK0] = 2 * opts[O.bank]
    for s in range(SEATS):
        for j in range(3):
            hs[s, j] = 0
        seat_loc[s, 0] = 0
        seat_loc[s, 1] = 0
    for k in range(N_INDEX):
        idx_loc[k, 0] = 0
        idx_loc[k, 1] = 0
    if opts[O.variant] == VARIANT.A:
        ok = bank_a_nb(ctx, fns, audit, unit)
    else:
        ok = bank_b_nb(ctx, fns, audit, unit)
    if ok and audit:
        sx = 0
        for s in range(seat_loc.shape[0]):
            sx += seat_loc[s, 0]
        audit_add_nb(ctx.audit_out, 2, sx == bk[BK_X] and (opts[O.variant] == VARIANT.A
                                                            or bk[BK_BANK] - bk[BK_BANK0] == bk[BK_X]))
    return ok


@njit(cache=True)
def _ctx(inp, outcomes, totals, log):
    """The context of a chunk (or of one fixed bank): ``inp``'s arrays, the statistics
    ``outcomes`` and ``totals``, a copy of the deck, the log ``log`` and every other work
    array :func:`play_bank_nb` needs."""
    return OchkoCtx(inp.deck0, inp.val, inp.opts, inp.pcodes, inp.sp, inp.dp, inp.bp, outcomes, totals, inp.audit_out,
                    inp.err, inp.deck0.copy(), np.zeros(64, np.int64), np.zeros(4, np.uint64), np.zeros(N_DS, np.int64),
                    np.zeros((SEATS, MAXH), np.int64), np.zeros((SEATS, 3), np.int64), np.zeros(SEATS, np.int64),
                    np.zeros((SEATS, 4), np.int64), np.zeros(N_BK, np.int64), np.zeros((SEATS, 2), np.int64),
                    np.zeros((N_INDEX, 2), np.int64), log)


#: the banks' loop context (:func:`~simkit.games.banking_nb.bank_loop`): the deck, its canonical order and the
#: deal stream of the bank context ``bank`` (:class:`OchkoCtx`, the same arrays: the loop resets them per bank)
#: and the statistics bundle ``stats`` (:data:`OchkoStats`); the bank code keeps the narrower ``bank``
OchkoLoopCtx = namedtuple("OchkoLoopCtx", ("deck0", "deck", "state", "bank", "stats"), module=__name__)


@njit(cache=True, inline="always")
def unit_nb(lctx, fns, unit, audit):
    """The banks' unit hook: play bank ``unit`` (the loop has put the deck in its
    canonical order and started its stream) and add its figures to ``lctx.stats``
    (see :func:`ochko_chunk_nb`). Returns False on an illegal move."""
    ctx, stats = lctx.bank, lctx.stats
    if not play_bank_nb(ctx, fns, np.int64(0), audit, unit):
        return False
    opts, ds, bk, seat_loc, idx_loc = ctx.opts, ctx.ds, ctx.bk, ctx.seat_loc, ctx.idx_loc
    coup, rounds, by_seat, by_index = stats.coup, stats.rounds, stats.by_seat, stats.by_index
    ends, rounds_hist, final, counters = stats.ends, stats.rounds_hist, stats.final, stats.counters
    bank_close_nb(stats.edge, stats.bank, stats.tenure, stats.outcome, bk[BK_X], bk[BK_Y], bk[BK_COUPS],
                  BANK_HOW[bk[BK_END]])
    ratio_add_nb(coup, 0, bk[BK_WINS], bk[BK_COUPS])
    ratio_add_nb(coup, 1, bk[BK_PUSH], bk[BK_COUPS])
    ratio_add_nb(coup, 2, bk[BK_Y], bk[BK_COUPS])
    ratio_add_nb(coup, 3, bk[BK_HALF], bk[BK_COUPS])
    moment_add_nb(rounds, 0, bk[BK_ROUNDS])
    for s in range(1, SEATS):
        if seat_loc[s, 1] != 0:
            ratio_add_nb(by_seat, s - 1, seat_loc[s, 0], seat_loc[s, 1])
    for k in range(N_INDEX):
        if idx_loc[k, 1] != 0:
            ratio_add_nb(by_index, k, idx_loc[k, 0], idx_loc[k, 1])
    ends[bk[BK_END]] += 1
    rounds_hist[min(bk[BK_ROUNDS], N_TENURE - 1)] += 1
    if opts[O.variant] != VARIANT.A:
        final[min(4 * bk[BK_BANK] // bk[BK_BANK0], N_FINAL - 1)] += 1
    counters[C_BANKS] += 1
    counters[C_COUPS] += bk[BK_COUPS]
    counters[C_ROUNDS] += bk[BK_ROUNDS]
    counters[C_SHUFFLES] += ds[DS_SHUFFLES]
    counters[C_NOCARD] += ds[DS_NOCARD]
    counters[C_HALVINGS] += bk[BK_HALF]
    return True


run_banks_nb = bank_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE, types.boolean), cache=True)
def ochko_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play banks ``start..stop-1`` on the banks' loop
    (:func:`~simkit.games.banking_nb.bank_loop`, unit hook :func:`unit_nb`) and add their
    statistics to ``stats`` (:data:`OchkoStats`).

    ``edge``, ``bank``, ``tenure``, ``outcome``: the shared bank accounting of
    :mod:`simkit.games.banking` (money in half units; a bank ends "passed" when the deck is
    played through or the round limit is reached, "broken" or "tripled" (knocked)).
    ``coup`` rows (one observation per bank): 0 = (punter wins, coups), 1 = (pushes,
    coups), 2 = (stake, coups), 3 = (halvings, coups). ``rounds``: moments of deals/rounds
    per bank. ``by_seat[s-1]`` / ``by_index[k]`` = (loss in half units, stake) of seat
    ``s`` / of the bank's ``k``-th coup (only banks that reach them add a row; the report
    sets n to the number of banks). ``ends``: how banks ended, by ``END_*``; ``outcomes``:
    coups by ``OUT_*``; ``totals``: final totals of punters (row 0) and of the banker
    against each coup (row 1); ``rounds_hist``: rounds per bank; ``final``: the final bank
    in quarters of its start (variant B); ``counters``: see ``C_*``; ``inp.audit_out``: see
    ``N_AUDIT``; ``inp.err``: an illegal move (``N_ERR``)."""
    ctx = _ctx(inp, stats.outcomes, stats.totals, np.zeros((0, N_LOG), np.int64))
    run_banks_nb(seed, start, stop, OchkoLoopCtx(ctx.deck0, ctx.deck, ctx.state, ctx, stats), fns, audit)


@njit(types.void(INPUTS_TYPE, FNS_TYPE, types.boolean, _I2, _I1, _I1), cache=True)
def ochko_fixed_nb(inp, fns, audit, log_out, bk_out, ds_out):
    """Play one bank dealing ``inp.deck0`` in the given order (first element first); when
    they run out the unheld cards are reused in a fixed order. ``log_out`` gets one row per
    coup (``N_LOG`` fields), ``bk_out`` the bank's figures (``N_BK``), ``ds_out`` the deck
    state. (The context has the types of :func:`ochko_chunk_nb`'s, so the bank code is
    compiled once for both.)"""
    ctx = _ctx(inp, np.zeros(N_OUT, np.int64), np.zeros((2, N_TOT), np.int64),
               np.zeros((log_out.shape[0], N_LOG), np.int64))
    play_bank_nb(ctx, fns, np.int64(1), audit, np.int64(0))
    log_out[:, :] = ctx.log
    bk_out[:] = ctx.bk
    ds_out[:] = ctx.ds
