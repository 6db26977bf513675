"""What Sixty-six's report measures (GAMES.md G20 "Report"; issue 13).

Win rate per seat over whole units (games to the target, or deals with ``unit=deal``)
and per policy, with intervals; closing: how often a deal is closed and how often the
closer then wins it, overall and per seat, by the closer's points when he closed (``tables["closing"]``); the
seat 0's game points per deal less seat 1's (``game_point_margin.seat0``); the
distribution of the game points a deal scores (1, 2, 3; 2, 4, 6 after a failed close),
closed and not (``tables["game_points"]``); the leader's (the dealer's opponent's) deal
win rate; game length in deals; marriages of 20 and 40 per deal and the marriage points
(reported apart from the 120 card points a deal holds), and the deals whose first lead declares
one (with the heuristic declarer: the chance that the leader's six cards hold a marriage); nine
exchanges; replays.
``tables["points"]`` and ``tables["tricks"]`` (``seat``, ``points`` / ``tricks``,
``count``) are each deal's points (cards, marriages, last trick) and tricks per seat.
"""
import numpy as np
import pandas as pd

from simkit.games.sixty_six import nb
from simkit.games.stock_base import seat_tables, win_metrics
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate

HEADLINE_DOC = ("win_rate.seat0: the share of units (games to 7 game points, or single deals with unit=deal) "
                "won by seat 0, who deals the first deal (GAMES.md G20 Report: win rate, dealer/leader advantage)")
#: closer's points when closing, banded for tables["closing"]
BAND = 10


def metrics(stats, rules, policies) -> dict:
    c = stats["counters"]
    deals = int(c[nb.C_DEALS])
    out = win_metrics(stats)
    out["closing_rate"] = proportion_estimate(int(c[nb.C_CLOSES]), deals)
    out["closing_success_rate"] = proportion_estimate(int(c[nb.C_CLOSE_WON]), int(c[nb.C_CLOSES]))
    ch = stats["close_hist"].sum(axis=1)                   # [closer, outcome]
    for s in range(2):
        out[f"closing_rate.seat{s}"] = proportion_estimate(int(ch[s].sum()), deals)
        out[f"closing_success_rate.seat{s}"] = proportion_estimate(int(ch[s, 0]), int(ch[s].sum()))
    mh = stats["margin_hist"]
    out["game_point_margin.seat0"] = counts_mean(mh, np.arange(len(mh)) - nb.MAX_GP)
    out["leader_deal_win_rate"] = proportion_estimate(int(c[nb.C_LEADER_WON]), deals - int(c[nb.C_REPLAYS]))
    gp = stats["gp_hist"].sum(axis=0)
    out["game_points_per_deal"] = counts_mean(gp[1:], np.arange(1, len(gp)))
    mar = stats["mar_hist"]
    k = np.arange(mar.shape[1])
    out["marriages_20_per_deal"] = counts_mean(mar[1], k)
    out["marriages_40_per_deal"] = counts_mean(mar[2], k)
    out["marriage_points_per_deal"] = counts_mean(mar[0], nb.MARRIAGE * k)
    out["first_lead_marriage_rate"] = proportion_estimate(int(c[nb.C_FIRST_MARRIAGE]), deals)
    out["nine_exchange_rate"] = proportion_estimate(int(c[nb.C_NINES]), deals)
    out["replay_rate"] = proportion_estimate(int(c[nb.C_REPLAYS]), deals)
    if rules.unit == "game":
        out["game_length"] = mean_estimate(stats["game_len"][0])
        # games the max_deals safeguard cut short (won on the score at the cut, or drawn), as the
        # other games' unfinished_*_rate: their win rates count such games
        out["unfinished_game_rate"] = proportion_estimate(int(c[nb.C_UNFINISHED]), int(c[nb.C_UNITS]))
    return out


def tables(stats, rules, policies) -> dict:
    out = seat_tables(stats, policies)
    rows = []
    for closed in (0, 1):
        h = stats["gp_hist"][closed]
        n = int(h.sum())
        for g in range(len(h)):
            if h[g]:
                e = proportion_estimate(int(h[g]), n)
                rows.append({"closed": bool(closed), "game_points": g, "count": int(h[g]), "share": e.value,
                             "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["game_points"] = pd.DataFrame(rows, columns=["closed", "game_points", "count", "share", "ci95_low",
                                                     "ci95_high"])
    ch = stats["close_hist"].sum(axis=0)
    rows = []
    for lo in range(0, ch.shape[0], BAND):
        block = ch[lo:lo + BAND].sum(axis=0)
        n = int(block.sum())
        if n:
            e = proportion_estimate(int(block[0]), n)
            rows.append({"close_points": f"{lo}-{lo + BAND - 1}", "closes": n, "won": int(block[0]),
                         "lost": int(block[1]), "replays": int(block[2]), "success_rate": e.value,
                         "stderr": e.stderr, "ci95_low": e.ci95[0], "ci95_high": e.ci95[1]})
    out["closing"] = pd.DataFrame(rows, columns=["close_points", "closes", "won", "lost", "replays", "success_rate",
                                                 "stderr", "ci95_low", "ci95_high"])
    return out
