"""Diced Out's dice tray and what is said over it: the painter of the middle
of the table (the sheets have their own, sheet.py; the scene keeps the flow).

The tray's place and wood, the total just rolled, the roll-off lanes'
names, the status lines over (or under) the tray, the banners' two looks
(a plate across the tray's top, the big stamp over its middle) and the
penalty panel: functions of plain data, so the scene only says what to show.
"""
from __future__ import annotations

import math

import pygame

from ...ui import layout_record
from ...ui import theme as th
from ...ui.banner import Banner
from .sheet import stamp

STATUS_LINE = 22
"""Height of one status line (18 pt bold)."""
BANNER_STRIP = 90
"""The tray's top strip, where its banners stand: no die lands there (``dice_zones``)."""


def tray_rect(n: int) -> pygame.Rect:
    """The tray for ``n`` players: wider and lower with the one or two big sheets under it."""
    if n <= 2:
        return pygame.Rect(400, 64, 480, 286)
    return pygame.Rect(432, 150, 416, 300)


def draw_tray(canvas: pygame.Surface, tray: pygame.Rect) -> None:
    """The wooden tray with its felt, on its shadow."""
    shade = pygame.Surface(tray.inflate(24, 24).size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=26)
    canvas.blit(shade, tray.inflate(24, 24).move(0, 6))
    pygame.draw.rect(canvas, th.WOOD_DARK, tray.inflate(14, 14), border_radius=22)
    pygame.draw.rect(canvas, th.WOOD, tray.inflate(8, 8), border_radius=20)
    pygame.draw.rect(canvas, (26, 78, 54), tray, border_radius=16)
    pygame.draw.rect(canvas, (18, 58, 40), tray, 3, border_radius=16)


def draw_lane_names(canvas: pygame.Surface, theme: th.Theme, lanes: list[tuple[pygame.Rect, int, str]]) -> None:
    """A roll-off's lanes: each thrower's name under their lane ``(rect, seat, name)``."""
    font = theme.font(15, True)
    for rect, owner, name in lanes:
        th.draw_text(canvas, theme, th.fit_text(font, name, rect.w), (rect.centerx, rect.bottom + 2), 15,
                     theme.player_colour(owner), bold=True, anchor="midtop", shadow=1)


def draw_rolled_total(canvas: pygame.Surface, theme: th.Theme, tray: pygame.Rect, total: int, colour) -> None:
    """The total just rolled, large in the tray's bottom-right corner."""
    spot = (tray.right - 18, tray.bottom - 20)
    th.draw_text(canvas, theme, str(total), spot, 54, colour, style="display", bold=True,
                 anchor="bottomright", shadow=2)
    th.draw_text(canvas, theme, "rolled", (spot[0], spot[1] + 2), 14, th.CREAM_DIM, anchor="topright")


def rolled_total_rect(theme: th.Theme, tray: pygame.Rect, total: int) -> pygame.Rect:
    """Where ``draw_rolled_total`` draws (its number and "rolled" under it)."""
    spot = (tray.right - 18, tray.bottom - 20)
    number = theme.text(str(total), 54, th.CREAM, style="display", bold=True).get_rect(bottomright=spot)
    return number.union(theme.text("rolled", 14, th.CREAM_DIM).get_rect(topright=(spot[0], spot[1] + 2)))


def banner_strips(tray: pygame.Rect, *, low: bool) -> list[pygame.Rect]:
    """Where the tray's banners stand: the top strip, and with ``low`` (a stamp
    and a plate at once) the plate's place across the bottom strip too."""
    top = pygame.Rect(tray.x, tray.y, tray.w, BANNER_STRIP)
    return [top, pygame.Rect(tray.x, tray.bottom - 86, tray.w, 86)] if low else [top]


def draw_status(canvas: pygame.Surface, theme: th.Theme, tray: pygame.Rect, text: str, *, above: bool,
                best: str | None = None) -> None:
    """Whose turn and what to do, in at most two lines over (``above``) or
    under the tray; ``best`` is the solo player's personal-best line."""
    font = theme.font(18, True)
    lines = th.wrap_text(font, text, tray.w + 30)[:2]
    y = tray.y - STATUS_LINE - STATUS_LINE * len(lines) if above else tray.bottom + 14
    for line in lines:
        th.blit_text(canvas, theme.text(line, 18, th.CREAM, bold=True), (tray.centerx, y), "midtop", shadow=2)
        y += STATUS_LINE
    if best is not None:
        th.draw_text(canvas, theme, best, (tray.centerx, tray.y - 34), 17, th.BRASS_LIGHT, bold=True,
                     anchor="midtop", shadow=1)


