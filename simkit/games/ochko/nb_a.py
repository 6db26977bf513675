"""Ochko variant A: one bank = deals from one shuffled deck until it is played through
(seed 003 lines 1-7).

A deal: two cards to everyone, one at a time, the banker last (003:1). The banker looks
first; with 21 he shows it and takes every stake (003:1). Otherwise each punter in turn
looks; a two-card 21 wins double (003:3); the others buy one card at a time, at most 3
(003:3); the banker buys last on the same terms (003:4). Then all hands are compared: a
higher total not over 21 wins (003:5); equal totals: stake withdrawn (003:6); a banker's
bust pays every punter who has not bust double (003:6); both bust: withdrawn (003:7).
The banker may take the bank when the deck is played through (003:7).
"""
from simkit.games.ochko.nb_core import (
    BK_END, BK_ROUNDS, DECK_END, DRAW, DS_EXHAUSTED, DS_POS, END_DECK, END_ROUNDS, ERR_BANKER, ERR_DRAW, ERR_STAKE,
    H_N, MAX_STAKE, NATURAL_VS_NATURAL, O, OUT_BANKER_BUST, OUT_BANKER_HIGHER, OUT_BANKER_NATURAL, OUT_BOTH_BUST,
    OUT_NATURAL_TIE, OUT_PUNTER_BUST, OUT_PUNTER_HIGHER, OUT_PUNTER_NATURAL, OUT_TIE, STAND, TIE, VALUES,
    audit_add_nb, banker_move_nb, clear_nb, conserved_nb, deal_nb, kernel, punter_move_nb, record_nb, ref_total_nb,
    set_err_nb, stake_nb, total_nb)

# scratch columns per seat
SC_STAKE, SC_LOSS, SC_OUT, SC_DONE = 0, 1, 2, 3


@kernel
def settle_a_nb(pt, bt, s2, opts):
    """(loss, outcome) of a punter still in play after the banker has drawn, in half units
    (``s2`` = twice the stake)."""
    pb = pt > 21
    bb = bt > 21
    if pb and bb:
        return 0, OUT_BOTH_BUST
    if pb:
        return s2, OUT_PUNTER_BUST
    if bb:
        return -opts[O.banker_bust_pays] * s2, OUT_BANKER_BUST
    if pt > bt:
        return -opts[O.higher_pays] * s2, OUT_PUNTER_HIGHER
    if pt < bt:
        return s2, OUT_BANKER_HIGHER
    tie = opts[O.tie]
    if tie == TIE.banker:
        return s2, OUT_TIE
    if tie == TIE.punter:
        return -opts[O.higher_pays] * s2, OUT_TIE
    return 0, OUT_TIE


@kernel
def ref_loss_a_nb(pc, pn, bc, bn, s2, opts):
    """Audit: a punter's loss recomputed from both hands' cards alone."""
    soft = opts[O.values] == VALUES.blackjack
    pt, _ = ref_total_nb(pc, pn, soft, opts[O.two_aces])
    bt, _ = ref_total_nb(bc, bn, soft, opts[O.two_aces])
    if bn == 2 and bt == 21:
        if pn == 2 and pt == 21 and opts[O.natural_vs_natural] == NATURAL_VS_NATURAL.push:
            return 0
        return s2
    if pn == 2 and pt == 21:
        return -opts[O.natural_pays] * s2
    if bt > 21:
        return 0 if pt > 21 else -opts[O.banker_bust_pays] * s2
    if pt > 21:
        return s2
    if pt == bt:
        return (0, s2, -opts[O.higher_pays] * s2)[opts[O.tie]]
    return s2 if bt > pt else -opts[O.higher_pays] * s2


