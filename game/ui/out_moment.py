"""The moment a human is eliminated (Liar's Dice, Roll Call, Roll the Bones).

``OutMoment``: when the last human still in the game is out, the table
stops on a card, "You are out - 3rd of 5", with three choices: watch on
(faster: the next pace of ``game.ui.pace``), skip to the results (the AIs
finish the game at once) or leave to the title (the game stays saved, so
Continue watches on).  ``OutNotice``: with other humans still playing, a
small card for each human who went out, while play goes on.  Both are drawn
and fed events by ``TableScene``; which seats are out and their places come
from the game's pure story hook (``game.core.story.out_places``).
"""
from __future__ import annotations

import pygame

from . import theme as th
from .drawn_controls import note as note_drawn
from .story import place_text
from ..canvas import CENTRE_X

CHOICES = (("watch", "Watch on, faster", "Enter"), ("results", "Skip to the results", "R"),
           ("title", "Leave to the title", "T"))
NOTICE_SECONDS = 4.0


def out_words(who_is: str, place: int, players: int) -> tuple[str, str]:
    """("You are out", "3rd of 5") or ("Mags is out", "4th of 5"); ``who_is``:
    the seat and its verb from the table's ``Voice`` ("You are", "Mags is")."""
    return (f"{who_is} out", f"{place_text(place)} of {players}")


class OutMoment:
    """The card and its three buttons (see the module docstring)."""

    def __init__(self, seat: int, title: str, place_line: str):
        self.seat = seat
        self.title = title
        self.place_line = place_line
        self.card = pygame.Rect(0, 0, 560, 300)
        self.card.center = (CENTRE_X, 340)
        self.focus = 0

    def buttons(self) -> dict[str, pygame.Rect]:
        w, gap = 164, 12
        x0 = self.card.centerx - (w * 3 + gap * 2) // 2
        return {key: pygame.Rect(x0 + i * (w + gap), self.card.bottom - 86, w, 60)
                for i, (key, _label, _k) in enumerate(CHOICES)}

    def handle_event(self, event) -> str | None:
        """The choice made by this event ("watch", "results", "title"), or None."""
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RETURN: CHOICES[self.focus][0], pygame.K_KP_ENTER: CHOICES[self.focus][0],
                    pygame.K_SPACE: CHOICES[self.focus][0], pygame.K_w: "watch", pygame.K_r: "results",
                    pygame.K_t: "title", pygame.K_ESCAPE: "watch"}
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + (-1 if event.key == pygame.K_LEFT else 1)) % len(CHOICES)
                return None
            return keys.get(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for key, rect in self.buttons().items():
                if rect.collidepoint(event.pos):
                    return key
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.buttons().values()):
                if rect.collidepoint(event.pos):
                    self.focus = i
        return None

    def draw(self, canvas: pygame.Surface, theme: th.Theme, colour) -> None:
        th.dim(canvas, 140)
        th.wood_board(canvas, self.card, radius=18)
        inner = self.card.inflate(-36, -36)
        pygame.draw.circle(canvas, colour, (self.card.centerx, self.card.y + 44), 12)
        pygame.draw.circle(canvas, th.BRASS_LIGHT, (self.card.centerx, self.card.y + 44), 12, 2)
        th.draw_text(canvas, theme, self.title, (self.card.centerx, self.card.y + 62), 44, th.BRASS_LIGHT,
                     style="display", bold=True, anchor="midtop", shadow=2)
        th.draw_text(canvas, theme, self.place_line, (self.card.centerx, self.card.y + 120), 26, th.CREAM,
                     bold=True, anchor="midtop")
        th.draw_text(canvas, theme, "The others play on. What now?", (self.card.centerx, inner.y + 140), 16,
                     th.CREAM_DIM, style="italic", anchor="midtop")
        for i, (key, label, hint) in enumerate(CHOICES):
            rect = self.buttons()[key]
            note_drawn(label, rect)
            on = i == self.focus
            pygame.draw.rect(canvas, th.BRASS_DARK if on else th.WOOD_DARK, rect, border_radius=10)
            pygame.draw.rect(canvas, th.BRASS_LIGHT if on else th.BRASS, rect, 2, border_radius=10)
            th.draw_text(canvas, theme, label, (rect.centerx, rect.y + 10), 17, th.CREAM, bold=True,
                         anchor="midtop")
            th.draw_text(canvas, theme, hint, (rect.centerx, rect.bottom - 8), 13, th.CREAM_DIM,
                         anchor="midbottom")


class OutNotice:
    """A small card at the top of the table for a human who went out while
    other humans play on; it fades after ``NOTICE_SECONDS``."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, tuple, float]] = []   # text, colour, age

    def add(self, text: str, colour) -> None:
        self.lines.append((text, colour, 0.0))

    def update(self, dt: float) -> None:
        self.lines = [(t, c, a + dt) for t, c, a in self.lines if a + dt < NOTICE_SECONDS]

    def draw(self, canvas: pygame.Surface, theme: th.Theme) -> None:
        y = 66
        for text, colour, age in self.lines:
            surf = theme.text(text, 20, th.CREAM, bold=True)
            box = surf.get_rect(midtop=(CENTRE_X, y)).inflate(56, 16)
            alpha = max(0, min(255, int(255 * min(1.0, (NOTICE_SECONDS - age) / 0.6))))
            card = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(card, (*th.WOOD_DARK, alpha), card.get_rect(), border_radius=10)
            pygame.draw.rect(card, (*th.BRASS, alpha), card.get_rect(), 2, border_radius=10)
            pygame.draw.circle(card, (*colour, alpha), (18, box.h // 2), 7)
            surf.set_alpha(alpha)
            card.blit(surf, surf.get_rect(center=(box.w // 2 + 8, box.h // 2)))
            canvas.blit(card, box)
            y += box.h + 6
