"""The trick-taking core on hand-built tricks, one piece at a time, for the rank orders,
trumps and obligations of every trick game in GAMES.md."""
import numpy as np
import pytest
from numba import njit

from simkit.core import tricks as T
from simkit.core.cards import (CLUBS, DIAMONDS, HEARTS, RANK_6, RANK_7, RANK_8, RANK_9, RANK_10, RANK_A,
                               RANK_J, RANK_K, RANK_Q, SPADES, code, parse, rank_table)
from simkit.core.rng import new_state, seed_stream_nb, shuffle_nb
from simkit.errors import SimkitError

STD = T.standard_tables(52)


def m(text):
    return T.mask_of(text)


def trick(text):
    cards = parse(text).astype(np.int64)
    out = np.full(T.MAX_SEATS, -1, np.int64)
    out[:len(cards)] = cards
    return out, len(cards)


def legal(hand, played, tt, follow, lead_ban=-1, broken=False):
    tr, n = trick(played) if played else (np.full(T.MAX_SEATS, -1, np.int64), 0)
    got = T.legal_nb(m(hand), tr, n, tt, follow, lead_ban, broken)
    ref = T.legal_ref_nb(m(hand), tr, n, tt, follow, lead_ban, broken)
    assert got == ref, "the fast and the reference legal sets differ"
    return got


def winner(played, tt):
    tr, n = trick(played)
    return T.trick_winner_nb(tr, n, tt)


# -- tables for the other trick games (as they will build them) ---------------------------
def kozel_tables():
    """Kozel (G11): 32 cards, jacks permanent trumps J♣ > J♠ > J♥ > J♦, A 10 K Q 9 8 7."""
    plain = rank_table([RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A])
    perm = np.full(64, -1)
    for k, s in enumerate((DIAMONDS, HEARTS, SPADES, CLUBS)):
        perm[code(RANK_J, s)] = k
    return T.trick_tables(plain, perm_order=perm)


def kerosinka_tables(perm_rank_follow=True):
    """Kerosinka (G17): 36 cards, A 10 K Q J 9 8 7 6, 10♥ above every trump."""
    plain = rank_table([RANK_6, RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A])
    perm = np.full(64, -1)
    perm[code(RANK_10, HEARTS)] = 0
    return T.trick_tables(plain, perm_order=perm, perm_rank_follow=perm_rank_follow)


def klaberjass_tables():
    """Klaberjass (G10): trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7."""
    plain = rank_table([RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A])
    trump = rank_table([RANK_7, RANK_8, RANK_Q, RANK_K, RANK_10, RANK_A, RANK_9, RANK_J])
    return T.trick_tables(plain, trump)


def semerik_tables():
    """Semerik (G01): 40 cards, 3 2 A K Q J 7 6 5 4 (high to low)."""
    from simkit.core.cards import RANK_2, RANK_3, RANK_4, RANK_5

    return T.trick_tables(rank_table([RANK_4, RANK_5, RANK_6, RANK_7, RANK_J, RANK_Q, RANK_K, RANK_A,
                                      RANK_2, RANK_3]))


# -- bit helpers ------------------------------------------------------------------------------
def test_masks_and_bit_scans():
    hand = m("2S AH 10D KC")
    assert T.popcount_nb(hand) == 4
    assert list(T.cards_of(hand)) == sorted(parse("2S AH 10D KC"))
    assert T.lowest_card_nb(hand) == code(0, SPADES)
    assert [T.nth_card_nb(hand, k) for k in range(4)] == sorted(parse("2S AH 10D KC"))
    for c in range(63):
        assert T.lowest_card_nb(np.int64(1) << c) == c
        assert T.popcount_nb((np.int64(1) << c) - 1) == c
    with pytest.raises(SimkitError, match="twice"):
        T.mask_of("AS AS")


