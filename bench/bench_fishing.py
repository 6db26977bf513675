"""Fishing-game timings for ``make bench`` (Kontchinka and Babochka on the capture engine).

* uniform-random play of 2-player Kontchinka deals (``unit=deal``) in simkit's kernel,
  and in a bare reference kernel with the same capture rules (shuffle, 4 to the table and
  4 each, each turn a uniformly chosen legal move: the sums, equal-rank captures, the jack's
  sweep and the trails enumerated; no clean-up, no scoring, statistics, policy dispatch or
  checks), per second per core, and their ratio;
* whole Kontchinka games to 15 with the default heuristic, and with the simulation policy
  at one seat; Babochka pots with random and with heuristic play.

Rates use the process's CPU time, the best of three runs. ``extra()`` returns
``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.rng import draw_nb, randbelow_nb, seed_stream_nb
from simkit.core.tricks import lowest_card_nb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import game_rate as _rate  # noqa: E402  (the same timing of a game's kernel)


@njit(cache=True, inline="always")
def _bare_moves_nb(hand, table, tn, val, tgt, sweep, cand, moves):
    """Every legal move of ``hand`` (bitmask) on ``table[:tn]`` as rows ``(card, mask)``:
    the jack's sweep, each set of valued table cards adding up to the card's value
    (backtracking), each equal-rank card not already a set of one, then each trail.
    Returns the count (rows written below ``moves.shape[0]``)."""
    cap = moves.shape[0]
    k = 0
    h = hand
    while h and tn:
        c = lowest_card_nb(h)
        h &= h - 1
        if sweep[c]:
            if k < cap:
                moves[k, 0] = c
                moves[k, 1] = (1 << tn) - 1
            k += 1
            continue
        t = tgt[c]
        m = 0
        for i in range(tn):
            v = val[table[i]]
            if 0 < v <= t:
                cand[m] = i
                m += 1
        # iterative backtracking: cand[m + d] = index (into cand) chosen at depth d
        d = 0
        j = 0
        s = 0
        mask = 0
        while True:
            if j < m:
                v = val[table[cand[j]]]
                if s + v <= t:
                    cand[m + d] = j
                    d += 1
                    s += v
                    mask |= 1 << cand[j]
                    if s == t:
                        if k < cap:
                            moves[k, 0] = c
                            moves[k, 1] = mask
                        k += 1
                j += 1
                continue
            if d == 0:
                break
            d -= 1
            j = cand[m + d]
            s -= val[table[cand[j]]]
            mask &= ~(1 << cand[j])
            j += 1
        for i in range(tn):
            if table[i] >> 2 == c >> 2 and not (0 < val[table[i]] == t):
                if k < cap:
                    moves[k, 0] = c
                    moves[k, 1] = 1 << i
                k += 1
    h = hand
    while h:
        c = lowest_card_nb(h)
        h &= h - 1
        if k < cap:
            moves[k, 0] = c
            moves[k, 1] = 0
        k += 1
    return k


@njit(cache=True)
def bare_deals_nb(seed, units, val, tgt, sweep):
    """Uniform-random play of ``units`` 2-player Kontchinka deals under the default capture
    rules (by rank, by sum, the jack sweeps; one capture a move, trailing always allowed):
    shuffle, 4 to the table, 4 to each hand, each turn a uniformly chosen legal move. No
    clean-up, no scoring, no statistics, no policy dispatch or checks. Returns the cards
    seat 0 took (so nothing is optimised away)."""
    deck = np.arange(52).astype(np.uint8)
    st = np.zeros(4, np.uint64)
    hands = np.zeros(2, np.int64)
    table = np.zeros(52, np.int64)
    cand = np.zeros(2 * 52 + 1, np.int64)
    moves = np.zeros((256, 2), np.int64)
    total = 0
    for unit in range(units):
        seed_stream_nb(st, seed, unit)
        for i in range(52):
            deck[i] = i
        for pos in range(52):
            draw_nb(deck, pos, st)
        top = 4
        tn = 4
        for i in range(4):
            table[i] = deck[i]
        while top < 52:
            for _ in range(4):
                for p in range(2):
                    hands[p] |= np.int64(1) << deck[top]
                    top += 1
            for _ in range(4):
                for p in range(2):
                    n = _bare_moves_nb(hands[p], table, tn, val, tgt, sweep, cand, moves)
                    if n > moves.shape[0]:
                        moves = np.zeros((2 * n, 2), np.int64)
                        _bare_moves_nb(hands[p], table, tn, val, tgt, sweep, cand, moves)
                    k = randbelow_nb(st, n)
                    c = moves[k, 0]
                    mask = moves[k, 1]
                    hands[p] &= ~(np.int64(1) << c)
                    if mask == 0:
                        table[tn] = c
                        tn += 1
                    else:
                        w = 0
                        for i in range(tn):
                            if not (mask >> i) & 1:
                                table[w] = table[i]
                                w += 1
                        if p == 0:
                            total += tn - w + 1
                        tn = w
    return total


def _bare_tables():
    import simkit
    from simkit.games.kontchinka import card_values

    values, targets, sweeps = card_values(simkit.get_game("kontchinka").Rules.build({}))
    per_card = [np.repeat(np.asarray(x, np.int64), 4) for x in (values, targets, sweeps)]
    return per_card


def bare_rate(units=200_000) -> float:
    val, tgt, sweep = _bare_tables()
    bare_deals_nb(0, 10, val, tgt, sweep)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        bare_deals_nb(k + 1, units, val, tgt, sweep)
        best = max(best, units / (time.process_time() - t))
    return best


def extra() -> list:
    bare = bare_rate()
    full = _rate("kontchinka", {"unit": "deal"}, "random", 100_000)
    rows = [
        ("bare kernel: random legal moves, 2 players, same capture rules", bare, "deals/s/core"),
        ("kontchinka: uniform-random legal moves, 2-player single deals", full, "deals/s/core"),
        ("kontchinka random deals / bare kernel", full / bare, "ratio"),
        ("kontchinka: games to 15, heuristic play, 2 players", _rate("kontchinka", {}, "heuristic", 5_000),
         "games/s/core"),
        ("kontchinka: games to 15, simulation (8 samples) v heuristic",
         _rate("kontchinka", {}, {"play": "simulation|heuristic"}, 30), "games/s/core"),
        ("babochka: random play, 3 players", _rate("babochka", {}, "random", 100_000), "pots/s/core"),
        ("babochka: heuristic play, 3 players", _rate("babochka", {}, "heuristic", 50_000), "pots/s/core"),
        ("babochka: simulation play (8 samples), 3 players", _rate("babochka", {}, None, 3_000), "pots/s/core"),
    ]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>12,.4g} {row['unit']}")
