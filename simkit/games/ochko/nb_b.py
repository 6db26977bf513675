"""Ochko variant B: one bank = the banker's bank from a fresh shuffle until it passes
(seed 003 lines 8-17).

A round: one card to each punter, the banker's own last, and the bottom card turned face
up (003:9). The banker then plays each punter in turn from his left (003:10): the punter
looks at his card and claims any part of the bank (003:11), takes cards one at a time
and stands or busts (003:11), and before a further card may cut his stake in half
(003:16). The banker must make more than the punter to win (003:11); a losing punter pays
his stake into the bank (003:11). An empty bank ends the round and the bank passes
(003:13); a bank that has grown is played to the last punter holding a card and then
knocked («стук», 003:14); further rounds are dealt otherwise (003:15). Money left at the
end goes to the banker (003:17).
"""
import numpy as np
from numba import njit

from simkit.games.ochko.nb_core import (
    BANKER_HAND, BK_BANK, BK_BANK0, BK_END, BK_ROUNDS, DECK_END, DRAW, DS_BURN, DS_EXHAUSTED, DS_POS, END_BROKEN,
    END_DECK, END_KNOCK, END_ROUNDS, ERR_BANKER, ERR_DRAW, ERR_STAKE, GOLDEN, HALVE, H_N, INFO, O, OUT_BANKER_BUST,
    OUT_BANKER_GOLDEN, OUT_BANKER_HIGHER, OUT_PUNTER_BUST, OUT_PUNTER_GOLDEN, OUT_PUNTER_HIGHER, OUT_TIE, STAND,
    TIE, VALUES, audit_add_nb, banker_move_nb, clear_nb, conserved_nb, deal_nb, golden_nb, inline_kernel,
    keep_first_nb, kernel, punter_move_nb, record_nb, ref_total_nb, set_err_nb, stake_nb, total_nb)

# scratch columns per seat
SC_STAKE, SC_HALF, SC_TOTAL, SC_STANDING = 0, 1, 2, 3


@njit(cache=True)
def settle_b_nb(pt, bt, sh, tie):
    """(loss, outcome) of a standing punter with ``pt`` against the banker's final ``bt``
    (``GOLDEN`` = two aces that win), in half units (``sh`` = the stake in half units)."""
    if bt == GOLDEN:
        return sh, OUT_BANKER_GOLDEN
    if bt > 21:
        return -sh, OUT_BANKER_BUST
    if bt > pt:
        return sh, OUT_BANKER_HIGHER
    if bt < pt:
        return -sh, OUT_PUNTER_HIGHER
    if tie == TIE.banker:
        return sh, OUT_TIE
    if tie == TIE.punter:
        return -sh, OUT_TIE
    return 0, OUT_TIE


@kernel
def ref_loss_b_nb(pc, pn, bc, bn, sh, opts):
    """Audit: a punter's loss recomputed from the cards alone (``bn = 0``: the banker did
    not play)."""
    soft = opts[O.values] == VALUES.blackjack
    pt, pg = ref_total_nb(pc, pn, soft, opts[O.two_aces])
    if pg:
        return -sh
    if pt > 21:
        return sh
    bt, bg = ref_total_nb(bc, bn, soft, opts[O.two_aces])
    if bg:
        return sh
    if bt > 21 or bt < pt:
        return -sh
    if bt > pt:
        return sh
    return (0, sh, -sh)[opts[O.tie]]


@inline_kernel
def banker_play_nb(ctx, fns, k, audit, unit, rnd):
    """The banker draws to his hand until his policy stands (knowing the ``k`` totals
    ``ctx.targets[:k]``), he makes 21 or busts; returns his total (``GOLDEN`` for two
    winning aces), or -2 after an illegal move."""
    hands, hs, opts = ctx.hands, ctx.hs, ctx.opts
    soft = opts[O.values] == VALUES.blackjack
    aces = opts[O.two_aces]
    while True:
        if golden_nb(hs, 0, aces):
            return GOLDEN
        bt = total_nb(hs, 0, soft, aces)
        if bt >= 21:
            return bt
        mv = banker_move_nb(ctx, fns, 0, bt, soft, k, opts[O.tie])
        if audit:
            rt, rg = ref_total_nb(hands[0], hs[0, H_N], soft, aces)
            audit_add_nb(ctx.audit_out, 1, rt < 21 and not rg)
        if mv != STAND and mv != DRAW:
            set_err_nb(ctx.err, ERR_BANKER, unit, mv, 0, bt, hs[0, H_N], k, rnd)
            return -2
        if mv == STAND or deal_nb(ctx, 0) < 0:
            return bt


@inline_kernel
def _settle_record(ctx, s, loss, out, pt, bt, audit):
    """Settle punter ``s`` (``loss``, outcome ``out``, his total ``pt`` against the banker's
    ``bt``, -1 if the banker did not play): the bank, the records, the audit."""
    hands, hs, sc = ctx.hands, ctx.hs, ctx.sc
    if audit:
        bn = hs[0, H_N] if bt >= 0 else np.int64(0)
        ref = ref_loss_b_nb(hands[s], hs[s, H_N], hands[0], bn, sc[s, SC_HALF], ctx.opts)
        audit_add_nb(ctx.audit_out, 2, ref == loss)
    ctx.bk[BK_BANK] += loss
    record_nb(ctx, s, sc[s, SC_STAKE],
              1 if sc[s, SC_HALF] != 2 * sc[s, SC_STAKE] else 0, loss, out, pt,
              21 if bt == GOLDEN else bt, hs[s, H_N], hs[0, H_N] if bt >= 0 else 0)
    clear_nb(hs, s)


