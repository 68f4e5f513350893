"""Continue: a table opened on a game already under way (a saved game, a
replay stepped back) shows what it showed after the last move, from the
record alone; ``screen_facts`` says what the player sees as data, so a test
can check Continue gives the same table (tests/test_continue_phases.py).

Its own module because it replays the record without playing it: no sound,
no autosave, no AI, only the last throw put back and the last moment again.
"""
from __future__ import annotations

import pygame

from ..core.protocol import CHANCE, Action, RollRequest, RollResult
from .table_base import TableBase


class RestoreFlow(TableBase):
    """Putting a game under way back on the table (a mixin of ``TableScene``)."""

    def keeps_roll_on_continue(self, index: int) -> bool:
        """Does the throw at ``history[index]`` (the last one) still lie on the
        felt?  Asked when a table opens on a game under way; default: the
        table keeps its last throw until the next (``keep_settled_dice``)."""
        return self.keep_settled_dice

    def on_roll_restored(self, before_state, after_state) -> None:
        """Continue put the last throw back on the felt (``keeps_roll_on_continue``):
        the game adds what goes with it (a total shown beside the tray)."""

    def restore_moment(self, player: int, action: Action, before_state) -> None:
        """Continue: the table opens on a game whose last move was ``action``
        (``before_state``: the state before it).  Put back what that move
        left on screen and play its outcome again if it is one (a reveal, a
        pot split, a card scored: docs/REFERENCE.md, "Continue").
        Default: nothing."""

    def restore_table(self) -> None:
        """A table opened on a game already under way (Continue, a replay
        stepped back) shows what the table showed after the last move, from
        the record alone: the last throw's dice where they landed (the same
        seed, zones and faces, settled at once) while the game keeps them,
        then ``restore_moment`` for the last move.  Runs once, before the
        table's own first move."""
        history = self.match.history
        built, self._built_at = self._built_at, None
        if not built or built != len(history) or self.match.is_over:
            return
        rolls = [i for i, (p, a) in enumerate(history) if p == CHANCE and isinstance(a, RollResult)]
        last_roll = rolls[-1] if rolls else None
        state = self.match.game.new_initial_state()
        before_roll = before_last = None
        for i, (player, action) in enumerate(history):
            if i == last_roll:
                before_roll = state
            if i == len(history) - 1:
                before_last = state
            state = state.apply(player, action)
        if last_roll is not None and before_roll is not None and self.keeps_roll_on_continue(last_roll):
            roll = history[last_roll][1]
            assert isinstance(roll, RollResult), "rolls lists RollResult moves only"
            self._restore_throw(before_roll, roll,
                                sum(1 for p, _a in history[:last_roll] if p == CHANCE))
            self.on_roll_restored(before_roll, before_roll.apply(*history[last_roll]))
        told = self.relive()   # the AIs' thoughts the save does not keep
        if self.replay is None and before_last is not None:
            self.restore_moment(*history[-1], before_last)
            if told is not None:
                self._say_reasons(*told)   # what the last move said (a reveal shown again: its thinking)

    def _restore_throw(self, before, result: RollResult, chance_index: int) -> None:
        """The settled view of a logged throw: ``Throw.instant`` with its seed
        and zones and the logged faces (a crowded zone shrinks the dice as
        ``Throws`` does)."""
        request = before.chance_request()
        if not isinstance(request, RollRequest):
            return
        from .. import physics
        from . import throw_view
        from ..core.seeding import derive
        seed = derive(self.match.seed, "chance", chance_index)
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        size = float(self.die_size)
        for _ in range(12):
            try:
                throw = physics.Throw.instant(request, seed, zones, forced=result.faces, die_size=size)
                break
            except ValueError:
                size *= 0.88
        else:
            return
        self.throws.settle(throw_view.ThrowView(throw, self.renderer, can_see=self.can_see,
                                                colours=self.throw_colour))

    def screen_facts(self) -> dict:
        """What the player sees, as data: whose turn, who must act, a throw
        waiting for its thrower, a held moment, the dice lying on the felt.
        Continue must give a table with the same facts (tests/test_continue_phases.py);
        each game adds its own (the tray, the bid, the prompt...)."""
        state = self.match.state
        view = self.settled_view if self.keep_settled_dice else None
        return {"moves": len(self.match.history), "to_act": self.human_to_act(),
                "turn": None if state.is_terminal() or state.is_chance() else state.turn_player(),
                "waiting_thrower": self.waiting_thrower, "holding": self.holding is not None,
                "highlighted": self.highlighted_seat, "call_window": self.call_window_left > 0,
                "dice_on_felt": sorted(p.top for p in view.poses()) if view is not None else []}
