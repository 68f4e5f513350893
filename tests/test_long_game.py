"""The longest game there is (#17, "a resume at every phase" at the extremes):
Liar's Dice at its largest table, 20 seats with 6 dice each and Jinto gains
uncapped, about 1,700 actions.  A human saves and quits late in it and
Continue must give the same table, read from the scene's own state
(``TableScene.screen_facts``), exactly as at the small tables of
``test_continue_phases``.

The game is played first by AIs alone (seeded); the human then takes the
winner's chair, so they are still at the table at the very end, and the same
actions are applied (each AI decision draws from its own stream named by the
seat and the log length, so the AIs' moves are the ones they would make).
The quick suite continues once, at the human's last turn; the slow test at
every quarter of the game."""
from __future__ import annotations

import functools

import pytest

from game.core.match import Match, Seat
from game.core.protocol import CHANCE
from tests.helpers import start_table
from tests.test_continue_phases import _to_rest, check_at_rest

SEATS = 20
OPTIONS = {"starting_dice": 6}
SEED = 12   # the longest of seeds 1-15 at this table (1,737 actions)


@functools.lru_cache(maxsize=1)
def _reference() -> Match:
    """Played once per test process (a few seconds); callers only read it."""
    match = Match("liars-dice", [Seat(f"Seat {i + 1}", "ai", "normal") for i in range(SEATS)], OPTIONS, seed=SEED)
    match.play_out()
    assert match.is_over
    return match


def _human_turns(reference: Match, human: int) -> list[int]:
    """Log lengths at which the human is to bid (their next action in the log)."""
    return [k for k, (player, _action) in enumerate(reference.history) if player == human]


def _human_match(reference: Match, human: int) -> Match:
    seats = [Seat("You", "human") if i == human else s for i, s in enumerate(reference.seats)]
    return Match("liars-dice", seats, OPTIONS, seed=SEED)


def _continue_at(app, reference: Match, human: int, upto: int) -> None:
    match = _human_match(reference, human)
    for player, action in reference.history[:upto]:
        match.apply(player, action)
    assert match.state.turn_player() == human and not match.state.is_chance()
    app.settings.animation_speed = "instant"
    scene = _to_rest(app, start_table(app, match))
    assert scene.human_to_act() == human and len(scene.match.history) == upto
    restored = check_at_rest(app, scene, f"action {upto} of {len(reference.history)}")
    assert len(restored.match.history) == upto
    assert restored.match.to_record()["actions"] == match.to_record()["actions"]


def test_reference_game_is_the_long_one():
    """The test means what it says: 20 seats, 6 dice each, well over a thousand actions."""
    reference = _reference()
    assert len(reference.seats) == SEATS and len(reference.history) > 1500
    assert sum(1 for p, _a in reference.history if p == CHANCE) > 100   # a roll per round, 119+ rounds


def test_continue_at_the_last_turn_of_the_longest_game(app):
    reference = _reference()
    human = reference.state.ranking()[0]
    turns = _human_turns(reference, human)
    _continue_at(app, reference, human, turns[-1])


@pytest.mark.slow
def test_continue_at_every_quarter_of_the_longest_game(app):
    reference = _reference()
    human = reference.state.ranking()[0]
    turns = _human_turns(reference, human)
    for quarter in (1, 2, 3):
        _continue_at(app, reference, human, turns[len(turns) * quarter // 4])
