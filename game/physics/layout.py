"""Default dice zones: one tray per seat around the felt.

Table scenes may lay out their own zones; this is the layout the headless
benchmarks use and a sane default for up to 20 seats (Liar's Dice)."""
from __future__ import annotations

import math

from .throw import FELT

Rect = tuple[float, float, float, float]


def _overlap(a: Rect, b: Rect, gap: float) -> bool:
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def seat_zones(seats: int, felt: Rect = FELT, gap: float = 6.0) -> list[Rect]:
    """``seats`` non-overlapping zones on an ellipse inside ``felt``, seat 0
    at the bottom centre (nearest the screen's viewer), then clockwise as
    seen on screen (to the viewer's left first).  Zones are as large as fits,
    at most 360 x 220 px."""
    if seats < 1:
        raise ValueError("seats must be at least 1")
    fx, fy, fw, fh = felt
    cx, cy = fx + fw / 2, fy + fh / 2
    w, h = min(360.0, fw), min(220.0, fh / 2 - gap)
    if seats == 1:
        return [(cx - w / 2, fy + fh - h, w, h)]
    if seats >= 5:
        return _perimeter(seats, felt, gap)
    while True:
        zones = []
        rx, ry = fw / 2 - w / 2, fh / 2 - h / 2
        for i in range(seats):
            t = math.pi / 2 + 2 * math.pi * i / seats
            x, y = cx + rx * math.cos(t), cy + ry * math.sin(t)
            zones.append((round(x - w / 2, 1), round(y - h / 2, 1), round(w, 1), round(h, 1)))
        clash = any(_overlap(zones[i], zones[j], gap)
                    for i in range(seats) for j in range(i + 1, seats))
        if not clash or w < 40:
            return zones
        w *= 0.95
        h = max(h * 0.95, min(h, 0.8 * w))


def _perimeter(seats: int, felt: Rect, gap: float) -> list[Rect]:
    """Seats spaced evenly along the felt's border (big tables): each zone's
    long side runs along its edge, so 20 seats still get room to roll."""
    fx, fy, fw, fh = felt
    along, depth = 360.0, 200.0
    while True:
        ix, iy = fx + depth / 2, fy + depth / 2
        iw, ih = fw - depth, fh - depth
        length = 2 * (iw + ih)
        zones = []
        for i in range(seats):
            # seat 0 bottom centre, then on along the bottom edge to the left
            s = (iw / 2 + length * i / seats) % length
            if s < iw:  # bottom edge, right to left
                x, y, horiz = ix + iw - s, iy + ih, True
            elif s < iw + ih:  # left edge, bottom to top
                x, y, horiz = ix, iy + ih - (s - iw), False
            elif s < 2 * iw + ih:  # top edge, left to right
                x, y, horiz = ix + (s - iw - ih), iy, True
            else:  # right edge, top to bottom
                x, y, horiz = ix + iw, iy + (s - 2 * iw - ih), False
            zw, zh = (along, depth) if horiz else (depth, along)
            zx = min(max(x - zw / 2, fx), fx + fw - zw)
            zy = min(max(y - zh / 2, fy), fy + fh - zh)
            zones.append((round(zx, 1), round(zy, 1), round(zw, 1), round(zh, 1)))
        clash = any(_overlap(zones[i], zones[j], gap)
                    for i in range(seats) for j in range(i + 1, seats))
        if not clash or along < 40:
            return zones
        along *= 0.96
        depth = max(along * 0.62, min(depth, along))
