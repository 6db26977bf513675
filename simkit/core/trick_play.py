"""The trick-game engine's play: the loop over tricks and seats every trick game runs.

:func:`play_tricks_nb` plays a deal's tricks: each seat in turn gets the cards it may play,
plays the one legal card or asks its policy (random and user functions are the engine's,
a game's built-in policies its ``choose`` hook), the card is checked against the legal
set, audited against the independent :func:`~simkit.core.tricks.legal_ref_nb`, and the
shared table state (:mod:`simkit.core.tricks` ``S_*``) that built-in and user policies
read is kept. What a player may play is data in the state, so the engine computes it
inline (no call per card):

* ``S_FOLLOW``: the follow obligations (``F_*`` flags: ``F_SUIT``, ``F_SUIT | F_TRUMP``,
  ``0`` = any card while 66's stock lasts, ...);
* ``S_LEAD_BAN``: an effective suit that may not be led until it is open (-1 none);
* ``S_BREAK``: when the banned suit opens (``BREAK_NEVER`` King's hearts,
  ``BREAK_DISCARD`` Spades' literal rule, ``BREAK_ANY`` Spades' ``any_spade``), kept in
  ``S_BROKEN``.

:func:`~simkit.core.tricks.start_deal_nb` sets the plain rule (follow suit, no ban); the
game sets its own after it, and may change any of them between tricks.

A game's rules that are code are two hooks, ``@cfunc`` callbacks of fixed signatures that
the game's kernel receives from Python (like the user-function placeholders) and hands to
the loop, so one compiled loop serves every game and caches (numba cannot cache a
function that holds dispatcher constants next to first-class function arguments):

``choose(code, seat, hand, legal, state, trick, tt, params, opts) -> card`` (:data:`CHOOSE_SIG`)
    the game's built-in play policies (codes from :data:`PLAY_BUILTIN`; ``trick`` = the
    cards of the trick so far (``tricks.trick_view_nb(state)``), ``tt`` = the trick table
    ``tables[state[S_TABLE]]``, ``params`` = the play parameters of every seat (row
    ``seat`` is this seat's), ``opts`` the game's option array: the loop's own arrays,
    so a call makes no slices); asked only when the seat has a choice;
``after_trick(hands, state, opts, pst, err) -> bool`` (:data:`AFTER_SIG`)
    between tricks (``state[S_LEADER]`` = the winner, who leads next): draw from a stock,
    close it, declare a marriage, change trump (set ``S_TABLE`` and ``S_TRUMP``: the loop
    takes the new trick table), change ``S_FOLLOW`` or ``S_LEAD_BAN`` (e.g. per leader);
    False stops the deal (``err`` filled by the hook). A game with nothing between tricks
    passes :func:`no_after_trick_cb` and ``between=False`` (the loop skips the call).

**The hooks' context.** The loop hands its ``opts`` argument to both hooks as it is, so a
game whose hooks are ``@njit`` functions (called directly, through
:func:`play_tricks_inline_nb`) passes its whole kernel context there
(:func:`~simkit.core.trick_game.context`) and its hooks take it in the place of the
options: ``choose(code, seat, hand, legal, state, trick, tt, params, ctx)``,
``after_trick(hands, state, ctx, pst, err)``, reading ``ctx.opts``, the game's work
arrays and its *scratch record* ``ctx.scratch`` (the hooks' own state between calls,
slots named by :func:`~simkit.core.trick_game.scratch_layout`), so ``hands`` holds only
the hands and ``state`` only the table state. Such hooks are compiled into the game's
kernels, and the ``cfunc`` slots of ``fns`` are placeholders (:func:`no_choose_cb`,
:func:`no_after_trick_cb`). Keep the wrapper the loop calls ``inline="always"`` and
pass on only the arrays a non-inlined body needs: a call per trick or card with the
whole context costs (Sixty-six, both Marriages, King, Thousand).

The deal's shape lives in the state too: the loop plays tricks ``S_TRICK_NO`` to
``S_TRICKS - 1`` with ``S_PLAYERS`` active seats ``0..S_PLAYERS-1`` clockwise from
``S_LEADER`` (a game whose dealer sits out maps its table seats onto the active ones) and
trick table ``tables[S_TABLE]``. A deal played in halves (Kozel) sets ``S_TRICKS`` to the
first half's tricks, plays, deals the rest, raises ``S_TRICKS`` and plays again.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from simkit.core.jit import cfunc
from simkit.core.trick_codes import (E_BROKEN, E_CARDS, E_DEAL, E_EXTRA, E_HAND, E_KIND, E_LED,  # noqa: F401
                                     E_LEGAL, E_MOVE, E_PHASE, E_SEAT, E_TRICK, E_TRUMP, E_UNIT, ERR_GAME,
                                     ERR_PLAY, N_ERR, PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER, R_PLAY,
                                     SeatPolicies)
from simkit.core.tricks import (BREAK_ANY, BREAK_DISCARD, F_SUIT, S_BREAK, S_BROKEN, S_CARDS, S_DEAL_NO, S_FOLLOW,
                                S_LEAD_BAN, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SEAT, S_TABLE, S_TRICK_NO,
                                S_TRICKS, S_TRUMP, S_VOIDS, TT_ESUIT, TT_SUIT_BITS, close_trick_nb, legal_full_nb,
                                legal_ref_nb, lowest_card_nb, random_card_nb, trick_view_nb)

#: the game hooks' signatures (see the module doc)
CHOOSE_SIG = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64[::1], types.int64[::1],
                         types.int64[::1], types.float64[:, ::1], types.int64[::1])
CHOOSE_FN = types.FunctionType(CHOOSE_SIG)
AFTER_SIG = types.boolean(types.int64[::1], types.int64[::1], types.int64[::1], types.uint64[::1], types.int64[::1])
AFTER_FN = types.FunctionType(AFTER_SIG)



@njit(cache=True)
def illegal_move_nb(err, kind, seat, move, hand, bound, deal_no, phase):
    """Fill ``err`` (the shared layout ``E_*``) for an illegal move other than a card (a
    bid, a call, an exchange, a declaration, a claim): the game's error ``kind``
    (>= ``ERR_GAME``), the seat, its move and hand, the game's ``bound`` on the move
    (``E_LEGAL``), the deal and the game's ``phase`` code; a game adds its own fields."""
    err[E_KIND] = kind
    err[E_SEAT] = seat
    err[E_MOVE] = move
    err[E_HAND] = hand
    err[E_LEGAL] = bound
    err[E_DEAL] = deal_no
    err[E_PHASE] = phase


