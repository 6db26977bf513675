"""Macao kernel: deal, replace, draw, settle and account whole banks (seed 000 lines 213-237).

Unit = one bank: the banker's shoe of ``decks`` full decks from a fresh shuffle until all
its cards are played («после того, как все карты сыграны, банк передается», 000:237).
A coup: one card to every punter (seats 1..P from the banker's left; the banker is seat 0,
README) and then to the banker (000:217); the kernel's arrays hold the punters at indices
0..P-1 and the banker at P, in dealing order; then each punter in turn and last the banker throws aside 10s and
pictures for new cards (000:219) and draws as his policy says; then every punter is
settled against the banker (000:225-235). A coup the shoe cannot finish is finished from
the reshuffled cards of earlier coups, or voided (rule ``shoe_end``); the bank then passes.

The same :func:`coup_nb` plays the simulation (lazily shuffled shoe) and hand-built
decks (``fixed``: cards are dealt in the given order, and a "reshuffle" deals the earlier
coups' cards in their order), so the tests exercise the very code that simulates.
"""
import numpy as np
from numba import types, typeof

from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.decks import rotate_left_nb
from simkit.core.rng import draw_nb
from simkit.core.stats_nb import ratio_add_nb
from simkit.games.macao.codes import POL_MIMIC, POL_THRESHOLD, POL_USER  # noqa: F401
from simkit.games.macao.rules import MacaoRules
from simkit.core.bundle import bundle
from simkit.games.banking_nb import (BANK_PASSED, bank_close_nb, bank_context, bank_core_nb,
                                     bank_inputs, bank_loop)

BUST = 10          # a hand's count after an overdraw under overdraw=bust
N_FINAL = 11       # counts 0..9 and bust
MAX_MULT = 9       # the largest multiplier a rule allows
N_PAYOUT = 2 * MAX_MULT + 1

#: count of each card code: A = 1, 2..9 their pips, 10 J Q K = 0 (000:219)
VALUE = np.zeros(64, dtype=np.int64)
for _c in range(52):
    _r = _c >> 2
    VALUE[_c] = _r + 2 if _r <= 7 else (1 if _r == 12 else 0)

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it,
#: then the multiplier table the game fills: ``opts[O.mult0 + v]`` = what a natural count
#: ``v`` pays (natural7/8/9 for 7..9, 1 below seven)
O = layout(MacaoRules, extra=tuple(f"mult{v}" for v in range(10)))
#: the codes of the choice options (``OVERDRAW.bust``, ``REPLACE_ZERO.punters`` ...)
OVERDRAW = choices(MacaoRules, "overdraw")
REPLACE_ZERO = choices(MacaoRules, "replace_zero")
TIE_PAYS = choices(MacaoRules, "tie_pays")
TIE_LOW = choices(MacaoRules, "tie_low")
LOSER_PAYS = choices(MacaoRules, "loser_pays")
SHOE_END = choices(MacaoRules, "shoe_end")

COUP_OK, COUP_VOID, COUP_ILLEGAL = 0, 1, 2
ERR_DRAW = 1
N_ERR = 8          # [code, unit, move, seat, count, natural, draws, coup]

#: user drawing function: draw(count, natural, draws, seat, drew, params) -> int64 (1 = draw, 0 = stand)
#:   count: the hand's count 0..9; natural: 1 while the hand has taken no voluntary draw
#:   (and, with replacement_is_draw, no replacement); draws: voluntary draws taken;
#:   seat: 1..P for the punters from the banker's left, 0 for the banker; drew: punters
#:   who have drawn so far this coup (the banker sees every punter's); params: float64[:].
DRAW_SIG = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64, types.float64[:])
DRAW_FN = types.FunctionType(DRAW_SIG)


@cfunc(DRAW_SIG, cache=True)
def no_user_draw_nb(count, natural, draws, seat, drew, params):
    """Placeholder passed where no user function is used (never called)."""
    return 0


