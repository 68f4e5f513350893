"""Roll For It!'s cards on the felt: where they sit and how they look.

The painter of the table (the scene keeps the flow: what moves, when and
why).  Functions of plain data (a card, a rect, the dice covering it, the
seats' piles), so a card looks the same wherever it is drawn: face-up in
its slot, turning over as a new card comes in, flying to a pile (a
``Flight``, which carries the dice going home too), stacked in a pile
beside a nameplate.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

import pygame

from ...canvas import CANVAS_W, CENTRE_X
from ...ui import layout_record
from ...ui import layout
from ...ui import theme as th
from ...ui.motion import Glide, ease
from .rules import Card, card

TIER_COLOURS = {2: (92, 150, 96), 5: (70, 118, 176), 10: (146, 84, 160), 15: (196, 146, 44)}
CARD_FACE = (250, 244, 228)
CARD_EDGE = (120, 96, 64)
CARD_BACK = (128, 34, 30)
IMAGE_DIE = 30      # the printed images on a card
PILE_CARD = (26, 36)
PILE_STEP = 8

MiniDie = Callable[[pygame.Surface, int, int, tuple[float, float], int], None]
"""Draws die ``face`` of ``owner`` centred at a point, ``size`` pixels: the table's palette."""


@dataclass
class Flight(Glide):
    """A die (or a scored card, ``card_id``) moving across the table."""
    face: int = 0
    owner: int = 0
    size: int = 18
    card_id: int | None = None
    lands_on: tuple | None = None   # (card, player, image): hidden on the card until it lands

    arc = 40.0
    arc_eased = True


def draw_flights(canvas: pygame.Surface, theme: th.Theme, flights: Iterable[Flight], now: float,
                 mini_die: MiniDie) -> None:
    """Every flight under way: a card shrinking towards its pile, a die in its owner's colour."""
    for f in flights:
        pos = f.position(now)
        if pos is None:
            continue
        if f.card_id is not None:
            draw_flying_card(canvas, theme, f.card_id, pos, ease(f.progress(now) or 0.0))
        else:
            mini_die(canvas, f.face, f.owner, pos, f.size)


def card_rects(slots: int) -> list[pygame.Rect]:
    """The face-up card positions, centred in a row."""
    w, h, gap, top = (196, 262, 28, 130) if slots <= 3 else (162, 230, 14, 162)
    x0 = CENTRE_X - (slots * w + (slots - 1) * gap) // 2
    return [pygame.Rect(x0 + i * (w + gap), top, w, h) for i in range(slots)]


def image_row(rect: pygame.Rect, index: int, count: int) -> pygame.Rect:
    """The strip of image ``index`` of ``count`` on a card at ``rect``."""
    top: float = rect.y + 62
    h = (rect.bottom - 10 - top) / max(count, 1)
    h = min(h, 40)
    block = h * count
    top += ((rect.bottom - 10 - top) - block) / 2
    return pygame.Rect(rect.x + 12, int(top + index * h), rect.w - 24, int(h))


