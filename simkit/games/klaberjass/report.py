"""What Klaberjass's report measures (GAMES.md G10 "Report").

The headline is contract accuracy, ``contract_made_rate``: the share of contracts whose
maker ends the deal with the greater total (card points, stich, sequences, bella; 000:379
«Если заявитель козыря набрал большее число очков, оба игрока записывают себе свои общие
суммы»). Beside it: equal totals (the maker scores nothing) and failures, the margin (the
maker's total minus the opponent's), each by how the contract came (``take`` in round 1,
``schmeiss`` refused, ``named`` in round 2), round, trump suit, seat and position (dealer or
not); schmeiss called and accepted and deals thrown in; bella, sequence and dix frequency;
how often a seat's nine dealt cards hold a sequence (by its longest run) and the trump
king and queen, with a named trump and with the turned suit (``sequence_length_3.seat0``,
``bella_held_named.seat0`` ...: exact values in :mod:`.exact`);
points per deal and the dealer's edge; over whole games, win rate to 500 per seat and per
policy and game length. ``tables.contracts`` holds the raw counts (records ``contract``,
``round``, ``trump``, ``seat``, ``position``, ``result``, ``count``); with ``unit=deal``
``tables.points`` (each seat's score for the deal) and ``tables.tricks``.
"""
import numpy as np
import pandas as pd

from simkit.games.klaberjass import nb
from simkit.games.tricks_base import SUIT_NAMES
from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import rate_table, seat_records

KINDS = ("take", "schmeiss", "named")
ROUNDS = (1, 1, 2)
RESULTS = ("made", "equal", "failed")
POSITIONS = ("non-dealer", "dealer")

HEADLINE_DOC = ("contract_made_rate: the share of contracts (round-1 take, refused schmeiss, round-2 named suit) "
                "whose maker ends the deal with the greater total (card points, stich, sequences, bella; GAMES.md G10 "
                "Report: maker success, contract accuracy)")


def _margin(hist):
    """The mean margin of a histogram ``hist[m + MARGIN_OFFSET]``."""
    return counts_mean(hist, np.arange(len(hist)) - nb.MARGIN_OFFSET)


def _made(c):
    """(made, total) of contracts ``c[..., result]``."""
    c = np.asarray(c)
    return int(c[..., nb.RESULT_MADE].sum()), int(c.sum())


def metrics(stats, rules, policies) -> dict:
    c = stats["contracts"]                        # [maker, position, kind, trump, result]
    out = {"contract_made_rate": proportion_estimate(*_made(c))}
    n = int(c.sum())
    for r, name in enumerate(RESULTS[1:], 1):
        out[f"contract_{name}_rate"] = proportion_estimate(int(c[..., r].sum()), n)
    for k, name in enumerate(KINDS):
        out[f"contract_made_rate.{name}"] = proportion_estimate(*_made(c[:, :, k]))
    out["contract_made_rate.round2"] = proportion_estimate(*_made(c[:, :, nb.K_NAMED]))
    for p, name in enumerate(POSITIONS):
        out[f"contract_made_rate.{name}"] = proportion_estimate(*_made(c[:, p]))
    for s in range(2):
        out[f"contract_made_rate.seat{s}"] = proportion_estimate(*_made(c[s]))
    m = stats["margin"]
    out["maker_margin"] = _margin(m.sum(axis=0))
    for k, name in enumerate(KINDS):
        out[f"maker_margin.{name}"] = _margin(m[k])
    cnt = stats["counters"]
    dealt, played = int(cnt[0]), int(cnt[1])
    out["schmeiss_rate"] = proportion_estimate(int(cnt[2]), dealt)
    out["schmeiss_accepted_rate"] = proportion_estimate(int(cnt[3]), int(cnt[2]))
    out["thrown_in_rate"] = proportion_estimate(int(cnt[3] + cnt[4]), dealt)
    out["bella_rate"] = proportion_estimate(int(cnt[5]), played)
    out["sequence_rate"] = proportion_estimate(int(cnt[6]), played)
    out["dix_rate"] = proportion_estimate(int(cnt[7]), played)
    held = stats["held"]
    for s in range(2):
        n_s = int(held[s, :9].sum())
        out[f"sequence_held.seat{s}"] = proportion_estimate(int(held[s, 3:9].sum()), n_s)
        for k, label in ((3, "3"), (4, "4")):
            out[f"sequence_length_{label}.seat{s}"] = proportion_estimate(int(held[s, k]), n_s)
        out[f"sequence_length_5plus.seat{s}"] = proportion_estimate(int(held[s, 5:9].sum()), n_s)
        for col, kind in ((9, "named"), (10, "turned")):
            n_k = int(c[:, :, nb.K_NAMED].sum()) if kind == "named" else n_s - int(c[:, :, nb.K_NAMED].sum())
            out[f"bella_held_{kind}.seat{s}"] = proportion_estimate(int(held[s, col]), n_k)
    for s in range(2):
        out[f"points_per_deal.seat{s}"] = counts_mean(stats["points"][s], np.arange(stats["points"].shape[1]))
    d = stats["dealer_diff"]
    out["dealer_edge"] = counts_mean(d, np.arange(len(d)) - nb.MAX_DEAL_SCORE)
    if rules.unit == "game":
        for s in range(2):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
        for s in range(2):
            out[f"score.seat{s}"] = mean_estimate(stats["game_score"][s])
        out["deals_per_game"] = mean_estimate(stats["game_len"][0])
        out["unfinished_game_rate"] = proportion_estimate(int(cnt[9]), int(cnt[8]))
    return out


