"""The research-statistics subcommands of ``simkit`` (imported by :mod:`simkit.cli`).

    simkit compare GAME --variant KEY=VALUE[,KEY=VALUE...] --variant ... [--hands N] [--seed S]
                   [--jobs J] [--rule KEY=VALUE ...] [--policy NAME ...] [--groups G] [--metric M]
                   [--best max|min] [--json] [--out DIR] [--force] [--shard K/N]
    simkit sweep GAME --vary KEY=V1,V2,... [--vary ...] --hands N [--seed S] [--jobs J]
                 [--rule KEY=VALUE ...] [--policy NAME ...] [--base KEY=VALUE,...] [--groups G]
                 [--metric M] [--json] [--out DIR] [--force]
    simkit validate [--hands N] [--seed S] [--jobs J] [--game GAME ...] [--json]

A ``--variant`` sets rule options, policy roles (``stake=deck-aware:low=1,high=10``: the
commas after a role's value belong to that policy) or built-in policy parameters
(``stake.threshold=-0.2``) over the base rules and policies; ``--variant base`` is the
base itself. A ``--vary`` of ``sweep`` is one axis of the grid: ``deck=32,36,52``,
``stake.threshold=-0.3,0``, or ``stake=flat,deck-aware:low=1,high=10`` (a piece whose
name part holds ``=`` is a parameter of the policy before it).
"""
from __future__ import annotations

import sys

from simkit.errors import SimkitError


def add_parsers(sub, make) -> None:
    """Add ``compare``, ``sweep`` and ``validate`` to ``sub``; ``make(sub, name, help, *examples)``
    builds a subcommand parser (:func:`simkit.cli._sub`)."""
    c = make(sub, "compare", "compare variants of rules, policies or both on the same deals (paired)",
             "simkit compare treize --variant base --variant deck=36 --variant deck_end=void --hands 1e5",
             "simkit compare blackjack --variant base --variant das=false --variant soft17=hit --hands 1e5 --json",
             "simkit compare treize --policy deck-aware --variant base --variant stake.threshold=-0.26 "
             "--hands 1e5 --best min",
             "simkit compare treize --variant base --variant deck=36 --hands 1e8 --shard 3/16 --out c/s3 --no-progress",
             "simkit merge c/s* --out c/all",
             "simkit report c/all")
    c.add_argument("game", help="a game id (simkit list)")
    c.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE[,KEY=VALUE...]|base",
                   help="one variant: rule options, ROLE=POLICY or ROLE.PARAM=NUMBER over the base; "
                        "'base' is the base itself (at least two)")
    c.add_argument("--hands", required=True, help="units to play, e.g. 1000000, 1e6 or 1_000_000")
    c.add_argument("--seed", default="0", help="the seed of every variant (the same deals)")
    c.add_argument("--jobs", default=1, type=int, help="worker processes")
    c.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="base rules")
    c.add_argument("--policy", action="append", default=[], metavar="NAME[:P=V,...] or ROLE=NAME",
                   help="base policies")
    c.add_argument("--groups", default=100, type=int, help="fixed unit groups of the paired jackknife")
    c.add_argument("--metric", help="metric of the pairs and ranking (default: the game's headline)")
    c.add_argument("--best", default=None, choices=("max", "min"),
                   help="rank the largest or smallest first (default: the direction the metric declares as better, "
                        "e.g. a house edge smallest first, a win rate largest first; largest first if it declares none)")
    c.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    c.add_argument("--shard", help="play only the K-th of N slices of the units (K/N); needs --out, then simkit merge")
    c.add_argument("--out", help="save the comparison (statistics per unit group, tables, meta.json) in this folder")
    c.add_argument("--force", action="store_true", help="replace an existing --out comparison folder")
    w = make(sub, "sweep", "run a grid of rule options and policy parameters on the same deals, one row per point",
             "simkit sweep treize --vary deck=32,36,52 --hands 1e5",
             "simkit sweep treize --policy deck-aware --vary stake.threshold=-0.3,-0.26,0 --vary deck=36,52 "
             "--hands 1e5 --base stake.threshold=0,deck=52",
             "simkit sweep treize --vary stake=flat,deck-aware:low=1,high=10 --hands 1e5 --json",
             "simkit sweep treize --vary deck=32,36,52 --hands 1e6 --out results/decks",
             "simkit report results/decks")
    w.add_argument("game", help="a game id (simkit list)")
    w.add_argument("--vary", action="append", default=[], metavar="KEY=V1,V2,...",
                   help="one grid axis (repeat for a grid over several): a rule option with its values, "
                        "ROLE=POLICY,POLICY... (a policy's own :p=v,q=w parameters may follow it) or "
                        "ROLE.PARAM=NUMBER,NUMBER...")
    w.add_argument("--hands", required=True, help="units every point plays, e.g. 1000000, 1e6 or 1_000_000")
    w.add_argument("--seed", default="0", help="the seed of every point (the same deals)")
    w.add_argument("--jobs", default=1, type=int, help="worker processes (never changes results)")
    w.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="base rules")
    w.add_argument("--policy", action="append", default=[], metavar="NAME[:P=V,...] or ROLE=NAME",
                   help="base policies")
    w.add_argument("--base", metavar="KEY=VALUE[,KEY=VALUE...]",
                   help="the grid point every point's paired difference is taken from (a value for every --vary key)")
    w.add_argument("--groups", default=100, type=int, help="fixed unit groups of the paired jackknife (with --base)")
    w.add_argument("--metric", help="the metric the table shows (default: the game's headline; --json has all)")
    w.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    w.add_argument("--out", help="save the table (points.parquet, meta.json) in this folder")
    w.add_argument("--force", action="store_true", help="replace an existing --out sweep folder")
    w.add_argument("--no-progress", action="store_true", help="no progress bar")
    v = make(sub, "validate", "check simulated figures of every game against exact values, as one table",
             "simkit validate --game treize --hands 1e5", "simkit validate --hands 1e6 --json")
    v.add_argument("--hands", default=None, help="units per check (default: each check's own size)")
    v.add_argument("--seed", default="0", help="the seed of every check")
    v.add_argument("--jobs", default=1, type=int, help="worker processes")
    v.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    v.add_argument("--json", action="store_true", help="print the rows as one JSON list on stdout")


