"""The table's flows are components the table owns (issue 37): no flow is a
mixin of the table, the flows' state is written in one class each, and the
autosave journal is an object the app owns, not module state."""
from __future__ import annotations

import ast
import inspect

import pytest

from game import games
from game.core import journal, saves
from game.core.match import Match, Seat
from game.scenes.launch import table_scene_class
from game.ui.scene import Scene
from game.ui.table_base import TableBase
from game.ui.table_scene import TableScene
from tests.helpers import start_table

TABLE_CLASSES = {Scene, TableBase, TableScene}
"""The classes every table is made of besides its game's own (and the shared bidding table)."""

FLOW_STATE = {
    "hot_seat": ("curtain_for", "peek_by_mouse", "peek_keys_held", "choosing_owner", "owner_asked_at",
                 "uses_curtain"),
    "held": ("moment", "pending", "said_after", "prompt_drawn", "continued", "continued_at"),
    "reason_flow": ("keeper",),
}
"""Each component and the state it owns (once written on the table itself by mixins)."""


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_no_table_flow_is_a_mixin(game_id):
    """Between a game's own table and ``TableScene`` only the game's classes
    (and the bidding family's shared table) remain: the hand-over, the held
    moment and the AIs' reasons are objects the table holds."""
    chain = [c for c in table_scene_class(game_id).__mro__ if c is not object]
    flows = [c.__name__ for c in chain if c not in TABLE_CLASSES
             and not c.__module__.startswith("game.games.")]
    assert flows == [], f"mixins left in the {game_id} table: {flows}"


def _assigned(cls) -> set[str]:
    """Names a class assigns as ``self.NAME = ...`` (not ``self.NAME.x = ...``)."""
    names = set()
    for node in ast.walk(ast.parse(inspect.getsource(cls))):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for part in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "self":
                    names.add(part.attr)
    return names


def test_the_flows_state_lives_in_its_component(app):
    """A table's components keep their own state: none of it is an attribute
    of the table, and no table class writes it."""
    table = start_table(app, Match("liars-dice", [Seat("Ana", "human"), Seat("Bo", "human"),
                                                  Seat("Cy", "ai", "easy")], seed=3))
    written = set().union(*(_assigned(c) for c in type(table).__mro__ if c is not object))
    for component, names in FLOW_STATE.items():
        owner = getattr(table, component)
        for name in names:
            assert hasattr(owner, name), f"{component}.{name}"
            assert not hasattr(table, name) and name not in written, f"{name} is written on the table"
    for old in ("holding", "hold_pending", "said_after_hold", "continue_drawn", "_continued_at",
                "_curtain_for", "_peek_by_mouse", "reasons"):
        assert not hasattr(table, old), old


def test_the_autosave_journal_is_the_apps_object(app):
    """The autosave's open journal and the header written ahead belong to the
    app's ``Autosave`` (``app.autosave``), not to module globals: a second
    keeper (another tool in the same process) neither sees nor closes it."""
    assert not hasattr(journal, "_current") and not hasattr(journal, "_prepared")
    assert isinstance(app.autosave, saves.Autosave)
    match = Match("liars-dice", [Seat("You", "human"), Seat("Bo", "ai", "easy")], seed=5)
    while len(match.history) < 4:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    app.autosave.save(match)
    other = saves.Autosave()
    assert app.autosave.journals.current is not None and other.journals.current is None
    other.flush()
    assert app.autosave.journals.current._fd is not None, "another keeper closed the app's journal"
    match.step() or match.apply(match.state.turn_player(), match.state.legal_actions(match.state.turn_player())[0])
    app.autosave.save(match)
    app.autosave.flush()
    assert other.load().history == match.history
