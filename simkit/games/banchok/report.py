"""What Polish Banchok's report measures: the banker's edge per unit staked (negative when
punters stake on their good hands; the headline, under the policies given: by default the
best staking the project knows), ``flat_edge``, the edge had every coup been staked one
unit (``1 - 2 x`` the punters' win rate per coup, on the same deals; flat stakes ignore the
hand), with ``primazka=true`` the share of the money staked that the others added
(``primazka_share``), the banker's net per bank and per coup, how banks end
(broken or tripled) and how long they last, the punters' win rate and stakes, the edge by
seat, and the punters' win rate against its exact probability (calibration)."""
import numpy as np
import pandas as pd

from simkit.core.stats import moments, ratio_sums, ratios
from simkit.games import banking
from simkit.games.banchok import nb
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_ratio_estimate, ratio_estimate


def flat_row(win_row) -> list:
    """The plain ratio row (per bank: coups - 2 wins, coups) from the row (wins, coups):
    the punters' loss per coup had every coup been staked one unit (exact integers)."""
    n, x, y, xx, yy, xy = ratio_sums(win_row)
    return [n, y - 2 * x, y, yy - 4 * xy + 4 * xx, yy, yy - 2 * xy]


def metrics(stats, rules, policies) -> dict:
    coup = stats["coup"]
    bank = banking.bank_metrics(stats, outcomes=("broken", "tripled", "capped"))
    out = {"house_edge": bank.pop("house_edge"), "flat_edge": ratio_estimate(flat_row(coup[0])), **bank}
    out.update({
        "banker_net_per_coup": ratio_estimate(coup[3]),
        "punter_win_rate": rate_ratio_estimate(coup[0]),
        "mean_stake": ratio_estimate(coup[1]),
        "whole_bank_stake_rate": rate_ratio_estimate(coup[2]),
    })
    if rules.primazka:
        out["primazka_share"] = rate_ratio_estimate(coup[4])
    return out


def tables(stats, rules, policies) -> dict:
    t = banking.bank_tables(stats)
    rows = []
    for how, name in enumerate(banking.OUTCOME_NAMES):
        e = mean_estimate(stats["tenure_by_outcome"][how])
        if e.n:
            rows.append({"outcome": name, "banks": e.n, "mean_tenure": e.value, "stderr": e.stderr,
                         "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    t["tenure_by_outcome"] = pd.DataFrame(rows, columns=["outcome", "banks", "mean_tenure", "stderr", "ci95_low",
                                                         "ci95_high"])
    rows = []
    for i in range(rules.punters):
        e = ratio_estimate(stats["by_seat"][i])
        rows.append({"seat": i + 1, "house_edge": e.value, "stderr": e.stderr, "ci95_low": e.ci95[0],
                     "ci95_high": e.ci95[1]})
    t["edge_by_seat"] = pd.DataFrame(rows)
    rows = []
    calib = stats["calib"]
    for b in range(nb.N_PBINS):
        coups, wins = int(calib[b, 0]), int(calib[b, 1])
        if coups:
            e = proportion_estimate(wins, coups)
            rows.append({"p_win_from": b / nb.N_PBINS, "p_win_to": (b + 1) / nb.N_PBINS, "coups": coups,
                         "win_rate": e.value, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    t["win_rate_by_probability"] = pd.DataFrame(rows)
    return t


def empty_stats(punters: int):
    return banking.bank_stats(coup=ratios(5), by_seat=ratios(punters),
                              tenure_by_outcome=moments(len(banking.OUTCOME_NAMES)),
                              calib=np.zeros((nb.N_PBINS, 2), np.int64), counters=np.zeros(3, np.int64))
