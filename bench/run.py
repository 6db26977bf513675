"""`make bench`: throughput, compile time and peak memory of every game.

For each game and each of its ``bench_cases``:

* units per second per core: one worker (``n_jobs=1``), the median of ``--repeats``
  runs, simulation time only (compile and cache loading excluded);
* cold compile: a fresh process with an empty numba cache imports simkit and plays one
  unit; warm compile: the same with the cache filled (what every later run pays);
* peak memory (maximum resident set of a fresh process) of a small and a large run:
  10^6 and up to 10^8 units, each cut for slow games, the small one to about a tenth of
  ``--large-seconds`` of work and the large one to ``--large-seconds`` (at least ten
  times the small one); the sizes used are printed, to show memory stays flat as the
  number of units grows.

Then each ``bench/bench_<name>.py`` module's ``extra()`` rows (game-specific figures
such as a bare reference kernel or a batch evaluator; ``bench_policies.py``: every seated
game's built-in policies at every seat and their share of random play's speed, the
defaults' speed budget). Writes ``results/bench/``: ``bench.csv`` (every case),
``bench.json`` (cases and extra rows), ``summary.csv`` and ``summary.png`` (one row per
game: its first case's units a second, its ratio to its bare reference kernel where its
bench module times one, compile times and peak memory; ``bench/README.md`` says how to
read them).

    python bench/run.py [--games treize ...] [--repeats 3] [--quick]
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
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
try:        # this process's own peak: Linux keeps ru_maxrss across exec, so it reports the bench's size too
    peak = next(int(line.split()[1]) / 1024 for line in open("/proc/self/status") if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"startup_s": t1 - t0, "maxrss_mb": peak}))
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
        per_unit = res.hands / res.n_units      # ``hands`` a unit (blackjack: rounds a shoe)
        rates.append(res.n_units / res.timings["run_s"])
        played = g.played(res.stats)
        played_rates.append((played if played is not None else res.hands) / res.timings["run_s"])
    rate = statistics.median(rates)
    row = {"game": game, "case": label, "unit": g.unit_for(g.Rules.build(rules)), "units_per_s_core": rate,
           "played": g.played_word, "played_per_s_core": statistics.median(played_rates)}
    with tempfile.TemporaryDirectory() as cold:
        row["cold_compile_s"] = child(game, rules, policies, 1, cold)["startup_s"]
        row["warm_compile_s"] = child(game, rules, policies, 1, cold)["startup_s"]
        if not quick:
            # the child is given ``hands``; these runs are sized in units (a game whose unit
            # holds many hands, such as blackjack's shoe of rounds, plays that many more)
            small = int(min(10**6, max(1_000, rate * large_seconds / 10)))
            row["small_units"] = small
            row["peak_mb_small"] = child(game, rules, policies, max(1, round(small * per_unit)), cold)["maxrss_mb"]
            large = int(min(10**8, max(10 * small, rate * large_seconds)))
            row["large_units"] = large
            row["peak_mb_large"] = child(game, rules, policies, max(1, round(large * per_unit)), cold)["maxrss_mb"]
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


def bare_ratio(game, extra_rows):
    """``(bare kernel rate, ratio)`` of ``game`` from its bench module's extra rows: the rows
    tagged ``role="bare"`` / ``role="ratio"`` (:mod:`bare`), else the first ``ratio`` row
    named ``"<game>: ... bare ..."`` or ``"<game> ... bare ..."`` (the trick games'
    modules, which give no bare rate column); NaN where none."""
    nan = float("nan")
    bare = next((r["value"] for r in extra_rows if r.get("game") == game and r.get("role") == "bare"), nan)
    ratio = next((r["value"] for r in extra_rows if r.get("game") == game and r.get("role") == "ratio"), None)
    if ratio is None:
        ratio = next((r["value"] for r in extra_rows if r["unit"] == "ratio" and "bare" in r["name"]
                      and re.match(rf"{re.escape(game)}[: ]", r["name"])), nan)
    return bare, ratio


SUMMARY_COLUMNS = ["game", "case", "unit", "units_per_s_core", "played", "played_per_s_core", "bare_per_s_core",
                   "ratio_to_bare", "cold_compile_s", "warm_compile_s", "small_units", "peak_mb_small", "large_units",
                   "peak_mb_large"]


def summary(rows, extra_rows):
    """One row per game: its first bench case and its bare-kernel ratio."""
    out, seen = [], set()
    for row in rows:
        if row["game"] in seen:
            continue
        seen.add(row["game"])
        bare, ratio = bare_ratio(row["game"], extra_rows)
        out.append({**{k: row.get(k, float("nan")) for k in SUMMARY_COLUMNS}, "bare_per_s_core": bare,
                    "ratio_to_bare": ratio})
    return pd.DataFrame(out, columns=SUMMARY_COLUMNS)


def summary_figure(df, path):
    """Three panels per game: ratio to the bare kernel (the 0.5 target marked), compile
    time (cold and warm) and peak memory (the small and the large run)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    y = range(len(df))
    fig, ax = plt.subplots(1, 3, figsize=(14, 0.32 * len(df) + 1.6), sharey=True)
    ax[0].barh(y, df["ratio_to_bare"].fillna(0), color="tab:blue")
    ax[0].axvline(0.5, color="tab:red", ls="--", lw=1)
    ax[0].set_xlabel("units/s over the bare kernel's (same process)")
    ax[0].set_yticks(list(y), list(df["game"]), fontsize=8)
    ax[0].invert_yaxis()
    ax[1].barh([i - 0.2 for i in y], df["cold_compile_s"], height=0.4, label="cold (empty cache)")
    ax[1].barh([i + 0.2 for i in y], df["warm_compile_s"], height=0.4, label="warm (cache filled)")
    ax[1].set_xlabel("start-up to the first unit, s")
    ax[1].legend(fontsize=7)
    if df["peak_mb_small"].notna().any():
        ax[2].barh([i - 0.2 for i in y], df["peak_mb_small"], height=0.4, label="small run (up to 10^6 units)")
        ax[2].barh([i + 0.2 for i in y], df["peak_mb_large"], height=0.4, label="large run")
        ax[2].legend(fontsize=7)
    else:
        ax[2].text(0.5, 0.5, "memory runs skipped (--quick)", ha="center", va="center", transform=ax[2].transAxes)
    ax[2].set_xlabel("peak resident memory, MB")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _write(path, write):
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as fh:
        write(fh)
    os.replace(fh.name, path)


