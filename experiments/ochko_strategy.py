"""Ochko: the punter's best standing threshold against the banker, for both variants and
every tie rule; the banker's edge at that best response; the tie rule and the sign of the edge.

Seed 003 lines 1-17 (GAMES.md G19). Three punters, one 36-card deck, every other rule at
its default; one unit is a bank. On common random numbers (unit ``i`` deals the same
cards whatever the policies) this sweeps:

* ``b_grid``: variant B, the punter's ``threshold`` (stand on T; halve the stake before a
  card at ``halve_at`` or more, 99 = never) against the default banker, who draws knowing
  the punter's total, for each tie rule;
* ``a_grid``: variant A, the punter's stand threshold against the banker's (both may buy at
  most three cards), for each tie rule;
* ``best_responses``: the punter's best reply per variant, tie rule (and, in A, banker
  threshold), and in A the banker's minimax threshold; the replies against the default
  banker are the built-in ``best`` policy (``simkit.games.ochko.policies.BEST``);
* ``tie_rule_and_sign``: per variant and tie rule, the edge for the default punter
  (stand on 17), the mimic policy and the best reply, with paired differences to the
  default (``simkit.compare``), and the sign of the edge;
* ``b_staking``: variant B at the best reply, staking a fraction of the bank: how often
  the bank is broken or tripled, its tenure and the banker's return on it.

    python experiments/ochko_strategy.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402

TIES = ("push", "banker", "punter")
B_STANDS = list(range(13, 21))
B_HALVE = [99, 2, 4, 6, 8, 10, 11, 12, 13, 14, 15, 16]
A_STANDS = list(range(12, 22))
A_BANKER = list(range(11, 20))
DEFAULT_BANKER_A = 17
FRACTIONS = [0.1, 0.25, 0.5, 0.75, 1.0]
FLAT = {"stake": "flat"}      # the threshold search stakes 1 unit (the default claims half the bank)
COLS = {"draw.stand": "stand", "draw.halve_at": "halve_at", "banker.stand": "banker_stand",
        "house_edge_stderr": "stderr", "house_edge_ci95_low": "ci95_low", "house_edge_ci95_high": "ci95_high"}


def _sweep(a, grid, rules, policies=None):
    df = simkit.sweep("ochko", grid, a.hands, seed=a.seed, rules=rules, policies=policies, n_jobs=a.jobs,
                      progress=False)
    return df.rename(columns=COLS)


def _best(df, by):
    idx = df.groupby(by, sort=False)["house_edge"].idxmin()
    return df.loc[idx].reset_index(drop=True)


def _minimax(g):
    """Variant A: the banker threshold whose worst case (the punter's best reply) is best
    for the banker, per tie rule."""
    rows = []
    for tie, part in g.groupby("tie", sort=False):
        replies = part.loc[part.groupby("banker_stand")["house_edge"].idxmin()]
        rows.append(replies.loc[replies["house_edge"].idxmax()])
    return pd.DataFrame(rows).assign(kind="minimax: the banker's best threshold against best replies")


def main():
    exp = Experiment("ochko_strategy", "Ochko: the punter's best standing threshold against the banker, "
                     "by variant and tie rule; the edge at the best reply; tie rule and sign", default_hands=200_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed}):
        keep = ["variant", "tie", "stand", "halve_at", "banker_stand", "house_edge", "stderr", "ci95_low",
                "ci95_high", "win_rate.punter", "push_rate", "banker_net_per_bank", "bank_tenure"]
        b = _sweep(a, {"tie": list(TIES), "draw.stand": B_STANDS, "draw.halve_at": B_HALVE}, {"variant": "B"},
                   FLAT)
        b = b.assign(variant="B", banker_stand=float("nan"))
        exp.table(b[keep + ["halving_rate"]], "b_grid")
        g = _sweep(a, {"tie": list(TIES), "draw.stand": A_STANDS, "banker.stand": A_BANKER}, {"variant": "A"})
        g = g.assign(variant="A", halve_at=99.0)
        exp.table(g[keep], "a_grid")

        best_b = _best(b, ["tie"]).assign(kind="against the default banker")
        best_a = _best(g, ["tie", "banker_stand"])
        best_a["kind"] = ["against the default banker" if s == DEFAULT_BANKER_A else "against banker threshold"
                          for s in best_a.banker_stand]
        best = pd.concat([best_b, best_a, _minimax(g)], ignore_index=True)[["variant", "tie", "kind"] + keep[2:]]
        exp.table(best, "best_responses")
        shipped = best[best.kind == "against the default banker"]
        table = {(r.variant, r.tie): (float(r.stand), float(r.halve_at)) for r in shipped.itertuples()}

        sign = []
        for (variant, tie), (stand, halve_at) in table.items():
            pols = ["threshold:stand=17,halve_at=99", "mimic", f"threshold:stand={stand:g},halve_at={halve_at:g}"]
            if pols[2] == pols[0]:
                pols = pols[:2]
            rep = simkit.compare("ochko", [dict(FLAT, draw=p) for p in pols], a.hands, seed=a.seed,
                                 rules={"variant": variant, "tie": tie}, n_jobs=a.jobs, progress=False).report()
            rep = rep[rep.metric == "house_edge"].assign(variant=variant, tie=tie)
            rep["policy"] = [p.split("draw=")[1].split(" ")[0] for p in rep.policy]
            rep["sign"] = ["banker" if lo > 0 else "punter" if hi < 0 else "unclear"
                           for lo, hi in zip(rep.ci95_low, rep.ci95_high)]
            sign.append(rep)
        sign = pd.concat(sign, ignore_index=True)
        sign = sign[["variant", "tie", "policy", "value", "stderr", "ci95_low", "ci95_high", "sign", "diff",
                     "diff_stderr", "diff_ci95_low", "diff_ci95_high"]].rename(columns={"value": "house_edge"})
        exp.table(sign, "tie_rule_and_sign")

        stand, halve_at = table[("B", "push")]
        st = _sweep(a, {"stake.fraction": FRACTIONS}, {"variant": "B"},
                    {"stake": "bank-fraction", "draw": f"threshold:stand={stand:g},halve_at={halve_at:g}"})
        st = st.rename(columns={"stake.fraction": "fraction"})
        st = st[["fraction", "house_edge", "stderr", "p_broken", "p_broken_stderr", "p_tripled", "p_tripled_stderr",
                 "bank_tenure", "bank_rounds", "banker_roi", "banker_roi_stderr", "mean_stake"]]
        exp.table(st, "b_staking")
        _figures(exp, b, g, sign, a)
        with pd.option_context("display.width", 200, "display.float_format", "{:.4f}".format):
            print(shipped[["variant", "tie", "stand", "halve_at", "house_edge", "stderr"]].to_string(index=False))
            print(sign[["variant", "tie", "policy", "house_edge", "stderr", "sign"]].to_string(index=False))
            print(st.to_string(index=False))


def _figures(exp, b, g, sign, a):
    caption = (f"ochko | {a.hands:,} banks per point, 3 punters, 36 cards | seed {a.seed} | "
               f"simkit {code_version()} | common random numbers across each grid")
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.6), sharey=False)
    ax = axes[0]
    for tie in TIES:
        part = b[b.tie == tie]
        best = part.loc[part.groupby("stand")["house_edge"].idxmin()].sort_values("stand")
        never = part[part.halve_at == 99].sort_values("stand")
        line, = ax.plot(best.stand, best.house_edge, marker="o", label=f"tie={tie}, best halving")
        ax.fill_between(best.stand, best.ci95_low, best.ci95_high, alpha=0.2, color=line.get_color())
        ax.plot(never.stand, never.house_edge, ls="--", color=line.get_color(), label=f"tie={tie}, never halve")
    ax.axhline(0, color="k", lw=0.8)
    ax.set(title="variant B: punter stands on T (banker sees his total)", xlabel="punter stands on",
           ylabel="house edge (punter's loss per unit staked)")
    place_legend(ax, fontsize=7)
    ax = axes[1]
    for tie in TIES:
        part = g[(g.tie == tie) & (g.banker_stand == DEFAULT_BANKER_A)].sort_values("stand")
        line, = ax.plot(part.stand, part.house_edge, marker="o", label=f"tie={tie}")
        ax.fill_between(part.stand, part.ci95_low, part.ci95_high, alpha=0.2, color=line.get_color())
    ax.axhline(0, color="k", lw=0.8)
    ax.set(title=f"variant A: punter stands on T, banker on {DEFAULT_BANKER_A}", xlabel="punter stands on",
           ylabel="house edge (punter's loss per unit staked)")
    place_legend(ax, fontsize=7)
    fig.suptitle("Ochko: the punter's standing threshold, by tie rule")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "thresholds")

    fig, ax = plt.subplots(figsize=(7, 4.2))
    for tie in TIES:
        part = g[g.tie == tie]
        best = part.loc[part.groupby("banker_stand")["house_edge"].idxmin()].sort_values("banker_stand")
        ax.plot(best.banker_stand, best.house_edge, marker="o", label=f"tie={tie}")
        for r in best.itertuples():
            ax.annotate(f"{r.stand:g}", (r.banker_stand, r.house_edge), fontsize=7, xytext=(3, 3),
                        textcoords="offset points")
    ax.axhline(0, color="k", lw=0.8)
    ax.set(title="Ochko variant A: edge at the punter's best reply (label: his threshold)", xlabel="banker stands on",
           ylabel="house edge at the best reply\n(punter's loss per unit staked)")
    place_legend(ax, fontsize=8)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "a_best_reply")

    fig, ax = plt.subplots(figsize=(9, 0.3 * len(sign) + 1.8))     # a row per label, on one line each
    labels = [f"{r.variant}, tie: {r.tie}, {r.policy}" for r in sign.itertuples()]
    ax.errorbar(sign.house_edge, range(len(sign)), xerr=[sign.house_edge - sign.ci95_low,
                                                         sign.ci95_high - sign.house_edge], fmt="o", capsize=3)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_yticks(range(len(sign)), labels, fontsize=7)
    ax.invert_yaxis()                        # the table's order, top to bottom
    ax.set(title="Ochko: house edge by variant, tie rule and punter policy (95% intervals)", xlabel="house edge (punter's loss per unit staked)")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.text(0.01, 0.005, caption, fontsize=7, color="0.35")
    exp.figure(fig, "tie_rule_and_sign")


if __name__ == "__main__":
    main()
