"""Poker: how tight should one player's pre-draw calling threshold be at a table of
default threshold players?

The hero plays ``threshold`` with ``call_pre`` swept (stay in before the draw when the
chance that the dealt hand beats every opponent's random hand, ``strength ** k``, is at
least ``call_pre``); the five others keep the defaults. The hero sits first to act (seat
1, the dealer's left) or last (seat 0, the dealer). Every setting plays the same deals
(common random numbers), so the differences against the default hero come with paired
standard errors. Six players, one deck, the seed's literal rules.

    python experiments/poker_thresholds.py [--hands N] [--seed S] [--jobs J] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import simkit  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.estimates import Z95  # noqa: E402

CALL_PRE = [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7]
DEFAULT = 0.05
PLAYERS = 6


def table_for(hero_seat, value):
    bets = ["threshold"] * PLAYERS
    bets[hero_seat] = f"threshold:call_pre={value}"
    return {"bet": bets}


def main():
    exp = Experiment("poker_thresholds", "Best pre-draw calling threshold for one poker player against default "
                     "threshold players", default_hands=200_000)
    a = exp.parse()
    with exp.output({"hands": a.hands, "seed": a.seed, "call_pre": CALL_PRE, "players": PLAYERS}):
        rows = []
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for hero in (1, 0):
            metric = f"chip_ev.seat{hero}"
            specs = [table_for(hero, DEFAULT)] + [table_for(hero, v) for v in CALL_PRE if v != DEFAULT]
            values = [DEFAULT] + [v for v in CALL_PRE if v != DEFAULT]
            cmp = simkit.compare("poker", specs, a.hands, seed=a.seed, rules={"players": PLAYERS}, n_jobs=a.jobs,
                                 chunk=1 << 16, progress=False)   # one chunk per jackknife group
            rep = cmp.report()
            rep = rep[rep.metric.isin([metric, f"win_rate.seat{hero}"])]
            for label, value in zip(cmp.labels, values):
                r = rep[rep.policy == label].set_index("metric")
                ev = r.loc[metric]
                rows.append({"hero_seat": hero, "call_pre": value, "chip_ev": ev["value"],
                             "chip_ev_stderr": ev["stderr"], "win_rate": r.loc[f"win_rate.seat{hero}", "value"],
                             "diff_vs_default": ev.get("diff", 0.0) if value != DEFAULT else 0.0,
                             "diff_stderr": ev.get("diff_stderr", 0.0) if value != DEFAULT else 0.0})
            part = pd.DataFrame(rows[-len(values):]).sort_values("call_pre")
            where = "first to act" if hero == 1 else "the dealer"
            ax.errorbar(part.call_pre, part.chip_ev, yerr=Z95 * part.chip_ev_stderr, marker="o", capsize=3,
                        label=f"hero in seat {hero} ({where})")
        df = pd.DataFrame(rows).sort_values(["hero_seat", "call_pre"])
        exp.table(df, "call_pre")
        ax.axvline(DEFAULT, color="0.5", ls=":", lw=1, label=f"the others' call_pre = {DEFAULT}")
        ax.axhline(0, color="k", lw=0.8)
        ax.set_xscale("symlog", linthresh=0.01)
        ax.set_xlim(-0.002, max(CALL_PRE) * 1.15)
        ax.set_xlabel("hero's call_pre (stay in before the draw when strength ** opponents >= call_pre)")
        ax.set_ylabel("hero's chip EV per hand (95% interval)")
        ax.set_title("Poker, 6 players: one threshold player's pre-draw calling threshold")
        place_legend(ax, fontsize=8)
        fig.text(0.01, 0.005, f"poker | n={a.hands:,} hands per setting | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        fig.tight_layout(rect=(0, 0.04, 1, 1))
        exp.figure(fig, "call_pre")
        print(df.round(4).to_string(index=False))


if __name__ == "__main__":
    main()
