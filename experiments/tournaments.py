"""Which built-in play is best? A duplicate tournament of every seated game's built-in
policies.

For every game with seats to rotate (the trick, fishing and poker games; the banking
games have one decision-maker against the house and are compared with ``compare``), the
entrants are the game's defaults, random play at every role, and each other built-in
policy of each role with the other roles at their defaults. Each plays every seat on the
same deals (simkit.tournament: balanced rotations, paired jackknife errors, Holm-adjusted
pairs, Bradley-Terry or additive ratings). The tables give each entrant's score against
the field (the game's contest: share of games won, points per deal, chips per pot ...),
its rating and rank interval and its speed; ``defaults.csv`` says for each game whether
the default is the strongest built-in within the speed budget (at least 1/20 of random
play's units a second) and, where a slower built-in beats it, by how much.

    python experiments/tournaments.py [--hands UNITS] [--games ID ...] [--seed S] [--jobs J] [--force]

``--hands`` is the units each seating plays in the fastest games; slower games play
fewer (``SCALE`` below: whole games with a simulation entrant cost far more than a
poker hand).
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.runner.contests import CONTESTS  # noqa: E402

#: units per seating = hands // SCALE (at least 4): the games' relative cost per unit
SCALE = {"poker": 1, "babochka": 20, "marriage-4": 20, "kontchinka": 100, "oh-hell": 20, "spades": 100,
         "polignac": 40, "tyotka": 400, "kozel": 100, "kerosinka": 100, "king": 400, "semerik": 100,
         "thousand": 40, "klaberjass": 40, "marriage": 20, "sixty-six": 40}
#: the speed budget of a default: at least this share of random play's units a second
SPEED_BUDGET = 1 / 20


def entrants(game) -> dict:
    """``{label: policies}``: the defaults, random play at every role that has it, and
    every other built-in of each role (the other roles at their defaults)."""
    out = {"defaults": {}}
    rnd = {r.name: "random" for r in game.roles if "random" in r.builtins}
    if rnd:
        out["random"] = rnd
    for r in game.roles:
        for name in sorted(r.builtins):
            if name in (r.default, "random"):
                continue
            out[f"{r.name}={name}" if len(game.roles) > 1 else name] = {r.name: name}
    return out


def verdict(gid, ent: pd.DataFrame, pairs: pd.DataFrame, better: str) -> dict:
    """Is the default the strongest built-in within the speed budget? Where a slower one
    beats it significantly, by how much and at what share of its speed."""
    rnd = ent.loc[ent.entrant == "random", "units_per_s"]
    floor = SPEED_BUDGET * float(rnd.iloc[0]) if len(rnd) else 0.0
    d = ent.set_index("entrant")
    fast = d[d.units_per_s >= floor]
    best_fast = fast.index[0] if len(fast) else None       # entrants come best first
    row = {"game": gid, "default_rank": int(d.loc["defaults", "rank"]),
           "default_rank_interval": f"{d.loc['defaults', 'rank_low']}-{d.loc['defaults', 'rank_high']}",
           "default_units_per_s": d.loc["defaults", "units_per_s"], "random_units_per_s": float(rnd.iloc[0])
           if len(rnd) else float("nan"), "best_within_budget": best_fast}
    sig = {(p.a, p.b): p for p in pairs.itertuples()} | {(p.b, p.a): p for p in pairs.itertuples()}
    if best_fast is not None and best_fast != "defaults":
        p = sig[("defaults", best_fast)]
        row["default_is_best_within_budget"] = not (p.significant)
    else:
        row["default_is_best_within_budget"] = True
    stronger = []
    sign = 1 if better == "max" else -1
    for lab in d.index:
        if lab == "defaults":
            continue
        p = sig[(lab, "defaults")]
        diff = p.diff if p.a == lab else -p.diff
        if p.significant and sign * diff > 0:
            ratio = d.loc[lab, "units_per_s"] / d.loc["defaults", "units_per_s"]
            stronger.append(f"{lab} beats it by {diff:+.3g} ± {p.diff_stderr:.2g} at {ratio:.2g}x its speed")
    row["stronger_than_default"] = "; ".join(stronger)
    return row


def main():
    exp = Experiment("tournaments", "Which built-in play is best in each seated game?", default_hands=4_000)

    def extra(p):
        p.add_argument("--games", nargs="+", default=sorted(CONTESTS), choices=sorted(CONTESTS), metavar="ID",
                       help="only these games (default: every seated game)")
    a = exp.parse(extra=extra)
    games = list(dict.fromkeys(a.games))
    sizes = {g: max(4, a.hands // SCALE[g]) for g in games}
    with exp.output({"hands": a.hands, "seed": a.seed, "games": games, "sizes": sizes}):
        ent_rows, pair_rows, verdicts = [], [], []
        for gid in games:
            game = simkit.get_game(gid)
            t = simkit.tournament(gid, entrants(game), sizes[gid], seed=a.seed, n_jobs=a.jobs, progress=False,
                                  groups=min(100, sizes[gid]))
            ent, pairs = t.entrants(), t.pairs()
            unit = game.unit_for(t.rules)
            for r in ent.to_dict(orient="records"):
                ent_rows.append({"game": gid, "score_is": t.contest.what, "units_each": t.units_played,
                                 "unit": unit, "seatings": len(t.design), **{k: v for k, v in r.items()
                                                                            if k != "policies"},
                                 "policies": "; ".join(f"{k}={v}" for k, v in r["policies"].items())})
            for r in pairs.to_dict(orient="records"):
                pair_rows.append({"game": gid, **r})
            verdicts.append(verdict(gid, ent, pairs, t.contest.better))
            fig = t.plot()
            exp.figure(fig, f"{gid}")
            plt.close(fig)
            print(t.summary(), "\n")
        exp.table(pd.DataFrame(ent_rows), "entrants")
        exp.table(pd.DataFrame(pair_rows), "pairs")
        v = pd.DataFrame(verdicts)
        exp.table(v, "defaults")
        print(v.to_string(index=False))


if __name__ == "__main__":
    main()
