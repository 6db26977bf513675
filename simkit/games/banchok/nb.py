"""Polish Banchok kernel: deal, stake, turn and settle whole banks (seed 000 lines 261-309).

Unit = one bank: from the banker's fresh shuffle (000:269) until it is broken or has grown
to ``pass_at`` times the bank laid (000:287). A round deals three cards to every punter
one at a time (000:271); then each punter in turn names a stake and the banker turns the
next card for him (000:275-281). The punter wins iff he holds a card of the turned card's
suit (or colour) at least as high: a higher card beats it (000:301) and an identical one
wins for the punter (000:303).

The stock is a ring of the ``n`` cards: card ``t`` (counting every card dealt in the bank)
lies at position ``t % n``. The cards of round ``k`` (``R = 4P`` of them, dealt at
``[kR, (k+1)R)``) are shuffled and put under the stock (000:285), so they are dealt again
at ``[n + kR, n + (k+1)R)``, from the very positions they left. Each such stretch, and the
first ``n`` cards, is one lazily shuffled segment (Fisher-Yates as it is dealt), so the
whole bank needs no copying. With ``fixed`` (hand-built decks) cards are dealt in the given
order and used cards come back in the order they were dealt.
"""
import numpy as np
from numba import types, typeof

from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb, ratio_add_nb
from simkit.games.banchok.codes import POL_FLAT, POL_HAND, POL_THREE_HIGH, POL_USER  # noqa: F401
from simkit.games.banchok.rules import BanchokRules
from simkit.core.bundle import bundle
from simkit.games.banking_nb import (BANK_BROKEN, BANK_CAPPED, BANK_TRIPLED, bank_close_nb, bank_context,
                                     bank_core_nb, bank_inputs, bank_loop)

MAX_PUNTERS = 26
N_PBINS = 20          # win-probability bins of width 0.05 for the calibration table

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(BanchokRules)
#: the codes of ``bank_end`` and ``cover`` (``BANK_END.coup``, ``COVER.colour`` ...)
BANK_END = choices(BanchokRules, "bank_end")
COVER = choices(BanchokRules, "cover")

ERR_STAKE = 1
N_ERR = 8             # [code, unit, stake, seat, bank, coup, lowest legal, -]
N_REC = 10            # record: round, seat, card 1..3, turned, stake, win, bank after, primazka
N_OUT = 8             # loss, staked, coups, outcome, wins, whole-bank stakes, rounds, primazka

#: user staking function: stake(hand, p_win, bank, params) -> int64
#:   hand: int64[3] card codes; p_win: the exact probability that the punter's cards beat
#:   the next card, given what he has seen (his cards and the cards turned earlier this
#:   round); bank: the bank now; params: float64[:]. A legal stake is an integer from
#:   min(min_stake, bank) to bank.
STAKE_SIG = types.int64(types.int64[:], types.float64, types.int64, types.float64[:])
STAKE_FN = types.FunctionType(STAKE_SIG)


@cfunc(STAKE_SIG, cache=True)
def no_user_stake_nb(hand, p_win, bank, params):
    """Placeholder passed where no user function is used (never called)."""
    return 1