@njit(cache=True, inline="always")
def decide_nb(code, params, fn, count, natural, draws, seat, drew):
    """A drawing policy's move: threshold = draw while the count is below ``params[0]``."""
    if code == POL_THRESHOLD:
        return np.int64(1) if count < params[0] else np.int64(0)
    return fn(count, natural, draws, seat, drew, params)


@njit(cache=True, inline="always")
def add_card_nb(count, value, overdraw):
    """The count after a voluntary draw of a card worth ``value``: past nine the card is
    ignored (void, 000:223's examples), the hand busts, or the units digit is kept."""
    total = count + value
    if total <= 9:
        return total
    if overdraw == OVERDRAW.void:
        return count
    if overdraw == OVERDRAW.bust:
        return np.int64(BUST)
    return total - 10


@njit(cache=True, inline="always")
def settle_nb(pc, pn, bc, bn, opts):
    """The punter's loss in stakes (negative = he is paid) for his count ``pc`` and
    natural flag ``pn`` against the banker's ``bc``, ``bn``.

    Beating the banker pays the natural multiplier (3/2/1 for natural 9/8/7, 000:225) or
    one stake; a tie pays the banker the 9/8/7 multiplier (000:227) or one stake below
    seven (or nothing with ``tie_low=push``); a beaten punter pays one stake (or the
    banker's natural multiplier with ``loser_pays=banker-natural``). A bust punter loses
    even to a bust banker."""
    lose = np.int64(1)
    if opts[O.loser_pays] == LOSER_PAYS.banker_natural and bn != 0 and bc <= 9:
        lose = opts[O.mult0 + bc]
    if pc == BUST:
        return lose
    if bc == BUST or pc > bc:
        return -opts[O.mult0 + pc] if pn != 0 else np.int64(-1)
    if pc == bc:
        if pc >= 7:
            return opts[O.mult0 + pc] if opts[O.tie_pays] == TIE_PAYS.natural else np.int64(1)
        return np.int64(1) if opts[O.tie_low] == TIE_LOW.lose else np.int64(0)
    return lose


@njit(cache=True, inline="always")
def take_nb(deck, cur, state, fixed, shoe_end):
    """Deal the next card of the shoe, or -1 when the coup must be voided.

    ``cur`` = [next position, position where this coup began, reshuffles]. When the shoe
    is used up mid-coup and ``shoe_end`` is reshuffle, the cards of earlier coups (the
    discards) are moved behind this coup's cards (an in-place rotation: an allocation
    here would slow every deal tenfold) and dealt next, shuffled (lazily) unless
    ``fixed``; with no discards left the coup is voided."""
    n = deck.shape[0]
    if cur[0] == n:
        if shoe_end == SHOE_END.void or cur[1] == 0:
            return np.int64(-1)
        s0 = cur[1]
        rotate_left_nb(deck, s0)
        cur[0] = n - s0
        cur[1] = 0
        cur[2] += 1
    c = deck[cur[0]] if fixed else draw_nb(deck, cur[0], state)
    cur[0] += 1
    return np.int64(c)


#: the statistics (``stats.<name>``; see :func:`macao_chunk_nb`)
MacaoStats, STATS_TYPE = bundle("MacaoStats", {"edge": 2, "bank": 2, "tenure": 1, "outcome": 1, "coup": 2,
                                                    "payout": 1, "pfinal": 1, "bfinal": 1, "counters": 1})

#: what the Python side passes the kernels (:func:`~simkit.games.banking_nb.bank_inputs`): the canonical
#: shoe, the ``opts`` (layout :data:`O`), the audit counts, the error record (``N_ERR``) and the punters' and
#: the banker's drawing policies (codes ``POL_*`` and parameters)
MacaoInputs = bank_inputs("MacaoInputs", ("pcode", "pparams", "bcode", "bparams"))
INPUTS_TYPE = typeof(MacaoInputs(np.zeros(1, np.uint8), np.zeros(1, np.int64), np.zeros(2, np.int64),
                                 np.zeros(N_ERR, np.int64), np.int64(0), np.zeros(1), np.int64(0), np.zeros(1)))
