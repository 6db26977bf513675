"""What Macao's report measures: the house edge per punter-coup (punters' loss per
stake, positive favours the banker), the banker's net per bank (one shoe), tenure, how
often punters win, tie, draw and hold naturals, and the distributions of payments and of
final counts."""
from simkit.games import banking
from simkit.games.macao import nb
from simkit.reports.estimates import proportion_estimate, rate_ratio_estimate
from simkit.reports.tables import distribution_table

_COUNTS = [str(v) for v in range(10)] + ["bust"]


def metrics(stats, rules, policies) -> dict:
    coup = stats["coup"]
    out = banking.bank_metrics(stats, outcomes=())
    out.update({
        "punter_win_rate": rate_ratio_estimate(coup[0]),
        "punter_tie_rate": rate_ratio_estimate(coup[1]),
        "punter_draw_rate": rate_ratio_estimate(coup[2]),
        "banker_draw_rate": rate_ratio_estimate(coup[3]),
        "punter_natural_rate": rate_ratio_estimate(coup[4]),
    })
    counters = stats["counters"]
    if rules.shoe_end == "void":
        out["voided_coup_rate"] = proportion_estimate(counters[1], counters[0] + counters[1])
    return out


def tables(stats, rules, policies) -> dict:
    pay = stats["payout"]
    values = list(range(-nb.MAX_MULT, nb.MAX_MULT + 1))
    used = [i for i, c in enumerate(pay) if c] or [nb.MAX_MULT]
    lo, hi = min(used), max(used) + 1
    out = {
        "punter_loss": distribution_table(pay[lo:hi], values[lo:hi], name="stakes_lost"),
        "punter_final": distribution_table(stats["pfinal"], _COUNTS, name="points"),
        "banker_final": distribution_table(stats["bfinal"], _COUNTS, name="points"),
    }
    out.update(banking.bank_tables(stats, outcomes=False))
    return out
