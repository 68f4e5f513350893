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
