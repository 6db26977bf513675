"""The banking games' bank accounting kernels (:func:`bank_close_nb`; the constants they
share with the pandas side, :mod:`simkit.games.banking`, live in
:mod:`simkit.games.banking_codes`), and their kernel
frame: one named context per game and the banks' unit loop.

**The loop is shared.** A banking game's chunk kernel (``<game>_chunk_nb(seed, start,
stop, inp, fns, stats, audit)``, called through ``.entry()``) makes its context and hands
it to the loop made from its unit hook::

    run_banks_nb = bank_loop(unit_nb)

    @njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE,
                     types.boolean), cache=True)
    def game_chunk_nb(seed, start, stop, inp, fns, stats, audit):
        ctx = GameCtx(*(bank_core_nb(inp, stats) + (its own inputs and work arrays, ...)))
        run_banks_nb(seed, start, stop, ctx, fns, audit)

:func:`bank_loop` borrows the context (:mod:`simkit.core.borrow`) and for every bank polls
for Ctrl-C every :data:`~simkit.core.interrupt_nb.POLL_EVERY`-th unit, starts the unit's
stream ``ctx.state`` = ``(seed, unit)``, puts ``ctx.deck`` back in its canonical order
``ctx.deck0`` and calls the game's ``unit_nb(ctx, fns, unit, audit)``, which plays the
bank and records it in ``ctx.stats``; False (an illegal stake or move, ``ctx.err`` filled)
stops the loop.

**One context per game** (:func:`bank_context`): a named tuple of :data:`BANK_FIELDS`
(the canonical deck, the ``opts`` in the game's :func:`~simkit.core.options.layout`, the
statistics bundle, the audit counts, the error record, the deck, the stream state) and
the game's own fields (policies, work arrays), each by name. The Python side passes what
it owns as one inputs tuple (:func:`bank_inputs`), the statistics as one bundle
(:func:`simkit.core.bundle.bundle`) and the user functions as one tuple ``fns``.

These are :func:`simkit.core.trick_game.context` and :func:`~simkit.core.trick_game.bundle`
made for the banks: the banking games do not import the trick engine (their kernels'
cache folders do not depend on it, :mod:`simkit._cache`).
"""
from __future__ import annotations


import numpy as np
from numba import njit

from simkit.core.bundle import caller_module, record
from simkit.core.borrow import borrowed
from simkit.core.jit import require_inline
from simkit.core.interrupt_nb import poll_every_nb
from simkit.core.rng import seed_stream_nb
from simkit.core.stats_nb import moment_add_nb, ratio_add_nb
from simkit.games.banking_codes import (BANK_BROKEN, BANK_CAPPED, BANK_PASSED, BANK_TRIPLED,  # noqa: F401
                                        N_TENURE, OUTCOME_NAMES, TENURE_EDGES)


@njit(cache=True)
def tenure_bin_nb(coups):
    """Index of the :data:`TENURE_EDGES` bin holding ``coups``."""
    return np.searchsorted(TENURE_EDGES, coups, side="right") - 1


@njit(cache=True)
def bank_close_nb(edge, bank_mom, tenure, outcome, loss, staked, coups, how):
    """Record one finished bank: the punters' total ``loss`` (the banker's net), their
    total ``staked``, its tenure ``coups`` and ``how`` it ended (``BANK_*``)."""
    ratio_add_nb(edge, 0, loss, staked)
    moment_add_nb(bank_mom, 0, loss)
    moment_add_nb(bank_mom, 1, coups)
    tenure[tenure_bin_nb(coups)] += 1
    outcome[how] += 1


#: the loop's fields of every banking game's context, in this order (see the module doc)
BANK_FIELDS = ("deck0", "opts", "stats", "audit_out", "err", "deck", "state")
#: the fields of every banking game's inputs, first (:func:`bank_inputs`)
BANK_INPUTS = ("deck0", "opts", "audit_out", "err")


def bank_inputs(name: str, own=()):
    """A game's inputs class: a named tuple of :data:`BANK_INPUTS` (the canonical deck
    ``uint8``, the ``opts``, the audit counts ``[checks, violations]``, the error record)
    and the game's own fields ``own`` (policy codes and parameters, ...), what the Python
    side passes the chunk kernel besides the units, the user functions and the
    statistics. Assign it to a global of the calling module with the same name."""
    return record(name, BANK_INPUTS, own, module=caller_module(), what="input field")


def bank_context(name: str, own=()):
    """A game's kernel context class: a named tuple of :data:`BANK_FIELDS` and the game's
    own fields ``own`` (its policies, work arrays), built in the chunk kernel as
    ``Ctx(*(bank_core_nb(inp, stats) + (own fields in this order)))``. Assign it to a
    global of the calling module with the same name (as :func:`simkit.core.bundle.bundle`)."""
    return record(name, BANK_FIELDS, own, module=caller_module(), what="context field")


# not cached: it takes a game's own types (its statistics bundle or context), and a copy cached here would
# index every game's types in this module's cache; it is compiled into each game's chunk kernel, cached there
@njit
def bank_core_nb(inp, stats):
    """The loop's fields of a chunk's context (:data:`BANK_FIELDS`): ``inp``'s arrays,
    ``stats``, a copy of the canonical deck and a stream state."""
    return (inp.deck0, inp.opts, stats, inp.audit_out, inp.err, inp.deck0.copy(), np.zeros(4, np.uint64))


def bank_loop(unit_nb):
    """The banks' unit loop for the game's unit hook ``unit_nb``:
    ``run_banks_nb(seed, start, stop, ctx, fns, audit)`` plays banks ``start..stop-1`` of
    ``seed``: for each it polls for Ctrl-C (every
    :data:`~simkit.core.interrupt_nb.POLL_EVERY`-th unit: a bank takes tens of
    nanoseconds), starts the stream ``ctx.state`` = ``(seed, unit)``, copies ``ctx.deck0``
    into ``ctx.deck`` and calls ``unit_nb(ctx, fns, unit, audit)``; it stops at the first
    bank whose hook returns False. ``ctx`` is borrowed there (:mod:`simkit.core.borrow`):
    the chunk kernel that calls it holds the arrays.

    Made once per game at the import of its kernels (``run_banks_nb = bank_loop(unit_nb)``),
    so the hook is a constant of the loop. The hook must be compiled ``inline="always"``
    (``ValueError`` otherwise) and must not call :func:`~simkit.core.borrow.borrowed`. Not
    cached itself: it is compiled into the game's chunk kernel, cached in the game's folder
    (as :func:`simkit.core.trick_game.unit_loop`)."""
    require_inline(unit_nb, "bank_loop")

    @njit
    def run_banks_nb(seed, start, stop, ctx, fns, audit):
        ctx = borrowed(ctx)
        deck, deck0 = ctx.deck, ctx.deck0
        for unit in range(start, stop):
            poll_every_nb(unit)
            seed_stream_nb(ctx.state, seed, unit)
            for i in range(deck.shape[0]):      # a unit's deal must not depend on the previous unit
                deck[i] = deck0[i]
            if not unit_nb(ctx, fns, unit, audit):
                return
    return run_banks_nb