def image_spot(rect: pygame.Rect, index: int, count: int, player: int, mini: int) -> tuple[float, float]:
    """Centre of ``player``'s die (``mini`` pixels) beside image ``index`` of a card at ``rect``."""
    row = image_row(rect, index, count)
    per_row = max(1, (rect.right - 10 - (row.x + IMAGE_DIE + 8)) // (mini + 2))
    x = row.x + IMAGE_DIE + 8 + (player % per_row) * (mini + 2) + mini / 2
    y = row.centery + (player // per_row - 0.0) * (mini + 2) - (0 if player < per_row else mini / 2)
    return (x, y)


def picture_rects(c: Card, rect: pygame.Rect, dice: Iterable[tuple[int, int]], mini: int) -> list[pygame.Rect]:
    """Where ``paint_card`` puts card ``c``'s die pictures at ``rect``: each
    printed image and each die ``(image, player)`` lying beside one (the
    layout recorder notes them: a banner must not cover them)."""
    count = len(c.images)
    boxes = []
    for i in range(count):
        row = image_row(rect, i, count)
        boxes.append(pygame.Rect(row.x, row.centery - IMAGE_DIE // 2, IMAGE_DIE, IMAGE_DIE))
    for i, p in dice:
        x, y = image_spot(rect, i, count, p, mini)
        boxes.append(pygame.Rect(int(x - mini / 2), int(y - mini / 2), mini, mini))
    return boxes


def paint_back(canvas: pygame.Surface, rect: pygame.Rect, squeeze: float = 1.0) -> None:
    """A card's back, squeezed sideways while it turns (``squeeze`` 1..0)."""
    w = max(1, int(rect.w * max(0.0, squeeze)))
    back = pygame.Rect(0, 0, w, rect.h)
    back.center = rect.center
    pygame.draw.rect(canvas, CARD_BACK, back, border_radius=14)
    pygame.draw.rect(canvas, th.BRASS, back.inflate(-10, -10), 2, border_radius=10)


def paint_card(surf: pygame.Surface, theme: th.Theme, renderer, c: Card, rect: pygame.Rect,
               dice: Iterable[tuple[int, int]], mini: int, mini_die: MiniDie) -> None:
    """Card ``c``'s face at ``rect`` of ``surf``: the points band, each image
    with its ruled line, and the dice ``(image, player)`` lying beside them."""
    tier = TIER_COLOURS[c.points]
    pygame.draw.rect(surf, CARD_FACE, rect, border_radius=14)
    band = pygame.Rect(rect.x, rect.y, rect.w, 52)
    pygame.draw.rect(surf, tier, band, border_top_left_radius=14, border_top_right_radius=14)
    pygame.draw.rect(surf, CARD_EDGE, rect, 2, border_radius=14)
    th.draw_text(surf, theme, str(c.points), (rect.x + 14, band.centery), 38, th.CREAM, bold=True,
                 style="display", anchor="midleft", shadow=1)
    th.draw_text(surf, theme, "points", (rect.x + 64, band.centery + 8), 15, th.CREAM,
                 anchor="midleft")
    th.draw_text(surf, theme, f"{len(c.images)} dice", (rect.right - 12, band.centery + 8), 14,
                 th.CREAM, anchor="midright")
    lying: dict[int, list[int]] = {}
    for i, p in dice:
        lying.setdefault(i, []).append(p)
    for i, face in enumerate(c.images):
        row = image_row(rect, i, len(c.images))
        icon = renderer.face("d6", face, None, IMAGE_DIE)
        surf.blit(icon, icon.get_rect(midleft=(row.x, row.centery)))
        pygame.draw.line(surf, (226, 214, 186), (row.x + IMAGE_DIE + 4, row.bottom - 1),
                         (rect.right - 12, row.bottom - 1), 1)
        for p in lying.get(i, ()):
            mini_die(surf, face, p, image_spot(rect, i, len(c.images), p, mini), mini)


class CardFaces:
    """Painted card faces kept by what they show (the card, the dice lying
    on it, the size, the palette): a card is painted when that changes, not
    every frame (a frame painting four cards at 8 seats cost up to 19 ms)."""

    LIMIT = 24
    """Faces kept at most (the face-up row and the few just before it)."""

    def __init__(self) -> None:
        self._faces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.painted = 0
        """Faces painted so far (tests: a still card is not painted again)."""

    def face(self, key: tuple, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The face ``key`` names, painted by ``paint()`` the first time."""
        surf = self._faces.get(key)
        if surf is not None:
            self._faces.move_to_end(key)
            return surf
        surf = self._faces[key] = paint()
        self.painted += 1
        if len(self._faces) > self.LIMIT:
            self._faces.popitem(last=False)
        return surf


@lru_cache(maxsize=8)
def _slot_shadow(size: tuple[int, int]) -> pygame.Surface:
    shadow = pygame.Surface((size[0] + 12, size[1] + 12), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=18)
    return shadow


@lru_cache(maxsize=8)
def _slot_glow(size: tuple[int, int], colour: tuple) -> pygame.Surface:
    glow = pygame.Surface((size[0] + 22, size[1] + 22), pygame.SRCALPHA)
    pygame.draw.rect(glow, (*colour, 150), glow.get_rect(), border_radius=22)
    return glow


def draw_slot(canvas: pygame.Surface, theme: th.Theme, face: pygame.Surface | None, rect: pygame.Rect,
              turn: float | None, lit: bool, targeted: bool) -> None:
    """A face-up slot: ``face`` (a painted card, None for an empty slot) with
    its shadow, a glow when the held die fits (``lit``), a brass frame when the
    keyboard points at it; ``turn`` (0..1, negative before it starts) is how
    far a new card has turned over, None when it lies still."""
    if face is None:
        pygame.draw.rect(canvas, th.FELT_DARK, rect, border_radius=14)
        pygame.draw.rect(canvas, th.BRASS_DARK, rect, 2, border_radius=14)
        th.draw_text(canvas, theme, "empty", rect.center, 18, th.CREAM_DIM, anchor="center")
        return
    surf = face
    if turn is not None:
        if turn < 0:
            paint_back(canvas, rect)
            layout_record.note(canvas, "card", rect)
            return
        scale = abs(math.cos(math.pi * (1 - min(1.0, turn)) / 2))
        if turn < 0.5:
            paint_back(canvas, rect, 1 - 2 * turn)
            return
        surf = pygame.transform.smoothscale(surf, (max(1, int(rect.w * scale)), rect.h))
    canvas.blit(_slot_shadow(rect.size), (rect.x - 2, rect.y + 4))
    if lit:
        canvas.blit(_slot_glow(rect.size, tuple(theme.good)), rect.inflate(22, 22).topleft)
    canvas.blit(surf, surf.get_rect(center=rect.center))
    layout_record.note(canvas, "card", rect)
    if targeted:
        pygame.draw.rect(canvas, th.BRASS_LIGHT, rect.inflate(8, 8), 3, border_radius=18)


def draw_flying_card(canvas: pygame.Surface, theme: th.Theme, card_id: int, pos: tuple[float, float],
                     k: float) -> None:
    """A scored card on its way to a pile, shrinking as it goes (``k`` eased 0..1)."""
    x, y = pos
    w, h = int(150 * (1 - 0.75 * k)), int(200 * (1 - 0.75 * k))
    r = pygame.Rect(0, 0, max(4, w), max(4, h))
    r.center = (int(x), int(y))
    pygame.draw.rect(canvas, TIER_COLOURS[card(card_id).points], r, border_radius=10)
    pygame.draw.rect(canvas, CARD_FACE, r, 2, border_radius=10)
    th.draw_text(canvas, theme, str(card(card_id).points), r.center, max(12, int(40 * (1 - 0.6 * k))),
                 th.CREAM, bold=True, anchor="center")


def pile_left(anchor: tuple[float, float], plate: pygame.Rect | None, count: int) -> float:
    """Where a pile of ``count`` cards starts: beside the seat's nameplate,
    never over its text (plates keep off the edge)."""
    sx = anchor[0]
    width = PILE_CARD[0] + PILE_STEP * (count - 1)
    if plate is None:
        return sx + (80 if sx < 1000 else -80 - PILE_CARD[0] - PILE_STEP * count)
    return plate.right + 6 if plate.right + 6 + width <= CANVAS_W - 4 else plate.left - 6 - width


def pile_top(anchor: tuple[float, float], plate: pygame.Rect | None, count: int) -> tuple[float, float]:
    """The centre of the top card of a pile of ``count`` (where a scored card flies)."""
    return (pile_left(anchor, plate, count) + PILE_STEP * (count - 1) + PILE_CARD[0] / 2,
            anchor[1] - 18 + PILE_CARD[1] / 2)


def beside_plate(anchor: tuple[float, float], plate: pygame.Rect | None, size: int) -> tuple[float, float]:
    """Where a die of ``size`` going home to the seat at ``anchor`` stops: from
    the nameplate's middle towards the table's centre, just clear of the plate
    (flown to the middle, dice came to rest on the name until they vanished)."""
    if plate is None:
        return anchor
    return layout.slid_clear((size + 4, size + 4), anchor, [plate], 400).center


def draw_pile(canvas: pygame.Surface, theme: th.Theme, pile: list[int], x0: float, y0: float) -> None:
    """A seat's scored cards, staggered, the top card's points on it."""
    w, h = PILE_CARD
    for k, cid in enumerate(pile):
        r = pygame.Rect(int(x0 + k * PILE_STEP), int(y0), w, h)
        pygame.draw.rect(canvas, TIER_COLOURS[card(cid).points], r, border_radius=4)
        pygame.draw.rect(canvas, CARD_FACE, r, 1, border_radius=4)
    last = pygame.Rect(int(x0 + (len(pile) - 1) * PILE_STEP), int(y0), w, h)
    th.draw_text(canvas, theme, str(card(pile[-1]).points), last.center, 14, th.CREAM,
                 bold=True, anchor="center")