#: the user functions: ``(punter's draw, banker's draw)``
FNS_TYPE = types.Tuple((DRAW_FN, DRAW_FN))

#: the kernel context (:func:`~simkit.games.banking_nb.bank_context`): the loop's fields (``deck`` is the
#: shoe: shuffled lazily, or the hand-built cards), the inputs' own, ``fixed`` (hand-built cards: dealt in
#: order), ``cur`` (:func:`take_nb`), per seat (the banker last) ``count``, ``natural``, ``draws``, per punter
#: ``loss`` (:func:`coup_nb`) and the sorted shoe (audit)
MacaoCtx = bank_context("MacaoCtx", ("pcode", "pparams", "bcode", "bparams", "fixed", "cur", "count", "natural",
                                     "draws", "loss", "sorted0"))


# inline: the unit hook calls it once a coup with a borrowed context (no reference counting,
# and none of the context's thirty-odd arrays passed through a call).
@njit(cache=True, inline="always")
def coup_nb(ctx, fns):
    """Play one coup from ``ctx.deck`` at ``ctx.cur`` and fill, per seat (the banker last),
    ``ctx.count``, ``ctx.natural``, ``ctx.draws`` and, per punter, ``ctx.loss``. Returns
    ``COUP_OK``, ``COUP_VOID`` (the shoe ended and the coup is cancelled) or ``COUP_ILLEGAL``
    (``ctx.err`` = [ERR_DRAW, -, move, seat, count, natural, draws, -])."""
    deck, cur, state, fixed, opts, err = ctx.deck, ctx.cur, ctx.state, ctx.fixed, ctx.opts, ctx.err
    pcode, pparams, pfn, bcode, bparams, bfn = ctx.pcode, ctx.pparams, fns[0], ctx.bcode, ctx.bparams, fns[1]
    count, natural, draws, loss = ctx.count, ctx.natural, ctx.draws, ctx.loss
    p = opts[O.punters]
    shoe_end = opts[O.shoe_end]
    for s in range(p + 1):
        c = take_nb(deck, cur, state, fixed, shoe_end)
        if c < 0:
            return COUP_VOID
        count[s] = VALUE[c]
        natural[s] = 1
        draws[s] = 0
    drew = 0
    for s in range(p + 1):
        banker = s == p
        repl = opts[O.replace_zero]
        if repl == REPLACE_ZERO.all or (repl == REPLACE_ZERO.punters and not banker):
            while count[s] == 0:
                c = take_nb(deck, cur, state, fixed, shoe_end)
                if c < 0:
                    return COUP_VOID
                count[s] = VALUE[c]
                if opts[O.replacement_is_draw] != 0:
                    natural[s] = 0
        if banker and opts[O.banker_draws] == 0:
            continue
        if not banker and pcode == POL_MIMIC and opts[O.banker_draws] == 0:
            continue          # the banker never draws, so neither does his mimic
        while draws[s] < opts[O.max_draws] and count[s] != BUST:
            seat = 0 if banker else s + 1
            if banker or pcode == POL_MIMIC:
                move = decide_nb(bcode, bparams, bfn, count[s], natural[s], draws[s], seat, drew)
            else:
                move = decide_nb(pcode, pparams, pfn, count[s], natural[s], draws[s], seat, drew)
            if move != 0 and move != 1:
                err[0] = ERR_DRAW
                err[2] = move
                err[3] = s
                err[4] = count[s]
                err[5] = natural[s]
                err[6] = draws[s]
                return COUP_ILLEGAL
            if move == 0:
                break
            c = take_nb(deck, cur, state, fixed, shoe_end)
            if c < 0:
                return COUP_VOID
            v = VALUE[c]
            while v == 0 and opts[O.replace_drawn_zero] != 0:
                c = take_nb(deck, cur, state, fixed, shoe_end)
                if c < 0:
                    return COUP_VOID
                v = VALUE[c]
            count[s] = add_card_nb(count[s], v, opts[O.overdraw])
            natural[s] = 0
            draws[s] += 1
        if not banker and draws[s] > 0:
            drew += 1
    for s in range(p):
        loss[s] = settle_nb(count[s], natural[s], count[p], natural[p], opts)
    return COUP_OK


