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
FOOTER_SIZE = 13
FOOTER_ROW = 16
TITLE_SIZE = 15
HEAD_H = 26
"""Pixels from the panel's top to its first row (the title's line)."""
NAME_X = 27
"""A name's left edge from the panel's (the bidder's colour dot sits before it)."""
PAD_RIGHT = 10
BID_SIZE = 15
BID_GAP = 3
"""Pixels between a bid's "12 ×" and its die face."""
NAME_BESIDE_SIZES = (15, 14, 13, 12)
"""The sizes a name tries on one line beside its bid."""
NAME_NARROW_SIZES = (13, 12)
"""The sizes a name tries on two lines beside its bid ("Wilhelmina" over "Stout  12 ×")."""
NAME_WIDE_SIZES = ((14, 13), (13, 12))
"""One-line and two-line sizes of a name given the panel's width, its bid under it."""
ROW_PAD = 3
"""Pixels above a row's first line and below its bid."""
LINE_GAP = 2
"""Pixels from one line of a name to the next, beyond its size."""


@dataclass(frozen=True)
class _Row:
    """How one entry is laid out: its name's lines and size, where its bid's
    middle sits below the entry's top, and its height."""
    lines: tuple[str, ...]
    size: int
    said_mid: int
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


@lru_cache(maxsize=8)
def _band(w: int, h: int) -> pygame.Surface:
    """The newest bid's lit band (a list's selected row), made once per size."""
    band = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(band, (*th.BRASS_DARK, 70), band.get_rect(), border_radius=6)
    pygame.draw.rect(band, (*th.BRASS_DARK, 255), band.get_rect(), 1, border_radius=6)
    return band


ICON_PX = 18
"""The die face beside each bid's quantity (the table paints each face ahead: ``warm_steps``)."""
HISTORY_FONTS = ((BID_SIZE, True), (NAME_BESIDE_SIZES[0], False), (FOOTER_SIZE, False), (12, False))
"""The (size, bold) of the panel's usual words (the title, bids and newest name share the first), loaded ahead (``BiddingTableScene.later_glyph_fonts``)."""


