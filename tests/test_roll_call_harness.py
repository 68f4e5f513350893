"""Roll Call under the invariant harness: seeded playouts with random and AI
seats (out-of-turn calls included), conservation laws, JSON replay round trip."""
from __future__ import annotations

import collections
import json

from game.dev.harness import playouts
from game.core.match import Match, Seat


def test_playouts_hold_invariants_and_include_out_of_turn_calls():
    matches = playouts("roll-call", 120, seed=5, players=(2, 3, 4, 6), options={"starting_dice": 3})
    matches += playouts("roll-call", 3, seed=6, players=(10,))
    kinds = collections.Counter(type(a).__name__ for m in matches for _, a in m.history)
    assert kinds["CallOutOfTurn"] > 30 and kinds["Call"] > 200
    assert all(m.is_over for m in matches)


def test_wrong_out_of_turn_calls_happen_in_playouts():
    """The two-dice penalty is exercised, not just legal (text: "lose TWO dice")."""
    matches = playouts("roll-call", 30, seed=9, players=(4, 6), options={"starting_dice": 3})
    penalties = 0
    for m in matches:
        replay = Match("roll-call", m.seats, m.options, seed=m.seed)
        for player, action in m.history:
            replay.apply(player, action)
            r = replay.state.last_reveal
            if type(action).__name__ == "CallOutOfTurn" and r.bid_true:
                penalties += 1
    assert penalties > 0


def test_record_round_trip_reproduces_the_game():
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "easy"), Seat("C", "ai", "normal"), Seat("D", "ai", "hard")]
    match = Match("roll-call", seats, seed=42)
    match.play_out()
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again.state.summary() == match.state.summary()
    assert again.history == match.history
    # Same seed and seats, played again headless: identical (interjection order is deterministic).
    twin = Match("roll-call", seats, seed=42)
    twin.play_out()
    assert twin.history == match.history
