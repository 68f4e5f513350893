"""The bid reader's population prior (game/games/bidding/fit.py, _fit.json)."""
from __future__ import annotations

import pytest

from game.dev import fit_bid_reader
from game.games.bidding import fit as bidfit


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
    start = fit_bid_reader.loss(seqs, bidfit.START)
    params, final = fit_bid_reader.fit(seqs, rounds=1)
    assert final < start
    assert fit_bid_reader.loss(seqs, params) == pytest.approx(final)


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
