"""Continue: a table opened on a game already under way (a saved game, a
replay stepped back) shows what it showed after the last move, from the
record alone; the table's ``screen_facts`` says what the player sees as data,
so a test can check Continue gives the same table (tests/test_continue_phases.py).

``RestoreFlow`` is a component the table owns (``table.restore_flow``): it
runs once, as the table opens, and asks the table only what ``RestoreTable``
lists (a game answers the hooks ``keeps_roll_on_continue``,
``on_roll_restored`` and ``restore_moment``).  Its own module because it
replays the record without playing it: no sound, no autosave, no AI, only the
last throw put back and the last moment again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..core.protocol import CHANCE, Action, RollRequest, RollResult
from ..core.seeding import derive
from . import preload
from .preload import Loading

MOVES_PER_STEP = 40
"""Moves of the record followed per opening step (Continue; about 0.2-1 ms)."""

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.playback import ReplayFeed
    from .reason_flow import ReasonFlow
    from .throw_flow import Throws


class RestoreTable(Protocol):
    """What Continue asks of its table."""

    match: Match
    reason_flow: ReasonFlow

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def throws(self) -> Throws: ...
    def keeps_roll_on_continue(self, index: int) -> bool: ...
    def on_roll_restored(self, before_state, after_state) -> None: ...
    def restore_moment(self, player: int, action: Action, before_state) -> None: ...


class RestoreFlow:
    """Puts a game under way back on its table (the table's component ``restore_flow``)."""

    def __init__(self, table: RestoreTable):
        self.table = table
        self.built_at: int | None = len(table.match.history)
        """Moves in the match when the table was built (a Continue: more than 0);
        None once ``restore`` ran."""
        self._prepared: tuple | None = None
        """(last roll's index, the states before it and before the last move), from ``prepare_steps``."""

    def prepare_steps(self):
        """The costly part of ``restore``, a piece per step (a generator the
        opening hand-over runs, ``TableScene.opening_steps``): the game
        followed move by move (``MOVES_PER_STEP`` a step) and the last
        throw settled on a thread (``Throws.at_rest``, 10-80 ms) and laid on
        the felt.  Nothing is shown or heard here: ``restore`` plays the
        last moment again when the table opens."""
        table = self.table
        history = table.match.history
        built, self.built_at = self.built_at, None
        if not built or built != len(history) or table.match.is_over:
            return
        rolls = [i for i, (p, a) in enumerate(history) if p == CHANCE and isinstance(a, RollResult)]
        last_roll = rolls[-1] if rolls else None
        state = table.match.game.new_initial_state()
        before_roll = before_last = None
        for i, (player, action) in enumerate(history):
            if i == last_roll:
                before_roll = state
            if i == len(history) - 1:
                before_last = state
            state = state.apply(player, action)
            if i % MOVES_PER_STEP == MOVES_PER_STEP - 1:
                yield True
        if last_roll is not None and before_roll is not None and table.keeps_roll_on_continue(last_roll):
            roll = history[last_roll][1]
            assert isinstance(roll, RollResult), "rolls lists RollResult moves only"
            chance_index = sum(1 for p, _a in history[:last_roll] if p == CHANCE)
            request = before_roll.chance_request()
            if isinstance(request, RollRequest):
                settle = table.throws.at_rest(request, derive(table.match.seed, "chance", chance_index), roll)
                thrown: list = []
                settling = preload.in_background(lambda: thrown.append(settle()), "continue-throw")
                while not settling.done():
                    yield settling
                table.throws.lay_thrown(thrown[0] if thrown else None)
                yield True
        else:
            before_roll = None   # no roll laid: nothing to say of it
        self._prepared = (last_roll, before_roll, before_last)
        yield from table.reason_flow.relive_steps()   # the AIs' thinking (``restore`` says it), a piece a step

    def restore(self) -> None:
        """A table opened on a game already under way (Continue, a replay
        stepped back) shows what the table showed after the last move, from
        the record alone: the last throw's dice where they landed (the same
        seed, zones and faces, settled at once) while the game keeps them,
        then ``restore_moment`` for the last move.  Runs once, before the
        table's own first move; what ``prepare_steps`` did (the opening
        hand-over) is not done again."""
        for step in self.prepare_steps():
            if isinstance(step, Loading):
                step.wait()
        prepared, self._prepared = self._prepared, None
        if prepared is None:
            return
        table = self.table
        history = table.match.history
        last_roll, before_roll, before_last = prepared
        if last_roll is not None and before_roll is not None:
            table.on_roll_restored(before_roll, before_roll.apply(*history[last_roll]))
        told = table.reason_flow.relive()   # the AIs' thoughts the save does not keep
        if table.replay is None and before_last is not None:
            table.restore_moment(*history[-1], before_last)
            if told is not None:
                table.reason_flow.say(*told)   # what the last move said (a reveal shown again: its thinking)
