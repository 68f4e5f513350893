"""The middle of a bidding table: the standing bid large ("5 x [die]"), the
lines under it, and a reveal's shout, tally and verdict.

The painter only (game/games/bidding/ui/table.py decides what is said, from the
snapshot and the game's ``BidText``); a die face is drawn through the
table's ``draw_face`` so the renderer records it like any other die.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ....ui import theme as th

DrawFace = Callable[[pygame.Surface, int, pygame.Rect], None]
"""Draws die ``face`` as a picture filling a rect (the table's ``draw_face``)."""


def draw_times(canvas: pygame.Surface, centre, size: int, colour, shadow: int = 0) -> pygame.Rect:
    """A multiplication sign drawn as two strokes (the display font has no
    "\u00d7" glyph in bold, and a drawn one matches any font), anti-aliased by
    drawing large and scaling down."""
    key = (size, tuple(colour))
    surf = _TIMES.get(key)
    if surf is None:
        surf = _TIMES[key] = th.keep_shadow(_times_sign(size, colour))
    return th.blit_text(canvas, surf, centre, "center", shadow)


_TIMES: dict[tuple, pygame.Surface] = {}
"""Drawn multiplication signs by size and colour (``draw_times``)."""


def _times_sign(size: int, colour) -> pygame.Surface:
    ss = 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    w = max(2, size * ss // 6)
    pad = w
    end = size * ss - pad
    pygame.draw.line(big, colour, (pad, pad), (end, end), w)
    pygame.draw.line(big, colour, (pad, end), (end, pad), w)
    for x, y in ((pad, pad), (end, end), (pad, end), (end, pad)):
        pygame.draw.circle(big, colour, (x, y), w // 2)
    return pygame.transform.smoothscale(big, (size, size))


BID_ICON = 58
"""The standing bid's die picture (px)."""
OPENING_FONTS = ((30, True, "display"), (64, True, "body", "0123456789"))
"""The (size, bold, style) of the centre's first larger words (who opens; the bid's quantity: digits
only): a table draws their glyphs while it opens (``glyph_fonts``)."""
TURN_FONTS = ((18, False, "body"),)
"""The turn line's under the bid ("Your turn", ``draw_bid_lines``): with a human seated, its glyphs
are drawn while the table opens (a human's first turn drew them: about 1 ms in that frame)."""
REVEAL_FONTS = ((24, True, "body"), (38, True, "body"), (20, False, "body"))
"""A reveal's (the shout, the tally, the verdict): drawn in waiting frames after the opening
(``later_glyph_fonts``)."""


def draw_bid_big(canvas: pygame.Surface, theme: th.Theme, centre, quantity: int, face: int, caption: str,
                 draw_face: DrawFace) -> None:
    """``5 x [die]`` large and clear: the number in the display face, a drawn
    multiplication sign (no font needed), the die face as a picture."""
    cx, cy = centre
    qty = theme.text(str(quantity), 64, th.CREAM, bold=True)
    times, icon = 30, pygame.Rect(0, 0, BID_ICON, BID_ICON)
    gap = 14
    total = qty.get_width() + gap + times + gap + icon.w
    left = cx - total // 2
    th.blit_text(canvas, qty, (left, cy + 2), "midleft", shadow=3)
    draw_times(canvas, (left + qty.get_width() + gap + times // 2, cy + 2), times, th.CREAM, shadow=2)
    icon.midleft = (left + qty.get_width() + gap * 2 + times, cy + 2)
    draw_face(canvas, face, icon)
    th.draw_text(canvas, theme, caption, (cx, cy + 34), 16, th.CREAM_DIM, anchor="midtop")


def draw_opening(canvas: pygame.Surface, theme: th.Theme, centre, title: str, hint: str) -> None:
    """No bid yet: who opens, and how."""
    cx, cy = centre
    th.draw_text(canvas, theme, title, (cx, cy), 30, th.CREAM, bold=True, style="display",
                 anchor="center", shadow=2)
    th.draw_text(canvas, theme, hint, (cx, cy + 36), 17, th.CREAM_DIM, anchor="center")


def draw_bid_lines(canvas: pygame.Surface, theme: th.Theme, centre, note: str, turn: str, odds: str) -> None:
    """The lines under the bid: its note (wilds, Palifico), whose turn, the odds helper ("" for none)."""
    cx, cy = centre
    if note:   # below the bid's caption ("bid by Mags", cy + 34 to cy + 54), not on it
        th.draw_text(canvas, theme, note, (cx, cy + 64), 16, th.BRASS_LIGHT, bold=True, anchor="center")
    if turn:   # 4 px lower than it was: "Your turn" touched the Palifico note over it
        th.draw_text(canvas, theme, turn, (cx, cy + 90), 18, th.CREAM, anchor="center", shadow=1)
    if odds:
        th.draw_text(canvas, theme, odds, (cx, cy + 112), 16, th.BRASS_LIGHT, anchor="center", shadow=1)


def draw_shout(canvas: pygame.Surface, theme: th.Theme, centre, shout: str) -> None:
    """A reveal's shout ("LIAR!" in words), above its bid."""
    cx, cy = centre
    th.draw_text(canvas, theme, shout, (cx, cy - 86), 24, th.BRASS_LIGHT, bold=True, anchor="center", shadow=2)


def draw_tally(canvas: pygame.Surface, theme: th.Theme, centre, tally: str, colour, verdict: str | None,
               note: str) -> None:
    """Under a reveal's bid: the tally counting up, the verdict once it is
    known (None before), a note."""
    cx, cy = centre
    th.draw_text(canvas, theme, tally, (cx, cy + 44), 38, colour, bold=True, style="body",
                 anchor="center", shadow=2)
    if verdict is not None:
        th.draw_text(canvas, theme, verdict, (cx, cy + 84), 20, th.CREAM, anchor="center", shadow=2)
    if note:
        th.draw_text(canvas, theme, note, (cx, cy + 110), 15, th.CREAM_DIM, anchor="center")