@njit(cache=True)
def _settle_ref_nb(pc, pn, bc, bn, opts):
    """Audit's independent settlement: the payment table of 000:225-235 written out case
    by case (winner first, then the amount)."""
    if pc == BUST:
        punter_wins = False
        tie = False
    elif bc == BUST:
        punter_wins = True
        tie = False
    else:
        punter_wins = pc > bc
        tie = pc == bc
    if punter_wins:
        if pn == 1 and pc == 9:
            return -opts[O.mult9]
        if pn == 1 and pc == 8:
            return -opts[O.mult8]
        if pn == 1 and pc == 7:
            return -opts[O.mult7]
        return -1
    if tie:
        if pc < 7:
            return 0 if opts[O.tie_low] == TIE_LOW.push else 1
        if opts[O.tie_pays] == TIE_PAYS.single:
            return 1
        return opts[O.mult0 + pc]
    if opts[O.loser_pays] == LOSER_PAYS.banker_natural and bn == 1 and 7 <= bc <= 9:
        return opts[O.mult0 + bc]
    return 1


@njit(cache=True)
def _audit_coup_nb(opts, count, natural, draws, loss):
    """(checks, violations) of one coup: counts in range, the draws each hand took
    allowed (independently of the kernel's loop), naturals undrawn, settlements equal to
    the reference table."""
    p = opts[O.punters]
    checks = 0
    bad = 0
    for s in range(p + 1):
        max_d = opts[O.max_draws] if (s < p or opts[O.banker_draws] != 0) else 0
        checks += 3
        if not (0 <= count[s] <= 9 or (count[s] == BUST and opts[O.overdraw] == OVERDRAW.bust and draws[s] > 0)):
            bad += 1
        if draws[s] < 0 or draws[s] > max_d:
            bad += 1
        if natural[s] == 1 and draws[s] > 0:
            bad += 1
    for s in range(p):
        checks += 1
        if loss[s] != _settle_ref_nb(count[s], natural[s], count[p], natural[p], opts):
            bad += 1
    return checks, bad


