"""The ``simkit`` command.

    simkit [--version] [-v] COMMAND ...      (also: python -m simkit)
    simkit list
    simkit rules GAME [--json | --wide]
    simkit policies GAME [--json | --wide]
    simkit run GAME --hands N [--seed S] [--jobs J] [--rule KEY=VALUE ...] [--policy NAME ...]
               [--json] [--out DIR] [--force] [--no-progress] [--shard K/N] [--backend B] [--scheduler ADDR]
               [--target-se SE]
    simkit report DIR [--json]
    simkit merge DIR... --out DIR [--json]
    simkit compare GAME --variant KEY=VALUE,... --variant ... --hands N [--json] [--out DIR] [--shard K/N]
                                                                                (simkit/cli_stats.py)
    simkit sweep GAME --vary KEY=V1,V2,... [--vary ...] --hands N [--base KEY=VALUE,...] [--json] [--out DIR]
    simkit validate [--hands N] [--json]
    simkit tournament GAME --policy A --policy B [...] --hands N [--json]    (simkit/cli_strategy.py)
    simkit tune GAME --policy ROLE=NAME --param ROLE.P=LO:HI[:STEP] --budget UNITS [--json]

``--json`` prints exactly one JSON object on stdout (game, hands, seed, rules, policies,
version, metrics, tables); progress bars and messages go to stderr.
"""
from __future__ import annotations

import argparse
import json
import signal
import sys

from simkit.errors import SimkitError
from simkit.log import logger


def _dump(obj) -> str:
    return json.dumps(obj, indent=None, default=str, allow_nan=False, ensure_ascii=False)


