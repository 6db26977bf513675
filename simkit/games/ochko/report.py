"""What Ochko's report measures (GAMES.md G19 "Report").

Per coup (one punter's stake settled), as ratios over banks: the house edge (punters'
loss per unit of initial stake, a halved stake still counting its initial size; positive
favours the banker), the punters' win and push rates, the mean stake and (variant B) the
share of coups with a halved stake. Per bank (:mod:`simkit.games.banking`): the banker's
net, tenure in coups and in deals/rounds, and in variant B the chance that the bank is
broken or tripled (knocked at ``knock_multiple`` times its start) and the banker's return
on the bank he put up. Tables: edge by seat and by coup index within the bank, outcomes,
final totals, how banks ended, tenure and (B) the final bank."""
import numpy as np
import pandas as pd

from simkit.core.stats import ratio_sums
from simkit.games.banking import bank_metrics, bank_tables
from simkit.games.ochko import nb
from simkit.reports.estimates import mean_estimate, rate_ratio_estimate, ratio_estimate
from simkit.reports.tables import distribution_table

HALF = 2.0         # money is counted in half stake units


def metrics(stats, rules, policies) -> dict:
    b = rules.variant == "B"
    out = bank_metrics(stats, HALF, outcomes=("broken", "tripled") if b else ())
    coup = stats["coup"]
    out["win_rate.punter"] = rate_ratio_estimate(coup[0])
    out["push_rate"] = rate_ratio_estimate(coup[1])
    out["mean_stake"] = ratio_estimate(coup[2])
    out["bank_rounds"] = mean_estimate(stats["rounds"][0])
    if b:
        out["halving_rate"] = rate_ratio_estimate(coup[3])
        out["banker_roi"] = mean_estimate(stats["bank"][0], HALF * rules.bank)
    return out


def _edge_rows(rows, banks, labels, key):
    rows = rows.copy()
    rows[:, 0] = banks            # every bank is an observation of every row (zero if untouched)
    out = []
    for label, row in zip(labels, rows):
        e = ratio_estimate(row, HALF)
        out.append({key: label, "stake": ratio_sums(row)[2], "house_edge": e.value, "stderr": e.stderr,
                    "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    return pd.DataFrame(out)


def _span(counts, labels, name, open_top=False):
    """Distribution of ``counts`` from its first to its last non-empty bin."""
    nz = np.nonzero(counts)[0]
    lo, hi = (int(nz[0]), int(nz[-1]) + 1) if len(nz) else (0, 1)
    labels = list(labels)
    if open_top:
        labels[-1] = f">={labels[-1]}"
    return distribution_table(counts[lo:hi], labels[lo:hi], name=name)


def tables(stats, rules, policies) -> dict:
    banks = int(stats["counters"][nb.C_BANKS])
    idx_labels = [k if k < nb.N_INDEX - 1 else f">={k}" for k in range(nb.N_INDEX)]
    totals = stats["totals"]
    out = bank_tables(stats, outcomes=False)
    out.update({
        "edge_by_seat": _edge_rows(stats["by_seat"][:rules.punters], banks, range(1, rules.punters + 1), "seat"),
        "edge_by_coup_index": _edge_rows(stats["by_index"], banks, idx_labels, "coup_index"),
        "outcomes": distribution_table(stats["outcomes"], list(nb.OUTCOME_NAMES), name="outcome"),
        "punter_totals": _span(totals[0], range(nb.N_TOT), "total", open_top=True),
        "banker_totals": _span(totals[1], range(nb.N_TOT), "total", open_top=True),
        "bank_ends": distribution_table(stats["ends"], list(nb.END_NAMES), name="end"),
        "rounds": _span(stats["rounds_hist"], range(nb.N_TENURE), "rounds", open_top=True),
    })
    if rules.variant == "B":
        out["final_bank"] = _span(stats["final"], np.arange(nb.N_FINAL) / 4, "final_over_start", open_top=True)
    return out
