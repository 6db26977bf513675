"""Tuning a policy's declared parameters by racing on common random numbers.

The method is F-race (Birattari, Stützle, Paquete and Varrentrapp, "A racing algorithm
for configuring metaheuristics", GECCO 2002; Birattari, *Tuning Metaheuristics*, 2009)
with a paired t-test in place of Friedman's rank test, i.e. successive rejection on
common random numbers (Even-Dar, Mannor and Mansour, JMLR 2006, for the elimination
scheme):

1. The arms are the grid of the parameters' values (``LO:HI[:STEP]`` each), or a sample
   of ``max_arms`` of its points drawn with the seed.
2. Round ``r`` plays every surviving arm on the same new block of units
   ``[r·B, (r+1)·B)`` (unit ``i`` draws from ``(seed, i)`` whatever the arm), cut into
   ``groups_per_round`` fixed groups.
3. From round ``min_rounds`` on, each surviving arm is compared with the current best
   (the best estimate over every unit so far): the difference's paired standard error
   is the delete-one-group jackknife over all groups played (as in ``compare``), its
   p-value Student's t with ``G − 1`` degrees of freedom, Holm-adjusted over the arms
   compared. An arm significantly worse than the best (``p_holm < alpha``) is dropped.
4. The race stops when one arm remains, when every survivor's 95% interval of its
   difference from the best lies within ``±margin`` (``margin > 0``: the survivors are
   practically equal), or when the next round would pass the budget.

In a seated game the tuned seat plays against a field (the game's defaults unless
``field`` names others) in every rotation of the sides (the arm at side ``j`` for each
``j``; the field's entrants fill the other sides in turn), and the objective is the
arm's score (:mod:`simkit.runner.contests`) averaged over the rotations. In a game
against a fixed house the objective is any metric the game reports.

The result is a function of (game, rules, policies, grid, seed, budget, block) only:
the same for any ``n_jobs``, chunk size or backend.
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field as dc_field

import numpy as np
import pandas as pd

from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.policies.base import Policy, describe_policies, resolve_roles
from simkit.reports.student import t_quantile2, t_sf2
from simkit.runner.batch import group_bounds, run_specs
from simkit.runner.compare import holm
from simkit.runner.contests import CONTESTS, contest_of
from simkit.runner.tournament import _jack, _leave_one_out, seated_policies
from simkit.runner.units import parse_hands, parse_jobs, parse_seed

#: the most arms one race may start with
MAX_ARMS = 500


# -- the race itself (game-free, so that it can be tested on a known objective) --------
@dataclass
class RaceState:
    alive: list
    rounds: int = 0
    history: list = dc_field(default_factory=list)   # one row per round: survivors and dropped arms


def race(n_arms: int, play_round, score, *, better: str = "max", alpha: float = 0.05, margin: float = 0.0,
         min_rounds: int = 2, max_rounds: int) -> RaceState:
    """Run the race: ``play_round(alive, r)`` plays round ``r`` for the arm indices in
    ``alive``; ``score(arm)`` returns the arm's leave-one-group-out values over every
    group it played, then its value over all of them (an array of ``G + 1``). Returns
    the final :class:`RaceState`."""
    st = RaceState(alive=list(range(n_arms)))
    sign = 1.0 if better == "max" else -1.0
    while st.rounds < max_rounds and len(st.alive) > 1:
        play_round(list(st.alive), st.rounds)
        st.rounds += 1
        if st.rounds < min_rounds:
            st.history.append({"round": st.rounds, "alive": len(st.alive), "dropped": []})
            continue
        vals = {a: np.asarray(score(a), float) for a in st.alive}
        best = max(st.alive, key=lambda a: sign * vals[a][-1])
        others = [a for a in st.alive if a != best]
        g = len(vals[best]) - 1
        ps, worse, within = [], [], True
        t = t_quantile2(0.05, g - 1)
        for a in others:
            d = vals[best] - vals[a]
            se = float(_jack(d[:-1, None])[0])
            diff = float(d[-1])
            p = (1.0 if diff == 0 else 0.0) if se == 0 else t_sf2(diff / se, g - 1)
            ps.append(p)
            worse.append(sign * diff > 0)
            if not (abs(diff) + t * se <= margin):
                within = False
        adj = holm(ps)
        dropped = [a for a, p, w in zip(others, adj, worse) if w and p < alpha]
        st.alive = [a for a in st.alive if a not in dropped]
        st.history.append({"round": st.rounds, "alive": len(st.alive), "dropped": dropped})
        if margin > 0 and within and len(st.alive) > 1:
            break
    return st


# -- arms -----------------------------------------------------------------------------
def parse_param_range(game, text: str) -> tuple:
    """``"ROLE.P=LO:HI[:STEP]"`` -> ``(role, param, [values])``, checked against the
    parameter's declared type and range. An integer parameter steps by 1 by default; a
    float parameter needs a STEP."""
    key, eq, rng = text.partition("=")
    role, dot, name = key.strip().partition(".")
    if not eq or not dot:
        raise SimkitError(f"bad --param {text!r}: write ROLE.PARAM=LO:HI[:STEP], e.g. play.trump_at=0:20:5")
    roles = {r.name: r for r in game.roles}
    if role not in roles:
        raise SimkitError(f"{game.id}: unknown policy role {role!r} in {text!r}; roles: {', '.join(roles)}")
    parts = rng.split(":")
    if len(parts) not in (2, 3):
        raise SimkitError(f"bad range {rng!r} in {text!r}: write LO:HI or LO:HI:STEP")
    try:
        nums = [float(x) for x in parts]
    except ValueError:
        raise SimkitError(f"bad range {rng!r} in {text!r}: LO, HI and STEP must be numbers") from None
    lo, hi = nums[0], nums[1]
    if not all(math.isfinite(x) for x in nums) or hi < lo:
        raise SimkitError(f"bad range {rng!r} in {text!r}: need finite LO <= HI")
    return role, name.strip(), lo, hi, (nums[2] if len(parts) == 3 else None)


def _values(lo, hi, step, kind, where):
    if step is None:
        if kind != "int":
            raise SimkitError(f"{where}: a float parameter's range needs a STEP (LO:HI:STEP)")
        step = 1.0
    if step <= 0:
        raise SimkitError(f"{where}: STEP must be > 0, got {step:g}")
    n = int(math.floor((hi - lo) / step + 1e-9)) + 1
    vals = [lo + i * step for i in range(n)]
    if kind == "int":
        if any(abs(v - round(v)) > 1e-9 for v in vals):
            raise SimkitError(f"{where}: an integer parameter needs whole LO and STEP, got {lo:g} and {step:g}")
        return [int(round(v)) for v in vals]
    return [round(v, 12) for v in vals]


def arms_of(game, base: dict, ranges: list, max_arms: int | None, seed: int) -> tuple:
    """``(names, [arm values tuple], [policies dict per arm])``: the grid over ``ranges``
    (or a seeded sample of ``max_arms`` of it), each arm's policies ``base`` with the
    parameters set and checked by the policy's own declarations."""
    names, axes = [], []
    for role, name, lo, hi, step in ranges:
        pol = base[role]
        if isinstance(pol, list):
            raise SimkitError(f"{game.id}: tune one policy, not per-seat lists")
        if pol.is_user:
            raise SimkitError(f"{game.id}: tune a built-in policy's declared parameters (the {role} policy is the "
                              f"user function {pol.name})")
        spec = next(r for r in game.roles if r.name == role).builtins[pol.name]
        if name not in spec.params:
            raise SimkitError(f"{game.id}: the {role} policy {pol.name!r} has no parameter {name!r}; it takes "
                              f"{', '.join(spec.params) or 'none'}")
        decl = spec.declared(name)
        where = f"{game.id}: {role}.{name}"
        vals = _values(lo, hi, step, decl.kind, where)
        for v in (vals[0], vals[-1]):
            decl.check(v, where)
        if f"{role}.{name}" in names:
            raise SimkitError(f"{game.id}: {role}.{name} is given twice")
        names.append(f"{role}.{name}")
        axes.append(vals)
    grid = list(itertools.product(*axes))
    if max_arms is not None and len(grid) > max_arms:
        rng = np.random.default_rng(seed)
        grid = [grid[i] for i in sorted(rng.choice(len(grid), size=max_arms, replace=False))]
    if len(grid) > MAX_ARMS:
        raise SimkitError(f"{game.id}: the grid has {len(grid)} arms; at most {MAX_ARMS} (coarser steps, or "
                          f"max_arms to sample)")
    if len(grid) < 2:
        raise SimkitError(f"{game.id}: the grid has {len(grid)} arm; give a range with at least two values")
    pols = []
    for values in grid:
        p = dict(base)
        for key, v in zip(names, values):
            role, name = key.split(".", 1)
            cur = p[role]
            params = dict(cur.params)
            params[name] = v
            p[role] = Policy(cur.name, **params)
        pols.append(resolve_roles(game.id, game.roles, p))
    return names, grid, pols