def _records(c):
    rows = []
    for idx in zip(*np.nonzero(c)):
        seat, pos, kind, trump, res = (int(i) for i in idx)
        rows.append({"contract": KINDS[kind], "round": ROUNDS[kind], "trump": SUIT_NAMES[trump], "seat": seat,
                     "position": POSITIONS[pos], "result": RESULTS[res], "count": int(c[idx])})
    return pd.DataFrame(rows, columns=["contract", "round", "trump", "seat", "position", "result", "count"])


def _accuracy(c, axis, name, labels):
    """Made rate with Wilson intervals for each value of one axis of ``c``."""
    other = tuple(a for a in range(c.ndim - 1) if a != axis)
    by = c.sum(axis=other)                        # [value, result]
    t = rate_table(by[:, nb.RESULT_MADE], by.sum(axis=1), {name: list(labels)}, name="made_rate")
    t["equal"] = by[:, nb.RESULT_EQUAL]
    t["failed"] = by[:, nb.RESULT_FAILED]
    return t


def tables(stats, rules, policies) -> dict:
    c = stats["contracts"]
    out = {"contracts": _records(c),
           "accuracy_by_contract": _accuracy(c, 2, "contract", KINDS),
           "accuracy_by_trump": _accuracy(c, 3, "trump", SUIT_NAMES),
           "accuracy_by_seat": _accuracy(c, 0, "seat", range(2)),
           "accuracy_by_position": _accuracy(c, 1, "position", POSITIONS)}
    rows = []
    for k, name in enumerate(KINDS):
        e = _margin(stats["margin"][k])
        rows.append({"contract": name, "contracts": e.n, "mean_margin": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["margin"] = pd.DataFrame(rows)
    out["points"] = seat_records(stats["points"], "points", range(2))
    out["tricks"] = seat_records(stats["tricks"], "tricks", range(2))
    if rules.unit == "game":
        labels = seat_labels(policies, 2)
        rows = []
        for s in range(2):
            w = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
            sc = mean_estimate(stats["game_score"][s])
            rows.append({"seat": s, "policy": labels[s], "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1], "mean_final_score": sc.value,
                         "score_stderr": sc.stderr})
        out["games_by_seat"] = pd.DataFrame(rows)
        groups, names = policy_groups(policies, 2)
        rows = []
        for g, name in enumerate(names):
            m = groups.count(g)
            w = rate_estimate(stats["group_mom"][g], scale=nb.WIN_SCALE * m)
            rows.append({"policy": name, "seats": m, "games": w.n, "win_rate": w.value, "win_stderr": w.stderr,
                         "win_ci95_low": w.ci95[0], "win_ci95_high": w.ci95[1]})
        out["games_by_policy"] = pd.DataFrame(rows)
    return out