def test_random_card_is_uniform():
    hand = m("2S 7H QD KC AS")
    st = new_state()
    seed_stream_nb(st, 5, 0)
    n = 20_000
    counts = {c: 0 for c in T.cards_of(hand)}
    for _ in range(n):
        counts[T.random_card_nb(hand, st)] += 1
    p = 1 / 5
    se = np.sqrt(p * (1 - p) / n)
    for c, k in counts.items():
        assert abs(k / n - p) < 4 * se, (c, k)


def test_strongest_weakest_and_higher():
    tt = STD[HEARTS]
    assert T.strongest_nb(m("AS 2H KD"), tt) == code(0, HEARTS)       # any trump beats a plain ace
    assert T.weakest_nb(m("AS 2H KD"), tt) == code(RANK_K, DIAMONDS)
    assert T.higher_in_suit_nb(code(RANK_Q, SPADES), tt) == m("KS AS")


# -- the trick winner -------------------------------------------------------------------------
def test_winner_plain_and_trump():
    nt = STD[T.NO_TRUMP]
    assert winner("10S AH 2S KS", nt) == 3            # highest of the suit led; the ace of hearts is off-suit
    assert winner("10S AH 2S KS", STD[HEARTS]) == 1   # a trump beats the suit led
    assert winner("10S 2H 3H KS", STD[HEARTS]) == 2   # highest trump
    assert winner("3C 2C", nt) == 0


def test_winner_kozel_jacks():
    tt = kozel_tables()[DIAMONDS]
    assert winner("AD JD", tt) == 1                   # the lowest jack beats the trump ace
    assert winner("JH JD JC JS", tt) == 2             # J♣ > J♠ > J♥ > J♦
    assert winner("AH JH", tt) == 1                   # J♥ is a trump, not a heart
    assert winner("10S AS 7D", tt) == 2               # any trump beats the suit led
    assert winner("10S AS 9S", tt) == 1               # A > 10 in plain suits


def test_winner_kerosinka_ten_of_hearts():
    tabs = kerosinka_tables()
    tt = tabs[SPADES]
    assert winner("AS 10H", tt) == 1                  # 10♥ is above all trumps
    assert winner("9S 9D 6S", tt) == 0                # same-rank cards of other suits cannot win
    assert winner("AH 10H KH", tabs[CLUBS]) == 1      # 10♥ is not a heart but a trump
    assert winner("AH KH 6C", tabs[CLUBS]) == 2
    # turned 10♥ with option "no plain trump suit": 10♥ is the only trump
    assert winner("AS 7C 10H", tabs[T.NO_TRUMP]) == 2
    assert winner("AS 7C KS", tabs[T.NO_TRUMP]) == 0


def test_winner_klaberjass_and_semerik_orders():
    tt = klaberjass_tables()[CLUBS]
    assert winner("AC 9C", tt) == 1                   # menel beats the trump ace
    assert winner("9C JC", tt) == 1                   # jass is the top trump
    assert winner("9S JS", tt) == 1                   # plain: J > 9
    assert winner("JS AS", tt) == 1                   # plain: A > J
    sem = semerik_tables()[T.NO_TRUMP]
    assert winner("AS 2S 3S KS", sem) == 2            # 3 > 2 > A > K
    assert winner("4S 3H", sem) == 0


def test_changing_trump_table():
    """A marriage that changes trumps just selects another table (Marriage, 1000)."""
    tabs = STD
    assert winner("AS 2C", tabs[T.NO_TRUMP]) == 0
    assert winner("AS 2C", tabs[CLUBS]) == 1
    assert winner("AS 2C", tabs[SPADES]) == 0


# -- follow obligations -------------------------------------------------------------------------
def test_follow_suit_else_any():
    tt = STD[HEARTS]
    assert legal("AS 2S KD 3H", "10S", tt, T.F_SUIT) == m("AS 2S")
    assert legal("KD 3H 4C", "10S", tt, T.F_SUIT) == m("KD 3H 4C")   # void: any card (Oh Hell, Spades)
    assert legal("AS 2S KD", "10S", tt, 0) == m("AS 2S KD")           # no obligation (Marriage before trumps)


