"""Roll For It! under the invariant harness: dice and cards conserved, points only rise,
legal actions never empty, records replay exactly."""
from __future__ import annotations

import json

import pytest

from game.dev.harness import playout, playouts
from game.core.match import Match, Seat


def test_harness_many_seeded_games():
    """A few hundred checked games at the common table sizes (thousands: the slow test)."""
    matches = playouts("roll-for-it", 180, seed=7, players=(2, 3, 2, 4),
                       mix=("easy", "normal", "hard"))
    reasons = {m.state.end_reason for m in matches}
    assert "target" in reasons
    matches = playouts("roll-for-it", 10, seed=8, players=(5, 8), mix=("easy", "normal", "hard"))
    assert {len(m.seats) for m in matches} == {5, 8}


@pytest.mark.slow
def test_harness_thousands_of_seeded_games():
    """Two thousand checked games over every table size, AI levels and random agents mixed."""
    matches = playouts("roll-for-it", 2000, seed=11, players=(2, 3, 4, 5, 6, 7, 8),
                       mix=("random", "easy", "normal", "hard"))
    assert "target" in {m.state.end_reason for m in matches}


def test_harness_with_random_agents():
    """Random agents keep dice at random: the stall guards still end every game."""
    for seed in range(12):
        playout("roll-for-it", 2 + seed % 3, seed, mix=("random", "easy"))


def test_record_round_trip():
    match = Match("roll-for-it", [Seat("A", "ai", "hard"), Seat("B", "ai", "easy")], seed=42)
    match.play_out()
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again.state.summary() == match.state.summary()
    assert again.state.ranking() == match.state.ranking()
    half = Match.from_record(record, upto=len(record["actions"]) // 2)
    assert not half.is_over or half.state.summary() == match.state.summary()
