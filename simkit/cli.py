"""The ``simkit`` command.

    simkit list
    simkit rules GAME [--json]
    simkit policies GAME [--json]
    simkit run GAME --hands N [--seed S] [--jobs J] [--rule KEY=VALUE ...] [--policy NAME ...]
               [--json] [--out DIR] [--force] [--no-progress] [--shard K/N] [--backend B] [--scheduler ADDR]
               [--target-se SE]
    simkit report DIR [--json]
    simkit merge DIR... --out DIR [--json]
    simkit compare GAME --variant KEY=VALUE,... --variant ... --hands N [--json]   (simkit/cli_stats.py)
    simkit validate [--hands N] [--json]

``--json`` prints exactly one JSON object on stdout (game, hands, seed, rules, policies,
version, metrics, tables); progress bars and messages go to stderr.
"""
from __future__ import annotations

import argparse
import json
import sys

from simkit.errors import SimkitError


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


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="simkit", description="Monte Carlo simulation of the seed card games")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="registered games")
    r = sub.add_parser("rules", help="every rule option of a game")
    r.add_argument("game")
    r.add_argument("--json", action="store_true")
    q = sub.add_parser("policies", help="built-in policies of a game")
    q.add_argument("game")
    q.add_argument("--json", action="store_true")
    run = sub.add_parser("run", help="simulate a game")
    run.add_argument("game")
    run.add_argument("--hands", required=True, help="units to play, e.g. 1000000, 1e6 or 1_000_000")
    run.add_argument("--seed", default="0")
    run.add_argument("--jobs", default=1, type=int)
    run.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    run.add_argument("--policy", action="append", default=[], metavar="NAME[:P=V,...] or ROLE=NAME")
    run.add_argument("--json", action="store_true")
    run.add_argument("--out", help="save the result (parquet + meta.json) in this folder")
    run.add_argument("--force", action="store_true", help="replace an existing --out folder")
    run.add_argument("--no-progress", action="store_true")
    run.add_argument("--chunk", type=int, default=None, help="units per chunk (never changes results)")
    run.add_argument("--shard", help="run only the K-th of N slices of the units (K/N, 0 <= K < N)")
    run.add_argument("--backend", choices=("loky", "threading", "sequential", "dask"))
    run.add_argument("--scheduler", help="dask scheduler address (with --backend dask)")
    run.add_argument("--target-se", type=float, default=None,
                     help="play until the headline's standard error is at most this (--hands is the cap)")
    rep = sub.add_parser("report", help="print a saved result")
    rep.add_argument("dir")
    rep.add_argument("--json", action="store_true")
    m = sub.add_parser("merge", help="combine the shards of a batch job")
    m.add_argument("dirs", nargs="+")
    m.add_argument("--out", required=True)
    m.add_argument("--force", action="store_true")
    m.add_argument("--json", action="store_true")
    from simkit.cli_stats import add_parsers

    add_parsers(sub)  # compare, validate
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


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _main(args)
    except SimkitError as e:
        print(f"simkit: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simkit: interrupted; nothing was written", file=sys.stderr)
        return 130


def _main(args) -> int:
    import simkit

    if args.cmd == "list":
        for gid in simkit.list_games():
            g = simkit.get_game(gid)
            print(f"{gid:12s} {g.description}")
        return 0
    if args.cmd == "rules":
        df = simkit.rules(args.game)
        if args.json:
            print(_dump(_clean(df.to_dict(orient="records"))))
        else:
            import pandas as pd

            with pd.option_context("display.max_colwidth", 80, "display.width", 200):
                print(df.drop(columns=["seed"]).to_string(index=False))
        return 0
    if args.cmd == "policies":
        df = simkit.policies(args.game)
        if args.json:
            print(_dump(_clean(df.to_dict(orient="records"))))
        else:
            print(df.to_string(index=False))
        return 0
    if args.cmd == "run":
        from simkit.rules import parse_rule_strings
        from simkit.runner.units import parse_shard

        shard = parse_shard(args.shard)
        if shard is not None and not args.out:
            raise SimkitError("--shard needs --out DIR (each shard's statistics are merged later)")
        if args.out and not args.force:
            from pathlib import Path

            if Path(args.out).exists():
                raise SimkitError(f"{args.out} already exists; add --force to replace it")
        res = simkit.simulate(args.game, args.hands, rules=parse_rule_strings(args.rule),
                              policies=_policies_arg(args.policy), seed=args.seed, n_jobs=args.jobs,
                              chunk=args.chunk, backend=args.backend, scheduler=args.scheduler,
                              progress=False if args.no_progress else None, shard=shard,
                              target_se=args.target_se)
        if args.out:
            res.save(args.out)
            print(f"saved {args.out}", file=sys.stderr)
        _print_result(res, args.json)
        return 0
    if args.cmd == "report":
        _print_result(simkit.load(args.dir), args.json)
        return 0
    if args.cmd == "merge":
        from pathlib import Path

        if Path(args.out).exists() and not args.force:
            raise SimkitError(f"{args.out} already exists; add --force to replace it")
        res = simkit.merge(args.dirs)
        res.save(args.out)
        print(f"merged {len(args.dirs)} shards into {args.out}", file=sys.stderr)
        _print_result(res, args.json)
        return 0
    if args.cmd in ("compare", "validate"):
        from simkit.cli_stats import run

        return run(args, _dump, _clean)
    raise SimkitError(f"unknown command {args.cmd!r}")  # pragma: no cover - argparse refuses first


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
