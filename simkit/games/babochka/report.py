"""What Babochka's report measures (GAMES.md G14 "Report"): per seat the pot EV (net
chips per pot: the pot taken less antes and fees) and the share of pots taken, with the
first mover's edge; per policy the chips per seat; the distribution of deals per pot (the
re-antes are one fewer) and of the pot's size when taken."""
import numpy as np
import pandas as pd

from simkit.games.babochka import nb
from simkit.core.stats import moment_sums
from simkit.policies.seated import policy_groups
from simkit.reports.estimates import mean_estimate, proportion_estimate
from simkit.reports.tables import distribution_table


HEADLINE_DOC = ("first_mover_pot_ev: the mean net chips per pot (the pot taken less the antes and fees paid) of "
                "the seat that moves first in the pot's first deal, the first dealer's left (GAMES.md G14 Report: "
                "the seat advantage of the first mover; 0 = no advantage)")


def metrics(stats, rules, policies) -> dict:
    p = rules.players
    eldest = (rules.first_dealer + 1) % p
    out = {"first_mover_pot_ev": mean_estimate(stats["net"][eldest], scale=nb.SCALE)}     # the headline first
    for s in range(p):
        out[f"pot_ev.seat{s}"] = mean_estimate(stats["net"][s], scale=nb.SCALE)
    c = stats["counters"]
    pots = int(c[nb.C_POTS])
    for s in range(p):
        out[f"win_rate.seat{s}"] = proportion_estimate(int(stats["wins"][s]), pots)
    out["deals_per_pot"] = mean_estimate(stats["deals"][0])
    n, sd, sdd = moment_sums(stats["deals"][0])      # re-antes r = deals - 1: shift the exact sums
    out["reantes_per_pot"] = mean_estimate([n, sd - n, sdd - 2 * sd + n])
    out["pot_size"] = mean_estimate(stats["pot"][0])
    out["capture_rate"] = proportion_estimate(int(c[nb.C_CAPTURES]), int(c[nb.C_CAPTURES] + c[nb.C_TRAILS]))
    out["split_pot_rate"] = proportion_estimate(int(c[nb.C_SPLIT]), pots)
    out["reshuffle_rate"] = proportion_estimate(int(c[nb.C_RESHUFFLES]), int(c[nb.C_DEALS]))
    out["unfinished_pot_rate"] = proportion_estimate(int(c[nb.C_UNFINISHED]), pots)
    return out


def tables(stats, rules, policies) -> dict:
    p = rules.players
    c = stats["counters"]
    pots = int(c[nb.C_POTS])
    rows = []
    for s in range(p):
        e = mean_estimate(stats["net"][s], scale=nb.SCALE)
        w = proportion_estimate(int(stats["wins"][s]), pots)
        rows.append({"seat": s, "first_mover": s == (rules.first_dealer + 1) % p, "pots": e.n, "pot_ev": e.value,
                     "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1], "win_rate": w.value,
                     "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1]})
    groups, names = policy_groups(policies, p)
    prow = []
    for g, name in enumerate(names):
        k = groups.count(g)
        e = mean_estimate(stats["group_mom"][g], scale=nb.SCALE * k)
        prow.append({"policy": name, "seats": k, "pots": e.n, "pot_ev_per_seat": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    return {
        "pot_ev_by_seat": pd.DataFrame(rows),
        "pot_ev_by_policy": pd.DataFrame(prow),
        "deals_per_pot": distribution_table(stats["deals_hist"][1:], np.arange(1, nb.N_DEALS), name="deals",
                                            open_top=True),
        "pot_size": distribution_table(stats["pot_hist"], np.arange(nb.N_POT), name="pot", open_top=True),
    }
