"""Two-hand Marriage's simulation player (:func:`simkit.games.marriage.nb.simulation_play_nb`):
hand-built end positions where the right card is clear, the sampled deals consistent with
what the seat has seen (its cards, the played ones, the partner of a marriage its opponent
declared), and whole deals with it audited and reproducible."""
import numpy as np
import pytest


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global G, nb, T, deck_tables
    from simkit.games.marriage import GAME as G
    from simkit.games.marriage import nb
    from simkit.core import tricks as T
    from simkit.games.marriage.scoring import tables as deck_tables


def position(deck, mine, theirs, led="", trump="H", carry=False, declared=0, stock=""):
    """Seat 0 to play holding ``mine`` against seat 1's ``theirs`` (he has led ``led`` to
    this trick if given, else seat 0 leads); trump ``trump``, the follow rule in force; the
    stock ``stock``; every other card of the ``deck`` played. Returns (state, opts, hand,
    legal)."""
    rules = G.Rules.build({"deck": deck, "carry_over": carry})
    opts = G._opts(rules)
    tables = deck_tables(rules.deck)
    suit = "SHDC".index(trump)
    state = np.zeros(T.S_SIZE, np.int64)
    hand, opp, on_table = T.mask_of(mine), T.mask_of(theirs), T.mask_of(led) if led else 0
    left = bin(T.mask_of(stock)).count("1") if stock else 0
    T.start_deal_nb(state, tables, suit, 2, 5, 0, 1 if led else 0, -1, 1)
    state[T.S_FOLLOW] = nb.follow_flags_nb(suit, 0)
    state[nb.S_DEAL_TRICKS] = deck // 2
    state[T.S_TRICK_NO] = deck // 2 - bin(hand).count("1") - left // 2
    state[T.S_PLAYED] = tables[0, T.TT_DECK] & ~hand & ~opp & ~(T.mask_of(stock) if stock else 0)
    state[nb.S_PREV] = state[T.S_PLAYED] & ~on_table      # counted: the tricks before this one
    state[nb.S_STOCK] = left
    state[nb.S_DECLARED] = declared
    state[nb.S_RNG] = 7
    if led:
        state[T.S_TRICK] = T.lowest_card_nb(on_table)
        state[T.S_N_IN_TRICK] = 1
    trick = state[T.S_TRICK:T.S_TRICK + T.MAX_SEATS]
    legal = T.legal_ref_nb(hand, trick, state[T.S_N_IN_TRICK], tables[suit], state[T.S_FOLLOW], -1, 0)
    return state, opts, hand, legal, tables


def card(text):
    return T.lowest_card_nb(T.mask_of(text))


def test_leads_the_low_card_first_so_the_ace_takes_the_last_trick_with_carry_over():
    # hearts trump and all played; seat 0: AS JD, seat 1: 10S KD. The heuristic leads the top card
    # AS (21 for him, then KD takes JD: 6 + the last trick's 10); JD first loses 6 and AS takes
    # 10S with the last trick's 10: 31 against 6 (002:12 «последняя взятка ... 10 очков»)
    state, opts, hand, legal, tables = position(24, "AS JD", "10S KD", carry=True)
    h = nb.heuristic_play_nb(hand, legal, state, state[T.S_TRICK:T.S_TRICK + 8], tables[1], False)
    assert h == card("AS")
    assert nb.simulation_play_nb(0, hand, legal, state, opts, tables, 1, 0) == card("JD")
    # without carry-over both orders give 21 against 6: the tie keeps the heuristic's card
    state, opts, hand, legal, tables = position(24, "AS JD", "10S KD")
    assert nb.simulation_play_nb(0, hand, legal, state, opts, tables, 1, 0) == card("AS")


def test_follows_with_the_nine_keeping_the_ten_for_the_last_trick():
    # seat 1 leads AS holding JS; seat 0 must follow spades: the 9 now and 10S takes JS (12),
    # or the 10 now (21 to seat 1) and JS takes the 9
    state, opts, hand, legal, tables = position(24, "10S 9S", "JS", led="AS")
    assert legal == T.mask_of("10S 9S")
    assert nb.simulation_play_nb(0, hand, legal, state, opts, tables, 4, 0) == card("9S")


def test_takes_the_points_that_reach_101():
    # seat 0 has 96; seat 1 leads JC (2 points) holding AH; seat 0 holds 10S and QH (trump,
    # hearts): trumping takes 5 and reaches 101, a win; throwing the 10 gives seat 1 this
    # trick and AH the last one
    state, opts, hand, legal, tables = position(24, "10S QH", "AH", led="JC")
    state[nb.S_POINTS] = 96
    assert legal == T.mask_of("QH")                         # must trump (follow suit, else trump)
    state[T.S_FOLLOW] = nb.follow_flags_nb(1, 1)            # follow suit, else any card
    legal = T.mask_of("10S QH")
    assert nb.simulation_play_nb(0, hand, legal, state, opts, tables, 1, 0) == card("QH")


def test_sampled_deals_keep_what_the_seat_has_seen():
    # stock of 6 unseen cards; seat 1 declared clubs and led KC: QC stays known in his hand
    state, opts, hand, legal, tables = position(20, "AS 10S JD AH JC", "QC AD 10D KH", led="KC",
                                                declared=1 << (4 + 3), stock="JS QS KS JH QH 10H")
    from simkit.games.stock import resample_hidden_nb
    pst = np.zeros(4, np.uint64)
    pst[0] = 99
    out = np.zeros(8, np.int64)
    stock = np.zeros(32, np.int64)
    played = state[T.S_PLAYED]
    unseen = tables[0, T.TT_DECK] & ~played & ~hand
    for _ in range(200):
        assert resample_hidden_nb(0, hand, played | hand, T.mask_of("QC"), 4, tables[0, T.TT_DECK], stock[:6], 0,
                                  (out, stock), pst)
        rest = 0
        for c in stock[:6]:
            rest |= 1 << int(c)
        assert out[0] == hand and bin(out[1]).count("1") == 4 and bin(rest).count("1") == 6
        assert out[1] | rest == unseen and out[1] & rest == 0 and out[1] & T.mask_of("QC")
    assert nb.simulation_play_nb(0, hand, legal, state, opts, tables, 3, 0) in T.cards_of(legal)
    # the wrong counts are refused
    assert not resample_hidden_nb(0, hand, played | hand, T.mask_of("QC"), 5, tables[0, T.TT_DECK], stock[:6], 0,
                                  (out, stock), pst)


def test_whole_deals_are_audited_and_reproducible():
    pol = {"play": "simulation:samples=2|heuristic"}
    r = G.Rules.build({"deck": 24, "carry_over": True})
    p = G.resolve_policies(pol)
    a, audit = G._run(r, p, 3, 0, 3, True)
    b, _ = G._run(r, p, 3, 0, 3, False)
    assert audit[0] > 0 and audit[1] == 0
    assert all(np.array_equal(a[k], b[k]) for k in a)
    from simkit.core.cards import deck
    d = G.play_deal(np.random.default_rng(1).permutation(deck(20)), rules={"deck": 20},
                    policies={"play": "heuristic|simulation:samples=3"}, seed=4)
    assert d["audit"]["violations"] == 0 and sum(d["tricks"]) == 10