def _number(text: str):
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None


def parse_variant(game, text: str) -> dict:
    """``"das=false,soft17=hit"`` -> ``{"das": "false", "soft17": "hit"}`` (rule values
    are parsed by the rules; ``ROLE.PARAM`` values must be numbers)."""
    from simkit.runner.sweep import check_key

    text = text.strip()
    if text == "base":
        return {}
    if not text:
        raise SimkitError("empty --variant: write KEY=VALUE[,KEY=VALUE...] or 'base'")
    roles = {r.name for r in game.roles}
    out: dict = {}
    last = None
    for piece in text.split(","):
        key, eq, value = piece.partition("=")
        key = key.strip()
        if last in roles and (not eq or "." not in key and key not in roles and not _is_rule(game, key)):
            out[last] += "," + piece.strip()       # a parameter of the role's policy
            continue
        if not eq or not key:
            raise SimkitError(f"bad --variant {text!r}: write KEY=VALUE[,KEY=VALUE...], e.g. das=false,soft17=hit")
        check_key(game, key, "variant key")
        if key in out:
            raise SimkitError(f"bad --variant {text!r}: {key} is given twice")
        value = value.strip()
        if "." in key and key.split(".", 1)[0] in roles:
            num = _number(value)
            if num is None:
                raise SimkitError(f"bad --variant {text!r}: {key}={value!r} is not a number")
            value = num
        out[key] = value
        last = key
    return out


def _is_rule(game, key: str) -> bool:
    return key in game.Rules().to_dict()


def run(args, dump, clean) -> int:
    if args.cmd == "compare":
        return _compare(args, dump, clean)
    if args.cmd == "sweep":
        return _sweep(args, dump, clean)
    return _validate(args, dump, clean)


def _rule_key(game, key: str) -> str:
    """A rule option's name as the rules spell it (``deck-end`` -> ``deck_end``)."""
    names = set(game.Rules().to_dict())
    return key.replace("-", "_") if key not in names and key.replace("-", "_") in names else key


