"""What King's report measures (GAMES.md G15 "Report", issue 12).

Over whole parties: each seat's net score (positive minus penalty points; zero-sum) and
win rate (the highest net wins, ties share), per seat and per policy, with intervals; each
seat's net score distribution (``net_scores``). Per contract: the points each seat takes per deal (penalties in
the negative deals, 3 a trick in the positive ones), by seat and by position from the
dealer (the eldest leads; in a positive deal he names trump). The value of naming trump:
the namer's points per positive deal above the equal share of 6, by his choice (a suit
among his three cards, another suit, «По последней») and by his trumps. With
``unit=deal``: ``tables.points`` (``contract``, ``seat``, ``points``, ``count``) and
``tables.tricks`` (``contract``, ``seat``, ``tricks``, ``count``) for comparison with an
independent simulation.
"""
import numpy as np
import pandas as pd

from simkit.games.king import nb
from simkit.games.king.rules import CONTRACTS
from simkit.games.king.scoring import DEAL_TOTAL, PLUS
from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table, seat_records

HEADLINE_DOC = ("score.seat0: the mean score of seat 0 (the first dealer) per unit: a party's net score "
                "(positive minus penalty points, zero-sum over the four seats), or with unit=deal the points of "
                "one deal (negative for penalties); its distance from 0 is the seat's edge (GAMES.md G15 Report)")
KINDS = ("named among his three", "named another suit", "by the last")
FAIR_SHARE = 6                              # 24 points a positive deal, four seats


def _played(stats):
    """The contract codes with deals in ``stats``."""
    return [c for c in range(nb.N_CONTRACTS) if stats["points"][c, 0].sum() > 0]


def _sign(c):
    return 1 if c == PLUS else -1


def _mean(hist, scale=1):
    """Mean of ``hist[v]`` (values 0.., times ``scale``) with its standard error."""
    return counts_mean(hist, np.arange(len(hist)) * scale)


def naming_value(stats):
    """The namer's points per positive deal minus the equal share (3 a trick, 6 a deal)."""
    by_tricks = stats["naming"].sum(axis=(0, 1))
    return counts_mean(by_tricks, 3 * np.arange(len(by_tricks)) - FAIR_SHARE)


def metrics(stats, rules, policies) -> dict:
    pts = stats["points"]
    out = {}
    if rules.unit == "party":
        for s in range(nb.PLAYERS):
            out[f"score.seat{s}"] = mean_estimate(stats["net"][s])
        for s in range(nb.PLAYERS):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["win"][s], scale=nb.WIN_SCALE)
    else:
        c = CONTRACTS.index(rules.contract)
        for s in range(nb.PLAYERS):
            out[f"score.seat{s}"] = counts_mean(pts[c, s], _sign(c) * np.arange(pts.shape[2]))
    for c in _played(stats):
        for s in range(nb.PLAYERS):
            out[f"points.{CONTRACTS[c]}.seat{s}"] = _mean(pts[c, s])
    if stats["naming"].sum():
        out["naming_value"] = naming_value(stats)
        kinds = stats["naming"].sum(axis=(1, 2))
        out["by_the_last_rate"] = proportion_estimate(int(kinds[2]), int(kinds.sum()))
    return out


def _row(e, **lead):
    return {**lead, "deals": e.n, "mean": e.value, "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]}


def tables(stats, rules, policies) -> dict:
    pts, pos, tr = stats["points"], stats["by_position"], stats["tricks"]
    played = _played(stats)
    seats = list(range(nb.PLAYERS))
    frames = [seat_records(pts[c], "points", seats, columns={"contract": CONTRACTS[c]}) for c in played]
    out = {"points": pd.concat(frames, ignore_index=True)}
    out["tricks"] = pd.concat([seat_records(tr[c], "tricks", seats, columns={"contract": CONTRACTS[c]})
                               for c in played], ignore_index=True)
    rows = []
    for c in played:
        v = np.arange(pts.shape[2])
        for s in seats:
            e = _mean(pts[c, s])
            n = int(pts[c, s].sum())
            heavy = proportion_estimate(int(pts[c, s, v >= DEAL_TOTAL[c] // 2].sum()), n)
            sd = float(np.sqrt(max(0.0, (pts[c, s] * v * v).sum() / n - e.value ** 2)))
            rows.append({**_row(e, contract=CONTRACTS[c], seat=s), "sd": sd, "half_or_more": heavy.value})
    out["points_by_contract"] = pd.DataFrame(rows)
    out["points_by_position"] = pd.DataFrame(
        [_row(_mean(pos[c, p]), contract=CONTRACTS[c], position=p + 1, dealer=p == nb.PLAYERS - 1)
         for c in played for p in seats])
    nm = stats["naming"]
    if nm.sum():
        rows = []
        for k, kind in enumerate(KINDS):
            tricks = nm[k].sum(axis=0)
            rows.append({**_row(_mean(tricks, 3), choice=kind),
                         "value": counts_mean(tricks, 3 * np.arange(len(tricks)) - FAIR_SHARE).value})
        out["naming"] = pd.DataFrame(rows)
        by_trumps = nm.sum(axis=0)
        out["naming_by_trumps"] = pd.DataFrame(
            [_row(_mean(by_trumps[t]), trumps=t) for t in range(by_trumps.shape[0]) if by_trumps[t].sum()])
    if rules.unit == "party":
        labels = seat_labels(policies, nb.PLAYERS)
        rows = []
        for s in seats:
            w = rate_estimate(stats["win"][s], scale=nb.WIN_SCALE)
            net = mean_estimate(stats["net"][s])
            rows.append({"seat": s, "policy": labels[s], "parties": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_net": net.value,
                         "net_stderr": net.stderr})
        out["parties_by_seat"] = pd.DataFrame(rows)
        groups, names = policy_groups(policies, nb.PLAYERS)
        gm = stats["group_mom"]
        rows = []
        for g, name in enumerate(names):
            m = groups.count(g)
            w = rate_estimate(gm[g], scale=nb.WIN_SCALE * m)
            net = mean_estimate(gm[len(names) + g], scale=m)
            rows.append({"policy": name, "seats": m, "parties": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_net": net.value,
                         "net_stderr": net.stderr})
        out["parties_by_policy"] = pd.DataFrame(rows)
        hist = stats["net_hist"]
        nz = np.flatnonzero(hist.sum(axis=0))
        lo, hi = (int(nz[0]), int(nz[-1]) + 1) if len(nz) else (nb.MAX_NET, nb.MAX_NET + 1)
        frames = [distribution_table(hist[s, lo:hi], np.arange(lo, hi) - nb.MAX_NET, name="net") for s in seats]
        out["net_scores"] = pd.concat([f.assign(seat=s)[["seat", *f.columns]] for s, f in zip(seats, frames)],
                                      ignore_index=True)
    return out
