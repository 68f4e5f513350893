"""Diced Out under the invariant harness: seeded playouts of 1-8 players with
random and AI seats, conservation laws after every action, replay round trip."""
import json

from game.dev.harness import playouts
from game.core.match import Match, Seat
from game.games.diced_out.rules import SkipFreeMark


def test_playouts_hold_the_invariants():
    matches = playouts("diced-out", 200, seed=8, players=(1, 2, 3, 4, 5, 8))
    for match in matches:
        state = match.state
        assert state.is_terminal() and all(len(s) == 4 for s in state.round_scores)


def test_custom_bonus_numbers_playouts():
    playouts("diced-out", 30, seed=3, players=(1, 3), options={"bonus_numbers": [3, 7, 11]})


def test_playouts_where_the_free_mark_is_declined():
    """Random seats decline free marks too; the harness checks every skip (no mark
    made, the turn passes) and the replay; Hard skips where the solver does."""
    matches = playouts("diced-out", 16, seed=5, players=(1, 2, 3),
                       options={"bonus_numbers": [2, 4, 6, 7, 9, 10, 11]}, mix=("random", "hard"))
    skips = sum(1 for m in matches for _p, a in m.history if isinstance(a, SkipFreeMark))
    assert skips > 0


def test_record_round_trip_midgame():
    match = Match("diced-out", [Seat("Ann"), Seat("Bot", "ai", "hard")], seed=42)
    match.play_out()  # stops at the human's first decision or the end
    for _ in range(200):
        if match.is_over:
            break
        state = match.state
        p = state.turn_player()
        match.apply(p, state.legal_actions(p)[0])
        match.play_out()
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again.state.summary() == match.state.summary()
    assert again.history == match.history