def _axis_value(game, key: str, text: str, what: str):
    """One ``--vary``/``--base`` value as the sweep takes it: a rule option's typed value
    (checked by the rules), a number for ``ROLE.PARAM``, a policy name for a role."""
    roles = {r.name for r in game.roles}
    if not text:
        raise SimkitError(f"bad {what}: {key} has an empty value; write {key}=V1,V2,...")
    if key in roles:
        return text
    if "." in key and key.split(".", 1)[0] in roles:
        num = _number(text)
        if num is None:
            raise SimkitError(f"bad {what}: {key}={text!r} is not a number")
        return num
    return game.Rules.build({key: text}).to_dict()[key]


def parse_vary(game, text: str) -> tuple:
    """``"deck=32,36"`` -> ``("deck", [32, 36])``; ``"stake=flat,deck-aware:low=1,high=10"``
    -> ``("stake", ["flat", "deck-aware:low=1,high=10"])``."""
    from simkit.runner.sweep import check_key

    key, eq, values = text.partition("=")
    key = key.strip()
    if not eq or not key:
        raise SimkitError(f"bad --vary {text!r}: write KEY=V1,V2,..., e.g. --vary deck=32,36,52")
    key = _rule_key(game, key)
    check_key(game, key, "--vary key")
    if not values.strip():
        raise SimkitError(f"bad --vary {text!r}: no values after {key}=; write {key}=V1,V2,...")
    pieces = [p.strip() for p in values.split(",")]
    out: list[str] = []
    if key in {r.name for r in game.roles}:
        for piece in pieces:
            if out and piece and "=" in piece.split(":", 1)[0]:
                out[-1] += "," + piece           # a parameter of the policy before it
            else:
                out.append(piece)
    else:
        out = pieces
    return key, [_axis_value(game, key, v, f"--vary {text!r}") for v in out]


def _sweep(args, dump, clean) -> int:

    import simkit
    from simkit.cli import _policies_arg
    from simkit.rules import parse_rule_strings

    game = simkit.get_game(args.game)
    if not args.vary:
        raise SimkitError("sweep needs at least one --vary KEY=V1,V2,... (e.g. --vary deck=32,36,52)")
    grid = {}
    for text in args.vary:
        key, values = parse_vary(game, text)
        if key in grid:
            raise SimkitError(f"--vary {key} given twice; give each key once, with all its values")
        grid[key] = values
    base = None
    if args.base is not None:
        base = {}
        for key, values in parse_variant_items(game, args.base):
            if key not in grid:
                raise SimkitError(f"bad --base {args.base!r}: {key} is not a --vary key; keys: {', '.join(grid)}")
            base[key] = values
    metric = args.metric or game.headline
    if metric is None:
        raise SimkitError(f"{game.id} has no headline metric; say which with --metric")
    if args.out is not None:
        from simkit.runner.folders import check_target
        from simkit.runner.sweep import is_sweep_dir

        check_target(args.out, overwrite=args.force, is_ours=is_sweep_dir)  # before the run, not after it
    df = simkit.sweep(game.id, grid, args.hands, seed=args.seed, rules=parse_rule_strings(args.rule),
                      policies=_policies_arg(args.policy), n_jobs=args.jobs, base=base, groups=args.groups,
                      progress=False if args.no_progress or args.quiet else None)
    if metric not in df.columns:
        known = [c for c in df.columns if f"{c}_stderr" in df.columns]
        raise SimkitError(f"{game.id}: no metric {metric!r} in the sweep; metrics: {', '.join(known)}")
    if args.out is not None:
        from simkit.runner.sweep import save_sweep

        save_sweep(df, args.out, overwrite=args.force, keep_on_conflict=True)
        print(f"saved {args.out}", file=sys.stderr)
    print_sweep(df, args.json, dump, clean, metric)
    return 0


def parse_variant_items(game, text: str) -> list:
    """``--base`` ``"deck=36,stake.threshold=0"`` as ``[(key, typed value), ...]``."""
    items = parse_variant(game, text)
    if not items:
        raise SimkitError(f"bad --base {text!r}: give KEY=VALUE for every --vary key")
    return [(_rule_key(game, k), v if isinstance(v, (int, float)) else _axis_value(game, _rule_key(game, k), v,
                                                                                     f"--base {text!r}"))
            for k, v in items.items()]


