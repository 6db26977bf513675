"""The trick-game engine: the unit loop, a game's kernel context, units and their streams,
the deck, statistics bundles.

**The engine owns the loop.** A trick game's chunk kernel (``<game>_chunk_nb``, one call
per chunk of units, typed :func:`chunk_signature`) makes its context and hands it to the
engine with its unit hook::

    run_units_nb = unit_loop(unit_nb)

    @njit(chunk_signature(STATS_TYPE, PLAY_FN), cache=True)
    def game_chunk_nb(seed, start, stop, inp, fns, stats, audit):
        ctx = GameCtx(*(trick_core_nb(inp, stats) + (its own work arrays, ...)))
        run_units_nb(seed, start, stop, ctx, fns, audit)

The loop (:func:`unit_loop`) borrows the context (no reference counting in the calls below
it), and for every unit polls for Ctrl-C, starts the unit's streams and deck
(:func:`start_unit_nb`) and calls the game's unit hook ``unit_nb(ctx, fns, unit, audit)``, which deals
(:func:`shuffle_top_nb`, then :func:`~simkit.core.tricks.deal_round_nb` or the game's
own), bids, plays (:mod:`simkit.core.trick_play`) and scores into ``ctx.stats``; it
returns False on an illegal move (``ctx.err`` filled) and the loop stops.

**One context per game** (:func:`context`): a named tuple of the engine's fields
(:data:`TRICK_FIELDS`: the canonical deck, the ``opts`` in the game's
:func:`~simkit.core.options.layout`, the trick tables, the seats' policies, the
statistics bundle, the audit counts, the error record, the deck, the deal and policy
streams, the table state, the hands) and the game's own work arrays, each by name:
``ctx.state``, ``ctx.stats.points_hist``, ``ctx.marks``. A kernel takes ``ctx`` where it
took a dozen arrays, so two of them cannot be swapped unnoticed. The Python side passes
what it owns as one :class:`TrickInputs` and the hooks (``choose``, ``after_trick``, the
user functions in role order) as one tuple ``fns``.

Unit ``u`` of seed ``s`` deals from the stream ``(s, u)`` and draws policy randomness
(random play, sampled deals) from its policy stream
(:func:`~simkit.core.tricks.policy_stream_nb`), so two policies compared on one seed
see the same deals.

Statistics reach the kernel as one named bundle (:func:`simkit.core.bundle.bundle`), per-seat policies as a
:class:`~simkit.core.trick_play.SeatPolicies` (:data:`SEATS_TYPE`).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit, types, typeof

from simkit.core.borrow import borrowed
from simkit.core.bundle import bundle, caller_module, record  # noqa: F401 (bundle: the games import it here)
from simkit.core.jit import require_inline
from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.core.trick_play import AFTER_FN, CHOOSE_FN, E_UNIT, SeatPolicies
from simkit.core.tricks import MAX_SEATS, S_SIZE, policy_stream_nb

@njit(cache=True)
def unit_arrays_nb(deck0):
    """A chunk's work arrays: ``(deck, dst, pst, state, hands)`` = a copy of the canonical
    deck, the deal and policy streams, the table state, the hand bitmasks."""
    return (deck0.copy(), np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(S_SIZE, np.int64),
            np.zeros(MAX_SEATS, np.int64))


@njit(cache=True)
def start_unit_nb(deck, deck0, dst, pst, seed, unit, err):
    """Start unit ``unit`` of ``seed``: its deal stream ``dst`` = ``(seed, unit)``, its
    policy stream ``pst`` (:func:`~simkit.core.tricks.policy_stream_nb`), the deck back
    in its canonical order ``deck0``, and ``err[E_UNIT]`` = the unit."""
    seed_stream_nb(dst, seed, unit)
    policy_stream_nb(pst, seed, unit)
    for i in range(deck.shape[0]):
        deck[i] = deck0[i]
    err[E_UNIT] = unit


@njit(cache=True)
def shuffle_top_nb(deck, n, dst):
    """Draw the top ``n`` positions of ``deck`` at random from stream ``dst`` (a partial
    Fisher-Yates shuffle: what a deal of ``n`` cards needs)."""
    for pos in range(n):
        draw_nb(deck, pos, dst)


@njit(cache=True)
def fixed_stream_nb(seed):
    """The policy stream of unit 0 of ``seed``, for a deal dealt from a fixed card order."""
    pst = np.zeros(4, np.uint64)
    policy_stream_nb(pst, seed, seed - seed)
    return pst


#: the numba type of :class:`~simkit.core.trick_play.SeatPolicies` (``code`` int64[roles, seats],
#: ``params`` float64[roles, seats, width], ``group`` int64[seats]: each seat's policy group)
SEATS_TYPE = typeof(SeatPolicies(np.zeros((1, 1), np.int64), np.zeros((1, 1, 1)), np.zeros(1, np.int64)))


#: what the Python side passes a trick game's chunk kernel besides the units, the hooks and the
#: statistics: the canonical deck (``uint8``), the ``opts`` (the game's layout), the trick tables,
#: the seats' policies, the audit counts ``[checks, violations]`` and the error record (``E_*``)
TrickInputs = namedtuple("TrickInputs", "deck0 opts tables seats audit_out err")
INPUTS_TYPE = typeof(TrickInputs(np.zeros(1, np.uint8), np.zeros(1, np.int64), np.zeros((1, 1), np.int64),
                                 SeatPolicies(np.zeros((1, 1), np.int64), np.zeros((1, 1, 1)), np.zeros(1, np.int64)),
                                 np.zeros(1, np.int64), np.zeros(1, np.int64)))

#: the engine's fields of every trick game's context, in this order (see the module doc)
TRICK_FIELDS = ("deck0", "opts", "tables", "seats", "stats", "audit_out", "err", "deck", "dst", "pst", "state",
                "hands")


def context(name: str, work=(), scratch=None):
    """A game's kernel context class: a named tuple of :data:`TRICK_FIELDS` and the game's
    own work arrays ``work`` (names), built in the chunk kernel as
    ``Ctx(*(trick_core_nb(inp, stats) + (work arrays in this order)))``. Assign it to a
    global of the calling module with the same name (as :func:`bundle`, so that numba's
    cache finds the kernels again).

    ``scratch``: the layout of the game's scratch record (:func:`scratch_layout`), the
    state its hooks keep between calls; the context then ends with one more field,
    ``scratch`` (``int64[layout.size]``, allocated by the game after its work arrays),
    which the hooks read as ``ctx.scratch[H.name]`` (see :mod:`simkit.core.trick_play`,
    "the hooks' context")."""
    if scratch is not None:
        if not hasattr(scratch, "size") or not hasattr(scratch, "_fields"):
            raise TypeError(f"{name}: scratch= takes a layout made by scratch_layout, not {scratch!r}")
        work = tuple(work) + ("scratch",)
    return record(name, TRICK_FIELDS, work, module=caller_module(), what="work field")


def scratch_layout(name: str, **sizes: int):
    """The layout of a game's scratch record: its hooks' own state (what they keep
    between tricks, a policy's random key), held in the context's ``scratch`` field
    (:func:`context`), out of the hands and of the table state that policies read.
    ``sizes``: slot name -> entries, in order; returns a named tuple ``name -> first
    slot`` with ``size`` = the array's length last (``H = scratch_layout("KingScratch",
    before=4)``: ``ctx.scratch[H.before + seat]``, ``H.size`` = 4). A global of a kernel
    module, so numba reads its slots as constants (as the options layout's)."""
    if "size" in sizes:
        raise ValueError(f"{name}: 'size' is the layout's length, not a slot name")
    bad = [k for k, n in sizes.items() if not isinstance(n, int) or n < 1]
    if bad:
        raise ValueError(f"{name}: slot {bad[0]!r} needs a whole number of entries >= 1, not {sizes[bad[0]]!r}")
    starts = np.cumsum([0] + list(sizes.values()))
    return namedtuple(name, list(sizes) + ["size"])(*(int(x) for x in starts))


def chunk_signature(stats_type, *user_fns):
    """The numba signature of a trick game's chunk kernel
    ``(seed, start, stop, inp: TrickInputs, fns, stats, audit)`` with ``fns`` =
    ``(choose, after_trick, *user_fns)`` (the user functions' types in role order)."""
    return types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, fns_type(*user_fns), stats_type,
                      types.boolean)


