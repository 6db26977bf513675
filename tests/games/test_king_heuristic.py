"""King's play heuristic on hand-built positions: each rule it follows that the old one
(the ``basic`` policy, kept as a baseline) did not, checked against both; its parameters'
ranges; the baseline unchanged; and the new heuristic against the old over many deals."""
import numpy as np
import pytest

import simkit
from simkit.core.cards import format as format_cards, parse
from simkit.errors import SimkitError

nb = None   # bound by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the kernels when the tests run, not while collecting (importing compiles them)."""
    global nb
    from simkit.games.king import nb


def decide(policy, contract, hand, played="", trick="", seat=0, voids=(), trump=None, namer=None, **params):
    """The card ``policy`` (``"heuristic"`` with ``params``, or ``"basic"``) plays from
    ``hand`` in ``contract``: ``played`` = the cards of the tricks already taken (whole
    tricks), ``trick`` = the cards on the table in play order (``seat`` plays next),
    ``voids`` = (seat, suit) pairs shown out of, ``trump``/``namer`` in a positive deal."""
    from simkit.core.tricks import (NO_TRUMP, S_FOLLOW, S_LEAD_BAN, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS,
                                    S_SEAT, S_SIZE, S_TABLE, S_TRICK, S_TRICK_NO, S_TRICKS, S_TRUMP, S_VOIDS, legal_nb,
                                    mask_of)
    from simkit.games.king.rules import CONTRACTS
    from simkit.games.king.scoring import FOLLOW, LEAD_BAN, TABLES
    c = CONTRACTS.index(contract)
    st = np.zeros(S_SIZE, np.int64)
    st[S_PLAYERS], st[S_TRICKS] = 4, 8
    on_table = [int(x) for x in parse(trick)] if trick else []
    n = len(on_table)
    before = mask_of(played) if played else 0
    assert bin(before).count("1") % 4 == 0
    st[S_TRICK_NO] = bin(before).count("1") // 4
    st[S_PLAYED] = before | (mask_of(trick) if trick else 0)
    st[S_SEAT], st[S_LEADER], st[S_N_IN_TRICK] = seat, (seat - n) % 4, n
    for i, x in enumerate(on_table):
        st[S_TRICK + i] = x
    for j, s in voids:
        st[S_VOIDS] |= 1 << (j * 5 + s)
    st[nb.S_CONTRACT] = c
    st[nb.S_NAMER] = -1 if namer is None else namer
    st[S_TABLE] = NO_TRUMP if trump is None else trump
    st[S_TRUMP] = -1 if trump is None else trump
    st[S_FOLLOW] = FOLLOW[c]
    st[S_LEAD_BAN] = LEAD_BAN[c] if c != nb.PLUS else (-1 if namer == seat else trump)
    tt = TABLES[st[S_TABLE]]
    h = mask_of(hand)
    view = st[S_TRICK:S_TRICK + 8]
    legal = legal_nb(h, view, n, tt, st[S_FOLLOW], st[S_LEAD_BAN], 0)
    if policy == "basic":
        card = nb.basic_play_nb(h, legal, st, view, n, tt)
    else:
        prm = nb.HEURISTIC_PARAMS.copy()
        for k, v in params.items():
            prm[nb.HEURISTIC_SLOTS[k]] = v
        card = nb.heuristic_play_nb(h, legal, st, view, n, tt, prm)
    assert (legal >> card) & 1
    return format_cards([card])


def both(contract, **kw):
    return decide("heuristic", contract, **kw), decide("basic", contract, **kw)


# -- negative deals ----------------------------------------------------------------------------
def test_every_card_over_the_winner_plays_the_one_likely_overtaken():
    """No tricks, second hand on the 7♣ with only clubs above it: the 8♣ (five unseen clubs
    above it, two players to come) rather than the ace, a sure taker."""
    assert both("no_tricks", hand="8C 10C QC AC 7S 9H", played="7D 8D 9D 10D", trick="7C", seat=1) == ("8C", "AC")


