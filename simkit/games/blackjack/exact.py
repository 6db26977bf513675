"""Exact blackjack expected values: dealer probabilities, the EV of every action for
every hand, basic strategy tables and the house edge (seed 000 lines 187-211).

Two card models share one engine:

* **infinite deck** (``decks=inf``): every card is drawn with replacement, value
  ``v`` with probability ``1/13`` (ten-value ``4/13``). Everything here is exact.
* **finite shoe** (``decks`` = 1..8), *composition dependent*: every probability is
  computed from the cards actually left (the shoe less the up card and the player's
  cards), off the top of a freshly shuffled shoe. The dealer's hole card is treated as
  drawn after the player's cards, which is the same by exchangeability; a dealer
  blackjack is a separate outcome whose payoff the player's decisions cannot change
  under the peek (and ``none-obo``) rule, so deciding without knowing it and deciding
  after the peek give the same choices and the same totals.

Method. A hand is the multiset of its cards. The dealer's final-total distribution is
a sum over the dealer's terminal card multisets ``d`` (precomputed once per up card
with the number of orders ``w(d)`` in which the dealer draws them without stopping
early): ``P(d) = w(d) Π_v (s_v)_(d_v) / (n)_|d|`` for a shoe ``s`` of ``n`` cards (falling
factorials; ``w(d) Π_v p_v^(d_v)`` for the infinite deck). Player values are found by
recursion over the hand's multiset: ``stand``, ``hit = Σ_c P(c) best(hand + c)``,
``double = 2 Σ_c P(c) stand(hand + c)``, ``surrender = -1/2``. Values per hand count
only the rounds without a dealer blackjack (peek, ``none-obo``); the box then adds
``-P(dealer blackjack)`` once. With ``none`` (no hole card, all money lost) each bet is
charged the dealer blackjack itself, so doubling and splitting lose more.

Splits. After a split each hand is played for its own cards. With resplits allowed up to
``M`` hands, let ``p`` be the chance of another card of the pair's value, ``X_c`` the value
of a hand finished by a card ``c`` of another value and ``Y`` the value of a pair that may
not be split again. With ``h`` hands in all, ``k`` of them still waiting for their second
card: ``f(h, k) = p f(h+1, k+1) + Σ_{c≠v} p_c (X_c + f(h, k-1))`` for ``h < M``,
``f(M, k) = k (p Y + Σ_{c≠v} p_c X_c)``, and the split is worth ``f(2, 2)``. For the
infinite deck this is exact. For a finite shoe ``X``, ``Y`` and ``p`` come from the shoe
less both pair cards; with no resplit (``max_hands=2``) the result is exact (by
exchangeability each hand's EV equals that of one hand played alone from that shoe), with
resplits it is the usual approximation (Nairn, "Exact calculation of expected values for
splitting pairs in blackjack", shows such methods are close except when resplitting tens).

Basic strategy. Every cell (hard total, soft total or pair against an up card) takes
the action with the highest EV; in a finite shoe the EVs of all two-card hands of that
cell are averaged with their probabilities (a total-dependent strategy). Post-split and
3+-card hands use the same cells (doubling where the rules allow it).

Published figures matched (``tests/games/test_blackjack_exact.py``; docs/blackjack.md):

* Griffin, *The Theory of Blackjack*, "A linear approximation to infinite deck blackjack":
  infinite deck, S17, double any two cards, no DAS, no resplit, no surrender: player's
  expectation **-0.690223%** (here -0.690237%).
* Wizard of Odds blackjack appendix, quoted as GAMES.md G05's precise anchor: infinite deck,
  S17, DAS, resplit to 4 hands except aces, no surrender: house edge **0.5117%** (here
  0.5117%).
* Dealer outcome probabilities are checked against an independent recursion (infinite deck)
  and card-by-card enumeration (one deck); the finite-shoe engine against the simulator on a
  single deck reshuffled every round.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd
from numba import njit

from simkit.errors import SimkitError
from simkit.games.blackjack.codes import (ACE, DH, DS, H, HARD0, INS_ROW, N_ROWS, N_VALUES, PAIR0,  # noqa: F401
                                          S, SOFT0, SUR_HARD0, SUR_PAIR0, SUR_SOFT0, TEN, UP_ORDER, VALUE_LABELS)

OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")
O_BUST, O_BJ = 5, 6

# the value indices (0 = ace, 1..8 = 2..9, 9 = ten-value) and the strategy table layout (rows x 10
# up-card columns by value index; see TABLE_ROWS) are in .codes, shared with the policies
ACTION_LETTERS = {S: "S", H: "H", DH: "D", DS: "Ds"}


def _row_hard(total):
    return HARD0 + total


def _row_soft(total):
    return SOFT0 + total


# -- the dealer ------------------------------------------------------------------------
@functools.lru_cache(maxsize=8)
def dealer_multisets(up: int, hit_soft17: bool):
    """The dealer's terminal card multisets after up card ``up`` (value index): arrays
    ``counts`` (k x 10, the cards drawn after the up card, hole card included),
    ``ways`` (orders in which they are drawn without stopping earlier), ``size`` (cards)
    and ``outcome`` (index into :data:`OUTCOMES`)."""
    found = {}
    seq = [0] * N_VALUES

    def rec(hard, ace, ncards):
        soft = ace and hard + 10 <= 21
        best = hard + 10 if soft else hard
        if ncards == 2 and best == 21 and ace and hard == 11:
            out = O_BJ
        elif best > 21:
            out = O_BUST
        elif best >= 17 and not (hit_soft17 and soft and best == 17):
            out = best - 17
        else:
            for v in range(N_VALUES):
                seq[v] += 1
                rec(hard + v + 1, ace or v == ACE, ncards + 1)
                seq[v] -= 1
            return
        key = tuple(seq)
        prev = found.get(key)
        if prev is not None and prev[1] != out:  # pragma: no cover - a multiset fixes the total
            raise AssertionError("dealer multiset with two outcomes")
        found[key] = (prev[0] + 1 if prev else 1, out)

    rec(up + 1, up == ACE, 1)
    keys = sorted(found)
    counts = np.array(keys, dtype=np.int64)
    ways = np.array([found[k][0] for k in keys], dtype=np.float64)
    outcome = np.array([found[k][1] for k in keys], dtype=np.int64)
    return counts, ways, counts.sum(axis=1), outcome


@njit(cache=True)
def _dealer_finite_nb(shoe, ptr, vals, cnts, ways, size, outcome, out):
    """Dealer final distribution from a finite shoe (counts by value index); the
    multisets are stored sparsely: entries ``ptr[i]..ptr[i+1]`` of ``vals``/``cnts``."""
    n = 0
    for v in range(shoe.shape[0]):
        n += shoe[v]
    maxk = 0
    for i in range(size.shape[0]):
        if size[i] > maxk:
            maxk = size[i]
    fall = np.ones(maxk + 1)
    for k in range(1, maxk + 1):
        fall[k] = fall[k - 1] * (n - k + 1)
    out[:] = 0.0
    for i in range(size.shape[0]):
        p = ways[i]
        for e in range(ptr[i], ptr[i + 1]):
            s = shoe[vals[e]]
            for j in range(cnts[e]):
                p *= s - j
        if p > 0.0:
            out[outcome[i]] += p / fall[size[i]]


@functools.lru_cache(maxsize=32)
def _sparse_multisets(up, hit_soft17):
    counts, ways, size, outcome = dealer_multisets(up, hit_soft17)
    nz = counts > 0
    ptr = np.concatenate([[0], np.cumsum(nz.sum(axis=1))]).astype(np.int64)
    rows, cols = np.nonzero(nz)
    return ptr, cols.astype(np.int64), counts[rows, cols].astype(np.int64), ways, size, outcome


def _dealer_infinite(p, counts, ways, outcome):
    probs = ways * np.prod(np.power(p[None, :], counts), axis=1)
    out = np.zeros(len(OUTCOMES))
    np.add.at(out, outcome, probs)
    return out


# -- the card model --------------------------------------------------------------------
def full_shoe(decks) -> np.ndarray:
    """Cards of each value index in ``decks`` 52-card decks."""
    c = np.full(N_VALUES, 4 * decks, dtype=np.int64)
    c[TEN] = 16 * decks
    return c


INFINITE_P = np.array([1 / 13] * 9 + [4 / 13])


class _Model:
    """Next-card probabilities and dealer distributions for a shoe less removed cards
    (``shoe=None``: the infinite deck). Card counts are tuples of 10 ints (fast to hash
    and add in the recursions)."""

    def __init__(self, shoe, hit_soft17):
        self.shoe = None if shoe is None else tuple(int(c) for c in shoe)
        self.h17 = hit_soft17
        self._dealer = {}
        self._inf_p = tuple(float(x) for x in INFINITE_P)

    def left(self, removed):
        left = tuple(a - b for a, b in zip(self.shoe, removed))
        if min(left) < 0:
            raise SimkitError(f"blackjack: the hand uses more cards than the shoe holds ({list(self.shoe)})")
        return left

    def probs(self, removed):
        if self.shoe is None:
            return self._inf_p
        left = self.left(removed)
        n = sum(left)
        return tuple(c / n for c in left) if n > 0 else (0.0,) * N_VALUES

    def dealer(self, up, removed):
        """Final distribution (7 outcomes) of the dealer showing ``up``; ``removed``
        counts every card out of the shoe, the up card included."""
        key = (up, removed) if self.shoe is not None else up
        got = self._dealer.get(key)
        if got is None:
            counts, ways, size, outcome = dealer_multisets(up, self.h17)
            if self.shoe is None:
                got = _dealer_infinite(INFINITE_P, counts, ways, outcome)
            else:
                got = np.zeros(len(OUTCOMES))
                _dealer_finite_nb(np.array(self.left(removed), dtype=np.int64), *_sparse_multisets(up, self.h17),
                                  got)
            got = tuple(float(x) for x in got)
            self._dealer[key] = got
        return got

    def dealer_left(self, up, left):
        """As :meth:`dealer`, from the cards ``left`` (``None``: infinite deck)."""
        key = (up, left) if left is not None else up
        got = self._dealer.get(key)
        if got is None:
            counts, ways, size, outcome = dealer_multisets(up, self.h17)
            if left is None:
                got = _dealer_infinite(INFINITE_P, counts, ways, outcome)
            else:
                got = np.zeros(len(OUTCOMES))
                _dealer_finite_nb(np.array(left, dtype=np.int64), *_sparse_multisets(up, self.h17), got)
            got = tuple(float(x) for x in got)
            self._dealer[key] = got
        return got

    def p_blackjack(self, up, removed):
        if up != ACE and up != TEN:
            return 0.0
        other = TEN if up == ACE else ACE
        if self.shoe is None:
            return self._inf_p[other]
        left = self.left(removed)
        n = sum(left)
        return left[other] / n if n > 0 else 0.0


# -- the rules the engine needs ---------------------------------------------------------
class _R:
    def __init__(self, rules):
        self.rules = rules
        self.h17 = rules.soft17 == "hit"
        self.nohole_all = rules.hole_card == "none"
        self.double = rules.double
        self.das = rules.das
        self.limit = rules.hands_limit
        self.rsa = rules.resplit_aces
        self.surrender = rules.surrender
        self.bj_pays = {"3:2": 1.5, "6:5": 1.2, "1:1": 1.0}[rules.blackjack_pays]

    def can_double(self, hard, ace, after_split):
        if after_split and not self.das:
            return False
        soft = ace and hard + 10 <= 21
        best = hard + 10 if soft else hard
        if best == 21:
            return False
        if self.double == "any":
            return True
        lo = 9 if self.double == "9-11" else 10
        return (not soft) and lo <= hard <= 11


def _best_total(hard, ace):
    return hard + 10 if ace and hard + 10 <= 21 else hard


def _cell_row(hard, ace):
    return _row_soft(hard + 10) if ace and hard + 10 <= 21 else _row_hard(hard)


class _Hands:
    """Values of hands against one up card from one starting shoe (``base`` counts the
    cards removed besides the hand's own: e.g. the other split card).

    ``table`` None: optimal play; else a strategy table (``hi`` array) to follow."""

    def __init__(self, model, r, up, base, table=None):
        self.m = model
        self.r = r
        self.up = up
        self.base = _add(tuple(base), _hand(up))
        self.table = table
        self._inf = model.shoe is None
        self._stand = {}
        self._best = {}
        self._lefts = {}
        if not self._inf:
            self._shoe_less_base = model.left(self.base)
        self._other = TEN if up == ACE else (ACE if up == TEN else -1)

    def _key(self, hand, hard, ace):
        # the infinite deck forgets which cards made the total
        return (hard, ace) if self._inf else hand

    def _left(self, hand):
        """(cards left of each value, their number) once ``hand`` is out (finite shoe)."""
        got = self._lefts.get(hand)
        if got is None:
            left = tuple(a - b for a, b in zip(self._shoe_less_base, hand))
            if min(left) < 0:
                raise SimkitError(f"blackjack: the hand uses more cards than the shoe holds ({list(self.m.shoe)})")
            got = (left, sum(left))
            self._lefts[hand] = got
        return got

    def _probs(self, hand):
        if self._inf:
            return self.m._inf_p
        left, n = self._left(hand)
        return tuple(c / n for c in left) if n > 0 else (0.0,) * N_VALUES

    def p_bj(self, hand):
        if self._other < 0:
            return 0.0
        if self._inf:
            return self.m._inf_p[self._other]
        left, n = self._left(hand)
        return left[self._other] / n if n > 0 else 0.0

    def stand(self, hand, hard, ace):
        key = self._key(hand, hard, ace)
        got = self._stand.get(key)
        if got is None:
            t = _best_total(hard, ace)
            d = self.m.dealer_left(self.up, None if self._inf else self._left(hand)[0])
            got = d[O_BUST]
            for k in range(5):  # dealer 17..21
                dt = 17 + k
                got += d[k] * (1.0 if t > dt else (-1.0 if t < dt else 0.0))
            if self.r.nohole_all:
                got -= d[O_BJ]
            self._stand[key] = got
        return got

    def bust(self, hand):
        return -1.0 if self.r.nohole_all else -(1.0 - self.p_bj(hand))

    def _after(self, hand, hard, ace, v):
        return hand[:v] + (hand[v] + 1,) + hand[v + 1:], hard + v + 1, ace or v == ACE

    def hit(self, hand, hard, ace):
        p = self._probs(hand)
        total = 0.0
        for v in range(N_VALUES):
            if p[v] == 0.0:
                continue
            h2, hd2, a2 = self._after(hand, hard, ace, v)
            total += p[v] * (self.bust(h2) if hd2 > 21 else self.best(h2, hd2, a2))
        return total

    def best(self, hand, hard, ace):
        """Value of a hand that may only stand or hit from here (3+ cards, or a
        two-card hand whose double is not wanted)."""
        if _best_total(hard, ace) == 21:
            return self.stand(hand, hard, ace)
        key = self._key(hand, hard, ace)
        got = self._best.get(key)
        if got is None:
            if self.table is None:
                got = max(self.stand(hand, hard, ace), self.hit(hand, hard, ace))
            else:
                cell = self.table[_cell_row(hard, ace), self.up]
                stands = cell == S or cell == DS
                got = self.stand(hand, hard, ace) if stands else self.hit(hand, hard, ace)
            self._best[key] = got
        return got

    def double(self, hand, hard, ace):
        p = self._probs(hand)
        total = 0.0
        for v in range(N_VALUES):
            if p[v] == 0.0:
                continue
            h2, hd2, a2 = self._after(hand, hard, ace, v)
            total += p[v] * (self.bust(h2) if hd2 > 21 else self.stand(h2, hd2, a2))
        return 2.0 * total

    def play(self, hand, hard, ace, may_double):
        """Value of a two-card hand with stand, hit and (if ``may_double``) double."""
        if self.table is None:
            v = self.best(hand, hard, ace)
            if may_double:
                v = max(v, self.double(hand, hard, ace))
            return v
        if _best_total(hard, ace) == 21:
            return self.stand(hand, hard, ace)
        cell = self.table[_cell_row(hard, ace), self.up]
        if cell in (DH, DS) and may_double:
            return self.double(hand, hard, ace)
        if cell == S or cell == DS:
            return self.stand(hand, hard, ace)
        return self.hit(hand, hard, ace)


def _hand(*values):
    h = [0] * N_VALUES
    for v in values:
        h[v] += 1
    return tuple(h)


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def _split_value(model, r, up, v, table, cache):
    """Hand-level value of splitting a pair of value index ``v`` against ``up``
    (the resplit recursion of the module doc)."""
    key = (up, v)
    if key in cache:
        return cache[key]
    ctx = _Hands(model, r, up, _hand(v), table)     # the other split card is out
    p = ctx._probs(_hand(v))
    is_ace = v == ACE
    resplit = (not is_ace) or r.rsa
    x_sum = 0.0            # Σ_{c != v} p_c X_c
    for c in range(N_VALUES):
        if c == v or p[c] == 0.0:
            continue
        hand = _hand(v, c)
        hard, ace = v + 1 + c + 1, is_ace or c == ACE
        if is_ace:
            x = ctx.stand(hand, hard, ace)
        else:
            x = ctx.play(hand, hard, ace, r.can_double(hard, ace, True))
        x_sum += p[c] * x
    hand = _hand(v, v)
    hard, ace = 2 * (v + 1), is_ace
    y = ctx.stand(hand, hard, ace) if is_ace else ctx.play(hand, hard, ace, r.can_double(hard, ace, True))
    pv = p[v]
    limit = r.limit if resplit else 2
    # f(h, k): value of k hands still to receive their second card, h hands in all
    f = {}
    for h in range(limit, 1, -1):
        for k in range(0, h + 1):
            if k == 0:
                f[h, k] = 0.0
            elif h == limit:
                f[h, k] = k * (pv * y + x_sum)
            else:
                f[h, k] = pv * f[h + 1, k + 1] + x_sum + (1.0 - pv) * f[h, k - 1]
    cache[key] = f[2, 2]
    return f[2, 2]


class Analysis:
    """Every two-card hand's action values against every up card under ``rules``.

    ``ev[(c1, c2, up)]`` (value indices, ``c1 <= c2``) is a dict of box-level EVs per unit
    initial bet (dealer blackjack included): ``stand``, ``hit``, ``double``, ``split``,
    ``surrender`` (absent when not allowed)."""

    def __init__(self, rules, table=None):
        self.rules = rules
        self.r = _R(rules)
        shoe = None if rules.infinite else full_shoe(rules.decks)
        self.model = _Model(shoe, self.r.h17)
        self.table = table
        self.shoe = shoe

    def p_initial(self):
        """Probability of each (c1 <= c2, up) initial deal."""
        out = {}
        for up in range(N_VALUES):
            for c1 in range(N_VALUES):
                for c2 in range(c1, N_VALUES):
                    if self.shoe is None:
                        p = INFINITE_P
                        pr = p[up] * p[c1] * p[c2] * (1 if c1 == c2 else 2)
                    else:
                        s = self.shoe.astype(float)
                        n = s.sum()
                        pu = s[up] / n
                        s1 = s.copy()
                        s1[up] -= 1
                        if c1 == c2:
                            pr = pu * s1[c1] / (n - 1) * (s1[c1] - 1) / (n - 2)
                        else:
                            pr = pu * 2 * s1[c1] / (n - 1) * s1[c2] / (n - 2)
                    out[c1, c2, up] = pr
        return out

    def hand_evs(self, c1, c2, up, ctx=None, split_cache=None):
        """Box-level EVs of the actions allowed for the initial hand ``c1, c2``."""
        r = self.r
        ctx = ctx or _Hands(self.model, r, up, _hand(), self.table)
        hand = _hand(c1, c2)
        hard, ace = c1 + c2 + 2, ACE in (c1, c2)
        pbj = ctx.p_bj(hand)
        box = 0.0 if r.nohole_all else -pbj
        if ace and hard == 11:                       # a natural
            return {"blackjack": (1.0 - pbj) * r.bj_pays}
        out = {"stand": box + ctx.stand(hand, hard, ace), "hit": box + ctx.hit(hand, hard, ace)}
        if r.can_double(hard, ace, False):
            out["double"] = box + ctx.double(hand, hard, ace)
        if c1 == c2 and r.limit >= 2:
            cache = {} if split_cache is None else split_cache
            out["split"] = box + _split_value(self.model, r, up, c1, self.table, cache)
        if r.surrender == "late":
            out["surrender"] = -0.5 * (1.0 - pbj) - pbj
        elif r.surrender == "early":
            out["surrender"] = -0.5
        return out

    def all_evs(self):
        evs = {}
        for up in range(N_VALUES):
            ctx = _Hands(self.model, self.r, up, _hand(), self.table)
            cache = {}
            for c1 in range(N_VALUES):
                for c2 in range(c1, N_VALUES):
                    evs[c1, c2, up] = self.hand_evs(c1, c2, up, ctx, cache)
        return evs


# -- deriving the strategy -----------------------------------------------------------
def _choose(ev: dict) -> str:
    return max(ev, key=lambda k: (ev[k], k == "stand"))


def derive_table(rules) -> np.ndarray:
    """The basic strategy for ``rules`` as the kernel's table (``N_ROWS x 10`` int8).

    Each cell takes the action of highest EV (probability-weighted over the cell's
    two-card hands in a finite shoe)."""
    an = Analysis(rules)
    evs = an.all_evs()
    pr = an.p_initial()
    r = an.r
    t = np.zeros((N_ROWS, N_VALUES), dtype=np.int8)
    # rows never reached by two cards (hard 21, soft 21) stand; hard 4..20 / soft 12..20 below
    for up in range(N_VALUES):
        acc = {}                         # row -> {action: weighted EV}, weights
        sur = {}
        for (c1, c2, u), ev in evs.items():
            if u != up or "blackjack" in ev:
                continue
            w = pr[c1, c2, u]
            hard, ace = c1 + c2 + 2, ACE in (c1, c2)
            row = _cell_row(hard, ace)
            a = acc.setdefault(row, {})
            for k in ("stand", "hit", "double"):
                if k in ev:
                    a[k] = a.get(k, 0.0) + w * ev[k]
            if "surrender" in ev:
                best_other = max(v for k, v in ev.items() if k != "surrender")
                srow = (SUR_PAIR0 + c1) if c1 == c2 else (row - HARD0 + SUR_HARD0 if row < SOFT0
                                                          else row - SOFT0 + SUR_SOFT0)
                s = sur.setdefault(srow, [0.0, 0.0])
                s[0] += w * ev["surrender"]
                s[1] += w * best_other
            if c1 == c2 and "split" in ev:
                no_split = max(v for k, v in ev.items() if k not in ("split", "surrender"))
                t[PAIR0 + c1, up] = 1 if ev["split"] > no_split else 0
        for row, a in acc.items():
            best = _choose(a)
            if best == "double":
                t[row, up] = DH if a["hit"] >= a["stand"] else DS
            else:
                t[row, up] = S if best == "stand" else H
        for total in range(4, 22):                   # totals only reached with 3+ cards
            if _row_hard(total) not in acc:
                t[_row_hard(total), up] = S if total >= 17 else H
        for total in range(12, 22):
            if _row_soft(total) not in acc:
                t[_row_soft(total), up] = S if total >= 19 else H
        for srow, (sv, ov) in sur.items():
            t[srow, up] = 1 if sv > ov else 0
    return t


def _cache_dir():
    import os
    from pathlib import Path

    root = os.environ.get("SIMKIT_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
    return Path(root) / "simkit-blackjack" if root else Path.home() / ".cache" / "simkit" / "blackjack"


@functools.lru_cache(maxsize=1)
def _source_hash():
    import hashlib
    from pathlib import Path

    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


@functools.lru_cache(maxsize=64)
def _basic_cached(key):
    """Derive (or load from the disk cache) the basic strategy table of a rule set.

    Finite shoes take seconds to derive, so tables are kept in ``$SIMKIT_CACHE_DIR`` (or
    ``$NUMBA_CACHE_DIR/simkit-blackjack``, else ``~/.cache/simkit/blackjack``), named by a
    hash of the rule set and of this module's source (any change to the calculator
    invalidates them)."""
    import hashlib
    import os

    from simkit.games.blackjack.rules import BlackjackRules

    name = hashlib.sha256(f"{_source_hash()}|{key!r}".encode()).hexdigest()[:24] + ".npy"
    path = _cache_dir() / name
    t = None
    try:
        t = np.load(path)
        if t.shape != (N_ROWS, N_VALUES) or t.dtype != np.int8:
            t = None
    except (OSError, ValueError):
        t = None
    if t is None:
        t = derive_table(BlackjackRules(**dict(key)))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as fh:
                np.save(fh, t)
            os.replace(tmp, path)
        except OSError:  # pragma: no cover - a read-only cache only costs time
            pass
    t.setflags(write=False)
    return t


#: options that change basic strategy (penetration, players, shuffling do not)
_STRATEGY_OPTIONS = ("decks", "soft17", "hole_card", "blackjack_pays", "double", "das", "max_hands",
                     "resplit_aces", "surrender")


def strategy_key(rules) -> tuple:
    return tuple((k, getattr(rules, k)) for k in _STRATEGY_OPTIONS)


def basic_table(rules) -> np.ndarray:
    """Basic strategy for ``rules`` (cached per rule set; read-only)."""
    return _basic_cached(strategy_key(rules))


# -- public analysis -----------------------------------------------------------------------
def _rules(rules):
    from simkit.games.blackjack.rules import BlackjackRules

    return BlackjackRules.build(rules)


def dealer_probabilities(rules=None, *, peeked: bool = False) -> pd.DataFrame:
    """The dealer's final-total probabilities by up card (rows 2..10, A; columns 17, 18,
    19, 20, 21, bust, blackjack), off the top of the shoe of ``rules``. With ``peeked``
    the ace and ten rows are conditioned on the dealer having no blackjack."""
    rules = _rules(rules)
    r = _R(rules)
    model = _Model(None if rules.infinite else full_shoe(rules.decks), r.h17)
    rows = []
    for up in UP_ORDER:
        d = np.array(model.dealer(up, _hand(up)))
        if peeked and d[O_BJ] > 0:
            d[:O_BJ] /= 1.0 - d[O_BJ]
            d[O_BJ] = 0.0
        rows.append(dict(zip(OUTCOMES, d)))
    return pd.DataFrame(rows, index=pd.Index([VALUE_LABELS[u] for u in UP_ORDER], name="up"))


def expected_values(rules=None, table=None) -> pd.DataFrame:
    """EV per unit initial bet of every allowed action for every two-card hand against
    every up card (dealer blackjack included), with the best action. ``table`` (a
    strategy table) fixes the later decisions; by default play is optimal."""
    rules = _rules(rules)
    an = Analysis(rules, table)
    rows = []
    for (c1, c2, up), ev in sorted(an.all_evs().items(), key=lambda kv: (UP_ORDER.index(kv[0][2]), kv[0][:2])):
        row = {"card1": VALUE_LABELS[c1], "card2": VALUE_LABELS[c2], "up": VALUE_LABELS[up]}
        for k in ("stand", "hit", "double", "split", "surrender", "blackjack"):
            row[k] = ev.get(k, np.nan)
        row["best"] = _choose(ev)
        row["best_ev"] = ev[row["best"]]
        rows.append(row)
    return pd.DataFrame(rows)


def insurance_ev(rules=None) -> float:
    """EV of insurance per unit staked on it, dealer ace up, off the top:
    ``2 P(ten in the hole) - (1 - P)``."""
    rules = _rules(rules)
    if rules.infinite:
        pt = INFINITE_P[TEN]
    else:
        s = full_shoe(rules.decks)
        pt = s[TEN] / (s.sum() - 1)
    return float(3 * pt - 1)


def player_ev(rules=None, table=None, *, optimal: bool = False) -> float:
    """Player's exact expected result per unit initial bet for one box off the top
    (infinite deck: for every round). ``table``: the strategy to follow (default: basic
    strategy for ``rules``); ``optimal``: composition-dependent optimal play instead."""
    rules = _rules(rules)
    if optimal:
        table = None
    elif table is None:
        table = basic_table(rules)
    an = Analysis(rules, table)
    pr = an.p_initial()
    total = 0.0
    for up in range(N_VALUES):
        ctx = _Hands(an.model, an.r, up, _hand(), table)
        cache = {}
        for c1 in range(N_VALUES):
            for c2 in range(c1, N_VALUES):
                ev = an.hand_evs(c1, c2, up, ctx, cache)
                total += pr[c1, c2, up] * (_table_choice(ev, table, c1, c2, up, rules) if table is not None
                                           else ev[_choose(ev)])
    return total


def _table_choice(ev, table, c1, c2, up, rules) -> float:
    """EV of the action the table picks for the initial hand ``c1, c2``."""
    if "blackjack" in ev:
        return ev["blackjack"]
    hard, ace = c1 + c2 + 2, ACE in (c1, c2)
    if "surrender" in ev:
        srow = (SUR_PAIR0 + c1) if c1 == c2 else (SUR_SOFT0 + hard + 10 if ace and hard + 10 <= 21
                                                   else SUR_HARD0 + hard)
        if table[srow, up]:
            return ev["surrender"]
    if "split" in ev and table[PAIR0 + c1, up]:
        return ev["split"]
    cell = table[_cell_row(hard, ace), up]
    if cell in (DH, DS) and "double" in ev:
        return ev["double"]
    if _best_total(hard, ace) == 21 or cell in (S, DS):
        return ev["stand"]
    return ev["hit"]


def house_edge(rules=None, table=None, *, optimal: bool = False) -> float:
    """Exact house edge (player's expected loss per unit initial bet), the negative of
    :func:`player_ev`: exact for ``decks=inf``; for a finite shoe the first round off a
    freshly shuffled shoe (splits exact without resplits, see the module doc)."""
    return -player_ev(rules, table, optimal=optimal)
