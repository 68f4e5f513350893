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
        self.waiting_for_reason = False
        if feed.finished:
            return
        if feed.paused and feed.pending_steps <= 0:
            self._reasons_ahead()
            return
        if feed.pending_steps <= 0:
            self._ai_timer += dt * feed.speed
            if self._ai_timer < PACES["normal"].ai_delay:
                self._reasons_ahead()
                return
        logged = feed.peek()
        assert logged is not None, "a replay that is not finished has a next move"
        player, action = logged
        if player != CHANCE and self.reason_pending(feed.position):
            self.waiting_for_reason = True   # its reason is worked out off the frame: the move waits
            return
        feed.pending_steps = max(0, feed.pending_steps - 1)
        self._ai_timer = 0.0
        self._replay_shown_at = self.app.frame
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

    def _reasons_ahead(self) -> None:
        """The replay rests (paused, or between two moves): the worker
        working out its AIs' reasons is kept ``ReplayReasons.AHEAD`` moves
        ahead, with "Show AI reasoning" on.  Not in a frame that showed a
        move or started a throw (``_replay_shown_at``; a throw's landing
        too): a thought started there would share the interpreter with the
        frame's heaviest drawing; it starts in the next, light, frame."""
        feed = self.replay
        if feed is not None and not feed.finished and self._replay_shown_at != self.app.frame:
            self.reason_pending(feed.position, ahead=True)

    def _leave_replay(self) -> None:
        reasons = self.replay.reasons if self.replay is not None else None
        if reasons is not None:
            reasons.close()   # its worker stops after the thought in progress
        self.app.nav.leave_replay(self)

    def step_back(self) -> None:
        """One action back: the table is rebuilt from the start up to the action
        before the one last shown (silently, as Continue does), paused there."""
        feed = self.replay
        if feed is None:
            return
        self.app.nav.replay_at(self, max(0, feed.position - 1))  # a throw in flight is not counted yet
