"""Where things sit on the 1280x720 table: the felt oval and the seats.

Seat 0 sits at the bottom centre (nearest the screen's viewer) and the
others follow clockwise, evenly spaced around the oval, for 1 to 20 seats.
Positions are on the wooden rail; ``toward_centre`` moves a point onto the
felt (for dice trays, cups and bids).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
from ..canvas import CANVAS_H as CANVAS_H, CANVAS_W as CANVAS_W, CENTRE_X  # re-exported: layout.CANVAS_W

TABLE_CENTRE = (CENTRE_X, 356)
FELT_RECT = pygame.Rect(0, 0, 1120, 596)
FELT_RECT.center = TABLE_CENTRE
RAIL_WIDTH = 30
RAIL_RECT = FELT_RECT.inflate(RAIL_WIDTH * 2, RAIL_WIDTH * 2)
MAX_SEATS = 20


@dataclass(frozen=True)
class SeatSpot:
    """A seat's place on the rail and the direction it faces (radians, screen
    coordinates: 0 = right, pi/2 = down)."""
    x: float
    y: float
    angle: float

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def toward_centre(self, fraction: float) -> tuple[float, float]:
        """The point ``fraction`` of the way from the seat to the table centre."""
        cx, cy = TABLE_CENTRE
        return (self.x + (cx - self.x) * fraction, self.y + (cy - self.y) * fraction)


def seat_spots(n: int, rect: pygame.Rect | None = None) -> list[SeatSpot]:
    """``n`` seats evenly spaced clockwise around the rail, seat 0 at the bottom."""
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"seat count {n} out of range 1..{MAX_SEATS}")
    rect = pygame.Rect(rect) if rect is not None else FELT_RECT.inflate(RAIL_WIDTH, RAIL_WIDTH)
    rx, ry = rect.w / 2, rect.h / 2
    cx, cy = rect.center
    spots = []
    for i in range(n):
        angle = math.pi / 2 + 2 * math.pi * i / n
        spots.append(SeatSpot(cx + rx * math.cos(angle), cy + ry * math.sin(angle), angle))
    return spots


PLATE_NAME_SIZE = 17
"""Font size of a nameplate's name (bold)."""
PLATE_PAD = 40
"""Pixels a nameplate is wider than its words (the seat's colour dot and margins)."""
PLATE_H = 44
"""Pixels of a nameplate's height (a name and a note under it)."""
PLATE_GAP = 8
"""Pixels kept at least between two nameplates side by side."""
EDGE_MARGIN = 8
"""Nameplates keep this far from the window edge (at 4 seats they touched it)."""
PLATE_PHONE_MARK = 18
"""Pixels a nameplate grows by for the mark of a seat played on a phone."""
PLATE_NAME_ROOM = 140
"""Pixels a nameplate's name may take at most: an ordinary name of the
sixteen letters the setup screen takes ("Gwendolyn Marsh": 139) shows whole."""


PLATE_ONE_LINE_SIZES = (PLATE_NAME_SIZE, 16, 15, 14)
"""The sizes a name tries on one line, largest first (``fit_plate_name``)."""
PLATE_TWO_LINE_SIZES = (14, 13, 12)
"""The sizes a name too wide for one line tries on two; the last is the smallest a name is drawn."""
PLATE_NAME_TOP = 3
"""Pixels from a two-line plate's top to its first line (a one-line plate's name sits at 5)."""
PLATE_NOTE_H = 17
"""Pixels of a plate's note line (13-point) with its margin below."""


def fit_plate_name(measure, name: str, room: int, two_line_sizes: tuple[int, ...] = PLATE_TWO_LINE_SIZES,
                   one_line_sizes: tuple[int, ...] = PLATE_ONE_LINE_SIZES) -> tuple[tuple[str, ...], int]:
    """A nameplate's name in ``room`` pixels, as a card game's seat label
    fits one: whole on one line, shrunk down to 14 points if it must; else
    on two lines (broken at the space that balances them best, inside a
    word only when it has none that fits), down to 12 points; only then the
    second line cut with "…" (the whole name shows on hover and in the log).
    ``measure(size, text)`` is the text's width in pixels (bold);
    ``one_line_sizes``, ``two_line_sizes``: the sizes tried where a box is
    not a plate (the setup screen's lower name fields, the bid history's
    16-point lines).  Returns the lines and their size."""
    for size in one_line_sizes:
        if measure(size, name) <= room:
            return (name,), size
    for size in two_line_sizes:
        split = _two_lines(lambda text: measure(size, text), name, room)
        if split is not None:
            return split, size
    size = two_line_sizes[-1]
    cut = max((k for k in range(1, len(name)) if measure(size, name[:k]) <= room), default=1)
    rest = name[cut:].lstrip()
    while rest and measure(size, rest + "\u2026") > room:
        rest = rest[:-1]
    return (name[:cut].rstrip(), rest.rstrip() + "\u2026"), size


