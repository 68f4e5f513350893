"""Drawing dice: crisp faces, soft shadows, a cube that turns as it tumbles.

Everything expensive is cached: each face is painted once at 4x and scaled
down (smooth edges), rotated copies are kept per 5-degree bucket, and the
"turning cube" picture (the top face foreshortened plus the side face coming
up) per tilt bucket.  So a frame of 60 tumbling dice is mostly blits.

Face 0 is the blank face: hidden dice are drawn with it (face-down), so a
hidden die shows no number at any moment.

Die kinds read as themselves from any face:

* ``d6``: ivory cube, black pips, a red 1;
* ``emblem``: Roll Call's die, deep blue with gold pips; its 1 is a gold
  crest with a star (the Emblem), never a number;
* ``bone``: Roll the Bones' twelve-sided die, bone-ivory with a brown
  ten-sided outline and a pentagonal top face showing numerals 1-12
  (6 and 9 underlined).
* player colours (Roll For It!): ``colour=`` any entry of
  ``PLAYER_COLOURS``; each adds a border pattern as a second cue.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

import pygame

from ..paths import require_asset
from ..physics import DIE_SIZE
from ..physics.throw import BONE_SCALE
from . import layout_record

SS = 4
"""Supersampling factor for painting faces."""

ROT_BUCKETS = 72
"""Rotation cache resolution: 5 degrees."""

QUARTER = ROT_BUCKETS // 4
"""Buckets per quarter turn: only these are rotozoomed (anti-aliased); the
other three quarters are exact 90-degree turns of them (cheap, lossless)."""

TILT_BUCKETS = 6
"""Distinct pictures of a cube part way over an edge."""

TILT_DIR_STEP = 2
"""Tilted pictures use every second rotation bucket (10 degrees): they show
for a few frames while a die rolls fast, so the coarser step never shows."""

FRAME_FILLS = 10
"""At most this many expensive sprites (rotozoom / composite / shadow
baking) are built per frame inside ``begin_frame``/``end_frame``; beyond it
a die is drawn with the nearest picture already cached (a tilted die flat, a
turned die upright, a die and its shadow in two blits), so a cold cache
never spikes a frame (a 20-seat table's first throw built ~80 in one frame)."""

CACHE_LIMIT = 12000
"""Sprites kept per cache (oldest dropped first, one at a time)."""

CACHE_BYTES = 256 * 1024 * 1024
"""...and at most this many bytes of pixels in all of them together (the
count alone let a 20-seat table's pictures, 20-30 KB each with their baked
shadows, take 340 MB)."""

WARM_BYTES = CACHE_BYTES * 3 // 4
"""Making pictures ahead (``warm_room``) stops here: the rest of the room is
for the pictures a throw needs that were not made ahead."""

BAKED_BLEND = pygame.BLEND_PREMULTIPLIED
"""A baked sprite (a die over its shadow) is kept with its colours
premultiplied by its alpha and blitted so: half the cost of a plain alpha
blit (120 dice a frame at 20x6), within one level of every colour channel."""

WARM_AFTER = 300
"""Turning draws of a kind, colour and size before its pictures are warmed
(a few throws: a roll-off's odd dice are not)."""

WARM_LIMIT = CACHE_LIMIT // 2
"""The background warming of turning-cube pictures (``end_frame``) stops at
this many: it fills room, it never pushes out pictures in use."""


@dataclass(frozen=True)
class DrawnDie:
    """One seat's die as the renderer drew it (the secrecy record).

    ``face_up``: its number showed (False: the blank face, i.e. face-down);
    ``public``: drawn as part of a public reveal (a Call lifts every cup)."""
    owner: int
    face_up: bool
    public: bool = False


_DRAWN: dict[tuple, DrawnDie] = {}
"""Each ``DrawnDie`` made once (they never change): a throw notes 120 hidden dice a frame."""


def record(owner: int, face_up: bool, public: bool = False) -> DrawnDie:
    """The secrecy record of one hidden die of ``owner`` drawn (``DiceRenderer.drawn``)."""
    key = (owner, bool(face_up), public)
    drawn = _DRAWN.get(key)
    if drawn is None:
        drawn = _DRAWN[key] = DrawnDie(*key)
    return drawn


@dataclass(frozen=True)
class DiceColour:
    """A die body colour with its pip colour and a second, non-colour cue."""
    name: str
    body: tuple[int, int, int]
    pips: tuple[int, int, int]
    pattern: str  # plain | double | dots | corners | dashes | inner | studs | stripes

    def __iter__(self):  # lets ``tuple(colour)[:3]`` give the RGB
        return iter(self.body)

    def __hash__(self) -> int:
        """The fields' hash, worked out once: a colour is part of every
        sprite cache key, looked up for each die drawn (thousands a second)."""
        known = self.__dict__.get("_hash")
        if known is None:
            known = hash((self.name, self.body, self.pips, self.pattern))
            object.__setattr__(self, "_hash", known)
        return known


_MORE_COLOURS = (
    # Seats 8-20 (Liar's Dice seats 20), after the seven Okabe-Ito colours of either
    # palette, measured as they are drawn: the die (and nameplate dot) and the cup
    # (``cup_colour``).  Every pair at least 17.5 apart in CIEDE2000 on both, every
    # cup clear of the felt, and no greys: every colour but the white has a hue
    # (at 20 seats Ansel's slate and Maude's taupe cups read alike, and Garrick's
    # lilac beside Jasper's white; tests/test_seat_colours.py).
    DiceColour("violet", (120, 70, 190), (255, 255, 255), "stripes"),
    DiceColour("white", (244, 242, 236), (30, 30, 30), "double"),
    DiceColour("crimson", (190, 20, 70), (255, 240, 236), "dots"),
    DiceColour("mint", (80, 240, 170), (20, 40, 30), "stripes"),
    DiceColour("peach", (250, 178, 150), (60, 30, 20), "studs"),
    DiceColour("periwinkle", (140, 130, 245), (24, 20, 60), "dashes"),
    DiceColour("ochre", (150, 112, 10), (255, 250, 235), "inner"),
    DiceColour("aqua", (40, 225, 225), (10, 40, 50), "corners"),
    DiceColour("coral", (250, 90, 100), (255, 255, 255), "dots"),
    DiceColour("olive", (102, 144, 0), (255, 255, 240), "double"),
    DiceColour("sage", (178, 190, 142), (30, 36, 20), "plain"),
    DiceColour("lime", (138, 252, 0), (24, 44, 8), "dashes"),
    DiceColour("fuchsia", (234, 0, 255), (255, 255, 255), "studs"),
)
PLAYER_COLOURS: tuple[DiceColour, ...] = (
    # Okabe-Ito based: distinct under the common colour-vision deficiencies.
    DiceColour("vermilion", (213, 94, 0), (255, 248, 236), "plain"),
    DiceColour("blue", (0, 114, 178), (255, 255, 255), "double"),
    DiceColour("yellow", (240, 228, 66), (40, 32, 20), "dots"),
    DiceColour("green", (0, 158, 115), (255, 255, 255), "corners"),
    DiceColour("sky", (86, 180, 233), (20, 30, 50), "dashes"),
    DiceColour("orange", (230, 159, 0), (40, 24, 8), "inner"),
    DiceColour("purple", (204, 121, 167), (40, 16, 32), "studs"),
) + _MORE_COLOURS
"""Player dice colours, in seat order, one per seat up to 20; each has a pattern as a second cue."""

_PALETTE_COLOURBLIND = (
    # Same cues, hues pushed further apart in lightness for the setting (its green
    # no darker than the felt's own green).
    DiceColour("vermilion", (200, 70, 0), (255, 255, 255), "plain"),
    DiceColour("blue", (0, 90, 160), (255, 255, 255), "double"),
    DiceColour("yellow", (250, 236, 90), (20, 20, 20), "dots"),
    DiceColour("green", (0, 165, 120), (255, 255, 255), "corners"),
    DiceColour("sky", (120, 200, 245), (10, 20, 40), "dashes"),
    DiceColour("orange", (240, 170, 20), (20, 12, 4), "inner"),
    DiceColour("purple", (190, 110, 160), (20, 8, 16), "studs"),
) + _MORE_COLOURS

IVORY = DiceColour("ivory", (246, 240, 226), (28, 24, 22), "none")
EMBLEM_BLUE = DiceColour("emblem", (28, 46, 92), (236, 196, 92), "none")
BONE = DiceColour("bone", (232, 218, 186), (74, 48, 28), "none")
PIP_RED = (186, 32, 38)


def player_colour(index: int, colourblind: bool = False) -> DiceColour:
    """The dice colour of seat ``index`` (20 different ones: every seat of the largest table)."""
    palette = _PALETTE_COLOURBLIND if colourblind else PLAYER_COLOURS
    return palette[index % len(palette)]


_DEFAULT_COLOURS = {"emblem": EMBLEM_BLUE, "bone": BONE}

CUP_LEATHER = (96, 52, 28)
PLAIN_CUP = (111, 59, 33)
"""A cup of no seat (as it was: (120, 64, 36) mixed 35% towards the leather)."""
CUP_TINT = 0.12
"""How far a seat's cup is mixed towards leather brown: a touch, so the cup
still shows its seat's colour (at 0.35 the pale and the muted colours all
turned the same beige, and the green seat's cup sank into the felt)."""


def cup_colour(colour) -> tuple[int, int, int]:
    """The body colour of a cup in ``colour`` (a seat's ``DiceColour``, an
    RGB, or None for the plain leather cup), before its shading."""
    if colour is None:
        return PLAIN_CUP
    return _mix(_as_colour("d6", colour).body, CUP_LEATHER, CUP_TINT)


def _as_colour(kind: str, colour) -> DiceColour:
    if colour is None:
        return _DEFAULT_COLOURS.get(kind, IVORY)
    if isinstance(colour, DiceColour):
        return colour
    rgb = tuple(colour)[:3]
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return DiceColour("custom", rgb, (20, 20, 20) if lum > 150 else (250, 250, 250), "none")


def _shade(rgb, f):
    return tuple(max(0, min(255, int(c * f))) for c in rgb[:3])


def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# ----------------------------------------------------------------------
# Painting one face (big, then scaled down)
# ----------------------------------------------------------------------

_PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

_font_cache: dict[int, pygame.font.Font] = {}


def _font(px: int) -> pygame.font.Font:
    """Lato Bold from assets/fonts (``AssetError`` if the file is missing)."""
    if px not in _font_cache:
        if not pygame.font.get_init():
            pygame.font.init()
        _font_cache[px] = pygame.font.Font(str(require_asset("fonts", "Lato-Bold.ttf")), px)
    return _font_cache[px]


def _decagon(cx, cy, r, phase=0.0):
    return [(cx + r * math.cos(phase + math.pi * k / 5), cy + r * math.sin(phase + math.pi * k / 5))
            for k in range(10)]


def _pentagon(cx, cy, r):
    return [(cx + r * math.cos(-math.pi / 2 + 2 * math.pi * k / 5),
             cy + r * math.sin(-math.pi / 2 + 2 * math.pi * k / 5)) for k in range(5)]


def _star(cx, cy, r_out, r_in, points=5):
    out = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = -math.pi / 2 + math.pi * k / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _draw_emblem(surf, rect, gold):
    """The Roll Call Emblem: a gold crest (shield) with a star."""
    x, y, w, h = rect
    cx = x + w / 2
    top, bottom = y + h * 0.12, y + h * 0.9
    half = w * 0.36
    shield = [(cx - half, top), (cx + half, top), (cx + half, top + h * 0.42),
              (cx + half * 0.55, top + h * 0.62), (cx, bottom),
              (cx - half * 0.55, top + h * 0.62), (cx - half, top + h * 0.42)]
    pygame.draw.polygon(surf, _shade(gold, 0.55), [(px + w * 0.02, py + h * 0.03) for px, py in shield])
    pygame.draw.polygon(surf, gold, shield)
    inner = [(cx + (px - cx) * 0.8, top + h * 0.05 + (py - top) * 0.8) for px, py in shield]
    pygame.draw.polygon(surf, _mix(gold, (255, 255, 255), 0.35), inner, max(1, int(w * 0.025)))
    pygame.draw.polygon(surf, (150, 30, 36), _star(cx, top + h * 0.33, w * 0.2, w * 0.085))


def _draw_pattern(surf, size, colour: DiceColour, strong: bool):
    """The second cue of a player colour, drawn on the die's border."""
    p = colour.pattern
    if p in ("none", "plain"):
        return
    ink = (*colour.pips[:3], 255 if strong else 170)
    s = size
    m = s * 0.075
    lw = max(1, int(s * (0.035 if strong else 0.028)))
    layer = pygame.Surface((s, s), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, s, s).inflate(-2 * m, -2 * m)
    if p == "double":
        pygame.draw.rect(layer, ink, r, lw, border_radius=int(s * 0.14))
    elif p == "inner":
        pygame.draw.rect(layer, ink, r.inflate(-s * 0.06, -s * 0.06), lw * 2, border_radius=int(s * 0.06))
    elif p == "dashes":
        n = 4
        for k in range(n):
            t0 = (k + 0.25) / n
            t1 = (k + 0.75) / n
            for (ax, ay), (bx, by) in (((r.left, r.top), (r.right, r.top)), ((r.right, r.top), (r.right, r.bottom)),
                                       ((r.right, r.bottom), (r.left, r.bottom)), ((r.left, r.bottom), (r.left, r.top))):
                pygame.draw.line(layer, ink, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), lw)
    elif p in ("dots", "studs"):
        rad = s * (0.03 if p == "dots" else 0.045)
        pts = [(r.left + r.width * t, r.top) for t in (0.3, 0.7)] + \
              [(r.left + r.width * t, r.bottom) for t in (0.3, 0.7)] + \
              [(r.left, r.top + r.height * t) for t in (0.3, 0.7)] + \
              [(r.right, r.top + r.height * t) for t in (0.3, 0.7)]
        if p == "studs":
            pts = [(r.left + s * 0.04, r.top + s * 0.04), (r.right - s * 0.04, r.top + s * 0.04),
                   (r.left + s * 0.04, r.bottom - s * 0.04), (r.right - s * 0.04, r.bottom - s * 0.04)]
        for x, y in pts:
            pygame.draw.circle(layer, ink, (x, y), rad)
    elif p == "corners":
        c = s * 0.17
        for (x, y, dx, dy) in ((r.left, r.top, 1, 1), (r.right, r.top, -1, 1),
                               (r.left, r.bottom, 1, -1), (r.right, r.bottom, -1, -1)):
            pygame.draw.polygon(layer, ink, [(x, y), (x + dx * c, y), (x, y + dy * c)])
    elif p == "stripes":
        step = s * 0.12
        for k in range(-10, 10):
            x0 = k * step
            pygame.draw.line(layer, ink, (x0, 0), (x0 + s, s), max(1, lw // 2))
        mask = pygame.Surface((s, s), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), pygame.Rect(0, 0, s, s), int(m * 1.6),
                         border_radius=int(s * 0.18))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))


