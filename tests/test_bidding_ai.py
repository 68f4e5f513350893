"""Shared bidding-AI machinery: the belief update (checked against brute force),
learning from reveals, sparring partners and the ai-report tool."""
import itertools
import math
import random

import pytest

from game.core.bidding import Bid, count_matching
from game.core.bidspot import BidSpot, TableReader
from game.core.match import Match, Seat
from game.core.ai_report import run_report
from game.core.sim import run_sim

FACES = (1, 2, 3, 4, 5, 6)


def spot(bids, dice=(2, 2), hand=(3, 4), wild=1, fixed=False, round_no=1, reveal=None):
    return BidSpot(me=0, hand=hand, dice=dice, faces=FACES, wild=wild, bids=tuple(bids),
                   round_no=round_no, legal=(), fixed_face=fixed, next_player=1, reveal=reveal)


def brute_force(n, bids_faces, face, wild, w, beta, F=6):
    """Posterior over matches of ``face`` among ``n`` dice by enumerating every
    hand: prior uniform over 6^n hands, each chosen face multiplies by
    w * P_h + (1 - w) / F with P_h = e^(b k) / E[e^(b K)] / F (b = beta/sqrt n),
    every other bid face by w * (1 - P_h(face)) / (F - 1) + (1 - w) / F."""
    b = beta / math.sqrt(n)

    def p_h(f, k):
        p = 1 / 6 if (wild is None or f == wild) else 2 / 6
        mean = sum(math.comb(n, j) * p**j * (1 - p)**(n - j) * math.exp(b * j) for j in range(n + 1))
        return min(0.999, math.exp(b * k) / mean / F)
    post = [0.0] * (n + 1)
    for hand in itertools.product(FACES, repeat=n):
        k = count_matching(hand, face, wild)
        like = 1.0
        for f in bids_faces:
            if f == face:
                like *= w * p_h(face, k) + (1 - w) / F
            elif face not in bids_faces:
                like *= w * (1 - p_h(face, k)) / (F - 1) + (1 - w) / F
        post[k] += like
    z = sum(post)
    return [x / z for x in post]


@pytest.mark.parametrize("bids,face,wild", [
    ([(1, 2, 5)], 5, 1),                 # one bid on fives: fives (and ones) likelier
    ([(1, 2, 5)], 3, 1),                 # ... and threes a little less likely
    ([(1, 2, 5), (0, 3, 5), (1, 4, 6)], 6, 1),  # two faces chosen
    ([(1, 1, 4)], 4, None),              # Palifico opening: no wilds
])
def test_posterior_matches_brute_force(bids, face, wild):
    reader = TableReader(beta=4.0, prior_w=0.6)
    s = spot(bids, wild=wild, fixed=wild is None, dice=(2, 3))
    reader.observe(s)
    got = reader.player_pmf(s, 1, face)
    want = brute_force(3, [f for p, _q, f in bids if p == 1][:1 if wild is None else None], face, wild, 0.6, 4.0)
    assert got == pytest.approx(want, abs=1e-9)


def test_one_die_palifico_opening_is_read_as_likely_true():
    """Palifico: "openers usually hold the face" - a one-die opening on sixes
    makes the opener's die a six far above the 1/6 prior."""
    reader = TableReader()
    s = spot([(1, 1, 6)], dice=(1, 1), hand=(2,), wild=None, fixed=True)
    reader.observe(s)
    assert reader.player_pmf(s, 1, 6)[1] > 0.55
    # ...but later bids in a Palifico round are forced onto the face: no evidence.
    s2 = spot([(1, 1, 6), (0, 2, 6), (1, 3, 6)], dice=(1, 1, 1), hand=(2,), wild=None, fixed=True)
    reader2 = TableReader()
    reader2.observe(s2)
    assert reader2.player_pmf(s2, 2, 6) == pytest.approx([5 / 6, 1 / 6])


def test_reveals_teach_who_bluffs():
    """A player caught bidding faces they never hold loses the reader's trust;
    one who always holds the face gains it."""
    reader = TableReader()
    w0 = reader.model(1).w
    for r in range(1, 6):
        s = spot([(1, 2, 5), (0, 3, 5)], round_no=r,
                 reveal=(r - 1, ((3, 4), (2, 3)), 1, (0, 3, 5)) if r > 1 else None)
        reader.observe(s)
    bluffer = reader.model(1).w
    honest_reader = TableReader()
    for r in range(1, 6):
        s = spot([(1, 2, 5), (0, 3, 5)], round_no=r,
                 reveal=(r - 1, ((3, 4), (5, 5)), 1, (0, 3, 5)) if r > 1 else None)
        honest_reader.observe(s)
    assert bluffer < w0 - 0.15 < w0 + 0.15 < honest_reader.model(1).w


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
@pytest.mark.parametrize("style", ["reader", "bluffer", "caller", "binomial"])
def test_sparring_partners_play_legal_games(game, style):
    for seed in range(3):
        match = Match(game, [Seat("A", "ai", style), Seat("B", "ai", "hard"), Seat("C", "ai", style)], seed=seed)
        match.play_out()
        assert match.is_over


def test_sparring_styles_differ():
    """The caller calls far more readily than the bluffer."""
    rep_c = run_report("liars-dice", "caller", ["normal"], 30, seed=3)
    rep_b = run_report("liars-dice", "bluffer", ["normal"], 30, seed=3)
    calls_c = len(rep_c.calib["call"]) / max(1, len(rep_c.held))
    calls_b = len(rep_b.calib["call"]) / max(1, len(rep_b.held))
    assert calls_c > 2 * calls_b
    # the bluffer's bids hold barely more of the face than no information
    assert rep_b.to_json()["honesty"]["excess"] < rep_c.to_json()["honesty"]["excess"]


def test_ai_report_records_decisions():
    rep = run_report("liars-dice", "hard", ["reader"], 12, seed=5).to_json()
    assert rep["honesty"]["bids"] > 20 and rep["decision_ms"]["n"] > 20
    assert sum(r["n"] for r in rep["calibration"]["call"]) + sum(r["n"] for r in rep["calibration"]["jinto"]) >= 10
    rc = run_report("roll-call", "hard", ["caller", "caller"], 6, seed=5).to_json()
    assert rc["honesty"]["bids"] > 10


@pytest.mark.parametrize("game", ["liars-dice"])
def test_hard_beats_sparring_small(game):
    """A short seeded check (loose bound; the full figures: README AI strength)."""
    for style in ("reader", "bluffer"):
        res = run_sim(game, ["hard", style], 60, seed=21)
        assert res.by_level["hard"].win_rate > 0.4, style
