"""What Thousand's report measures (GAMES.md G18 "Report").

The headline is bid/contract accuracy: ``contract_made_rate``, the share of contracts
(every deal's auction winner) that were made, against failed, conceded (refused) and
thrown in after an all-pass; the same by contract size, by seat and by round (deal 1, 2,
..., 10 and later of a game) with 95% intervals; the margin, the declarer's points
(cards and marriages) minus his contract in deals played, by contract size. Beside it:
how often a dealt hand holds a marriage and how many are declared a deal; points per
deal; over whole games, each seat's and each policy's win rate to the target, final
scores, game length, the 850 rule's penalties. ``tables.contracts`` holds the records
``contract``, ``result``, ``count``; single deals (``unit=deal``) add ``tables.points``
(``seat``, ``points``, ``count``: the score written for the deal) and ``tables.tricks``.
"""
import numpy as np
import pandas as pd

from simkit.core.stats import moment_sums
from simkit.games.thousand import nb
from simkit.games.thousand.layout import RES_CONCEDED, RES_FAILED, RES_MADE, RES_THROWN, RESULTS
from simkit.games.tricks_base import SUIT_NAMES
from simkit.policies.seated import policy_groups
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import seat_records

HEADLINE_DOC = ("contract_made_rate: the share of contracts (each deal's auction winner) made, i.e. the declarer "
                "took at least the points he named; the rest failed, conceded or thrown in (GAMES.md G18 Report: "
                "contract success, bid accuracy)")
SCORES = np.arange(nb.N_SCORES) + nb.LOWEST_SCORE


def seat_names(rules) -> list:
    return [f"seat{t}" for t in range(rules.players)]


def _outcomes(counts):
    """``counts[..., result]`` summed to the four results."""
    return np.asarray(counts).reshape(-1, len(RESULTS)).sum(axis=0)


def _rate(counts, result):
    c = _outcomes(counts)
    return proportion_estimate(int(c[result]), int(c.sum()))


def hist_row(counts, values):
    """A plain moment row ``(n, Σx, Σx²)`` of a histogram, exact."""
    c = [int(v) for v in np.asarray(counts).ravel()]
    x = [int(v) for v in np.asarray(values).ravel()]
    return np.array([sum(c), sum(a * b for a, b in zip(c, x)), sum(a * b * b for a, b in zip(c, x))], dtype=object)


def pooled(rows):
    """Moment rows pooled into one plain row."""
    sums = [moment_sums(r) for r in rows]
    return np.array([sum(s[i] for s in sums) for i in range(3)], dtype=object)


def metrics(stats, rules, policies) -> dict:
    con = stats["contracts"]
    c = stats["counters"]
    out = {"contract_made_rate": _rate(con, RES_MADE), "contract_failed_rate": _rate(con, RES_FAILED),
           "concede_rate": _rate(con, RES_CONCEDED), "throw_in_rate": _rate(con, RES_THROWN)}
    o = _outcomes(con)
    out["made_rate_when_played"] = proportion_estimate(int(o[RES_MADE]), int(o[RES_MADE] + o[RES_FAILED]))
    out["mean_margin"] = mean_estimate(pooled(stats["margin"]))
    out["mean_contract"] = mean_estimate(hist_row(con.sum(axis=(0, 1, 3)), np.arange(con.shape[2]) * nb.CONTRACT_BIN))
    for t, name in enumerate(seat_names(rules)):
        out[f"contract_made_rate.{name}"] = _rate(con[t], RES_MADE)
    out["marriage_held_rate"] = proportion_estimate(int(stats["held"][0]), int(stats["held"][1]))
    mh = stats["marr_hist"]
    out["marriages_per_deal"] = mean_estimate(hist_row(mh, np.arange(len(mh))))
    out["marriage_deal_rate"] = proportion_estimate(int(mh[1:].sum()), int(mh.sum()))
    out["all_pass_rate"] = proportion_estimate(int(c[nb.C_ALLPASS]), int(c[nb.C_DEALS]))
    for t, name in enumerate(seat_names(rules)):
        out[f"points_per_deal.{name}"] = mean_estimate(hist_row(stats["pts_hist"][t], SCORES))
    if rules.unit == "game":
        for t, name in enumerate(seat_names(rules)):
            out[f"win_rate.{name}"] = rate_estimate(stats["game_win"][t], scale=nb.WIN_SCALE)
        for t, name in enumerate(seat_names(rules)):
            out[f"score.{name}"] = mean_estimate(stats["game_score"][t])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
        out["unfinished_game_rate"] = proportion_estimate(int(c[nb.C_UNFINISHED]), int(c[nb.C_GAMES]))
        if rules.version == "1000-2":
            out["barrel_penalty_rate"] = proportion_estimate(int(c[nb.C_BARREL]), int(c[nb.C_DEALS]))
    return out