def test_must_trump_and_overtrump():
    tt = STD[HEARTS]
    f = T.F_SUIT | T.F_TRUMP
    assert legal("KD 3H 4C", "10S", tt, f) == m("3H")
    assert legal("KD 4C", "10S", tt, f) == m("KD 4C")                  # no trump: any card
    assert legal("3H QH 4C", "10S 5H", tt, f) == m("3H QH")            # overtrumping not required
    fo = f | T.F_OVERTRUMP
    assert legal("3H QH 4C", "10S 5H", tt, fo) == m("QH")
    assert legal("3H 4H 4C", "10S 5H", tt, fo) == m("3H 4H")           # cannot overtrump: any trump
    assert legal("3H QH 4C", "10S 2S", tt, fo) == m("3H QH")           # no trump in the trick yet


def test_head_the_trick():
    tt = STD[CLUBS]
    fh = T.F_SUIT | T.F_TRUMP | T.F_HEAD                               # 1000 (2)
    assert legal("9S KS 2D", "10S", tt, fh) == m("KS")
    assert legal("9S 8S 2D", "10S", tt, fh) == m("9S 8S")              # cannot head: any of the suit
    assert legal("9S KS 2D", "10S 2C", tt, fh) == m("9S KS")           # trumped: no heading
    kl = klaberjass_tables()[CLUBS]
    fk = T.F_SUIT | T.F_TRUMP | T.F_HEAD_TRUMP                         # Klaberjass
    assert legal("JC 7C AS", "9C", kl, fk) == m("JC")                  # on a trump lead beat the menel
    assert legal("QC 7C AS", "9C", kl, fk) == m("QC 7C")
    assert legal("KS 7S AD", "10S", kl, fk) == m("KS 7S")              # plain lead: no heading


def test_kozel_jacks_follow_trump_not_their_suit():
    tt = kozel_tables()[DIAMONDS]
    f = T.F_SUIT | T.F_TRUMP
    assert legal("JH 7S", "AH", tt, f) == m("JH")                      # void in hearts: trump with J♥
    assert legal("JH 7H 7S", "AH", tt, f) == m("7H")                   # J♥ may not follow hearts
    assert legal("JH 7D 7S", "JC", tt, f) == m("JH 7D")                # a jack lead is a trump lead


def test_kerosinka_rank_first():
    tabs = kerosinka_tables()
    tt = tabs[CLUBS]
    f = T.F_RANK | T.F_SUIT | T.F_TRUMP
    assert legal("9D AS 7C", "9S", tt, f) == m("9D")                   # same rank before the suit
    assert legal("KD AS 7C", "9S", tt, f) == m("AS")                   # then the suit
    assert legal("KD 7C 8C", "9S", tt, f) == m("7C 8C")                # then a trump
    assert legal("KD QH", "9S", tt, f) == m("KD QH")                   # then anything
    assert legal("10S 7C KD", "10H", tt, f) == m("10S")                # on 10♥ a ten
    assert legal("9S 7C KD", "10H", tt, f) == m("7C")                  # else a trump
    assert legal("10H 9D KS", "10S", tt, f) == m("10H")                # 10♥ follows as a ten
    strict = kerosinka_tables(perm_rank_follow=False)[CLUBS]
    assert legal("10H 9D KS", "10S", strict, f) == m("KS")             # option: 10♥ only as a trump
    assert legal("10S 7C KD", "10H", strict, f) == m("7C")


