"""Undo: a human's last move may be taken back while no one else has moved
since (Z, Ctrl+Z or the Undo button, with the time left drawn as a bar).

``UndoFlow`` is a component the table owns (``table.undo_flow``): it keeps
the undo window's time left and asks the table only what ``UndoTable`` lists;
games answer only the table's hooks (``undoable``, ``on_taken_back``,
``undo_text``, ``undo_button_rect``).  Its own module because the rules of
when a take-back is allowed (never another human's move, never in a lesson)
must stay the same at every table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..core.protocol import Action
from . import theme as th
from .drawn_controls import note as note_drawn

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.narration import GameLog
    from ..core.playback import ReplayFeed
    from .ai_turns import AiTurns
    from .game_end import GameEnd
    from .held_moment import HeldMoment
    from .pace import Pace
    from .reason_flow import ReasonFlow
    from .secrecy import Secrecy
    from .services import AppServices
    from .throw_view import ThrowView


class UndoTable(Protocol):
    """What the undo asks of its table."""

    app: AppServices
    match: Match
    secrecy: Secrecy
    game_log: GameLog
    reason_flow: ReasonFlow
    game_end: GameEnd
    held: HeldMoment
    ai_turns: AiTurns

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def throw_view(self) -> ThrowView | None: ...
    @property
    def is_top(self) -> bool: ...
    @property
    def theme(self) -> th.Theme: ...
    @property
    def pace(self) -> Pace: ...
    def human_to_act(self) -> int | None: ...
    def announce(self, text: str, colour=None) -> None: ...
    def move_line(self, seat: int, action: Action) -> str: ...
    def on_taken_back(self, player: int, action: Action) -> None: ...
    def undo_text(self, action: Action) -> str: ...
    def undo_button_rect(self) -> pygame.Rect: ...


class UndoFlow:
    """Taking back a human's last move (the table's component ``undo_flow``)."""

    def __init__(self, table: UndoTable):
        self.table = table
        self.left = 0.0
        """Seconds left before the next AI moves and a taken-back move becomes final."""

    def can_undo(self) -> bool:
        """May the last move be taken back now?  Only a human's own move
        made ``undoable``, before anyone else moved, while no throw or held
        moment is on screen, and only for the human who made it: when
        another human is to act (or, in hot-seat, sits at the screen) the
        move is theirs to see, not to undo."""
        table = self.table
        match = table.match
        if table.replay is not None or table.game_end.finished or not match.can_take_back():
            return False
        seat = match.undo_player()
        if seat is None or not 0 <= seat < len(match.seats) or match.seats[seat].is_ai:
            return False
        if table.throw_view is not None or table.held.moment is not None or match.state.is_chance():
            return False
        if table.human_to_act() not in (None, seat):
            return False
        return not table.secrecy.hotseat or table.secrecy.confirmed == seat

    def hold(self, delay: float, waited: float) -> float:
        """The next AI's wait, ``waited`` seconds into a ``delay``: while the
        last move may be taken back it lasts the pace's undo window at least.
        Returns (and keeps, for the bar) the seconds left of that window; 0
        when no move may be taken back."""
        if self.can_undo():
            self.left = max(0.0, max(delay, self.table.pace.undo_window) - waited)
        else:
            self.left = 0.0
        return self.left

    def undo(self) -> bool:
        """Take back the last move (see ``can_undo``); the match forgets it
        entirely, so the record, the autosave and the AIs never see it."""
        if not self.can_undo():
            return False
        table = self.table
        table.secrecy.drop()
        table.ai_turns.forget_thought()   # the AIs' memory is rolled back: no thought may run meanwhile
        player, action = table.match.take_back()
        table.game_log.sync(table.match.history)
        table.reason_flow.keeper.taken_back(len(table.match.history))
        table.ai_turns.restart()
        self.left = 0.0
        table.announce(f"Taken back: {table.move_line(player, action)}", th.CREAM_DIM)
        table.app.sounds.play("click", 0.4)
        table.on_taken_back(player, action)
        return True

    def handle_event(self, event) -> bool:
        """Z (Ctrl+Z too) or a click on the Undo button takes the move back."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z:
            return self.undo()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.table.undo_button_rect().collidepoint(event.pos):
            return self.undo()
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        """The "Undo" button, with the time left before the move is final."""
        table = self.table
        if not table.is_top or not self.can_undo():
            return
        theme = table.theme
        rect = table.undo_button_rect()
        mouse = table.app.mouse_pointer()
        hot = rect.collidepoint(mouse)
        pygame.draw.rect(canvas, th.WOOD_LIGHT if hot else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, rect, 2, border_radius=10)
        label = table.undo_text(table.match.history[-1][1])
        note_drawn(label, rect)
        th.draw_text(canvas, theme, label[:26], (rect.centerx, rect.y + 8), 18, th.CREAM, bold=True,
                     anchor="midtop")
        th.draw_text(canvas, theme, "Z or Ctrl+Z", (rect.centerx, rect.bottom - 9), 13, th.CREAM_DIM,
                     anchor="midbottom")
        if self.left > 0.05:
            bar = pygame.Rect(rect.x + 14, rect.bottom - 5, rect.w - 28, 3)
            bar.w = int(bar.w * min(1.0, self.left / table.pace.undo_window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar)
