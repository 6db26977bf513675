"""`make bench`: throughput, compile time and peak memory of every game.

For each game and each of its ``bench_cases``:

* units per second per core: one worker (``n_jobs=1``), the median of ``--repeats``
  runs, simulation time only (compile and cache loading excluded);
* cold compile: a fresh process with an empty numba cache imports simkit and plays one
  unit; warm compile: the same with the cache filled (what every later run pays);
* peak memory (maximum resident set of a fresh process) at 10^6 and 10^8 units (the
  large size is cut to about ``--large-seconds`` of work for slow games; the size used
  is printed), to show memory stays flat as the number of units grows.

Then each ``bench/bench_<name>.py`` module's ``extra()`` rows (game-specific figures
such as a bare reference kernel or a batch evaluator; ``bench_policies.py``: every seated
game's built-in policies at every seat and their share of random play's speed, the
defaults' speed budget). Writes ``results/bench/``.

    python bench/run.py [--games treize ...] [--repeats 3] [--quick]
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
import simkit
game, rules, policies, hands = json.loads(sys.argv[1])
g = simkit.get_game(game)
r = g.Rules.build(rules); p = g.resolve_policies(policies)
g.run_chunk(r, p, 0, 0, 1, hands)
t1 = time.perf_counter()
if hands > 1:
    simkit.simulate(game, hands, rules=rules, policies=policies, progress=False)
print(json.dumps({"startup_s": t1 - t0, "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(game, rules, policies, hands, cache_dir):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    out = subprocess.run([sys.executable, "-c", _CHILD, json.dumps([game, rules, policies, hands])],
                         capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_case(game, label, rules, policies, hands, repeats, large_seconds, quick):
    import simkit

    g = simkit.get_game(game)
    simkit.simulate(game, 1, rules=rules, policies=policies, progress=False)   # warm this process
    rates, played_rates = [], []
    for k in range(repeats):
        res = simkit.simulate(game, hands, rules=rules, policies=policies, seed=k, progress=False)
        rates.append(res.n_units / res.timings["run_s"])
        played = g.played(res.stats)
        played_rates.append((played if played is not None else res.hands) / res.timings["run_s"])
    rate = statistics.median(rates)
    row = {"game": game, "case": label, "unit": g.unit, "units_per_s_core": rate,
           "played": g.played_word, "played_per_s_core": statistics.median(played_rates)}
    with tempfile.TemporaryDirectory() as cold:
        row["cold_compile_s"] = child(game, rules, policies, 1, cold)["startup_s"]
        row["warm_compile_s"] = child(game, rules, policies, 1, cold)["startup_s"]
        if not quick:
            row["peak_mb_1e6"] = child(game, rules, policies, 10**6, cold)["maxrss_mb"]
            large = int(min(10**8, max(10**6, rate * large_seconds)))
            row["large_units"] = large
            row["peak_mb_large"] = child(game, rules, policies, large, cold)["maxrss_mb"]
    return row


def extras(games):
    rows = []
    for path in sorted((ROOT / "bench").glob("bench_*.py")):
        name = path.stem[len("bench_"):]
        if games and not any(name.replace("_", "-") in g or g.replace("-", "_").startswith(name) for g in games):
            continue
        spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for r in mod.extra():
            rows.append({"source": path.name, **r})
    return rows


def main(argv=None):
    import simkit

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--large-seconds", type=float, default=30.0)
    ap.add_argument("--quick", action="store_true", help="skip the memory runs")
    ap.add_argument("--out", default=str(ROOT / "results" / "bench"))
    args = ap.parse_args(argv)
    games = args.games or simkit.list_games()
    rows = []
    for game in games:
        g = simkit.get_game(game)
        for label, rules, policies, hands in g.bench_cases:
            t0 = time.time()
            row = bench_case(game, label, rules, policies, hands, args.repeats, args.large_seconds, args.quick)
            rows.append(row)
            print(f"{game:12s} {label:36s} {row['played_per_s_core']:>13,.0f} {g.played_word}/s/core "
                  f"({row['units_per_s_core']:,.0f} {g.unit}s/s)  "
                  f"cold {row['cold_compile_s']:.1f}s warm {row['warm_compile_s']:.2f}s  "
                  + (f"peak {row['peak_mb_1e6']:.0f} MB @1e6, {row['peak_mb_large']:.0f} MB @{row['large_units']:.0e}"
                     if "peak_mb_1e6" in row else "") + f"  ({time.time() - t0:.0f}s)", flush=True)
    extra_rows = extras(args.games)
    for r in extra_rows:
        print(f"{r['source']:22s} {r['name']:50s} {r['value']:>14,.4g} {r['unit']}", flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    df = pd.DataFrame(rows)
    with tempfile.NamedTemporaryFile("w", dir=out, suffix=".tmp", delete=False) as fh:
        df.to_csv(fh, index=False)
    os.replace(fh.name, out / "bench.csv")
    with tempfile.NamedTemporaryFile("w", dir=out, suffix=".tmp", delete=False) as fh:
        json.dump({"cases": rows, "extra": extra_rows, "cpu_count": os.cpu_count(),
                   "python": sys.version.split()[0]}, fh, indent=2, default=str)
    os.replace(fh.name, out / "bench.json")
    print(f"wrote {out}/bench.csv and bench.json")


if __name__ == "__main__":
    main()