def test_void_throws_a_sure_taker_before_a_higher_card():
    """Void in spades: the Q♣, master of clubs (K♣ A♣ gone) and a singleton, goes before the
    K♦ (the A♦ unseen above it, the 8♦ to duck with)."""
    kw = dict(hand="QC KD 8D 7H 9H", played="KC AC 7C 8C QS KS AS 7S", trick="JS", seat=2)
    assert both("no_tricks", **kw) == ("QC", "KD")


def test_void_keeps_the_lowest_unseen_card_of_a_suit():
    """Void in clubs with three cards left: the 10♠ and the 9♦ are the lowest unseen cards
    of their suits (they can never take a trick of it); the 9♥ has the 8♥ still out below
    it. The heuristic throws the 9♥, the old one its highest card, the 10♠."""
    kw = dict(hand="10S 9H 9D", played="7S 8S 9S JS 7C 8C 9C 10C QC KC AC AS 7H 10H 7D 8D AH AD KH KD", trick="JC",
              seat=1)
    for contract in ("no_tricks", "no_boys", "last_two", "king_of_hearts"):
        assert both(contract, **kw) == ("9H", "10S"), contract


def test_leads_from_a_short_suit():
    """No tricks, on lead: the singleton 10♠ (a void to throw on) rather than a card of a
    longer suit with more unseen cards above it."""
    kw = dict(hand="10S 7D 8D 9D 8H 9C", played="AC KC QC JC 10C 7C 8C 9C", seat=0)
    assert both("no_tricks", **kw) == ("10S", "8H")
    assert decide("heuristic", "no_tricks", shape_lead=0.0, **kw) != "10S"


# -- positive deals ----------------------------------------------------------------------------
def test_namer_leads_low_from_long_trumps():
    """The namer with five trumps, none a master, leads the lowest of them (drawing the
    opponents' trumps) rather than cashing his side ace."""
    assert both("plus", hand="7S 8S 9S 10S JS AD 7H 8C", trump=0, namer=0, seat=0) == ("7S", "AD")


def test_leads_from_the_longest_suit_before_a_lone_ace():
    """Not the namer: the low card of his four hearts before his lone A♦ (``length`` 4 a
    card against ``cash`` 2); with ``cash`` high the ace goes first."""
    kw = dict(hand="AD 7H 8H 9H 10H 7S 8C 9C", trump=3, namer=1, seat=0)
    assert both("plus", **kw) == ("7H", "AD")
    assert decide("heuristic", "plus", cash=10.0, length=1.0, **kw) == "AD"


def test_throws_from_a_plain_singleton():
    """Void in trumps on a trump lead: the singleton 9♠ (a void to ruff in), not the lowest
    card, and never the master A♥."""
    assert both("plus", hand="7D 8D 9D 9S QH AH", trick="7C JC", trump=3, namer=0, seat=2) == ("9S", "7D")


# -- parameters, the baseline, strength -------------------------------------------------------------
@pytest.mark.parametrize("spec", ["heuristic:future=5", "heuristic:shape_void=-1", "heuristic:draw=21",
                                  "heuristic:length=nan"])
def test_heuristic_parameters_refuse_values_out_of_range(spec):
    name, value = spec.split(":")[1].split("=")
    with pytest.raises(SimkitError, match=rf"{name}=.*allowed: a finite number in \[0, \d+\]"):
        simkit.simulate("king", 1, policies={"play": spec}, progress=False)


def test_heuristic_defaults_are_the_play_outs_parameters():
    from simkit.games.king.policies import HEURISTIC_RANGES, PLAY
    spec = PLAY.builtins["heuristic"]
    assert set(spec.params) == set(nb.HEURISTIC_DEFAULTS) == set(HEURISTIC_RANGES)
    for name, default in spec.params.items():
        assert default == nb.HEURISTIC_PARAMS[nb.HEURISTIC_SLOTS[name]]
        p = spec.limits[name]
        assert (p.kind, p.minimum, p.maximum) == ("float",) + HEURISTIC_RANGES[name] and p.minimum <= default <= p.maximum


