"""The strategy subcommands of ``simkit`` (imported by :mod:`simkit.cli`).

    simkit tournament GAME --policy A --policy B [--policy C ...] --hands N [--rule KEY=VALUE ...]
                      [--seed S] [--jobs J] [--groups G] [--shard K/N] [--out DIR] [--force] [--json]
    simkit tune GAME --policy ROLE=NAME --param ROLE.P=LO:HI[:STEP] [--param ...]
                [--maximize METRIC | --minimize METRIC] --budget UNITS [--field POLICY ...] [--json]

A ``--policy`` of ``tournament`` is one entrant: a policy name (``simulation``,
``heuristic:samples=8``) or several roles separated by spaces (``"bid=simulation
play=heuristic"``); roles it does not name play their defaults.
"""
from __future__ import annotations

import sys

from simkit.errors import SimkitError


def add_parsers(sub, make) -> None:
    t = make(sub, "tournament", "a duplicate tournament of policies on the same deals, every entrant in every seat",
             "simkit tournament polignac --policy heuristic --policy simulation --policy random --hands 2000",
             "simkit tournament thousand --policy 'bid=simulation' --policy 'bid=heuristic' --hands 500 --jobs 2",
             "simkit tournament spades --policy heuristic --policy random --hands 1e4 --shard 0/4 --out t/s0")
    t.add_argument("game", help="a seated game id (simkit list)")
    t.add_argument("--policy", action="append", default=[], metavar="ENTRANT",
                   help="one entrant (repeat, at least two): NAME[:P=V,...] or 'ROLE=NAME ROLE=NAME'")
    t.add_argument("--hands", required=True, help="units every seating plays, e.g. 10000 or 1e4")
    t.add_argument("--seed", default="0", help="the seed of every seating (the same deals)")
    t.add_argument("--jobs", default=1, type=int, help="worker processes (never changes results)")
    t.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="rule options")
    t.add_argument("--groups", default=100, type=int, help="fixed unit groups of the paired jackknife")
    t.add_argument("--shard", help="play only the K-th of N slices of the units (K/N); needs --out, then merge")
    t.add_argument("--out", help="save the tournament (tables, statistics, figure) in this folder")
    t.add_argument("--force", action="store_true", help="replace an existing --out tournament folder")
    t.add_argument("--backend", choices=("loky", "threading", "sequential", "dask"), help="joblib backend")
    t.add_argument("--scheduler", help="dask scheduler address (with --backend dask)")
    t.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    t.add_argument("--no-progress", action="store_true", help="no progress bar")
    u = make(sub, "tune", "race a policy's declared parameters on the same deals (F-race with paired tests)",
             "simkit tune treize --policy stake=deck-aware --param stake.threshold=-0.3:0.3:0.05 "
             "--minimize house_edge --budget 2e6",
             "simkit tune kerosinka --policy play=heuristic --param play.trump_at=0:20:5 --budget 20000")
    u.add_argument("game", help="a game id (simkit list)")
    u.add_argument("--policy", action="append", default=[], metavar="ROLE=NAME", help="the base policies (repeatable)")
    u.add_argument("--param", action="append", default=[], metavar="ROLE.P=LO:HI[:STEP]",
                   help="a parameter's range (repeat for a grid over several)")
    g = u.add_mutually_exclusive_group()
    g.add_argument("--maximize", metavar="METRIC", help="the metric to maximise (a game against a house)")
    g.add_argument("--minimize", metavar="METRIC", help="the metric to minimise (a game against a house)")
    u.add_argument("--budget", required=True, help="units over every arm and seating")
    u.add_argument("--block", default=None, help="units per round (default: a tenth of an arm's share of the budget)")
    u.add_argument("--field", action="append", default=[], metavar="ENTRANT",
                   help="the opponents of the tuned seat in a seated game (default: the game's defaults)")
    u.add_argument("--margin", default=0.0, type=float, help="stop when the survivors are within this of the best")
    u.add_argument("--alpha", default=0.05, type=float, help="the familywise level of each round's tests (Holm)")
    u.add_argument("--max-arms", default=None, type=int, help="race a seeded sample of this many grid points")
    u.add_argument("--seed", default="0", help="the seed (the same deals for every arm)")
    u.add_argument("--jobs", default=1, type=int, help="worker processes (never changes results)")
    u.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="rule options")
    u.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")


def parse_entrant(text: str):
    """``"simulation"`` -> ``"simulation"``; ``"bid=simulation play=heuristic"`` ->
    ``{"bid": "simulation", "play": "heuristic"}``."""
    items = text.split()
    if not items:
        raise SimkitError("empty --policy: give a policy name or ROLE=NAME items")
    by_role, plain = {}, []
    for item in items:
        head = item.split(":", 1)[0]
        if "=" in head:
            role, name = item.split("=", 1)
            if role in by_role:
                raise SimkitError(f"bad --policy {text!r}: role {role!r} given twice")
            by_role[role] = name
        else:
            plain.append(item)
    if by_role and plain:
        raise SimkitError(f"bad --policy {text!r}: mix of ROLE=NAME and plain names; use ROLE=NAME for all")
    return by_role or (plain[0] if len(plain) == 1 else plain)


def run(args, dump, clean) -> int:
    if args.cmd == "tournament":
        return _tournament(args, dump, clean)
    return _tune(args, dump, clean)


def _tournament(args, dump, clean) -> int:
    from simkit.rules import parse_rule_strings
    from simkit.runner.tournament import tournament
    from simkit.runner.units import parse_shard

    shard = parse_shard(args.shard)
    if shard is not None and not args.out:
        raise SimkitError("--shard needs --out DIR (the shards' statistics are merged later with simkit merge)")
    if len(args.policy) < 2:
        raise SimkitError(f"a tournament needs at least two --policy entrants, got {len(args.policy)}")
    if args.out is not None:
        from simkit.runner.folders import check_target
        from simkit.runner.tournament import is_tournament_dir

        check_target(args.out, overwrite=args.force, is_ours=is_tournament_dir)
    t = tournament(args.game, [parse_entrant(p) for p in args.policy], args.hands, rules=parse_rule_strings(args.rule),
                   seed=args.seed, n_jobs=args.jobs, groups=args.groups, shard=shard, backend=args.backend,
                   scheduler=args.scheduler, progress=False if args.no_progress else None)
    if args.out is not None:
        t.save(args.out, overwrite=args.force)
        print(f"saved {args.out}", file=sys.stderr)
    print(dump(clean(t.to_json())) if args.json else t.summary())
    return 0


def _tune(args, dump, clean) -> int:
    from simkit.cli import _policies_arg
    from simkit.rules import parse_rule_strings
    from simkit.runner.tune import tune

    metric = args.maximize or args.minimize
    better = "max" if args.maximize else ("min" if args.minimize else None)
    field = [parse_entrant(f) for f in args.field] or None
    t = tune(args.game, _policies_arg(args.policy), args.param, metric=metric, better=better, budget=args.budget,
             rules=parse_rule_strings(args.rule), seed=args.seed, field=field, block=args.block, margin=args.margin,
             alpha=args.alpha, max_arms=args.max_arms, n_jobs=args.jobs)
    print(dump(clean(t.to_json())) if args.json else t.summary())
    return 0
