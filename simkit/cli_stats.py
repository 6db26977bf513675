"""The research-statistics subcommands of ``simkit`` (imported by :mod:`simkit.cli`).

    simkit compare GAME --variant KEY=VALUE[,KEY=VALUE...] --variant ... [--hands N] [--seed S]
                   [--jobs J] [--rule KEY=VALUE ...] [--policy NAME ...] [--groups G] [--metric M]
                   [--best max|min] [--json]
    simkit validate [--hands N] [--seed S] [--jobs J] [--game GAME ...] [--json]

A ``--variant`` sets rule options, policy roles (``stake=deck-aware:low=1,high=10``: the
commas after a role's value belong to that policy) or built-in policy parameters
(``stake.threshold=-0.2``) over the base rules and policies; ``--variant base`` is the
base itself.
"""
from __future__ import annotations

import sys

from simkit.errors import SimkitError


def add_parsers(sub, make) -> None:
    """Add ``compare`` and ``validate`` to ``sub``; ``make(sub, name, help, *examples)``
    builds a subcommand parser (:func:`simkit.cli._sub`)."""
    c = make(sub, "compare", "compare variants of rules, policies or both on the same deals (paired)",
             "simkit compare treize --variant base --variant deck=36 --variant deck_end=void --hands 1e5",
             "simkit compare blackjack --variant base --variant das=false --variant soft17=hit --hands 1e5 --json",
             "simkit compare treize --policy deck-aware --variant base --variant stake.threshold=-0.26 "
             "--hands 1e5 --best min")
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
    return _validate(args, dump, clean)


def _compare(args, dump, clean) -> int:
    import pandas as pd

    import simkit
    from simkit.cli import _policies_arg
    from simkit.rules import parse_rule_strings

    game = simkit.get_game(args.game)
    if len(args.variant) < 2:
        raise SimkitError(f"compare needs at least two --variant options, got {len(args.variant)}")
    variants = [parse_variant(game, v) for v in args.variant]
    cmp = simkit.compare(game.id, variants, args.hands, seed=args.seed, rules=parse_rule_strings(args.rule),
                         policies=_policies_arg(args.policy), n_jobs=args.jobs, groups=args.groups,
                         progress=False if args.no_progress else None)
    metric = args.metric or game.headline
    if metric is None:
        raise SimkitError(f"{game.id} has no headline metric; say which with --metric")
    cmp._check_metric(metric)
    if args.json:
        print(dump(clean(cmp.to_json(metric, args.best))))
        return 0
    with pd.option_context("display.width", 200, "display.max_columns", 30, "display.max_colwidth", 60):
        rep = cmp.report()
        print(rep[rep.metric == metric].drop(columns=["metric"]).to_string(index=False))
        print(f"\nall pairs ({metric}, b - a; t with {cmp.n_groups - 1} df; Holm and simultaneous 95%):")
        print(cmp.pairs(metric).drop(columns=["metric"]).to_string(index=False))
        rank = cmp.ranking(metric, args.best)
        print(f"\nranking ({metric}, {rank.attrs['order']}; rank intervals simultaneous 95%):")
        print(rank.to_string(index=False))
    return 0


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