def main(argv=None):
    import simkit
    from simkit.reports.plots import plural

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
                  f"({row['units_per_s_core']:,.0f} {plural(row['unit'])}/s)  "
                  f"cold {row['cold_compile_s']:.1f}s warm {row['warm_compile_s']:.2f}s  "
                  + (f"peak {row['peak_mb_small']:.0f} MB @{row['small_units']:.0e}, {row['peak_mb_large']:.0f} MB "
                     f"@{row['large_units']:.0e}" if "peak_mb_small" in row else "") + f"  ({time.time() - t0:.0f}s)", flush=True)
    extra_rows = extras(args.games)
    for r in extra_rows:
        print(f"{r['source']:22s} {r['name']:50s} {r['value']:>14,.4g} {r['unit']}", flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    _write(out / "bench.csv", lambda fh: pd.DataFrame(rows).to_csv(fh, index=False))
    _write(out / "bench.json", lambda fh: json.dump({"cases": rows, "extra": extra_rows, "cpu_count": os.cpu_count(),
                                                     "python": sys.version.split()[0]}, fh, indent=2, default=str))
    table = summary(rows, extra_rows)
    _write(out / "summary.csv", lambda fh: table.to_csv(fh, index=False))
    summary_figure(table, out / "summary.png")
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table[["game", "units_per_s_core", "ratio_to_bare", "cold_compile_s", "warm_compile_s",
                     "peak_mb_small", "peak_mb_large"]].to_string(index=False, float_format=lambda v: f"{v:,.3g}"))
    print(f"wrote {out}/bench.csv, bench.json, summary.csv and summary.png")


if __name__ == "__main__":
    main()
