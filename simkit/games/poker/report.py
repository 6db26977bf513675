"""What the poker report measures: win rate and chip EV per seat and per policy, showdown
frequency, pot sizes, the categories dealt and held after the draw (by cards drawn), the
winning categories, and each dealt category's equity against N = 1..9 random hands.

Win rate = the share of pots a seat takes (a pot split k ways counts 1/k); chip EV = the
seat's mean net result per hand in chips (antes and stakes included). A policy's figures
average over the seats that play it (per hand, then per seat).
"""
import numpy as np
import pandas as pd

from simkit.games.poker import nb
from simkit.games.poker.eval_nb import CATEGORY_NAMES, N_CATS
from simkit.reports.estimates import Estimate, mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import distribution_table


def seat_name(s: int, n: int) -> str:
    """Kernel index ``s`` (0 = the dealer's left) as metric names write its seat: ``seat0``
    is the dealer, ``seat1`` his left ..."""
    return f"seat{nb.seat_of(s, n)}"


def _by_seat(n: int):
    """Kernel indices in seat order (the dealer first)."""
    return [n - 1] + list(range(n - 1))


def _hist_mean(values, counts) -> Estimate:
    counts = np.asarray(counts, dtype=np.int64)
    values = np.asarray(values, dtype=np.int64)
    n = int(counts.sum())
    return mean_estimate([n, int((values * counts).sum()), int((values * values * counts).sum())])


def metrics(stats, rules, policies, groups) -> dict:
    """``groups``: list of (label, seats) of the policy groups."""
    n = rules.players
    out = {}
    for s in _by_seat(n):
        out[f"win_rate.{seat_name(s, n)}"] = rate_estimate(stats["seat_win"][s], scale=nb.CREDIT)
    for s in _by_seat(n):
        out[f"chip_ev.{seat_name(s, n)}"] = mean_estimate(stats["seat_net"][s])
    for g, (label, seats) in enumerate(groups):
        out[f"win_rate.{label}"] = rate_estimate(stats["grp_win"][g], scale=nb.CREDIT * len(seats))
        out[f"chip_ev.{label}"] = mean_estimate(stats["grp_net"][g], scale=len(seats))
    c = stats["counters"]
    hands = int(c[nb.C_HANDS])
    out["showdown_rate"] = proportion_estimate(c[nb.C_SHOWDOWN], hands)
    out["uncontested_before_draw_rate"] = proportion_estimate(c[nb.C_ALONE_PRE], hands)
    out["split_pot_rate"] = proportion_estimate(c[nb.C_SPLIT], c[nb.C_SHOWDOWN])
    out["pot"] = mean_estimate(stats["pot"][0])
    out["cards_drawn"] = _hist_mean(np.arange(6), stats["cats"][1, 1:].sum(axis=1))
    out["stock_reshuffle_rate"] = proportion_estimate(c[nb.C_RESHUFFLE], hands)
    return out


def _est_cols(prefix: str, e: Estimate) -> dict:
    return {prefix: e.value, f"{prefix}_stderr": e.stderr, f"{prefix}_ci95_low": e.ci95[0],
            f"{prefix}_ci95_high": e.ci95[1]}


