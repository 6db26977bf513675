"""Thousand: how many points does a hand take as declarer, and how well do its features tell?

The heuristic bidder's value model (:func:`simkit.games.thousand.heuristic.hand_value_nb`)
weighs a hand's features (aces, tens, marriages and whether an ace gives a lead to declare
them from, the best marriage's suit, halves of marriages, lengths, voids) with one set of
weights per version (1001, 1000 (2)) and per moment (the seven cards before the widow, the
eight after it). This script measures what it approximates and refits the weights: on
random deals the first active seat is made declarer, and the mean points he takes (cards
and marriages) over ``--samples`` play-outs with the default play for every seat
(:func:`simkit.games.thousand.simulation.rollout_value_nb`, the simulation bidder's
play-outs) is measured before the widow (others' hands and the widow sampled) and after it
(his eight cards once the default play kept and gave the widow; the opponents' cards
sampled). Least squares on three quarters of the deals, the residual on the quarter held
out; the same for the weights simkit ships (``VALUE_MODELS``) and for the counted value
(:func:`~simkit.games.thousand.heuristic.estimate_nb`, plus 15 or 5 for the widow before
it), the default before the value model.

``--hands`` counts play-outs per version and moment: deals = hands / samples.

    python experiments/thousand_value_model.py [--hands PLAYOUTS] [--samples S] [--seed S] [--force]
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from numba import njit  # noqa: E402

from simkit.core.cards import deck  # noqa: E402
from simkit.core.trick_game import deal_core_nb  # noqa: E402
from simkit.core.trick_play import R_PLAY, SeatPolicies, no_after_trick_cb, no_choose_cb  # noqa: E402
from simkit.core.tricks import MAX_SEATS, NO_TRUMP, S_SIZE, deal_round_nb, start_deal_nb  # noqa: E402
from simkit.experiment import Experiment  # noqa: E402
from simkit.reports.figcheck import place_legend  # noqa: E402
from simkit.provenance import code_version  # noqa: E402
from simkit.games.thousand import GAME, layout as L  # noqa: E402
from simkit.games.thousand.heuristic import (FEATURE_NAMES, N_FEATURES, VALUE_MODELS, estimate_nb,  # noqa: E402
                                             hand_features_nb)
from simkit.games.thousand.nb import WIDOW_GAIN, no_user_bid_nb, no_user_play_nb  # noqa: E402
from simkit.games.thousand.play import TRICKS, widow_nb  # noqa: E402
from simkit.games.thousand.scoring import HAND, TABLES  # noqa: E402
from simkit.games.thousand.simulation import SIM_DRAW, SIM_TRUMP_WEIGHT, rollout_value_nb  # noqa: E402

VERSIONS = ("1001", "1000-2")
MOMENTS = ("before the widow", "after it")


@njit(cache=True)
def collect_nb(orders, seed, samples, inp, fns, hands_out, value_out, feats_out, counted_out):
    """For each card order: active seat 0's hand before and after the widow (the default
    play keeping and giving), the mean points he takes as declarer over ``samples``
    play-outs from each, their features and counted values (``inp``: the game's inputs,
    ``fns``: its hooks; randomness from unit 0's policy stream of ``seed``)."""
    opts, tables = inp.opts, inp.tables
    heur = SeatPolicies(np.full((2, 3), L.PLAY_HEURISTIC, np.int64), np.zeros((2, 3, L.N_BID_PARAMS), np.float64),
                        np.zeros(3, np.int64))
    for s in range(3):
        heur.params[R_PLAY, s, L.P_TRUMP_WEIGHT] = SIM_TRUMP_WEIGHT
        heur.params[R_PLAY, s, L.P_DRAW] = SIM_DRAW
    state = np.zeros(S_SIZE, np.int64)
    rec = np.zeros(L.N_REC, np.int64)
    ctx = L.ThousandCtx(*(deal_core_nb(inp, orders[0], seed, state) + (
        heur, rec, np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(3, np.int64),
        np.zeros(1, np.int64), np.zeros(0, np.int64), False, np.zeros(L.H.size, np.int64))))
    hands = ctx.hands
    given = np.zeros(2, np.int64)
    for i in range(orders.shape[0]):
        order = orders[i]
        deal_round_nb(order, 3, HAND, 2, hands)
        widow = 0
        for k in range(3 * HAND, 3 * HAND + 3):
            widow |= np.int64(1) << np.int64(order[k])
        start_deal_nb(state, tables, NO_TRUMP, 3, TRICKS, 2, 0, -1, 1)
        state[L.S_STEP] = opts[L.O.step]
        state[L.S_OPENING] = opts[L.O.opening]
        state[L.S_GIVEN] = 0
        given[0] = 0
        given[1] = 0
        hands_out[i, 0] = hands[0]
        value_out[i, 0] = rollout_value_nb(0, hands[0], given, True, samples, ctx, fns)
        state[L.S_WIDOW] = widow
        widow_nb(0, widow, ctx, fns)
        given[0] = rec[L.R_GIVEN]
        given[1] = rec[L.R_GIVEN + 1]
        hands_out[i, 1] = hands[0]
        value_out[i, 1] = rollout_value_nb(0, hands[0], given, False, samples, ctx, fns)
        for m in range(2):
            hand_features_nb(hands_out[i, m], feats_out[m, i])
            counted_out[i, m] = estimate_nb(hands_out[i, m])


def main():
    exp = Experiment("thousand_value_model", "Thousand: the declarer's points against the hand's features",
                     default_hands=2_500_000)
    a = exp.parse(extra=lambda p: p.add_argument("--samples", default=100, type=int,
                                                 help="play-outs per hand and moment (default 100)"))
    samples = max(1, a.samples)
    deals = max(40, a.hands // samples)
    fits, coefs, panels = [], {}, []
    with exp.output({"hands": a.hands, "seed": a.seed, "samples": samples}):
        for vi, version in enumerate(VERSIONS):
            rules = GAME.Rules.build({"version": version})
            rng = np.random.default_rng([a.seed, vi])
            orders = np.array([rng.permutation(deck(24)) for _ in range(deals)], np.uint8)
            hands = np.zeros((deals, 2), np.int64)
            values = np.zeros((deals, 2))
            feats = np.zeros((2, deals, N_FEATURES))
            counted = np.zeros((deals, 2))
            seats = GAME.seat_policies(GAME.resolve_policies(None), 3)[0]
            inp = GAME.inputs(deck(24), GAME._opts(rules), TABLES, seats)
            collect_nb(orders, a.seed + vi, samples, inp, (no_choose_cb, no_after_trick_cb, no_user_play_nb,
                                                           no_user_bid_nb), hands, values, feats, counted)
            train = np.arange(deals) % 4 != 0
            for m, moment in enumerate(MOMENTS):
                X, y = feats[m], values[:, m]
                w, *_ = np.linalg.lstsq(X[train], y[train], rcond=None)
                held = y[~train] - X[~train] @ w
                shipped = y[~train] - X[~train] @ VALUE_MODELS[2 * vi + m]
                cv = counted[~train, m] + (WIDOW_GAIN[vi] if m == 0 else 0.0)
                w_all, *_ = np.linalg.lstsq(X, y, rcond=None)
                coefs[f"{version}, {moment}"] = w_all
                fits.append({"version": version, "moment": moment, "deals": deals, "samples": samples,
                             "mean_points": y.mean(), "sd_points": y.std(),
                             "refit_resid_sd": held.std(), "refit_r2": 1 - held.var() / y[~train].var(),
                             "shipped_resid_sd": shipped.std(), "shipped_mean_error": shipped.mean(),
                             "counted_resid_sd": (y[~train] - cv).std(), "counted_mean_error": (y[~train] - cv).mean()})
                panels.append((f"{version}, {moment}", y, X @ VALUE_MODELS[2 * vi + m],
                                counted[:, m] + (WIDOW_GAIN[vi] if m == 0 else 0.0)))
        fit = pd.DataFrame(fits)
        exp.table(fit, "fit")
        weights = pd.DataFrame(coefs, index=list(FEATURE_NAMES)).reset_index(names="feature")
        exp.table(weights, "weights")

        fig, axes = plt.subplots(1, 4, figsize=(16, 4.2), sharey=True)
        for ax, (title, y, model, cv) in zip(axes, panels):
            ax.scatter(cv, y, s=3, alpha=0.25, color="0.6", label="counted value")
            ax.scatter(model, y, s=3, alpha=0.35, label="value model (shipped)")
            lo, hi = 0, max(260, float(y.max()))
            ax.plot([lo, hi], [lo, hi], color="k", lw=0.8)
            ax.set_xlabel("value (points)")
            ax.set_title(title, fontsize=10)
        axes[0].set_ylabel("mean points taken in play-outs")
        place_legend(axes[0], fontsize=7, markerscale=3)
        fig.suptitle("Thousand: the declarer's points against the hand's value")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.text(0.01, 0.005, f"thousand | {deals:,} random deals per version, {samples} play-outs per hand and "
                              f"moment, default play | seed {a.seed} | simkit {code_version()}",
                 fontsize=7, color="0.35")
        exp.figure(fig, "value_model")
        plt.close("all")
        with pd.option_context("display.width", 200):
            print(fit.round(3).to_string(index=False))
            print(weights.round(2).to_string(index=False))


if __name__ == "__main__":
    main()
