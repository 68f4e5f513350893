"""The bid history panel of the bidding games: the round's bids, newest at
the bottom, with the bidder's colour, name and a die-face icon.

    BidHistory(rect).draw(canvas, theme, renderer, entries=[HistoryEntry(...)], footer="Round 2")
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

import pygame

from ....ui import layout, layout_record
from ....ui import theme as th
from ....ui.still_layer import KeptPatch, StillLayer
from .picker import face_icon


FOOTER_SEP = "  \u00b7  "
"""Between the parts of a footer ("Round 5  ·  5 dice"): where it may wrap."""
FOOTER_ROW = 18
ROW_H = 26
"""Pixels of a bid's row (a name on one line beside its bid)."""
NAME_ONE_LINE_SIZES = (16, 15, 14)
NAME_TWO_LINE_SIZES = (14, 13, 12)
"""The sizes a bidder's name tries, on one line then on two (``BidHistory._row``)."""
LINE_GAP = 3
"""Pixels from one line of a name to the next, beyond its size."""


@dataclass(frozen=True)
class _Row:
    """How one entry is laid out: its name's lines and size, how far below
    the entry's top its bid sits, and its height."""
    lines: tuple[str, ...]
    size: int
    said_dy: int
    height: int


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the bid history: a bid (quantity and face) or a shout."""
    name: str
    colour: tuple
    quantity: Optional[int] = None
    face: Optional[int] = None
    text: str = ""          # "Call!", "Jinto!" when there is no bid


@lru_cache(maxsize=4)
def _panel(w: int, h: int) -> pygame.Surface:
    """The history's translucent panel, made once per size (it was made afresh every frame)."""
    panel = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(panel, (20, 14, 10, 190), panel.get_rect(), border_radius=12)
    pygame.draw.rect(panel, (*th.BRASS_DARK, 255), panel.get_rect(), 2, border_radius=12)
    return panel


ICON_PX = 22
"""The die face beside each bid's quantity (the table paints each face ahead: ``warm_steps``)."""


