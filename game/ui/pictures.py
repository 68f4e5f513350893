"""Small pictures drawn in code: die faces and one vignette per game.

Used by the title cards, the icon tool and fallbacks; no image files needed,
so the pictures stay sharp at any size and follow the palette.
"""
from __future__ import annotations

import functools
import math

import pygame

from . import layout_record
from . import theme as th
from ..canvas import CANVAS_SIZE

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
IVORY = (250, 244, 228)
PIP = (40, 28, 22)


def die(surface: pygame.Surface, center, size: float, face: int, *, angle: float = 0.0,
        body=IVORY, pip=PIP, emblem: bool = False) -> None:
    """A six-sided die seen from above, rotated by ``angle`` degrees."""
    s = int(size)
    tile = pygame.Surface((s + 8, s + 8), pygame.SRCALPHA)
    r = pygame.Rect(4, 4, s, s)
    pygame.draw.rect(tile, (0, 0, 0, 90), r.move(2, 3), border_radius=max(2, s // 5))
    pygame.draw.rect(tile, body, r, border_radius=max(2, s // 5))
    shade = tuple(max(0, c - 40) for c in body)
    pygame.draw.rect(tile, shade, r, max(1, s // 18), border_radius=max(2, s // 5))
    if emblem and face == 1:
        star(tile, r.center, s * 0.32, th.BRASS_DARK)
    else:
        for fx, fy in PIPS.get(face, PIPS[1]):
            pygame.draw.circle(tile, pip, (r.x + fx * s, r.y + fy * s), max(1.5, s * 0.09))
    if angle:
        tile = pygame.transform.rotozoom(tile, angle, 1.0)
    box = tile.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(tile, box)
    layout_record.note(surface, "die", box.inflate(-8, -8))   # words never lie under it (tests/test_layout_check.py)


def star(surface, center, radius, colour) -> None:
    """A five-pointed star drawn as a polygon (no image asset needed)."""
    cx, cy = center
    points = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = radius if i % 2 == 0 else radius * 0.45
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)


@functools.lru_cache(maxsize=16)
def _number_font(size: int) -> pygame.font.Font:
    """The bone die's number font, opened once per size (not once per frame)."""
    return pygame.font.Font(None, size)


def bone_die(surface, center, size, number: int, colour=(236, 222, 190)) -> None:
    """The twelve-sided bone die, drawn as a pentagon with a number."""
    cx, cy = center
    pts = [(cx + size * math.cos(-math.pi / 2 + i * 2 * math.pi / 5),
            cy + size * math.sin(-math.pi / 2 + i * 2 * math.pi / 5)) for i in range(5)]
    pygame.draw.polygon(surface, (0, 0, 0), [(x + 2, y + 3) for x, y in pts])
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (150, 130, 96), pts, 2)
    text = _number_font(int(size * 1.1)).render(str(number), True, PIP)
    surface.blit(text, text.get_rect(center=(cx, cy + 2)))


def cup(surface, center, width, height, colour=(120, 40, 30)) -> None:
    """A leather dice cup, upside down."""
    cx, cy = center
    top, bottom = width * 0.36, width * 0.5
    pts = [(cx - top, cy - height / 2), (cx + top, cy - height / 2),
           (cx + bottom, cy + height / 2), (cx - bottom, cy + height / 2)]
    pygame.draw.polygon(surface, colour, pts)
    dark = tuple(max(0, c - 40) for c in colour)
    pygame.draw.polygon(surface, dark, pts, 2)
    pygame.draw.line(surface, th.BRASS, (cx - bottom + 4, cy + height / 2 - 6),
                     (cx + bottom - 4, cy + height / 2 - 6), 3)
    pygame.draw.line(surface, th.BRASS, (cx - top + 3, cy - height / 2 + 6),
                     (cx + top - 3, cy - height / 2 + 6), 2)


def dome(surface, center, width, height, colour=(120, 40, 30)) -> None:
    """Roll Call's dome seen from the side: a half round cover on a brass rim."""
    cx, cy = round(center[0]), round(center[1])
    radius = round(min(width / 2, height - 14))
    base = cy + round(height / 2) - 8
    dark = tuple(max(0, c - 40) for c in colour)
    light = tuple(min(255, c + 36) for c in colour)
    pygame.draw.circle(surface, colour, (cx, base), radius, draw_top_left=True, draw_top_right=True)
    pygame.draw.circle(surface, dark, (cx, base), radius, 2, draw_top_left=True, draw_top_right=True)
    inner = pygame.Rect(cx - radius + 9, base - radius + 9, 2 * radius - 18, 2 * radius - 18)
    pygame.draw.arc(surface, light, inner, math.radians(105), math.radians(155), 4)   # a shine
    pygame.draw.circle(surface, th.BRASS, (cx, base - radius - 3), 7)   # the knob
    pygame.draw.rect(surface, th.BRASS, (cx - radius - 6, base - 2, 2 * radius + 12, 9), border_radius=3)


def game_picture(surface: pygame.Surface, rect, game_id: str) -> None:
    """A vignette of the game on a patch of felt."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, th.FELT, rect, border_radius=10)
    pygame.draw.rect(surface, th.FELT_DARK, rect, 3, border_radius=10)
    cx, cy = rect.center
    u = rect.h / 100
    clip = surface.get_clip()
    surface.set_clip(rect)
    if game_id == "liars-dice":
        cup(surface, (cx - 34 * u, cy - 4 * u), 54 * u, 58 * u)
        for i, (face, ang) in enumerate([(5, 12), (1, -20), (5, 35)]):
            die(surface, (cx + 10 * u + i * 24 * u, cy + 18 * u - (i % 2) * 22 * u), 24 * u, face, angle=ang)
    elif game_id == "roll-call":
        for i, (face, ang) in enumerate([(1, -10), (4, 20), (1, 5), (6, -30)]):
            die(surface, (cx - 48 * u + i * 32 * u, cy + (12 if i % 2 else -12) * u), 26 * u, face,
                angle=ang, emblem=True)
    elif game_id == "roll-the-bones":
        bone_die(surface, (cx - 22 * u, cy), 26 * u, 12)
        for i, face in enumerate((6, 3, 6)):
            die(surface, (cx + 24 * u + (i % 2) * 22 * u, cy - 26 * u + i * 24 * u), 20 * u, face, angle=i * 25)
    elif game_id == "roll-for-it":
        card = pygame.Rect(0, 0, 48 * u, 66 * u)
        card.center = (cx - 30 * u, cy)
        pygame.draw.rect(surface, IVORY, card, border_radius=6)
        pygame.draw.rect(surface, th.BRASS_DARK, card, 2, border_radius=6)
        for i, face in enumerate((3, 3, 5)):
            die(surface, (card.centerx, card.y + 14 * u + i * 19 * u), 15 * u, face)
        for i, face in enumerate((3, 5)):
            die(surface, (cx + 24 * u + i * 26 * u, cy + (10 - i * 20) * u), 24 * u, face, angle=15 - 30 * i,
                body=(196, 64, 52), pip=IVORY)
    else:  # diced-out: the score sheet
        sheet = pygame.Rect(0, 0, 66 * u, 78 * u)
        sheet.center = (cx - 18 * u, cy)
        pygame.draw.rect(surface, IVORY, sheet, border_radius=4)
        for row in range(6):
            y = sheet.y + 10 * u + row * 11 * u
            pygame.draw.line(surface, (180, 160, 130), (sheet.x + 6 * u, y + 8 * u), (sheet.right - 6 * u, y + 8 * u))
            for col in range(row % 4 + 1):
                x = sheet.x + 12 * u + col * 12 * u
                pygame.draw.line(surface, (150, 40, 30), (x - 3 * u, y), (x + 3 * u, y + 6 * u), 2)
                pygame.draw.line(surface, (150, 40, 30), (x + 3 * u, y), (x - 3 * u, y + 6 * u), 2)
        die(surface, (cx + 38 * u, cy - 14 * u), 24 * u, 2, angle=20)
        die(surface, (cx + 36 * u, cy + 18 * u), 24 * u, 6, angle=-12)
    surface.set_clip(clip)


# ----------------------------------------------------------------------
# The table and the menus' backdrop (rendered once per size, lazily)
# ----------------------------------------------------------------------
_TABLE_CACHE: dict[tuple[int, int], pygame.Surface] = {}
_BACKDROP_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def _soft_gradient(size, top, bottom) -> pygame.Surface:
    """``vertical_gradient`` at a fraction of the cost: a 2x64 strip scaled up."""
    strip = th.vertical_gradient((2, 64), top, bottom)
    return pygame.transform.smoothscale(strip, (max(1, size[0]), max(1, size[1])))


def render_table_background(size=CANVAS_SIZE) -> pygame.Surface:
    """Room gradient, a wooden rail with grain, and felt with a soft vignette.

    Every layer is drawn straight onto one surface (no full-size alpha layers
    except the floor shadow, which is drawn small and scaled up, so it is
    soft too); about a fifth of the naive cost, so the title's first frame
    is not held up by it."""
    import random

    from . import layout
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = _soft_gradient((w, h), (46, 30, 22), th.NIGHT)
    sx, sy = w / layout.CANVAS_W, h / layout.CANVAS_H

    def scaled(rect):
        return pygame.Rect(int(rect.x * sx), int(rect.y * sy), int(rect.w * sx), int(rect.h * sy))

    rail = scaled(layout.RAIL_RECT)
    felt = scaled(layout.FELT_RECT)
    # shadow of the table on the floor: drawn at a quarter size, scaled up (soft edge)
    q = 4
    shade = pygame.Surface((max(1, w // q), max(1, h // q)), pygame.SRCALPHA)
    small = pygame.Rect(rail.x // q, rail.y // q, max(1, rail.w // q), max(1, rail.h // q))
    for i in range(8):
        pygame.draw.ellipse(shade, (0, 0, 0, 22), small.inflate(10 - i, 10 - i).move(0, 3))
    surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    # the rail: layered ellipses give it a rounded, lit edge
    pygame.draw.ellipse(surf, th.WOOD_DARK, rail)
    pygame.draw.ellipse(surf, th.WOOD, rail.inflate(-6, -6))
    pygame.draw.ellipse(surf, th.WOOD_LIGHT, rail.inflate(-14, -14).move(0, -3))
    pygame.draw.ellipse(surf, th.WOOD, rail.inflate(-20, -20))
    # wood grain: thin darker rings, pre-blended with the wood (they all lie on the rail)
    rng = random.Random(7)
    inner = max(4, rail.w - felt.w - 4)
    for _ in range(160):
        r = rail.inflate(-rng.randint(4, inner), -rng.randint(4, inner))
        a = rng.randint(18, 40) / 255
        colour = [int(c + (g - c) * a) for c, g in zip(th.WOOD, (40, 20, 8))]
        pygame.draw.ellipse(surf, colour, r, 1)
    # brass inlay and the felt with a vignette towards the rail
    pygame.draw.ellipse(surf, th.BRASS_DARK, felt.inflate(8, 8), 2)
    for i in range(24):
        t = i / 23
        colour = [int(a + (b - a) * t) for a, b in zip(th.FELT_DARK, th.FELT_LIGHT)]
        pygame.draw.ellipse(surf, colour, felt.inflate(-int(felt.w * 0.55 * t), -int(felt.h * 0.55 * t)))
    # felt nap: fine speckle, a touch darker or lighter than the felt below it
    cx, cy, rx, ry = felt.centerx, felt.centery, max(1, felt.w / 2), max(1, felt.h / 2)
    get, put, rand = surf.get_at, surf.set_at, rng.random
    for _ in range(int(6000 * sx * sy)):
        x, y = int(rand() * w), int(rand() * h)
        if ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 0.98:
            c = get((x, y))
            if rand() < 0.5:
                put((x, y), (c[0] * 10 // 11, c[1] * 10 // 11, c[2] * 10 // 11))
            else:
                put((x, y), (c[0] + (255 - c[0]) * 14 // 255, c[1] + (255 - c[1]) * 14 // 255,
                            c[2] + (255 - c[2]) * 14 // 255))
    pygame.draw.ellipse(surf, (14, 44, 30), felt, 3)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def table_background(size=CANVAS_SIZE) -> pygame.Surface:
    """The table background for ``size``, rendered on first use and kept."""
    key = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _TABLE_CACHE.get(key)
    if surf is None:
        surf = _TABLE_CACHE[key] = render_table_background(key)
    return surf


def menu_backdrop(size=CANVAS_SIZE) -> pygame.Surface:
    """The table seen from a little further away, dimmed, with warm lamp light
    from the top centre: the menus' backdrop (kept per size)."""
    key = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _BACKDROP_CACHE.get(key)
    if surf is None:
        surf = table_background(key).copy()
        th.dim(surf, 120)
        # the lamp: drawn small on an alpha layer and scaled up, so it is smooth and cheap
        q = 4
        glow = pygame.Surface((max(1, key[0] // q), max(1, key[1] // q)), pygame.SRCALPHA)
        for i in range(12):
            r = pygame.Rect(0, 0, (1400 - i * 90) // q, (700 - i * 45) // q)
            r.center = (glow.get_width() // 2, -60 // q)
            pygame.draw.ellipse(glow, (255, 200, 120, 6), r)
        surf.blit(pygame.transform.smoothscale(glow, key), (0, 0))
        _BACKDROP_CACHE[key] = surf
    return surf
