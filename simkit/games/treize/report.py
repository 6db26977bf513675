"""What Treize's report measures: the house edge per coup (punter's loss per unit
staked, positive favours the banker), the edge by coup index since the last shuffle,
bank tenure, the banker's net per bank and where in the 13 calls the match fell."""
import numpy as np
import pandas as pd

from simkit.core.cards import RANK_NAMES
from simkit.games.treize import nb
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_ratio_estimate, ratio_estimate
from simkit.reports.tables import distribution_table, house_edge


def metrics(stats, rules, policies) -> dict:
    coup, bank = stats["coup"], stats["bank"]
    out = {
        "house_edge": house_edge(coup[0]),
        "banker_match_rate": rate_ratio_estimate(coup[1]),
        "bank_tenure": mean_estimate(bank[1]),
        "banker_net_per_bank": mean_estimate(bank[0]),
        "mean_stake": ratio_estimate(coup[2]),
    }
    counters = stats["counters"]
    if rules.deck_end == "void":
        out["voided_coup_rate"] = proportion_estimate(counters[1], counters[0] + counters[1])
    return out


def tables(stats, rules, policies) -> dict:
    by_index = stats["by_index"].copy()
    banks = int(stats["coup"][0, 0])
    by_index[:, 0] = banks           # every bank is an observation of every index (zero if untouched)
    coups = stats["counters"][3:]
    rows = []
    for k in range(nb.N_INDEX):
        e = ratio_estimate(by_index[k])
        rows.append({"coup_index": k if k < nb.N_INDEX - 1 else f">={k}", "coups": int(coups[k]),
                     "house_edge": e.value, "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    calls = stats["calls"]
    labels = list(RANK_NAMES) + ["none"]
    return {
        "edge_by_coup_index": pd.DataFrame(rows),
        "tenure": distribution_table(stats["tenure"][1:], np.arange(1, nb.N_TENURE), name="coups", open_top=True),
        "match_call": distribution_table(calls, labels, name="call"),
    }
