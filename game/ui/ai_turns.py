"""When the AIs move: after a natural delay (the pace's; longer while a human
may call out of turn or undo) the AI's move comes from the match in the
headless order, computed in the background where the app allows.

``AiTurns`` is a component the table owns (``table.ai_turns``): it keeps the
time since the last move, the position last polled for an out-of-turn call,
the thought in progress and the call window's time left, and asks the table
only what ``TurnTable`` lists.  Its own module because the order of AI moves
must equal ``Match.step``'s (a seed plays the same on screen and in ``sim``),
whatever the table draws.
"""
from __future__ import annotations

import time

from typing import TYPE_CHECKING, Protocol

import pygame

from . import theme as th
from ..canvas import CENTRE_X
from ..core import pacing
from ..core.protocol import Action
from .thinker import Thinker

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.playback import ReplayFeed
    from .pace import Pace
    from .services import AppServices
    from .undo_flow import UndoFlow


def call_window_rect() -> pygame.Rect:
    """Where the call window's countdown is drawn: under the centre's lines
    (the odds helper's end at 352); the out-of-turn buttons keep clear of it."""
    box = pygame.Rect(0, 0, 300, 46)
    box.midtop = (CENTRE_X, 372)
    return box

class TurnTable(Protocol):
    """What the AIs' turns ask of their table."""

    app: AppServices
    match: Match
    undo_flow: UndoFlow

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def pace(self) -> Pace: ...
    @property
    def theme(self) -> th.Theme: ...
    def deciding_human(self) -> int | None: ...
    def human_deciding(self) -> bool: ...
    def _apply(self, player: int, action: Action, undoable: bool = False) -> None: ...


