"""The game log on screen: one shared component for every table.

``LogPanel`` shows a ``game.core.narration.GameLog`` (the whole game, grouped
by round) as a scrollable parchment overlay, opened with the "Log" button
(top left on every table, top centre where a table's own pieces fill both
top corners: ``LOG_CORNERS``) or the L key, scrolled with the wheel, arrows, Page
Up/Down, Home/End, and closed with L, Esc or a click outside.  While it is
open the table holds still (the table scene checks ``is_open``).

``SinceSummary`` is the "since your last turn" note: when a human's turn
starts after several moves by others, their sentences stay on screen in a
small card; after ``SUMMARY_SECONDS`` it folds into a one-line tab where the
card was (hovering the tab opens it again) so it never covers seats or cards
for a whole turn, and it goes when that human acts.  Where the card sits is
the table's choice (``place``): ``clear_spot`` tries ``card_spots`` in turn,
under the Log button first, and takes the first that covers nothing the
table keeps clear (nameplates, dice, its own pieces)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache

from typing import Callable, Sequence

import pygame

from ..core.narration import GameLog, LogEntry
from . import layout_record, theme as th
from .drawn_controls import note as note_drawn
from ..canvas import CANVAS_H, CANVAS_W

LOG_KEY = pygame.K_l
SUMMARY_MIN_MOVES = 2
"""A summary shows only when at least this many sentences happened since."""
SUMMARY_LINES = 6
"""Lines on the "since" card at most (the first may say how many earlier ones the log holds)."""
SUMMARY_MIN_LINES = 3
"""Where room is short the card shows fewer, the newest, down to this many lines."""
SUMMARY_TIGHT_LINES = 2
"""Where no card of ``SUMMARY_MIN_LINES`` fits clear (a full 20-seat table):
the newest line and how many earlier ones the log holds, on a card as
narrow as its title (``TableScene.since_area``)."""
SUMMARY_SECONDS = 6.0
"""How long the card stays open before it folds into its tab."""
LOG_CORNERS = ("topleft", "top")
"""Where a table may put the Log button: top left, the same on every table
(Roll Call's was top right once, beside Liar's Dice's top left); "top" is the
middle of the top edge, only for tables whose own pieces fill both top
corners (Diced Out's sheets at 5+ seats); its "since" card then sits in the
middle below the table's centre."""
TOP_CARD_Y = 470
"""Top of the "since" card for the "top" corner: under the centre tray."""
CARD_MIN_WIDTH = 220
"""The "since" card narrows (wrapping into more rows) to this to keep clear of the table's pieces."""
TAB_WIDTH = 250
"""The folded card's width at most."""
CARD_MARGIN = 8
"""The card keeps this far from the window's edge."""
TITLE_ROW = 20
"""Pixels between the rows of a title too long for one (a hot-seat name's)."""
NOTE_INK = (112, 78, 38)
"""A note's colour in the log (an AI's thinking told at the reveal), in italics: set apart from the facts."""


class LogPanel:
    """The scrollable log overlay and its corner button (see the module docstring)."""

    BUTTON = pygame.Rect(14, 12, 92, 34)
    RECT = pygame.Rect(290, 48, 700, 624)
    LINE_H = 24

    def __init__(self, log: GameLog, corner: str = "topleft"):
        self.log = log
        if corner not in LOG_CORNERS:
            raise ValueError(f"log corner {corner!r} is not one of {LOG_CORNERS}")
        if corner == "top":      # both top corners belong to the table
            self.BUTTON = self.BUTTON.move((CANVAS_W - self.BUTTON.w) // 2 - self.BUTTON.x, 0)
        self.is_open = False
        self.scroll = 0                  # lines scrolled up from the newest
        self._lines: list[tuple[str, str]] = []
        """Rows as drawn: (text, kind), kind "heading", "entry" or "note" (an AI's thinking, in italics)."""
        self._built_for = (-1, 0)

    # --- input ---------------------------------------------------------------
    def toggle(self) -> None:
        """Open or close the log (key L, the Log button), back at the newest line."""
        self.is_open = not self.is_open
        self.scroll = 0

    def handle_event(self, event) -> bool:
        """L / the button toggle; while open, every input is the panel's."""
        if event.type == pygame.KEYDOWN and event.key == LOG_KEY:
            self.toggle()
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.BUTTON.collidepoint(event.pos)):
            self.toggle()
            return True
        if not self.is_open:
            return False
        page = self._visible_rows() - 1
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page,
                     pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}
            if event.key in steps:
                self._scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.is_open = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(3 * getattr(event, "y", 0))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            button = getattr(event, "button", 1)
            if button in (4, 5):
                self._scroll_by(3 if button == 4 else -3)
            elif not self.RECT.collidepoint(event.pos):
                self.is_open = False
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.TEXTINPUT)

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.scroll + rows, max(0, len(self._lines) - self._visible_rows())))

    def _visible_rows(self) -> int:
        return (self.RECT.h - 86) // self.LINE_H

    # --- drawing -------------------------------------------------------------
    def _build(self, theme: th.Theme) -> None:
        key = (len(self.log.entries), id(self.log.entries[0]) if self.log.entries else 0)
        if key == self._built_for:
            return
        self._built_for = key
        font = theme.font(17)
        width = self.RECT.w - 72
        lines: list[tuple[str, str]] = []
        for heading, entries in self.log.rounds():
            if heading:
                lines.append((heading, "heading"))
            for entry in entries:
                wrapped = th.wrap_text(theme.font(17, style="italic") if entry.note else font, entry.text, width)
                kind = "note" if entry.note else "entry"
                lines += [(("" if i == 0 else "   ") + text, kind) for i, text in enumerate(wrapped)]
        self._lines = lines

    def draw_button(self, canvas: pygame.Surface, theme: th.Theme, mouse=(-1, -1)) -> None:
        hot = self.BUTTON.collidepoint(mouse) or self.is_open
        note_drawn("Log", self.BUTTON)
        th.corner_button(canvas, theme, self.BUTTON, "Log", "L", hot)

    def draw(self, canvas: pygame.Surface, theme: th.Theme) -> None:
        if not self.is_open:
            return
        self._build(theme)
        th.dim(canvas, 120)
        rect = self.RECT
        th.panel(canvas, rect)
        th.draw_text(canvas, theme, "Game log", (rect.x + 30, rect.y + 16), 30, th.INK, style="display")
        th.draw_text(canvas, theme, "\u2191\u2193 PgUp PgDn scroll  \u00b7  L or Esc closes",
                     (rect.right - 30, rect.y + 30), 14, th.BRASS_DARK, anchor="midright")
        rows = self._visible_rows()
        end = len(self._lines) - self.scroll
        shown = self._lines[max(0, end - rows):end]
        y = rect.y + 62
        for text, kind in shown:
            if kind == "heading":
                pygame.draw.line(canvas, th.PARCHMENT_DARK, (rect.x + 30, y + 2), (rect.right - 30, y + 2), 1)
                th.draw_text(canvas, theme, text, (rect.x + 30, y + 4), 18, (120, 60, 30), bold=True)
            elif kind == "note":
                th.draw_text(canvas, theme, text, (rect.x + 42, y + 3), 17, NOTE_INK, style="italic")
            else:
                th.draw_text(canvas, theme, text, (rect.x + 42, y + 3), 17, th.INK)
            y += self.LINE_H
        if not self._lines:
            th.draw_text(canvas, theme, "Nothing has happened yet.", rect.center, 20, th.INK,
                         style="italic", anchor="center")
        if len(self._lines) > rows:   # a scroll bar
            track = pygame.Rect(rect.right - 18, rect.y + 62, 6, rows * self.LINE_H)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, track, border_radius=3)
            h = max(20, track.h * rows // len(self._lines))
            top = track.bottom - h - (track.h - h) * self.scroll // max(1, len(self._lines) - rows)
            pygame.draw.rect(canvas, th.BRASS_DARK, (track.x, top, track.w, h), border_radius=3)


class SinceSummary:
    """"Since your last turn" (see the module docstring)."""

    RECT_TOPLEFT = (14, 56)
    WIDTH = 420

    def __init__(self, corner: str = "topleft", width: int = WIDTH):
        self.WIDTH = width
        if corner == "top":
            self.RECT_TOPLEFT = ((CANVAS_W - self.WIDTH) // 2, TOP_CARD_Y)
        self.seat: int | None = None
        self.title = ""
        self.name_cut_ok = True
        self._title_rows: dict[int, list[str]] = {}
        self.texts: list[str] = []
        """Every sentence since the seat's last move."""
        self.lines: list[str] = []
        """The card's lines at their most (``SUMMARY_LINES``)."""
        self.age = 0.0
        self.spot: pygame.Rect | None = None
        """Where the open card is drawn (``place``); None: its corner's place at full width."""
        self.keep = SUMMARY_LINES
        """Lines on the card (``place``): fewer, the newest, where room is short."""
        self._wrapped: dict[tuple[int, int], list[str]] = {}
        self._measured: dict[str, int] = {}
        """Widths of the card's trial lines (its place is sought at several widths)."""
        self.shows = 0
        """How many cards were shown (a new card is placed afresh)."""

    @property
    def unfolding(self) -> bool:
        """The open card is still waiting to fold (the table is not idle yet)."""
        return self.seat is not None and bool(self.lines) and self.age < SUMMARY_SECONDS

    @property
    def shown(self) -> bool:
        """A card (open or folded) is on screen."""
        return self.seat is not None and bool(self.lines)

    def tick(self, dt: float) -> None:
        self.age += dt

    def tab_rect(self) -> pygame.Rect:
        """The folded card: a one-line tab at the card's top-left corner, no
        wider than the card (a narrow card in a corner keeps it in the window)."""
        if self.spot is not None:
            return pygame.Rect(self.spot.x, self.spot.y, min(TAB_WIDTH, self.spot.w), 30)
        return pygame.Rect(*self.RECT_TOPLEFT, TAB_WIDTH, 30)

    def show(self, seat: int, title: str, entries: list[LogEntry], name_cut_ok: bool = True) -> None:
        """Show what happened since ``seat``'s last move, if it was enough to
        miss.  ``name_cut_ok``: a title's name too wide for the card may be
        cut with "…" (its nameplate shows it whole); else it is broken."""
        if len(entries) < SUMMARY_MIN_MOVES:
            self.hide()
            return
        self.seat = seat
        self.title = title
        self.name_cut_ok = name_cut_ok
        self._title_rows = {}
        self.age = 0.0
        self.texts = [e.text for e in entries]
        self.lines = self.shown_lines(SUMMARY_LINES)
        self.keep = SUMMARY_LINES
        self._wrapped = {}
        self._measured = {}
        self.shows += 1

    def shown_lines(self, keep: int) -> list[str]:
        """At most ``keep`` lines: the newest sentences, after one saying how
        many earlier ones the log holds."""
        texts = self.texts
        if len(texts) <= keep:
            return list(texts)
        return [f"\u2026 {len(texts) - keep + 1} earlier (L for the log)"] + texts[len(texts) - keep + 1:]

    def hide(self) -> None:
        self.seat = None
        self.lines = []

    def wrapped(self, theme: th.Theme, width: int, keep: int | None = None) -> list[str]:
        """The card's rows: ``keep`` lines (default: as placed) wrapped to a
        card ``width`` wide (kept per width and count)."""
        keep = self.keep if keep is None else keep
        rows = self._wrapped.get((width, keep))
        if rows is None:
            font = theme.font(15)
            rows = []
            for text in self.shown_lines(keep):
                rows += th.wrap_text(font, text, width - 28, self._measured)
            rows = self._wrapped[width, keep] = rows[-(SUMMARY_LINES + 3):]
        return rows

    def title_width(self, theme: th.Theme) -> int:
        """The narrowest card its title fits on in one row (drawn 14 px in
        from each side), at most the card's own width: a longer title
        ("WWWWWWWWWWWWWWWW: since your last move") wraps (``title_rows``)."""
        return min(theme.font(16, True).size(self.title)[0] + 28, self.WIDTH)

    def title_rows(self, theme: th.Theme, width: int) -> list[str]:
        """The title in rows of a card ``width`` wide: one where it fits, else
        the name on one and "since your last move" under it, else wrapped at
        its spaces; a name wider than the card alone is cut with
        "…" where its nameplate shows it whole, else broken across two rows
        (it ran past the card's edge)."""
        rows = self._title_rows.get(width)
        if rows is None:
            font, room = theme.font(16, True), width - 28
            whose, colon, rest = self.title.rpartition(": ")
            rows = th.wrap_text(font, self.title, room)
            if len(rows) > 1 and colon and font.size(whose + ":")[0] <= room and font.size(rest)[0] <= room:
                rows = [whose + ":", rest]   # the name, then what the card is
            if not self.name_cut_ok and font.size(self.title.split(" ")[0])[0] > room:
                name, _, rest = self.title.partition(" ")
                rows = th.two_lines(font, name, room) + (th.wrap_text(font, rest, room) if rest else [])
            self._title_rows[width] = rows
        return rows

    def card_height(self, theme: th.Theme, width: int, keep: int | None = None) -> int:
        """How tall the open card is at ``width`` with ``keep`` lines (default: as placed)."""
        return 38 + TITLE_ROW * (len(self.title_rows(theme, width)) - 1) + 19 * len(self.wrapped(theme, width, keep))

    def place(self, spot: pygame.Rect | None, keep: int = SUMMARY_LINES) -> None:
        """Draw the open card at ``spot`` (its width; the height follows the
        lines) with ``keep`` lines."""
        self.spot = spot
        self.keep = keep

    def card_rect(self, theme: th.Theme) -> pygame.Rect:
        """Where the open card is drawn now."""
        if self.spot is not None:
            return pygame.Rect(self.spot.x, self.spot.y, self.spot.w, self.card_height(theme, self.spot.w))
        return pygame.Rect(*self.RECT_TOPLEFT, self.WIDTH, self.card_height(theme, self.WIDTH))

    def draw(self, canvas: pygame.Surface, theme: th.Theme, mouse=(-1, -1)) -> None:
        if self.seat is None or not self.lines:
            return
        if self.age >= SUMMARY_SECONDS and not self.tab_rect().collidepoint(mouse):
            self._draw_tab(canvas, theme)
            return
        rect = self.card_rect(theme)
        wrapped = self.wrapped(theme, rect.w)
        canvas.blit(_veil(rect.w, rect.h, 225, 10), rect.topleft)
        pygame.draw.rect(canvas, th.BRASS, rect, 1, border_radius=10)
        layout_record.note(canvas, "panel", rect)
        y = rect.y + 8
        for row in self.title_rows(theme, rect.w):
            th.draw_text(canvas, theme, row, (rect.x + 14, y), 16, th.BRASS_LIGHT, bold=True)
            y += TITLE_ROW
        y += 22 - TITLE_ROW
        for text in wrapped:
            th.draw_text(canvas, theme, text, (rect.x + 14, y), 15, th.CREAM)
            y += 19

    def _draw_tab(self, canvas: pygame.Surface, theme: th.Theme) -> None:
        """The folded card: its title and how many lines it holds."""
        rect = self.tab_rect()
        canvas.blit(_veil(rect.w, rect.h, 200, 8), rect.topleft)
        pygame.draw.rect(canvas, th.BRASS_DARK, rect, 1, border_radius=8)
        th.draw_text(canvas, theme, self.tab_words(theme, rect.w - 24), (rect.x + 12, rect.centery),
                     14, th.CREAM_DIM, anchor="midleft")

    def tab_words(self, theme: th.Theme, width: int) -> str:
        """The folded card's words: its title and how many things happened
        (it read "Since your last move · 2 ›", an unexplained 2), the longest
        wording that fits ``width``."""
        n = len(self.texts)
        things = f"{n} {'thing' if n == 1 else 'things'} happened"
        font = theme.font(14)
        for text in (f"{self.title}: {things} \u203a", f"{things} since your move \u203a", f"{things} \u203a"):
            if font.size(text)[0] <= width:
                return text
        return th.fit_text(font, f"{things} \u203a", width)


@lru_cache(maxsize=16)
def _veil(w: int, h: int, alpha: int, radius: int) -> pygame.Surface:
    """The card's translucent wood, made once per size (it was made afresh every frame)."""
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(veil, (*th.WOOD_DARK, alpha), veil.get_rect(), border_radius=radius)
    return veil


def card_spots(button: pygame.Rect, first: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Top-left corners the "since" card may take, best first: its own place
    (``first``: under the Log button, or mid-table for the "top" corner),
    beside the Log button along the top edge, then every point of a coarse
    grid, nearest to the Log button first (made once per button and place)."""
    return _card_spots(tuple(button), tuple(first))


@lru_cache(maxsize=8)
def _card_spots(button: tuple[int, int, int, int], first: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    rect = pygame.Rect(button)
    spots = (first, (rect.right + 12, CARD_MARGIN + 4)) + _grid_nearest(rect.centerx, rect.centery)
    _spot_cells(spots)   # made with the spots (a table's opening asks for them), not at the first search
    return spots


@lru_cache(maxsize=8)
def _grid_nearest(cx: int, cy: int) -> tuple[tuple[int, int], ...]:
    """The coarse grid of ``card_spots``, nearest to (cx, cy) first (sorted once per point)."""
    top = CARD_MARGIN + 4
    grid = [(x, y) for y in range(top, CANVAS_H - 60, 20) for x in range(CARD_MARGIN + 6, CANVAS_W, 32)]
    grid.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    return tuple(grid)


_CELLS: dict[int, tuple[tuple[tuple[int, int], ...], tuple[list[int], list[int], dict[int, int]]]] = {}
"""``_spot_cells`` of the spot lists made so far, by identity (``card_spots``'
lists are made once each: hashing 1,300 spots at every search cost more than the search)."""


def _spot_cells(spots: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int], dict[int, int]]:
    """The spots' distinct x and y (sorted), and each spot's place in ``spots``
    by its cell (row * columns + column; the first of equal spots)."""
    known = _CELLS.get(id(spots))
    if known is not None and known[0] is spots:
        return known[1]
    if len(_CELLS) >= 8:
        _CELLS.clear()
    xs, ys = sorted({x for x, _ in spots}), sorted({y for _, y in spots})
    column, row = {x: i for i, x in enumerate(xs)}, {y: i for i, y in enumerate(ys)}
    order: dict[int, int] = {}
    for place, (x, y) in enumerate(spots):
        order.setdefault(row[y] * len(xs) + column[x], place)
    _CELLS[id(spots)] = (spots, (xs, ys, order))
    return xs, ys, order


def _spots_with_room(spots: Sequence[tuple[int, int]], w: int, h: int, bounds: pygame.Rect,
                     keep_clear: Sequence[pygame.Rect]) -> list[tuple[int, int]]:
    """The spots (in order) where a ``w`` x ``h`` card lies inside ``bounds``
    and covers nothing of ``keep_clear``.  The spots lie on a few columns and
    rows, and the cards one rectangle covers are those whose x and y fall in
    two open ranges, as do the cards inside ``bounds``: each rectangle marks
    its block of cells in one bit mask per row, and only the cells left free
    are looked at (issue 41: a Rect per spot swept by every rectangle, 3-4 ms
    a tier, 6-18 ms in the frame a 20-seat human's turn began).  The same
    answers as ``colliderect`` and ``contains``: empty rectangles cover nothing."""
    spots = tuple(spots)
    xs, ys, order = _spot_cells(spots)
    blocked = [0] * len(ys)
    for keep in keep_clear:
        rect = pygame.Rect(keep)
        rect.normalize()
        if rect.w == 0 or rect.h == 0:
            continue
        first, end = bisect_right(xs, rect.x - w), bisect_left(xs, rect.right)
        if first >= end:
            continue
        bits = ((1 << (end - first)) - 1) << first
        for row in range(bisect_right(ys, rect.y - h), bisect_left(ys, rect.bottom)):
            blocked[row] |= bits
    first, end = bisect_left(xs, bounds.x), bisect_right(xs, bounds.right - w)
    inside = ((1 << max(0, end - first)) - 1) << first
    found = []
    for row in range(bisect_left(ys, bounds.y), bisect_right(ys, bounds.bottom - h)):
        free, cell = inside & ~blocked[row], row * len(xs)
        while free:
            low = free & -free
            place = order.get(cell + low.bit_length() - 1)
            if place is not None:
                found.append(place)
            free ^= low
    return [spots[place] for place in sorted(found)]


def clear_spot(height_of: Callable[[int, int], int], widths: Sequence[int], keeps: Sequence[int],
               spots: Sequence[tuple[int, int]], tiers: Sequence[Sequence[pygame.Rect]]) -> tuple[pygame.Rect, int]:
    """Where the card goes and how many lines it shows: inside the window,
    covering none of the first tier of rectangles to keep clear, with the
    most lines of ``keeps``, at the first of ``spots`` and the widest of
    ``widths`` there; else the same for the next tier; if every place covers
    something of the last tier, the one that covers least (with the fewest
    lines).  ``height_of(width, lines)``: the card's height, never greater
    at a greater width (fewer rows of wrapped words, never more).  Each spot is
    first tried with the least card any width there makes: if that one is
    out of bounds or covers something (or more than the best so far), so
    do all, and the spot's widths are skipped; only the rectangles a place
    touches are measured (at 20 seats every tier could be covered: about
    25,000 places measured against 40 rectangles took 70 ms in the frame a
    human's turn began)."""
    bounds = pygame.Rect(0, 0, CANVAS_W, CANVAS_H).inflate(-2 * CARD_MARGIN, -2 * CARD_MARGIN)
    heights: dict[tuple[int, int], int] = {}

    def height(w: int, keep: int) -> int:
        """The card's height, worked out when first needed (each wraps its lines: 0.1-0.2 ms)."""
        known = heights.get((w, keep))
        if known is None:
            known = heights[w, keep] = height_of(w, keep)
        return known
    narrowest = min(widths)
    lowest = {keep: height(max(widths), keep) for keep in keeps}   # a card is never taller for being wider

    def probe(x: int, y: int, keep: int) -> pygame.Rect:
        """What every card of ``keep`` lines at (x, y) covers at least."""
        return pygame.Rect(x, y, narrowest, lowest[keep])
    for keep_clear in tiers:
        for keep in keeps:
            for x, y in _spots_with_room(spots, narrowest, lowest[keep], bounds, keep_clear):
                for w in widths:
                    rect = pygame.Rect(x, y, w, height(w, keep))
                    if bounds.contains(rect) and rect.collidelist(keep_clear) < 0:
                        return rect, keep
    last, keep = list(tiers[-1]), keeps[-1]

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(last[i]).w * rect.clip(last[i]).h for i in rect.collidelistall(last))
    best: tuple[int, pygame.Rect] | None = None
    for x, y in spots:   # the first place that covers least (``min`` over every place in order)
        least = probe(x, y, keep)
        if not bounds.contains(least) or (best is not None and covered(least) >= best[0]):
            continue   # no card here covers less than the best so far
        for w in widths:
            rect = pygame.Rect(x, y, w, height(w, keep))
            if bounds.contains(rect) and (best is None or covered(rect) < best[0]):
                best = (covered(rect), rect)
    assert best is not None, "the window holds a card of the narrowest width"
    return best[1], keep
