"""Drawing a game's story (``game.core.story.Story``) on the results screen.

``board_steps``: the ranking as a parchment ledger, one row per seat in
finishing order (place, seat colour, name and kind, then the game's own
columns); rows shrink to fit up to 20 seats without scrolling.
``chart_steps``: "the lead over time", each seat's series as a line on a
parchment card, the humans and winners drawn bold, the others thin, with a
ribbon under the plot in the colour of whoever led at each sample.  Both
draw any game's story the same way: no game-specific code lives here.
"""
from __future__ import annotations

import pygame

from . import theme as th

PLACES = ("1st", "2nd", "3rd") + tuple(f"{n}th" for n in range(4, 21))
WINNER_BAND = (232, 204, 140)
FAINT_INK = (110, 90, 70)


def place_text(place: int) -> str:
    """A place as players say it ("1st", "2nd"; up to 20 seats), else a plain number."""
    return PLACES[place] if 0 <= place < len(PLACES) else str(place + 1)


def row_height(rows: int, height: int) -> int:
    """Rows of at most 44 px, shrinking (to 19 px) so ``rows`` fit ``height``."""
    return max(19, min(44, height // max(1, rows)))


def board_height(rows: int, has_columns: bool, most: int) -> int:
    """The ledger's height for ``rows`` seats, at most ``most``."""
    head = 30 if has_columns else 0
    return min(most, 28 + head + 6 + rows * 44)


def fonts_used() -> list[tuple[int, bool, str]]:
    """(size, bold, style) of every font the ledger (at each of its three row
    sizes) and the chart may draw with: ``warm_fonts`` loads them."""
    out = [(13, True, "body"), (22, True, "display"), (14, False, "italic"), (13, False, "body"),
           (12, False, "body"), (16, False, "italic")]   # column titles; the chart's title, ticks, marks
    for name_size, cell_size in ((20, 19), (15, 15), (13, 13)):
        out += [(name_size + 2, True, "display"), (name_size, False, "body"), (name_size, True, "body"),
                (max(11, name_size - 6), False, "italic"), (cell_size, False, "body"), (cell_size, True, "body")]
    return out


BOARD_ROWS_PER_STEP = 4
"""Rows of the ledger per ``board_steps`` step: a 20-row ledger's first
drawing (about 100 labels made) took 10-15 ms in one frame."""


def seat_tag(seat, p: int, highlight=()) -> str:
    """The faint word after a name on the ledger: "AI normal" for an AI,
    "you" for the one human at the table unless the name already says so
    (not "You  you"), nothing for humans sharing the screen."""
    if seat.is_ai:
        return f"AI {seat.level}"
    if p in highlight and len(highlight) == 1 and seat.name.strip().casefold() != "you":
        return "you"
    return ""


def board_steps(canvas: pygame.Surface, theme: th.Theme, rect: pygame.Rect, story, seats, order, ranking,
                *, highlight=()):
    """The ledger in pieces (a generator: the heading, then
    ``BOARD_ROWS_PER_STEP`` rows per step), so it can be drawn ahead over
    frames; ``order`` lists seats in finishing order, ``highlight`` the seats
    drawn as "you" (humans)."""
    rect = pygame.Rect(rect)
    th.panel(canvas, rect)
    pygame.draw.rect(canvas, th.BRASS_DARK, rect.inflate(-12, -12), 1, border_radius=10)
    columns = story.columns if story is not None else ()
    inner = rect.inflate(-36, -28)
    head_h = 30 if columns else 0
    row_h = row_height(len(order), inner.h - head_h)
    big = row_h >= 30
    name_size = 20 if big else 15 if row_h >= 22 else 13
    cell_size = 19 if big else 15 if row_h >= 22 else 13
    name_w = 232 if columns else inner.w - 100
    col_x0 = inner.x + 48 + name_w
    col_w = (inner.right - col_x0) / max(1, len(columns))
    if columns:
        for i, title in enumerate(columns):
            cx = int(col_x0 + (i + 0.5) * col_w)
            words = title.split(" ")
            lines = [title] if theme.font(13, True).size(title)[0] <= col_w - 6 or len(words) == 1 \
                else [" ".join(words[:len(words) // 2]), " ".join(words[len(words) // 2:])]
            for k, line in enumerate(lines):
                th.draw_text(canvas, theme, line, (cx, inner.y + head_h - 6 - (len(lines) - 1 - k) * 13), 13,
                             th.BRASS_DARK, bold=True, anchor="midbottom")
        pygame.draw.line(canvas, th.BRASS_DARK, (inner.x, inner.y + head_h), (inner.right, inner.y + head_h), 2)
    y = inner.y + head_h + 3
    for i, p in enumerate(order):
        if i % BOARD_ROWS_PER_STEP == 0:
            yield
        seat = seats[p]
        winner = ranking[p] == 0
        band = pygame.Rect(inner.x - 4, y + 1, inner.w + 8, row_h - 2)
        if winner:
            pygame.draw.rect(canvas, WINNER_BAND, band, border_radius=6)
        elif i % 2:
            pygame.draw.rect(canvas, (230, 214, 178), band, border_radius=6)
        cy = y + row_h // 2
        colour = (110, 40, 28) if winner else th.INK
        th.draw_text(canvas, theme, place_text(ranking[p]), (inner.x + 2, cy), name_size + 2, colour, bold=True,
                     style="display", anchor="midleft")
        dot = max(5, min(9, row_h // 4))
        pygame.draw.circle(canvas, theme.player_colour(p), (inner.x + 58, cy), dot)
        pygame.draw.circle(canvas, th.INK, (inner.x + 58, cy), dot, 1)
        bold = winner or p in highlight
        name_room = (col_x0 - 10 if columns else inner.right) - (inner.x + 72)
        name = th.fit_text(theme.font(name_size, bold), seat.name, name_room)
        name_rect = th.draw_text(canvas, theme, name, (inner.x + 72, cy), name_size, colour,
                                 bold=bold, anchor="midleft")
        kind = seat_tag(seat, p, highlight)
        if kind and name_rect.right + 8 < col_x0 - 8:
            th.draw_text(canvas, theme, kind, (name_rect.right + 8, cy + 1), max(11, name_size - 6), FAINT_INK,
                         style="italic", anchor="midleft")
        if story is not None and p < len(story.cells):
            for k, text in enumerate(story.cells[p]):
                th.draw_text(canvas, theme, text, (int(col_x0 + (k + 0.5) * col_w), cy), cell_size, colour,
                             bold=winner, anchor="center")
        y += row_h


def _nice_range(lo: float, hi: float) -> tuple[float, float, float]:
    """Axis limits and a tick step of 1, 2 or 5 times a power of ten."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / 4
    power = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    step = next((m * power for m in (1, 2, 5, 10) if m * power >= raw), 10 * power)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step
    return lo, hi, step


def chart_steps(canvas: pygame.Surface, theme: th.Theme, rect: pygame.Rect, story, *, bold=()):
    """The lead over time in two pieces (a generator: the frame and its labels,
    then the leaders' ribbon and the lines), so it can be drawn ahead over
    frames; ``bold``: seats drawn thick."""
    rect = pygame.Rect(rect)
    th.panel(canvas, rect)
    pygame.draw.rect(canvas, th.BRASS_DARK, rect.inflate(-12, -12), 1, border_radius=10)
    th.draw_text(canvas, theme, "The lead over time", (rect.x + 22, rect.y + 14), 22, th.INK, style="display",
                 bold=True)
    if story is None or not story.series or len(story.marks) < 2:
        th.draw_text(canvas, theme, "Too short a game to chart.", rect.center, 16, FAINT_INK, style="italic",
                     anchor="center")
        return
    # the ribbon under the plot says who led; its words join the subtitle where they fit (it had none)
    subtitle = f"{story.chart_title} \u00b7 the band below: who led"
    if theme.font(14, style="italic").size(subtitle)[0] > rect.w - 44:
        subtitle = story.chart_title
    th.draw_text(canvas, theme, subtitle, (rect.x + 22, rect.y + 44), 14, FAINT_INK, style="italic")
    plot = pygame.Rect(rect.x + 52, rect.y + 72, rect.w - 74, rect.h - 130)
    values = [v for s in story.series for v in s]
    lo, hi, step = _nice_range(min(values), max(values))
    flip = not story.higher_is_better
    count = len(story.marks)

    def point(i: int, v: float) -> tuple[int, int]:
        x = plot.x + plot.w * i / (count - 1)
        share = (v - lo) / (hi - lo)
        if flip:
            share = 1 - share
        return int(x), int(plot.bottom - plot.h * share)

    pygame.draw.rect(canvas, (244, 234, 208), plot)
    tick = lo
    while tick <= hi + 1e-9:
        y = point(0, tick)[1]
        pygame.draw.line(canvas, th.PARCHMENT_DARK, (plot.x, y), (plot.right, y), 1)
        th.draw_text(canvas, theme, f"{tick:g}", (plot.x - 8, y), 13, FAINT_INK, anchor="midright")
        tick += step
    pygame.draw.rect(canvas, th.BRASS_DARK, plot, 1)
    widest = max(theme.font(12).size(mark)[0] for mark in story.marks) + 10
    every = max(1, -(-count // max(2, min(8, plot.w // widest))))   # labels never touch ("Split 12")
    for i, mark in enumerate(story.marks):
        if (i % every and i != count - 1) or (i != count - 1 and count - 1 - i < every):
            continue
        x = point(i, lo)[0]
        # the last label ends at the plot's edge (a long one, "Split 13", crossed the panel's border)
        last = i == count - 1 and i > 0
        th.draw_text(canvas, theme, mark, (plot.right + 4 if last else x, plot.bottom + 22), 12, FAINT_INK,
                     anchor="topright" if last else "midtop")
    yield
    # who led: a ribbon of the leader's colour under the plot (grey when tied)
    ribbon = pygame.Rect(plot.x, plot.bottom + 6, plot.w, 10)
    leaders = story.leaders()
    for i, seats in enumerate(leaders):
        x0 = ribbon.x + ribbon.w * max(0, i - 0.5) / (count - 1)
        x1 = ribbon.x + ribbon.w * min(count - 1, i + 0.5) / (count - 1)
        colour: tuple[int, ...] = theme.player_colour(seats[0]) if len(seats) == 1 else th.PARCHMENT_DARK
        pygame.draw.rect(canvas, colour, pygame.Rect(int(x0), ribbon.y, max(1, int(x1) - int(x0) + 1), ribbon.h))
    pygame.draw.rect(canvas, th.BRASS_DARK, ribbon, 1)
    order = sorted(range(len(story.series)), key=lambda p: p in bold)   # bold lines on top
    for p in order:
        pts = [point(i, v) for i, v in enumerate(story.series[p])]
        colour = theme.player_colour(p)
        width = 4 if p in bold else 2
        if p not in bold and len(story.series) > 8:   # a crowded table: the others recede
            colour = tuple((c + b) // 2 for c, b in zip(colour, (244, 234, 208)))
            width = 1
        if p in bold:
            pygame.draw.lines(canvas, th.INK, False, pts, width + 2)
        pygame.draw.lines(canvas, colour, False, pts, width)
        if p in bold:
            pygame.draw.circle(canvas, colour, pts[-1], 5)
            pygame.draw.circle(canvas, th.INK, pts[-1], 5, 1)
