"""Per-unit random streams, usable inside numba kernels.

Unit ``i`` of seed ``s`` draws from its own xoshiro256** generator (Blackman & Vigna,
2018) whose 256-bit state is filled by splitmix64 from a key derived only from
``(s, i)``: ``key = mix(mix(s) + i * 0x9E3779B97F4A7C15)``, where ``mix`` is the
splitmix64 output function. Nothing else (chunk, worker, machine) enters the stream,
so a run's results are identical to the bit for any chunk size, number of workers or
split into shards.

Integers below ``n`` use Lemire's multiply-and-reject method on 32-bit draws (exactly
uniform, ``n < 2**32``); floats use the top 53 bits. The state is a ``uint64[4]``
array owned by the kernel; never use numba's global ``np.random`` in kernels (it is
per thread and not reproducible across workers).
"""
import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _mix_nb(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _rotl_nb(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


def new_state() -> np.ndarray:
    """A fresh state array for :func:`seed_stream_nb`."""
    return np.zeros(4, dtype=np.uint64)


@njit(cache=True)
def seed_stream_nb(state, seed, unit):
    """Fill ``state`` (uint64[4]) with the stream of unit ``unit`` of seed ``seed``."""
    x = _mix_nb(np.uint64(seed) + _GOLDEN) + np.uint64(unit) * _GOLDEN
    x = _mix_nb(x)
    for k in range(4):
        x = x + _GOLDEN
        state[k] = _mix_nb(x)


@njit(cache=True, inline="always")
def next_u64_nb(state):
    """Next 64-bit output of xoshiro256**."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotl_nb(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl_nb(s3, 45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@njit(cache=True, inline="always")
def randbelow_nb(state, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**32`` (Lemire 2019, exact)."""
    un = np.uint64(n)
    m = (next_u64_nb(state) >> np.uint64(32)) * un
    low = m & _MASK32
    if low < un:
        threshold = (np.uint64(4294967296) - un) % un
        while low < threshold:
            m = (next_u64_nb(state) >> np.uint64(32)) * un
            low = m & _MASK32
    return np.int64(m >> np.uint64(32))


@njit(cache=True, inline="always")
def random_nb(state):
    """Uniform float in ``[0, 1)`` with 53 random bits."""
    return np.float64(next_u64_nb(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def draw_nb(cards, pos, state):
    """Deal the card at position ``pos`` of a lazily shuffled pile and return it.

    One step of Fisher-Yates: a uniformly chosen card of ``cards[pos:]`` is swapped
    into ``pos``. Dealing positions 0, 1, 2, ... in turn is the same as dealing from a
    uniformly shuffled pile, and "gather and reshuffle" is simply restarting at 0.

    Reset the pile to its canonical order at the start of every unit: the cards dealt
    depend on the pile's order as well as the stream, and a unit must not depend on
    what the previous unit in its chunk left behind."""
    n = cards.shape[0]
    j = pos + randbelow_nb(state, n - pos)
    c = cards[j]
    cards[j] = cards[pos]
    cards[pos] = c
    return c


@njit(cache=True)
def shuffle_nb(cards, state):
    """Shuffle ``cards`` in place (Fisher-Yates from the front)."""
    for pos in range(cards.shape[0] - 1):
        draw_nb(cards, pos, state)


# -- the same stream with its state in registers ----------------------------------------
# A kernel loop that stores into arrays (a shuffled pile, statistics) while it draws makes
# LLVM reload and store the ``uint64[4]`` state around every draw (it cannot rule out that
# the stores alias it): about half the cost of a Fisher-Yates step. These versions carry
# the state as four scalars, ``s = (s0, s1, s2, s3)``, returned updated with each value;
# load it with :func:`load_state_nb` and store it back with :func:`store_state_nb`. They
# give bit for bit the values of :func:`next_u64_nb`, :func:`randbelow_nb` and
# :func:`draw_nb` on the same state (``tests/core/test_rng.py``).

@njit(cache=True, inline="always")
def load_state_nb(state):
    """The stream state ``state`` (uint64[4]) as a tuple of four scalars."""
    return state[0], state[1], state[2], state[3]


@njit(cache=True, inline="always")
def store_state_nb(state, s):
    """Write the scalar state ``s`` back into ``state``."""
    state[0] = s[0]
    state[1] = s[1]
    state[2] = s[2]
    state[3] = s[3]


@njit(cache=True, inline="always")
def next_u64_s(s):
    """``(value, s)``: :func:`next_u64_nb` on the scalar state ``s``."""
    s0, s1, s2, s3 = s
    result = _rotl_nb(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl_nb(s3, 45)
    return result, (s0, s1, s2, s3)


@njit(cache=True, inline="always")
def randbelow_s(s, n):
    """``(value, s)``: :func:`randbelow_nb` on the scalar state ``s``."""
    un = np.uint64(n)
    r, s = next_u64_s(s)
    m = (r >> np.uint64(32)) * un
    low = m & _MASK32
    if low < un:
        threshold = (np.uint64(4294967296) - un) % un
        while low < threshold:
            r, s = next_u64_s(s)
            m = (r >> np.uint64(32)) * un
            low = m & _MASK32
    return np.int64(m >> np.uint64(32)), s


@njit(cache=True, inline="always")
def draw_s(cards, pos, s):
    """``(card, s)``: :func:`draw_nb` on the scalar state ``s``."""
    j, s = randbelow_s(s, cards.shape[0] - pos)
    j += pos
    c = cards[j]
    cards[j] = cards[pos]
    cards[pos] = c
    return c, s


@njit(cache=True)
def draw_range_nb(cards, start, stop, state):
    """Deal positions ``start .. stop - 1`` of a lazily shuffled pile in one go: the same
    cards in the same places, and the same state afterwards, as calling :func:`draw_nb`
    for each position in turn, about twice as fast (the state stays in registers)."""
    s = load_state_nb(state)
    for pos in range(start, stop):
        _, s = draw_s(cards, pos, s)
    store_state_nb(state, s)
