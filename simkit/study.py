"""The default study (``make run``): every registered game at a modest size.

Writes ``results/study/``: ``summary.csv`` and ``summary.parquet`` (one row per game and
case: its headline metric with its unit (``value_unit``), stderr and interval, its
``definition`` and which direction is ``better`` for whom, the rule options as JSON and one
``policy_<role>`` column per policy role), ``meta.json``, each case's full result
(``<case>/``: parquet tables, statistics and metadata) and figures (a convergence plot
per case and ``headline.png``, a row of panels per kind of headline metric). Prints the
summary; ``simkit report results/study`` prints it again.

Each game plays its default rules and policies, except where GAMES.md asks for more than
one report: Ochko is studied in both variants (GAMES.md G19 «House (banker) edge per unit
staked for each variant»).

The games are compiled and played in parallel, one case per worker process (by default
every usable core, ``--jobs``); each case prints one line as it finishes (game, units,
headline, seconds), so a long first run shows its progress. Results do not depend on
the number of workers or the order in which the cases finish.

    python -m simkit.study [--scale 0.1] [--games treize ochko] [--jobs 2] [--force] [--out results] [-v]
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pandas as pd

import simkit
from simkit.experiment import Experiment

#: games studied under several rule sets: id -> list of rule dicts (one summary row each, its ``case``
#: column ``k=v, ...``; ``defaults`` for a game studied under its default rules only)
CASES = {"ochko": [{"variant": "A"}, {"variant": "B"}]}
#: the games that took longest from an empty numba cache (cold ``make run`` on 2 cores, 5 Dec 2026:
#: 24-50 s each with compiling, the others 12-23 s), slowest first; :func:`play_order` starts them
#: first, so the last cases to finish are short ones (the wall time is the busiest worker's)
SLOW_FIRST = ("thousand", "marriage-4", "babochka", "blackjack", "sixty-six", "ochko", "kontchinka", "king",
              "tyotka", "spades")
#: the summary columns ``print`` shows (the rest is in summary.csv)
SHOWN = ["game", "case", "unit", "units", "metric", "value", "value_unit", "stderr", "ci95_low", "ci95_high",
         "seconds"]


def _folder(gid: str, rules: dict) -> str:
    """``ochko-variant-A`` for ``("ochko", {"variant": "A"})``; the id alone for defaults."""
    return "-".join([gid] + [f"{k}-{v}" for k, v in rules.items()])


def summary_row(res, case: str) -> dict:
    """One tidy summary row of a study run: the headline metric with its interval, the
    actual rule options as JSON and one ``policy_<role>`` column per role."""
    from simkit.reports.metric_info import metric_info

    game = res.game
    head = res.estimates[game.headline]
    meta = res.meta()
    info = metric_info(game, game.headline)
    row = {"game": game.id, "case": case, "title": game.title, "unit": meta["unit"], "units": res.n_units,
           "metric": game.headline, "value": head.value, "value_unit": info.unit, "stderr": head.stderr,
           "ci95_low": head.ci95[0], "ci95_high": head.ci95[1], "n": head.n,
           "seconds": round(res.timings["run_s"], 3), "seed": res.seed, "version": res.version,
           "rules": json.dumps(meta["rules"], default=str, sort_keys=True), "definition": info.definition,
           "better": info.direction()}
    for role, desc in meta["policies"].items():
        row[f"policy_{role}"] = json.dumps(desc) if isinstance(desc, list) else desc
    return row


def headline_figure(df: pd.DataFrame, caption: str):
    """One row of panels per kind of headline metric (house edge, bid accuracy, win rate),
    with the study's footer. Left: each case's value with its 95% interval on the kind's
    common axis, to compare cases. Right: the same intervals as offsets from each value,
    on a scale of their own, so an interval narrower than the marker on the left (a
    million banks' house edge next to edges of -0.2 and 0.3) is still drawn. Each row's
    label states the value and the interval in numbers too."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from simkit.reports.plots import plural

    kinds = list(dict.fromkeys(df["metric"]))
    sizes = [int((df["metric"] == k).sum()) for k in kinds]
    fig, axes = plt.subplots(len(kinds), 2, figsize=(10, 0.45 * sum(sizes) + 1.1 * len(kinds) + 0.8),
                             gridspec_kw={"height_ratios": [s + 1.2 for s in sizes], "width_ratios": [3, 2]},
                             sharey="row", squeeze=False)
    for (ax, off), kind in zip(axes, kinds):
        part = df[df["metric"] == kind]
        y = list(range(len(part)))
        below, above = part["value"] - part["ci95_low"], part["ci95_high"] - part["value"]
        ax.errorbar(part["value"], y, xerr=[below, above], fmt="o", capsize=4)
        widest = float(np.nanmax(np.r_[below, above])) if len(part) else 0.0
        power = int(np.floor(np.log10(widest))) if widest > 0 else 0
        off.errorbar([0.0] * len(part), y, xerr=[below / 10.0 ** power, above / 10.0 ** power], fmt="|",
                     color="C0", capsize=4, ms=10)
        off.axvline(0, color="0.6", lw=0.8)
        ax.set_yticks(y, [f"{r.game}{'' if r.case == 'defaults' else ' ' + r.case} ({r.units:,} {plural(r.unit)})\n"
                          f"{r.value:.4g} [{r.ci95_low:.4g}, {r.ci95_high:.4g}]" for r in part.itertuples()])
        ax.set_ylim(len(part) - 0.4, -0.6)
        unit = part["value_unit"].iloc[0] if "value_unit" in part and len(part) else ""
        ax.set_xlabel(f"{kind}{f' ({unit})' if unit else ''} with 95% interval")
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5))     # long tick labels must not overlap
        off.set_xlabel("95% interval around the value" + (f" (x 1e{power})" if power else ""))
        for a in (ax, off):
            a.grid(axis="x", alpha=0.3)
    fig.suptitle("simkit default study: each game's headline metric (default rules and policies)")
    axes[0, 0].set_title("the value with its 95% interval", fontsize=10)
    axes[0, 1].set_title("its interval, enlarged", fontsize=10)
    # room for the figure's title above the panel titles, in inches (the figure's height grows with the cases)
    fig.tight_layout(rect=(0, 0.04, 1, 1 - 0.45 / fig.get_figheight()))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35", ha="left", va="bottom", wrap=True)
    return fig


