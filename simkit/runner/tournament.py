"""Duplicate tournaments: policies of one seated game meet on the same deals.

Every unit is played once per seating of the entrants (:mod:`simkit.runner.design`),
with the same cards in every seating: unit ``i`` draws from the stream ``(seed, i)``
whatever the policies (common random numbers). The game's :class:`~simkit.runner.contests.Contest`
says what a side scores (e.g. its share of games won, or its points per deal).

Scores. Seating ``σ`` (weight ``w_σ``) gives side ``j`` the value ``v_σj`` of the
contest's metric, computed by the game's own report code. An entrant's score against the
field is the weighted mean of its values over the places it sat,
``score_e = Σ_σ w_σ Σ_{j: σ(j)=e} v_σj / Σ_σ w_σ #{j: σ(j)=e}``; in a balanced design it
sat every side equally often, so seat advantages cancel.

Errors. Units are cut into ``G`` fixed groups (default 100, the same in every seating);
each score, each difference of two scores and each rating is recomputed without each
group in turn, and the delete-one-group jackknife gives its standard error,
``se² = (G−1)/G · Σ_g (θ_(−g) − θ̄)²``. A difference's error is paired (both scores come
from the same deals); the ``unpaired_stderr``, ``√(se_a² + se_b²)``, is what two separate
runs would give. Intervals and p-values use Student's t with ``G − 1`` degrees of freedom;
p-values of all pairs are Holm-adjusted (familywise error 5%), and the ranking gives each
entrant a rank interval from those decisions, as :meth:`simkit.Comparison.ranking` does.
Ratings: :mod:`simkit.runner.rating` (Bradley-Terry for shares, additive otherwise).

Speed. After the play, each entrant plays alone at a table (every seat its own) on
units ``0, 1, 2, ...`` in doubling batches until half a second has passed or 4,096 units
are played: its units a second. Timings vary with the machine; nothing else does.

Results are a function of (game, rules, entrants, seed, units, groups) only: the same
for any ``n_jobs``, chunk size, backend or sharding (``shard=(k, N)`` plays the k-th slice
of the units in every seating; :func:`merge_tournaments` adds the slices up exactly).
"""
from __future__ import annotations

import json
import math
import shutil
import time
from pathlib import Path

import numpy as np
import pandas as pd

from simkit.core.stats import Stats
from simkit.errors import SimkitError
from simkit.games import get_game
from simkit.policies.base import Policy, describe_policies, resolve_roles
from simkit.reports.student import t_quantile2, t_sf2
from simkit.runner import design as designs
from simkit.runner import rating
from simkit.runner.batch import group_bounds, run_specs
from simkit.runner.contests import contest_of
from simkit.runner.units import parse_hands, parse_jobs, parse_seed, parse_shard, shard_range

ALPHA = 0.05
KIND = "tournament"


def _entrant(game, spec, i: int) -> dict:
    """One entrant's ``{role: Policy}`` (unnamed roles at their defaults)."""
    if isinstance(spec, dict) and any(isinstance(v, (list, tuple)) or (isinstance(v, str) and "|" in v)
                                      for v in spec.values()) or isinstance(spec, (list, tuple)):
        raise SimkitError(f"{game.id}: entrant {i} ({spec!r}) gives per-seat policies; an entrant is one player: "
                          f"give one policy per role (the tournament seats it)")
    if isinstance(spec, str) and "|" in spec:
        raise SimkitError(f"{game.id}: entrant {i} ({spec!r}) gives per-seat policies; an entrant is one player")
    return resolve_roles(game.id, game.roles, spec)


def _label_of(game, pols: dict) -> str:
    changed = {r: p for r, p in pols.items() if p.describe() != next(x.default for x in game.roles if x.name == r)}
    if not changed:
        changed = pols if len(pols) == 1 else {}
    if not changed:
        return "defaults"
    if len(game.roles) == 1:
        return next(iter(changed.values())).describe()
    return " ".join(f"{r}={p.describe()}" for r, p in changed.items())


