"""Views of arrays that numba does not reference-count, for the hot loops of the kernels.

numba increments and decrements (atomically) the reference count of every array a
non-inlined function receives, unless it can prove the pair useless. A chunk kernel
calls per deal (``play_deal_nb``, the engine's ``play_tricks_nb``, the bidding) and the
engine calls a game's ``after_trick`` hook per trick, each with a dozen arrays: the
counting cost Marriage for four about 0.3 of a uniform-random deal's time. A view
without a meminfo makes every one of these a null test.

:func:`borrowed` is safe only while the owner of the data is alive: borrow a function's
own array arguments (the caller holds them for the whole call), never an array the
function allocated itself (numba frees a local after its last use), and never in a
function compiled with ``inline="always"``: inlined, its arguments are its caller's
variables, and an array the caller made for the call (``f(np.zeros(n))``) is freed right
after the view is taken (``tests/core/test_borrow.py`` checks the package for this). The pattern is a
typed entry kernel that allocates its work arrays and passes them, with its own
arguments, to a body that borrows them all::

    @njit(cache=True)
    def game_units_nb(..., stats, deck, state, hands):
        deck, state, hands = borrowed((deck, state, hands))
        stats = borrowed(stats)
        ...

    @njit(SIGNATURE, cache=True)
    def game_chunk_nb(..., stats):
        deck, dst, pst, state, hands = unit_arrays_nb(deck0)
        game_units_nb(..., stats, deck, state, hands)
"""
from __future__ import annotations

from numba import types
from numba.extending import intrinsic


def _view(context, builder, typ, value):
    src = context.make_array(typ)(context, builder, value)
    view = context.make_array(typ)(context, builder)
    context.populate_array(view, data=src.data, shape=src.shape, strides=src.strides, itemsize=src.itemsize,
                           meminfo=None, parent=None)
    return view._getvalue()


def _borrow(context, builder, typ, value):
    """``value`` of type ``typ`` with every array in it (at any depth of tuples) replaced
    by a view without a meminfo; anything else is passed through as it is."""
    if isinstance(typ, types.Array):
        return _view(context, builder, typ, value)
    if isinstance(typ, types.BaseTuple):
        items = [_borrow(context, builder, t, builder.extract_value(value, i)) for i, t in enumerate(typ.types)]
        return context.make_tuple(builder, typ, items)
    return value


@intrinsic
def borrowed(typingctx, arr):
    """A view of ``arr`` (same data, shape and type) that is not reference counted; for a
    tuple or named tuple (a statistics bundle, the seats' policies, a game's kernel
    context, or a kernel's arrays borrowed at once: ``a, b = borrowed((a, b))``), the same
    tuple with every array in it, nested tuples included, replaced by such a view and
    anything else (numbers, function pointers) as it is. See the module doc for when it is
    safe."""
    if isinstance(arr, (types.Array, types.BaseTuple)):
        def codegen(context, builder, sig, args):
            return _borrow(context, builder, sig.args[0], args[0])
        return arr(arr), codegen
    return None
