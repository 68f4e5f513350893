"""Diced Out's printed score sheets: where everything on a sheet is, and
drawing one, kept as a picture until what it shows changes.

A sheet shows what ``SheetFacts`` says (the scene builds them from the
state each frame; they are small and compare by value).  ``SheetPainter``
draws the paper every frame (its glow when the seat is active, the shadow,
the paper and its coloured band: a few rectangles) and the print, the pen
marks and the labels on it only when the facts changed; otherwise it blits
the picture it kept of the paper's inside.  Marks still drawing themselves
are drawn each frame over a kept picture of the sheet without them; a
free-mark choice on offer is drawn afresh each frame.  The picture is cut from the canvas
itself after a fresh draw and blitted back only where the opaque paper
covers (not its rounded corners), so a kept sheet is pixel-identical to a
fresh one.
"""
from __future__ import annotations

import string

import math
import random
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Mapping, Optional

import pygame

from ...canvas import CANVAS_H, CANVAS_W
from ...ui import theme as th
from ...ui.theme import fit_text
from .rules import FREE_MARK, OPENING, OVER, PENALTY, ROLL, ROUNDS, TIE, DicedOutState
from .solver import NUMBERS, bit, unmarked_sum

PAPER = (251, 246, 230)
PAPER_EDGE = (196, 178, 140)
GRID = (150, 176, 196)          # the printed blue-grey grid
PRINT_RED = (178, 44, 36)       # the printed logo and bonus circles
PEN = (28, 52, 120)             # ballpoint blue
HIGHLIGHT = (255, 236, 140)     # the current round's marker band
PREVIEW_INK = (140, 150, 190)   # a free mark not yet made
STAMP_GOOD = (40, 130, 70)


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------