def _play_case(gid: str, hands: int, rules: dict, seed: int):
    """One case in a worker process: the game compiles (or loads its cache) and plays
    there. Returns the run's plain parts (statistics, trace, timings), which the parent
    turns back into a Result (a Result itself may hold objects that do not pickle)."""
    import time

    t0 = time.perf_counter()
    res = simkit.simulate(gid, hands, rules=rules, seed=seed, n_jobs=1, progress=False)
    parts = {"stats": dict(res.stats), "n_units": res.n_units, "trace": list(res.trace),
             "timings": dict(res.timings), "unit_range": res.unit_range}
    return parts, time.perf_counter() - t0


def _result(gid: str, hands: int, rules: dict, seed: int, parts: dict):
    from simkit.core.stats import Stats
    from simkit.runner.result import Result

    game = simkit.get_game(gid)
    return Result(game=game, hands=hands, seed=seed, rules=game.Rules.build(rules), policies=game.resolve_policies(None),
                  stats=Stats(parts["stats"]), n_units=parts["n_units"], trace=parts["trace"],
                  timings=parts["timings"], unit_range=parts["unit_range"])


def _scale(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"--scale must be a number > 0, got {text!r}")
    return value


def main(argv=None) -> int:
    import matplotlib

    matplotlib.use("Agg")
    from simkit.provenance import code_version
    from simkit.reports.plots import plot_convergence, plural

    exp = Experiment("study", "Every game at a modest size with default rules and policies",
                     default_hands=None, default_seed=2026, prog="python -m simkit.study", default_jobs=-1)

    def extra(p):
        p.add_argument("--scale", type=_scale, default=1.0,
                       help="multiply every game's study size (default 1; each game's size is its study_hands)")
        p.add_argument("--games", nargs="*", default=None, help="only these games (default: every registered game)")

    args = exp.parse(argv, extra)
    games = args.games or simkit.list_games()
    for g in games:
        simkit.get_game(g)  # unknown ids fail before any work
    inputs = {"games": games, "scale": args.scale, "seed": args.seed}
    target = exp.target
    if exp.existing(inputs) == "same" and not args.force and (target / "summary.csv").exists():
        print(_shown(pd.read_csv(target / "summary.csv")))
    cases = [(gid, rules, max(1, int(simkit.get_game(gid).study_hands * args.scale)))
             for gid in games for rules in CASES.get(gid, [{}])]
    rows = [None] * len(cases)
    with exp.output(inputs):
        for i, parts, took in _play_all(cases, args.seed, args.jobs, play_order(cases)):
            gid, rules, hands = cases[i]
            res = _result(gid, hands, rules, args.seed, parts)
            folder = _folder(gid, rules)
            exp.result(res, folder)
            rows[i] = summary_row(res, ", ".join(f"{k}={v}" for k, v in rules.items()) or "defaults")
            ax = plot_convergence(res)
            exp.figure(ax.figure, f"{folder}_convergence")
            r = rows[i]
            print(f"  done {folder:22s} {res.n_units:>11,} {plural(r['unit'])}  {r['metric']} = {r['value']:.6g} "
                  f"± {r['stderr']:.2g}  ({took:.1f} s with compiling)", flush=True)
        df = pd.DataFrame(rows)
        exp.table(df, "summary")
        several = "; ".join(f"{g}: " + " and ".join(", ".join(f"{k}={v}" for k, v in r.items()) for r in CASES[g])
                            for g in CASES if g in games)     # only the games studied under several rule sets
        exp.figure(headline_figure(df, f"simkit default study | scale {args.scale:g} | seed {args.seed} | "
                                       f"default rules and policies{f' ({several})' if several else ''} | "
                                       f"simkit {code_version()}"), "headline")
        print(_shown(df))
        print(definitions(df))
    return 0


