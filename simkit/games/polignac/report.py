"""What Polignac's report measures (GAMES.md G21 "Report"; issue 12).

Per deal: each seat's jack penalty points (``tables.points``: ``seat``, ``points``,
``count``), tricks (``tables.tricks``) and net points (tricks minus jack penalties,
``tables.net``); net points by position from the dealer and the dealer's edge (the
headline); who takes each jack (``tables.jacks``: by seat, or out of play). Per game (to
20 plus points): win rate per seat and per policy (the highest net total; ties shared),
final totals, the game's length in deals and the share of games stopped by the
``max_deals`` safeguard (``stopped_rate``).
"""
import pandas as pd

from simkit.games.polignac import nb
from simkit.games.tricks_base import SUIT_NAMES
from simkit.games.penalty_games import unit_tables
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import seat_records

HEADLINE_DOC = "the dealer's net points per deal minus the mean of the other seats' (positive: dealing pays)"


def metrics(stats, rules, policies) -> dict:
    P = rules.players
    out = {"dealer_edge": mean_estimate(stats["dealer_mom"][0], scale=P - 1)}
    for s in range(P):
        out[f"net.seat{s}"] = mean_estimate(stats["net_mom"][s])
    for p in range(P):
        out[f"net.position{p + 1}"] = mean_estimate(stats["pos_mom"][p])
    if rules.unit == "game":
        for s in range(P):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["game_win"][s], scale=nb.WIN_SCALE)
        out["game_length"] = mean_estimate(stats["game_len"][0])
        out["stopped_rate"] = proportion_estimate(int(stats["counters"][2]), int(stats["counters"][1]))
    return out


def tables(stats, rules, policies) -> dict:
    P = rules.players
    seats = list(range(P))
    jacks = stats["jacks"]
    out = {
        "points": seat_records(stats["pen_hist"], "points", seats),
        "tricks": seat_records(stats["trick_hist"], "tricks", seats),
        "net": seat_records(stats["net_hist"], "net", seats, lowest=nb.NET_LOW),
        "jacks": pd.DataFrame([{"taker": s if s < P else "out of play", **{SUIT_NAMES[j]: int(jacks[s, j])
                                                                         for j in range(4)}}
                               for s in range(P + 1)]),
    }
    rows = []
    for p in range(P):
        e = mean_estimate(stats["pos_mom"][p])
        rows.append({"position": p + 1, "dealer": p == P - 1, "deals": e.n, "net": e.value, "stderr": e.stderr,
                     "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["net_by_position"] = pd.DataFrame(rows)
    if rules.unit == "game":
        out.update(unit_tables(stats, policies, P, "game_win", "game_net", nb.WIN_SCALE, "games", "final_net"))
    return out
