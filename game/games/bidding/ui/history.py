"""The bid history panel of the bidding games: the round's bids, newest at
the bottom, with the bidder's colour, name and a die-face icon.

    BidHistory(place).draw(canvas, theme, renderer, entries=[HistoryEntry(...)], footer="Round 2")

The panel stands at the bottom of its ``place`` and grows up with its rows
(a round with no bid yet is a short card, not a tall empty one).  It
always shows the round's latest ``MIN_ROWS`` bids: where names whole over
two lines leave fewer (a 102-pixel place at 8 and 16 seats showed one or
two), it is laid out compact: the round's line ("Round 3 · 24 dice") takes
the title's place and each name one line beside its bid, cut with "…" only
where its nameplate shows it whole (``readable_elsewhere``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Optional, Sequence

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
MIN_ROWS = 3
"""The latest bids the panel shows whenever the round has them."""
EMPTY_ROW = 22
"""The "No bids yet" line's height."""


@dataclass(frozen=True)
class _Row:
    """How one entry is laid out: its name's lines and size, where its bid's
    middle sits below the entry's top, and its height."""
    lines: tuple[str, ...]
    size: int
    said_mid: int
    height: int


@dataclass(frozen=True)
class _Layout:
    """The panel as it is drawn for some bids: its height (from the bottom of
    its place), the rows shown (the latest), the title's line(s) and the
    footer's (compact: the footer's words are the title)."""
    height: int
    shown: tuple[tuple["HistoryEntry", _Row], ...]
    heading: tuple[str, ...]
    heading_size: int
    foot: tuple[str, ...]
    compact: bool


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

    def __init__(self, place, *, title: str = "This round", die_kind: str = "d6",
                 readable_elsewhere: Callable[[str], bool] | None = None):
        self.place = pygame.Rect(place)
        """The most the panel may cover: it stands at its bottom and grows up with its rows."""
        self.rect = pygame.Rect(place)
        """What the panel covers as last laid out (``lay_out``)."""
        self.title = title
        self.die_kind = die_kind
        self.readable_elsewhere = readable_elsewhere or (lambda name: False)
        """Whether a name is shown whole elsewhere (its nameplate): only such a name may be cut here."""
        self.kept = KeptPatch()
        """The panel as last drawn over the still layer (redrawn when a bid or the footer changes)."""
        self._laid_out: tuple[tuple, _Layout] | None = None

    def draw(self, canvas: pygame.Surface, theme: th.Theme, renderer, entries: Sequence[HistoryEntry],
             footer: str = "", still: StillLayer | None = None, under=None) -> None:
        """The panel; with ``still`` (drawn straight over that still layer, nothing
        else under it this frame but what ``under`` names: the turn's lit
        nameplate) its kept pixels while the bids and footer stay the same."""
        laid = self.lay_out(theme, entries, footer)
        if still is None:
            self._paint(canvas, theme, renderer, laid, len(entries))
            return
        key = (tuple(entries), footer, self.title, theme.colorblind, id(theme), id(renderer), under)
        self.kept.draw(canvas, self.rect, key, still, lambda c: self._paint(c, theme, renderer, laid, len(entries)))

    def lay_out(self, theme: th.Theme, entries: Sequence[HistoryEntry], footer: str) -> _Layout:
        """How the panel shows these bids (module docstring), and ``rect`` set to
        what it covers; worked out once per change of bids or footer."""
        key = (tuple(entries), footer, id(theme))
        if self._laid_out is not None and self._laid_out[0] == key:
            return self._laid_out[1]
        laid = self._fit(theme, entries, footer, compact=False)
        if len(laid.shown) < min(MIN_ROWS, len(entries)):
            compact = self._fit(theme, entries, footer, compact=True)
            if len(compact.shown) > len(laid.shown):
                laid = compact
        self._laid_out = (key, laid)
        self.rect = pygame.Rect(self.place.x, self.place.bottom - laid.height, self.place.w, laid.height)
        return laid

    def _fit(self, theme: th.Theme, entries: Sequence[HistoryEntry], footer: str, *, compact: bool) -> _Layout:
        foot: tuple[str, ...] = tuple(self.footer_rows(theme, footer))
        if compact and footer:   # the round's line is the title
            heading, size, foot = foot, FOOTER_SIZE, ()
            head = 6 + FOOTER_ROW * len(heading) + 4
        else:
            heading, size, head = (self.title,), TITLE_SIZE, HEAD_H
        below = self._below(len(foot))
        shown = self._shown(theme, entries, self.place.h - head - below, compact)
        rows = sum(row.height for _entry, row in shown) if entries else EMPTY_ROW
        return _Layout(min(self.place.h, head + rows + below), tuple(shown), heading, size, foot, compact)

    def _paint(self, canvas: pygame.Surface, theme: th.Theme, renderer, laid: _Layout, count: int) -> None:
        canvas.blit(_panel(*self.rect.size), self.rect)
        layout_record.note(canvas, "panel", self.rect)
        heading = [th.draw_text(canvas, theme, words, (self.rect.x + 12, self.rect.y + 6 + i * FOOTER_ROW),
                                laid.heading_size, th.BRASS_LIGHT, bold=not laid.compact)
                   for i, words in enumerate(laid.heading)]
        bottom = self.rect.bottom - self._below(len(laid.foot))
        y = bottom - sum(row.height for _entry, row in laid.shown)   # rows stand on the footer, as a chat's do
        if count > len(laid.shown):
            self._draw_earlier(canvas, theme, count - len(laid.shown), heading[0])
        if not count:
            th.draw_text(canvas, theme, "No bids yet", (self.rect.x + 12, y - EMPTY_ROW + 4), 14, th.CREAM_DIM,
                         style="italic")
        for i, (entry, row) in enumerate(laid.shown):
            newest = i == len(laid.shown) - 1
            if newest:
                canvas.blit(_band(self.rect.w - 12, row.height), (self.rect.x + 6, y))
            first_mid = y + ROW_PAD + (row.size + LINE_GAP) // 2
            pygame.draw.circle(canvas, entry.colour, (self.rect.x + 16, first_mid), 5)
            self._draw_said(canvas, theme, renderer, entry, y + row.said_mid, newest)
            for k, line in enumerate(row.lines):
                th.draw_text(canvas, theme, line, (self.rect.x + NAME_X, y + ROW_PAD + k * (row.size + LINE_GAP)),
                             row.size, th.CREAM if newest else th.CREAM_DIM, bold=newest)
            y += row.height
        for i, words in enumerate(laid.foot):
            th.draw_text(canvas, theme, words, (self.rect.x + 12, self._footer_top(len(laid.foot)) + i * FOOTER_ROW),
                         FOOTER_SIZE, th.CREAM_DIM)

    def _footer_top(self, footer_rows: int) -> int:
        return self.rect.bottom - 6 - FOOTER_ROW * footer_rows

    @staticmethod
    def _below(footer_rows: int) -> int:
        """Pixels under the rows: the footer's, or a margin."""
        return 4 + FOOTER_ROW * footer_rows + 6 if footer_rows else 6

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

    def _shown(self, theme: th.Theme, entries: Sequence[HistoryEntry], room: int,
               compact: bool = False) -> list[tuple[HistoryEntry, "_Row"]]:
        """The newest entries whose rows fit ``room`` pixels (the newest always), oldest first."""
        shown: list[tuple[HistoryEntry, _Row]] = []
        for entry in reversed(entries):
            row = self._row(theme, entry, newest=not shown, compact=compact)   # the newest bold, as drawn
            if shown and row.height > room:
                break
            shown.insert(0, (entry, row))
            room -= row.height
        return shown

    def rows_held(self, theme: th.Theme, names: Sequence[str], footer_rows: int = 1) -> float:
        """About how many bids of these bidders the panel shows at once in its
        place (the rows' room over their mean height, each bidding "12 ×"),
        names whole; none where a name would not fit whole: what the table
        weighs the corner's places by."""
        rows = [self._row(theme, HistoryEntry(name, th.CREAM, 12, 6), newest=False) for name in names]
        if not rows or not all(layout.reads_whole(row.lines, name) for row, name in zip(rows, names)):
            return 0.0
        room = self.place.h - HEAD_H - self._below(footer_rows)
        return room * len(rows) / sum(row.height for row in rows)

    def _row(self, theme: th.Theme, entry: HistoryEntry, newest: bool, compact: bool = False) -> "_Row":
        """How ``entry``'s name fits (as a nameplate's does, ``layout.fit_plate_name``):
        on one line beside its bid; else on two lines beside it ("Wilhelmina"
        over "Stout  12 ×"); else over the panel's width, its bid under it.
        ``compact``: on one line beside its bid, cut with "…" if its
        nameplate shows it whole (else as above).  A name is never cut where
        it is nowhere else whole (a 16-letter name beside "12 ×" was: "Wilhel…")."""
        left, right = self.place.x + NAME_X, self.place.right - PAD_RIGHT
        said = (theme.font(BID_SIZE, True).size(f"{entry.quantity} \u00d7")[0] + BID_GAP + ICON_PX
                if entry.quantity is not None else theme.font(BID_SIZE, True).size(entry.text)[0])
        beside = right - said - 6 - left

        def measure(size: int, text: str) -> int:
            return theme.font(size, newest).size(text)[0]

        if compact and self.readable_elsewhere(entry.name):
            size = next((size for size in NAME_BESIDE_SIZES if measure(size, entry.name) <= beside),
                        NAME_BESIDE_SIZES[-1])
            return self._laid((th.fit_text(theme.font(size, newest), entry.name, beside),), size, under=False)
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
        width = self.place.w - 24
        font = theme.font(FOOTER_SIZE)
        rows: list[str] = []
        for part in footer.split(FOOTER_SEP):
            if rows and font.size(rows[-1] + FOOTER_SEP + part)[0] <= width:
                rows[-1] += FOOTER_SEP + part
            else:
                rows += th.wrap_text(font, part, width)   # a part too long for a row goes on by words
        return rows