def play_order(cases) -> list:
    """The order in which to start ``cases`` (indices): the first case of each
    :data:`SLOW_FIRST` game in that order, then the first case of every other game in the
    given order, then each game's further rule sets, which then load the kernels its first
    case compiled instead of compiling them again in another worker."""
    first: list[int] = []
    later: list[int] = []
    seen: set[str] = set()
    for i, (gid, _rules, _hands) in enumerate(cases):
        (later if gid in seen else first).append(i)
        seen.add(gid)
    rank = {gid: k for k, gid in enumerate(SLOW_FIRST)}
    first.sort(key=lambda i: rank.get(cases[i][0], len(rank)))   # stable: the others keep their order
    return first + later


def _play_all(cases, seed: int, n_jobs: int, order):
    """Yield ``(case index, the run's parts, seconds)`` as the cases finish, started in
    ``order``: in this process with one job, else in ``n_jobs`` worker processes (loky)."""
    if n_jobs == 1 or len(cases) == 1:
        for i in order:
            gid, rules, hands = cases[i]
            parts, took = _play_case(gid, hands, rules, seed)
            yield i, parts, took
        return
    import warnings

    import joblib

    par = joblib.Parallel(n_jobs=min(n_jobs, len(cases)), return_as="generator_unordered")
    with warnings.catch_warnings():
        # loky replaces a worker whose memory grew 300 MB past its size after its first case, and
        # says so as a possible "memory leak": here that is the compiled kernels of the games it
        # played (a worker plays several, each compiling its own), which the new worker drops
        warnings.filterwarnings("ignore", message="A worker stopped while some jobs were given to the executor",
                                category=UserWarning)
        yield from par(joblib.delayed(_indexed)(i, *cases[i], seed) for i in order)


def _indexed(i, gid, rules, hands, seed):
    parts, took = _play_case(gid, hands, rules, seed)
    return i, parts, took


def definitions(df: pd.DataFrame) -> str:
    """One line per summary row: what its headline measures (every row has one), in which
    unit, and which direction is better for whom."""
    lines = ["", "what each row measures:"]
    for r in df.itertuples():
        case = "" if r.case == "defaults" else f" ({r.case})"
        lines.append(f"  {r.game}{case}: {r.definition} [{r.value_unit}; {r.better}]")
    return "\n".join(lines)


def _shown(df: pd.DataFrame) -> str:
    with pd.option_context("display.width", 160, "display.float_format", "{:.6g}".format):
        return df[[c for c in SHOWN if c in df.columns]].to_string(index=False)


if __name__ == "__main__":
    sys.exit(main())