class BidHistory:
    """The round's bids as a readable list, newest last and lit; older lines
    scroll off the top (the count of hidden lines is shown beside the title,
    and the newest then sits on the footer, as a chat's last line does)."""

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
        title = th.draw_text(canvas, theme, self.title, (self.rect.x + 12, self.rect.y + 6), TITLE_SIZE,
                             th.BRASS_LIGHT, bold=True)
        top = self.rect.y + HEAD_H
        foot = self.footer_rows(theme, footer)
        bottom = self._list_bottom(len(foot))
        shown = self._shown(theme, entries, bottom - top)
        y = top
        if len(entries) > len(shown):   # scrolled: the newest sits on the footer, as a chat's does
            self._draw_earlier(canvas, theme, len(entries) - len(shown), title)
            y = bottom - sum(row.height for _entry, row in shown)
        if not entries:
            th.draw_text(canvas, theme, "No bids yet", (self.rect.x + 12, top + 2), 14, th.CREAM_DIM,
                         style="italic")
        for i, (entry, row) in enumerate(shown):
            newest = i == len(shown) - 1
            if newest:
                canvas.blit(_band(self.rect.w - 12, row.height), (self.rect.x + 6, y))
            first_mid = y + ROW_PAD + (row.size + LINE_GAP) // 2
            pygame.draw.circle(canvas, entry.colour, (self.rect.x + 16, first_mid), 5)
            self._draw_said(canvas, theme, renderer, entry, y + row.said_mid, newest)
            for k, line in enumerate(row.lines):
                th.draw_text(canvas, theme, line, (self.rect.x + NAME_X, y + ROW_PAD + k * (row.size + LINE_GAP)),
                             row.size, th.CREAM if newest else th.CREAM_DIM, bold=newest)
            y += row.height
        for i, words in enumerate(foot):
            th.draw_text(canvas, theme, words, (self.rect.x + 12, self._footer_top(len(foot)) + i * FOOTER_ROW),
                         FOOTER_SIZE, th.CREAM_DIM)

    def _footer_top(self, footer_rows: int) -> int:
        return self.rect.bottom - 6 - FOOTER_ROW * footer_rows

    def _list_bottom(self, footer_rows: int) -> int:
        """Where the rows end above ``footer_rows`` rows of footer."""
        return self._footer_top(footer_rows) - (4 if footer_rows else 2)

    def _draw_earlier(self, canvas: pygame.Surface, theme: th.Theme, hidden: int, title: pygame.Rect) -> None:
        """How many older bids scrolled off the top, right of the title ("+5
        earlier", or "+5" where a narrow panel has no room for the word)."""
        right = self.rect.right - 12
        for words in (f"+{hidden} earlier", f"+{hidden}"):
            if theme.font(12).size(words)[0] <= right - title.right - 8:
                break
        th.draw_text(canvas, theme, words, (right, self.rect.y + 8), 12, th.CREAM_DIM, anchor="topright")

    def _draw_said(self, canvas: pygame.Surface, theme: th.Theme, renderer, entry: HistoryEntry, mid: int,
                   newest: bool) -> None:
        """The bid ("12 ×" and its die) or the shout, right-aligned, its middle at ``mid``."""
        right = self.rect.right - PAD_RIGHT
        if entry.quantity is not None and entry.face is not None:
            icon = pygame.Rect(0, 0, ICON_PX, ICON_PX)
            icon.midright = (right, mid)
            face_icon(canvas, renderer, self.die_kind, entry.face, icon)
            th.draw_text(canvas, theme, f"{entry.quantity} \u00d7", (icon.x - BID_GAP, mid), BID_SIZE,
                         th.BRASS_LIGHT if newest else th.CREAM, bold=True, anchor="midright")
        else:
            th.draw_text(canvas, theme, entry.text, (right, mid), BID_SIZE, th.BRASS_LIGHT, bold=True,
                         anchor="midright")

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

    def rows_held(self, theme: th.Theme, names: Sequence[str], footer_rows: int = 1) -> float:
        """About how many bids of these bidders the panel shows at once (its
        rows' room over their mean height, each bidding "12 ×"); none where a
        name would not fit whole: what the table weighs the corner's places by."""
        rows = [self._row(theme, HistoryEntry(name, th.CREAM, 12, 6), newest=False) for name in names]
        if not rows or not all(layout.reads_whole(row.lines, name) for row, name in zip(rows, names)):
            return 0.0
        return (self._list_bottom(footer_rows) - self.rect.y - HEAD_H) * len(rows) / sum(row.height for row in rows)

    def _row(self, theme: th.Theme, entry: HistoryEntry, newest: bool) -> "_Row":
        """How ``entry``'s name fits (as a nameplate's does, ``layout.fit_plate_name``):
        on one line beside its bid; else on two lines beside it ("Wilhelmina"
        over "Stout  12 ×"); else over the panel's width, its bid under it.
        A name is never cut (a 16-letter name beside "12 ×" was: "Wilhel…")."""
        left, right = self.rect.x + NAME_X, self.rect.right - PAD_RIGHT
        said = (theme.font(BID_SIZE, True).size(f"{entry.quantity} \u00d7")[0] + BID_GAP + ICON_PX
                if entry.quantity is not None else theme.font(BID_SIZE, True).size(entry.text)[0])
        beside = right - said - 6 - left

        def measure(size: int, text: str) -> int:
            return theme.font(size, newest).size(text)[0]

        lines, size = layout.fit_plate_name(measure, entry.name, beside, NAME_NARROW_SIZES, NAME_BESIDE_SIZES)
        if " ".join(lines) == entry.name:   # whole, broken (if at all) between words
            return self._laid(lines, size, under=False)
        one_line, two_lines = NAME_WIDE_SIZES
        lines, size = layout.fit_plate_name(measure, entry.name, right - left, two_lines, one_line)
        return self._laid(lines, size, under=not measure(size, lines[-1]) <= beside)

    @staticmethod
    def _laid(lines: tuple[str, ...], size: int, *, under: bool) -> "_Row":
        """A row's heights: its bid's middle beside its name's last line, or on a line under the name."""
        line = size + LINE_GAP
        last_top = ROW_PAD + (len(lines) - (0 if under else 1)) * line
        mid = last_top + (max(line, ICON_PX) if under else line) // 2
        return _Row(lines, size, mid, max(ROW_PAD + len(lines) * line, mid + ICON_PX // 2) + ROW_PAD)

    def footer_rows(self, theme: th.Theme, footer: str) -> list[str]:
        """The footer as drawn: one row, or its `` · `` parts on as many rows
        as the panel's width needs ("Round 5 · 5 dice · Palifico" ran past its edge)."""
        if not footer:
            return []
        width = self.rect.w - 24
        font = theme.font(FOOTER_SIZE)
        rows: list[str] = []
        for part in footer.split(FOOTER_SEP):
            if rows and font.size(rows[-1] + FOOTER_SEP + part)[0] <= width:
                rows[-1] += FOOTER_SEP + part
            else:
                rows += th.wrap_text(font, part, width)   # a part too long for a row goes on by words
        return rows
