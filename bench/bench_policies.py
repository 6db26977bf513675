"""The speed budget of the defaults, for ``make bench``: in every seated game, each
built-in policy of each role (the other roles at their defaults) plays every seat, under
the game's default rules; its units a second per core and its share of random play's
(every role random). A game's default must be the strongest built-in with a share of at
least 1/20 (issue 26; ``docs/strategy.md``: the tournaments say which is strongest).

    python bench/bench_policies.py [SECONDS] [GAME ...]
"""
import sys
import time

import simkit
from simkit.runner.contests import CONTESTS

BUDGET = 1 / 20


def units_per_s(gid, policies, seconds: float) -> float:
    """Units a second of one process playing ``policies`` at every seat: doubling batches
    (unit indices ``0, 1, ...``) until ``seconds`` have passed, after one unit to compile."""
    game = simkit.get_game(gid)
    rules = game.Rules.build(None)
    pols = game.resolve_policies(policies)
    game.run_chunk(rules, pols, 0, 0, 1, 1 << 20)
    done, n, took = 1, 1, 0.0
    while took < seconds:
        t0 = time.perf_counter()
        game.run_chunk(rules, pols, 0, done, done + n, 1 << 20)
        took += time.perf_counter() - t0
        done += n
        n *= 2
    return (done - 1) / took


def extra(seconds: float = 1.0, games=None) -> list:
    rows = []
    for gid in games or sorted(CONTESTS):
        game = simkit.get_game(gid)
        unit = game.unit_for(game.Rules.build(None))
        rnd = {r.name: "random" for r in game.roles if "random" in r.builtins}
        base = units_per_s(gid, rnd, seconds)
        rows.append({"name": f"{gid}: random play at every role", "value": base, "unit": f"{unit}s/s/core"})
        for r in game.roles:
            for name in sorted(r.builtins):
                if name == "random":
                    continue
                rate = units_per_s(gid, {r.name: name}, seconds)
                tag = " (default)" if name == r.default else ""
                within = "within" if rate >= BUDGET * base else "OUTSIDE"
                rows.append({"name": f"{gid}: {r.name}={name}{tag}", "value": rate, "unit": f"{unit}s/s/core"})
                rows.append({"name": f"{gid}: {r.name}={name}{tag} / random play ({within} the 1/20 budget)",
                             "value": rate / base, "unit": "ratio"})
    return rows


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    for row in extra(secs, sys.argv[2:] or None):
        print(f"{row['name']:80s} {row['value']:>14,.4g} {row['unit']}")
