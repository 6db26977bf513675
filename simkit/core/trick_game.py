"""The trick-game engine's chunk pieces: units, their streams, the deck, statistics bundles.

A trick game's chunk kernel (``<game>_chunk_nb``, one call per chunk of units) is a loop
over its units built from these pieces::

    deck, dst, pst, state, hands = unit_arrays_nb(deck0)
    for unit in range(start, stop):
        start_unit_nb(deck, deck0, dst, pst, seed, unit, err)
        for each deal of the unit:
            shuffle_top_nb(deck, cards_needed, dst)
            ... deal (tricks.deal_round_nb or the game's own), bid, play
            (trick_play.play_tricks_nb), score into the statistics

Unit ``u`` of seed ``s`` deals from the stream ``(s, u)`` and draws policy randomness
(random play, sampled deals) from its policy stream
(:func:`~simkit.core.tricks.policy_stream_nb`), so two policies compared on one seed
see the same deals. The loop stays in the game's kernel with the statistics arrays as
locals: numba reference-counts arrays passed to a call, and a hook called per unit with
a bundle of a dozen arrays cost a quarter of a random deal's time.

Statistics reach the kernel as one named bundle (:func:`bundle`), per-seat policies as a
:class:`~simkit.core.trick_play.SeatPolicies` (:data:`SEATS_TYPE`).
"""
from __future__ import annotations

import sys
from collections import namedtuple

import numpy as np
from numba import njit, typeof

from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.core.trick_play import E_UNIT, SeatPolicies
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


def bundle(name: str, ndims: dict):
    """A named bundle of ``int64`` C arrays (a game's statistics) and its numba type:
    ``(namedtuple class, numba type)`` for fields ``{name: ndim}``. Adding a statistic
    is one entry here; the kernel reads it as ``stats.<name>``.

    Assign the class to a global of the calling module with the same name
    (``SpadesStats, STATS_TYPE = bundle("SpadesStats", ...)``): the class then belongs to
    that module, numba's cache pickles it by reference and finds the cached kernel again
    in the next process (a class pickled by value is a new class, whose type never
    matches, so the kernel would compile anew in every process)."""
    cls = namedtuple(name, list(ndims), module=sys._getframe(1).f_globals["__name__"])
    return cls, typeof(cls(*[np.zeros((1,) * d, np.int64) for d in ndims.values()]))


#: the numba type of :class:`~simkit.core.trick_play.SeatPolicies` (``code`` int64[roles, seats],
#: ``params`` float64[roles, seats, width], ``group`` int64[seats]: each seat's policy group)
SEATS_TYPE = typeof(SeatPolicies(np.zeros((1, 1), np.int64), np.zeros((1, 1, 1)), np.zeros(1, np.int64)))