def _pattern_and_pips(surf, big, kind, face, colour, top, strong_pattern) -> None:
    """The colour-blind pattern cue, then the pips (or Emblem) on ``top``."""
    if colour.pattern not in ("none", "plain"):
        pat = pygame.Surface((big, big), pygame.SRCALPHA)
        _draw_pattern(pat, big, colour, strong_pattern)
        surf.blit(pat, (0, 0))
    if face:
        _paint_pips(surf, big, kind, face, colour, top)


def paint_face(kind: str, face: int, colour: DiceColour, size: int, *, strong_pattern=False,
               side: bool = False) -> pygame.Surface:
    """A face at ``size`` px (square surface, transparent corners).

    ``side``: painted as a side face (no outline: it joins the top face)."""
    big = size * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    body = colour.body
    if kind == "bone":
        _paint_bone(surf, big, face, colour)
    else:
        rect = pygame.Rect(0, 0, big, big)
        radius = int(big * 0.2)
        pygame.draw.rect(surf, _shade(body, 0.72), rect, border_radius=radius)
        inner = rect.inflate(-big * 0.05, -big * 0.05).move(-big * 0.012, -big * 0.018)
        pygame.draw.rect(surf, _shade(body, 0.9), inner, border_radius=int(radius * 0.9))
        top = rect.inflate(-big * 0.12, -big * 0.12).move(-big * 0.012, -big * 0.02)
        pygame.draw.rect(surf, body, top, border_radius=int(radius * 0.75))
        # soft highlight along the upper-left
        hl = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.rect(hl, (255, 255, 255, 38), top.inflate(-big * 0.1, -big * 0.1).move(-big * 0.02, -big * 0.03),
                         border_radius=int(radius * 0.6))
        surf.blit(hl, (0, 0))
        _pattern_and_pips(surf, big, kind, face, colour, top, strong_pattern)
    return pygame.transform.smoothscale(surf, (size, size))


