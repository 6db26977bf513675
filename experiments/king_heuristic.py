"""King's play heuristic against the simulation's own values: how far each play policy is
from the best card, by contract and kind of play, and the heuristic's shape terms refitted.

For each contract, single deals (the dealer rotating) are played by the heuristic at every
seat. At every decision with two legal cards or more, each legal card is valued by
``SAMPLES`` play-outs: the unseen cards dealt consistently with what the seat has seen (the
same deals for every card), then every seat playing by the heuristic, as the
``simulation`` player does. A policy's regret at a decision is the best card's value less
the value of the card it plays (one step: the rest of the deal by the heuristic), in
points per seat and deal (the best is chosen on the same play-outs, so every figure is a
little high, alike for every policy). The table ``regret`` gives it by contract and kind
of play (lead, following suit, void in the suit led) for the heuristic, the heuristic
without its shape terms (``shape_*=0``) and ``basic`` (the default before it), on
the same decisions.

Then the shape terms (``SHAPE`` in ``simkit/games/king/nb.py``: weights of nine features of
a card, by contract and kind of play, in points of a 16-point deal) are refitted by
coordinate descent to the decisions of the first seed (least total regret of the contracts
that share a row, starting from the weights in use) and checked on those of the second
seed (``shape``): where the refit is no better on the second seed, the heuristic sits at
its fitted point.

    python experiments/king_heuristic.py [--hands H] [--seed S] [--force]

``--hands`` H gives H/100 deals a contract for the fit and two thirds as many for the check.
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from numba import njit  # noqa: E402

from simkit.core.rng import seed_stream_nb  # noqa: E402
from simkit.core.trick_game import shuffle_top_nb  # noqa: E402
from simkit.core.trick_play import N_ERR  # noqa: E402
from simkit.core.tricks import (BREAK_NEVER, MAX_SEATS, NO_TRUMP, S_BREAK, S_FOLLOW, S_LEAD_BAN, S_LEADER,  # noqa: E402
                                S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_TABLE, S_TRICK, S_TRICK_NO, S_TRUMP,
                                S_VOIDS, TT_DECK, TT_ESUIT, TT_SUIT_BITS, card_pool_nb, close_trick_nb,
                                deal_unseen_nb, lowest_card_nb, start_deal_nb, trick_view_nb)
from simkit.experiment import Experiment  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.reports.plots import add_footer  # noqa: E402
from simkit.games.king import nb  # noqa: E402
from simkit.games.king.rules import CONTRACTS  # noqa: E402
from simkit.games.king.scoring import DEAL_TOTAL, FOLLOW, LEAD_BAN, PLUS, TABLES, TRICKS  # noqa: E402

SAMPLES = 24
KINDS = ("lead", "void", "follow")              # the rows of SHAPE[contract]
FEATURES = ("held", "singleton", "master", "lowest_unseen", "unseen_below", "held_below", "held_above",
            "unseen_above", "opponents_void")
NEGATIVE = CONTRACTS[:PLUS]


@njit(cache=True)
def decisions_nb(contract, n_deals, seed, samples, sts, hands, legals, cards, values):
    """Play ``n_deals`` deals of ``contract`` by the heuristic and, at each decision with
    two legal cards or more, store the state, hand, legal set and every legal card's mean
    value over ``samples`` play-outs (a seat's points, negated in a negative deal).
    Returns the number of decisions stored."""
    opts = np.zeros(len(nb.O), np.int64)
    opts[nb.O.unit] = nb.UNIT.deal
    opts[nb.O.contract] = nb.FIRST_CONTRACT + contract
    err = np.zeros(N_ERR, np.int64)
    order = np.arange(20, 52).astype(np.uint8)
    dst = np.zeros(4, np.uint64)
    rs = np.zeros(4, np.uint64)
    seed_stream_nb(dst, seed, 0)
    seed_stream_nb(rs, seed, 1)
    state = np.zeros(S_SIZE, np.int64)
    hand_of = np.zeros(MAX_SEATS, np.int64)
    sampled = np.zeros(MAX_SEATS, np.int64)
    h2 = np.zeros(MAX_SEATS, np.int64)
    st = np.zeros(S_SIZE, np.int64)
    sign = 1 if contract == PLUS else -1
    count = 0
    for d in range(n_deals):
        shuffle_top_nb(order, 31, dst)
        dealer = d % 4
        namer = nb.deal_hands_nb(order, contract, dealer, hand_of)
        leader = (dealer + 1) % 4
        start_deal_nb(state, TABLES, NO_TRUMP, nb.PLAYERS, TRICKS, dealer, leader, -1, d + 1)
        state[nb.S_CONTRACT] = contract
        state[nb.S_NAMER] = namer
        if contract == PLUS:
            three = (np.int64(1) << np.int64(order[0])) | (np.int64(1) << np.int64(order[1])) \
                | (np.int64(1) << np.int64(order[2]))
            choice = nb.heuristic_trump_nb(three, 2)
            t = np.int64(order[28]) & 3 if choice == nb.BY_THE_LAST else choice
            state[S_TABLE] = t
            state[S_TRUMP] = t
        state[S_FOLLOW] = FOLLOW[contract]
        state[S_LEAD_BAN] = LEAD_BAN[contract]
        state[S_BREAK] = BREAK_NEVER
        state[nb.S_PREV_PLAYED] = 0
        for s in range(4):
            state[nb.S_PTS + s] = 0
        tt = TABLES[state[S_TABLE]]
        trick = trick_view_nb(state)
        while state[S_TRICK_NO] < TRICKS:
            led = -1
            for n in range(4):
                seat = (state[S_LEADER] + n) % 4
                hand = hand_of[seat]
                state[S_SEAT] = seat
                state[S_N_IN_TRICK] = n
                legal = nb.own_legal_nb(hand, trick, n, state, tt, opts)
                if legal & (legal - 1) == 0:
                    card = lowest_card_nb(legal)
                else:
                    card = nb.heuristic_play_nb(hand, legal, state, trick, n, tt, nb.HEURISTIC_PARAMS)
                    if count < sts.shape[0]:
                        pool = card_pool_nb(legal)
                        for j in range(S_SIZE):
                            sts[count, j] = state[j]
                        hands[count] = hand
                        legals[count] = legal
                        for i in range(pool.shape[0]):
                            cards[count, i] = pool[i]
                            values[count, i] = 0.0
                        for _ in range(samples):
                            deal_unseen_nb(seat, hand, state, tt, sampled, rs)
                            for i in range(pool.shape[0]):
                                for j in range(S_SIZE):
                                    st[j] = state[j]
                                for s in range(MAX_SEATS):
                                    h2[s] = sampled[s]
                                bit = np.int64(1) << pool[i]
                                h2[seat] &= ~bit
                                st[S_TRICK + n] = pool[i]
                                st[S_PLAYED] |= bit
                                st[S_N_IN_TRICK] = n + 1
                                nb.rollout_nb(h2, st, TABLES, opts, err)
                                values[count, i] += sign * st[nb.S_PTS + seat]
                        for i in range(pool.shape[0]):
                            values[count, i] /= samples
                        count += 1
                bit = np.int64(1) << card
                hand_of[seat] = hand & ~bit
                trick[n] = card
                state[S_PLAYED] |= bit
                es = tt[TT_ESUIT + card]
                if n == 0:
                    led = es
                elif es != led:
                    state[S_VOIDS] |= np.int64(1) << (seat * 5 + led)
            state[S_N_IN_TRICK] = 4
            close_trick_nb(state, trick, tt)
            nb.score_trick_nb(state)
    return count


@njit(cache=True)
def choices_nb(sts, hands, legals, prm, basic, out):
    """The card each policy plays at each stored decision (``basic``: the old heuristic)."""
    for d in range(sts.shape[0]):
        st = sts[d].copy()
        tt = TABLES[st[S_TABLE]]
        trick = st[S_TRICK:S_TRICK + 8]
        n = st[S_N_IN_TRICK]
        if basic:
            out[d] = nb.basic_play_nb(hands[d], legals[d], st, trick, n, tt)
        else:
            out[d] = nb.heuristic_play_nb(hands[d], legals[d], st, trick, n, tt, prm)


@njit(cache=True)
def model_nb(sts, hands, legals, prm, cards, model, feats):
    """For each stored decision of a negative deal and each legal card (in ``cards``'
    order): the heuristic's value with the shape terms off, and the nine shape features
    (:func:`~simkit.games.king.nb.shape_nb` with one weight at 1)."""
    own = np.empty(TRICKS, np.int64)
    vals = np.empty(TRICKS, np.float64)
    unit = np.eye(9)
    for d in range(sts.shape[0]):
        st = sts[d].copy()
        tt = TABLES[st[S_TABLE]]
        hand = hands[d]
        k = nb.negative_values_nb(hand, legals[d], st, st[S_TRICK:S_TRICK + 8], st[S_N_IN_TRICK], tt, prm, own, vals)
        unseen = tt[TT_DECK] & ~st[S_PLAYED] & ~hand
        for i in range(TRICKS):
            x = cards[d, i]
            if x < 0:
                break
            for i2 in range(k):
                if own[i2] == x:
                    model[d, i] = vals[i2]
            for f in range(unit.shape[0]):
                feats[d, i, f] = nb.shape_nb(x, hand, unseen, st[S_VOIDS], st[S_SEAT], unit[f])


def kind_of(sts, hands):
    """0 a lead, 1 void in the suit led, 2 following suit (the rows of ``SHAPE``)."""
    n = sts[:, S_N_IN_TRICK]
    led = sts[:, S_TRICK] & 3
    suit_bits = TABLES[NO_TRUMP, TT_SUIT_BITS:TT_SUIT_BITS + 4]
    follows = (hands & suit_bits[led]) != 0
    return np.where(n == 0, 0, np.where(follows, 2, 1))


def collect(contract, n_deals, seed):
    cap = n_deals * 32
    sts = np.zeros((cap, S_SIZE), np.int64)
    hands = np.zeros(cap, np.int64)
    legals = np.zeros(cap, np.int64)
    cards = np.full((cap, TRICKS), -1, np.int64)
    values = np.zeros((cap, TRICKS))
    k = decisions_nb(CONTRACTS.index(contract), n_deals, seed, SAMPLES, sts, hands, legals, cards, values)
    return dict(sts=sts[:k], hands=hands[:k], legals=legals[:k], cards=cards[:k], values=values[:k], deals=n_deals,
                kind=kind_of(sts[:k], hands[:k]))


def regret_of(data, chosen, mask):
    """Regret per seat and deal of the chosen cards at the decisions in ``mask``."""
    cards, values = data["cards"][mask], data["values"][mask]
    valid = cards >= 0
    best = np.where(valid, values, -np.inf).max(axis=1)
    mine = (values * (cards == chosen[mask][:, None])).sum(axis=1)
    return float((best - mine).sum() / data["deals"] / 4)


class ShapeFit:
    """The regret of the heuristic at one kind of play over the negative contracts, as a
    function of that kind's shape weights: ``value - scale * w . features`` chosen."""

    def __init__(self, datasets, kind):
        prm = nb.HEURISTIC_PARAMS.copy()
        for name in ("shape_lead", "shape_void", "shape_follow"):
            prm[nb.HEURISTIC_SLOTS[name]] = 0.0
        self.parts = []
        for c, data in datasets.items():
            mask = data["kind"] == kind
            if not mask.any():
                continue
            sts, hands, legals, cards = (data[k][mask] for k in ("sts", "hands", "legals", "cards"))
            model = np.zeros(cards.shape)
            feats = np.zeros(cards.shape + (len(FEATURES),))
            model_nb(sts, hands, legals, prm, cards, model, feats)
            self.parts.append((c, cards, data["values"][mask], model, feats * DEAL_TOTAL[CONTRACTS.index(c)] / 16.0,
                               data["deals"]))

    def regret(self, w, only=None):
        total = 0.0
        for c, cards, values, model, feats, deals in self.parts:
            if only is not None and c != only:
                continue
            score = np.where(cards >= 0, -model + feats @ w, -np.inf)
            pick = score.argmax(axis=1)
            best = np.where(cards >= 0, values, -np.inf).max(axis=1)
            total += (best - values[np.arange(len(pick)), pick]).sum() / deals / 4
        return total


def descend(fit, w, steps=(2.0, 1.0, 0.5, 0.25)):
    """Coordinate descent on the weights (each step size until no move helps)."""
    w = np.array(w, float)
    cur = fit.regret(w)
    for step in steps:
        moved = True
        while moved:
            moved = False
            for f in range(len(w)):
                for delta in (step, -step):
                    trial = w.copy()
                    trial[f] += delta
                    r = fit.regret(trial)
                    if r < cur - 1e-4:
                        cur, w, moved = r, trial, True
    return w


def main():
    exp = Experiment("king_heuristic", "King's play heuristic against the simulation's values", default_hands=30_000)
    a = exp.parse()
    deals = max(4, a.hands // 100)
    check = max(4, 2 * deals // 3)
    with exp.output({"hands": a.hands, "seed": a.seed, "deals": deals, "check_deals": check, "samples": SAMPLES}):
        fit_data = {c: collect(c, deals, a.seed) for c in CONTRACTS}
        check_data = {c: collect(c, check, a.seed + 1) for c in NEGATIVE}
        off = nb.HEURISTIC_PARAMS.copy()
        for name in ("shape_lead", "shape_void", "shape_follow"):
            off[nb.HEURISTIC_SLOTS[name]] = 0.0
        rows = []
        for c, data in fit_data.items():
            picks = {}
            for label, prm, basic in (("heuristic", nb.HEURISTIC_PARAMS, False), ("heuristic, shape terms off", off,
                                                                                    False), ("basic", off, True)):
                out = np.zeros(len(data["hands"]), np.int64)
                choices_nb(data["sts"], data["hands"], data["legals"], prm, basic, out)
                picks[label] = out
            for k, kind in enumerate(KINDS):
                mask = data["kind"] == k
                for label, out in picks.items():
                    rows.append({"contract": c, "kind": kind, "policy": label, "decisions": int(mask.sum()),
                                 "regret": regret_of(data, out, mask)})
        regret = pd.DataFrame(rows)
        exp.table(regret, "regret")

        rows = []
        for k, kind in enumerate(KINDS):
            groups = {}                                   # contracts sharing a row of SHAPE are fitted together
            for c in NEGATIVE:
                groups.setdefault(tuple(nb.SHAPE[CONTRACTS.index(c), k]), []).append(c)
            for now, members in groups.items():
                fit = ShapeFit({c: fit_data[c] for c in members}, k)
                held = ShapeFit({c: check_data[c] for c in members}, k)
                new = descend(fit, now)
                label = "all others" if len(members) > 1 else members[0]
                for f, name in enumerate(FEATURES):
                    rows.append({"kind": kind, "contracts": label, "feature": name, "weight": now[f],
                                 "refit": new[f]})
                rows.append({"kind": kind, "contracts": label, "feature": "(regret, fit seed)",
                             "weight": fit.regret(np.array(now)), "refit": fit.regret(new)})
                rows.append({"kind": kind, "contracts": label, "feature": "(regret, check seed)",
                             "weight": held.regret(np.array(now)), "refit": held.regret(new)})
        exp.table(pd.DataFrame(rows), "shape")

        fig, ax = plt.subplots(figsize=(11, 4.5))
        tot = regret.groupby(["contract", "policy"], sort=False)["regret"].sum().unstack("policy")
        tot = tot.loc[list(CONTRACTS)]
        x = np.arange(len(tot))
        for i, col in enumerate(tot.columns):
            ax.bar(x + (i - 1) * 0.27, tot[col], 0.27, label=col)
        ax.set_xticks(x, tot.index, rotation=20)
        ax.set_ylabel("regret, points per seat and deal")
        ax.set_title(f"King: one-step regret against the simulation's values ({deals} deals a contract, "
                     f"{SAMPLES} play-outs a card)")
        place_legend(ax)
        add_footer(fig, f"king | {deals} deals a contract (decisions of every seat), {SAMPLES} play-outs a card; "
                        f"policies: the heuristic's own weights, with its shape terms set to 0, and basic | "
                        f"seed {a.seed} | simkit {code_version()}")
        exp.figure(fig, "regret")


if __name__ == "__main__":
    main()
