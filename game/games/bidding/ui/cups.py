"""Where things sit around a bidding table: each seat's cup spot, its dice
in tidy rows clear of its nameplate, the tray around your own dice, and the
history panel's corner.

Pure geometry of the seat spots (``layout.seat_spots``) and the nameplate
widths, kept out of the scene so the table class holds behaviour, not
arithmetic; Liar's Dice's moving die and Roll Call's fingers use the same
points as the table does.  ``draw_own_tray`` paints that tray.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple, Optional, Sequence

import pygame

from ....ui import layout, layout_record
from ....ui import theme as th
from ....ui.table_scene import EDGE_MARGIN


PLATE_MARGIN = 6
"""Pixels a throw zone keeps from every nameplate (a die at rest may stand a little askew)."""
ZONE_SLIDE = 160
"""How far a throw zone may slide from its cup spot towards the centre to clear the nameplates."""
HISTORY_HIGHEST_TOP = 500
HISTORY_LOWEST_TOP = 610
"""The round's bids panel's top edge lies between these (``CupLayout.history_places``)."""


CUP_GAP = 2
"""Pixels a cup keeps from its seat's nameplate."""


class CupLayout:
    """The bidding table's geometry for one seat count (module docstring): a separate
    object so both bidding games and their extras place things at the same points."""
    def __init__(self, seat_spots: Sequence[layout.SeatSpot], plate_width: Callable[[int], int], cup_px: int = 0,
                 plate_lines: Callable[[int], int] = lambda seat: 1):
        self.seat_spots = seat_spots
        self.plate_width = plate_width
        """Width of a seat's name on its nameplate, in pixels."""
        self.plate_lines = plate_lines
        """The lines of a seat's name on its plate (a two-line name makes it taller)."""
        self.cup_px = cup_px
        """A cup's size (its spot keeps it clear of the seat's nameplate)."""
        self._cup_points: dict[int, tuple[float, float]] = {}
        self._plates: dict[int, pygame.Rect] = {}
        self._throw_zones: dict[tuple[int, int], pygame.Rect] = {}

    def cup_point(self, seat: int) -> tuple[float, float]:
        """Where a seat's cup sits: in front of its nameplate, a little nearer the
        rail at the biggest tables, slid towards the centre until the cup clears
        the nameplate (at 20 seats the side seat's cup lay over the end of its
        name).  Worked out once per seat: names do not change."""
        point = self._cup_points.get(seat)
        if point is None:
            point = self._cup_points[seat] = self._clear_of_plate(seat)
        return point

    def _clear_of_plate(self, seat: int) -> tuple[float, float]:
        spot = self.seat_spots[seat].toward_centre(0.2 if len(self.seat_spots) <= 10 else 0.17)
        plate = self.seat_plate(seat).inflate(2 * CUP_GAP, 2 * CUP_GAP)
        cup = layout.slid_clear((self.cup_px, self.cup_px), spot, [plate], ZONE_SLIDE)
        return spot if cup.center == (round(spot[0]), round(spot[1])) else (float(cup.centerx), float(cup.centery))

    def lengthwise(self, seat: int) -> bool:
        """Seats along the top and bottom rail have room for one long row of dice."""
        return abs(math.sin(self.seat_spots[seat].angle)) > 0.9 and len(self.seat_spots) <= 10

    def per_row(self, seat: int) -> int:
        """How many of a seat's dice fit in one row beside its cup."""
        return 6 if self.lengthwise(seat) else 3

    def own_die_px(self, seat: int) -> int:
        """Size of your own face-up dice in their tray."""
        return 40 if len(self.seat_spots) <= 10 else 28

    def dice_points(self, seat: int, count: int, size: int, per_row: Optional[int] = None):
        """A neat row (two past ``per_row``) centred on the cup spot."""
        cx, cy = self.cup_point(seat)
        per_row = per_row or self.per_row(seat)
        per_row = count if count <= per_row else math.ceil(count / 2)
        rows = math.ceil(count / per_row) if count else 0
        gap = size + 4
        out = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            out.append((cx + (col - (in_row - 1) / 2) * gap, cy + (row - (rows - 1) / 2) * gap))
        if not out:
            return out
        # keep clear of the seat's own nameplate: slide towards the centre
        half_w = (max(p[0] for p in out) - min(p[0] for p in out) + size) / 2 + 16   # room for a tray
        half_h = (max(p[1] for p in out) - min(p[1] for p in out) + size) / 2 + 16
        plate = self.seat_plate(seat)
        dx, dy = layout.TABLE_CENTRE[0] - cx, layout.TABLE_CENTRE[1] - cy
        norm = math.hypot(dx, dy) or 1.0
        shift = 0.0
        while shift < 80 and plate.colliderect(pygame.Rect(int(cx + dx / norm * shift - half_w),
                                                           int(cy + dy / norm * shift - half_h),
                                                           int(half_w * 2), int(half_h * 2))):
            shift += 3
        return [(x + dx / norm * shift, y + dy / norm * shift) for x, y in out]

    def seat_plate(self, seat: int) -> pygame.Rect:
        """The seat's nameplate as the base table draws it (name and a note),
        as far from the window's edge as it is drawn (``EDGE_MARGIN``).
        Measured once per seat (names do not change; asked about 20 times a
        frame at 20 seats); a copy, the caller's to change."""
        plate = self._plates.get(seat)
        if plate is None:
            rect = pygame.Rect(0, 0, self.plate_width(seat) + layout.PLATE_PAD, layout.plate_height(self.plate_lines(seat), True))
            spot = self.seat_spots[seat]
            rect.center = (int(spot.x), int(spot.y))
            plate = self._plates[seat] = rect.clamp(
                pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN))
        return pygame.Rect(plate)

    def dice_box(self, seat: int, count: int, size: int) -> pygame.Rect:
        """The rectangle the seat's dice cover."""
        points = self.dice_points(seat, count, size)
        if not points:
            x, y = self.cup_point(seat)
            return pygame.Rect(int(x), int(y), 0, 0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        rect = pygame.Rect(0, 0, int(max(xs) - min(xs)) + size, int(max(ys) - min(ys)) + size)
        rect.center = (int((max(xs) + min(xs)) / 2), int((max(ys) + min(ys)) / 2))
        return rect

    def throw_zone(self, seat: int, side: int) -> pygame.Rect:
        """Where a seat's thrown dice come to rest: ``side`` tall (wider by 40:
        physics needs room for full-size dice), round its cup spot, slid
        towards the table's centre until it clears every nameplate (at most
        ``ZONE_SLIDE`` pixels).  Centred on the cup spot, the dice of a side
        seat came to rest on a nameplate's words (20 seats: "Gwendolyn Mars"
        under a die until the cups came down).  Worked out once per seat and
        size (issue 41: all 20 seats' zones, slid against every plate, cost a
        20-seat call frame about 5 ms when the next round's throw was prepared)."""
        zone = self._throw_zones.get((seat, side))
        if zone is None:
            plates = [self.seat_plate(i).inflate(2 * PLATE_MARGIN, 2 * PLATE_MARGIN)
                      for i in range(len(self.seat_spots))]
            zone = self._throw_zones[(seat, side)] = layout.slid_clear(
                (side + 40, side), self.cup_point(seat), plates, ZONE_SLIDE, layout.FELT_RECT.inflate(-60, -40))
        return pygame.Rect(zone)

    def history_places(self, widths: Sequence[int]) -> list[pygame.Rect]:
        """For each of ``widths``, the bottom-right corner's tallest place off
        the felt the seats there allow (none for a width that finds no room
        above ``HISTORY_LOWEST_TOP``)."""
        blockers = [self.seat_plate(i).inflate(20, 20) for i in range(len(self.seat_spots))]
        blockers += [pygame.Rect(0, 0, 120, 90).move(int(x) - 60, int(y) - 45)
                     for x, y in (self.cup_point(i) for i in range(len(self.seat_spots)))]
        right, bottom = layout.CANVAS_W - 8, layout.CANVAS_H - 8
        places = []
        for width in widths:
            for top in range(HISTORY_HIGHEST_TOP, HISTORY_LOWEST_TOP + 1, 2):
                rect = pygame.Rect(right - width, top, width, bottom - top)
                if rect.collidelist(blockers) < 0:
                    places.append(rect)
                    break
        return places or [pygame.Rect(right - max(widths), HISTORY_LOWEST_TOP, max(widths), bottom - HISTORY_LOWEST_TOP)]


TAG_SIZE = 12
"""The tray tag's type size."""


class TrayTag(NamedTuple):
    """What a tray's tag says and where it would rather sit."""

    box: pygame.Rect
    """The rectangle the seat's dice cover."""
    above: bool
    """Above the tray first (bottom seats), else under it."""
    labels: tuple[str, ...]
    """What it may say, best first ("Ann's dice", then shorter)."""


def draw_own_tray(canvas: pygame.Surface, theme: th.Theme, box: pygame.Rect, colour: tuple, label: str, *,
                  tag_above: bool, short_label: str = "Your dice") -> None:
    """A felt-dark tray in the seat's ``colour`` around ``box`` (your own dice),
    with a pill saying whose dice they are, above the tray (``tag_above``: bottom
    seats) or under it.  A name too long for the pill gives way to
    ``short_label`` (only the seat at the screen sees its tray, so "Your dice"
    is true), never a cut name ("WWWWWWWWWWWW…").  Many trays at once (a
    replay shows every seat's) place their tags together: ``place_tags``."""
    draw_tray(canvas, box, colour)
    pill, words = place_tags(theme, [TrayTag(box, tag_above, tag_labels(theme, label, short_label))], [])[0]
    draw_tag(canvas, theme, pill, words, colour)


def tag_labels(theme: th.Theme, label: str, *shorter: str | None) -> tuple[str, ...]:
    """``label`` if it fits a pill (``PLATE_NAME_ROOM``), then each of the
    ``shorter`` words that does ("Your dice", a bare name); the last is cut
    with "…" to fit if nothing else does."""
    font = theme.font(TAG_SIZE, True)
    words = [w for w in (label, *shorter) if w]
    whole = tuple(w for w in words if font.size(w)[0] <= layout.PLATE_NAME_ROOM)
    return whole or (th.fit_text(font, words[-1], layout.PLATE_NAME_ROOM),)


def draw_tray(canvas: pygame.Surface, box: pygame.Rect, colour: tuple) -> None:
    """The felt-dark tray in ``colour`` round the dice in ``box``."""
    tray = box.inflate(18, 16)
    surf = pygame.Surface(tray.size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (12, 30, 20, 150), surf.get_rect(), border_radius=12)
    pygame.draw.rect(surf, (*colour, 230), surf.get_rect(), 2, border_radius=12)
    canvas.blit(surf, tray)
    layout_record.note(canvas, "tray", tray)   # a tag under a later tray is hidden (tests/test_replay_viewer.py)


def _tag_spots(box: pygame.Rect, above: bool, size: tuple[int, int]):
    """Where a pill of ``size`` may sit on its tray's edge: the side it would
    rather, then the other, centred, then at either end; last beside the
    tray, the table's centre side first (a side seat's trays crowd above
    and below, the felt towards the centre is open)."""
    tray = box.inflate(18, 16)
    w, h = size
    for top in ((tray.top + 4 - h, tray.bottom - 4) if above else (tray.bottom - 4, tray.top + 4 - h)):
        for left in (tray.centerx - w // 2, tray.left + 10, tray.right - 10 - w):
            yield pygame.Rect(left, top, w, h)
    beside = (tray.left + 4 - w, tray.right - 4)
    for left in (beside if tray.centerx > layout.TABLE_CENTRE[0] else beside[::-1]):
        yield pygame.Rect(left, tray.centery - h // 2, w, h)


def place_tags(theme: th.Theme, trays: Sequence[TrayTag], blockers: Sequence[pygame.Rect]) -> list[tuple[pygame.Rect, str]]:
    """Each tray's tag (pill, words), clear of every other tray's dice, of
    the tags placed before it and of ``blockers`` (nameplates).  At 20
    seats a replay's trays crowd one another and a tag under one tray sat
    on the next ("Hard 13's dice" under Hard 14's tray): a tag tries its
    words best first on each side and end of its tray, then shorter words
    ("Hard 13"), then the name cut with "…" as a nameplate's is; where
    nothing is clear, the place that covers least."""
    font = theme.font(TAG_SIZE, True)
    dice = [t.box.inflate(4, 4) for t in trays]
    placed: list[pygame.Rect] = []
    out = []
    for i, t in enumerate(trays):
        others = [d for j, d in enumerate(dice) if j != i] + list(blockers) + placed
        labels = list(t.labels)
        room = t.box.w + 4
        if font.size(labels[-1])[0] > room - 14:   # the last words cut to the tray, then to a stub
            labels += [th.fit_text(font, labels[-1], room - 14), th.fit_text(font, labels[-1], 24)]
        best: tuple[int, pygame.Rect, str] | None = None
        for words in dict.fromkeys(labels):
            size = (font.size(words)[0] + 14, font.get_linesize() + 2)   # as ``draw_tag`` renders the words
            for spot in _tag_spots(t.box, t.above, size):
                cover = sum(spot.clip(o).w * spot.clip(o).h for o in others)
                if best is None or cover < best[0]:
                    best = (cover, spot, words)
                if cover == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        placed.append(best[1].inflate(4, 2))
        out.append((best[1], best[2]))
    return out


def draw_tag(canvas: pygame.Surface, theme: th.Theme, pill: pygame.Rect, label: str, colour: tuple) -> None:
    """The pill in the seat's colour saying whose dice the tray holds."""
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 140
    pygame.draw.rect(canvas, colour, pill, border_radius=8)
    pygame.draw.rect(canvas, th.WOOD_DARK, pill, 1, border_radius=8)
    th.blit_text(canvas, theme.text(label, TAG_SIZE, th.INK if light else th.CREAM, bold=True), pill.center, "center")
