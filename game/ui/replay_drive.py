"""Watch-only mode: a logged game plays back through the same table, its
throws forced to the logged faces, at the replay bar's speed, paused or a
step at a time.
"""
from __future__ import annotations

from ..core.protocol import CHANCE, IllegalActionError, RollRequest, RollResult
from .pace import PACES
from .table_base import TableBase


class ReplayDrive(TableBase):
    """Playing a logged game back (a mixin of ``TableScene``)."""

    def _drive_replay(self, dt: float) -> None:
        feed = self.replay
        assert feed is not None, "only a replay table drives a replay"
        if feed.finished:
            return
        if feed.paused and feed.pending_steps <= 0:
            return
        if feed.pending_steps <= 0:
            self._ai_timer += dt * feed.speed
            if self._ai_timer < PACES["normal"].ai_delay:
                return
        feed.pending_steps = max(0, feed.pending_steps - 1)
        self._ai_timer = 0.0
        logged = feed.peek()
        assert logged is not None, "a replay that is not finished has a next move"
        player, action = logged
        request = self.match.state.chance_request()
        if player == CHANCE and isinstance(request, RollRequest) and isinstance(action, RollResult):
            self._start_throw(request, forced=action)
            return
        feed.position += 1
        try:
            self._apply(player, action)
        except IllegalActionError as exc:
            self.app.toast(f"The replay does not fit this game: {exc}")
            feed.position = len(feed.actions)

    def _leave_replay(self) -> None:
        self.app.nav.leave_replay(self)

    def step_back(self) -> None:
        """One action back: the table is rebuilt from the start up to the action
        before the one last shown (silently, as Continue does), paused there."""
        feed = self.replay
        if feed is None:
            return
        self.app.nav.replay_at(self, max(0, feed.position - 1))  # a throw in flight is not counted yet
