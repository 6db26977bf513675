"""Tyotka: where does the basic ducking heuristic lose to the simulation player, and how
strong is the new heuristic?

Part 1 (one-step regret): deals played with every seat on a heuristic (``basic``, the
shared ducking play and Tyotka's default before, or the new ``heuristic``); at each
decision with a choice, every legal card is played out on the same ``--samples`` sampled
deals of the unseen cards (the simulation player's own play-outs: ``basic`` at every seat
after the card) and the heuristic's card is compared with the best: its regret (the mean
cost, in penalty points, it gives up against the best card) and how often it differs, by
situation (leading; following when the hand can win or lose, can only lose, can only win;
void in the suit led) and by phase of the deal (tricks 1-4, 5-9, 10-13). The play-outs
favour the card the simulation would play, so the regret is the simulation's view of the
heuristic; its noise (the best of several noisy values) makes it an upper bound. Part 2:
the counting trick, the sharpest difference: how often the seat takes it and, when it
leads it, how often it holds a sure loser (a card nobody can duck under), with one seat on
the simulation's choice (``--samples`` samples) against three ``basic`` seats, and on
``basic`` and on the new heuristic. Part 3 (single deals): one seat's penalty points a
deal against three seats of another policy, in each seat in turn on the same deals.

Sizes: part 1 plays ``--hands / 50`` deals, part 2 ``--hands / 10`` deals per policy
(at least 20), part 3 ``--hands`` deals per seat.

    python experiments/tyotka_play.py [--hands DEALS] [--samples K] [--seed S] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from numba import njit  # noqa: E402

import simkit  # noqa: E402
from simkit.core.rng import randbelow_nb, seed_stream_nb  # noqa: E402
from simkit.core.tricks import (MAX_SEATS, NO_TRUMP, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE,  # noqa: E402
                                S_TRICK, S_VOIDS, TT_DECK, TT_ESUIT, TT_SUIT_BITS, beating_nb, card_pool_nb,
                                close_trick_nb, deal_unseen_nb, lowest_card_nb, start_deal_nb)
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.estimates import proportion_estimate  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.reports.plots import add_footer  # noqa: E402
from simkit.games import penalty_tricks as pt  # noqa: E402
from simkit.games.tyotka import GAME  # noqa: E402
from simkit.games.tyotka.play import TyotkaParams, sure_losers_nb, tyotka_play_nb  # noqa: E402
from simkit.games.tyotka.policies import HEURISTIC as HEURISTIC_PARAMS  # noqa: E402
from simkit.games.tyotka.scoring import TABLES, counting_trick_nb  # noqa: E402

KINDS = ["lead", "follow: win or lose", "follow: only lose", "follow: only win", "void"]
PHASES = ["tricks 1-4", "tricks 5-9", "tricks 10-13"]
#: who plays the decisions: every seat basic (0), seat 0 on the new heuristic (1), seat 0 on
#: the simulation's choice (2)
BASIC, HEURISTIC, SIMULATION = 0, 1, 2


@njit(cache=False)
def card_values_nb(seat, hand, state, tt, opts, samples, rng, cards, value):
    """Minus the total cost to ``seat`` of each card of ``cards`` over ``samples`` sampled
    deals, each played out with ``basic`` at every seat (the simulation's play-outs)."""
    sampled = np.zeros(MAX_SEATS, np.int64)
    hands = np.zeros(MAX_SEATS, np.int64)
    st = np.empty(S_SIZE, np.int64)
    n_in = state[S_N_IN_TRICK]
    value[:] = 0
    for _ in range(samples):
        deal_unseen_nb(seat, hand, state, tt, sampled, rng)
        for i in range(cards.shape[0]):
            st[:] = state
            hands[:] = sampled
            bit = np.int64(1) << cards[i]
            hands[seat] &= ~bit
            st[S_TRICK + n_in] = cards[i]
            st[S_PLAYED] |= bit
            st[S_N_IN_TRICK] = n_in + 1
            pt.playout_nb(hands, st, tt, opts)
            value[i] -= pt.deal_cost_nb(st, opts, seat)


@njit(cache=False)
def run_nb(n_deals, seed, samples, opts, tables, who, regret, counting, hp):
    """``n_deals`` random deals and photographs; seat 0 plays by ``who``, the others
    ``basic`` (``hp``: the heuristic's parameters, ``TyotkaParams``). ``regret[kind, phase]``
    = [decisions, regret sum, differing] over seat 0's decisions (every seat's when ``who``
    is BASIC); ``counting`` = [deals, seat 0 took the counting trick, seat 0 led it, held a
    sure loser leading it, took it having led]."""
    tt = tables[NO_TRUMP]
    rng = np.zeros(4, np.uint64)
    seed_stream_nb(rng, seed, who)
    state = np.zeros(S_SIZE, np.int64)
    hands = np.zeros(MAX_SEATS, np.int64)
    deck = np.zeros(52, np.int64)
    m = tt[TT_DECK]
    for i in range(52):
        deck[i] = lowest_card_nb(m)
        m &= m - 1
    value = np.zeros(13, np.int64)
    for d in range(n_deals):
        for i in range(51, 0, -1):
            j = randbelow_nb(rng, i + 1)
            x = deck[i]
            deck[i] = deck[j]
            deck[j] = x
        for s in range(4):
            hands[s] = 0
        for i in range(52):
            hands[i & 3] |= np.int64(1) << deck[i]
        photo = deck[randbelow_nb(rng, 52)]
        dealer = d & 3
        start_deal_nb(state, tables, NO_TRUMP, 4, 13, dealer, (dealer + 1) & 3, -1, 1)
        hot = counting_trick_nb(photo) - 1
        pt.start_penalties_nb(state, photo, hot, 0)
        trick = state[S_TRICK:S_TRICK + MAX_SEATS]
        for k in range(13):
            led = -1
            seat = state[S_LEADER]
            lead_hot = False
            if k == hot:
                counting[0] += 1
                if seat == 0:
                    lead_hot = True
                    counting[2] += 1
                    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hands[0]
                    counting[3] += sure_losers_nb(hands[0], unseen, tt) != 0
            for n in range(4):
                hand = hands[seat]
                legal = hand
                if n > 0 and hand & tt[TT_SUIT_BITS + led]:
                    legal = hand & tt[TT_SUIT_BITS + led]
                state[S_SEAT] = seat
                state[S_N_IN_TRICK] = n
                if legal & (legal - 1) == 0:
                    card = lowest_card_nb(legal)
                else:
                    h = pt.avoid_play_nb(seat, hand, legal, state, trick, tt, opts)
                    if seat == 0 and who == HEURISTIC:
                        h = tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, hp)
                    card = h
                    if seat == 0 or who == BASIC:
                        cards = card_pool_nb(legal)
                        card_values_nb(seat, hand, state, tt, opts, samples, rng, cards, value[:cards.shape[0]])
                        best = 0
                        hv = 0
                        for i in range(cards.shape[0]):
                            if value[i] > value[best]:
                                best = i
                            if cards[i] == h:
                                hv = value[i]
                        if n == 0:
                            kind = 0
                        elif hand & tt[TT_SUIT_BITS + led] == 0:
                            kind = 4
                        else:
                            win = beating_nb(legal, trick, n, tt)
                            kind = 2 if win == 0 else (3 if win == legal else 1)
                        phase = 0 if k < 4 else (1 if k < 9 else 2)
                        regret[kind, phase, 0] += 1
                        regret[kind, phase, 1] += (value[best] - hv) / samples
                        regret[kind, phase, 2] += value[best] != hv
                        if seat == 0 and who == SIMULATION:
                            card = cards[best]
                bit = np.int64(1) << card
                hands[seat] = hand & ~bit
                trick[n] = card
                state[S_PLAYED] |= bit
                es = tt[TT_ESUIT + card]
                if n == 0:
                    led = es
                elif es != led:
                    state[S_VOIDS] |= np.int64(1) << (seat * 5 + led)
                seat = (seat + 1) & 3
            state[S_N_IN_TRICK] = 4
            taken = state[S_PLAYED] & ~state[pt.S_PREV]
            state[pt.S_PREV] = state[S_PLAYED]
            w = close_trick_nb(state, trick, tt)
            pt.charge_trick_nb(state, opts, taken, w, k)
            if k == hot and w == 0:
                counting[1] += 1
                counting[4] += lead_hot