class Tuning:
    """What :func:`tune` returns: ``best`` (the arm's parameter values), ``table()`` (every
    arm: values, estimate, stderr, units played, round dropped, in the best's
    indistinguishable set), ``rounds()`` and ``to_json()``."""

    #: wall-clock seconds the tuning took (set by :func:`tune`)
    seconds: float

    def __init__(self, *, game, rules, metric, better, names, grid, estimates, units, dropped_in, alive, rounds,
                 block, seatings, spent, budget, seed, history, version, field_labels, stop_reason):
        self.game, self.rules, self.metric, self.better = game, rules, metric, better
        self.names, self.grid, self.estimates, self.units = names, grid, estimates, units
        self.dropped_in, self.alive, self.n_rounds, self.block = dropped_in, alive, rounds, block
        self.seatings, self.spent, self.budget, self.seed = seatings, spent, budget, seed
        self.history, self.version, self.field_labels, self.stop_reason = history, version, field_labels, stop_reason
        from simkit.runner.result import _provenance

        self.provenance = _provenance()
        sign = 1.0 if better == "max" else -1.0
        self.best_index = max(alive, key=lambda a: sign * estimates[a][0])

    @property
    def best(self) -> dict:
        return dict(zip(self.names, self.grid[self.best_index]))

    @property
    def full_grid_cost(self) -> int:
        """Units a full grid would have played to give every arm the best's precision."""
        return len(self.grid) * self.units[self.best_index] * self.seatings

    def table(self) -> pd.DataFrame:
        rows = []
        for a, values in enumerate(self.grid):
            v, se = self.estimates[a]
            rows.append({**dict(zip(self.names, values)), "value": v, "stderr": se, "units": self.units[a],
                         "dropped_in_round": self.dropped_in.get(a), "survivor": a in self.alive,
                         "best": a == self.best_index})
        df = pd.DataFrame(rows)
        return df.sort_values("value", ascending=self.better == "min", kind="stable").reset_index(drop=True)

    def rounds(self) -> pd.DataFrame:
        return pd.DataFrame([{"round": h["round"], "alive": h["alive"],
                              "dropped": ", ".join(str(dict(zip(self.names, self.grid[a]))) for a in h["dropped"])}
                             for h in self.history])

    def to_json(self) -> dict:
        from simkit.runner.result import JSON_SCHEMA

        return {"schema": JSON_SCHEMA, "kind": "tuning", "game": self.game.id, "rules": self.rules.to_dict(),
                "metric": self.metric, "better": self.better, "seed": self.seed, "version": self.version,
                "provenance": self.provenance, "best": self.best, "indistinguishable": [dict(zip(self.names, self.grid[a])) for a in self.alive],
                "field": self.field_labels, "rounds": self.n_rounds, "block": self.block, "seatings": self.seatings,
                "units_spent": self.spent, "budget": self.budget, "full_grid_cost": self.full_grid_cost,
                "stop_reason": self.stop_reason, "arms": self.table().to_dict(orient="records")}

    def summary(self) -> str:
        lines = [f"{self.game.title or self.game.id}  [{self.game.id}]: racing over {', '.join(self.names)} "
                 f"({len(self.grid)} arms), {'maximise' if self.better == 'max' else 'minimise'} {self.metric}",
                 f"  best: {self.best} ({self.stop_reason}); indistinguishable from it: {len(self.alive)} arm(s)",
                 f"  {self.n_rounds} rounds of {self.block:,} units x {self.seatings} seating(s); units spent "
                 f"{self.spent:,} of the budget {self.budget:,}; a full grid at the best's precision: "
                 f"{self.full_grid_cost:,}"]
        if self.field_labels:
            lines.append(f"  field: {', '.join(self.field_labels)}")
        with pd.option_context("display.width", 200, "display.max_columns", 20, "display.float_format",
                               "{:.5g}".format):
            lines += ["", self.table().to_string(index=False)]
        return "\n".join(lines)

    def __repr__(self):
        return f"<Tuning {self.game.id}: best {self.best}>"


