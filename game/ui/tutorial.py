"""The coach of a guided first game: a note card over the real table.

``game.scenes.learn.start_tutorial`` opens the game's own table with the lesson
(``game.core.tutorial``) attached as ``table.tutorial``, a ``TutorialCoach``.
The table base asks the coach at a few points (game/ui/table_scene.py):
events first, whether a "Next" note holds the table still, whether a human
move is the one asked for (a wrong one gets the hint and is not applied),
the scripted faces of a throw, and where to save.  The coach draws last: a
brass ring around what the note is about (the table names it:
``anchor_rect(name)``), an arrow to it, and a parchment card with the text,
"Next" (or "Finish") and "Skip tutorial".
"""
from __future__ import annotations

import math

import pygame

from ..core.protocol import Action, RollRequest, RollResult
from ..core.tutorial import Step, Tutorial
from ..core.userfiles import UserFileError
from . import layout
from . import theme as th
from .drawn_controls import note as note_drawn

CARD_W = 400
NARROW_W = 290
"""The card's width when no side of the target has room for the wide one."""
GAP = 30
MARGIN = 10


class TutorialCoach:
    """See the module docstring."""

    def __init__(self, table, tutorial: Tutorial):
        self.table = table
        self.tutorial = tutorial
        self.shake_at = -1.0
        """Table time of the last wrong move (the card shakes for a moment)."""
        self._buttons: dict[str, pygame.Rect] = {}
        self._hover: str | None = None

    @property
    def app(self):
        return self.table.app

    # --- what the table asks -------------------------------------------------
    def visible_step(self) -> Step | None:
        """The note on screen now: its moment has come and the table is at rest
        (or holding a reveal for the player to read)."""
        step = self.tutorial.pending()
        table = self.table
        if step is None or table.throw_view is not None:
            return None
        if table.is_busy() and table.holding is None:
            return None
        if step.asks and table.moment_held():
            return None   # the held moment is continued first: no move is asked for under it
        return step

    def holds_table(self) -> bool:
        return self.tutorial.holds_table()

    def allows(self, player: int, action: Action) -> bool:
        """The table's submit: True to apply ``action``; False after showing the hint."""
        hint = self.tutorial.check(player, action)
        if not hint:
            return True
        self.shake_at = self.table.time
        self.app.sounds.play("error")
        return False

    def forced_roll(self, request: RollRequest) -> RollResult | None:
        return self.tutorial.forced_roll(request)

    def save(self) -> None:
        try:
            self.tutorial.save()
        except UserFileError as exc:
            self.app.toast(f"Could not save the lesson: {exc}")

    # --- input -----------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Next / Skip; a "Next" note keeps clicks and keys off the table."""
        step = self.visible_step()
        if step is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = next((k for k, r in self._buttons.items() if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            card = self._buttons.get("card")
            for name in ("next", "skip"):   # the card's buttons first: the card's own area holds them
                rect = self._buttons.get(name)
                if rect is not None and rect.collidepoint(event.pos):
                    self.next() if name == "next" else self.leave()
                    return True
            return step.is_note or bool(card and card.collidepoint(event.pos))
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False   # the pause menu, as always
            if step.is_note and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                self.next()
                return True
            return step.is_note
        return event.type == pygame.MOUSEBUTTONUP and step.is_note

    def next(self) -> None:
        if not self.tutorial.next():
            return
        table = self.table
        if table.holding is not None:   # Next also lets a held reveal go
            table.release_hold()
        self.save()
        if self.tutorial.finished:
            self.app.nav.learned(self.tutorial.script.game_id)

    def leave(self) -> None:
        """Skip tutorial: keep the place (Learn to play resumes it) and go back."""
        self.save()
        self.app.nav.title()

    # --- drawing ---------------------------------------------------------------
    def anchor(self, step: Step) -> pygame.Rect | None:
        if not step.anchor:
            return None
        rect = self.table.anchor_rect(step.anchor)
        return pygame.Rect(rect) if rect is not None else None

    def draw(self, canvas: pygame.Surface) -> None:
        step = self.visible_step()
        self._buttons = {}
        if step is None or not self.table.is_top:
            return
        theme = self.table.theme
        target = self.anchor(step)
        pulse = 0.5 + 0.5 * math.sin(self.table.time * 4.0)
        if target is not None:
            self._draw_ring(canvas, target, pulse)
        card = self._layout_card(canvas, theme, step, target)
        if target is not None:
            self._draw_arrow(canvas, card, target)
        self._draw_card(canvas, theme, step, card)

    def _lines(self, theme, step: Step, width: int = CARD_W) -> tuple[list[str], list[str]]:
        font = theme.font(18)
        text = th.wrap_text(font, step.text, width - 36)
        hint = th.wrap_text(theme.font(16, True), self.tutorial.hint, width - 36) if self.tutorial.hint else []
        return text, hint

    def _card_size(self, theme, step: Step, width: int) -> pygame.Rect:
        text, hint = self._lines(theme, step, width)
        return pygame.Rect(0, 0, width, 58 + len(text) * 24 + (len(hint) * 20 + 10 if hint else 0) + 62)

    def _layout_card(self, canvas, theme, step: Step, target: pygame.Rect | None) -> pygame.Rect:
        """Beside the target (or the panel it sits in) where nothing the table
        keeps clear is covered; else a narrower card, then the screen's edges;
        else the place that covers least."""
        screen = pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * MARGIN, -2 * MARGIN)
        if target is None:
            card = self._card_size(theme, step, CARD_W)
            card.center = (layout.CENTRE_X, 300)
            return card
        keep = [pygame.Rect(r) for r in self.table.coach_keep_clear()]
        clear = [target.inflate(24, 24)] + keep
        around = [target] + [r.union(target) for r in keep if r.colliderect(target)]
        spots = []
        for width, gap in ((CARD_W, GAP), (NARROW_W, 14)):
            card = self._card_size(theme, step, width)
            for zone in around:
                for side in ("right", "left", "below", "above"):
                    c = card.copy()
                    if side == "right":
                        c.midleft = (zone.right + gap, target.centery)
                    elif side == "left":
                        c.midright = (zone.left - gap, target.centery)
                    elif side == "below":
                        c.midtop = (target.centerx, zone.bottom + gap)
                    else:
                        c.midbottom = (target.centerx, zone.top - gap)
                    spots.append(c.clamp(screen))
        card = self._card_size(theme, step, NARROW_W)
        for y in (70, 200, 330):   # the screen's edges, with a longer arrow
            spots += [card.move(MARGIN, y), card.move(layout.CANVAS_W - MARGIN - card.w, y)]
        for c in spots:
            if screen.contains(c) and c.collidelist(clear) < 0:
                return c
        return min(spots, key=lambda c: sum(_overlap(c, r) for r in clear))

    def _draw_ring(self, canvas, target: pygame.Rect, pulse: float) -> None:
        ring = target.inflate(16 + int(6 * pulse), 16 + int(6 * pulse))
        glow = pygame.Surface(ring.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*th.BRASS_LIGHT, int(40 + 50 * pulse)), glow.get_rect(), 8, border_radius=18)
        canvas.blit(glow, ring.inflate(16, 16).topleft)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, ring, 3, border_radius=14)

    def _draw_arrow(self, canvas, card: pygame.Rect, target: pygame.Rect) -> None:
        """A brass arrow from the card's nearest edge to the ring."""
        ring = target.inflate(22, 22)
        tx = max(ring.left, min(card.centerx, ring.right))
        ty = max(ring.top, min(card.centery, ring.bottom))
        sx = max(card.left, min(tx, card.right))
        sy = max(card.top, min(ty, card.bottom))
        dx, dy = tx - sx, ty - sy
        length = math.hypot(dx, dy)
        if length < 12:
            return
        ux, uy = dx / length, dy / length
        tip = (tx - ux * 4, ty - uy * 4)
        base = (tip[0] - ux * 18, tip[1] - uy * 18)
        pygame.draw.line(canvas, th.WOOD_DARK, (sx, sy), base, 8)
        pygame.draw.line(canvas, th.BRASS_LIGHT, (sx, sy), base, 4)
        left = (base[0] - uy * 11, base[1] + ux * 11)
        right = (base[0] + uy * 11, base[1] - ux * 11)
        pygame.draw.polygon(canvas, th.BRASS_LIGHT, (tip, left, right))
        pygame.draw.polygon(canvas, th.WOOD_DARK, (tip, left, right), 2)

    def _draw_card(self, canvas, theme, step: Step, card: pygame.Rect) -> None:
        width = card.w
        left = 0.45 - (self.table.time - self.shake_at)
        shake = int(math.sin(left * 50) * 8 * left / 0.45) if 0 < left <= 0.45 else 0
        card = card.move(shake, 0)
        th.panel(canvas, card, fill=th.PARCHMENT, border=th.BRASS_DARK, radius=14)
        total = len(self.tutorial.steps)
        index = min(self.tutorial.step_index + 1, total)
        th.draw_text(canvas, theme, f"Learn to play  \u00b7  {index} of {total}", (card.x + 18, card.y + 12),
                     13, th.BRASS_DARK, bold=True)
        th.draw_text(canvas, theme, step.title or self.tutorial.script.title, (card.x + 18, card.y + 28), 24,
                     th.INK, bold=True, style="display")
        text, hint = self._lines(theme, step, width)
        y = card.y + 62
        for line in text:
            th.draw_text(canvas, theme, line, (card.x + 18, y), 18, th.INK)
            y += 24
        if hint:
            y += 6
            for line in hint:
                th.draw_text(canvas, theme, line, (card.x + 18, y), 16, (150, 52, 36), bold=True)
                y += 20
        self._buttons = {"card": card}
        skip = pygame.Rect(card.x + 14, card.bottom - 50, 138 if width < CARD_W else 150, 38)
        self._button(canvas, theme, "skip", skip, "Skip tutorial", primary=False)
        if not step.is_note:
            th.draw_text(canvas, theme, "Your move" if width < CARD_W else "Your move: do it on the table",
                         (card.right - 18, card.bottom - 31), 15, th.BRASS_DARK, style="italic", anchor="midright")
        else:
            last = self.tutorial.step_index == total - 1
            nxt = pygame.Rect(card.right - (118 if width < CARD_W else 144), card.bottom - 50,
                              104 if width < CARD_W else 130, 38)
            self._button(canvas, theme, "next", nxt, "Finish" if last else "Next", primary=True)

    def _button(self, canvas, theme, name: str, rect: pygame.Rect, label: str, *, primary: bool) -> None:
        hot = self._hover == name
        fill: tuple[int, ...] = (132, 44, 34) if primary else th.WOOD
        if hot:
            fill = tuple(min(255, c + 22) for c in fill)
        pygame.draw.rect(canvas, th.WOOD_DARK, rect.move(0, 3), border_radius=9)
        pygame.draw.rect(canvas, fill, rect, border_radius=9)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if primary else th.BRASS, rect, 2, border_radius=9)
        th.draw_text(canvas, theme, label, rect.center, 17 if primary else 15, th.CREAM, bold=True,
                     anchor="center")
        self._buttons[name] = rect
        note_drawn(label, rect)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h
