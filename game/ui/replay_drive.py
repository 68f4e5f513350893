"""Watch-only mode: a logged game plays back through the same table, its
throws forced to the logged faces, at the replay bar's speed, paused or a
step at a time.

``ReplayDriver`` is a component the table owns (``table.replay_driver``): it
keeps its own wait between moves, whether the next move waits for its AI's
reason, and the frame that last showed a move; it asks the table only what
``ReplayTable`` lists.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..core.protocol import CHANCE, Action, IllegalActionError, RollRequest, RollResult
from .pace import PACES

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.playback import ReplayFeed
    from .reason_flow import ReasonFlow
    from .services import AppServices
    from .throw_flow import Throws


class ReplayTable(Protocol):
    """What the replay driver asks of its table."""

    app: AppServices
    match: Match
    reason_flow: ReasonFlow

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def throws(self) -> Throws: ...
    def _apply(self, player: int, action: Action, undoable: bool = False) -> None: ...


class ReplayDriver:
    """Plays a logged game back on ``table`` (a replay table's component)."""

    def __init__(self, table: ReplayTable, feed: ReplayFeed):
        self.table = table
        self.feed = feed
        self.wait = 0.0
        """Seconds since the last move shown (at the replay's speed)."""
        self.waiting_for_reason = False
        """The next move waits for its AI's reason, worked out off the frame (``reason_flow.pending``)."""
        self.shown_at: int | None = None
        """The app frame in which the replay last showed a move or landed a throw (``reasons_ahead``)."""

    def moved(self) -> None:
        """A move was applied on the table (shown by the replay, or a throw landed): wait afresh."""
        self.wait = 0.0

    def throw_landed(self) -> None:
        """A replayed throw came to rest: its logged faces count as shown now."""
        self.feed.position += 1
        self.shown_at = self.table.app.frame   # a heavy frame: no thought starts in it

    def drive(self, dt: float) -> None:
        """One fixed step of the replay: the next logged move when its time came."""
        feed, table = self.feed, self.table
        self.waiting_for_reason = False
        if feed.finished:
            return
        if feed.paused and feed.pending_steps <= 0:
            self.reasons_ahead()
            return
        if feed.pending_steps <= 0:
            self.wait += dt * feed.speed
            if self.wait < PACES["normal"].ai_delay:
                self.reasons_ahead()
                return
        logged = feed.peek()
        assert logged is not None, "a replay that is not finished has a next move"
        player, action = logged
        if player != CHANCE and table.reason_flow.pending(feed.position):
            self.waiting_for_reason = True   # its reason is worked out off the frame: the move waits
            return
        feed.pending_steps = max(0, feed.pending_steps - 1)
        self.wait = 0.0
        self.shown_at = table.app.frame
        request = table.match.state.chance_request()
        if player == CHANCE and isinstance(request, RollRequest) and isinstance(action, RollResult):
            table.throws.start(request, forced=action)
            return
        feed.position += 1
        try:
            table._apply(player, action)
        except IllegalActionError as exc:
            table.app.toast(f"The replay does not fit this game: {exc}")
            feed.position = len(feed.actions)

    def reasons_ahead(self) -> None:
        """The replay rests (paused, or between two moves): the worker
        working out its AIs' reasons is kept ``ReplayReasons.AHEAD`` moves
        ahead, with "Show AI reasoning" on.  Not in a frame that showed a
        move or started a throw (``shown_at``; a throw's landing too): a
        thought started there would share the interpreter with the frame's
        heaviest drawing; it starts in the next, light, frame."""
        feed = self.feed
        if not feed.finished and self.shown_at != self.table.app.frame:
            self.table.reason_flow.pending(feed.position, ahead=True)

    def leave(self) -> None:
        """Close the replay: its reasons' worker stops after the thought in progress."""
        if self.feed.reasons is not None:
            self.feed.reasons.close()
        self.table.app.nav.leave_replay(self.table)

    def step_back(self) -> None:
        """One action back: the table is rebuilt from the start up to the action
        before the one last shown (silently, as Continue does), paused there."""
        self.table.app.nav.replay_at(self.table, max(0, self.feed.position - 1))  # a throw in flight is not counted yet