def test_king_forced_heart_king():
    plain = rank_table(range(RANK_7, 13))
    tt = T.trick_tables(plain, forced=[code(RANK_K, HEARTS)])[T.NO_TRUMP]
    f = T.F_SUIT | T.F_FORCED
    assert legal("KH 7C 8D", "AS", tt, f) == m("KH")                   # void: the K♥ at once
    assert legal("KH 7S 8D", "AS", tt, f) == m("7S")                   # following suit comes first
    assert legal("KH 7H", "AH", tt, f) == m("KH 7H")                   # on a heart lead any heart


# -- lead restrictions -----------------------------------------------------------------------
def test_spades_not_led_until_broken():
    tt = STD[SPADES]
    assert legal("AS 2S KD", "", tt, T.F_SUIT, SPADES, False) == m("KD")
    assert legal("AS 2S KD", "", tt, T.F_SUIT, SPADES, True) == m("AS 2S KD")
    assert legal("AS 2S", "", tt, T.F_SUIT, SPADES, False) == m("AS 2S")   # only spades: may lead them
    assert legal("AS 2S KD", "", tt, T.F_SUIT, -1, False) == m("AS 2S KD")


def test_fast_and_reference_legal_sets_agree_everywhere():
    """Every flag combination, several games' tables, random hands and tricks."""
    rng = np.random.default_rng(1)
    games = [STD, kozel_tables(), kerosinka_tables(), klaberjass_tables(), semerik_tables(),
             T.trick_tables(rank_table(range(RANK_7, 13)), forced=[code(RANK_K, HEARTS)])]
    checked = 0
    for tabs in games:
        deck = T.cards_of(tabs[0, T.TT_DECK]).astype(np.int64)
        for t in range(5):
            tt = tabs[t]
            for _ in range(40):
                cards = rng.permutation(deck)
                n = int(rng.integers(0, 4))
                tr = np.full(T.MAX_SEATS, -1, np.int64)
                tr[:n] = cards[:n]
                hand = T.mask_of(cards[n:n + int(rng.integers(1, 9))])
                for follow in range(128):
                    for ban in (-1, SPADES, HEARTS):
                        for broken in (False, True):
                            a = T.legal_nb(hand, tr, n, tt, follow, ban, broken)
                            b = T.legal_ref_nb(hand, tr, n, tt, follow, ban, broken)
                            assert a == b, (t, follow, ban, broken, T.cards_of(hand), tr[:n])
                            assert a & ~hand == 0 and a != 0
                            checked += 1
    assert checked > 100_000


# -- card points and the table state ---------------------------------------------------------
def test_trick_points():
    pts = np.zeros(64, np.int64)
    for r, v in ((RANK_A, 11), (RANK_10, 10), (RANK_K, 4), (RANK_Q, 3), (RANK_J, 2)):
        for s in range(4):
            pts[code(r, s)] = v
    tr, n = trick("AS 10H 7C JD")
    assert T.trick_points_nb(tr, n, pts) == 23


def test_state_add_and_close_trick():
    st = np.zeros(T.S_SIZE, np.int64)
    tt = STD[HEARTS]
    T.start_deal_nb(st, 4, 2, 3, 0, HEARTS, code(5, HEARTS), 2)
    hands = np.array([m("AS KD"), m("2S 3C"), m("QD 2H"), m("5S 4H")], np.int64)
    for seat, card in ((0, "AS"), (1, "2S"), (2, "2H"), (3, "5S")):
        assert st[T.S_SEAT] == seat
        T.add_card_nb(st, hands, seat, parse(card)[0], tt, SPADES)
    assert st[T.S_BROKEN] == 1
    assert st[T.S_VOIDS] == 1 << (2 * 5 + SPADES)            # seat 2 showed out of spades
    assert st[T.S_PLAYED] == m("AS 2S 2H 5S")
    assert T.close_trick_nb(st, st[T.S_TRICK:T.S_TRICK + T.MAX_SEATS], tt) == 2                        # the trump wins
    assert st[T.S_WON + 2] == 1 and st[T.S_LEADER] == 2 and st[T.S_SEAT] == 2
    assert st[T.S_TRICK_NO] == 1 and st[T.S_N_IN_TRICK] == 0
    assert (st[T.S_TRICK:T.S_TRICK + T.MAX_SEATS] == -1).all()
    assert list(hands) == [m("KD"), m("3C"), m("QD"), m("4H")]