def _spec_label(game, spec) -> str | None:
    """An entrant's label as the user wrote it (``"heuristic"``, ``"bid=simulation"``),
    where it was written as text; ``None`` otherwise."""
    if isinstance(spec, str):
        return spec.strip()
    if isinstance(spec, dict) and spec and all(isinstance(v, str) for v in spec.values()):
        if len(game.roles) == 1:
            return next(iter(spec.values())).strip()
        return " ".join(f"{r}={v.strip()}" for r, v in spec.items())
    return None


def parse_entrants(game, entrants) -> tuple:
    """``(labels, [{role: Policy}])`` from a list of policy specs (as for ``simulate``:
    a name, ``"name:param=value"``, a dict by role, a Policy or an ``@njit`` function) or
    a dict ``{label: spec}``. The same policy may enter twice (a calibration check): its
    labels get ``#2``, ``#3``."""
    if isinstance(entrants, dict):
        labels, specs = [str(x) for x in entrants], list(entrants.values())
    elif isinstance(entrants, (list, tuple)):
        labels, specs = None, list(entrants)
    else:
        raise SimkitError(f"{game.id}: entrants must be a list of policies or a dict {{label: policies}}, "
                          f"got {entrants!r}")
    if len(specs) < 2:
        raise SimkitError(f"{game.id}: a tournament needs at least two entrants, got {len(specs)}")
    pols = [_entrant(game, s, i) for i, s in enumerate(specs)]
    if labels is None:
        labels = []
        for spec, p in zip(specs, pols):
            lab = _spec_label(game, spec) or _label_of(game, p)
            n = sum(1 for x in labels if x == lab or x.startswith(lab + "#"))
            labels.append(lab if n == 0 else f"{lab}#{n + 1}")
    if len(set(labels)) != len(labels):
        raise SimkitError(f"{game.id}: two entrants share the label {labels!r}")
    return labels, pols


def seated_policies(pols: list, seating: tuple, contest) -> dict:
    """``{role: [Policy per seat]}`` of one seating."""
    n = contest.seats
    out = {}
    for role in pols[0]:
        seats = [None] * n
        for j, (_, side_seats) in enumerate(contest.sides):
            for s in side_seats:
                seats[s] = pols[seating[j]][role]
        out[role] = seats
    return out


def _leave_one_out(game, groups, rules, policies, names) -> np.ndarray:
    """``[group, metric]``: the metrics ``names`` recomputed without each group, then
    (last row) over all groups."""
    total = groups[0].copy()
    for st in groups[1:]:
        total.merge(st)
    out = np.full((len(groups) + 1, len(names)), np.nan)
    for g, st in enumerate(groups + [None]):
        rest = total.copy()
        if st is not None:
            for key in rest:
                rest[key] = rest[key] - st[key]
        m = game.metrics(rest, rules, policies)
        out[g] = [m[x].value if x in m else np.nan for x in names]
    return out


def _jack(samples: np.ndarray) -> np.ndarray:
    """Jackknife standard errors along axis 0 (``G`` leave-one-out values)."""
    g = samples.shape[0]
    return np.sqrt((g - 1) / g * ((samples - samples.mean(axis=0)) ** 2).sum(axis=0))


def holm(p_values) -> list:
    from simkit.runner.compare import holm as _holm

    return _holm(p_values)


