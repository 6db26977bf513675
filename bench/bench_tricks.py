"""Trick-game timings for ``make bench`` (Oh Hell and Spades on the trick core).

* uniform-random play of 4-player 13-card deals (Oh Hell ``cards=13`` and Spades
  ``unit=deal``, random bids too) in simkit's kernels, and the same deals in a bare
  reference kernel (shuffle, deal, follow suit, trick winner; no bidding, no state for
  policies, no statistics), per second per core, and each game's ratio to the bare kernel
  (the ``ratio_to_bare`` of ``results/bench/summary.csv``);
* whole Oh Hell games (13 deals) with the heuristic bidder and player, and with the
  simulation bidder; Spades games to 500 with the heuristic bidder and player.

Rates use the process's CPU time (per core, and less disturbed by other work on a shared
machine than the wall clock); the best of three runs. ``extra()`` returns ``[{"name", "value", "unit"}, ...]``; ``bench/run.py`` calls it.
"""
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from simkit.core.borrow import borrowed
from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.core.tricks import (NO_TRUMP, TT_ESUIT, follow_suit_nb, lowest_card_nb, random_card_nb,
                                standard_tables, trick_winner_nb)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trick_bare import game_rate  # noqa: E402


@njit(cache=True)
def bare_units_nb(seed, units, tt, deck, st, hands, trick):
    """Uniform-random play of ``units`` 4-player 13-card no-trump deals; returns the
    tricks of seat 0 (so nothing is optimised away). On borrowed views of its arrays,
    like the games' chunks (:mod:`simkit.core.borrow`)."""
    tt, deck, st, hands, trick = borrowed((tt, deck, st, hands, trick))
    total = 0
    for unit in range(units):
        seed_stream_nb(st, seed, unit)
        for i in range(52):
            deck[i] = i
        for pos in range(52):
            draw_nb(deck, pos, st)
        for p in range(4):
            hands[p] = 0
        for i in range(52):
            hands[(i + 1) & 3] |= np.int64(1) << np.int64(deck[i])
        leader = 1
        for _ in range(13):
            seat = leader
            led = -1
            for n in range(4):
                legal = follow_suit_nb(hands[seat], led, tt)
                card = lowest_card_nb(legal) if legal & (legal - 1) == 0 else random_card_nb(legal, st)
                if n == 0:
                    led = tt[TT_ESUIT + card]
                hands[seat] &= ~(np.int64(1) << card)
                trick[n] = card
                seat = (seat + 1) & 3
            leader = (leader + trick_winner_nb(trick, 4, tt)) & 3
            if leader == 0:
                total += 1
    return total


@njit(cache=True)
def bare_deals_nb(seed, units, tables):
    """:func:`bare_units_nb` with its work arrays."""
    return bare_units_nb(seed, units, tables[NO_TRUMP], np.arange(52).astype(np.uint8), np.zeros(4, np.uint64),
                         np.zeros(4, np.int64), np.zeros(8, np.int64))


def bare_rate(units=400_000) -> float:
    tables = standard_tables(52)
    bare_deals_nb(0, 10, tables)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        bare_deals_nb(k + 1, units, tables)
        best = max(best, units / (time.process_time() - t))
    return best


def extra() -> list:
    bare = bare_rate()
    oh_hell = game_rate("oh-hell", {"players": 4, "cards": 13}, "random", 400_000)
    spades = game_rate("spades", {"unit": "deal"}, "random", 400_000)
    rows = [
        ("bare kernel: uniform-random play, 4 players, 13-card deals", bare, "deals/s/core"),
        ("oh-hell: uniform-random bid and play, 4 players, 13-card deals", oh_hell, "deals/s/core"),
        ("spades: uniform-random bid and play, single deals", spades, "deals/s/core"),
        # the summary's ratio_to_bare of each game (bench/run.py reads "<game>: ... bare ...")
        ("oh-hell: random 13-card deals / bare kernel", oh_hell / bare, "ratio"),
        ("spades: random single deals / bare kernel", spades / bare, "ratio"),
        ("oh-hell: whole 4-player games (13 deals), heuristic bid and play",
         game_rate("oh-hell", {}, None, 10_000), "games/s/core"),
        ("oh-hell: whole 4-player games, simulation bidder (12 samples)",
         game_rate("oh-hell", {}, {"bid": "simulation"}, 100), "games/s/core"),
        ("spades: games to 500, heuristic bid and play",
         game_rate("spades", {}, None, 2_000), "games/s/core"),
    ]
    return [{"name": n, "value": float(v), "unit": u} for n, v, u in rows]


if __name__ == "__main__":
    for row in extra():
        print(f"{row['name']:70s} {row['value']:>12,.0f} {row['unit']}")
