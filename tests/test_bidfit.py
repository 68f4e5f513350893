"""The bid reader's population prior (game/games/bidding/fit.py, _fit.json)."""
from __future__ import annotations

import math
import random

import pytest

from game.dev import fit_bid_reader
from game.games.bidding import fit as bidfit
from game.games.bidding.spot import BidSpot
from game.games.liars_dice import ai as liars_ai
from game.games.liars_dice.rules import FACES, WILD


@pytest.mark.parametrize("game", bidfit.GAMES)
def test_shipped_fit_is_loaded_and_in_bounds(game):
    params = bidfit.fitted_params(game)
    assert set(params) == set(bidfit.PARAMS)
    for name, value in params.items():
        lo, hi = bidfit.BOUNDS[name]
        assert lo <= value <= hi, name
    assert params != bidfit.START, "the shipped file should hold a fit, not the starting point"
    reader = bidfit.fitted_reader(game)
    assert reader.beta == params["beta"] and reader.q_offset == params["q_offset"]


def test_damaged_fit_file_falls_back_to_start(tmp_path, monkeypatch):
    bad = tmp_path / "_fit.json"
    bad.write_text('{"games": {"liars-dice": {"params": {"beta": "x"}}}}')
    monkeypatch.setattr(bidfit, "FIT_PATH", bad)
    bidfit._shipped.cache_clear()
    try:
        assert bidfit.fitted_params("liars-dice") == bidfit.START
        bad.write_text("not json")
        bidfit._shipped.cache_clear()
        assert bidfit.fitted_params("roll-call") == bidfit.START
    finally:
        bidfit._shipped.cache_clear()


@pytest.mark.parametrize("game", bidfit.GAMES)
def test_fit_lowers_the_log_loss_of_stated_chances(game):
    """A small seeded population: the search must end below where it started,
    and the fitted reader's stated chances must score better on the real hands."""
    seqs = fit_bid_reader.collect(game, 10, seed=3)
    assert sum(1 for s in seqs for it in s if it[0] == "ask") > 30
    start = fit_bid_reader.loss(game, seqs, bidfit.START)
    params, final = fit_bid_reader.fit(game, seqs, rounds=1)
    assert final < start
    assert fit_bid_reader.loss(game, seqs, params) == pytest.approx(final)


@pytest.mark.slow
def test_shipped_fit_regenerates():
    """``python -m game.dev.fit_bid_reader --check`` reproduces the shipped parameters."""
    assert fit_bid_reader.main(["--check"]) == 0


def test_population_does_not_depend_on_the_shipped_fit(monkeypatch):
    """Hard in the fitting population reads from START, so a refit reproduces
    the shipped file whatever it holds (``--check``)."""
    def bids_of(seqs):
        return [[(it[0], it[1].bids, it[1].round_no) for it in s] for s in seqs]
    plain = bids_of(fit_bid_reader.collect("liars-dice", 6, seed=5))
    odd = dict(bidfit.START, beta=0.6, prior_w=0.05, strength=50.0)
    monkeypatch.setattr(bidfit, "_shipped", lambda: {"games": {"liars-dice": {"params": odd}}})
    assert bidfit.fitted_params("liars-dice")["beta"] == 0.6     # the patch is seen outside collect
    assert bids_of(fit_bid_reader.collect("liars-dice", 6, seed=5)) == plain


def test_fit_scores_the_reading_hard_plays_with():
    """The refit must score Hard's own reading, switches included: at six seats
    Hard reads a raise past the opening loose (``liars_dice.ai.CROWD_QUANTITY``),
    so the fit's loss for a bid there is Hard's stated chances' loss, and the
    population's Hard reads the same way.  (ld32's tool built a plain
    ``reader_for`` reader and read the raise's quantity.)"""
    spot = BidSpot(0, (2, 3, 5, 6, 6), (5,) * 6, FACES, WILD, ((1, 8, 4), (2, 13, 4)), 1, ())
    params = bidfit.fitted_params("liars-dice")
    hard = liars_ai.HardAgent(0, random.Random(0)).brain.reader
    hard.observe(spot)
    true, exact = hard.chance_true(spot, 13, 4), hard.chance_exact(spot, 13, 4)
    plain = bidfit.reader_for(params)
    plain.observe(spot)
    assert abs(plain.chance_true(spot, 13, 4) - true) > 0.01   # the switch matters for this bid
    said = fit_bid_reader.loss("liars-dice", [[("ask", spot, True, False)]], params)
    assert said == pytest.approx(-math.log(true) - math.log(1 - exact))
    agent = liars_ai.HardAgent(1, random.Random(0))
    fit_bid_reader.unfitted("liars-dice", agent)
    assert agent.brain.reader.crowd_quantity == liars_ai.CROWD_QUANTITY is not None
    assert agent.brain.reader.beta == bidfit.START["beta"]