class Tournament:
    """What :func:`tournament` returns. ``entrants()``: score against the field with
    paired error and interval, rating with interval, rank interval and speed;
    ``pairs()``: every pair's paired difference, Holm-adjusted; ``balance()``: the
    design's seat balance; ``seatings()``: every seating's values; ``plot()``: ratings
    and the pairwise differences as a figure; ``save(dir)`` / :func:`load_tournament`."""

    def __init__(self, *, game, rules, labels, entrants, design, groups, hands, seed, n_units, unit_range,
                 n_groups, shard=None, seconds=None, timings=None, version=None, sources=(), provenance=None):
        from simkit.runner.result import _provenance, _version

        self.game, self.rules, self.labels, self.entrant_policies = game, rules, labels, entrants
        self.design, self.groups = design, groups        # groups[σ]: {global group index: Stats}
        self.hands, self.seed, self.n_units, self.unit_range, self.shard = hands, seed, n_units, unit_range, shard
        self.n_groups = n_groups                         # the groups of the whole run (a shard holds some)
        self.seconds = seconds or [float("nan")] * len(design)
        self.timings = timings or {}
        self.version = version or _version()
        self.provenance = dict(provenance) if provenance else _provenance() if version is None else None
        self.sources = tuple(str(s) for s in sources)
        self.contest = contest_of(game, rules)
        self._cache = None

    # -- the numbers ---------------------------------------------------------------
    @property
    def k(self) -> int:
        return len(self.labels)

    @property
    def units_played(self) -> int:
        return self.unit_range[1] - self.unit_range[0]

    def _policies(self, i):
        return seated_policies(self.entrant_policies, self.design[i][0], self.contest)

    def _compute(self):
        if self._cache is not None:
            return self._cache
        c = self.contest
        names = [c.side_metric(j) for j in range(len(c.sides))]
        keys = sorted(self.groups[0])
        if len(keys) < 2:
            raise SimkitError(f"{self.game.id}: the tournament has {len(keys)} unit group(s); errors need at least 2 "
                              f"(play more units)")
        # vals[g, σ, j]: leave-one-out values (g < G) and the full value (g = G)
        vals = np.stack([_leave_one_out(self.game, [self.groups[i][key] for key in keys], self.rules,
                                         self._policies(i), names) for i in range(len(self.design))], axis=1)
        w = np.array([wt for _, wt in self.design], float)
        M = np.zeros((len(self.design), len(c.sides), self.k))
        for i, (s, _) in enumerate(self.design):
            for j, e in enumerate(s):
                M[i, j, e] = w[i]
        denom = M.sum(axis=(0, 1))
        with np.errstate(invalid="ignore"):
            scores = np.einsum("gsj,sje->ge", np.nan_to_num(vals), M) / denom
        scores[:, np.isnan(np.einsum("gsj,sje->e", vals[:1], M))] = np.nan
        ratings = np.stack([rating.fit(vals[g], self.design, self.k, c.share) for g in range(vals.shape[0])])
        self._cache = (vals, scores, ratings, len(keys))
        return self._cache

    def _df(self) -> int:
        return self._compute()[3] - 1

    def seatings(self) -> pd.DataFrame:
        """One row per seating and side: the entrant there, the seating's weight and the
        value of the contest's metric."""
        vals = self._compute()[0][-1]
        rows = []
        for i, (s, w) in enumerate(self.design):
            for j, (side, _) in enumerate(self.contest.sides):
                rows.append({"seating": i, "weight": w, "side": side, "entrant": self.labels[s[j]],
                             "value": vals[i, j]})
        return pd.DataFrame(rows)

    def balance(self) -> pd.DataFrame:
        """Entrant x side -> weighted seatings (and ``units``, each played by every seating)."""
        df = designs.balance(self.design, self.labels, [n for n, _ in self.contest.sides])
        df["units_each"] = self.units_played
        return df

    def entrants(self) -> pd.DataFrame:
        """One row per entrant, best first: ``score`` (the contest's metric against the
        field) with its paired ``stderr`` and t interval, ``vs_field`` (score minus the
        mean of the other entrants' scores), ``rating`` with ``rating_stderr`` and
        interval (Elo points for shares, else the metric's unit), the rank interval
        ``rank_low..rank_high`` (Holm over all pairs), ``better_than`` and
        ``units_per_s`` (a table where it holds every seat)."""
        _, scores, ratings, G = self._compute()
        t = t_quantile2(ALPHA, G - 1)
        se = _jack(scores[:-1])
        rse = _jack(ratings[:-1])
        full = scores[-1]
        pairs = self.pairs()
        sign = 1.0 if self.contest.better == "max" else -1.0
        beats: dict[str, list] = {lab: [] for lab in self.labels}
        for r in pairs.itertuples():
            if r.significant:
                win, lose = (r.a, r.b) if sign * r.diff > 0 else (r.b, r.a)
                beats[win].append(lose)
        speeds = self.speeds()
        rows = []
        for e, lab in enumerate(self.labels):
            others = [full[o] for o in range(self.k) if o != e]
            rows.append({"entrant": lab, "score": full[e], "stderr": se[e], "ci95_low": full[e] - t * se[e],
                         "ci95_high": full[e] + t * se[e], "vs_field": full[e] - float(np.mean(others)),
                         "rating": ratings[-1, e], "rating_stderr": rse[e],
                         "rating_ci95_low": ratings[-1, e] - t * rse[e], "rating_ci95_high": ratings[-1, e] + t * rse[e],
                         "rank_low": 1 + sum(lab in beats[o] for o in self.labels),
                         "rank_high": self.k - len(beats[lab]), "better_than": ", ".join(beats[lab]),
                         "units_per_s": speeds[e], "policies": describe_policies(self.entrant_policies[e])})
        out = pd.DataFrame(rows).sort_values("score", ascending=self.contest.better == "min", kind="stable")
        out.insert(1, "rank", range(1, self.k + 1))
        return out.reset_index(drop=True)

    def pairs(self) -> pd.DataFrame:
        """Every pair ``a`` before ``b`` (entrant order): ``diff`` = score_a − score_b with
        its paired ``diff_stderr``, t interval, ``unpaired_stderr``, two-sided
        ``p_value``, Holm-adjusted ``p_holm`` and ``significant`` (``p_holm < 0.05``)."""
        _, scores, _, G = self._compute()
        t = t_quantile2(ALPHA, G - 1)
        se = _jack(scores[:-1])
        rows = []
        for a in range(self.k):
            for b in range(a + 1, self.k):
                d = scores[:, a] - scores[:, b]
                dse = float(_jack(d[:-1, None])[0])
                diff = float(d[-1])
                if math.isnan(diff) or math.isnan(dse):
                    p = float("nan")
                elif dse == 0:
                    p = 1.0 if diff == 0 else 0.0
                else:
                    p = t_sf2(diff / dse, G - 1)
                rows.append({"a": self.labels[a], "b": self.labels[b], "diff": diff, "diff_stderr": dse,
                             "ci95_low": diff - t * dse, "ci95_high": diff + t * dse,
                             "unpaired_stderr": math.sqrt(se[a] ** 2 + se[b] ** 2), "p_value": p})
        for r, p in zip(rows, holm([r["p_value"] for r in rows])):
            r["p_holm"] = p
            r["significant"] = bool(p < ALPHA)
        return pd.DataFrame(rows, columns=["a", "b", "diff", "diff_stderr", "ci95_low", "ci95_high",
                                           "unpaired_stderr", "p_value", "p_holm", "significant"])

    def speeds(self) -> list:
        """Units a second of a table where the entrant holds every seat, measured after
        the play (see :func:`speed_probe`); NaN for a loaded or merged tournament saved
        without them."""
        sp = self.timings.get("units_per_s")
        return list(sp) if sp else [float("nan")] * self.k

    # -- presentation -------------------------------------------------------------
    @property
    def rating_unit(self) -> str:
        return "Elo points (Bradley-Terry)" if self.contest.share else f"{self.contest.what} (additive model)"

    def describe(self) -> dict:
        return {"kind": KIND, "game": self.game.id, "hands": self.hands, "units": self.n_units, "seed": self.seed,
                "rules": self.rules.to_dict(), "entrants": [{"label": lab, "policies": describe_policies(p)}
                                                            for lab, p in zip(self.labels, self.entrant_policies)],
                "seatings": [{"sides": list(s), "weight": w} for s, w in self.design],
                "groups": self.n_groups,
                "shard": list(self.shard) if self.shard else None, "range": list(self.unit_range),
                "contest": {"sides": [n for n, _ in self.contest.sides], "metric": self.contest.metric,
                            "what": self.contest.what, "share": self.contest.share, "better": self.contest.better},
                "version": self.version, **({"provenance": self.provenance} if self.provenance else {})}

    def to_json(self) -> dict:
        from simkit.runner.result import JSON_SCHEMA

        return {"schema": JSON_SCHEMA, **self.describe(), "seconds": list(self.seconds), "timings": self.timings,
                "rating_unit": self.rating_unit,
                "entrants_table": self.entrants().to_dict(orient="records"),
                "pairs": self.pairs().to_dict(orient="records"),
                "balance": self.balance().to_dict(orient="records")}

    def tables(self) -> dict:
        ent = self.entrants().copy()
        ent["policies"] = ent["policies"].map(lambda d: json.dumps(d, sort_keys=True))
        return {"entrants": ent, "pairs": self.pairs(), "balance": self.balance(), "seatings": self.seatings()}

    def summary(self) -> str:
        from simkit.reports.text import tournament_text

        return tournament_text(self)

    def plot(self, fig=None):
        from simkit.reports.plots import plot_tournament

        return plot_tournament(self, fig=fig)

    def __repr__(self):
        return f"<Tournament {self.game.id}: {', '.join(self.labels)}; {self.units_played} units per seating>"

    # -- on disk ------------------------------------------------------------------
    def _stats_arrays(self) -> dict:
        out = {}
        for i, per in enumerate(self.groups):
            for g, st in per.items():
                for key in st:
                    out[f"{i}/{g}/{key}"] = np.asarray(st[key], np.int64)
        return out

    def save(self, directory, *, overwrite: bool = False) -> Path:
        """Write ``meta.json`` (inputs, design, checksum), ``stats.npz`` (every seating's
        and group's statistics), ``tables/*.parquet`` and ``tournament.png``/``.pdf``
        atomically (a temporary folder renamed into place; see
        :mod:`simkit.runner.folders`). ``overwrite`` replaces only a tournament folder."""
        from simkit.runner.folders import check_target, install, make_tmp_dir
        from simkit.runner.result import parquet_safe

        target = check_target(directory, overwrite=overwrite, protect=self.sources, is_ours=is_tournament_dir)
        tmp = make_tmp_dir(target)
        try:
            arrays = self._stats_arrays()
            meta = json.loads(json.dumps({**self.describe(), "seconds": list(self.seconds),
                                          "timings": self.timings}, default=str))
            meta["checksum"] = _checksum(meta, arrays)
            (tmp / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
            np.savez_compressed(tmp / "stats.npz", **arrays)
            (tmp / "tables").mkdir()
            for name, df in self.tables().items():
                parquet_safe(df).to_parquet(tmp / "tables" / f"{name}.parquet", index=False)
            import matplotlib.pyplot as plt

            fig = self.plot()
            for ext in ("png", "pdf"):
                fig.savefig(tmp / f"tournament.{ext}", dpi=120)
            plt.close(fig)
            install(tmp, target, overwrite=overwrite, is_ours=is_tournament_dir)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return target


TOURNAMENT_ENTRIES = frozenset({"meta.json", "stats.npz", "tables", "tournament.png", "tournament.pdf"})
_CHECKED = ("kind", "game", "hands", "units", "seed", "rules", "entrants", "seatings", "groups", "shard", "range",
            "version", "provenance")


def _checksum(meta: dict, arrays: dict) -> str:
    from simkit.runner.folders import arrays_checksum

    return arrays_checksum(meta, _CHECKED, arrays)


def is_tournament_dir(path) -> bool:
    from simkit.runner.folders import is_kind_dir

    return is_kind_dir(path, KIND, TOURNAMENT_ENTRIES)


def load_tournament(directory) -> Tournament:
    """Read a folder written by :meth:`Tournament.save`; a folder whose statistics or
    inputs do not match its checksum is refused."""
    from simkit.runner.result import read_meta_object

    d = Path(directory)
    meta = read_meta_object(d)
    if meta.get("kind") != KIND:
        raise SimkitError(f"{d} is not a tournament folder (its meta.json has no kind 'tournament')")
    if "checksum" not in meta:
        raise SimkitError(f"{d / 'meta.json'} has no checksum; refusing to load an unverifiable tournament")
    try:
        with np.load(d / "stats.npz", allow_pickle=False) as data:
            arrays = {k: data[k].astype(np.int64) for k in data.files}
    except Exception as e:  # numpy raises many types for a damaged or missing zip
        raise SimkitError(f"{d / 'stats.npz'} is missing or damaged ({type(e).__name__}: {e})") from None
    if meta["checksum"] != _checksum(meta, arrays):
        raise SimkitError(f"{d}: the statistics or inputs do not match the checksum in meta.json (edited or "
                          f"damaged); refusing to load it")
    game = get_game(meta["game"])
    rules = game.Rules.build(meta["rules"])
    entrants = [{r: Policy(p) if p.startswith("user:") else Policy.parse(p) for r, p in e["policies"].items()}
                for e in meta["entrants"]]
    design = [(tuple(s["sides"]), int(s["weight"])) for s in meta["seatings"]]
    groups: list[dict] = [dict() for _ in design]
    for name, arr in arrays.items():
        i, g, key = name.split("/", 2)
        groups[int(i)].setdefault(int(g), {})[key] = arr
    groups = [{g: Stats(d_) for g, d_ in sorted(per.items())} for per in groups]
    t = Tournament(game=game, rules=rules, labels=[e["label"] for e in meta["entrants"]], entrants=entrants,
                   design=design, groups=groups, hands=meta["hands"], seed=meta["seed"], n_units=meta["units"],
                   unit_range=tuple(meta["range"]), shard=tuple(meta["shard"]) if meta.get("shard") else None,
                   seconds=meta.get("seconds"), timings=meta.get("timings"), version=meta.get("version"),
                   n_groups=meta["groups"],
                   provenance=meta.get("provenance") if isinstance(meta.get("provenance"), dict) else None)
    return t


def merge_tournaments(directories) -> Tournament:
    """Add up the shards of one tournament (``shard=(k, N)`` runs saved with ``save``):
    refuses different inputs, duplicates and gaps; the result equals one unsharded run."""
    dirs = list(directories)
    if not dirs:
        raise SimkitError("merge needs at least one shard folder")
    parts = [load_tournament(d) for d in dirs]
    same = ("game", "hands", "units", "seed", "rules", "entrants", "seatings", "groups", "version")
    first = parts[0].describe()
    for d, p in zip(dirs, parts):
        if p.shard is None:
            raise SimkitError(f"{d} is not a shard (it was run without shard K/N)")
        m = p.describe()
        for key in same:
            if m[key] != first[key]:
                raise SimkitError(f"cannot merge {d} with {dirs[0]}: different {key} ({m[key]!r} vs {first[key]!r})")
        if m["shard"][1] != first["shard"][1]:
            raise SimkitError(f"cannot merge {d} with {dirs[0]}: shard counts differ")
    from simkit.runner.merge import check_shard_set

    check_shard_set(dirs, [p.shard for p in parts])
    n = parts[0].shard[1]
    base = parts[0]
    groups: list[dict] = [dict() for _ in base.design]
    for p in parts:
        for i, per in enumerate(p.groups):
            for g, st in per.items():
                groups[i][g] = st.copy() if g not in groups[i] else groups[i][g].merge(st)
    seconds = [sum(p.seconds[i] for p in parts) for i in range(len(base.design))]
    probes = [p.timings.get("units_per_s") for p in parts if p.timings.get("units_per_s")]
    t = Tournament(game=base.game, rules=base.rules, labels=base.labels, entrants=base.entrant_policies,
                   design=base.design, groups=[dict(sorted(x.items())) for x in groups], hands=base.hands,
                   seed=base.seed, n_units=base.n_units, unit_range=(0, base.n_units), seconds=seconds,
                   timings={"shards": n, **({"units_per_s": probes[0]} if probes else {})}, version=base.version, sources=dirs, n_groups=base.n_groups,
                   provenance=base.provenance)
    return t


def speed_probe(game, rules, pols: dict, contest, seed, hands, seconds: float = 0.5, cap: int = 4096) -> float:
    """Units a second of ``pols`` holding every seat (compiled already by the play)."""
    spec = game.resolve_policies(seated_policies([pols], (0,) * len(contest.sides), contest))
    done, n, took = 0, 1, 0.0
    while took < seconds and done < cap:
        t0 = time.perf_counter()
        game.run_chunk(rules, spec, seed, done, done + n, hands)
        took += time.perf_counter() - t0
        done += n
        n = min(2 * n, cap - done) or 1
    return done / took if took > 0 else float("nan")


def play_design(game, rules, pols, design, contest, seed, hands, n_units, start, stop, n_groups, *, n_jobs=1,
                chunk=None, backend=None, scheduler=None, progress=None, check_user: bool = False):
    """Play units ``[start, stop)`` under every seating of ``design``: ``(groups, seconds,
    timings)`` with ``groups[σ]`` mapping each global group index (``n_groups`` equal
    groups of ``[0, n_units)``) that overlaps the range to its statistics."""
    bounds = group_bounds(0, n_units, n_groups)
    mine = [(g, max(a, start), min(b, stop)) for g, (a, b) in enumerate(bounds) if min(b, stop) > max(a, start)]
    specs = [(rules, game.resolve_policies(seated_policies(pols, s, contest))) for s, _ in design]
    seconds: list = []
    per_spec, timings = run_specs(game, specs, seed, hands, start, stop, n_jobs=n_jobs, chunk=chunk,
                                  backend=backend, scheduler=scheduler, progress=progress,
                                  groups=[(a, b) for _, a, b in mine], seconds=seconds, check_user=check_user)
    groups = [{g: st for (g, _, _), st in zip(mine, per)} for per in per_spec]
    return groups, seconds, timings


def tournament(game, entrants, hands, *, rules=None, seed=0, n_jobs=1, chunk=None, backend=None, scheduler=None,
               progress=None, shard=None, groups: int = 100, speed: bool = True,
               check_user: bool = False) -> Tournament:
    """Play a duplicate tournament of ``entrants`` (a list of policy specs, or a dict
    ``{label: spec}``) in ``game`` under ``rules``: ``hands`` units in every seating of a
    balanced design, the same deals in each. See the module doc for the design, scores,
    errors and ratings; ``shard=(k, N)`` plays one slice (merge the saved slices with
    :func:`merge_tournaments`, ``simkit merge``). ``speed=False`` skips the speed probe.
    ``check_user=True`` compiles user ``@njit`` entrants with numba's bounds checking (as in
    ``simulate``; the speed probe still times them unchecked)."""
    game = get_game(game)
    hands = parse_hands(hands)
    seed = parse_seed(seed)
    n_jobs = parse_jobs(n_jobs)
    shard = parse_shard(shard)
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 2:
        raise SimkitError(f"groups must be an integer >= 2, got {groups!r}")
    rules = game.Rules.build(rules)
    contest = contest_of(game, rules)
    labels, pols = parse_entrants(game, entrants)
    design = designs.seatings(len(pols), len(contest.sides))
    n_units = game.n_units(hands, rules)
    if len(group_bounds(0, n_units, groups)) < 2:
        raise SimkitError(f"{game.id}: a tournament needs at least 2 units (the errors rest on unit groups), "
                          f"got hands={hands}")
    start, stop = shard_range(n_units, shard)
    if stop <= start:
        raise SimkitError(f"{game.id}: shard {shard[0]}/{shard[1]} of {n_units} units is empty; use fewer shards")
    t0 = time.perf_counter()
    grp, seconds, timings = play_design(game, rules, pols, design, contest, seed, hands, n_units, start, stop,
                                        groups, n_jobs=n_jobs, chunk=chunk, backend=backend, scheduler=scheduler,
                                        progress=progress, check_user=check_user)
    timings["total_s"] = time.perf_counter() - t0
    if speed:
        timings["units_per_s"] = [speed_probe(game, rules, p, contest, seed, hands) for p in pols]
    t = Tournament(game=game, rules=rules, labels=labels, entrants=pols, design=design, groups=grp, hands=hands,
                   seed=seed, n_units=n_units, unit_range=(start, stop), shard=shard, seconds=seconds,
                   timings=timings, n_groups=min(groups, n_units))
    return t
