"""Issue 41: an AI's own thinking (20-90 ms at a 20-seat Liar's Dice table)
held the GIL against the game thread.  The AIs' inner loops now call
``pacing.checkpoint()`` between slices; on the thinker thread the table's
hook runs there (it sleeps while a frame is being made).  Counted, never timed."""
from __future__ import annotations

from game.core import pacing
from game.core.match import Match, Seat


def _big_table(seed: int = 3) -> Match:
    return Match("liars-dice", [Seat(f"B{i}", "ai", "normal") for i in range(20)], {"starting_dice": 6}, seed)


def _first_ai_bid(match: Match):
    while match.state.is_chance():
        match.step()
    return match.ai_turn_action()


def test_a_big_tables_ai_thought_lets_frames_run_between_its_slices():
    calls: list[int] = []
    with pacing.paced(lambda: calls.append(1)):
        _first_ai_bid(_big_table())
    assert len(calls) >= 5   # many slices, each a chance for a frame to run first


def test_pacing_changes_no_decision_and_does_nothing_unpaced():
    plain = _first_ai_bid(_big_table())
    with pacing.paced(lambda: None):
        paced = _first_ai_bid(_big_table())
    assert plain == paced
    pacing.checkpoint()   # no hook on this thread: nothing happens