def fns_type(*user_fns):
    """The numba type of a trick game's hooks: ``(choose, after_trick, *user_fns)``."""
    return types.Tuple((CHOOSE_FN, AFTER_FN) + tuple(user_fns))


# not cached: it takes a game's own types (its statistics bundle or context), and a copy cached here would
# index every game's types in this module's cache; it is compiled into each game's chunk kernel, cached there
@njit
def trick_core_nb(inp, stats):
    """The engine's fields of a chunk's context (:data:`TRICK_FIELDS`): ``inp``'s arrays,
    ``stats`` and the work arrays of :func:`unit_arrays_nb`."""
    deck, dst, pst, state, hands = unit_arrays_nb(inp.deck0)
    return (inp.deck0, inp.opts, inp.tables, inp.seats, stats, inp.audit_out, inp.err, deck, dst, pst, state, hands)


@njit(cache=True)
def deal_core_nb(inp, order, seed, state):
    """The engine's fields of the context of one deal dealt from the fixed card order
    ``order`` (for tests and users) on the table state ``state`` (the caller's, to read
    after the deal): no statistics (``None``), ``order`` as the deck, policy randomness
    from the policy stream of unit 0 of ``seed``."""
    return (inp.deck0, inp.opts, inp.tables, inp.seats, None, inp.audit_out, inp.err, order, np.zeros(4, np.uint64),
            fixed_stream_nb(seed), state, np.zeros(MAX_SEATS, np.int64))


