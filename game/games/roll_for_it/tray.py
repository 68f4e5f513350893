"""Roll For It!'s dice tray and the words over the cards: the painter of the
table's lower half (the cards have their own, cards.py; the scene keeps the
flow: which die is held, dragged or placed).

Functions of plain data: the tray and where a throw lands in it, a rolled
die lying in it, the sparkles of a scored card, the deck line and the prompt.
"""
from __future__ import annotations

import math

import pygame

from ...canvas import CENTRE_X
from ...ui import layout_record
from ...ui import theme as th
from ...ui.motion import ease

TRAY = pygame.Rect(380, 430, 500, 140)
DIE = 44            # loose dice in the tray
SPARKLE_SECONDS = 1.2


def zones(groups: int) -> list[pygame.Rect]:
    """Where the dice of a throw land: a turn's roll in the tray; a roll-off
    (one group a player) splits the tray into one lane per player."""
    if groups == 1:
        return [TRAY.inflate(-60, -40)]
    cols = min(4, groups)
    rows = math.ceil(groups / cols)
    inner = TRAY.inflate(-12, -12)
    w, h = inner.w // cols, inner.h // rows
    return [pygame.Rect(inner.x + (i % cols) * w + 3, inner.y + (i // cols) * h + 3, w - 6, h - 6)
            for i in range(groups)]


def draw_tray(canvas: pygame.Surface, theme: th.Theme, waiting: bool) -> None:
    """The tray, saying where the dice land while it ``waiting`` for a roll."""
    tray = pygame.Surface(TRAY.size, pygame.SRCALPHA)
    pygame.draw.rect(tray, (0, 0, 0, 60), tray.get_rect(), border_radius=18)
    pygame.draw.rect(tray, (*th.BRASS_DARK, 160), tray.get_rect(), 2, border_radius=18)
    canvas.blit(tray, TRAY.topleft)
    if waiting:
        th.draw_text(canvas, theme, "the dice land here", TRAY.center, 16, th.CREAM_DIM, anchor="center")


def draw_loose_die(canvas: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, *, selected: bool,
                   dim: bool) -> None:
    """A rolled die in the tray: framed when the keyboard holds it, dimmed when
    it fits no card or the turn moved on."""
    if selected:
        pygame.draw.rect(canvas, th.BRASS_LIGHT, rect.inflate(10, 10), 3, border_radius=10)
    if dim:
        image = image.copy()
        image.set_alpha(120)
    canvas.blit(image, rect)
    layout_record.note(canvas, "die", rect)   # the coach's ring keeps off it (it ran through the tray's dice)


def draw_sparkles(canvas: pygame.Surface, sparkles: list[tuple[float, float, float, float]], now: float) -> None:
    """A scored card's burst: each sparkle ``(x, y, t0, angle)`` flies out and shrinks."""
    for x, y, t0, angle in sparkles:
        t = (now - t0) / SPARKLE_SECONDS
        r = 30 + 160 * ease(t)
        px, py = x + math.cos(angle) * r, y + math.sin(angle) * r * 0.7
        size = max(1, int(7 * (1 - t)))
        pygame.draw.circle(canvas, th.BRASS_LIGHT, (int(px), int(py)), size)


def draw_header(canvas: pygame.Surface, theme: th.Theme, cards_top: int, deck_line: str, prompt: str) -> None:
    """The deck line over the cards (none if empty) and the prompt over the tray."""
    if deck_line:
        th.draw_text(canvas, theme, deck_line, (CENTRE_X, cards_top - 8), 16, th.CREAM_DIM, anchor="midbottom",
                     shadow=1)
    th.draw_text(canvas, theme, prompt, (CENTRE_X, TRAY.y - 8), 20, th.BRASS_LIGHT, bold=True,
                 anchor="midbottom", shadow=2)


def deck_line_rect(theme: th.Theme, cards_top: int, deck_line: str) -> pygame.Rect:
    """Where ``draw_header`` puts the deck line."""
    return theme.text(deck_line, 16, th.CREAM_DIM).get_rect(midbottom=(CENTRE_X, cards_top - 8))


def prompt_rect(theme: th.Theme, prompt: str) -> pygame.Rect:
    """Where ``draw_header`` puts the prompt."""
    return theme.text(prompt, 20, th.BRASS_LIGHT, bold=True).get_rect(midbottom=(CENTRE_X, TRAY.y - 8))