@kernel
def bank_a_nb(ctx, fns, audit, unit):
    """Play one variant-A bank (the context ``ctx``, the user functions ``fns``) from the
    current deck state; ``ctx.bk`` gets its figures. Returns False on an illegal move
    (``ctx.err`` says which)."""
    deck, ds, hands, hs, opts, sc, bk = ctx.deck, ctx.ds, ctx.hands, ctx.hs, ctx.opts, ctx.sc, ctx.bk
    audit_out, err = ctx.audit_out, ctx.err
    P = opts[O.punters]
    soft = opts[O.values] == VALUES.blackjack
    aces = opts[O.two_aces]
    tie = opts[O.tie]
    maxn = 2 + opts[O.max_draws]
    n_cards = deck.shape[0]
    while True:
        for s in range(1, P + 1):
            st = stake_nb(ctx, fns, -1, -1)
            if st < 1 or st > MAX_STAKE:
                set_err_nb(err, ERR_STAKE, unit, st, s, -1, 0, MAX_STAKE, bk[BK_ROUNDS])
                return False
            sc[s, SC_STAKE] = st
            sc[s, SC_DONE] = 0
        for _ in range(2):
            for s in range(1, P + 1):
                deal_nb(ctx, s)
            deal_nb(ctx, 0)
        bt = total_nb(hs, 0, soft, aces)
        if bt == 21:                                   # the banker's natural takes every stake
            for s in range(1, P + 1):
                both = total_nb(hs, s, soft, aces) == 21
                sc[s, SC_LOSS] = 0 if both and opts[O.natural_vs_natural] == NATURAL_VS_NATURAL.push else 2 * sc[s, SC_STAKE]
                sc[s, SC_OUT] = OUT_NATURAL_TIE if both else OUT_BANKER_NATURAL
                sc[s, SC_DONE] = 1
        else:
            banker_bust = bt > 21                       # two plain aces: he has bust already
            for s in range(1, P + 1):
                pt = total_nb(hs, s, soft, aces)
                if pt == 21:
                    sc[s, SC_LOSS] = -opts[O.natural_pays] * 2 * sc[s, SC_STAKE]
                    sc[s, SC_OUT] = OUT_PUNTER_NATURAL
                    sc[s, SC_DONE] = 1
                    continue
                if banker_bust:
                    continue                           # any hand not bust is paid: no reason to buy
                while pt < 21 and hs[s, H_N] < maxn:
                    mv = punter_move_nb(ctx, fns, s, pt, soft, 0, tie)
                    if audit:
                        rt, _ = ref_total_nb(hands[s], hs[s, H_N], soft, aces)
                        audit_add_nb(audit_out, 1, rt < 21 and hs[s, H_N] < maxn)
                    if mv != STAND and mv != DRAW:
                        set_err_nb(err, ERR_DRAW, unit, mv, s, pt, hs[s, H_N], 0, bk[BK_ROUNDS])
                        return False
                    if mv == STAND or deal_nb(ctx, s) < 0:
                        break
                    pt = total_nb(hs, s, soft, aces)
            open_stakes = 0                             # the banker buys only if someone's stake is still open
            for s in range(1, P + 1):
                open_stakes += 1 - sc[s, SC_DONE]
            while open_stakes > 0 and not banker_bust and bt < 21 and hs[0, H_N] < maxn:
                mv = banker_move_nb(ctx, fns, 0, bt, soft, 0, tie)
                if audit:
                    rt, _ = ref_total_nb(hands[0], hs[0, H_N], soft, aces)
                    audit_add_nb(audit_out, 1, rt < 21 and hs[0, H_N] < maxn)
                if mv != STAND and mv != DRAW:
                    set_err_nb(err, ERR_BANKER, unit, mv, 0, bt, hs[0, H_N], 0, bk[BK_ROUNDS])
                    return False
                if mv == STAND or deal_nb(ctx, 0) < 0:
                    break
                bt = total_nb(hs, 0, soft, aces)
            for s in range(1, P + 1):
                if sc[s, SC_DONE] == 0:
                    loss, out = settle_a_nb(total_nb(hs, s, soft, aces), bt, 2 * sc[s, SC_STAKE], opts)
                    sc[s, SC_LOSS] = loss
                    sc[s, SC_OUT] = out
        if audit:
            audit_add_nb(audit_out, 0, conserved_nb(deck, ctx.deck0, ds, hands, hs, ctx.counts))
        for s in range(1, P + 1):
            if audit:
                ref = ref_loss_a_nb(hands[s], hs[s, H_N], hands[0], hs[0, H_N], 2 * sc[s, SC_STAKE], opts)
                audit_add_nb(audit_out, 2, ref == sc[s, SC_LOSS])
            record_nb(ctx, s, sc[s, SC_STAKE], 0, sc[s, SC_LOSS], sc[s, SC_OUT], total_nb(hs, s, soft, aces), bt,
                      hs[s, H_N], hs[0, H_N])
            clear_nb(hs, s)
        clear_nb(hs, 0)
        bk[BK_ROUNDS] += 1
        if opts[O.deck_end] == DECK_END.pass_ and (ds[DS_EXHAUSTED] != 0 or ds[DS_POS] == n_cards):
            bk[BK_END] = END_DECK
            return True
        if opts[O.max_rounds] > 0 and bk[BK_ROUNDS] >= opts[O.max_rounds]:
            bk[BK_END] = END_ROUNDS
            return True
