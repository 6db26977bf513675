"""Babochka checks for ``simkit validate``: chips only move between the players, the pot
going whole (or split in whole twelfths) to its taker(s) and an unfinished pot back to
those who paid it (seed 002:28 «доставляется кон»; GAMES.md G14), so the seats' pot EVs
sum to exactly 0 in every pot.

The sum has no sampling error of its own; its standard error is stated as the seats'
standard errors combined as if independent (an upper bound), so a leak of chips fails
once it exceeds four of them.
"""
import math

from simkit.reports.estimates import Estimate
from simkit.validation import Check


def pot_ev_sum(res):
    """Σ over seats of ``pot_ev.seat<s>``, with the combined standard error."""
    est = [res.estimates[f"pot_ev.seat{s}"] for s in range(res.rules.players)]
    value = sum(e.value for e in est)
    se = math.sqrt(sum(e.stderr ** 2 for e in est))
    return Estimate(value, se, (value - 1.96 * se, value + 1.96 * se), est[0].n)


def checks() -> list:
    return [Check("seats' pot EVs sum to 0 (chips only change hands)", 0.0, 5_000, rules, policies, pot_ev_sum,
                  source="zero-sum")
            for rules, policies in (({}, "heuristic"),
                                    ({"players": 4, "both_complete": "split", "trail_fee": 2, "ante": 3}, "random"))]