def tune(game, policies, params, *, metric=None, better=None, budget, rules=None, seed=0, field=None,
         block=None, groups_per_round: int = 10, min_rounds: int = 2, alpha: float = 0.05, margin: float = 0.0,
         max_arms=None, n_jobs=1, chunk=None, backend=None, scheduler=None, progress=False,
         check_user: bool = False) -> Tuning:
    """Race the grid of ``params`` (``["play.trump_at=0:20:5", ...]`` or tuples ``(role,
    name, lo, hi, step)``) over the policies ``policies`` (the base: its other
    parameters and roles stay as given). ``metric``: in a game against a fixed house, a
    metric the game reports, with ``better`` ``"max"`` or ``"min"``; in a seated game the
    arm's contest score (leave ``metric`` out, or name the contest's metric), against
    ``field`` (one policy spec or a list, default the game's defaults). ``budget``:
    units over every arm and seating; ``block``: units per round (default: a tenth of
    what the budget gives each arm and seating). ``check_user=True`` compiles user
    ``@njit`` functions with numba's bounds checking (as in ``simulate``). See the module
    doc for the method."""
    game = get_game(game)
    seed = parse_seed(seed)
    n_jobs = parse_jobs(n_jobs)
    budget = parse_hands(budget)
    rules = game.Rules.build(rules)
    for name, v, lo in (("groups_per_round", groups_per_round, 2), ("min_rounds", min_rounds, 1)):
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise SimkitError(f"{name} must be an integer >= {lo}, got {v!r}")
    if not (isinstance(alpha, (int, float)) and 0 < alpha < 1):
        raise SimkitError(f"alpha must be in (0, 1), got {alpha!r}")
    if not (isinstance(margin, (int, float)) and math.isfinite(margin) and margin >= 0):
        raise SimkitError(f"margin must be a number >= 0, got {margin!r}")
    if max_arms is not None and (isinstance(max_arms, bool) or not isinstance(max_arms, int) or max_arms < 2):
        raise SimkitError(f"max_arms must be an integer >= 2, got {max_arms!r}")
    if isinstance(params, str):
        params = [params]
    if not params:
        raise SimkitError(f"{game.id}: give at least one parameter range to tune (ROLE.PARAM=LO:HI[:STEP])")
    ranges = [parse_param_range(game, p) if isinstance(p, str) else tuple(p) for p in params]
    seated = game.id in CONTESTS
    base = resolve_roles(game.id, game.roles, policies)
    names, grid, arm_pols = arms_of(game, base, ranges, max_arms, seed)
    field_labels = []
    if seated:
        contest = contest_of(game, rules)
        own = contest.metric
        if metric not in (None, "score", own):
            raise SimkitError(f"{game.id}: a seated game is tuned on the tuned seat's score, {own!r} ({contest.what}); "
                              f"got metric {metric!r}")
        if better is not None and better != contest.better:
            raise SimkitError(f"{game.id}: {contest.what} is better when {contest.better}imised; got better={better!r}")
        metric, better = own, contest.better
        fspecs = field if isinstance(field, (list, tuple)) else [field]
        fpols = [resolve_roles(game.id, game.roles, f) for f in fspecs]
        field_labels = [" ".join(f"{r}={d}" for r, d in describe_policies(p).items()) for p in fpols]
        S = len(contest.sides)
        seatings: list[dict | None] = []
        for j in range(S):            # arm at side j; the field's entrants fill the others in turn
            others = [k for k in range(S) if k != j]
            seatings.append({k: (None if k == j else fpols[others.index(k) % len(fpols)]) for k in range(S)})

        def specs_of(arm):
            out = []
            for st in seatings:
                pols = [arm_pols[arm] if st[k] is None else st[k] for k in range(S)]
                out.append((rules, game.resolve_policies(seated_policies(pols, tuple(range(S)), contest))))
            return out

        def names_of(i):
            j = next(k for k, v in seatings[i].items() if v is None)
            return [contest.side_metric(j)]
    else:
        if field is not None:
            raise SimkitError(f"{game.id}: field= is for seated games; this game has no seats to fill")
        if better not in ("max", "min"):
            raise SimkitError(f"{game.id}: say whether {metric or 'the metric'} is to be maximised or minimised "
                              f"(better='max' or 'min')")
        if not metric:
            raise SimkitError(f"{game.id}: name the metric to {'maximise' if better == 'max' else 'minimise'}")
        seatings = [None]

        def specs_of(arm):
            return [(rules, arm_pols[arm])]

        def names_of(i):
            return [metric]
    n_seat = len(seatings)
    max_units = budget // (len(grid) * n_seat)
    if block is None:
        block = max(groups_per_round, max_units // 10)
    block = parse_hands(block)
    if block < groups_per_round:
        raise SimkitError(f"block={block} units cannot be cut into {groups_per_round} groups per round")
    units_per_round = block
    max_rounds = budget // (block * n_seat * len(grid))
    if max_rounds < min_rounds:
        raise SimkitError(f"{game.id}: budget={budget:,} units do not cover {min_rounds} rounds of {block:,} units for "
                          f"{len(grid)} arms x {n_seat} seating(s) ({min_rounds * block * n_seat * len(grid):,} "
                          f"units); raise the budget or lower block")
    total = max_rounds * units_per_round
    hands = total                     # the hands whose units cover every round (units are never cut short)
    while game.n_units(hands, rules) < total:
        hands *= 2
    history_groups: dict[int, list[list]] = {a: [[] for _ in range(n_seat)] for a in range(len(grid))}
    spent = [0]
    units = [0] * len(grid)
    t0 = time.perf_counter()

    def play_round(alive, r):
        start, stop = r * units_per_round, (r + 1) * units_per_round
        bounds = group_bounds(start, stop, groups_per_round)
        specs = [sp for a in alive for sp in specs_of(a)]
        per_spec, _ = run_specs(game, specs, seed, hands, start, stop, n_jobs=n_jobs, chunk=chunk, backend=backend,
                                scheduler=scheduler, progress=progress, groups=bounds, check_user=check_user)
        for ai, a in enumerate(alive):
            for i in range(n_seat):
                history_groups[a][i].extend(per_spec[ai * n_seat + i])
            units[a] += stop - start
        spent[0] += (stop - start) * len(specs)

    def score(a):
        per = [_leave_one_out(game, history_groups[a][i], rules, specs_of(a)[i][1], names_of(i))[:, 0]
               for i in range(n_seat)]
        return np.mean(per, axis=0)

    st = race(len(grid), play_round, score, better=better, alpha=alpha, margin=margin, min_rounds=min_rounds,
              max_rounds=max_rounds)
    if len(st.alive) == 1:
        reason = "one arm left"
    elif st.rounds >= max_rounds:
        reason = "budget reached"
    else:
        reason = f"survivors within the margin {margin:g}"
    dropped_in = {a: h["round"] for h in st.history for a in h["dropped"]}
    estimates = {}
    for a in range(len(grid)):
        s = score(a)
        estimates[a] = (float(s[-1]), float(_jack(s[:-1, None])[0]))
    from simkit.runner.result import _version

    out = Tuning(game=game, rules=rules, metric=metric, better=better, names=names, grid=grid, estimates=estimates,
                 units=units, dropped_in=dropped_in, alive=st.alive, rounds=st.rounds, block=block,
                 seatings=n_seat, spent=spent[0], budget=budget, seed=seed, history=st.history, version=_version(),
                 field_labels=field_labels, stop_reason=reason)
    out.seconds = time.perf_counter() - t0
    return out
