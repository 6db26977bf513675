"""A bare reference kernel for the trick games' ``make bench`` rows: shuffle, deal, play
every trick with uniform-random legal cards under the game's follow flags and trick
table, take the trick winner; no bidding, declarations, stock, statistics or state for
policies. A game's random-play rate divided by this rate (same deck, seats, cards per
hand, flags and table) is the engine's overhead for that game (issue: at least 0.5).
The kernel plays on borrowed views of its arrays (:mod:`simkit.core.borrow`), as the
games' chunks do: without them it counted references on every per-card call and ran
1.4-1.5 times slower, which flattered every ratio.

    import sys; sys.path.insert(0, str(Path(__file__).parent))
    from trick_bare import bare_rate
    bare_rate(tables[t], deck_size=32, players=4, cards=8, follow=F_SUIT | F_TRUMP)
"""
import time

import numpy as np
from numba import njit

from simkit.core.borrow import borrowed
from simkit.core.cards import deck
from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.core.tricks import legal_nb, lowest_card_nb, random_card_nb, trick_winner_nb


@njit(cache=True)
def bare_units_nb(seed, units, deck0, players, cards, tt, follow, deck, st, hands, trick):
    """Uniform-random play of ``units`` deals of ``cards`` cards to each of ``players``
    seats from ``deck0`` under trick table ``tt`` and follow flags ``follow``; returns
    the tricks of seat 0 (so that nothing is optimised away). On borrowed views of its
    arrays, like the games' chunks, so that the per-card calls count no references."""
    deck0, tt, deck, st, hands, trick = borrowed((deck0, tt, deck, st, hands, trick))
    n = deck0.shape[0]
    total = 0
    for unit in range(units):
        seed_stream_nb(st, seed, unit)
        for i in range(n):
            deck[i] = deck0[i]
        for pos in range(n):
            draw_nb(deck, pos, st)
        for p in range(players):
            hands[p] = 0
        seat = 1 % players
        for i in range(players * cards):
            hands[seat] |= np.int64(1) << np.int64(deck[i])
            seat = seat + 1 if seat + 1 < players else 0
        leader = 1 % players
        for _ in range(cards):
            seat = leader
            for k in range(players):
                legal = legal_nb(hands[seat], trick, k, tt, follow, -1, 0)
                card = lowest_card_nb(legal) if legal & (legal - 1) == 0 else random_card_nb(legal, st)
                hands[seat] &= ~(np.int64(1) << card)
                trick[k] = card
                seat = seat + 1 if seat + 1 < players else 0
            leader = leader + trick_winner_nb(trick, players, tt)
            if leader >= players:
                leader -= players
            if leader == 0:
                total += 1
    return total


@njit(cache=True)
def bare_deals_nb(seed, units, deck0, players, cards, tt, follow):
    """:func:`bare_units_nb` with its work arrays."""
    return bare_units_nb(seed, units, deck0, players, cards, tt, follow, deck0.copy(), np.zeros(4, np.uint64),
                         np.zeros(8, np.int64), np.zeros(8, np.int64))


def bare_rate(tt, *, deck_size: int, players: int, cards: int, follow: int, units: int = 200_000) -> float:
    """Deals per second per core (process CPU time, best of three) of :func:`bare_deals_nb`."""
    d = deck(deck_size)
    tt = np.ascontiguousarray(tt, dtype=np.int64)
    bare_deals_nb(0, 10, d, players, cards, tt, follow)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        bare_deals_nb(k + 1, units, d, players, cards, tt, follow)
        best = max(best, units / (time.process_time() - t))
    return best


def game_rate(game: str, rules: dict, policies, units: int) -> float:
    """Units per second per core (process CPU time, best of three) of a registered game's
    chunk kernel, compile and cache loading excluded."""
    import simkit

    g = simkit.get_game(game)
    r = g.Rules.build(rules)
    p = g.resolve_policies(policies)
    g.run_chunk(r, p, 0, 0, 2, units)
    best = 0.0
    for k in range(3):
        t = time.process_time()
        g.run_chunk(r, p, k + 1, 0, units, units)
        best = max(best, units / (time.process_time() - t))
    return best