def reads_whole(lines: tuple[str, ...], name: str) -> bool:
    """``fit_plate_name`` kept every letter of ``name`` (no "…" cut)."""
    return "".join(lines).replace(" ", "") == name.replace(" ", "")


def _two_lines(width, name: str, room: int) -> tuple[str, str] | None:
    """``name`` broken into two lines each within ``room``: at a space if one
    does it (the most even such break), else inside the word (the most even)."""
    def best(breaks):
        fits = [(max(width(a), width(b)), a, b) for a, b in breaks if a and b and width(a) <= room and width(b) <= room]
        return min(fits)[1:] if fits else None
    spaces = [(name[:k].rstrip(), name[k + 1:].lstrip()) for k, ch in enumerate(name) if ch == " "]
    return best(spaces) or best((name[:k], name[k:]) for k in range(1, len(name)))


def plate_height(lines: int, note: bool) -> int:
    """Pixels of a nameplate's height: ``PLATE_H`` with a one-line name and a
    note, 30 without a note; a two-line name adds a line (``fit_plate_name``)."""
    if lines <= 1:
        return PLATE_H if note else 30
    line = PLATE_TWO_LINE_SIZES[0] + 3   # the 14-point line's height
    return PLATE_NAME_TOP + lines * line + (PLATE_NOTE_H if note else 4)


PLATE_TALLEST = PLATE_NAME_TOP + 2 * (PLATE_TWO_LINE_SIZES[0] + 3) + PLATE_NOTE_H
"""A plate with a two-line name and a note: the height two plates side by side are kept apart for."""


def plate_name_rooms(spots: list[SeatSpot]) -> list[int]:
    """Pixels each seat's nameplate may give its name: ``PLATE_NAME_ROOM``,
    less where a seat at its height stands so near that two plates that wide
    would meet (20 seats: the top and bottom rows, about 130).  At its height:
    within the tallest plate's (a two-line name's), so growing a line never
    puts a plate on its neighbour."""
    rooms = []
    for i, spot in enumerate(spots):
        room = PLATE_NAME_ROOM
        for j, other in enumerate(spots):
            if j != i and abs(spot.y - other.y) < PLATE_TALLEST:
                room = min(room, int(abs(spot.x - other.x)) - PLATE_GAP - PLATE_PAD)
        rooms.append(room)
    return rooms


def toward_centre(pos, fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way from ``pos`` to the table's centre: where a
    seat's cup, dice or tray sit, in front of its nameplate."""
    cx, cy = TABLE_CENTRE
    return (pos[0] + (cx - pos[0]) * fraction, pos[1] + (cy - pos[1]) * fraction)


def slid_clear(size: tuple[int, int], start, blockers, limit: int, bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A box of ``size`` centred at ``start``, slid towards the table's centre
    (2 pixels a step, kept inside ``bounds``) until it touches none of
    ``blockers``, at most ``limit`` pixels; where nothing clears, at ``start``.
    How cups, throw zones and dice flying home keep off the nameplates."""
    x, y = start
    dx, dy = TABLE_CENTRE[0] - x, TABLE_CENTRE[1] - y
    norm = math.hypot(dx, dy) or 1.0
    box = pygame.Rect((0, 0), size)
    for shift in range(0, limit + 1, 2):
        box.center = (round(x + dx / norm * shift), round(y + dy / norm * shift))
        if bounds is not None:
            box.clamp_ip(bounds)
        if box.collidelist(blockers) < 0:
            return box
    box.center = (round(x), round(y))
    return box.clamp(bounds) if bounds is not None else box


def zone_near(pos, fraction: float = 0.35, size=(220, 150)) -> pygame.Rect:
    """A rectangle on the felt in front of ``pos``, clamped inside the felt's box."""
    x, y = toward_centre(pos, fraction)
    rect = pygame.Rect(0, 0, *size)
    rect.center = (int(x), int(y))
    return rect.clamp(FELT_RECT.inflate(-120, -80))