@njit(cache=True, inline="always")
def deal_nb(buf, t, r, state, fixed):
    """Card number ``t`` of the bank from the ring ``buf`` (see the module doc)."""
    n = buf.shape[0]
    i = t % n
    c = buf[i]
    if not fixed:
        end = n if t < n else n + ((t - n) // r + 1) * r
        j = (t + randbelow_nb(state, end - t)) % n
        d = buf[j]
        buf[j] = c
        buf[i] = d
        c = d
    return np.int64(c)         # not buf[i] read back after the swap: the compiler kept that load


@njit(cache=True, inline="always")
def best_ranks_nb(hand, cover, best):
    """``best[s]``: the highest rank (0..12) among the punter's cards that can beat a card
    of suit ``s`` (its suit, or its colour: spades/clubs, hearts/diamonds), -1 if none."""
    for s in range(4):
        best[s] = -1
    for k in range(3):
        c = hand[k]
        s = c & 3
        if (c >> 2) > best[s]:
            best[s] = c >> 2
    if cover == COVER.colour:
        b = max(best[0], best[3])
        best[0] = b
        best[3] = b
        b = max(best[1], best[2])
        best[1] = b
        best[2] = b


@njit(cache=True, inline="always")
def win_prob_nb(best, decks, n, seen, n_seen):
    """Exact probability that the next card is beaten, given the punter's three cards
    (through ``best``) and the ``n_seen`` cards ``seen`` turned before him this round: the
    next card is uniform over the ``n - 3 - n_seen`` cards he has not seen, of which
    ``decks · Σ_s (best[s] + 1) - 3`` are beaten before the seen ones are removed (his own
    cards are all beaten, by themselves)."""
    good = -3
    for s in range(4):
        good += decks * (best[s] + 1)
    for k in range(n_seen):
        c = seen[k]
        if (c >> 2) <= best[c & 3]:
            good -= 1
    return good / (n - 3 - n_seen)


@njit(cache=True)
def _beats_ref_nb(hand, turned, cover):
    """Audit's independent rule: some card of the hand shares the turned card's suit (or
    colour) and is at least as high."""
    for k in range(3):
        c = hand[k]
        same = (c & 3) == (turned & 3)
        if cover == COVER.colour:
            same = ((c & 3) == 0 or (c & 3) == 3) == ((turned & 3) == 0 or (turned & 3) == 3)
        if same and (c >> 2) >= (turned >> 2):
            return True
    return False


@njit(cache=True)
def _win_prob_ref_nb(hand, deck0, seen, n_seen, cover, pool):
    """Audit's brute force: count, over every card of the decks not in the hand or seen,
    those the hand beats (``pool``: int64[64] workspace)."""
    pool[:] = 0
    for c in deck0:
        pool[c] += 1
    for k in range(3):
        pool[hand[k]] -= 1
    for k in range(n_seen):
        pool[seen[k]] -= 1
    good = 0
    total = 0
    for c in range(52):
        total += pool[c]
        if _beats_ref_nb(hand, c, cover):
            good += pool[c]
    return good / total


@njit(cache=True, inline="always")
def stake_nb(code, params, fn, hand, best, p0, p1, bank, lo):
    """A built-in policy's stake (or the user function's).

    flat: ``params[0]`` units, within [lo, bank]. hand: ``floor(params[1] · bank)`` (at
    least lo) when the win probability (``p1`` counting the cards seen this round if
    ``params[2]``, else ``p0``) is at least ``params[0]``, else lo. three-high: the whole
    bank with three cards of different suits each ranked ``params[0]`` (2..14) or more,
    else lo."""
    if code == POL_FLAT:
        s = np.int64(params[0])
        return max(lo, min(s, bank))
    if code == POL_HAND:
        p = p1 if params[2] != 0.0 else p0
        if p >= params[0]:
            return max(lo, min(np.int64(params[1] * bank), bank))
        return lo
    if code == POL_THREE_HIGH:
        a = hand[0]
        b = hand[1]
        c = hand[2]
        low = np.int64(params[0]) - 2
        if ((a & 3) != (b & 3) and (a & 3) != (c & 3) and (b & 3) != (c & 3)
                and (a >> 2) >= low and (b >> 2) >= low and (c >> 2) >= low):
            return bank
        return lo
    return fn(hand, p1, bank, params)


@njit(cache=True, inline="always")
def primazka_nb(pz, p1, bank, stake):
    """What the other punters add to a stake on the punter's cards (000:305 «желающие
    могут к нему примазаться, т.е. добавить какую-либо сумму на его карты»), seeing them:
    ``floor(pz[1] · (bank - stake))`` when the hand's win probability ``p1`` (counting the
    cards turned this round) is at least ``pz[0]``, else nothing. The sum of stake and
    primazka is at most the bank."""
    if p1 >= pz[0]:
        return min(max(np.int64(pz[1] * (bank - stake)), np.int64(0)), bank - stake)
    return np.int64(0)


#: the statistics (``stats.<name>``; see :func:`banchok_chunk_nb`)
BanchokStats, STATS_TYPE = bundle("BanchokStats", {"edge": 2, "bank": 2, "tenure": 1, "outcome": 1, "coup": 2,
                                                        "by_seat": 2, "tenure_by_outcome": 2, "calib": 2,
                                                        "counters": 1})

#: what the Python side passes the kernels (:func:`~simkit.games.banking_nb.bank_inputs`): the canonical
#: decks, the ``opts`` (layout :data:`O`), the audit counts, the error record (``N_ERR``), the staking
#: policy's code (``POL_*``) and parameters, and the primazka parameters ``pz`` (:func:`primazka_nb`)
BanchokInputs = bank_inputs("BanchokInputs", ("code", "params", "pz"))
INPUTS_TYPE = typeof(BanchokInputs(np.zeros(1, np.uint8), np.zeros(1, np.int64), np.zeros(2, np.int64),
                                   np.zeros(N_ERR, np.int64), np.int64(0), np.zeros(1), np.zeros(2)))
#: the user functions: ``(stake,)``
FNS_TYPE = types.Tuple((STAKE_FN,))

#: the kernel context (:func:`~simkit.games.banking_nb.bank_context`): the loop's fields (``deck`` is the
#: ring the bank is dealt from: the shuffled decks, or the hand-built cards), the inputs' own, ``fixed``
#: (hand-built cards: dealt in order), loss and stakes by seat ``seat_x``/``seat_y``, ``calib`` (the
#: statistics' or a scratch), the bank's summary ``out`` (:func:`bank_nb`), the coup records ``rec``, the
#: sorted decks (audit) and the scratch arrays (:func:`workspace_nb`)
BanchokCtx = bank_context("BanchokCtx", ("code", "params", "pz", "fixed", "seat_x", "seat_y", "calib", "out",
                                         "rec", "sorted0", "hands", "hand", "seen", "best", "pool"))


@njit(cache=True)
def workspace_nb():
    """(hands, hand, seen, best, pool): the scratch arrays :func:`bank_nb` works in."""
    return (np.zeros((MAX_PUNTERS, 3), np.int64), np.zeros(3, np.int64), np.zeros(MAX_PUNTERS, np.int64),
            np.zeros(4, np.int64), np.zeros(64, np.int64))


# _nrt=False: bank_nb allocates nothing (its scratch arrays come from the context), so its
# array arguments need no reference counting (atomic operations) on each call.
@njit(cache=True, _nrt=False)
def bank_nb(ctx, fns, audit):
    """Play one bank from the ring ``ctx.deck`` and fill ``ctx.out`` = [punters' loss, stakes,
    coups, how it ended, punter wins, whole-bank stakes, rounds, primazka stakes]; with
    ``opts[O.primazka]`` the others add :func:`primazka_nb` (parameters ``ctx.pz``) to each
    stake and the sum is settled as one stake (counted in the stakes); ``ctx.seat_x/y``: loss
    and stakes by seat; ``ctx.calib[bin]`` += (coups, wins) by the punter's win probability;
    ``ctx.rec`` (if it has rows) records each coup. Returns False on an illegal stake
    (``ctx.err`` filled)."""
    buf, state, fixed, deck0, opts, err, audit_out = ctx.deck, ctx.state, ctx.fixed, ctx.deck0, ctx.opts, ctx.err, \
        ctx.audit_out
    code, params, fn, pz = ctx.code, ctx.params, fns[0], ctx.pz
    by_seat_x, by_seat_y, calib, out, rec = ctx.seat_x, ctx.seat_y, ctx.calib, ctx.out, ctx.rec
    hands, hand, seen, best, pool = ctx.hands, ctx.hand, ctx.seen, ctx.best, ctx.pool
    p = opts[O.punters]
    r = 4 * p
    decks = opts[O.decks]
    n = 52 * decks
    bank0 = opts[O.bank]
    top = opts[O.pass_at] * bank0
    cover = opts[O.cover]
    for k in range(N_OUT):
        out[k] = 0
    bank = bank0
    t = 0
    coups = 0
    how = -1
    while how < 0:
        for k in range(3):
            for i in range(p):
                hands[i, k] = deal_nb(buf, t, r, state, fixed)
                t += 1
        for i in range(p):
            hand[0] = hands[i, 0]
            hand[1] = hands[i, 1]
            hand[2] = hands[i, 2]
            best_ranks_nb(hand, cover, best)
            p0 = win_prob_nb(best, decks, n, seen, 0)
            p1 = win_prob_nb(best, decks, n, seen, i)
            lo = min(opts[O.min_stake], bank)
            stake = stake_nb(code, params, fn, hand, best, p0, p1, bank, lo)
            if stake < lo or stake > bank:
                err[0] = ERR_STAKE
                err[2] = stake
                err[3] = i
                err[4] = bank
                err[5] = coups
                err[6] = lo
                return False
            own = stake
            if opts[O.primazka] != 0:
                stake += primazka_nb(pz, p1, bank, stake)
            turned = deal_nb(buf, t, r, state, fixed)
            t += 1
            seen[i] = turned
            win = (turned >> 2) <= best[turned & 3]
            loss = -stake if win else stake
            if audit:
                audit_out[0] += 3
                if win != _beats_ref_nb(hand, turned, cover):
                    audit_out[1] += 1
                if abs(p1 - _win_prob_ref_nb(hand, deck0, seen, i, cover, pool)) > 1e-12:
                    audit_out[1] += 1
                if own < min(opts[O.min_stake], bank) or stake > bank or own < 1 or stake < own:
                    audit_out[1] += 1
            bank += loss
            coups += 1
            out[0] += loss
            out[1] += stake
            out[7] += stake - own
            if win:
                out[4] += 1
            if stake == bank - loss:
                out[5] += 1
            by_seat_x[i] += loss
            by_seat_y[i] += stake
            calib[min(np.int64(p1 * N_PBINS), N_PBINS - 1), 0] += 1
            if win:
                calib[min(np.int64(p1 * N_PBINS), N_PBINS - 1), 1] += 1
            if coups <= rec.shape[0]:
                row = rec[coups - 1]
                row[0] = out[6]
                row[1] = i
                row[2] = hand[0]
                row[3] = hand[1]
                row[4] = hand[2]
                row[5] = turned
                row[6] = stake
                row[7] = win
                row[8] = bank
                row[9] = stake - own
            if bank == 0:
                how = BANK_BROKEN
                break
            if opts[O.bank_end] == BANK_END.coup and bank >= top:
                how = BANK_TRIPLED
                break
            if coups >= opts[O.max_coups]:
                how = BANK_CAPPED
                break
        out[6] += 1
        if how < 0 and bank >= top:
            how = BANK_TRIPLED
    out[2] = coups
    out[3] = how
    if audit:
        audit_out[0] += 2
        if bank - bank0 != out[0]:
            audit_out[1] += 1
        ok = (how == BANK_BROKEN and bank == 0) or (how == BANK_TRIPLED and bank >= top) or \
             (how == BANK_CAPPED and coups == opts[O.max_coups])
        if not ok:
            audit_out[1] += 1
    return True


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One bank (the unit hook of :func:`~simkit.games.banking_nb.bank_loop`): :func:`bank_nb`
    on the freshly ordered decks, then its statistics (see :func:`banchok_chunk_nb`). False on
    an illegal stake (``ctx.err`` filled, ``err[1]`` = the unit)."""
    stats, audit_out, seat_x, seat_y, out = ctx.stats, ctx.audit_out, ctx.seat_x, ctx.seat_y, ctx.out
    p = seat_x.shape[0]
    seat_x[:] = 0
    seat_y[:] = 0
    if not bank_nb(ctx, fns, audit):
        ctx.err[1] = unit
        return False
    if audit:
        audit_out[0] += 1
        if not np.array_equal(np.sort(ctx.deck), ctx.sorted0):
            audit_out[1] += 1
    coups = out[2]
    bank_close_nb(stats.edge, stats.bank, stats.tenure, stats.outcome, out[0], out[1], coups, out[3])
    coup = stats.coup
    ratio_add_nb(coup, 0, out[4], coups)
    ratio_add_nb(coup, 1, out[1], coups)
    ratio_add_nb(coup, 2, out[5], coups)
    ratio_add_nb(coup, 3, out[0], coups)
    ratio_add_nb(coup, 4, out[7], out[1])
    moment_add_nb(stats.tenure_by_outcome, out[3], coups)
    for i in range(p):
        ratio_add_nb(stats.by_seat, i, seat_x[i], seat_y[i])
    counters = stats.counters
    counters[0] += coups
    counters[1] += out[6]
    counters[2] += out[5]
    return True


run_banks_nb = bank_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE, types.boolean), cache=True)
def banchok_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play banks ``start..stop-1`` and add their statistics to ``stats`` (:data:`BanchokStats`),
    with the unit hook :func:`unit_nb` (``inp``: :data:`BanchokInputs`; ``fns`` = ``(stake,)``,
    the user function, called only with ``inp.code == POL_USER``).

    Bank statistics as :mod:`simkit.games.banking`. ``coup`` ratio rows per bank: 0 =
    (punter wins, coups), 1 = (stakes, coups), 2 = (whole-bank stakes, coups), 3 = (punters'
    loss, coups), 4 = (primazka stakes, stakes). ``by_seat[i]`` = ratio (loss, stakes) per bank of seat ``i``;
    ``tenure_by_outcome[how]`` = moments of the tenure of banks that ended so;
    ``calib[bin]`` = (coups, wins) by win probability; ``counters`` = [coups, rounds,
    whole-bank stakes]."""
    p = inp.opts[O.punters]
    hands, hand, seen, best, pool = workspace_nb()
    ctx = BanchokCtx(*(bank_core_nb(inp, stats) + (
        inp.code, inp.params, inp.pz, False, np.zeros(p, np.int64), np.zeros(p, np.int64), stats.calib,
        np.zeros(N_OUT, np.int64), np.zeros((0, N_REC), np.int64), np.sort(inp.deck0), hands, hand, seen, best,
        pool)))
    run_banks_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, FNS_TYPE, types.int64[::1], types.int64[:, ::1]), cache=True)
def banchok_fixed_nb(cards, inp, fns, out, rec):
    """One bank dealt from ``cards`` in the given order (used cards coming back in the
    order they were dealt), audited against ``inp.deck0`` (the decks the rules give); see
    :func:`bank_nb` (``out``, ``rec``)."""
    p = inp.opts[O.punters]
    hands, hand, seen, best, pool = workspace_nb()
    ctx = BanchokCtx(inp.deck0, inp.opts, None, inp.audit_out, inp.err, cards, np.zeros(4, dtype=np.uint64),
                     inp.code, inp.params, inp.pz, True, np.zeros(p, np.int64), np.zeros(p, np.int64),
                     np.zeros((N_PBINS, 2), np.int64), out, rec, np.sort(inp.deck0), hands, hand, seen, best, pool)
    return bank_nb(ctx, fns, True)