def outcome_table(counts, key: str, labels) -> pd.DataFrame:
    """Contracts by ``key`` (``counts[g, ..., result]``): each result's count, the made
    rate with its Wilson 95% interval; empty rows left out."""
    rows = []
    for g, label in enumerate(labels):
        o = _outcomes(counts[g])
        n = int(o.sum())
        if n == 0:
            continue
        e = proportion_estimate(int(o[RES_MADE]), n)
        rows.append({key: label, "contracts": n, **{r.replace(" ", "_"): int(o[i]) for i, r in enumerate(RESULTS)},
                     "made_rate": e.value, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    return pd.DataFrame(rows)


def tables(stats, rules, policies) -> dict:
    con = stats["contracts"]
    names = seat_names(rules)
    by_size = con.sum(axis=(0, 1))
    keep = by_size.sum(axis=1) > 0
    sizes = np.arange(con.shape[2]) * nb.CONTRACT_BIN
    rows = [{"contract": int(sizes[k]), "result": r, "count": int(by_size[k, i])}
            for k in np.flatnonzero(keep) for i, r in enumerate(RESULTS) if by_size[k, i]]
    out = {"contracts": pd.DataFrame(rows, columns=["contract", "result", "count"])}
    size_table = outcome_table(by_size, "contract", sizes)
    margins = []
    for k in size_table["contract"] // nb.CONTRACT_BIN:
        m = mean_estimate(stats["margin"][k])
        margins.append((m.value, m.stderr))
    size_table["mean_margin"] = [m[0] for m in margins]
    size_table["margin_stderr"] = [m[1] for m in margins]
    out["contracts_by_size"] = size_table
    out["contracts_by_seat"] = outcome_table(con, "seat", names)
    rounds = [str(r + 1) for r in range(nb.N_ROUNDS - 1)] + [f"{nb.N_ROUNDS}+"]
    out["contracts_by_round"] = outcome_table(con.transpose(1, 0, 2, 3), "round", rounds)
    m = stats["marriages"]
    n_played = int(stats["marr_hist"].sum())
    out["marriages"] = pd.DataFrame([{"seat": names[t], "suit": SUIT_NAMES[s], "declared": int(m[t, s]),
                                      "per_deal": m[t, s] / n_played if n_played else float("nan")}
                                     for t in range(len(names)) for s in range(4)])
    if rules.unit == "deal":
        lo = nb.LOWEST_SCORE
        out["points"] = seat_records(stats["pts_hist"], "points", names, lowest=lo)
        out["tricks"] = seat_records(stats["tricks_hist"], "tricks", names)
    else:
        rows = []
        for t, name in enumerate(names):
            w = rate_estimate(stats["game_win"][t], scale=nb.WIN_SCALE)
            sc = mean_estimate(stats["game_score"][t])
            rows.append({"seat": name, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_final_score": sc.value})
        out["games_by_seat"] = pd.DataFrame(rows)
        groups, gnames = policy_groups(policies, rules.players)
        rows = []
        for g, name in enumerate(gnames):
            k = groups.count(g)
            w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * k)
            rows.append({"policy": name, "seats": k, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1]})
        out["games_by_policy"] = pd.DataFrame(rows)
    return out