class BidHistory:
    """The round's bids as a readable list, newest last; older lines scroll
    off the top (the count of hidden lines is shown)."""

    def __init__(self, rect, *, title: str = "This round", die_kind: str = "d6"):
        self.rect = pygame.Rect(rect)
        self.title = title
        self.die_kind = die_kind
        self.kept = KeptPatch()
        """The panel as last drawn over the still layer (redrawn when a bid or the footer changes)."""

    def draw(self, canvas: pygame.Surface, theme: th.Theme, renderer, entries: Sequence[HistoryEntry],
             footer: str = "", still: StillLayer | None = None, under=None) -> None:
        """The panel; with ``still`` (drawn straight over that still layer, nothing
        else under it this frame but what ``under`` names: the turn's lit
        nameplate) its kept pixels while the bids and footer stay the same."""
        if still is None:
            self._paint(canvas, theme, renderer, entries, footer)
            return
        key = (tuple(entries), footer, self.title, theme.colorblind, id(theme), id(renderer), under)
        self.kept.draw(canvas, self.rect, key, still, lambda c: self._paint(c, theme, renderer, entries, footer))

    def _paint(self, canvas: pygame.Surface, theme: th.Theme, renderer, entries: Sequence[HistoryEntry],
               footer: str) -> None:
        canvas.blit(_panel(*self.rect.size), self.rect)
        layout_record.note(canvas, "panel", self.rect)
        th.draw_text(canvas, theme, self.title, (self.rect.x + 12, self.rect.y + 8), 16, th.BRASS_LIGHT,
                     bold=True)
        top = self.rect.y + 34
        foot = self.footer_rows(theme, footer)
        bottom = self.rect.bottom - (8 + FOOTER_ROW * len(foot) if foot else 8)
        shown = self._shown(theme, entries, bottom - top)
        if len(entries) > len(shown):
            th.draw_text(canvas, theme, f"+{len(entries) - len(shown)} earlier", (self.rect.right - 12, self.rect.y + 10),
                         13, th.CREAM_DIM, anchor="topright")
        if not entries:
            th.draw_text(canvas, theme, "No bids yet", (self.rect.x + 12, top + 2), 15, th.CREAM_DIM,
                         style="italic")
        y = top
        for i, (entry, row) in enumerate(shown):
            newest = i == len(shown) - 1
            pygame.draw.circle(canvas, entry.colour, (self.rect.x + 18, y + 11), 6)
            right = self.rect.right - 12
            said_y = y + row.said_dy
            if entry.quantity is not None and entry.face is not None:
                icon = pygame.Rect(0, 0, ICON_PX, ICON_PX)
                icon.topright = (right, said_y)
                face_icon(canvas, renderer, self.die_kind, entry.face, icon)
                th.draw_text(canvas, theme, f"{entry.quantity} \u00d7", (icon.x - 6, said_y + 2), 17,
                             th.BRASS_LIGHT if newest else th.CREAM, bold=True, anchor="topright")
            else:
                th.draw_text(canvas, theme, entry.text, (right, said_y + 2), 17, th.BRASS_LIGHT, bold=True,
                             anchor="topright")
            for k, line in enumerate(row.lines):
                th.draw_text(canvas, theme, line, (self.rect.x + 30, y + 2 + k * (row.size + LINE_GAP)), row.size,
                             th.CREAM if newest else th.CREAM_DIM, bold=newest)
            y += row.height
        for i, words in enumerate(foot):
            th.draw_text(canvas, theme, words, (self.rect.x + 12, self.rect.bottom - 22 - FOOTER_ROW * (len(foot) - 1 - i)),
                         14, th.CREAM_DIM)

    def _shown(self, theme: th.Theme, entries: Sequence[HistoryEntry], room: int) -> list[tuple[HistoryEntry, "_Row"]]:
        """The newest entries whose rows fit ``room`` pixels (the newest always), oldest first."""
        shown: list[tuple[HistoryEntry, _Row]] = []
        for entry in reversed(entries):
            row = self._row(theme, entry, newest=not shown)   # the newest bold, the rest plain, as drawn
            if shown and row.height > room:
                break
            shown.insert(0, (entry, row))
            room -= row.height
        return shown

    def _row(self, theme: th.Theme, entry: HistoryEntry, newest: bool) -> "_Row":
        """How ``entry``'s name fits (as a nameplate's does, ``layout.fit_plate_name``):
        on one line beside its bid; else over the panel's width, on one line or
        two, with the bid beside the last line if it leaves room, under it if
        not (a 16-letter name beside "12 ×" had 60 pixels and was cut: "Wilhel…")."""
        left, right = self.rect.x + 30, self.rect.right - 12
        font = theme.font(17, True)
        said = (font.size(f"{entry.quantity} \u00d7")[0] + 6 + ICON_PX if entry.quantity is not None
                else font.size(entry.text)[0])
        beside = right - said - 6 - left

        def measure(size: int, text: str) -> int:
            return theme.font(size, newest).size(text)[0]

        for size in NAME_ONE_LINE_SIZES:
            if measure(size, entry.name) <= beside:
                return _Row((entry.name,), size, 0, ROW_H)
        lines, size = layout.fit_plate_name(measure, entry.name, right - left, NAME_TWO_LINE_SIZES,
                                            NAME_ONE_LINE_SIZES)
        line = size + LINE_GAP
        if measure(size, lines[-1]) <= beside:   # "Bartholomew" over "Quil  6 ×"
            return _Row(lines, size, (len(lines) - 1) * line, (len(lines) - 1) * line + ROW_H)
        return _Row(lines, size, len(lines) * line, len(lines) * line + ROW_H)

    def footer_rows(self, theme: th.Theme, footer: str) -> list[str]:
        """The footer as drawn: one row, or its `` · `` parts on as many rows
        as the panel's width needs ("Round 5 · 5 dice · Palifico" ran past its edge)."""
        if not footer:
            return []
        width = self.rect.w - 24
        font = theme.font(14)
        rows: list[str] = []
        for part in footer.split(FOOTER_SEP):
            if rows and font.size(rows[-1] + FOOTER_SEP + part)[0] <= width:
                rows[-1] += FOOTER_SEP + part
            else:
                rows += th.wrap_text(font, part, width)   # a part too long for a row goes on by words
        return rows