def _clean(obj):
    """NaN and infinities are not JSON: write them as null."""
    if isinstance(obj, float):
        return obj if obj == obj and obj not in (float("inf"), float("-inf")) else None
    if isinstance(obj, dict):
        return {k: _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    return obj


class _Help(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples' line breaks and appends each option's default to its help."""

    def _get_help_string(self, action):
        text = action.help or ""
        if (action.option_strings and "%(default)" not in text
                and action.default not in (None, False, [], argparse.SUPPRESS)):
            text += " (default: %(default)s)"
        return text


def _examples(*lines) -> str:
    return "examples:\n" + "\n".join(f"  {x}" for x in lines)


def _loudness(p, default) -> None:
    """``-v``/``-q`` on parser ``p``: on the main parser with defaults 0, on each
    subcommand with no default (``argparse.SUPPRESS``), so that they work before or after
    the command (given after it, they replace those given before it)."""
    p.add_argument("-v", "--verbose", action="count", default=default,
                   help="more messages on stderr: -v progress notes, -vv debugging detail (default: warnings only)")
    p.add_argument("-q", "--quiet", action="count", default=default,
                   help="fewer messages on stderr: errors only, and no progress bar")


def _sub(sub, name, help, *examples):
    p = sub.add_parser(name, help=help, description=help[:1].upper() + help[1:] + ".",
                       epilog=_examples(*examples), formatter_class=_Help)
    _loudness(p, argparse.SUPPRESS)
    return p


def _parser() -> argparse.ArgumentParser:
    from simkit.provenance import code_version, git_commit

    commit = git_commit()["commit"]
    p = argparse.ArgumentParser(
        prog="simkit", formatter_class=_Help,
        description="Monte Carlo simulation of the seed card games. `simkit COMMAND --help` explains each command.",
        epilog=_examples("simkit list", "simkit rules treize", "simkit run treize --hands 1e6 --seed 1 --jobs 2",
                         "simkit run blackjack --hands 1e6 --rule decks=1 --json | jq .metrics.house_edge"))
    p.add_argument("--version", action="version", version=f"simkit {code_version()}" + (f" (commit {commit[:12]})" if commit else ""))
    _loudness(p, 0)
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND", help="one of:")
    _sub(sub, "list", "registered games with their unit and headline metric", "simkit list")
    r = _sub(sub, "rules", "every rule option of a game: type, default, allowed values, meaning, seed sentence",
             "simkit rules ochko", "simkit rules blackjack --wide | less -S", "simkit rules treize --json")
    r.add_argument("game", help="game id (see `simkit list`)")
    r.add_argument("--json", action="store_true", help="one JSON list of records on stdout")
    r.add_argument("--wide", action="store_true", help="one table row per option, as wide as it needs")
    q = _sub(sub, "policies", "built-in policies of a game by role, with their parameters and defaults",
             "simkit policies treize", "simkit policies blackjack --wide", "simkit policies poker --json")
    q.add_argument("game", help="game id (see `simkit list`)")
    q.add_argument("--json", action="store_true", help="one JSON list of records on stdout")
    q.add_argument("--wide", action="store_true", help="one table row per policy, as wide as it needs")
    run = _sub(sub, "run", "simulate a game and print (or save) its report",
               "simkit run treize --hands 1e6 --seed 1 --jobs 2",
               "simkit run treize --hands 1e6 --rule deck=36 --policy deck-aware:threshold=-0.26",
               "simkit run ochko --hands 1e5 --rule variant=A --policy draw=threshold:stand=16",
               "simkit run treize --hands 1e6 --json > t.json",
               "simkit run treize --hands 1e10 --seed 7 --shard 3/100 --out shards/t-3 --no-progress")
    run.add_argument("game", help="game id (see `simkit list`)")
    run.add_argument("--hands", required=True,
                     help="units to play (the game's unit: `simkit list`), e.g. 1000000, 1e6 or 1_000_000")
    run.add_argument("--seed", default="0", help="base seed (integer >= 0); unit i draws from (seed, i) only")
    run.add_argument("--jobs", default=1, type=int, help="worker processes, -1 for every CPU core (never changes results)")
    run.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                     help="set a rule option, repeatable "
                          "(`simkit rules GAME` lists them; default: the game's defaults)")
    run.add_argument("--policy", action="append", default=[], metavar="NAME[:P=V,...] or ROLE=NAME",
                     help="choose a built-in policy, repeatable, one per role "
                          "(`simkit policies GAME` lists them; default: each role's default)")
    run.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    run.add_argument("--out", help="save the result (parquet + stats.npz + meta.json) in this folder")
    run.add_argument("--force", action="store_true", help="replace an existing --out folder")
    run.add_argument("--no-progress", action="store_true",
                     help="no progress bar (by default one shows on a terminal only, after 2 s)")
    run.add_argument("--chunk", type=int, default=None,
                     help="units per chunk (never changes results; default: the game's own size)")
    run.add_argument("--shard", help="run only the K-th of N slices of the units (K/N, 0 <= K < N); needs --out")
    run.add_argument("--backend", choices=("loky", "threading", "sequential", "dask"),
                     help="joblib backend (default: loky with --jobs > 1, else sequential)")
    run.add_argument("--scheduler", help="dask scheduler address, e.g. tcp://host:8786 (with --backend dask)")
    run.add_argument("--target-se", type=float, default=None,
                     help="play until the headline's standard error is at most this (--hands is the cap)")
    rep = _sub(sub, "report", "print a result saved with --out (or the default study's folder)",
               "simkit report results/t1", "simkit report results/study", "simkit report results/t1 --json")
    rep.add_argument("dir", help="a folder written by `simkit run --out`, `simkit merge` or the default study")
    rep.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    m = _sub(sub, "merge", "combine the shards of a batch job (run, compare or tournament) into one result",
             "simkit merge shards/treize-* --out results/treize-1e10")
    m.add_argument("dirs", nargs="+", help="the shard folders (every shard of one run, comparison or tournament, "
                                           "each once)")
    m.add_argument("--out", required=True, help="folder for the merged result")
    m.add_argument("--force", action="store_true", help="replace an existing --out folder")
    m.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    from simkit.cli_stats import add_parsers

    add_parsers(sub, _sub)  # compare, sweep, validate
    from simkit.cli_strategy import add_parsers as add_strategy

    add_strategy(sub, _sub)  # tournament, tune
    return p


def _policies_arg(items):
    if not items:
        return None
    by_role = {}
    plain = []
    for item in items:
        head = item.split(":", 1)[0]
        if "=" in head:
            role, name = item.split("=", 1)
            if role.strip() in by_role:
                raise SimkitError(f"--policy {role.strip()}= given twice ({role.strip()}={by_role[role.strip()]} "
                                  f"and {item.strip()}); give each role one policy")
            by_role[role.strip()] = name.strip()
        else:
            plain.append(item)
    if by_role and plain:
        raise SimkitError(f"mix of ROLE=NAME and plain policy names: {items}; use ROLE=NAME for all")
    return by_role or plain


def _print_result(res, as_json: bool, out=None):
    out = out or sys.stdout
    if as_json:
        print(_dump(_clean(res.to_json())), file=out)
        return
    from simkit.reports.text import summary

    print(summary(res), file=out)


def _print_experiment(directory, as_json: bool):
    """An experiment's folder (the default study's among them): its metadata and tables."""
    from simkit.experiment import load_experiment
    from simkit.runner.result import JSON_SCHEMA, _records, result_folders

    exp = load_experiment(directory)
    results = [str(p) for p in result_folders(directory)]
    if as_json:
        obj = {"schema": JSON_SCHEMA, **exp["meta"], "results": results,
               "tables": {k: _records(v) for k, v in exp["tables"].items()}}
        print(_dump(_clean(obj)))
        return
    from simkit.reports.text import experiment_text

    print(experiment_text(exp["meta"], exp["tables"]))
    if results:
        print(f"results in it (simkit report DIR for each): {', '.join(results)}")


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    from simkit.log import configure

    configure(args.verbose - 2 * args.quiet)
    previous = _terminate_as_interrupt()
    from simkit.runner import interrupt

    interrupt.enable(previous is not None)   # Ctrl-C inside a kernel ends the process at once (runner/interrupt.py)
    try:
        code = _main(args)
        sys.stdout.flush()
        return code
    except SimkitError as e:
        print(f"simkit: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simkit: interrupted; nothing was written", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_gone()
    finally:
        interrupt.enable(False)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _terminate_as_interrupt():
    """Handle SIGTERM (``kill``, a batch system's time limit) as Ctrl-C, so that the run
    unwinds: joblib stops and kills its worker processes, the temporary folder goes, and
    nothing outlives the command. Returns the handler it replaced (``None`` outside the
    main thread, where signals cannot be handled)."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGTERM, interrupt)
    except ValueError:
        return None


def _reader_gone() -> int:
    """The reader of stdout went away (``simkit rules blackjack | head``): stop quietly
    with the status of a command ended by SIGPIPE, 141, instead of a traceback. stdout
    is pointed at /dev/null so the interpreter's final flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (captured): nothing to flush
        pass
    return 141


def _width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def _main(args) -> int:
    import simkit

    if args.cmd == "list":
        from simkit.reports.text import games_text

        print(games_text([simkit.get_game(gid) for gid in simkit.list_games()], _width()))
        return 0
    if args.cmd == "rules":
        df = simkit.rules(args.game)
        if args.json:
            print(_dump(_clean(df.to_dict(orient="records"))))
        else:
            from simkit.reports.text import rules_text, wide_table

            print(wide_table(df) if args.wide else rules_text(df, _width()))
        return 0
    if args.cmd == "policies":
        df = simkit.policies(args.game)
        if args.json:
            print(_dump(_clean(df.to_dict(orient="records"))))
        else:
            from simkit.reports.text import policies_text, wide_table

            print(wide_table(df) if args.wide else policies_text(df, _width()))
        return 0
    if args.cmd == "run":
        from simkit.rules import parse_rule_strings
        from simkit.runner.units import parse_shard

        shard = parse_shard(args.shard)
        if shard is not None and not args.out:
            raise SimkitError("--shard needs --out DIR (each shard's statistics are merged later)")
        if args.out is not None:
            from simkit.runner.folders import check_target

            check_target(args.out, overwrite=args.force)  # before the run, not after it
        res = simkit.simulate(args.game, args.hands, rules=parse_rule_strings(args.rule),
                              policies=_policies_arg(args.policy), seed=args.seed, n_jobs=args.jobs,
                              chunk=args.chunk, backend=args.backend, scheduler=args.scheduler,
                              progress=False if args.no_progress or args.quiet else None, shard=shard,
                              target_se=args.target_se)
        if args.out is not None:
            res.save(args.out, overwrite=args.force, keep_on_conflict=True)
            logger.info("saved %s", args.out)
        _print_result(res, args.json)
        return 0
    if args.cmd == "report":
        from pathlib import Path

        from simkit.runner.result import read_meta_object

        meta = read_meta_object(Path(args.dir))
        if meta.get("kind") == "comparison":
            from simkit.cli_stats import print_comparison
            from simkit.runner.compare import load_comparison

            print_comparison(load_comparison(args.dir), args.json, _dump, _clean)
            return 0
        if meta.get("kind") == "sweep":
            from simkit.cli_stats import print_sweep
            from simkit.runner.sweep import load_sweep

            print_sweep(load_sweep(args.dir), args.json, _dump, _clean)
            return 0
        if meta.get("kind") == "tournament":
            from simkit.runner.tournament import load_tournament

            t = load_tournament(args.dir)
            print(_dump(_clean(t.to_json())) if args.json else t.summary())
            return 0
        if "experiment" in meta and "game" not in meta:
            _print_experiment(args.dir, args.json)
        else:
            _print_result(simkit.load(args.dir), args.json)
        return 0
    if args.cmd == "merge":
        from simkit.runner.folders import check_target
        from simkit.runner.merge import kind_of

        kind = kind_of(args.dirs)
        if kind == "comparison":
            from simkit.cli_stats import print_comparison
            from simkit.runner.compare import is_comparison_dir, merge_comparisons

            check_target(args.out, overwrite=args.force, protect=args.dirs, is_ours=is_comparison_dir)
            cmp = merge_comparisons(args.dirs)
            cmp.save(args.out, overwrite=args.force, keep_on_conflict=True)
            logger.info("merged %d comparison shards into %s", len(args.dirs), args.out)
            print_comparison(cmp, args.json, _dump, _clean)
            return 0
        if kind == "tournament":
            from simkit.runner.tournament import is_tournament_dir, merge_tournaments

            check_target(args.out, overwrite=args.force, protect=args.dirs, is_ours=is_tournament_dir)
            t = merge_tournaments(args.dirs)
            t.save(args.out, overwrite=args.force)
            logger.info("merged %d tournament shards into %s", len(args.dirs), args.out)
            print(_dump(_clean(t.to_json())) if args.json else t.summary())
            return 0
        check_target(args.out, overwrite=args.force, protect=args.dirs)
        merged = simkit.merge(args.dirs)
        assert isinstance(merged, simkit.Result)    # kind_of sent the other kinds above
        merged.save(args.out, overwrite=args.force, keep_on_conflict=True)
        logger.info("merged %d shards into %s", len(args.dirs), args.out)
        _print_result(merged, args.json)
        return 0
    if args.cmd in ("compare", "sweep", "validate"):
        from simkit.cli_stats import run

        return run(args, _dump, _clean)
    if args.cmd in ("tournament", "tune"):
        from simkit.cli_strategy import run

        return run(args, _dump, _clean)
    raise SimkitError(f"unknown command {args.cmd!r}")  # pragma: no cover - argparse refuses first


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