def print_sweep(df, as_json: bool, dump, clean, metric: str | None = None) -> None:
    """What ``simkit sweep`` (and ``simkit report`` of a saved sweep) prints: with
    ``--json`` one object (``schema``, ``kind``, the inputs, ``version``, ``provenance``
    and ``points``: one record per grid point with every metric), else a table of
    ``metric`` (default: the game's headline) per point."""
    import pandas as pd

    from simkit.runner.result import _records
    from simkit.runner.sweep import sweep_meta

    if as_json:
        print(dump(clean({**sweep_meta(df), "points": _records(df)})))
        return
    if metric is None:
        import simkit

        metric = simkit.get_game(df.attrs["game"]).headline
    keys = list(df.attrs.get("grid", []))
    cols = keys + [c for c in (metric, f"{metric}_stderr", f"{metric}_ci95_low", f"{metric}_ci95_high",
                               f"{metric}_n", f"{metric}_diff", f"{metric}_diff_stderr") if c in df.columns]
    a = df.attrs
    head = (f"{a.get('game')}: {a.get('hands'):,} {a.get('hands_word', 'units')} a point, seed {a.get('seed')}; "
            f"rules {a.get('rules') or '(defaults)'}; policies {a.get('policies')}")
    if a.get("base"):
        head += f"; differences from {a['base']} ({'paired' if a.get('paired') else 'unpaired'})"
    with pd.option_context("display.width", 200, "display.max_columns", 30, "display.max_colwidth", 60):
        print(head)
        print(df[cols].to_string(index=False))


def _compare(args, dump, clean) -> int:

    import simkit
    from simkit.cli import _policies_arg
    from simkit.rules import parse_rule_strings

    from simkit.runner.units import parse_shard

    game = simkit.get_game(args.game)
    if len(args.variant) < 2:
        raise SimkitError(f"compare needs at least two --variant options, got {len(args.variant)}")
    shard = parse_shard(args.shard)
    if shard is not None and not args.out:
        raise SimkitError("--shard needs --out DIR (the shards' statistics are merged later with simkit merge)")
    variants = [parse_variant(game, v) for v in args.variant]
    metric = args.metric or game.headline
    if metric is None:
        raise SimkitError(f"{game.id} has no headline metric; say which with --metric")
    if args.out is not None:
        from simkit.runner.compare import is_comparison_dir
        from simkit.runner.folders import check_target

        check_target(args.out, overwrite=args.force, is_ours=is_comparison_dir)  # before the run, not after it
    cmp = simkit.compare(game.id, variants, args.hands, seed=args.seed, rules=parse_rule_strings(args.rule),
                         policies=_policies_arg(args.policy), n_jobs=args.jobs, groups=args.groups,
                         progress=False if args.no_progress or args.quiet else None, shard=shard)
    cmp._check_metric(metric)
    cmp.metric, cmp.best = args.metric, args.best
    if args.out is not None:
        cmp.save(args.out, overwrite=args.force, keep_on_conflict=True)
        print(f"saved {args.out}", file=sys.stderr)
    print_comparison(cmp, args.json, dump, clean)
    return 0


def print_comparison(cmp, as_json: bool, dump, clean) -> None:
    """What ``simkit compare`` (and ``simkit report`` of a saved comparison) prints."""
    if as_json:
        print(dump(clean(cmp.to_json())))
    else:
        print(cmp.summary())


def _validate(args, dump, clean) -> int:
    import pandas as pd

    import simkit

    df = simkit.validate(games=args.game or None, hands=args.hands, seed=args.seed, n_jobs=args.jobs)
    if args.json:
        print(dump(clean(df.to_dict(orient="records"))))
    else:
        with pd.option_context("display.width", 250, "display.max_columns", 30, "display.max_colwidth", 70):
            print(df.to_string(index=False))
    bad = int((df["verdict"] == "FAIL").sum())
    print(f"{len(df)} checks, {bad} failed", file=sys.stderr)
    return 1 if bad else 0
