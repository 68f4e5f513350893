"""The typed per-game state access (``protocol.state_as``, ``tutorial.on_state``,
``story.walk``) that lets mypy check game-specific fields outside the rules:
it hands back the very state it was given, typed as the game's own State
subclass, and refuses another game's state instead of reading wrong fields."""
import random

import pytest

from game import games
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult, state_as
from game.core.story import walk
from game.core.tutorial import on_state
from game.games.liars_dice.rules import LiarsState
from game.games.roll_call.rules import RollCallState


def _liars_match() -> Match:
    return Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], seed=3)


def test_state_as_returns_the_same_state_typed_as_its_game():
    match = _liars_match()
    state = state_as(match.state, LiarsState)
    assert state is match.state
    assert state.dice == [match.game.options["starting_dice"]] * 2


def test_state_as_refuses_another_games_state():
    with pytest.raises(TypeError, match="expected a RollCallState, got a LiarsState"):
        state_as(_liars_match().state, RollCallState)


def test_on_state_reads_the_games_own_fields_and_refuses_a_foreign_state():
    first_round = on_state(LiarsState, lambda s: s.round_no == 1)
    match = _liars_match()
    assert first_round(match.state) is (match.state.round_no == 1)
    other = Match("roll-call", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], seed=3).state
    with pytest.raises(TypeError):
        first_round(other)


def test_apply_and_walk_keep_the_games_state_class():
    """``State.apply`` is typed to return the subclass it was called on; the
    runtime class agrees, so a typed caller never reads a base State."""
    game = games.make_game("liars-dice", 2)
    first = state_as(game.new_initial_state(), LiarsState)
    rng = random.Random(1)
    faces = RollResult(tuple(tuple(rng.randint(1, 6) for _ in range(n)) for n in first.dice))
    history = [(CHANCE, faces)]
    after = first.apply(CHANCE, faces)
    assert type(after) is LiarsState
    player = after.turn_player()
    assert player is not None
    history.append((player, after.legal_actions(player)[0]))
    steps = list(walk(first, history))
    assert [p for _b, p, _a, _n in steps] == [CHANCE, player]
    assert all(type(b) is LiarsState and type(n) is LiarsState for b, _p, _a, n in steps)
    assert steps[0][3].summary() == after.summary()
    assert steps[1][0] is steps[0][3]


STATE_CLASSES = {
    "liars-dice": "game.games.liars_dice.rules:LiarsState",
    "roll-call": "game.games.roll_call.rules:RollCallState",
    "roll-the-bones": "game.games.roll_the_bones.rules:BonesState",
    "roll-for-it": "game.games.roll_for_it.rules:RollForItState",
    "diced-out": "game.games.diced_out.rules:DicedOutState",
}


@pytest.mark.parametrize("game_id", sorted(STATE_CLASSES))
def test_each_table_scene_reads_its_own_games_state(app, game_id):
    """A game's scene declares ``state`` as its rules' State subclass (what mypy
    checks its reads against); the property hands back the live match state."""
    import importlib
    import typing

    from game.scenes.launch import make_table
    module, name = STATE_CLASSES[game_id].split(":")
    cls = getattr(importlib.import_module(module), name)
    match = Match(game_id, [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], seed=5)
    scene = make_table(app, match)
    hints = typing.get_type_hints(type(scene).state.fget, vars(importlib.import_module(type(scene).__module__)))
    assert hints["return"] is cls
    assert scene.state is match.state
    match.step()
    assert scene.state is match.state and isinstance(scene.state, cls)


def test_mypy_checks_the_whole_package_and_the_tools():
    """`make lint` type-checks all of ``game`` and ``tools/``: no file is left out."""
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.mypy]", 1)[1].split("\n[", 1)[0]
    assert 'files = ["game", "tools"]' in section
    assert "exclude" not in section


def test_mypy_checks_the_bodies_of_unannotated_functions_too():
    """The stricter settings stay on (CI runs what pyproject.toml says): without
    ``check_untyped_defs`` mypy skips every function that has no annotation."""
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    lines = text.split("[tool.mypy]", 1)[1].split("\n[", 1)[0].splitlines()
    for flag in ("check_untyped_defs", "warn_unused_ignores", "warn_redundant_casts", "strict_equality",
                 "warn_unreachable"):
        assert f"{flag} = true" in lines, flag
