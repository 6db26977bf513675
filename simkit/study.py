"""The default study (``make run``): every registered game at a modest size.

Writes ``results/study/``: ``summary.csv`` and ``summary.parquet`` (one row per game:
its headline metric with stderr and interval), ``meta.json``, each game's full result
(``<game>/``: parquet tables, statistics and metadata) and figures (a convergence plot
per game and ``headline.png``). Prints the summary.

    python -m simkit.study [--scale 0.1] [--jobs 2] [--force] [--out results]
"""
from __future__ import annotations

import sys

import pandas as pd

import simkit
from simkit.experiment import Experiment


def main(argv=None) -> int:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from simkit.reports.plots import plot_convergence

    exp = Experiment("study", "Every game at a modest size with default rules and policies",
                     default_hands=1, default_seed=2026)

    def extra(p):
        p.add_argument("--scale", type=float, default=1.0, help="multiply every game's study size")
        p.add_argument("--games", nargs="*", default=None, help="only these games")

    args = exp.parse(argv, extra)
    games = args.games or simkit.list_games()
    for g in games:
        simkit.get_game(g)  # unknown ids fail before any work
    inputs = {"games": games, "scale": args.scale, "seed": args.seed, "version": simkit.__version__}
    target = exp.target
    if (target / "summary.csv").exists() and not args.force:
        print(pd.read_csv(target / "summary.csv").to_string(index=False))
    rows = []
    with exp.output(inputs) as out:
        for gid in games:
            game = simkit.get_game(gid)
            hands = max(1, int(game.study_hands * args.scale))
            res = simkit.simulate(gid, hands, seed=args.seed, n_jobs=args.jobs, progress=None)
            exp.result(res, gid)
            head = res.estimates[game.headline]
            rows.append({"game": gid, "title": game.title, "unit": game.unit, "units": res.n_units,
                         "metric": game.headline, "value": head.value, "stderr": head.stderr,
                         "ci95_low": head.ci95[0], "ci95_high": head.ci95[1], "n": head.n,
                         "seconds": round(res.timings["run_s"], 3),
                         "rules": "defaults", "policies": str(res.meta()["policies"]),
                         "definition": game.headline_doc})
            ax = plot_convergence(res)
            exp.figure(ax.figure, f"{gid}_convergence")
            print(f"  {gid:12s} {game.headline} = {head.value:.6g} ± {head.stderr:.2g} "
                  f"({res.n_units:,} {game.unit}s, {res.timings['run_s']:.1f} s)", file=sys.stderr)
        df = pd.DataFrame(rows)
        exp.table(df, "summary")
        fig, ax = plt.subplots(figsize=(8, 0.45 * len(df) + 1.5))
        labels = [f"{r.game} ({r.metric})" for r in df.itertuples()]
        ax.errorbar(df["value"], range(len(df)), xerr=1.96 * df["stderr"], fmt="o", capsize=3)
        ax.set_yticks(range(len(df)), labels)
        ax.set_xlabel("headline metric with 95% interval")
        ax.set_title("simkit default study")
        exp.figure(fig, "headline")
        with pd.option_context("display.width", 160, "display.float_format", "{:.6g}".format):
            print(df.drop(columns=["title", "rules", "policies", "definition"]).to_string(index=False))
            for r in df[df.definition != ""].itertuples():
                print(f"  {r.game}: {r.definition}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
