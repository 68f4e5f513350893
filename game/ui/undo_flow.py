"""Undo: a human's last move may be taken back while no one else has moved
since (Z, Ctrl+Z or the Undo button, with the time left drawn as a bar).

Its own module because games answer only the hooks (``undoable``,
``on_taken_back``, ``undo_text``, ``undo_button_rect``) and the rules of when
a take-back is allowed (never another human's move, never in a lesson) must
stay the same at every table.
"""
from __future__ import annotations

import pygame

from ..core.protocol import Action
from . import theme as th
from .drawn_controls import note as note_drawn
from .table_base import TableBase


class UndoFlow(TableBase):
    """Taking back a human's last move (a mixin of ``TableScene``)."""

    def undoable(self, player: int, action: Action) -> bool:
        """May this human move (not applied yet; ``self.state`` is before it)
        be taken back until any other move is made?  Default: no.  Games
        answer per action (a bid with one human, a placement that scores
        nothing); moves that show hidden information stay final and get a
        confirm step instead (docs/REFERENCE.md, "Misclick protection")."""
        return False

    def on_taken_back(self, player: int, action: Action) -> None:
        """After ``action`` was taken back (``self.state`` is before it again):
        put the scene's own pieces back (the bid list, a die in the tray)."""

    def undo_text(self, action: Action) -> str:
        """The Undo button's words for ``action`` ("Undo bid 1 five")."""
        return "Undo " + action.label().lower()

    def undo_button_rect(self) -> pygame.Rect:
        """Where the "Undo" button sits while a move may be taken back."""
        return pygame.Rect(530, 430, 220, 52)

    def can_undo(self) -> bool:
        """May the last move be taken back now?  Only a human's own move
        made ``undoable``, before anyone else moved, while no throw or held
        moment is on screen, and only for the human who made it: when
        another human is to act (or, in hot-seat, sits at the screen) the
        move is theirs to see, not to undo."""
        match = self.match
        if self.replay is not None or self.game_end.finished or not match.can_take_back():
            return False
        seat = match.undo_player()
        if seat is None or not 0 <= seat < len(match.seats) or match.seats[seat].is_ai:
            return False
        if self.throw_view is not None or self.holding is not None or match.state.is_chance():
            return False
        if self.human_to_act() not in (None, seat):
            return False
        return not self.secrecy.hotseat or self.secrecy.confirmed == seat

    def undo(self) -> bool:
        """Take back the last move (see ``can_undo``); the match forgets it
        entirely, so the record, the autosave and the AIs never see it."""
        if not self.can_undo():
            return False
        self.secrecy.drop()
        self._forget_thought()   # the AIs' memory is rolled back: no thought may run meanwhile
        player, action = self.match.take_back()
        self.game_log.sync(self.match.history)
        self.reasons.taken_back(len(self.match.history))
        self._ai_timer = 0.0
        self.undo_left = 0.0
        self.announce(f"Taken back: {self.move_line(player, action)}", th.CREAM_DIM)
        self.app.sounds.play("click", 0.4)
        self.on_taken_back(player, action)
        return True

    def _undo_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z:
            return self.undo()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.undo_button_rect().collidepoint(event.pos):
            return self.undo()
        return False

    def _draw_undo(self, canvas: pygame.Surface) -> None:
        """The "Undo" button, with the time left before the move is final."""
        if not self.is_top or not self.can_undo():
            return
        rect = self.undo_button_rect()
        mouse = self.app.to_canvas(pygame.mouse.get_pos()) if pygame.display.get_surface() else (-1, -1)
        hot = rect.collidepoint(mouse)
        pygame.draw.rect(canvas, th.WOOD_LIGHT if hot else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, rect, 2, border_radius=10)
        label = self.undo_text(self.match.history[-1][1])
        note_drawn(label, rect)
        th.draw_text(canvas, self.theme, label[:26], (rect.centerx, rect.y + 8), 18, th.CREAM, bold=True,
                     anchor="midtop")
        th.draw_text(canvas, self.theme, "Z or Ctrl+Z", (rect.centerx, rect.bottom - 9), 13, th.CREAM_DIM,
                     anchor="midbottom")
        if self.undo_left > 0.05:
            bar = pygame.Rect(rect.x + 14, rect.bottom - 5, rect.w - 28, 3)
            bar.w = int(bar.w * min(1.0, self.undo_left / self.pace.undo_window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar)