@njit(cache=True)
def illegal_play_nb(err, state, seat, card, hand, legal, trick, n):
    """Fill ``err`` for an illegal card (the shared layout ``E_*``)."""
    err[E_KIND] = ERR_PLAY
    err[E_SEAT] = seat
    err[E_MOVE] = card
    err[E_HAND] = hand
    err[E_LEGAL] = legal
    err[E_DEAL] = state[S_DEAL_NO]
    err[E_TRICK] = state[S_TRICK_NO]
    err[E_LED] = trick[0] if n > 0 else -1
    err[E_BROKEN] = state[S_BROKEN]
    err[E_TRUMP] = state[S_TRUMP]
    err[E_CARDS] = state[S_CARDS]


@njit(cache=True)
def audit_card_nb(hand, legal, card, trick, n, state, tt, audit_out):
    """Audit one card: the legal set the loop computed against the independent reference
    (:func:`~simkit.core.tricks.legal_ref_nb`), and the card in it."""
    audit_out[0] += 1
    ref = legal_ref_nb(hand, trick, n, tt, state[S_FOLLOW], state[S_LEAD_BAN], state[S_BROKEN])
    if ref != legal or (ref >> card) & 1 == 0:
        audit_out[1] += 1


@njit(cache=True)
def play_tricks_nb(choose_fn, after_fn, between, hands, state, tables, opts, seats, play_fn, pst, audit, audit_out,
                   err):
    """Play tricks ``S_TRICK_NO .. S_TRICKS-1`` of the deal in ``state`` from the seat
    ``S_LEADER`` (see the module doc): each seat in turn plays a legal card (the one legal
    card without asking; else its policy: random, user ``play_fn`` or the game's
    ``choose_fn``); the card leaves the hand, joins the trick and the played set, a
    seat not following the led suit is marked void in it (``S_VOIDS``), a banned suit
    opens by the ``S_BREAK`` rule; the trick's winner
    (:func:`~simkit.core.tricks.close_trick_nb`) leads the next, after
    ``after_fn`` (when ``between``); ``opts`` goes to both hooks as it is (the option
    array, or the game's context: module doc). Policy randomness comes from stream ``pst``. Returns False on
    an illegal card (``err`` filled, :func:`illegal_play_nb`) or when ``after_trick``
    stops the deal."""
    players = state[S_PLAYERS]
    trick = trick_view_nb(state)
    codes = seats.code[R_PLAY]
    params = seats.params[R_PLAY]
    table = state[S_TABLE]
    tt = tables[table]
    seat = state[S_LEADER]
    broken = state[S_BROKEN]
    for _ in range(state[S_TRICKS] - state[S_TRICK_NO]):
        follow = state[S_FOLLOW]
        ban = state[S_LEAD_BAN]
        brk = state[S_BREAK]
        led = -1
        for n in range(players):
            hand = hands[seat]
            # the legal cards, the plain cases written out (an inlined helper costs reference counting per card)
            if n > 0:
                if follow == F_SUIT:
                    legal = hand & tt[TT_SUIT_BITS + led]
                    if legal == 0:
                        legal = hand
                elif follow == 0:
                    legal = hand
                else:
                    legal = legal_full_nb(hand, trick, n, tt, follow, ban, broken)
            elif ban < 0 or broken:
                legal = hand
            else:
                legal = hand & ~tt[TT_SUIT_BITS + ban]
                if legal == 0:
                    legal = hand
            if legal & (legal - 1) == 0:
                card = lowest_card_nb(legal)
            else:
                state[S_SEAT] = seat
                state[S_N_IN_TRICK] = n
                code = codes[seat]
                if code == PLAY_RANDOM:
                    card = random_card_nb(legal, pst)
                elif code == PLAY_USER:
                    card = play_fn(hand, legal, state, params[seat])
                else:
                    card = choose_fn(code, seat, hand, legal, state, trick, tt, params, opts)
                if card < 0 or card > 62 or (legal >> card) & 1 == 0:
                    illegal_play_nb(err, state, seat, card, hand, legal, trick, n)
                    return False
            if audit:
                audit_card_nb(hand, legal, card, trick, n, state, tt, audit_out)
            bit = np.int64(1) << card
            hands[seat] = hand & ~bit
            trick[n] = card
            state[S_PLAYED] |= bit
            es = tt[TT_ESUIT + card]
            if n == 0:
                led = es
            elif es != led:
                state[S_VOIDS] |= np.int64(1) << (seat * 5 + led)
            if es == ban and not broken and (brk == BREAK_ANY or (brk == BREAK_DISCARD and led != ban)):
                broken = 1
                state[S_BROKEN] = 1
            seat = seat + 1 if seat + 1 < players else 0
        state[S_N_IN_TRICK] = players
        seat = close_trick_nb(state, trick, tt)
        if between:                             # the call alone costs 4 % of a random deal
            if not after_fn(hands, state, opts, pst, err):
                return False
            seat = state[S_LEADER]
            broken = state[S_BROKEN]
            if state[S_TABLE] != table:
                table = state[S_TABLE]
                tt = tables[table]
    return True


@cfunc(AFTER_SIG, cache=True)
def no_after_trick_cb(hands, state, opts, pst, err):
    """``after_trick`` of a game with nothing between tricks."""
    return True


@cfunc(CHOOSE_SIG, cache=True)
def no_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """``choose`` in ``fns`` of a game whose kernels call their own ``@njit`` choose hook
    (the hooks' context, module doc); never called by them. Returns -1 (no card: an
    illegal move), so a kernel that called it by mistake stops with an error."""
    return -1


#: :func:`play_tricks_nb` compiled into its caller (``inline="always"``), for a kernel that
#: passes its game's ``after_trick`` hook as an ``@njit`` function (not the ``cfunc``):
#: the hook is then a direct call, which the compiler may inline too, instead of a call
#: through a function pointer with five array structs to pass (about 10 ns a trick, 5-8 % of
#: a Marriage for four deal). Each such call site compiles its own copy of the loop, so
#: use it on the hot path only (one call site per kernel).
play_tricks_inline_nb = njit(inline="always")(play_tricks_nb.py_func)