def draw_banner(canvas: pygame.Surface, theme: th.Theme, b: Banner, tray: pygame.Rect, now: float, *,
                low: bool = False) -> None:
    """A banner in the tray's top strip (``BANNER_STRIP``, where no die lands):
    a big one (DICED OUT!, FULL SHEET!) as a stamp that pops in, the others as
    a plate across it (``low``: across the bottom strip, under a stamp)."""
    age, fade = b.age(now), b.fade(now)
    if b.big:
        pop = 1.0 + 0.6 * max(0.0, 1 - age * 6) ** 2
        mark = stamp(canvas, theme, b.title, (tray.centerx, tray.y + BANNER_STRIP // 2 - 6), 40, b.colour,
                     angle=-3, scale=pop, alpha=int(240 * fade))
        if b.sub:
            surf = th.faded(theme.text(b.sub, 18, th.CREAM, bold=True), int(255 * fade))
            mark = mark.union(th.blit_text(canvas, surf, (tray.centerx, tray.y + BANNER_STRIP - 24), "midtop",
                                           shadow=2))
        layout_record.note(canvas, "banner", mark)
        return
    box = pygame.Rect(0, 0, tray.w - 20, 70)
    box.midtop = (tray.centerx, tray.y + 12)
    if low:
        box.midbottom = (tray.centerx, tray.bottom - 8)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (20, 12, 8, int(190 * fade)), plate.get_rect(), border_radius=12)
    pygame.draw.rect(plate, (*th.BRASS_DARK, int(255 * fade)), plate.get_rect(), 2, border_radius=12)
    canvas.blit(plate, box)
    layout_record.note(canvas, "banner", box)
    title = th.faded(theme.text(b.title, 28, b.colour, bold=True, style="display"), int(255 * fade))
    th.blit_text(canvas, title, (box.centerx, box.y + 4), "midtop")
    if b.sub:
        sub = th.faded(theme.text(b.sub, 16, th.CREAM), int(255 * fade))
        th.blit_text(canvas, sub, (box.centerx, box.bottom - 6), "midbottom")


PENALTY_ROW = 58
"""Height of one row of the penalty panel's buttons."""


def penalty_panel(tray: pygame.Rect, count: int) -> pygame.Rect:
    """The penalty panel over the tray, tall enough for ``count`` buttons
    (two columns beyond three)."""
    rows = math.ceil(count / (2 if count > 3 else 1))
    rect = pygame.Rect(0, 0, min(tray.w + 40, 460), 100 + rows * PENALTY_ROW)
    rect.center = tray.center
    if rect.h <= tray.h - BANNER_STRIP:   # under the banners' strip (who won the roll-off)
        rect.top = tray.y + BANNER_STRIP
    return rect


def penalty_button_rects(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """The panel's ``count`` buttons, one column, or two beyond three."""
    cols = 2 if count > 3 else 1
    bw = (panel.w - 40 - (cols - 1) * 10) // cols
    return [pygame.Rect(panel.x + 20 + (i % cols) * (bw + 10), panel.y + 84 + (i // cols) * PENALTY_ROW, bw, 50)
            for i in range(count)]


def draw_penalty_panel(canvas: pygame.Surface, theme: th.Theme, panel: pygame.Rect, title: str) -> None:
    """The parchment under the penalty buttons, with who chooses and what."""
    th.panel(canvas, panel, fill=th.PARCHMENT, border=th.BRASS_DARK)
    th.draw_text(canvas, theme, title, (panel.centerx, panel.y + 14),
                 22, th.INK, bold=True, style="display", anchor="midtop")
    th.draw_text(canvas, theme, "You start the next round. Who loses a reroll?",
                 (panel.centerx, panel.y + 50), 16, th.INK, anchor="midtop")
