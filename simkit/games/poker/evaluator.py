"""Public batch hand evaluation with the seed's ranking (seed 000 lines 51-77).

>>> from simkit.games.poker import evaluate
>>> from simkit.core.cards import parse
>>> ev = evaluate([parse("AH KH QH JH 10H"), parse("AS KD 7C 5H 2S")])
>>> ev.names
['royal flush', 'ace-king']
>>> bool(ev.rank[0] > ev.rank[1])
True

``rank`` orders hands (higher beats lower, equal ties) under the rules given (tie-break
mode, wheel, wild cards, five of a kind's place); see :mod:`.eval_nb` for its layout.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import numpy as np
from numba import njit

from simkit.core.cards import deck as make_deck
from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.errors import SimkitError
from simkit.games.poker import eval_nb as E
from simkit.games.poker.rules import PokerRules

CATEGORIES = E.CATEGORY_NAMES
_TB = {"literal": E.TB_LITERAL, "rank_first": E.TB_RANK_FIRST, "rank_only": E.TB_RANK_ONLY}
_PAIR = {"pair_first": E.PAIR_FIRST, "kickers_first": E.KICKERS_FIRST}
#: random hands behind :func:`strength_sample` (a fixed seed, so strengths are reproducible)
STRENGTH_SAMPLE = 1 << 16


class Evaluation(NamedTuple):
    """``rank``: int32 per hand, higher beats lower; ``category``: int8 index into
    :data:`CATEGORIES`."""

    rank: np.ndarray
    category: np.ndarray

    @property
    def names(self) -> list:
        return [CATEGORIES[c] for c in self.category]


class BestFive(NamedTuple):
    """The best five of each row: its ``rank`` and ``category``, the ``cards`` and their
    column ``index`` in the input row."""

    rank: np.ndarray
    category: np.ndarray
    cards: np.ndarray
    index: np.ndarray


def config(rules) -> int:
    """The evaluator's options for ``rules`` (a :class:`PokerRules`, a dict or None) as the
    one integer its kernels take (:func:`~simkit.games.poker.eval_nb.make_ev`)."""
    r = PokerRules.build(rules)
    return E.make_ev(_TB[r.tiebreak], _PAIR[r.pair_tiebreak], r.wheel, r.wild_rank_index, r.jokers > 0,
                     r.five_of_a_kind == "above_royal", r.wild_duplicates)


def game_deck(rules) -> np.ndarray:
    """The card codes in play: ``n_decks`` 52-card decks plus the jokers."""
    r = PokerRules.build(rules)
    return make_deck(52, copies=r.n_decks, jokers=r.jokers)


@njit(cache=True)
def _check_nb(hands, n_codes, copies):
    """First row holding a code outside ``0..n_codes-1`` or a card more than ``copies``
    times (-1: none), and the bad code."""
    seen = np.zeros(64, np.int64)
    for i in range(hands.shape[0]):
        for j in range(hands.shape[1]):
            c = hands[i, j]
            if c >= n_codes:
                return i, np.int64(c)
        for j in range(hands.shape[1]):
            seen[hands[i, j]] += 1
        bad = -1
        for j in range(hands.shape[1]):
            if seen[hands[i, j]] > copies:
                bad = np.int64(hands[i, j])
            seen[hands[i, j]] = 0
        if bad >= 0:
            return i, bad
    return -1, np.int64(0)


def _as_hands(hands, width: int | None, rules: PokerRules) -> np.ndarray:
    arr = np.asarray(hands)
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.ndim != 2 or (width is not None and arr.shape[1] != width) or arr.shape[1] < 5:
        want = f"(N, {width})" if width else "(N, k) with 5 <= k <= 10"
        raise SimkitError(f"poker: hands must be an array of shape {want} of card codes, got shape {arr.shape}")
    if arr.shape[1] > 10:
        raise SimkitError(f"poker: best_five takes at most 10 cards a row, got {arr.shape[1]}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise SimkitError(f"poker: card codes must be integers (simkit.cards.deck/parse make them), got {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 255):
        raise SimkitError(f"poker: card codes must be 0..{51 + rules.jokers}, got {int(arr.min())}..{int(arr.max())}")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _validate(arr: np.ndarray, rules: PokerRules) -> None:
    n_codes = 52 + rules.jokers
    row, code = _check_nb(arr, n_codes, rules.n_decks)
    if row >= 0:
        from simkit.core.cards import format as fmt

        if code >= n_codes:
            raise SimkitError(f"poker: row {row} holds card code {code}, not in this game's deck (codes 0..51"
                              f"{f' and jokers 52..{n_codes - 1}' if rules.jokers else ''}; set jokers= for jokers)")
        raise SimkitError(f"poker: row {row} holds {fmt([code])} more than {rules.n_decks} time(s); "
                          f"with decks={rules.decks!r} the deck has {rules.n_decks} of each card "
                          f"(set decks=2 for duplicates)")


@njit(cache=True)
def _categories_nb(values, ev, out):
    for i in range(values.shape[0]):
        out[i] = E.category_nb(np.int64(values[i]), ev)


def evaluate(hands, rules=None, *, check: bool = True) -> Evaluation:
    """Rank and category of each five-card hand.

    ``hands``: an (N, 5) integer array of card codes (``simkit.cards.deck`` / ``parse``);
    ``rules``: poker rule options (tie-break mode, ``wheel``, ``jokers``, ``wild_rank``,
    ``five_of_a_kind``, ``decks``; default the seed's literal rules, one deck, no wilds);
    ``check``: refuse codes outside the deck and cards held more often than the decks
    hold them (skip it only for arrays known to be valid). Returns :class:`Evaluation`.
    """
    r = PokerRules.build(rules)
    arr = _as_hands(hands, 5, r)
    if check:
        _validate(arr, r)
    ev = config(r)
    out = np.empty(arr.shape[0], np.int32)
    E.evaluate_batch_nb(arr, ev, out)
    cats = np.empty(arr.shape[0], np.int8)
    _categories_nb(out, ev, cats)
    return Evaluation(out, cats)


@lru_cache(maxsize=None)
def _combos(k: int) -> np.ndarray:
    return np.array(list(combinations(range(k), 5)), dtype=np.int64)


@njit(cache=True)
def _best_five_nb(cards, combos, ev, rank, index):
    wilds = E.has_wilds_nb(ev)
    for i in range(cards.shape[0]):
        best = np.int64(-1)
        for k in range(combos.shape[0]):
            v = E.eval_nb(np.int64(cards[i, combos[k, 0]]), np.int64(cards[i, combos[k, 1]]),
                          np.int64(cards[i, combos[k, 2]]), np.int64(cards[i, combos[k, 3]]),
                          np.int64(cards[i, combos[k, 4]]), ev, wilds)
            if v > best:
                best = v
                for j in range(5):
                    index[i, j] = combos[k, j]
        rank[i] = best


def best_five(cards, rules=None, *, check: bool = True) -> BestFive:
    """The best five cards of each row of ``cards`` (N x k, 5 <= k <= 10): their rank,
    category, cards and column indices (the first best combination in lexicographic
    order where several tie)."""
    r = PokerRules.build(rules)
    arr = _as_hands(cards, None, r)
    if check:
        _validate(arr, r)
    ev = config(r)
    rank = np.empty(arr.shape[0], np.int32)
    index = np.empty((arr.shape[0], 5), np.int64)
    _best_five_nb(arr, _combos(arr.shape[1]), ev, rank, index)
    cats = np.empty(arr.shape[0], np.int8)
    _categories_nb(rank, ev, cats)
    return BestFive(rank, cats, np.take_along_axis(arr, index, axis=1), index)


_SAMPLE_SEED = 20_240_601


@njit(cache=True)
def _random_hands_nb(cards, seed, out):
    """Row ``i`` of ``out``: five cards dealt from ``cards`` with stream ``(seed, i)``."""
    pile = cards.copy()
    state = np.zeros(4, np.uint64)
    for i in range(out.shape[0]):
        seed_stream_nb(state, seed, i)
        pile[:] = cards
        for j in range(5):
            out[i, j] = draw_nb(pile, j, state)


def random_hands(n: int, rules=None, seed: int = 0) -> np.ndarray:
    """``n`` random five-card hands (N x 5 uint8) from this game's deck, hand ``i`` from
    stream ``(seed, i)``."""
    out = np.empty((int(n), 5), np.uint8)
    _random_hands_nb(game_deck(rules), seed, out)
    return out


def _eval_key(r: PokerRules) -> tuple:
    return (r.tiebreak, r.pair_tiebreak, r.wheel, r.wild_rank, r.jokers, r.five_of_a_kind, r.n_decks,
            r.wild_duplicates)


@lru_cache(maxsize=64)
def _sample(key) -> np.ndarray:
    tiebreak, pair, wheel, wild, jokers, five, n_decks, dup = key
    r = PokerRules(tiebreak=tiebreak, pair_tiebreak=pair, wheel=wheel, wild_rank=wild, jokers=jokers,
                   five_of_a_kind=five, decks=n_decks, wild_duplicates=dup)
    hands = np.empty((STRENGTH_SAMPLE, 5), np.uint8)
    _random_hands_nb(game_deck(r), _SAMPLE_SEED, hands)
    values = np.empty(STRENGTH_SAMPLE, np.int32)
    E.evaluate_batch_nb(hands, config(r), values)
    values.sort()
    return values


def strength_sample(rules) -> np.ndarray:
    """Sorted values of 65,536 random five-card hands from this game's deck (fixed seed):
    a hand's *strength* is the share of them it beats, ties counting half
    (:func:`~simkit.games.poker.nb.strength_nb`)."""
    return _sample(_eval_key(PokerRules.build(rules)))