def tables(stats, rules, policies, groups, seat_policies) -> dict:
    n = rules.players
    m = metrics(stats, rules, policies, groups)
    seat_rows = []
    for s in _by_seat(n):
        row = {"seat": nb.seat_of(s, n), "position": "dealer" if s == n - 1 else f"{s + 1} from the dealer's left",
               "bet": seat_policies[s][0].describe(), "draw": seat_policies[s][1].describe()}
        row.update(_est_cols("win_rate", m[f"win_rate.{seat_name(s, n)}"]))
        row.update(_est_cols("chip_ev", m[f"chip_ev.{seat_name(s, n)}"]))
        seat_rows.append(row)
    pol_rows = []
    for label, seats in groups:
        row = {"policy": label, "seats": ",".join(str(nb.seat_of(s, n)) for s in seats),
               "bet": seat_policies[seats[0]][0].describe(), "draw": seat_policies[seats[0]][1].describe()}
        row.update(_est_cols("win_rate", m[f"win_rate.{label}"]))
        row.update(_est_cols("chip_ev", m[f"chip_ev.{label}"]))
        pol_rows.append(row)
    cats = stats["cats"]
    cat_rows = []
    draw_rows = []
    for p, phase in enumerate(("dealt", "final")):
        totals = cats[p].sum(axis=0)
        total = int(totals.sum())
        for k in range(N_CATS):
            e = proportion_estimate(totals[k], total)
            cat_rows.append({"category": CATEGORY_NAMES[k], "phase": phase, "count": int(totals[k]),
                             "share": e.value, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
        for slot in range(nb.N_SLOTS):
            sub = int(cats[p, slot].sum())
            if sub == 0:
                continue
            for k in range(N_CATS):
                e = proportion_estimate(cats[p, slot, k], sub)
                draw_rows.append({"category": CATEGORY_NAMES[k], "phase": phase, "drawn": slot - 1,
                                  "count": int(cats[p, slot, k]), "share": e.value})
    eq_rows = []
    eq = stats["equity"]
    for k in range(N_CATS):
        for j in range(nb.N_EQ):
            e = mean_estimate(eq[k * nb.N_EQ + j], scale=nb.CREDIT)
            if e.n:
                eq_rows.append({"category": CATEGORY_NAMES[k], "opponents": j + 1, "hands": e.n,
                                "equity": e.value, "stderr": e.stderr, "ci95_low": e.ci95[0],
                                "ci95_high": e.ci95[1]})
    width = pot_bin(rules)
    lows = np.arange(nb.N_POT_BINS) * width
    pot = distribution_table(stats["pot_hist"], lows, name="pot_from", open_top=True)
    pot.insert(1, "pot_to", [f"{lo + width - 1}" if i < nb.N_POT_BINS - 1 else "" for i, lo in enumerate(lows)])
    return {
        "seats": pd.DataFrame(seat_rows),
        "policies": pd.DataFrame(pol_rows),
        "categories": pd.DataFrame(cat_rows),
        "categories_by_draw": pd.DataFrame(draw_rows, columns=["category", "phase", "drawn", "count", "share"]),
        "equity": pd.DataFrame(eq_rows, columns=["category", "opponents", "hands", "equity", "stderr",
                                                 "ci95_low", "ci95_high"]),
        "showdown_winner": distribution_table(stats["winner_cat"], list(CATEGORY_NAMES), name="category"),
        "pot_size": pot,
    }


def pot_bin(rules) -> int:
    """Width in chips of the pot histogram's bins: 64 bins cover the largest pot possible."""
    most = rules.players * (rules.ante + 2 * rules.circuits * rules.limit)
    return max(1, -(-most // nb.N_POT_BINS))


def equity_figure(equity: pd.DataFrame, title: str = "", ax=None, legend: bool = True):
    """Equity of each dealt category against N random hands (the ``equity`` table): one
    line per category with its 95% interval, N on the x axis, equity on a logit scale
    (both the rare wins of weak hands and the rare losses of strong ones show). Draws on
    ``ax`` if given; the legend goes where it covers no line or band (``legend=False``:
    none, for a caller drawing one legend for several panels); returns the figure."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 5))
    colors = [tuple(c) for c in plt.get_cmap("tab10")(range(10))] + ["black", "darkgoldenrod"]
    lo, hi = 1e-5, 1 - 1e-5
    for k, cat in enumerate(CATEGORY_NAMES):
        d = equity[equity["category"] == cat]
        if d.empty:
            continue
        ax.plot(d["opponents"], d["equity"].clip(lo, hi), marker="o", ms=3, label=cat, color=colors[k])
        ax.fill_between(d["opponents"], d["ci95_low"].clip(lo, hi), d["ci95_high"].clip(lo, hi), alpha=0.15,
                        color=colors[k])
    ax.set_xlabel("random opponents N")
    ax.set_ylabel("equity (pot share, no draw)")
    ax.set_yscale("logit")
    ax.set_ylim(lo, hi)
    ax.set_xticks(range(1, nb.N_EQ + 1))
    ax.grid(True, which="major", alpha=0.3)
    if legend:
        from simkit.reports.figcheck import place_legend

        place_legend(ax, fontsize=7, ncol=2)
    if title:
        ax.set_title(title)
    return ax.figure