class AiTurns:
    """The AIs' moves at one table (its component ``ai_turns``)."""

    FRAME_WAIT_MAX = 0.05
    """Seconds a thinker waits at most for one frame to finish (``_let_the_frame_run``)."""

    def __init__(self, table: TurnTable):
        self.table = table
        self.timer = 0.0
        """Seconds since the last move: the next AI's natural delay runs on it."""
        self.polled_at = -1
        """History length of the last poll for an out-of-turn call while a human thinks."""
        self.thinker: Thinker | None = None
        """An AI decision being computed in the background (``drive``)."""
        self.call_window_left = 0.0
        """Seconds left in a visible call window (a human may call out of turn)."""

    def restart(self) -> None:
        """The next AI waits its delay afresh (a move was taken back)."""
        self.timer = 0.0

    def moved(self) -> None:
        """A move was applied: the next AI waits afresh, and the call window
        closes (the next one counts afresh)."""
        self.timer = 0.0
        self.call_window_left = 0.0

    def call_window_open(self) -> bool:
        """An AI is about to act while a human may call out of turn (Roll Call)."""
        table = self.table
        state = table.match.state
        if table.replay is not None or state.is_terminal() or state.is_chance():
            return False
        tp = state.turn_player()
        if tp is None or not table.match.seats[tp].is_ai:
            return False
        return any(not table.match.seats[p].is_ai for p in (state.interjectors() or ()))

    def drive(self, dt: float) -> None:
        """One fixed step with nobody else to move: the next AI move when its time came."""
        table = self.table
        self.timer += dt
        delay = table.pace.ai_delay
        if self.call_window_open():
            delay = max(delay, float(table.app.settings.call_window))
            self.call_window_left = max(0.0, delay - self.timer)
        else:
            self.call_window_left = 0.0
        if table.undo_flow.hold(delay, self.timer) > 0.0:   # the undo window: the next actor waits (the pace's)
            return   # no AI decides (nor starts to) while the move may be taken back: none has watched it
        human = table.deciding_human()   # at the screen or on a phone: the AIs wait alike
        moments = len(table.match.history)
        if table.human_deciding():
            return   # a "Sure?" is on screen: the table waits for that human
        # A human is thinking: give the AI one chance to speak up here.
        if human is not None and self.polled_at == moments:
            return
        if table.app.think_in_background:
            moment = (moments, human is not None)
            if self.thinker is None or self.thinker.moment != moment:
                self.forget_thought()
                self.thinker = Thinker(moment, lambda: self._ai_move(human is not None, on_thinker=True))
            if self.timer < delay or not self.thinker.done:
                return   # the pause (and the thought) go on
            move = self.thinker.take()
            self.thinker = None
        else:
            if self.timer < delay:
                return
            move = self._ai_move(human is not None)
        self.call_window_left = 0.0
        if human is not None:
            self.polled_at = moments
        self.timer = 0.0
        if move is not None:
            player, action = move
            table._apply(player, action)   # its reason is said (or held) there: ``reason_flow.tell``

    def _ai_move(self, human_thinking: bool, on_thinker: bool = False):
        """The AI move of this moment, as ``Match.step`` would find it: with a
        human to act, only an AI's chance to speak up out of turn.  Run in the
        thinker thread, where the AIs also watch the moves since their last
        decision (``Match.catch_up``): 20 of them cost a 20-seat call's frame."""
        match = self.table.match
        # the AIs' own thinking lets frames run too, on the thinker thread only: on the game
        # thread (no thinker: headless play, tests) the frame it would wait for is its own, so
        # every slice slept FRAME_WAIT_MAX (a whole Liar's Dice 20 game: minutes of sleep)
        let_run = self._let_the_frame_run if on_thinker else None
        with pacing.paced(let_run):
            match.catch_up(final_only=True, between=let_run)
            if human_thinking:
                return match.ai_interjection()
            return match.ai_interjection() or match.ai_turn_action()

    def _let_the_frame_run(self) -> None:
        """In the thinker thread, between two slices of the thought: while the
        game thread is inside a frame (``App.in_frame``), sleep (which lets go
        of the GIL) so the frame is not slowed down by the thinker's share of
        it; 20 AIs watching cost 16-21 ms of the thinker's time.  Only that
        frame: once it has ended the slice runs, even if the next one has
        begun.  Frames that follow each other without a sleep between them
        (the bench; a machine whose frames fill 1/60 s) otherwise kept the
        thinker asleep ``FRAME_WAIT_MAX`` at every slice: 5-12 moves in 6,000
        frames at Liar's Dice 20x6 on an idle machine."""
        app = self.table.app
        if not getattr(app, "in_frame", False):
            return
        deadline = time.perf_counter() + self.FRAME_WAIT_MAX
        thought = self.thinker
        frame = getattr(app, "frame", None)
        while getattr(app, "in_frame", False) and getattr(app, "frame", None) == frame \
                and time.perf_counter() < deadline \
                and not (thought is not None and thought.awaited):   # the frame itself waits for the thought
            time.sleep(0.0005)

    def forget_thought(self) -> None:
        """Drop a thought in progress (waiting for it: see game/ui/thinker.py)."""
        if self.thinker is not None:
            self.thinker.wait()
            self.thinker = None

    def draw_call_window(self, canvas: pygame.Surface) -> None:
        """The call window's countdown under the centre, while one is open."""
        left = self.call_window_left
        if left <= 0.05:
            return
        window = float(self.table.app.settings.call_window) or 1.0
        box = call_window_rect()
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS, radius=10, width=2)
        th.draw_text(canvas, self.table.theme, f"Call window  {left:.1f} s", (box.centerx, box.y + 6),
                     17, th.BRASS_LIGHT, bold=True, anchor="midtop")
        bar = pygame.Rect(box.x + 16, box.bottom - 12, box.w - 32, 5)
        pygame.draw.rect(canvas, (40, 24, 14), bar, border_radius=2)
        bar.w = int(bar.w * min(1.0, left / window))
        if bar.w:
            pygame.draw.rect(canvas, th.BRASS, bar, border_radius=2)