@kernel
def bank_b_nb(ctx, fns, audit, unit):
    """Play one variant-B bank (the context ``ctx``, the user functions ``fns``) from the
    current deck state; ``ctx.bk`` gets its figures. Returns False on an illegal move
    (``ctx.err`` says which)."""
    deck, ds, hands, hs, opts, sc, bk = ctx.deck, ctx.ds, ctx.hands, ctx.hs, ctx.opts, ctx.sc, ctx.bk
    targets, audit_out, err = ctx.targets, ctx.audit_out, ctx.err
    P = opts[O.punters]
    soft = opts[O.values] == VALUES.blackjack
    aces = opts[O.two_aces]
    tie = opts[O.tie]
    per_duel = opts[O.banker_hand] == BANKER_HAND.per_duel
    open_info = opts[O.info] == INFO.open
    n_cards = deck.shape[0]
    bk[BK_BANK] = bk[BK_BANK0]
    while True:
        rnd = bk[BK_ROUNDS]
        for s in range(1, P + 1):
            deal_nb(ctx, s)
        deal_nb(ctx, 0)
        if opts[O.burn_card] != 0 and ds[DS_BURN] != 0:
            deal_nb(ctx, -1)
            ds[DS_BURN] = 0
        claimed = 0
        standing = 0
        broken = False
        for s in range(1, P + 1):
            sc[s, SC_STANDING] = 0
            avail = bk[BK_BANK] - claimed
            if avail < 2:                              # less than one unit left to claim
                if per_duel:
                    broken = True
                    break
                clear_nb(hs, s)
                continue
            cap = avail // 2
            st = stake_nb(ctx, fns, hands[s, 0], cap)
            if st < 1 or st > cap:
                set_err_nb(err, ERR_STAKE, unit, st, s, -1, 1, cap, rnd)
                return False
            sc[s, SC_STAKE] = st
            sc[s, SC_HALF] = 2 * st
            halved = False
            pt = total_nb(hs, s, soft, aces)
            while pt < 21 and not golden_nb(hs, s, aces):
                can = 1 if opts[O.halving] != 0 and not halved else 0
                mv = punter_move_nb(ctx, fns, s, pt, soft, can, tie)
                if audit:
                    rt, rg = ref_total_nb(hands[s], hs[s, H_N], soft, aces)
                    audit_add_nb(audit_out, 1, rt < 21 and not rg and (mv != HALVE or (opts[O.halving] != 0
                                                                                        and sc[s, SC_HALF] == 2 * st)))
                if mv != STAND and mv != DRAW and not (mv == HALVE and can == 1):
                    set_err_nb(err, ERR_DRAW, unit, mv, s, pt, hs[s, H_N], can, rnd)
                    return False
                if mv == STAND:
                    break
                if mv == HALVE:
                    halved = True
                    sc[s, SC_HALF] = st
                if deal_nb(ctx, s) < 0:
                    break
                pt = total_nb(hs, s, soft, aces)
            sh = sc[s, SC_HALF]
            if golden_nb(hs, s, aces):
                _settle_record(ctx, s, -sh, OUT_PUNTER_GOLDEN, 21, -1, audit)
            elif pt > 21:
                _settle_record(ctx, s, sh, OUT_PUNTER_BUST, pt, -1, audit)
            elif per_duel:
                targets[0] = pt
                bt = banker_play_nb(ctx, fns, 1 if open_info else 0, audit, unit, rnd)
                if bt == -2:
                    return False
                loss, out = settle_b_nb(pt, bt, sh, tie)
                _settle_record(ctx, s, loss, out, pt, bt, audit)
                keep_first_nb(hands, hs, ctx.val, 0)
            else:
                sc[s, SC_STANDING] = 1
                sc[s, SC_TOTAL] = pt
                claimed += sh
                standing += 1
            if audit:
                audit_add_nb(audit_out, 0, conserved_nb(deck, ctx.deck0, ds, hands, hs, ctx.counts))
            if per_duel and bk[BK_BANK] < 2:
                broken = True
                break
        if not per_duel and not broken and standing > 0:     # no one standing: the banker does not draw
            k = 0
            if open_info:
                for s in range(1, P + 1):
                    if sc[s, SC_STANDING] != 0:
                        targets[k] = sc[s, SC_TOTAL]
                        k += 1
            bt = banker_play_nb(ctx, fns, k, audit, unit, rnd)
            if bt == -2:
                return False
            for s in range(1, P + 1):
                if sc[s, SC_STANDING] != 0:
                    loss, out = settle_b_nb(sc[s, SC_TOTAL], bt, sc[s, SC_HALF], tie)
                    _settle_record(ctx, s, loss, out, sc[s, SC_TOTAL], bt, audit)
            if audit:
                audit_add_nb(audit_out, 0, conserved_nb(deck, ctx.deck0, ds, hands, hs, ctx.counts))
        broken = broken or bk[BK_BANK] < 2
        for s in range(P + 1):
            clear_nb(hs, s)
        bk[BK_ROUNDS] += 1
        if broken:
            bk[BK_END] = END_BROKEN
            return True
        if bk[BK_BANK] >= opts[O.knock_multiple] * bk[BK_BANK0]:
            bk[BK_END] = END_KNOCK
            return True
        if opts[O.deck_end] == DECK_END.pass_ and (ds[DS_EXHAUSTED] != 0 or ds[DS_POS] == n_cards):
            bk[BK_END] = END_DECK
            return True
        if opts[O.max_rounds] > 0 and bk[BK_ROUNDS] >= opts[O.max_rounds]:
            bk[BK_END] = END_ROUNDS
            return True
