"""Shared bid maths (game/games/bidding/bids.py) used by Liar's Dice and Roll Call."""
from math import comb

import pytest

from game.games.bidding.bids import (Bid, BidBelief, Call, bid_chance, bid_text, count_matching,
                               exact_chance, match_chance, pmf_at_least, sum_binomials_pmf, tilt)


def test_texts_and_labels():
    assert bid_text(5, 6) == "5 sixes" and bid_text(1, 2) == "1 two"
    assert Bid(3, 1).label() == "bid 3 ones" and Call().label() == "call"


def test_count_matching_with_and_without_wilds():
    assert count_matching((1, 5, 5, 2), 5) == 3
    assert count_matching((1, 5, 5, 2), 5, wild=None) == 2
    assert count_matching((1, 1, 3), 1) == 2
    assert match_chance(5) == pytest.approx(1 / 3) and match_chance(1) == pytest.approx(1 / 6)
    assert match_chance(5, wild=None) == pytest.approx(1 / 6)


def test_bid_chance_against_brute_force():
    """P(bid true) equals the binomial tail over the unseen dice."""
    own = (5, 1, 2)
    need, n, p = 4 - 2, 4, 1 / 3
    expect = sum(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1))
    assert bid_chance(4, 5, own, 4) == pytest.approx(expect)
    assert bid_chance(2, 5, own, 4) == 1.0
    assert bid_chance(9, 5, own, 4) == 0.0
    assert exact_chance(2, 5, own, 4) == pytest.approx((2 / 3) ** 4)


def test_sum_of_binomials_is_a_distribution_and_merges():
    pmf = sum_binomials_pmf([(3, 0.2), (2, 0.5), (4, 0.2)])
    assert len(pmf) == 10 and sum(pmf) == pytest.approx(1.0)
    mean = sum(k * v for k, v in enumerate(pmf))
    assert mean == pytest.approx(7 * 0.2 + 2 * 0.5)
    assert pmf_at_least(pmf, 0) == 1.0 and pmf_at_least(pmf, 10) == 0.0


def test_belief_raises_the_bidders_chance_only():
    """A bid on a face is evidence the bidder holds it (Bayes: the posterior stays binomial)."""
    belief = BidBelief(lift=2.0)
    base = 1 / 3
    belief.observe(1, 5)
    assert belief.chance(1, 5, base) == pytest.approx(tilt(base, 2.0)) and tilt(base, 2.0) > base
    assert belief.chance(2, 5, base) == base
    belief.observe(1, 1)  # a bid on the wild face helps every face a little
    assert belief.chance(1, 3, base) > base
    before = pmf_at_least(belief.total_pmf(5, {1: 3, 2: 3}, base), 3)
    assert before > pmf_at_least(sum_binomials_pmf([(6, base)]), 3)
    belief.reset()
    assert belief.chance(1, 5, base) == base