def _paint_pips(surf, big, kind, face, colour, top):
    if kind == "emblem" and face == 1:
        _draw_emblem(surf, (top.x + big * 0.06, top.y + big * 0.06, top.w - big * 0.12, top.h - big * 0.12),
                     colour.pips)
        return
    step = top.w * 0.28
    rad = big * (0.095 if face > 1 else 0.13)
    pip = colour.pips
    if kind == "d6" and face == 1 and colour.name == "ivory":
        pip = PIP_RED
    for dx, dy in _PIPS[face]:
        cx, cy = top.centerx + dx * step, top.centery + dy * step
        pygame.draw.circle(surf, _mix(colour.body, (0, 0, 0), 0.35), (cx + big * 0.01, cy + big * 0.014), rad * 1.08)
        pygame.draw.circle(surf, pip, (cx, cy), rad)
        pygame.draw.circle(surf, _mix(pip, (255, 255, 255), 0.25), (cx - rad * 0.3, cy - rad * 0.3), rad * 0.3)


def paint_face_flat(kind: str, face: int, colour: DiceColour, size: int, *,
                    strong_pattern=False) -> pygame.Surface:
    """A d6/emblem face as a full square of die surface (no rim, no rounded
    corners): the material the turning-cube picture is cut from, so the top
    and the side face meet edge to edge with no gap."""
    big = size * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*colour.body, 255))
    top = pygame.Rect(0, 0, big, big).inflate(-big * 0.1, -big * 0.1)
    _pattern_and_pips(surf, big, kind, face, colour, top, strong_pattern)
    return pygame.transform.smoothscale(surf, (size, size))


def _tilt_widths(size: int, tb: int) -> tuple[int, int]:
    """Pixels across of the side face coming up and of the top face going
    down, ``tb`` tilt buckets over an edge (``_tilted_base``)."""
    theta = tb / TILT_BUCKETS * math.pi / 2
    return max(1, int(round(size * math.sin(theta)))), max(1, int(round(size * math.cos(theta))))