def unit_loop(unit_nb):
    """The engine's unit loop for the game unit hook ``unit_nb``:
    ``run_units_nb(seed, start, stop, ctx, fns, audit)`` plays units ``start..stop-1`` of
    ``seed``, each started by :func:`start_unit_nb` and played by
    ``unit_nb(ctx, fns, unit, audit)``; it stops at the first unit whose hook returns
    False (an illegal move) and polls for Ctrl-C before every unit. ``ctx`` is borrowed
    there (:mod:`simkit.core.borrow`): the chunk kernel that calls it holds the arrays.

    Made once per game, at the import of its kernels (``run_units_nb = unit_loop(unit_nb)``),
    so the hook is a constant of the loop, and nothing in the compiled code is one numba
    cannot cache (a hook passed as an argument is a pointer to a Python object). The hook
    must be compiled ``inline="always"`` (``ValueError`` otherwise): a call per unit with a
    context of thirty arrays cost Kerosinka's random deals 15 % of their speed. It must not
    call :func:`~simkit.core.borrow.borrowed` itself; the context it gets is borrowed.

    Not cached itself: it is compiled into the game's chunk kernel, which numba caches in
    the game's folder under a key of everything the game imports (:mod:`simkit._cache`); a
    copy cached here would outlive an edit of the game."""
    require_inline(unit_nb, "unit_loop")

    @njit
    def run_units_nb(seed, start, stop, ctx, fns, audit):
        ctx = borrowed(ctx)
        for unit in range(start, stop):
            poll_interrupt_nb()
            start_unit_nb(ctx.deck, ctx.deck0, ctx.dst, ctx.pst, seed, unit, ctx.err)
            if not unit_nb(ctx, fns, unit, audit):
                return
    return run_units_nb