def sheet_rects(n: int) -> list[pygame.Rect]:
    """One sheet per seat, clockwise from the bottom left."""
    if n == 1:
        return [pygame.Rect(300, 408, 680, 290)]
    if n == 2:
        return [pygame.Rect(70, 424, 560, 270), pygame.Rect(650, 424, 560, 270)]
    rows = math.ceil(n / 2)
    gap, top, w = 10, 14, 392
    h = min(236, (CANVAS_H - 2 * top - gap * (rows - 1)) // rows)
    left = [pygame.Rect(14, CANVAS_H - top - (i + 1) * h - i * gap, w, h) for i in range(rows)]
    right = [pygame.Rect(CANVAS_W - 14 - w, top + i * (h + gap), w, h) for i in range(n - rows)]
    return left + right


@dataclass(frozen=True)
class SheetGeometry:
    """Where everything on one printed sheet is.  The lengths are worked out
    once per sheet (``cached_property``): a sheet drawn afresh asks for some
    90 cells, and recomputing each from the rect was a third of a landing
    frame's sheet drawing at eight seats.  ``rect`` is never moved."""
    rect: pygame.Rect

    @cached_property
    def pad(self) -> int:
        return max(6, self.rect.h // 26)

    @cached_property
    def _header_h(self) -> int:
        return int(self.rect.h * 0.17)

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self._header_h)

    @cached_property
    def label_w(self) -> int:
        return int(self.rect.w * 0.075)

    @cached_property
    def score_w(self) -> int:
        return int(self.rect.w * 0.12)

    @cached_property
    def cell_w(self) -> float:
        return (self.rect.w - 2 * self.pad - self.label_w - self.score_w) / len(NUMBERS)

    @cached_property
    def _numbers_h(self) -> int:
        return int(self.rect.h * 0.16)

    @property
    def numbers_row(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + self._header_h, self.rect.w, self._numbers_h)

    @cached_property
    def _rows_top(self) -> int:
        """The top of round 1's row (the numbers row's bottom)."""
        return self.rect.y + self._header_h + self._numbers_h

    @cached_property
    def _cells_x(self) -> int:
        """The left of the first number's column."""
        return self.rect.x + self.pad + self.label_w

    @cached_property
    def row_h(self) -> float:
        return self.rect.h * 0.125

    def printed_words(self) -> list[pygame.Rect]:
        """The bands of the sheet's printed words: the header ("DICED OUT!", the
        name, the total), the numbers 2-12, the rounds' "R1"-"R4" and the rerolls
        line.  The sheet is drawn as one picture, so the layout record sees
        none of them: a lesson's arrow keeps off these (one ran across
        "DICED OUT!" and the 5 to the 7's cell)."""
        labels = pygame.Rect(self.rect.x, self._rows_top, self._cells_x - self.rect.x, self.footer.top - self._rows_top)
        return [self.header, self.numbers_row, labels, self.footer]

    def number_rect(self, number: int) -> pygame.Rect:
        x = self._cells_x + (number - 2) * self.cell_w
        return pygame.Rect(round(x), self.rect.y + self._header_h, round(self.cell_w), self._numbers_h)

    def cell(self, round_index: int, number: int) -> pygame.Rect:
        x = self._cells_x + (number - 2) * self.cell_w
        y = self._rows_top + round_index * self.row_h
        return pygame.Rect(round(x), round(y), round(self.cell_w), round(self.row_h))

    def label(self, round_index: int) -> pygame.Rect:
        y = self._rows_top + round_index * self.row_h
        return pygame.Rect(self.rect.x + self.pad, round(y), self.label_w, round(self.row_h))

    def score(self, round_index: int) -> pygame.Rect:
        y = self._rows_top + round_index * self.row_h
        return pygame.Rect(self.rect.right - self.pad - self.score_w, round(y), self.score_w, round(self.row_h))

    @property
    def footer(self) -> pygame.Rect:
        top = round(self._rows_top + ROUNDS * self.row_h)
        return pygame.Rect(self.rect.x, top, self.rect.w, self.rect.bottom - top)

    def reroll_box(self, i: int) -> pygame.Rect:
        size = max(10, int(self.footer.h * 0.52))
        x = self.rect.x + self.pad + self.label_w + int(self.cell_w * 2.6) + i * (size + size // 2)
        return pygame.Rect(x, self.footer.centery - size // 2, size, size)

    @property
    def total_size(self) -> int:
        """The header's "Total" and name (bold)."""
        return max(11, self.title_size - 3)

    @property
    def score_size(self) -> int:
        """A round's score (bold italic, the pen)."""
        return max(11, int(self.row_h * 0.78))

    @property
    def footer_size(self) -> int:
        """"REROLLS" and the line beside it."""
        return max(9, int(self.footer.h * 0.42))

    @property
    def title_size(self) -> int:
        """"DICED OUT!" in the header."""
        return max(12, int(self.header.h * 0.62))

    @property
    def number_size(self) -> int:
        """The numbers 2-12 over the columns."""
        return max(11, int(self.numbers_row.h * 0.58))

    @property
    def round_size(self) -> int:
        """A row's "R1"-"R4"."""
        return max(9, int(self.row_h * 0.5))

    def word_fonts(self) -> tuple[tuple, ...]:
        """The (size, bold, style, characters) of the words on this sheet (its
        print, the total and name, the scores, the rerolls line): a table
        draws their glyphs while it opens (``glyph_fonts``), so neither the
        first sheet nor a landing that rewrites three sheets renders a cold
        label."""
        return ((self.title_size, True, "display", "DICED OUT!"),
                (self.number_size, True, "display", "0123456789"),
                (max(9, self.number_size // 2), False, "body", "score"),
                (self.round_size, True, "body", "R1234"),
                (self.total_size, True, "body", "Total 0123456789()" + string.ascii_letters),
                (self.score_size, True, "italic", "0123456789"),
                (self.footer_size, True, "body", "REROLLS"),
                (self.footer_size, False, "body", "0123456789 \u00b7:" + string.ascii_letters))

    def hit_number(self, pos, round_index: int) -> int | None:
        """The number whose column (header or current row) is under ``pos``."""
        for n in NUMBERS:
            if self.number_rect(n).collidepoint(pos) or self.cell(round_index, n).collidepoint(pos):
                return n
        return None


# --------------------------------------------------------------------------
# Pen strokes and stamps
# --------------------------------------------------------------------------

def pen_stroke(canvas: pygame.Surface, cell: pygame.Rect, progress: float, seed: int, colour=PEN) -> None:
    """A hand-drawn slash across ``cell``: slightly curved, thicker in the
    middle, drawn up to ``progress`` (0..1) so it can animate."""
    if progress <= 0:
        return
    rng = random.Random(seed)
    inset = cell.w * 0.18
    x0, y0 = cell.left + inset + rng.uniform(-2, 2), cell.bottom - cell.h * 0.18 + rng.uniform(-1, 1)
    x1, y1 = cell.right - inset + rng.uniform(-2, 2), cell.top + cell.h * 0.18 + rng.uniform(-1, 1)
    bow = rng.uniform(-0.12, 0.12) * cell.w
    width = max(2.0, cell.h / 9)
    steps = 10
    last = None
    for i in range(int(steps * min(1.0, progress)) + 1):
        t = min(i / steps, progress)
        bend = math.sin(math.pi * t) * bow
        x = x0 + (x1 - x0) * t + bend * 0.7
        y = y0 + (y1 - y0) * t + bend
        if last is not None:
            w = width * (0.7 + 0.5 * math.sin(math.pi * t))
            pygame.draw.line(canvas, colour, last, (x, y), max(1, round(w)))
            pygame.draw.aaline(canvas, colour, (last[0] + 0.6, last[1]), (x + 0.6, y))
        last = (x, y)
        pygame.draw.circle(canvas, colour, (round(x), round(y)), max(1, round(width / 2)))


def tick_box(canvas, box: pygame.Rect, colour=PEN, progress: float = 1.0) -> None:
    """A checkmark in a reroll box."""
    pts = [(box.x + box.w * 0.2, box.y + box.h * 0.55), (box.x + box.w * 0.42, box.bottom - box.h * 0.2),
           (box.right - box.w * 0.12, box.y + box.h * 0.12)]
    width = max(2, box.w // 6)
    if progress >= 1:
        pygame.draw.lines(canvas, colour, False, pts, width)
    else:
        mid = 0.4
        if progress < mid:
            t = progress / mid
            end = (pts[0][0] + (pts[1][0] - pts[0][0]) * t, pts[0][1] + (pts[1][1] - pts[0][1]) * t)
            pygame.draw.line(canvas, colour, pts[0], end, width)
        else:
            t = (progress - mid) / (1 - mid)
            end = (pts[1][0] + (pts[2][0] - pts[1][0]) * t, pts[1][1] + (pts[2][1] - pts[1][1]) * t)
            pygame.draw.lines(canvas, colour, False, [pts[0], pts[1], end], width)


STAMPS_KEPT = 48
"""Finished stamp pictures kept (``stamp``): every sheet's stamps and the
steady frames of the big banner's, which only change while it pops in and fades."""
_stamps: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def stamp(canvas, theme, text: str, centre, size: int, colour, angle: float = -12, scale: float = 1.0,
          alpha: int = 235, below: int | None = None) -> pygame.Rect:
    """A rubber-stamp word in a frame, rotated, for "DICED OUT" / "FULL SHEET"; returns where
    (``below``: its box's top goes no higher).  The rotated picture is kept (a font render and
    a rotozoom: 1-3 ms a sheet)."""
    px = max(8, int(size * scale))
    key = (text, px, tuple(colour), angle, alpha)
    tile = _stamps.get(key)
    if tile is None:
        label = theme.display(px, True).render(text, True, colour)
        pad = max(4, label.get_height() // 6)
        tile = pygame.Surface((label.get_width() + 4 * pad, label.get_height() + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(tile, colour, tile.get_rect(), max(2, pad // 2), border_radius=pad)
        tile.blit(label, (2 * pad, pad))
        tile.set_alpha(alpha)
        tile = pygame.transform.rotozoom(tile, angle, 1.0)
        _stamps[key] = tile
        if len(_stamps) > STAMPS_KEPT:
            _stamps.popitem(last=False)
    else:
        _stamps.move_to_end(key)
    rect = tile.get_rect(center=(round(centre[0]), round(centre[1])))
    if below is not None and rect.top < below:
        rect.top = below
    canvas.blit(tile, rect)
    return rect



def sheet_title(font: pygame.font.Font, name: str, persona: str, width: int) -> str:
    """The sheet header's name: "Mags  (Steady Sal)" when it fits, else the
    seat name alone (an AI's persona is flavour, its name is not), cut only if
    even that does not fit."""
    if persona and font.size(f"{name}  ({persona})")[0] <= width:
        return f"{name}  ({persona})"
    return fit_text(font, name, width)


# --------------------------------------------------------------------------
# One sheet, drawn from its facts and kept
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class SheetRow:
    """One round's row: ``marks`` (a bit set of numbers) and ``score`` when
    the row has been played into (``marks`` None: nothing written yet)."""
    played: bool
    marks: Optional[int] = None
    score: Optional[int] = None


def rerolls_line(left: int, open_points: int) -> tuple[str, ...]:
    """The words beside the reroll boxes, longest first (the sheet shows the
    first that fits): the rerolls left, and what the round would score if
    the player dices out now (the unmarked numbers' sum; it read "at risk
    17", which a newcomer could not place)."""
    return (f"{left} left  \u00b7  {open_points} points if diced out now",
            f"{left} left \u00b7 {open_points} pts if diced out",
            f"{left} left \u00b7 diced out: {open_points} pts",
            f"{left} left")


@dataclass(frozen=True)
class SheetFacts:
    """Everything printed and written on one sheet (its cache key)."""
    colour: tuple
    name: str
    persona: str                 # an AI's persona ("" for a human)
    total: int
    bonus: tuple[int, ...]
    current: int                 # the highlighted round, -1 for none
    rows: tuple[SheetRow, ...]
    reroll_limit: int
    rerolls_left: int
    info: tuple[str, ...]        # the rerolls line, longest wording first: "2 left  ·  17 points if diced out now"
    stamp: Optional[tuple[str, tuple, int]] = None   # (word, ink, round) of "DICED OUT" / "FULL SHEET"


def sheet_facts(state: DicedOutState, p: int, colour: tuple, name: str, persona: str) -> SheetFacts:
    """What seat ``p``'s sheet shows in ``state`` (``persona``: "" for a human)."""
    # Between rounds (roll-off, penalty) the old sheet is already in round_marks.
    current = state.round_index if state.phase in (ROLL, FREE_MARK, OPENING) else -1
    rows = []
    for r in range(ROUNDS):
        played = r <= current or r < len(state.round_scores[p])
        if r < len(state.round_marks[p]):
            rows.append(SheetRow(played, state.round_marks[p][r], state.round_scores[p][r]))
        elif r == current:
            rows.append(SheetRow(played, state.marked[p], state.round_score[p]))
        else:
            rows.append(SheetRow(played))
    limit, left = state.reroll_limit[p], state.rerolls[p]
    if state.phase in (PENALTY, TIE, OPENING, OVER):
        limit = left = 3
    info: tuple[str, ...] = (f"{left} left",) if state.phase in (ROLL, FREE_MARK) else ("",)
    if state.phase in (ROLL, FREE_MARK) and not state.done[p]:
        info = rerolls_line(left, unmarked_sum(state.marked[p]))
    mark = None
    if state.done[p] and state.phase in (ROLL, FREE_MARK):
        word, ink = ("FULL SHEET", STAMP_GOOD) if state.round_score[p] == 0 else ("DICED OUT", PRINT_RED)
        mark = (word, ink, state.round_index)
    return SheetFacts(colour, name, persona, state.totals()[p], tuple(state.game.bonus),
                      current, tuple(rows), limit, left, info, mark)


@dataclass(frozen=True)
class FreeMarkChoice:
    """The free mark on offer on this sheet: its cells ring (a human
    chooses) and the chosen one shows a preview stroke."""
    round_index: int
    choices: tuple[int, ...]
    chosen: Optional[int]
    human: bool
    pulse: float


CORNER = 5
"""The paper's corner radius: the kept picture is blitted everywhere but these corners."""


class SheetPainter:
    """Draws seat ``seat``'s sheet at ``geo`` (see the module docstring)."""

    def __init__(self, seat: int, geo: SheetGeometry):
        self.seat = seat
        self.geo = geo
        self._facts: Optional[SheetFacts] = None
        self._picture: Optional[pygame.Surface] = None
        self._shade: Optional[pygame.Surface] = None
        self._glows: dict[int, pygame.Surface] = {}
        self._bands: dict[tuple[int, int], pygame.Surface] = {}
        self.redraws = 0
        """How many times the print was drawn afresh (tests: a still sheet is not)."""
        self.pending = False
        """The kept picture shows older facts (``draw(may_wait=True)``)."""
        self._marks: dict[tuple, Optional[tuple[pygame.Rect, pygame.Surface]]] = {}
        """Whole pen marks kept as pictures, by (round, number, on the band, cell size) (``_mark``)."""
        self._inks: dict[tuple, pygame.Rect] = {}
        self._under: Optional[pygame.Surface] = None
        self._under_key: Optional[tuple] = None
        """The sheet without the marks drawing themselves, and what it shows (``_draw_marking``)."""

    def draw(self, canvas: pygame.Surface, theme: th.Theme, facts: SheetFacts, *, glow: Optional[int] = None,
             drawing: Optional[Mapping[tuple[int, int], float]] = None,
             free_mark: Optional[FreeMarkChoice] = None, may_wait: bool = False) -> bool:
        """``glow``: the active seat's pulse alpha; ``drawing``: the marks
        still drawing themselves, ``{(round, number): progress 0..1}``;
        ``free_mark``: the choice on offer (drawn afresh each frame).
        ``may_wait``: a sheet whose facts changed may show its kept picture
        one more frame (the scene spreads a phase change's eight fresh
        drawings over frames); ``pending`` says so.  True if drawn afresh."""
        rect = self.geo.rect
        if glow is not None:
            canvas.blit(self._glow(glow), rect.inflate(18, 18))
        if self._shade is None:
            self._shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 80))
        canvas.blit(self._shade, rect.move(4, 5))
        pygame.draw.rect(canvas, PAPER, rect, border_radius=CORNER)
        pygame.draw.rect(canvas, PAPER_EDGE, rect, 1, border_radius=CORNER)
        header = self.geo.header
        pygame.draw.rect(canvas, facts.colour, (rect.x, rect.y, rect.w, max(4, header.h // 6)),
                         border_top_left_radius=CORNER, border_top_right_radius=CORNER)
        kept = canvas.get_rect().contains(rect)
        if drawing and free_mark is None and kept and not _stamped_over(facts, drawing):
            return self._draw_marking(canvas, theme, facts, drawing)
        live = bool(drawing) or free_mark is not None
        if not live and self._picture is not None and (
                facts == self._facts or (may_wait and self._facts is not None)):
            self.pending = facts != self._facts
            self._blit_inside(canvas, self._picture)
            return False
        self.pending = False
        self.redraws += 1
        self._paint(canvas, theme, facts, _progress(drawing), free_mark)
        if live or not kept:
            self._facts = self._picture = None
        else:
            self._facts, self._picture = facts, canvas.subsurface(rect).copy()
        return True

    def _draw_marking(self, canvas, theme, facts: SheetFacts, drawing: Mapping[tuple[int, int], float]) -> bool:
        """Marks drawing themselves: the sheet without them is drawn once and
        kept, and each frame only the marks are drawn over it (nothing else on
        the sheet covers a mark's cell: a stamp over one is drawn afresh
        instead).  Once every mark is whole, the frame is the sheet's kept
        picture.  True if the sheet under the marks was drawn afresh."""
        rect = self.geo.rect
        whole = all(progress >= 1.0 for progress in drawing.values())
        if whole and self._picture is not None and self._facts == facts:
            self._blit_inside(canvas, self._picture)   # the marks are whole: the finished sheet
            return False
        key = (facts, frozenset(drawing))
        fresh = self._under is None or self._under_key != key
        if fresh:
            self.redraws += 1
            self._paint(canvas, theme, facts, lambda r, n: 0.0 if (r, n) in drawing else 1.0, None)
            self._under_key, self._under = key, canvas.subsurface(rect).copy()
        else:
            assert self._under is not None
            self._blit_inside(canvas, self._under)
        for (r, n), progress in sorted(drawing.items()):
            cell = self.geo.cell(r, n)
            pen_stroke(canvas, cell, progress, stroke_seed(self.seat, r, n))
        if not fresh:   # a calm frame: measure a drawing mark's ink now, not when the sheet is next drawn whole
            for r, n in sorted(drawing):
                if (self.geo.cell(r, n).size, stroke_seed(self.seat, r, n)) not in self._inks:
                    self._ink(self.geo.cell(r, n).size, stroke_seed(self.seat, r, n))
                    break
        self.pending = False
        if whole:
            self._facts, self._picture = facts, canvas.subsurface(rect).copy()
            self._under = self._under_key = None
        else:
            self._facts = self._picture = None
        return fresh

    def _glow(self, alpha: int) -> pygame.Surface:
        surf = self._glows.get(alpha)
        if surf is None:
            surf = pygame.Surface(self.geo.rect.inflate(18, 18).size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (*th.BRASS_LIGHT, alpha), surf.get_rect(), border_radius=14)
            self._glows[alpha] = surf
        return surf

    def _blit_inside(self, canvas: pygame.Surface, pic: pygame.Surface) -> None:
        """A kept picture where the paper is opaque: all but the corners."""
        rect, c = self.geo.rect, CORNER
        w, h = rect.size
        canvas.blit(pic, (rect.x + c, rect.y), (c, 0, w - 2 * c, h))
        canvas.blit(pic, (rect.x, rect.y + c), (0, c, c, h - 2 * c))
        canvas.blit(pic, (rect.right - c, rect.y + c), (w - c, c, c, h - 2 * c))

    # --- the print, the pen and the labels -----------------------------------
    def _paint(self, canvas, theme, facts: SheetFacts, progress, free_mark) -> None:
        geo, rect = self.geo, self.geo.rect
        header = geo.header
        size = geo.title_size
        mid_y = header.centery + header.h // 10
        logo = th.draw_text(canvas, theme, "DICED OUT!", (rect.x + geo.pad, mid_y), size, PRINT_RED,
                            style="display", bold=True, anchor="midleft")
        total = th.draw_text(canvas, theme, f"Total {facts.total}", (rect.right - geo.pad, mid_y),
                             geo.total_size, th.INK, bold=True, anchor="midright")
        font = theme.font(geo.total_size, True)
        name = sheet_title(font, facts.name, facts.persona, total.left - logo.right - 2 * geo.pad)
        th.blit_text(canvas, font.render(name, True, th.INK), (logo.right + geo.pad, mid_y), "midleft")
        self._numbers(canvas, theme, facts.bonus)
        self._rounds(canvas, theme, facts, progress)
        self._rerolls(canvas, theme, facts)
        if free_mark is not None:
            self._free_mark(canvas, free_mark)
        if facts.stamp is not None:
            word, ink, round_index = facts.stamp
            cell = geo.cell(round_index, 7)
            stamp(canvas, theme, word, (cell.centerx, cell.centery - cell.h * 0.3), max(14, int(geo.row_h * 1.2)),
                  ink, alpha=165, below=geo.number_rect(2).bottom)   # round 1's stamp lay over the numbers 4-9

    def _numbers(self, canvas, theme, bonus) -> None:
        geo = self.geo
        size = geo.number_size
        for n in NUMBERS:
            r = geo.number_rect(n)
            th.draw_text(canvas, theme, str(n), (r.centerx, r.y + r.h * 0.42), size, th.INK,
                         style="display", bold=True, anchor="center")
            if n in bonus:
                rad = max(2, r.h // 11)
                for dx in (-rad * 1.6, rad * 1.6):
                    pygame.draw.circle(canvas, PRINT_RED, (round(r.centerx + dx), round(r.bottom - rad * 1.8)),
                                       rad, 1)
        th.draw_text(canvas, theme, "score", (geo.score(0).centerx, geo.numbers_row.centery), max(9, size // 2),
                     th.INK, anchor="center")

    def _rounds(self, canvas, theme, facts: SheetFacts, progress) -> None:
        geo = self.geo
        for r, line in enumerate(facts.rows):
            label, score = geo.label(r), geo.score(r)
            if r == facts.current:
                row = pygame.Rect(label.x, label.y, score.right - label.x, label.h)
                canvas.blit(self._band(row.size), row)
            th.draw_text(canvas, theme, f"R{r + 1}", label.center, geo.round_size,
                         th.INK if line.played else GRID, bold=True, anchor="center")
            for n in NUMBERS:
                pygame.draw.rect(canvas, GRID, geo.cell(r, n), 1)
            pygame.draw.rect(canvas, GRID, score, 1)
            if line.marks is None:
                continue
            for n in NUMBERS:
                if line.marks & bit(n):
                    self._mark(canvas, geo.cell(r, n), progress(r, n), r, n, r == facts.current)
            if line.score is not None:
                th.draw_text(canvas, theme, str(line.score), score.center, geo.score_size, PEN,
                             style="italic", bold=True, anchor="center")

    def _band(self, size: tuple[int, int]) -> pygame.Surface:
        """The current round's highlight, made once per row size."""
        band = self._bands.get(size)
        if band is None:
            band = self._bands[size] = pygame.Surface(size, pygame.SRCALPHA)
            band.fill((*HIGHLIGHT, 120))
        return band

    def _mark(self, canvas: pygame.Surface, cell: pygame.Rect, progress: float, r: int, n: int, band: bool) -> None:
        """One pen mark: a whole one from the picture kept of it (a stroke is
        some 30 pen calls, two thirds of a sheet's drawing), drawn afresh the
        first time and while it draws itself.  The picture is cut from the
        canvas around the ink when the ink lies inside its cell's grid lines:
        there only the paper (or the round's band) is under it, and no other
        mark reaches in (each stays in its own cell), so it is pixel-identical
        to drawing the mark again.  A mark touching its grid lines is always drawn."""
        seed = stroke_seed(self.seat, r, n)
        if progress < 1.0:
            pen_stroke(canvas, cell, progress, seed)
            return
        key = (r, n, band, cell.size)
        known = key in self._marks
        kept = self._marks.get(key)
        if kept is not None:
            spot, picture = kept
            canvas.blit(picture, spot.move(cell.topleft))
            return
        pen_stroke(canvas, cell, 1.0, seed)
        if known:
            return   # it touches its grid lines: always drawn
        inside = pygame.Rect(1, 1, cell.w - 2, cell.h - 2)
        ink = self._ink(cell.size, seed)
        spot = ink.inflate(2, 2).clip(inside)
        if inside.contains(ink) and canvas.get_clip().contains(spot.move(cell.topleft)):
            self._marks[key] = (spot, canvas.subsurface(spot.move(cell.topleft)).copy())
        else:
            self._marks[key] = None

    def _ink(self, size: tuple[int, int], seed: int) -> pygame.Rect:
        """``ink_rect``, measured once per mark (a round's band coming or
        going does not measure its marks again)."""
        ink = self._inks.get((size, seed))
        if ink is None:
            ink = self._inks[(size, seed)] = ink_rect(size, seed)
        return ink

    def _rerolls(self, canvas, theme, facts: SheetFacts) -> None:
        geo = self.geo
        footer = geo.footer
        size = geo.footer_size
        th.draw_text(canvas, theme, "REROLLS", (geo.rect.x + geo.pad, footer.centery), size, PRINT_RED,
                     bold=True, anchor="midleft")
        limit, left = facts.reroll_limit, facts.rerolls_left
        for i in range(3):
            box = geo.reroll_box(i)
            pygame.draw.rect(canvas, PAPER, box)
            pygame.draw.rect(canvas, th.INK, box, 1)
            if i >= limit:  # taken away by the round's lowest scorer
                pygame.draw.line(canvas, PRINT_RED, box.topleft, box.bottomright, 2)
                pygame.draw.line(canvas, PRINT_RED, box.topright, box.bottomleft, 2)
            elif i < limit - left:
                tick_box(canvas, box)
        x = geo.reroll_box(2).right + geo.pad * 2
        th.draw_text(canvas, theme, self.rerolls_words(theme, facts), (x, footer.centery), size, th.INK,
                     anchor="midleft")

    def rerolls_words(self, theme: th.Theme, facts: SheetFacts) -> str:
        """The longest wording of the rerolls line that fits between the
        reroll boxes and the sheet's right edge."""
        geo = self.geo
        room = geo.rect.right - geo.pad - (geo.reroll_box(2).right + geo.pad * 2)
        font = theme.font(geo.footer_size)
        return next((text for text in facts.info if font.size(text)[0] <= room), facts.info[-1])

    def _free_mark(self, canvas, choice: FreeMarkChoice) -> None:
        geo = self.geo
        for n in choice.choices:
            cell = geo.cell(choice.round_index, n)
            if n == choice.chosen:
                pygame.draw.rect(canvas, th.BRASS, cell.inflate(2, 2), 3, border_radius=4)
                pen_stroke(canvas, cell, 1.0, hash((self.seat, n)) & 0xFFFF, PREVIEW_INK)
            elif choice.human:
                ring = pygame.Surface(cell.size, pygame.SRCALPHA)
                pygame.draw.rect(ring, (*th.BRASS, int(60 + 80 * choice.pulse)), ring.get_rect(), 2, border_radius=4)
                canvas.blit(ring, cell)


def ink_rect(size: tuple[int, int], seed: int) -> pygame.Rect:
    """Where a whole mark's ink lies for a cell of ``size`` (cell coordinates;
    it may reach past the cell)."""
    w, h = size
    margin = max(w, h)
    scratch = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
    pen_stroke(scratch, pygame.Rect(margin, margin, w, h), 1.0, seed, (255, 255, 255, 255))
    return scratch.get_bounding_rect().move(-margin, -margin)


def _done(_round: int, _number: int) -> float:
    return 1.0


def _progress(drawing: Optional[Mapping[tuple[int, int], float]]) -> Callable[[int, int], float]:
    """``drawing`` as the painter's ``progress(round, number)`` (a whole mark where none is drawing)."""
    if not drawing:
        return _done
    return lambda r, n: drawing.get((r, n), 1.0)


def _stamped_over(facts: SheetFacts, drawing: Mapping[tuple[int, int], float]) -> bool:
    """Is a mark drawing itself in the round a stamp is printed over (FULL SHEET's last mark)?"""
    return facts.stamp is not None and any(r == facts.stamp[2] for r, _ in drawing)


def stroke_seed(seat: int, round_index: int, number: int) -> int:
    """The seed of the pen stroke marking ``number`` in a round (the same
    stroke every time it is drawn)."""
    return hash((seat, round_index, number)) & 0xFFFF
