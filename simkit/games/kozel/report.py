"""What Kozel's report measures (GAMES.md G11 "Report": win rate per seat, the share of
halves with a winner, match length).

The headline ``decisive_half_rate`` is the share of halves (four tricks each) that have a
winner under the rules' reading (:data:`HEADLINE_DOC`); beside it the same share under
each of the three readings (they differ only in scoring, so one run measures all three
for the same play), the card points each half held (60 on average: every card is as
likely to lie in either half) and a seat's points per half by position (the dealer
leads both halves), halves won per seat and position; over whole matches (the kozyol)
win rate per seat and per policy, match length in deals and halves, and the matches
stopped by ``max_deals``. ``tables.points`` / ``tables.tricks`` count the card points
and tricks a seat took in one whole deal (both halves).
"""
import pandas as pd

from simkit.games.kozel import nb
from simkit.games.kozel.scoring import READINGS
from simkit.games.point_report import POSITIONS, deal_tables, policy_win_table, seat_win_table
from simkit.reports.estimates import mean_estimate, proportion_estimate, rate_estimate
from simkit.reports.tables import rate_table

HEADLINE_DOC = ("decisive_half_rate: the share of halves (four tricks each, two per deal) that have a winner under "
                "the rules' half_winner reading; literal_61 (default): a player with 61 card points or more "
                "(GAMES.md G11 Report, ambiguity 1)")


def metrics(stats, rules, policies) -> dict:
    decisive = stats["decisive"]
    halves = int(stats["halves"].sum())
    r = READINGS.index(rules.half_winner)
    out = {"decisive_half_rate": proportion_estimate(int(decisive[r].sum()), halves)}
    for i, name in enumerate(READINGS):
        out[f"decisive_half_rate.{name}"] = proportion_estimate(int(decisive[i].sum()), halves)
    for h, name in enumerate(("first", "second")):
        out[f"half_points.{name}"] = mean_estimate(stats["half_pts"][h])
    for p, name in enumerate(POSITIONS):
        out[f"points_per_half.{name}"] = mean_estimate(stats["pos_pts"][p])
    for p, name in enumerate(POSITIONS):
        out[f"half_win_rate.{name}"] = proportion_estimate(int(stats["pos_wins"][p]), halves)
    for s in range(4):
        out[f"half_win_rate.seat{s}"] = proportion_estimate(int(stats["seat_wins"][s]), halves)
    c = stats["counters"]
    out["forced_trumps_per_half"] = mean_estimate(stats["forced"][0])
    if rules.unit == "match":
        for s in range(4):
            out[f"win_rate.seat{s}"] = rate_estimate(stats["match_win"][s], scale=nb.WIN_SCALE)
        out["match_deals"] = mean_estimate(stats["match_len"][0])
        out["match_halves"] = mean_estimate(stats["match_len"][1])
        out["match_decisive_halves"] = mean_estimate(stats["match_len"][2])
        out["unfinished_match_rate"] = proportion_estimate(int(c[2]), int(c[1]))
    return out


def tables(stats, rules, policies) -> dict:
    out = deal_tables(stats)
    halves = int(stats["halves"].sum())
    out["decisive_by_reading"] = rate_table(stats["decisive"].sum(axis=1), [halves] * 3,
                                            {"reading": list(READINGS)}, name="decisive_half_rate")
    out["halves_by_position"] = rate_table(stats["pos_wins"], [halves] * 4,
                                           {"position": list(POSITIONS)}, name="half_win_rate")
    pp = [mean_estimate(stats["pos_pts"][p]) for p in range(4)]
    out["halves_by_position"]["points_per_half"] = [e.value for e in pp]
    out["halves_by_position"]["points_stderr"] = [e.stderr for e in pp]
    out["halves_by_policy"] = policy_win_table(stats["group_half"], policies, 1).rename(columns={"units": "halves"})
    if rules.unit == "match":
        out["matches_by_seat"] = seat_win_table(stats["match_win"], policies, nb.WIN_SCALE)
        out["matches_by_policy"] = policy_win_table(stats["group_win"], policies, nb.WIN_SCALE)
        rows = [{"measure": name, **dict(zip(("mean", "stderr"), (e.value, e.stderr))), "matches": e.n}
                for name, e in (("deals", mean_estimate(stats["match_len"][0])),
                                ("halves", mean_estimate(stats["match_len"][1])),
                                ("decisive halves", mean_estimate(stats["match_len"][2])))]
        out["match_length"] = pd.DataFrame(rows)
    return out