@njit(cache=True)
def _deck_conserved_nb(deck, sorted0):
    s = np.sort(deck)
    for i in range(s.shape[0]):
        if s[i] != sorted0[i]:
            return False
    return True


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One bank, i.e. one shoe (the unit hook of :func:`~simkit.games.banking_nb.bank_loop`):
    coups (:func:`coup_nb`) until the shoe is played out or a coup is voided, then the
    bank's statistics (see :func:`macao_chunk_nb`). False on an illegal draw decision
    (``ctx.err`` filled, ``err[1]`` = the unit, ``err[7]`` = the coup)."""
    stats, cur, count, natural, draws, loss = ctx.stats, ctx.cur, ctx.count, ctx.natural, ctx.draws, ctx.loss
    counters, payout, pfinal, bfinal, audit_out = stats.counters, stats.payout, stats.pfinal, stats.bfinal, \
        ctx.audit_out
    n = ctx.deck.shape[0]
    p = loss.shape[0]
    cur[:] = 0
    bank_loss = 0
    coups = 0
    wins = 0
    ties = 0
    pdrew = 0
    bdrew = 0
    naturals = 0
    while cur[0] < n and cur[2] == 0:
        cur[1] = cur[0]
        status = coup_nb(ctx, fns)
        if status == COUP_ILLEGAL:
            ctx.err[1] = unit
            ctx.err[7] = coups
            return False
        if status == COUP_VOID:
            counters[1] += 1
            break
        coups += 1
        for s in range(p):
            bank_loss += loss[s]
            payout[loss[s] + MAX_MULT] += 1
            pfinal[count[s]] += 1
            if loss[s] < 0:
                wins += 1
            elif count[s] == count[p] and count[s] != BUST:     # two busts: the punter's loss
                ties += 1
            if draws[s] > 0:
                pdrew += 1
            if natural[s] != 0 and count[s] >= 7:
                naturals += 1
        bfinal[count[p]] += 1
        if draws[p] > 0:
            bdrew += 1
        if audit:
            c, b = _audit_coup_nb(ctx.opts, count, natural, draws, loss)
            audit_out[0] += c
            audit_out[1] += b
    counters[0] += coups
    counters[2] += cur[2]
    counters[3] += coups * p
    if audit:
        audit_out[0] += 1
        if not _deck_conserved_nb(ctx.deck, ctx.sorted0):
            audit_out[1] += 1
    stakes = coups * p
    bank_close_nb(stats.edge, stats.bank, stats.tenure, stats.outcome, bank_loss, stakes, coups, BANK_PASSED)
    coup = stats.coup
    ratio_add_nb(coup, 0, wins, stakes)
    ratio_add_nb(coup, 1, ties, stakes)
    ratio_add_nb(coup, 2, pdrew, stakes)
    ratio_add_nb(coup, 3, bdrew, coups)
    ratio_add_nb(coup, 4, naturals, stakes)
    return True


run_banks_nb = bank_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE, types.boolean), cache=True)
def macao_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play banks ``start..stop-1`` and add their statistics to ``stats`` (:data:`MacaoStats`),
    with the unit hook :func:`unit_nb` (``inp``: :data:`MacaoInputs`; ``fns`` = the user
    functions ``(punter's draw, banker's draw)``, called only with ``POL_USER``).

    Bank statistics as :mod:`simkit.games.banking` (stakes = punter-coups). ``coup`` ratio
    rows per bank: 0 = (punter wins, stakes), 1 = (punter ties: equal counts, neither bust; stakes), 2 = (punter hands
    that drew, stakes), 3 = (banker drew, coups), 4 = (punter naturals of 7-9, stakes).
    ``payout``: the punter's loss per punter-coup, index ``loss + MAX_MULT``. ``pfinal``,
    ``bfinal``: final counts 0..9 and bust. ``counters`` = [coups, voided coups, shoe-end
    reshuffles, punter-coups]."""
    p = inp.opts[O.punters]
    ctx = MacaoCtx(*(bank_core_nb(inp, stats) + (
        inp.pcode, inp.pparams, inp.bcode, inp.bparams, False, np.zeros(3, dtype=np.int64),
        np.zeros(p + 1, dtype=np.int64), np.zeros(p + 1, dtype=np.int64), np.zeros(p + 1, dtype=np.int64),
        np.zeros(p, dtype=np.int64), np.sort(inp.deck0))))
    run_banks_nb(seed, start, stop, ctx, fns, audit)


@njit(types.int64(types.uint8[::1], INPUTS_TYPE, FNS_TYPE, types.int64[::1], types.int64[::1], types.int64[::1],
                  types.int64[::1], types.int64[::1]), cache=True)
def macao_fixed_coup_nb(cards, inp, fns, count, natural, draws, loss, cur):
    """One coup dealt from ``cards`` in the given order, starting at ``cur[0]`` (earlier
    positions are the discards of earlier coups); see :func:`coup_nb` (``count``,
    ``natural``, ``draws``, ``loss``; ``inp.deck0`` is not read)."""
    ctx = MacaoCtx(inp.deck0, inp.opts, None, inp.audit_out, inp.err, cards, np.zeros(4, dtype=np.uint64),
                   inp.pcode, inp.pparams, inp.bcode, inp.bparams, True, cur, count, natural, draws, loss, inp.deck0)
    cur[1] = cur[0]
    return coup_nb(ctx, fns)
