"""Ochko kernels: whole banks of either variant, per chunk of units (seed 003 lines 1-17).

Unit = one bank: from a fresh shuffle until the bank passes (variant A: the deck is played
through, 003:7; variant B: the bank is empty, knocked at ``knock_multiple`` times its start,
or the deck is played through; see ``OchkoRules.deck_end``). A coup is one punter's stake
settled against the banker; every per-coup figure is a ratio over banks.

:func:`ochko_fixed_nb` plays one bank from a given card order with the very same code
(the tests' hand-built decks); :func:`ochko_chunk_nb` plays shuffled banks.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_every_nb
from simkit.core.jit import njit

from simkit.core.rng import seed_stream_nb
from simkit.core.stats import moment_add_nb, ratio_add_nb
from simkit.games.banking_nb import BANK_BROKEN, BANK_PASSED, BANK_TRIPLED, bank_close_nb
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


@kernel
def play_bank_nb(deck, deck0, fixed, ds, state, hands, hs, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn,
                 targets, sc, bk, seat_loc, idx_loc, outcomes, totals, log, audit, audit_out, counts, err,
                 unit):
    """Reset every pile and play one bank; ``bk``, ``seat_loc`` and ``idx_loc`` hold its
    figures afterwards. Returns False on an illegal move."""
    for i in range(deck.shape[0]):       # (slice assignment would need numba's refcounting)
        deck[i] = deck0[i]
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
        ok = bank_a_nb(deck, ds, state, hands, hs, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn, targets, sc, bk,
                       seat_loc, idx_loc, outcomes, totals, log, audit, audit_out, deck0, counts, err, unit)
    else:
        ok = bank_b_nb(deck, ds, state, hands, hs, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn, targets, sc, bk,
                       seat_loc, idx_loc, outcomes, totals, log, audit, audit_out, deck0, counts, err, unit)
    if ok and audit:
        sx = 0
        for s in range(seat_loc.shape[0]):
            sx += seat_loc[s, 0]
        audit_add_nb(audit_out, 2, sx == bk[BK_X] and (opts[O.variant] == VARIANT.A
                                                        or bk[BK_BANK] - bk[BK_BANK0] == bk[BK_X]))
    return ok


_POLICY_ARGS = (types.int64[:], types.float64[:], STAKE_FN, types.float64[:], DRAW_FN, types.float64[:], BANKER_FN)


_I1, _I2 = types.int64[:], types.int64[:, :]



@njit(cache=True)
def _bank_arrays():
    """The work arrays :func:`play_bank_nb` needs for a bank: card counts, stream state,
    deck state, hands, hand states, targets, scratch, bank figures, per-seat and per-index
    sums."""
    return (np.zeros(64, np.int64), np.zeros(4, np.uint64), np.zeros(N_DS, np.int64),
            np.zeros((SEATS, MAXH), np.int64), np.zeros((SEATS, 3), np.int64), np.zeros(SEATS, np.int64),
            np.zeros((SEATS, 4), np.int64), np.zeros(N_BK, np.int64), np.zeros((SEATS, 2), np.int64),
            np.zeros((N_INDEX, 2), np.int64))

@njit(types.void(types.int64, types.int64, types.int64, types.uint8[:], _I1, _I1, *_POLICY_ARGS, types.boolean,
                 _I2, _I2, _I1, _I1, _I2, _I2, _I2, _I2, _I1, _I1, _I2, _I1, _I1, _I1, _I1, _I1), cache=True)
def ochko_chunk_nb(seed, start, stop, deck0, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn, audit,
                   edge, bank_mom, tenure, outcome, coup, rounds, by_seat, by_index, ends, outcomes, totals,
                   rounds_hist, final, counters, audit_out, err):
    """Play banks ``start..stop-1`` and add their statistics.

    ``edge``, ``bank_mom``, ``tenure``, ``outcome``: the shared bank accounting of
    :mod:`simkit.games.banking` (money in half units; a bank ends "passed" when the deck is
    played through or the round limit is reached, "broken" or "tripled" (knocked)).
    ``coup`` rows (one observation per bank): 0 = (punter wins, coups), 1 = (pushes,
    coups), 2 = (stake, coups), 3 = (halvings, coups). ``rounds``: moments of deals/rounds
    per bank. ``by_seat[s-1]`` / ``by_index[k]`` = (loss in half units, stake) of seat
    ``s`` / of the bank's ``k``-th coup (only banks that reach them add a row; the report
    sets n to the number of banks). ``ends``: how banks ended, by ``END_*``; ``outcomes``:
    coups by ``OUT_*``; ``totals``: final totals of punters (row 0) and of the banker
    against each coup (row 1); ``rounds_hist``: rounds per bank; ``final``: the final bank
    in quarters of its start (variant B); ``counters``: see ``C_*``; ``audit_out``: see
    ``N_AUDIT``; ``err``: an illegal move (``N_ERR``)."""
    deck = deck0.copy()
    counts, state, ds, hands, hs, targets, sc, bk, seat_loc, idx_loc = _bank_arrays()
    log = np.zeros((0, N_LOG), np.int64)
    is_b = opts[O.variant] != VARIANT.A
    for unit in range(start, stop):
        poll_every_nb(unit)
        seed_stream_nb(state, seed, unit)
        if not play_bank_nb(deck, deck0, np.int64(0), ds, state, hands, hs, val, opts, pcodes, sp, sfn, dp, dfn,
                            bp, bfn, targets, sc, bk, seat_loc, idx_loc, outcomes, totals, log, audit, audit_out,
                            counts, err, unit):
            return
        bank_close_nb(edge, bank_mom, tenure, outcome, bk[BK_X], bk[BK_Y], bk[BK_COUPS], BANK_HOW[bk[BK_END]])
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
        if is_b:
            final[min(4 * bk[BK_BANK] // bk[BK_BANK0], N_FINAL - 1)] += 1
        counters[C_BANKS] += 1
        counters[C_COUPS] += bk[BK_COUPS]
        counters[C_ROUNDS] += bk[BK_ROUNDS]
        counters[C_SHUFFLES] += ds[DS_SHUFFLES]
        counters[C_NOCARD] += ds[DS_NOCARD]
        counters[C_HALVINGS] += bk[BK_HALF]


@njit(types.void(types.uint8[:], types.int64[:], types.int64[:], *_POLICY_ARGS, types.boolean,
                 types.int64[:, :], types.int64[:], types.int64[:], types.int64[:], types.int64[:], types.int64[:],
                 types.int64[:, :]), cache=True)
def ochko_fixed_nb(cards, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn, audit, log_out, bk_out, ds_out, audit_out,
                   err, outcomes, totals):
    """Play one bank dealing ``cards`` in the given order (first element first); when they
    run out the unheld cards are reused in a fixed order. ``log_out`` gets one row per coup
    (``N_LOG`` fields), ``bk_out`` the bank's figures (``N_BK``), ``ds_out`` the deck state.
    (Every array reaches :func:`play_bank_nb` with the same types as from
    :func:`ochko_chunk_nb`, so the bank code is compiled once for both.)"""
    deck = cards.copy()
    counts, state, ds, hands, hs, targets, sc, bk, seat_loc, idx_loc = _bank_arrays()
    log = np.zeros((log_out.shape[0], N_LOG), np.int64)
    play_bank_nb(deck, cards, np.int64(1), ds, state, hands, hs, val, opts, pcodes, sp, sfn, dp, dfn, bp, bfn, targets,
                 sc, bk, seat_loc, idx_loc, outcomes, totals, log, audit, audit_out, counts, err, np.int64(0))
    log_out[:, :] = log
    bk_out[:] = bk
    ds_out[:] = ds
