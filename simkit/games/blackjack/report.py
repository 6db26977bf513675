"""What the blackjack report measures (GAMES.md G05 "Report").

Money in the statistics is in tenths of a unit (``SCALE``). Ratios are taken over
units (shoes, or blocks of rounds), so their standard errors allow for the dependence
of the rounds of one shoe.

* ``house_edge``: player's loss per unit of initial bet (insurance included); positive
  favours the house. ``advantage`` is its negative; ``*_per_action`` divides by the
  total action (initial, doubled and split bets) instead.
* ``win_per_100_rounds``: the player's expected win in units per 100 box-rounds (the
  "hourly" rate); ``mean_bet``: initial bet per box-round; ``sd_per_round``: standard
  deviation of one box-round's result (units).
* ``desirability_index`` ``DI = 1000 μ/σ``, ``score = DI |DI| = ±10⁶ (μ/σ)²`` (Schlesinger's
  SCORE: the win per 100 rounds, in units, of a player with a 10,000-unit bankroll
  betting optimally) and ``n0 = (σ/μ)²`` (rounds to play before the expectation
  overtakes one standard deviation); μ and σ per box-round.
* ``risk_of_ruin_formula``: ``exp(-2 μ B / σ²)`` for the ``hilo`` policy's ``bankroll``
  (simulated risk: :func:`simkit.games.blackjack.risk_of_ruin`).
* ``insurance_ev``: what an insurance bet would return per unit staked on it, over every
  round with an ace up (whether or not the policy insured); ``insurance_taken_ev`` over
  the insurance bets the policy made.
"""
import math

import numpy as np
import pandas as pd

from simkit.core.stats import moment_sums, ratio_sums
from simkit.games.blackjack import nb
from simkit.reports.estimates import Estimate, Z95, mean_estimate, ratio_estimate
from simkit.reports.tables import house_edge

SCALE = 10.0


def _est(value, se, n):
    return Estimate(value, se, (value - Z95 * se, value + Z95 * se), n)


def _neg(e: Estimate) -> Estimate:
    return Estimate(-e.value, e.stderr, (-e.ci95[1], -e.ci95[0]), e.n)


def metrics(stats, rules, policies) -> dict:
    edge = stats["edge"]
    he = house_edge(edge[nb.E_EDGE])
    hea = ratio_estimate(edge[nb.E_ACTION])
    per_round = ratio_estimate(edge[nb.E_ROUND], SCALE)
    out = {
        "house_edge": he,
        "house_edge_per_action": hea,
        "advantage": _neg(he),
        "advantage_per_action": _neg(hea),
        "win_per_100_rounds": Estimate(100 * per_round.value, 100 * per_round.stderr,
                                       (100 * per_round.ci95[0], 100 * per_round.ci95[1]), per_round.n),
        "mean_bet": ratio_estimate(edge[nb.E_BET], SCALE),
    }
    m = mean_estimate(stats["round"][0], SCALE)
    n = m.n
    if n > 1:
        _, s, ss = moment_sums(stats["round"][0])
        sd = math.sqrt(max(n * ss - s * s, 0) / (n * (n - 1))) / SCALE
        out["sd_per_round"] = _est(sd, sd / math.sqrt(2 * n), n)
        mu, se_mu = per_round.value, per_round.stderr
        if sd > 0:
            di = 1000 * mu / sd
            out["desirability_index"] = _est(di, 1000 * se_mu / sd, n)
            out["score"] = _est(di * abs(di), 2 * abs(di) * 1000 * se_mu / sd, n)   # negative for a losing game
            if mu != 0:
                n0 = (sd / mu) ** 2
                out["n0"] = _est(n0, 2 * n0 * se_mu / abs(mu), n)
            pol = policies["play"]
            bankroll = pol.params.get("bankroll") if not pol.is_user else None
            if bankroll:
                ror = 1.0 if mu <= 0 else math.exp(-2 * mu * bankroll / (sd * sd))
                se = 0.0 if mu <= 0 else ror * 2 * bankroll * se_mu / (sd * sd)
                out["risk_of_ruin_formula"] = _est(ror, se, n)
    out["insurance_ev"] = ratio_estimate(edge[nb.E_INS_EV])
    if edge[nb.E_INS_TAKEN, 2] != 0:
        out["insurance_taken_ev"] = ratio_estimate(edge[nb.E_INS_TAKEN])
    return out


def tables(stats, rules, policies) -> dict:
    outc = stats["outcomes"]
    c = stats["counters"]
    box_rounds = int(outc[nb.OUT_ROUND, 0])
    bets = ratio_sums(stats["edge"][nb.E_EDGE])[2]
    rows = []
    for k, name in enumerate(nb.OUTCOME_NAMES):
        cnt, net = int(outc[k, 0]), int(outc[k, 1])
        rows.append({"outcome": name, "count": cnt,
                     "per_round": cnt / box_rounds if box_rounds else np.nan,
                     "net_units": net / SCALE,
                     "net_per_occurrence": net / SCALE / cnt if cnt else np.nan,
                     "per_initial_unit": net / bets if bets else np.nan})
    tc = stats["by_tc"]
    tc_rows = []
    for i in range(nb.N_TC):
        r, net, bet = (int(v) for v in tc[i])
        label = i + nb.TC_LO
        tc_rows.append({"true_count": f"<={label}" if i == 0 else (f">={label}" if i == nb.N_TC - 1 else label),
                        "rounds": r, "share": r / box_rounds if box_rounds else np.nan,
                        "advantage": net / bet if bet else np.nan,
                        "mean_bet": bet / SCALE / r if r else np.nan})
    units, rounds = int(c[0]), int(c[1])
    summary = pd.DataFrame([
        {"item": "units (shoes or blocks)", "value": units},
        {"item": "rounds", "value": rounds},
        {"item": "box-rounds", "value": int(c[2])},
        {"item": "rounds per unit", "value": rounds / units if units else np.nan},
        {"item": "hands per box-round", "value": int(c[6]) / int(c[2]) if c[2] else np.nan},
        {"item": "cards per round", "value": int(c[5]) / rounds if rounds else np.nan},
        {"item": "mid-round reshuffles", "value": int(c[4])},
    ])
    return {"outcomes": pd.DataFrame(rows), "by_true_count": pd.DataFrame(tc_rows), "summary": summary}
