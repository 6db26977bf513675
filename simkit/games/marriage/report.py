"""What two-hand Marriage's report measures (GAMES.md G12 "Report").

Win and draw rate per seat over units (a deal to 101 without carry-over, a game with it,
or single deals with ``unit=deal``) and per policy, with intervals; the share of deals
someone reaches 101; marriages declared and trump changes per deal, deals played without
a trump; the share of dealt five-card hands holding a marriage (checked against its
exact value, :func:`simkit.core.ace_ten.marriage_chance`); game length with carry-over.
``tables["points"]`` and ``tables["tricks"]`` (``seat``, ``points`` / ``tricks``,
``count``) are each deal's points (cards, marriages, the last trick's 10 with carry-over)
and tricks per seat.
"""
import numpy as np

from simkit.games.marriage import nb
from simkit.games.stock_base import seat_tables, win_metrics
from simkit.reports.bidding import counts_mean
from simkit.reports.estimates import mean_estimate, proportion_estimate

HEADLINE_DOC = ("win_rate.seat0: the share of units (a deal to 101, or a game to 101 with carry-over) won by seat "
                "0, who deals first; the dealer's opponent leads (GAMES.md G12 Report: win / draw rate, seat "
                "advantage)")


def metrics(stats, rules, policies) -> dict:
    c = stats["counters"]
    deals = int(c[nb.C_DEALS])
    out = win_metrics(stats)
    out["draw_rate"] = proportion_estimate(int(stats["wins"][2]), int(stats["wins"].sum()))
    out["reached_101_rate"] = proportion_estimate(int(c[nb.C_REACHED]), deals)
    mh = stats["mar_hist"]
    out["marriages_per_deal"] = counts_mean(mh, np.arange(len(mh)))
    out["trump_changes_per_deal"] = counts_mean(mh, np.maximum(np.arange(len(mh)) - 1, 0))
    out["no_trump_deal_rate"] = proportion_estimate(int(c[nb.C_NO_TRUMP]), deals)
    out["marriage_held_rate"] = proportion_estimate(int(c[nb.C_HELD]), 2 * deals)
    if rules.carry_over and rules.unit == "game":
        out["game_length"] = mean_estimate(stats["game_len"][0])
    return out


def tables(stats, rules, policies) -> dict:
    return seat_tables(stats, policies)