def test_deal_hidden_gives_every_other_seat_k_unseen_cards():
    tt = STD[HEARTS]
    mine = m("AS KD 2H")
    pool = T.card_pool_nb(tt[T.TT_DECK] & ~mine)
    assert len(pool) == 49 and list(pool) == sorted(pool)
    state = np.zeros(4, np.uint64)
    seed_stream_nb(state, 1, 0)
    out = np.zeros(T.MAX_SEATS, np.int64)
    seen = np.zeros(64, np.int64)
    for _ in range(2000):
        T.deal_hidden_nb(pool, 1, mine, 4, 3, out, state)
        assert out[1] == mine
        others = [int(out[s]) for s in (0, 2, 3)]
        assert all(T.popcount_nb(h) == 3 for h in others)
        assert others[0] & others[1] == 0 and others[0] & others[2] == 0 and others[1] & others[2] == 0
        assert (others[0] | others[1] | others[2]) & mine == 0
        union = others[0] | others[1] | others[2]
        for c in range(64):
            seen[c] += (union >> c) & 1
    # uniform over the unseen cards: 9 of 49 dealt each time, 2000 * 9 / 49 = 367 +- 17 each
    counts = seen[pool]
    assert counts.min() > 367 - 5 * 17 and counts.max() < 367 + 5 * 17
    assert counts.sum() == seen.sum() == 2000 * 9


def test_bad_tables_and_flags_are_refused():
    with pytest.raises(SimkitError, match="64"):
        T.trick_tables(np.zeros(10))
    with pytest.raises(SimkitError, match="agree"):
        T.trick_tables(rank_table(range(13)), rank_table(range(RANK_7, 13)))
    with pytest.raises(SimkitError, match="follow"):
        T.check_flags(500)
    with pytest.raises(SimkitError, match="lead_ban"):
        T.check_flags(1, 7)
    T.check_flags(T.F_SUIT | T.F_TRUMP, SPADES)


# -- dealing and bidding estimates ------------------------------------------------------------
def test_deal_round_one_at_a_time_from_the_dealers_left():
    hands = np.zeros(T.MAX_SEATS, np.int64)
    order = parse("2S 3S 4S 5S 6S 7S 8S")
    assert T.deal_round_nb(order, 3, 2, 1, hands) == code(6, SPADES)     # 8S is next (the turn-up)
    assert list(hands[:3]) == [m("3S 6S"), m("4S 7S"), m("2S 5S")]      # dealer 1: seat 2 first
    assert T.deal_round_nb(order[:6], 3, 2, 0, hands) == -1


def test_round_bid_avoids_the_forbidden_value():
    assert T.round_bid_nb(1.49, 5, -1) == 1 and T.round_bid_nb(1.5, 5, -1) == 2
    assert T.round_bid_nb(-2.0, 5, -1) == 0 and T.round_bid_nb(9.0, 5, -1) == 5
    assert T.round_bid_nb(2.2, 5, 2) == 3 and T.round_bid_nb(1.8, 5, 2) == 1
    assert T.round_bid_nb(0.1, 5, 0) == 1 and T.round_bid_nb(5.0, 5, 5) == 4