def lone(test, base, deals, seed):
    """``test`` in each seat in turn against three ``base`` seats, single deals: its mean
    penalty points a deal and standard error (the four seats' errors combined)."""
    v, se = [], []
    for s in range(4):
        pols = [base] * 4
        pols[s] = test
        r = simkit.simulate("tyotka", deals, rules={"unit": "deal"}, policies={"play": "|".join(pols)}, seed=seed,
                            progress=False)
        e = r.estimates[f"penalty.seat{s}"]
        v.append(e.value)
        se.append(e.stderr)
    return float(np.mean(v)), float(np.sqrt(np.sum(np.square(se))) / 4)


def main():
    exp = Experiment("tyotka_play", "Where Tyotka's ducking heuristic loses to the simulation player, and the new "
                     "heuristic's strength", default_hands=60_000)

    def extra(p):
        p.add_argument("--samples", type=int, default=16, help="play-outs per card (default 16)")
    a = exp.parse(extra=extra)
    opts = GAME._opts(GAME.Rules.build({}))
    d = HEURISTIC_PARAMS
    hp = TyotkaParams(*(np.int64(d[k].default) for k in TyotkaParams._fields))
    n1, n2 = max(20, a.hands // 50), max(20, a.hands // 10)
    with exp.output({"hands": a.hands, "seed": a.seed, "samples": a.samples, "regret_deals": n1,
                     "counting_deals": n2}):
        regret = np.zeros((5, 3, 3))
        run_nb(n1, a.seed, a.samples, opts, TABLES, BASIC, regret, np.zeros(5, np.int64), hp)
        rows = [{"situation": KINDS[i], "phase": PHASES[j], "decisions": int(regret[i, j, 0]),
                 "regret_per_deal": regret[i, j, 1] / n1 / 4,
                 "regret_per_decision": regret[i, j, 1] / max(1, regret[i, j, 0]),
                 "differs": regret[i, j, 2] / max(1, regret[i, j, 0])} for i in range(5) for j in range(3)]
        table = pd.DataFrame(rows)
        exp.table(table, "regret")

        rows = []
        for who, name in ((BASIC, "basic"), (HEURISTIC, "heuristic"), (SIMULATION, f"simulation ({a.samples})")):
            c = np.zeros(5, np.int64)
            run_nb(n2, a.seed + 1, a.samples, opts, TABLES, who, np.zeros((5, 3, 3)), c, hp)
            took = proportion_estimate(c[1], c[0])
            rows.append({"seat 0": name, "deals": int(c[0]), "takes_counting_trick": c[1] / c[0],
                         "takes_counting_trick_ci95_low": took.ci95[0], "takes_counting_trick_ci95_high": took.ci95[1],
                         "leads_it": c[2] / c[0], "sure_loser_when_leading": c[3] / max(1, c[2]),
                         "takes_it_when_leading": c[4] / max(1, c[2])})
        counting = pd.DataFrame(rows)
        exp.table(counting, "counting_trick")

        rows = []
        for test, base in (("heuristic", "basic"), ("basic", "heuristic")):
            m, se = lone(test, base, a.hands, a.seed)
            rows.append({"lone_seat": test, "against": base, "deals_per_seat": a.hands, "penalty_per_deal": m,
                         "stderr": se, "settlement_per_deal": 7 - 4 * m})
        pairs = pd.DataFrame(rows)
        exp.table(pairs, "pairs")

        fig, axes = plt.subplots(1, 2, figsize=(12, 4.2))
        ax = axes[0]
        x = np.arange(5)
        bottom = np.zeros(5)
        for j, ph in enumerate(PHASES):
            vals = table[table.phase == ph].regret_per_deal.to_numpy()
            ax.bar(x, vals, 0.6, bottom=bottom, label=ph)
            bottom += vals
        ax.set_xticks(x, KINDS, fontsize=7)
        ax.set_ylabel("regret, penalty points per seat and deal")
        ax.set_title(f"basic's regret against {a.samples} play-outs a card ({n1} deals)", fontsize=9)
        place_legend(ax, fontsize=7)
        ax = axes[1]
        took = counting.takes_counting_trick
        ax.bar(np.arange(len(counting)), took, 0.6, color="C1", capsize=3,
               yerr=[took - counting.takes_counting_trick_ci95_low, counting.takes_counting_trick_ci95_high - took])
        ax.axhline(0.25, color="0.4", lw=0.8, ls="--")
        ax.set_xticks(np.arange(len(counting)), counting["seat 0"], fontsize=7)
        ax.set_ylabel("share of deals (Wilson 95% interval)")
        ax.set_title("seat 0 takes the counting trick (three basic seats)", fontsize=9)
        fig.suptitle("Tyotka: where basic play loses points, and who takes the counting trick")
        add_footer(fig, f"tyotka | regret: {n1} deals; counting trick: {n2} deals per seat-0 policy | "
                        f"seed {a.seed} | simkit {code_version()}")
        exp.figure(fig, "regret")
        plt.close(fig)
        print(table.to_string(index=False))
        print(counting.to_string(index=False))
        print(pairs.to_string(index=False))


if __name__ == "__main__":
    main()