def test_basic_is_the_old_heuristic():
    """The ``basic`` baseline plays as the default heuristic did before the expected-cost
    heuristic: the same statistics, bit for bit, as recorded then (300 parties, seed 11)."""
    res = simkit.simulate("king", 300, policies={"play": "basic"}, seed=11, progress=False)
    net = res.stats["net"]
    assert net[:, 0].tolist() == [300] * 4 and net[:, 1].tolist() == [-517, 423, -226, 320]
    assert net[:, 7].tolist() == [292899, 260431, 274652, 265008]


def test_heuristic_beats_the_old_one():
    """One heuristic seat among three ``basic`` ones over whole parties (every seat deals
    in turn and names trump twice): its net score is positive by 5 standard errors (about
    +10 points a party)."""
    res = simkit.simulate("king", 400, seed=5, progress=False, policies={"play": "heuristic|basic|basic|basic"})
    m = res.metrics["score.seat0"]
    assert m["value"] > 5 * m["stderr"] and m["value"] > 5, m


# -- the simulation's play-outs ----------------------------------------------------------------
def test_play_out_stops_once_every_scoring_card_is_scored():
    """K♥ is the last card of the first trick (seat 0 throws it on a spade lead): the
    play-out scores the trick (16 to seat 3, whose 9♠ wins it) and stops there, the rest
    of the deal scoring nothing; in «не брать взяток» every trick scores, so it plays on."""
    from simkit.core.cards import SPADES
    from simkit.core.trick_play import N_ERR
    from simkit.core.tricks import (MAX_SEATS, NO_TRUMP, S_FOLLOW, S_LEAD_BAN, S_N_IN_TRICK, S_PLAYED, S_SIZE,
                                    S_TRICK, S_TRICK_NO, S_VOIDS, mask_of, start_deal_nb)
    from simkit.core.options import pack
    from simkit.games.king.rules import CONTRACTS, KingRules
    from simkit.games.king.scoring import DEAL_TOTAL, FOLLOW, LEAD_BAN, TABLES

    def play_out(contract):
        c = CONTRACTS.index(contract)
        st = np.zeros(S_SIZE, np.int64)
        start_deal_nb(st, TABLES, NO_TRUMP, 4, 8, 0, 1, -1, 1)
        st[nb.S_CONTRACT], st[nb.S_NAMER] = c, -1
        st[S_FOLLOW], st[S_LEAD_BAN] = FOLLOW[c], LEAD_BAN[c]
        st[nb.S_PREV_PLAYED] = 0
        for i, x in enumerate(parse("7s 8s 9s Kh")):          # seats 1, 2, 3, then 0
            st[S_TRICK + i] = int(x)
        st[S_N_IN_TRICK], st[S_PLAYED] = 4, mask_of("7s 8s 9s Kh")
        st[S_VOIDS] = 1 << (0 * 5 + SPADES)                         # seat 0 showed out of spades
        hands = np.zeros(MAX_SEATS, np.int64)
        for s, h in enumerate(("7h 8h 9h 10h 7d 8d 9d", "10s Js Qs Jh Qh Ah 10d", "Ks As Jd Qd Kd Ad 7c",
                               "8c 9c 10c Jc Qc Kc Ac")):
            hands[s] = mask_of(h)
        opts = pack(KingRules(unit="deal", contract=contract), nb.O)
        nb.rollout_nb(hands, st, TABLES, opts, np.zeros(N_ERR, np.int64))
        return [int(st[nb.S_PTS + s]) for s in range(4)], int(st[S_TRICK_NO]), DEAL_TOTAL[c]

    pts, tricks, total = play_out("king_of_hearts")
    assert pts == [0, 0, 0, 16] and tricks == 1
    pts, tricks, total = play_out("no_tricks")
    assert sum(pts) == total and tricks == 8