@pytest.mark.parametrize("k,trump", [(2, False), (2, True), (3, True)])
def test_mean_strength_is_the_mean_over_every_hand(k, trump):
    """The normaliser is exact: the mean unscaled strength over every k-card hand of the
    cards not shown, each hand judged as its holder judges it."""
    import itertools

    players, honor, trump_low = 4, 0.5, 0.25
    turnup = code(RANK_K, HEARTS) if trump else -1
    tt = STD[HEARTS if trump else T.NO_TRUMP]
    t = HEARTS if trump else -1
    deck = int(tt[T.TT_DECK])
    pool = deck & ~(1 << turnup) if trump else deck
    cards = [c for c in range(52) if pool >> c & 1]
    n_unseen = len(cards) - k
    total, count = 0.0, 0
    for hand in itertools.combinations(cards, k):
        seen = sum(1 << c for c in hand) | (1 << turnup if trump else 0)
        total += sum(T.card_win_nb(c, seen, deck & ~seen, n_unseen, k, players, t, tt, honor, trump_low)
                     for c in hand)
        count += 1
    want = total / count
    assert T.mean_strength_nb(pool, n_unseen, k, players, t, tt, honor, trump_low) == pytest.approx(want, rel=1e-12)


@njit(cache=True)
def _table_totals_nb(tables, players, k, trump, honor, trump_low, seed, out):
    """The table's total bid estimate (norm 1) over random deals, dealer 0."""
    st = np.zeros(4, np.uint64)
    state = np.zeros(T.S_SIZE, np.int64)
    hands = np.zeros(T.MAX_SEATS, np.int64)
    order = np.arange(52).astype(np.uint8)
    for d in range(out.shape[0]):
        seed_stream_nb(st, seed, d)
        order[:] = np.arange(52).astype(np.uint8)
        shuffle_nb(order, st)
        turnup = T.deal_round_nb(order, players, k, 0, hands)
        if not trump:
            turnup = -1
        tt = tables[turnup & 3 if turnup >= 0 else T.NO_TRUMP]
        T.start_deal_nb(state, players, k, 0, 1, tt[T.TT_TRUMP], turnup, 1)
        s = 0.0
        for p in range(players):
            s += T.strength_nb(hands[p], state, tt, honor, trump_low, 1.0)
        out[d] = s


@pytest.mark.parametrize("players,honor,trump_low", [(4, 0.5, 0.25), (3, 0.5, 0.25), (6, 0.3, 0.5)])
def test_the_bidders_table_total_is_the_tricks_there_are(players, honor, trump_low):
    """Calibration: over random deals the table's total of the scaled strengths (norm 1)
    matches the k tricks of every deal size, with a trump (the turned card's suit) and
    without, within four standard errors of the mean."""
    for k in range(1, 52 // players + 1):
        for trump in (False, True):
            if trump and players * k == 52:
                continue                                  # no card is left to turn up
            out = np.zeros(1000)
            _table_totals_nb(STD, players, k, trump, honor, trump_low, 17 + k, out)
            se = out.std(ddof=1) / np.sqrt(len(out))
            assert abs(out.mean() - k) < 4 * se + 1e-9, (players, k, trump, out.mean(), se)


def test_strength_formula_without_trumps():
    """No trump, norm 0: each card counts (1 - q (1 - honor))^h, q = (P-1)k / unseen."""
    st = np.zeros(T.S_SIZE, np.int64)
    T.start_deal_nb(st, 4, 2, 0, 1, -1, -1, 2)
    hand = m("AS QH")
    q = 3 * 2 / 50
    for honor in (0.0, 0.5):
        want = 1.0 + (1 - q * (1 - honor)) ** 2      # the ace is sure; the queen has K and A above it
        assert T.strength_nb(hand, st, STD[T.NO_TRUMP], honor, 0.25, 0.0) == pytest.approx(want)
    st[T.S_TRUMP] = HEARTS
    st[T.S_TURNUP] = code(RANK_K, HEARTS)             # the turned KH is seen: only the ace is above QH
    q = 3 * 2 / 49
    top = 1 - q * 0.5
    want_q = top + (1 - top) * 0.25
    got = T.strength_nb(hand, st, STD[HEARTS], 0.5, 0.25, 0.0)
    assert got > want_q                               # the AS counts too, less the chance of a ruff
    assert got - want_q < 1.0