def _silhouette(w: int, h: int, radius: float, rim_rgb, edge_x: float, edge_rgb) -> tuple:
    """(alpha mask, rim overlay) of a rounded w x h cube outline, painted at
    ``SS`` and scaled down; ``edge_x`` is where the side face meets the top
    face (a soft light line: the rounded edge catching the light)."""
    bw, bh = w * SS, h * SS
    mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, bw, bh), border_radius=int(radius * SS))
    rim = pygame.Surface((bw, bh), pygame.SRCALPHA)
    lw = max(2, int(SS * h * 0.045))
    pygame.draw.rect(rim, (*rim_rgb, 255), (0, 0, bw, bh), lw, border_radius=int(radius * SS))
    ex = int(edge_x * SS)
    if 0 < ex < bw:
        pygame.draw.line(rim, (*edge_rgb, 150), (ex, lw), (ex, bh - lw), max(2, int(SS * 0.9)))
        pygame.draw.line(rim, (*_shade(rim_rgb, 0.9), 70), (ex - int(SS * 1.2), lw),
                         (ex - int(SS * 1.2), bh - lw), max(1, SS // 2))
    return (pygame.transform.smoothscale(mask, (w, h)), pygame.transform.smoothscale(rim, (w, h)))


_SIDES = {"d6": 6, "emblem": 6, "bone": 12}
"""Faces of each kind of die (face 0, the blank, besides)."""

BONE_SYMMETRY = 2 * math.pi / 5
"""The painted d12 looks the same after a fifth of a turn (its upper facets form a pentagon)."""


_TURN_DEGREES = 360 / ROT_BUCKETS
_TILT_DIR_DEGREES = _TURN_DEGREES * TILT_DIR_STEP


def _turn_bucket(angle: float) -> int:
    """The rotation bucket a die turned ``angle`` radians is drawn at."""
    return int(round(-math.degrees(angle) / _TURN_DEGREES)) % ROT_BUCKETS


def readable_angle(kind: str, angle: float) -> float:
    """The angle to draw a resting die at.  A d12 carries a number, not pips:
    turned with the die a 7 read as an L, so it is drawn at the same angle
    modulo its fifth-turn symmetry, which keeps the number within 36 degrees
    of upright while the body looks exactly as turned.  Other dice: as is."""
    if kind != "bone":
        return angle
    return (angle + BONE_SYMMETRY / 2) % BONE_SYMMETRY - BONE_SYMMETRY / 2


def _paint_bone(surf, big, face, colour):
    c = big / 2
    body = colour.body
    outline = _shade(body, 0.45)
    pygame.draw.polygon(surf, outline, _decagon(c, c, big * 0.5))
    pygame.draw.polygon(surf, _shade(body, 0.82), _decagon(c, c, big * 0.46))
    # the five upper facets around the top face, alternating light and shade
    outer = _decagon(c, c, big * 0.46, -math.pi / 2)
    pent = _pentagon(c, c, big * 0.3)
    for k in range(5):
        a, b = pent[k], pent[(k + 1) % 5]
        o1, o2, o3 = outer[2 * k], outer[2 * k + 1], outer[(2 * k + 2) % 10]
        pygame.draw.polygon(surf, _shade(body, 0.93 if k % 2 else 0.86), [a, o1, o2, o3, b])
    pygame.draw.polygon(surf, body, pent)
    pygame.draw.polygon(surf, _shade(body, 0.6), pent, max(1, int(big * 0.012)))
    pygame.draw.polygon(surf, outline, _decagon(c, c, big * 0.485), max(2, int(big * 0.03)))
    if face:
        font = _font(int(big * (0.3 if face >= 10 else 0.34)))
        text = font.render(str(face), True, colour.pips)
        surf.blit(text, text.get_rect(center=(c, c + big * 0.02)))
        if face in (6, 9):
            y = c + big * 0.02 + text.get_height() * 0.38
            pygame.draw.line(surf, colour.pips, (c - big * 0.06, y), (c + big * 0.06, y), max(2, int(big * 0.02)))


def _soft_shadow(w, h, radius, strength=110) -> pygame.Surface:
    """A blurred dark blob (scale down and up twice: cheap blur)."""
    pad = int(max(w, h) * 0.35) + 4
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, strength), pygame.Rect(pad, pad, w, h), border_radius=radius)
    small = pygame.transform.smoothscale(surf, (max(1, surf.get_width() // 6), max(1, surf.get_height() // 6)))
    return pygame.transform.smoothscale(small, surf.get_size())


def _turned(base: pygame.Surface, quarters: int) -> pygame.Surface:
    """``base`` turned ``quarters`` quarter turns (exact, lossless)."""
    return pygame.transform.rotate(base, 90 * quarters) if quarters else base


def _sprite_bytes(kept) -> int:
    """Bytes of pixels of a kept picture, or of a baked sprite (its image first)."""
    surf = kept[0] if isinstance(kept, tuple) else kept
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def _trim(surf: pygame.Surface) -> pygame.Surface:
    """Crop fully transparent margins, the same on every side (so the
    picture's centre stays put): fewer pixels to blend per blit."""
    w, h = surf.get_size()
    b = surf.get_bounding_rect()
    m = min(b.left, b.top, w - b.right, h - b.bottom)
    if m <= 0:
        return surf
    return surf.subsurface((m, m, w - 2 * m, h - 2 * m)).copy()


# ----------------------------------------------------------------------
# The renderer
# ----------------------------------------------------------------------

class DiceRenderer:
    """Draws dice poses with caches.  ``die_size``: default size in canvas
    pixels for icons; dice from a throw are drawn at the size the physics
    gave them (``pose.size``), so picture and body always match."""

    def __init__(self, die_size: float = DIE_SIZE, *, colourblind: bool = False,
                 prewarm: bool = True):
        self.die_size = int(round(die_size))
        self.colourblind = colourblind
        self._faces: dict = {}
        self._flat: dict = {}
        self._rotated: dict = {}
        self._tilted: dict = {}
        self._shadows: dict = {}
        self._glow: dict = {}
        self._outline: dict = {}
        self._baked: dict = {}
        self._quick: dict[tuple, tuple] = {}
        """Picture key (``_picture_key``) -> the baked sprite drawn for it: a die
        whose exact picture is made is drawn by ``sprite`` with one look-up, not
        through ``draw`` (about 30 us of Python a die, 120 dice moving at 20x6)."""
        self._quick_key: dict = {}
        """Baked picture -> its key in ``_quick`` (the two leave together)."""
        self._tones: dict[DiceColour, int] = {}
        """A small number per die colour, so a picture key hashes without the colour's ``__hash__``."""
        self._tone_colours: list[DiceColour] = []
        self._fills_left: int | None = None
        self._warm_queue: Iterator[tuple] | None = None
        self._turning: dict[tuple, int] = {}
        """Dice drawn turning so far, by (kind, tone, size) (``end_frame``)."""
        self._warmed: set[tuple] = set()
        self.sprite_bytes = 0
        """Bytes of pixels in the pictures kept (``CACHE_BYTES``)."""
        self.dropped = 0
        """Pictures and sprites let go to stay within the caps (many: the caches churn)."""
        self.fallbacks = 0
        """Tilted pictures drawn flat because the frame's fill budget ran out."""
        self.drawn: list[DrawnDie] = []
        """What this frame showed of seats' hidden dice: one ``DrawnDie`` per
        hidden die drawn (a die in flight, a tray, a reveal), so tests can
        prove from the renderer itself that no hidden face leaked.  The
        table starts a new record each frame (``start_record``)."""
        if prewarm:
            self.prewarm()

    # --------------------------------------------------------- caches
    def prewarm(self, kinds=("d6",), colours=(None,), size: int | None = None, *,
                tilts: bool = False) -> int:
        """Build the sprites of ``kinds`` x ``colours`` now: every face, its
        shadow and all rotations (a few ms for one kind and colour).  With
        ``tilts`` also every turning-cube picture (about 0.1 s per kind and
        colour; scenes may call it while loading).  Returns sprites built."""
        return sum(1 for _ in self.prewarm_steps(kinds, colours, size, tilts=tilts))

    def prewarm_steps(self, kinds=("d6",), colours=(None,), size: int | None = None, *,
                      tilts: bool = False) -> Iterator[None]:
        """``prewarm`` one sprite per step (a generator), so a table's opening
        can build them a few at a time between frames."""
        for kind in kinds:
            sz = self._size_of(kind, size)
            self._shadow(kind, sz)
            for colour in colours:
                col = _as_colour(kind, colour)
                yield from self.warm_steps(((kind, col, range(0, _SIDES.get(kind, 6) + 1)),), size, turning=False)
                if tilts:
                    for _ in self._tilt_jobs(kind, col, sz):
                        yield

    def _size_of(self, kind: str, size: int | None = None) -> int:
        """The size a throw's die of ``kind`` is drawn at (a bone is larger)."""
        if kind == "bone" and size is None:
            return int(round(self.die_size * BONE_SCALE))
        return int(size or self.die_size)

    def warm_steps(self, looks, size: int | None = None, *, turning: bool = True) -> Iterator[None]:
        """Make, one sprite a step (a generator), the pictures ``sprite``
        finds of the dice a table throws: ``looks`` lists (kind, colour,
        faces shown).  First every turn of those faces lying flat (all of
        ``looks``), then, with ``turning``, the cube part way over an edge
        for dice shown face-down only (a face-up die turning has 25 face
        pairs: too many to make ahead at every colour; it shows flat while
        its picture is missing).  A table runs these in frames where
        nothing flies: a throw of 20 seats' colours otherwise found few of
        its 120 dice's pictures made and drew the rest through ``draw``."""
        for picture in self.pictures_wanted(looks, size, turning=turning):
            self._make(picture)
            yield

    def pictures_wanted(self, looks, size: int | None = None, *, turning: bool = True) -> Iterator[tuple]:
        """The pictures ``warm_steps`` makes that are not made yet (checked as
        each is reached), in its order: what ``make`` is given."""
        return (picture for picture in self._pictures_of(looks, size, turning) if picture not in self._quick)

    def make(self, picture: tuple) -> None:
        """Make ``picture`` (one of ``pictures_wanted``) if it is not made yet."""
        self._make(picture)

    def unpainted_parts(self, picture: tuple) -> list[Callable[[], object]]:
        """What ``picture`` (one of ``pictures_wanted``) is cut from that is
        not painted yet, each a call that paints it: an upright face (about
        0.6 ms) or a tilt's flat faces and outline (0.6-0.8 ms each), ten
        pictures' worth.  The picture warmer paints them a frame each; cut
        from them, the picture itself is light (about 0.06 ms)."""
        kind, size, tone, face, nxt, tb, turn, quarter = picture
        col = self._tone_colours[tone]
        r = turn % QUARTER
        if not tb:
            if (kind, face, col, size, r) in self._rotated or (kind, face, col, size) in self._faces:
                return []
            return [partial(self.face, kind, face, col, size)]
        if (kind, face, nxt, col, size, tb, r, quarter) in self._tilted:
            return []
        paint, painted = (self.face, self._faces) if kind == "bone" else (self._flat_face, self._flat)
        parts: list[Callable[[], object]] = [partial(paint, kind, f, col, size) for f in dict.fromkeys((face, nxt))
                                             if (kind, f, col, size) not in painted]
        if kind != "bone" and (col, size, tb) not in self._outline:
            parts.append(partial(self._outline_for, col, size, tb, *_tilt_widths(size, tb)))
        return parts

    def _pictures_of(self, looks, size: int | None, turning: bool) -> Iterator[tuple]:
        """The picture keys ``warm_steps`` makes, in its order."""
        for kind, colour, faces in looks:
            tone, sz = self.tone(kind, colour), self._size_of(kind, size)
            for face in faces:
                for turn in range(ROT_BUCKETS):
                    yield (kind, sz, tone, face, -1, 0, turn, 0)
        if not turning:
            return
        for kind, colour, faces in looks:
            if tuple(faces) != (0,):
                continue
            tone, sz = self.tone(kind, colour), self._size_of(kind, size)
            for tb in range(1, TILT_BUCKETS):
                for turn in range(0, ROT_BUCKETS, TILT_DIR_STEP):
                    for quarter in range(2 if kind == "d6" else 4):
                        yield (kind, sz, tone, 0, 0, tb, turn, quarter)

    def _make(self, picture: tuple) -> None:
        """Make the baked sprite of ``picture`` (a ``_picture_key``) now,
        whatever the frame's budget, and let ``sprite`` find it."""
        if picture in self._quick:
            return
        kind, size, tone, face, _, tb, turn, _ = picture
        col = self._tone_colours[tone]
        fills, self._fills_left = self._fills_left, None   # exact pictures, outside any frame's budget
        try:
            if tb:
                turned = self._tilted_face(picture, col)
                tq = tb / TILT_BUCKETS
                lift = tq * (1 - tq) * 4
            else:
                turned = self._rotated_face(kind, face, col, size, bucket=turn)
                lift = 0.0
        finally:
            self._fills_left = fills
        assert turned is not None, "no budget, no stand-in"
        baked = self._baked.get(turned) or self._bake(turned, self._shadow(kind, size), size, lift)
        self._remember(picture, turned, baked)

    def _remember(self, picture: tuple, turned: tuple, baked: tuple) -> None:
        """``sprite`` finds ``baked`` (made from ``turned``) for ``picture`` from now on."""
        if turned not in self._quick_key:
            self._quick[picture] = baked
            self._quick_key[turned] = picture

    def face_steps(self, kind: str, colour=None, faces=(0,), size: int | None = None) -> Iterator[None]:
        """Paint ``faces`` of ``kind`` in ``colour`` upright, one a step (a
        generator): what its lying-flat pictures are cut from (about 0.13 ms
        each at 20 seats); cut at a throw's frames' budget (``FRAME_FILLS``)."""
        col, sz = _as_colour(kind, colour), self._size_of(kind, size)
        for face in faces:
            if (kind, face, col, sz) not in self._faces:
                self.face(kind, face, col, sz)
                yield

    def turning_parts_steps(self, kind: str, colour=None, faces=(0,), size: int | None = None) -> Iterator[None]:
        """Paint, one turning picture a step (a generator), ``faces`` of
        ``kind`` in ``colour`` as the turning cube is cut from them (the
        blank face (0,), or all), and the outline at every tilt: a throw's
        first turning pictures (built in its frames, at most ``FRAME_FILLS``
        a frame) then cost about half as much (0.3 ms each at 20 seats, up
        to 3.5 ms in one frame)."""
        if kind == "bone":
            return
        col, sz = _as_colour(kind, colour), self._size_of(kind, size)
        pairs = ((0, 0),) if tuple(faces) == (0,) else ((1, 2), (3, 5), (4, 6))   # each face once
        for face, nxt in pairs:
            for tb in range(1, TILT_BUCKETS):
                key = (kind, face, nxt, col, sz, tb, 0, 0)
                if key not in self._tilted:
                    self._put(self._tilted, key, self._tilted_base(kind, face, nxt, col, sz, tb, 0, 0))
                yield

    def _tilt_jobs(self, kind, col, size) -> Iterator[tuple]:
        """Build every canonical tilted picture of one kind and colour (a
        generator: one picture per step, so it can run a little per frame)."""
        sides = 12 if kind == "bone" else 6
        if kind == "bone":
            pairs = [(0, 0)] + [(a, b) for a in range(1, 13) for b in range(1, 13) if a != b]
        else:
            pairs = [(0, 0)] + [(a, b) for a in range(1, sides + 1) for b in range(1, sides + 1)
                                if a != b and a + b != 7]
        quarters = range(2) if kind == "d6" else range(4)
        for tb in range(1, TILT_BUCKETS):
            for r in range(0, QUARTER, TILT_DIR_STEP):
                for q in quarters:
                    for face, nxt in pairs:
                        key = (kind, face, nxt, col, size, tb, r, q)
                        if key not in self._tilted:
                            self._put(self._tilted, key, self._tilted_base(kind, face, nxt, col, size, tb, r, q))
                            yield key

    def start_record(self) -> None:
        """Forget the last frame's ``drawn`` record (the table calls this
        first thing in every frame it draws)."""
        self.drawn = []

    def note(self, owner: int | None, face_up: bool, public: bool = False) -> None:
        """Record one hidden die of ``owner`` drawn (None: not a seat's die)."""
        if owner is not None and owner >= 0:
            self.drawn.append(record(owner, face_up, public))

    def begin_frame(self, max_fills: int = FRAME_FILLS) -> None:
        """Start a frame with a budget of expensive sprite builds (see
        ``FRAME_FILLS``).  Outside ``begin_frame``/``end_frame`` there is no
        budget: every picture is exact."""
        self._fills_left = max_fills

    def end_frame(self) -> None:
        """End the frame: leftover budget warms, in the background, the
        turning-cube pictures of the dice this table throws, when one kind,
        colour and size makes up at least half of the dice seen turning (and
        ``WARM_AFTER`` of them), while the cache is under ``WARM_LIMIT``; then
        the budget is lifted.  (It warmed the plain ivory d6 at every table:
        where each seat throws its own colour, or another kind, the pictures
        built in throw frames were never shown: half of all built at Roll For
        It!, Roll Call and Roll the Bones.)"""
        left = self._fills_left or 0
        self._fills_left = None
        for _ in range(left // 2):
            if len(self._tilted) >= WARM_LIMIT or not self.warm_room():
                return
            if self._warm_queue is None:
                total = sum(self._turning.values())
                seen = [t for t, n in self._turning.items()
                        if n >= WARM_AFTER and 2 * n >= total and t not in self._warmed]
                if not seen:
                    return
                target = seen[0]
                self._warmed.add(target)
                kind, tone, size = target
                self._warm_queue = self._tilt_jobs(kind, self._tone_colours[tone], size)
            if next(self._warm_queue, None) is None:
                self._warm_queue = None

    def _put(self, cache: dict, key, surf) -> None:
        """Keep ``surf`` (a baked sprite's tuple in ``_baked``); while the
        sprites kept pass ``CACHE_BYTES`` (or this cache ``CACHE_LIMIT``) the
        oldest of this cache goes, and with a picture its baked sprites
        (which would otherwise keep it alive)."""
        cache[key] = surf
        self.sprite_bytes += _sprite_bytes(surf)
        while len(cache) > 1 and (len(cache) > CACHE_LIMIT or self.sprite_bytes > CACHE_BYTES):
            oldest = next(iter(cache))
            gone = cache.pop(oldest)
            self.sprite_bytes -= _sprite_bytes(gone)
            self.dropped += 1
            if cache is self._baked:
                self._forget_baked(oldest)
                continue
            for quarter in range(4):
                baked = self._baked.pop((gone, quarter), None)
                if baked is not None:
                    self.sprite_bytes -= _sprite_bytes(baked)
                    self._forget_baked((gone, quarter))

    def _forget_baked(self, turned: tuple) -> None:
        """The quick look-up of a picture leaves with its baked sprite."""
        key = self._quick_key.pop(turned, None)
        if key is not None:
            self._quick.pop(key, None)

    def warm_room(self) -> bool:
        """Whether warming ahead may still add pictures (below ``WARM_BYTES``):
        it fills room, it never pushes out pictures in use."""
        return self.sprite_bytes < WARM_BYTES

    def tone(self, kind: str, colour=None) -> int:
        """A small number for the colour ``colour`` gives a die of ``kind``
        (the same number for the same colour, for this renderer's life)."""
        col = _as_colour(kind, colour)
        tone = self._tones.get(col)
        if tone is None:
            tone = self._tones[col] = len(self._tone_colours)
            self._tone_colours.append(col)
        return tone

    def _picture_key(self, pose, face_down: bool, tone: int) -> tuple:
        """Which picture ``pose`` shows, as a key of small values: (kind,
        size, tone, face, coming face, tilt bucket, turn bucket, quarter).
        Tilt bucket 0 is a die lying flat (coming face -1, quarter 0);
        otherwise the cube is part way over an edge towards the turn
        bucket and the face content sits ``quarter`` quarter turns from it.
        Asked for every die of a throw every frame: kept lean."""
        kind = pose.kind
        size = pose.size
        size = int(round(size)) if size else self.die_size
        tilt = pose.tilt
        if tilt <= 0.04 or tilt >= 0.96:
            if face_down:
                face = 0
            else:
                face = pose.top if tilt <= 0.04 else pose.next_top
            angle = pose.angle if kind != "bone" else readable_angle(kind, pose.angle)
            return (kind, size, tone, face, -1, 0, int(round(-math.degrees(angle) / _TURN_DEGREES)) % ROT_BUCKETS, 0)
        face, nxt = (0, 0) if face_down else (pose.top, pose.next_top)
        tb = min(TILT_BUCKETS - 1, max(1, int(tilt * TILT_BUCKETS + 0.5)))
        turn = (int(round(-math.degrees(pose.tilt_dir) / _TILT_DIR_DEGREES)) * TILT_DIR_STEP) % ROT_BUCKETS
        # pips and patterns of a d6 look the same after a half turn
        quarter = int(round((pose.angle - pose.tilt_dir) / (math.pi / 2))) % (2 if kind == "d6" else 4)
        return (kind, size, tone, face, nxt, tb, turn, quarter)

    def _tilted_made(self, picture: tuple) -> bool:
        """Whether ``_tilted_face`` has the turning picture ``picture`` (a
        ``_picture_key``) or its quarter-turn base: made without the budget."""
        kind, size, tone, face, nxt, tb, turn, quarter = picture
        col = self._tone_colours[tone]
        return (kind, face, nxt, col, size, tb, turn % QUARTER, quarter) in self._tilted

    def sprite(self, pose, face_down: bool, tone: int) -> tuple | None:
        """The baked sprite ``draw`` would blit for ``pose`` (picture and
        shadow in one: (image, left, top) from the die's rounded centre;
        blitted with ``BAKED_BLEND``),
        when it is made; None when ``draw`` must make it.  The caller
        records a hidden die (``record``), as ``draw`` does."""
        key = self._picture_key(pose, face_down, tone)
        baked = self._quick.get(key)
        if baked is None:
            if not key[5] or self._fills_left is None or self._fills_left > 0 or self._tilted_made(key):
                return None
            # over the frame's budget ``draw`` shows a turning die flat, the face nearer the top
            kind, size, _, face, nxt = key[:5]
            flat = (kind, size, tone, nxt if pose.tilt >= 0.5 else face, -1, 0,
                    _turn_bucket(readable_angle(kind, pose.angle)), 0)
            baked = self._quick.get(flat)
            if baked is None:
                return None
            self.fallbacks += 1
        if key[5]:
            turning = key[0], tone, key[1]
            self._turning[turning] = self._turning.get(turning, 0) + 1
        return baked

    def face(self, kind: str, face: int, colour=None, size: int | None = None) -> pygame.Surface:
        """The upright face picture (cached)."""
        col = _as_colour(kind, colour)
        size = int(size or self.die_size)
        key = (kind, face, col, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = paint_face(kind, face, col, size, strong_pattern=self.colourblind)
            self._faces[key] = surf
        return surf

    def _flat_face(self, kind, face, col, size) -> pygame.Surface:
        key = (kind, face, col, size)
        surf = self._flat.get(key)
        if surf is None:
            surf = paint_face_flat(kind, face, col, size, strong_pattern=self.colourblind)
            self._flat[key] = surf
        return surf

    def _rotated_face(self, kind, face, col, size, angle=0.0, *, bucket=None) -> tuple[pygame.Surface, int]:
        """The face lying flat at turn ``bucket`` as (picture of its bucket
        within the first quarter, quarter turns more): only the first
        quarter's pictures are kept; the others are exact 90-degree turns
        of them (``_turned``), made for baking and kept baked only."""
        if bucket is None:
            bucket = _turn_bucket(angle)
        m, r = divmod(bucket, QUARTER)
        key = (kind, face, col, size, r)
        base = self._rotated.get(key)
        if base is None:
            if self._fills_left is not None:   # the frame's budget (``FRAME_FILLS``)
                if self._fills_left <= 0:
                    self.fallbacks += 1
                    return self.face(kind, face, col, size), 0   # upright, this frame only
                self._fills_left -= 1
            base = pygame.transform.rotozoom(self.face(kind, face, col, size), r * 360 / ROT_BUCKETS, 1.0)
            base = _trim(base)
            self._put(self._rotated, key, base)
        return base, m

    def _tilted_face(self, picture: tuple, col) -> tuple[pygame.Surface, int] | None:
        """The cube part way over an edge (``picture``: a ``_picture_key``):
        the top face foreshortened towards the tilt direction and the side
        face coming up, one rounded solid, as (picture in the first quarter,
        quarter turns more), as ``_rotated_face``.  None when the frame's
        fill budget is spent (draw it flat instead)."""
        kind, size, tone, face, nxt, tb, dir_bucket, quarter = picture
        m, r = divmod(dir_bucket, QUARTER)
        key = (kind, face, nxt, col, size, tb, r, quarter)
        base = self._tilted.get(key)
        if base is None:
            if self._fills_left is not None:
                if self._fills_left <= 0:
                    self.fallbacks += 1
                    return None
                self._fills_left -= 1
            base = self._tilted_base(kind, face, nxt, col, size, tb, r, quarter)
            self._put(self._tilted, key, base)
        return base, m

    def _tilted_base(self, kind, face, nxt, col, size, tb, r, quarter) -> pygame.Surface:
        theta = tb / TILT_BUCKETS * math.pi / 2
        c, s = math.cos(theta), math.sin(theta)
        w_side, w_top = _tilt_widths(size, tb)
        local = pygame.Surface((w_top + w_side, size), pygame.SRCALPHA)
        if kind == "bone":
            top = pygame.transform.rotate(self.face(kind, face, col, size), -90 * quarter)
            side = pygame.transform.rotate(self.face(kind, nxt, col, size), -90 * quarter)
        else:
            top = pygame.transform.rotate(self._flat_face(kind, face, col, size), -90 * quarter)
            side = pygame.transform.rotate(self._flat_face(kind, nxt, col, size), -90 * quarter)
        # light from above: a face gets brighter as it turns to face up
        f_side = int(255 * (0.70 + 0.30 * s))
        f_top = int(255 * (0.70 + 0.30 * c))
        side_img = pygame.transform.smoothscale(side, (w_side, size))
        side_img.fill((f_side, f_side, f_side, 255), special_flags=pygame.BLEND_RGBA_MULT)
        top_img = pygame.transform.smoothscale(top, (w_top, size))
        if f_top < 255:
            top_img.fill((f_top, f_top, f_top, 255), special_flags=pygame.BLEND_RGBA_MULT)
        local.blit(side_img, (0, 0))
        local.blit(top_img, (w_side, 0))
        if kind != "bone":
            mask, rim = self._outline_for(col, size, tb, w_side, w_top)
            local.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            local.blit(rim, (0, 0))
        return _trim(pygame.transform.rotozoom(local, r * 360 / ROT_BUCKETS, 1.0))

    def _outline_for(self, col, size, tb, w_side, w_top):
        key = (col, size, tb)
        got = self._outline.get(key)
        if got is None:
            got = _silhouette(w_side + w_top, size, size * 0.2, _shade(col.body, 0.68), w_side,
                              _mix(col.body, (255, 255, 255), 0.55))
            self._outline[key] = got
        return got

    def _shadow(self, kind, size) -> pygame.Surface:
        key = (kind, size)
        surf = self._shadows.get(key)
        if surf is None:
            radius = size // 2 if kind == "bone" else int(size * 0.2)
            surf = _trim(_soft_shadow(size, size, radius))
            self._shadows[key] = surf
        return surf

    def _glow_ring(self, size) -> pygame.Surface:
        """A soft gold halo around a result die (blurred rounded ring)."""
        surf = self._glow.get(size)
        if surf is None:
            pad = int(size * 0.4)
            full = size + 2 * pad
            surf = pygame.Surface((full, full), pygame.SRCALPHA)
            ring = pygame.Rect(0, 0, full, full).inflate(-pad * 0.9, -pad * 0.9)
            c = full / 2
            pygame.draw.circle(surf, (255, 206, 96, 235), (c, c), ring.w / 2, max(3, int(size * 0.14)))
            small = pygame.transform.smoothscale(surf, (max(1, full // 4), max(1, full // 4)))
            surf = pygame.transform.smoothscale(small, (full, full))
            pygame.draw.circle(surf, (255, 226, 140, 255), (c, c), ring.w / 2 - pad * 0.2, 2)
            self._glow[size] = surf
        return surf

    # --------------------------------------------------------- drawing
    def draw(self, canvas: pygame.Surface, pose, *, face_down: bool = False, highlight: bool = False,
             colour=None, alpha: int = 255, sprites: list | None = None) -> pygame.Rect:
        """Draw one die pose; ``face_down`` shows the blank face (hidden
        dice).  Returns the screen rect covered by the die picture.
        ``sprites``: a list the ``(picture, position)`` of every blit is
        appended to (a throw keeps them for a die that has not moved)."""
        kind = pose.kind
        col = _as_colour(kind, colour)
        picture = self._picture_key(pose, face_down, self.tone(kind, col))
        _, size, _, face, nxt, tb, turn, _ = picture
        x, y = pose.x, pose.y
        if getattr(pose, "hidden", False):
            self.note(getattr(pose, "owner", None), not face_down)
        fallbacks = self.fallbacks
        turned = None
        lift = 0.0
        if tb:
            turning = (kind, picture[2], size)
            self._turning[turning] = self._turning.get(turning, 0) + 1
            turned = self._tilted_face(picture, col)
            if turned is None:  # over budget: flat, the face nearer the top
                if pose.tilt >= 0.5:
                    face = nxt
                turn = _turn_bucket(readable_angle(kind, pose.angle))
            else:
                tq = tb / TILT_BUCKETS
                lift = tq * (1 - tq) * 4
        if turned is None:
            turned = self._rotated_face(kind, face, col, size, readable_angle(kind, pose.angle), bucket=turn)
        baked = self._baked.get(turned) if not highlight and alpha >= 255 else None
        if baked is None and not highlight and alpha >= 255:
            if self._fills_left is None or self._fills_left > 0:
                if self._fills_left is not None:
                    self._fills_left -= 1
                baked = self._bake(turned, self._shadow(kind, size), size, lift)
            else:
                self.fallbacks += 1   # over the frame's budget: shadow and face in two blits
        if baked is not None and self.fallbacks == fallbacks:
            self._remember(picture, turned, baked)   # the exact picture: ``sprite`` finds it next time
        if baked is not None:
            # one blit: the sprite with its shadow baked in
            img, ox, oy, dx, dy = baked
            cx, cy = round(x), round(y)
            canvas.blit(img, (cx + ox, cy + oy), special_flags=BAKED_BLEND)
            if sprites is not None:
                sprites.append((img, (cx + ox, cy + oy), None, BAKED_BLEND))
            w, h = turned[0].get_size()
            rect = pygame.Rect(0, 0, *((h, w) if turned[1] % 2 else (w, h)))
            rect.center = (cx + dx, cy + dy)
            if layout_record.ACTIVE is not None:
                layout_record.note(canvas, "die", rect)
            return rect
        surf = _turned(*turned)
        shadow = self._shadow(kind, size)
        off = size * 0.09 + lift * size * 0.12
        if alpha < 255:
            shadow = shadow.copy()
            shadow.set_alpha(alpha)
        blits = [(shadow, shadow.get_rect(center=(x + off, y + off * 1.4)))]
        if highlight:
            glow = self._glow_ring(size)
            blits.append((glow, glow.get_rect(center=(x, y))))
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(alpha)
        rect = surf.get_rect(center=(round(x), round(y - lift * 2)))
        blits.append((surf, rect))
        canvas.blits(blits, doreturn=False)
        if sprites is not None:
            sprites += blits
        if layout_record.ACTIVE is not None:
            layout_record.note(canvas, "die", rect)
        return rect

    def _bake(self, turned: tuple, shadow, size, lift):
        """The picture ``turned`` (``_rotated_face``) over its soft shadow in
        one sprite: (image, offset of its top-left from the die centre,
        offset of the die picture's centre)."""
        surf = _turned(*turned)
        off = size * 0.09 + lift * size * 0.12
        sx, sy = off, off * 1.4 + lift * 2  # shadow centre relative to the picture centre
        sw, sh = shadow.get_size()
        w, h = surf.get_size()
        left = min(-w / 2, sx - sw / 2)
        top = min(-h / 2, sy - sh / 2)
        right = max(w / 2, sx + sw / 2)
        bottom = max(h / 2, sy + sh / 2)
        img = pygame.Surface((int(math.ceil(right - left)) + 1, int(math.ceil(bottom - top)) + 1),
                             pygame.SRCALPHA)
        img.blit(shadow, (round(sx - sw / 2 - left), round(sy - sh / 2 - top)))
        img.blit(surf, (round(-w / 2 - left), round(-h / 2 - top)))
        dy = -round(lift * 2)
        baked = (img.premul_alpha(), int(round(left)), int(round(top)) + dy, 0, dy)
        self._put(self._baked, turned, baked)
        return baked

    def draw_cup(self, canvas: pygame.Surface, x: float, y: float, colour=None, *,
                 size: float | None = None, owner: int | None = None, dice: int = 0) -> pygame.Rect:
        """An upturned leather dice cup seen from above, covering hidden dice.
        ``size``: cup diameter (default 2.4 die sizes); ``owner``'s ``dice``
        under it are recorded in ``drawn`` as face-down."""
        for _ in range(dice):
            self.note(owner, False)
        leather = cup_colour(colour)
        d = int(size or self.die_size * 2.4)
        key = ("cup", leather, d)
        surf = self._faces.get(key)
        if surf is None:
            big = d * SS
            surf = pygame.Surface((big, big), pygame.SRCALPHA)
            c = big / 2
            pygame.draw.circle(surf, _shade(leather, 0.5), (c, c), big * 0.5)
            pygame.draw.circle(surf, _shade(leather, 0.8), (c, c), big * 0.47)
            for k, f in enumerate((0.95, 1.0, 1.08)):
                pygame.draw.circle(surf, _shade(leather, f), (c - big * 0.02 * k, c - big * 0.03 * k), big * (0.4 - 0.05 * k))
            pygame.draw.circle(surf, _mix(leather, (220, 176, 86), 0.6), (c, c), big * 0.47, max(2, int(big * 0.025)))
            pygame.draw.circle(surf, _mix(leather, (220, 176, 86), 0.45), (c, c), big * 0.3, max(2, int(big * 0.015)))
            # stitches
            for k in range(24):
                a = 2 * math.pi * k / 24
                r0, r1 = big * 0.425, big * 0.445
                pygame.draw.line(surf, _mix(leather, (246, 234, 206), 0.5),
                                 (c + r0 * math.cos(a), c + r0 * math.sin(a)),
                                 (c + r1 * math.cos(a + 0.05), c + r1 * math.sin(a + 0.05)), max(1, int(big * 0.008)))
            surf = pygame.transform.smoothscale(surf, (d, d))
            self._faces[key] = surf
        shadow = self._shadows.get(("cup", d))
        if shadow is None:
            shadow = _soft_shadow(d, d, d // 2, 130)
            self._shadows[("cup", d)] = shadow
        canvas.blit(shadow, shadow.get_rect(center=(x + d * 0.06, y + d * 0.09)))
        rect = surf.get_rect(center=(round(x), round(y)))
        canvas.blit(surf, rect)
        if layout_record.ACTIVE is not None:
            layout_record.note(canvas, "die", rect)
        return rect

    def draw_face_icon(self, surface: pygame.Surface, kind: str, face: int, rect, colour=None, *,
                       owner: int | None = None, public: bool = False) -> None:
        """A small upright face for pickers and bid widgets, fitted in ``rect``;
        ``owner``: the seat whose hidden die this is (recorded in ``drawn``,
        ``public`` during a reveal), None for a picture of a face."""
        self.note(owner, face > 0, public)
        rect = pygame.Rect(rect)
        size = max(8, min(rect.w, rect.h))
        surf = self.face(kind, face, colour, size)
        surface.blit(surf, surf.get_rect(center=rect.center))
        if layout_record.ACTIVE is not None:
            layout_record.note(surface, "die", surf.get_rect(center=rect.center))
