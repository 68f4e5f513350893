"""Diced Out at the table: printed score sheets, a dice tray, pen strokes.

Every player has a paper sheet (numbers 2-12 across, the two-circle bonus
numbers, one row per round, reroll boxes and round scores).  Sheets sit in
two columns, clockwise from the bottom left, with the dice tray between
them; one or two players get bigger sheets under the tray.  Marks appear as
hand-drawn strokes that draw themselves; "Diced Out!" is staged as a stamp.
Humans choose free marks on their own sheet (mouse or Left/Right + Enter),
or decline one (the "Skip free mark" button or S), and the penalty from a small panel of buttons (mouse or keyboard).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ...core.protocol import CHANCE, RollRequest
from ...core import stats
from ...ui import theme as th
from ...ui.table_scene import TableScene as BaseTableScene
from ...ui.widgets import Button, FocusGroup
from .rules import FREE_MARK, OPENING, OVER, PENALTY, ROLL, ROUNDS, TIE, FreeMark, Penalise, SkipFreeMark
from .solver import NUMBERS, bit, unmarked_sum
from ...canvas import CANVAS_H, CANVAS_W

PAPER = (251, 246, 230)
PAPER_EDGE = (196, 178, 140)
GRID = (150, 176, 196)          # the printed blue-grey grid
PRINT_RED = (178, 44, 36)       # the printed logo and bonus circles
PEN = (28, 52, 120)             # ballpoint blue
HIGHLIGHT = (255, 236, 140)     # the current round's marker band
PREVIEW_INK = (140, 150, 190)   # a free mark not yet made
STAMP_GOOD = (40, 130, 70)

STROKE_SECONDS = 0.32
STAMP_SECONDS = 1.5
BANNER_SECONDS = 1.8
STATS_KEY = "diced-out"


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


def tray_rect(n: int) -> pygame.Rect:
    if n <= 2:
        return pygame.Rect(400, 120, 480, 230)
    return pygame.Rect(432, 150, 416, 300)


@dataclass(frozen=True)
class SheetGeometry:
    """Where everything on one printed sheet is."""
    rect: pygame.Rect

    @property
    def pad(self) -> int:
        return max(6, self.rect.h // 26)

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, int(self.rect.h * 0.17))

    @property
    def label_w(self) -> int:
        return int(self.rect.w * 0.075)

    @property
    def score_w(self) -> int:
        return int(self.rect.w * 0.12)

    @property
    def cell_w(self) -> float:
        return (self.rect.w - 2 * self.pad - self.label_w - self.score_w) / len(NUMBERS)

    @property
    def numbers_row(self) -> pygame.Rect:
        h = int(self.rect.h * 0.16)
        return pygame.Rect(self.rect.x, self.header.bottom, self.rect.w, h)

    @property
    def row_h(self) -> float:
        return self.rect.h * 0.125

    def number_rect(self, number: int) -> pygame.Rect:
        x = self.rect.x + self.pad + self.label_w + (number - 2) * self.cell_w
        row = self.numbers_row
        return pygame.Rect(round(x), row.y, round(self.cell_w), row.h)

    def cell(self, round_index: int, number: int) -> pygame.Rect:
        x = self.rect.x + self.pad + self.label_w + (number - 2) * self.cell_w
        y = self.numbers_row.bottom + round_index * self.row_h
        return pygame.Rect(round(x), round(y), round(self.cell_w), round(self.row_h))

    def label(self, round_index: int) -> pygame.Rect:
        y = self.numbers_row.bottom + round_index * self.row_h
        return pygame.Rect(self.rect.x + self.pad, round(y), self.label_w, round(self.row_h))

    def score(self, round_index: int) -> pygame.Rect:
        y = self.numbers_row.bottom + round_index * self.row_h
        return pygame.Rect(self.rect.right - self.pad - self.score_w, round(y), self.score_w, round(self.row_h))

    @property
    def footer(self) -> pygame.Rect:
        top = round(self.numbers_row.bottom + ROUNDS * self.row_h)
        return pygame.Rect(self.rect.x, top, self.rect.w, self.rect.bottom - top)

    def reroll_box(self, i: int) -> pygame.Rect:
        size = max(10, int(self.footer.h * 0.52))
        x = self.rect.x + self.pad + self.label_w + int(self.cell_w * 2.6) + i * (size + size // 2)
        return pygame.Rect(x, self.footer.centery - size // 2, size, size)

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


def stamp(canvas, theme, text: str, centre, size: int, colour, angle: float = -12, scale: float = 1.0,
          alpha: int = 235) -> None:
    """A rubber-stamp word in a frame, rotated, for "DICED OUT" / "FULL SHEET"."""
    font = theme.display(max(8, int(size * scale)), True)
    label = font.render(text, True, colour)
    pad = max(4, label.get_height() // 6)
    tile = pygame.Surface((label.get_width() + 4 * pad, label.get_height() + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(tile, colour, tile.get_rect(), max(2, pad // 2), border_radius=pad)
    tile.blit(label, (2 * pad, pad))
    tile.set_alpha(alpha)
    tile = pygame.transform.rotozoom(tile, angle, 1.0)
    canvas.blit(tile, tile.get_rect(center=(round(centre[0]), round(centre[1]))))


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


def sheet_title(font: pygame.font.Font, name: str, persona: str, width: int) -> str:
    """The sheet header's name: "Mags  (Steady Sal)" when it fits, else the
    seat name alone (an AI's persona is flavour, its name is not), cut only if
    even that does not fit."""
    if persona and font.size(f"{name}  ({persona})")[0] <= width:
        return f"{name}  ({persona})"
    return fit_text(font, name, width)


@dataclass
class Stroke:
    """A mark drawing itself on a sheet."""
    player: int
    round_index: int
    number: int
    start: float


@dataclass
class Banner:
    """A message over the tray; ``blocking`` holds the game until it ends."""
    title: str
    sub: str
    colour: tuple
    start: float
    seconds: float
    blocking: bool = False
    big: bool = False


# --------------------------------------------------------------------------
# The scene
# --------------------------------------------------------------------------

class TableScene(BaseTableScene):
    name = "diced-out"
    show_log = False

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        n = len(match.seats)
        self.sheets = [SheetGeometry(r) for r in sheet_rects(n)]
        self.tray = tray_rect(n)
        self.strokes: list[Stroke] = []
        self.banners: list[Banner] = []
        self.last_total: tuple[int, int, str] | None = None   # (player, total, what happened)
        self.cursor: int | None = None                        # free-mark choice under the keyboard
        self.hover_number: int | None = None
        self.penalty_buttons: FocusGroup | None = None
        self._penalty_for: int | None = None                  # history length the buttons belong to
        self.zone_labels: list[tuple[pygame.Rect, int]] = []
        self.personal_best: int | None = None
        self.new_best = False

    # --- solo personal best (stats live with the player, not the rules) --------
    @property
    def solo_human(self) -> bool:
        return len(self.seats) == 1 and not self.seats[0].is_ai and self.replay is None

    def enter(self) -> None:
        super().enter()
        if self.solo_human:
            self.personal_best, note = stats.load_solo_best(STATS_KEY)
            if note:
                self.app.toast(note)

    def _record_solo_result(self) -> None:
        """A new personal best?  (The base table records the game in the
        lifetime stats, whose solo table keeps the best.)"""
        self.record_stats()
        total = self.state.totals()[0]
        if self.personal_best is None or total < self.personal_best:
            self.new_best = True
            self.personal_best = total

    # --- timing ---------------------------------------------------------------
    def _pace(self) -> float:
        """Animation time scale (the one pace policy, ``game.ui.pace``)."""
        return self.pace.duration

    def is_busy(self) -> bool:
        now = self.time
        if any(now - s.start < STROKE_SECONDS * self._pace() for s in self.strokes):
            return True
        return any(b.blocking and now - b.start < b.seconds * self._pace() for b in self.banners)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        now = self.time
        self.strokes = [s for s in self.strokes if now - s.start < STROKE_SECONDS * self._pace() + 0.05]
        self.banners = [b for b in self.banners if now - b.start < b.seconds * self._pace()]
        self._clear_previous_roll()

    def _clear_previous_roll(self) -> None:
        """Once the marks and banners of a roll are done and another player's
        turn has begun, that roll (dice and total) leaves the tray: a player
        never sees the previous player's dice as if they were their own."""
        if self.last_total is None or self.throw_view is not None or self.is_busy():
            return
        state = self.state
        if state.phase in (ROLL, FREE_MARK) and state.current != self.last_total[0]:
            self.last_total = None
            self.clear_dice()

    def banner(self, title: str, sub: str = "", colour=th.CREAM, *, seconds: float = BANNER_SECONDS,
               blocking: bool = False, big: bool = False) -> None:
        self.banners = [b for b in self.banners if not (b.big and not big)] if big else self.banners
        self.banners.append(Banner(title, sub, colour, self.time, seconds, blocking, big))
        del self.banners[:-2]

    # --- dice -----------------------------------------------------------------
    def throw_waits_for(self, request: RollRequest) -> int | None:
        """A human throws their own two dice (opening roll-offs, with several
        rollers at once, go by themselves)."""
        if self.replay is not None or len(request.groups) != 1:
            return None
        owner = request.groups[0].owner
        return owner if not self.match.seats[owner].is_ai else None

    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]:
        """The tray for a turn; a roll-off splits the tray, one lane per player."""
        groups = request.groups
        if len(groups) == 1:
            inner = self.tray.inflate(-40, -40)
            self.zone_labels = []
            return [inner]
        cols = min(4, len(groups))
        rows = math.ceil(len(groups) / cols)
        inner = self.tray.inflate(-16, -16)
        w, h = inner.w // cols, (inner.h - 4) // rows
        zones = [pygame.Rect(inner.x + (i % cols) * w + 3, inner.y + (i // cols) * h + 3, w - 6, h - 24)
                 for i in range(len(groups))]
        self.zone_labels = [(z, g.owner) for z, g in zip(zones, groups)]
        return zones

    # --- reacting to what happened ---------------------------------------------
    def on_applied(self, player, action, before) -> None:
        after = self.state
        self._add_strokes(before, after)
        event = after.last if after.last is not before.last else {}
        kind = event.get("event")
        who = self.seat_name(event.get("player", player)) if "player" in event else ""
        sounds = self.app.sounds
        if player == CHANCE and kind in ("mark", "bonus", "repeat", "diced_out"):
            self.last_total = (event["player"], event["total"], kind)
        if kind == "bonus":
            self.banner(f"Bonus number {event['total']}!", f"{who} may mark one more number free", th.BRASS_LIGHT)
            sounds.play("win", 0.35)
            self.cursor = None
        elif kind == "repeat":
            left = event["rerolls"]
            self.banner(f"{event['total']} again!", f"{who} uses a reroll ({left} left)", th.CREAM)
        elif kind == "diced_out":
            self.banner("DICED OUT!", f"{who}: {event['score']} points this round", self.theme.bad, seconds=STAMP_SECONDS, blocking=True, big=True)
            sounds.play("error", 0.7)
        elif kind == "free_mark":
            sounds.play("click", 0.8)
        elif kind == "skip_free_mark":
            self.banner("No free mark", f"{who} leaves the sheet as it is", th.CREAM)
        elif kind == "penalty":
            self.banner(f"{self.words.says(event.get('player', player), 'starts', 'start')} round "
                        f"{after.round_index + 1}",
                        f"{self.seat_name(event['target'])} loses a reroll this round", th.BRASS_LIGHT)
        elif kind == "roll_off":
            self._announce_roll_off(event, after)
        if event.get("complete"):
            self.banner("FULL SHEET!", f"{who} marked every number: 0 points", self.theme.good,
                        seconds=STAMP_SECONDS, blocking=True, big=True)
            sounds.play("win", 0.8)
        if after.round_index > before.round_index:
            self._announce_round_end(before, after)
        if after.is_terminal() and not before.is_terminal() and self.solo_human:
            self._record_solo_result()
            if self.new_best:
                self.banner("New personal best!", f"{after.totals()[0]} points", th.BRASS_LIGHT, seconds=3)

    def _add_strokes(self, before, after) -> None:
        for p in range(after.n):
            if after.round_index == before.round_index:
                new = after.marked[p] & ~before.marked[p]
                round_index = after.round_index
            else:
                new = after.round_marks[p][before.round_index] & ~before.marked[p]
                round_index = before.round_index
            for n in NUMBERS:
                if new & bit(n):
                    self.strokes.append(Stroke(p, round_index, n, self.time))
                    self.app.sounds.play("felt", 0.5)

    def _announce_roll_off(self, event, after) -> None:
        winner = event.get("winner")
        if winner is None:
            self.banner("Tie!", "The tied players roll again", th.CREAM)
        elif event["phase"] == OPENING:
            self.banner(f"{self.words.says(winner, 'goes', 'go')} first", "Highest roll starts; play passes clockwise",
                        th.BRASS_LIGHT)
        else:
            self.banner(f"{self.words.says(winner, 'wins', 'win')} the roll-off", "and picks who loses a reroll",
                        th.BRASS_LIGHT)

    def _announce_round_end(self, before, after) -> None:
        finished = before.round_index + 1
        scores = [s[before.round_index] for s in after.round_scores]
        low = min(scores)
        names = [self.seat_name(p) for p in range(after.n) if scores[p] == low]
        if after.is_terminal():
            totals = after.totals()
            best = min(totals)
            winners = [p for p in range(after.n) if totals[p] == best]
            title = ((f"{self.words.says(winners[0], 'wins', 'win')}!" if len(winners) == 1
                      else f"{' & '.join(self.seat_name(p) for p in winners)} win!") if after.n > 1 else "Game over")
            self.banner(title, f"Lowest total: {best}", th.BRASS_LIGHT, seconds=3, blocking=True)
        elif after.n == 1:
            self.banner(f"Round {finished} done", f"{low} points - round {finished + 1} of {ROUNDS}", th.BRASS_LIGHT,
                        blocking=True, seconds=1.4)
        else:
            self.banner(f"Round {finished} over", f"Lowest: {' & '.join(names)} with {low}", th.BRASS_LIGHT,
                        blocking=True, seconds=1.6)

    # --- input ------------------------------------------------------------------
    def handle_table_event(self, event) -> bool:
        seat = self.human_to_act()
        if seat is None or self.is_busy():
            return False
        state = self.state
        if state.phase == FREE_MARK:
            return self._free_mark_event(seat, event)
        if state.phase == PENALTY:
            group = self._penalty_group(seat)
            return group.handle_event(event)
        return False

    def _free_choices(self, seat: int) -> list[int]:
        return [n for n in NUMBERS if not self.state.marked[seat] & bit(n)]

    def skip_rect(self) -> pygame.Rect:
        """The "Skip free mark" button: bottom left in the tray (the total sits right)."""
        return pygame.Rect(self.tray.x + 14, self.tray.bottom - 60, 200, 48)

    def _free_mark_event(self, seat: int, event) -> bool:
        choices = self._free_choices(seat)
        sheet = self.sheets[seat]
        # The free mark is a "may": S or the button declines it.
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_s) or (
                event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.skip_rect().collidepoint(event.pos)):
            return self.submit(seat, SkipFreeMark())
        if event.type == pygame.MOUSEMOTION:
            n = sheet.hit_number(event.pos, self.state.round_index)
            self.hover_number = n if n in choices else None
            if self.hover_number is not None:
                self.cursor = self.hover_number
            return self.hover_number is not None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            n = sheet.hit_number(event.pos, self.state.round_index)
            if n is None:
                return False
            if n not in choices:
                self.app.toast(f"{n} is already marked: choose an unmarked number.")
                self.app.sounds.play("error")
                return True
            return self.submit(seat, FreeMark(n))
        if event.type == pygame.KEYDOWN:
            cursor = self.cursor if self.cursor in choices else self._suggested(seat)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.cursor = choices[(choices.index(cursor) + step) % len(choices)]
                self.app.sounds.play("hover", 0.3)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.submit(seat, FreeMark(cursor))
        return False

    def _suggested(self, seat: int) -> int:
        """Where the keyboard cursor starts: the highest unmarked number."""
        return self._free_choices(seat)[-1]

    def _penalty_group(self, seat: int) -> FocusGroup:
        moment = len(self.match.history)
        if self.penalty_buttons is None or self._penalty_for != moment:
            state = self.state
            targets = [t for t in range(state.n) if t != seat]
            panel = self._penalty_panel(len(targets))
            group = FocusGroup(self.app)
            cols = 2 if len(targets) > 3 else 1
            bw = (panel.w - 40 - (cols - 1) * 10) // cols
            for i, t in enumerate(targets):
                rect = pygame.Rect(panel.x + 20 + (i % cols) * (bw + 10), panel.y + 84 + (i // cols) * 58, bw, 50)
                group.add(Button(rect, self.seat_name(t), lambda t=t: self.submit(seat, Penalise(t)),
                                 size=18, sub=f"total {state.totals()[t]}"))
            self.penalty_buttons, self._penalty_for = group, moment
        return self.penalty_buttons

    def _penalty_panel(self, count: int) -> pygame.Rect:
        rows = math.ceil(count / (2 if count > 3 else 1))
        rect = pygame.Rect(0, 0, min(self.tray.w + 40, 460), 100 + rows * 58)
        rect.center = self.tray.center
        return rect

    # --- drawing ----------------------------------------------------------------
    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        self._draw_tray(canvas)
        for p, sheet in enumerate(self.sheets):
            self._draw_sheet(canvas, p, sheet)
        self._draw_status(canvas)

    def draw_above_dice(self, canvas) -> None:
        seat = self.human_to_act()
        if seat is not None and self.state.phase == PENALTY and not self.is_busy():
            self._draw_penalty(canvas, seat)
        if seat is not None and self.state.phase == FREE_MARK and not self.is_busy():
            rect = self.skip_rect()
            mouse = self.app.to_canvas(pygame.mouse.get_pos()) if pygame.display.get_surface() else (-1, -1)
            Button(rect, "Skip free mark", size=18, sub="key S").draw(
                canvas, self.theme, False, rect.collidepoint(mouse))
        self._draw_banners(canvas)

    def _draw_tray(self, canvas) -> None:
        tray = self.tray
        shade = pygame.Surface(tray.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=26)
        canvas.blit(shade, tray.inflate(24, 24).move(0, 6))
        pygame.draw.rect(canvas, th.WOOD_DARK, tray.inflate(14, 14), border_radius=22)
        pygame.draw.rect(canvas, th.WOOD, tray.inflate(8, 8), border_radius=20)
        pygame.draw.rect(canvas, (26, 78, 54), tray, border_radius=16)
        pygame.draw.rect(canvas, (18, 58, 40), tray, 3, border_radius=16)
        for rect, owner in self.zone_labels if self.state.phase in (OPENING, TIE) else ():
            th.draw_text(canvas, self.theme, self.seat_name(owner), (rect.centerx, rect.bottom + 2), 15,
                         self.theme.player_colour(owner), bold=True, anchor="midtop", shadow=1)
        if self.last_total and self.state.phase not in (OPENING, TIE) and self.throw_view is None:
            player, total, kind = self.last_total
            colour = {"repeat": th.CREAM_DIM, "diced_out": self.theme.bad}.get(kind, th.BRASS_LIGHT)
            spot = (tray.right - 18, tray.bottom - 20)
            th.draw_text(canvas, self.theme, str(total), spot, 54, colour, style="display", bold=True,
                         anchor="bottomright", shadow=2)
            th.draw_text(canvas, self.theme, "rolled", (spot[0], spot[1] + 2), 14, th.CREAM_DIM, anchor="topright")

    def _status_text(self) -> str:
        state = self.state
        round_text = f"Round {min(state.round_index + 1, ROUNDS)} of {ROUNDS}"
        if state.phase == OPENING:
            return "Everyone rolls: the highest total goes first"
        if state.phase == TIE:
            return "Tie for the lowest score: roll off, highest total chooses"
        if state.phase == ROLL:
            left = state.rerolls[state.current]
            rolls = self.words.says(state.current, "rolls", "roll")
            return f"{round_text}  -  {rolls}  ({left} reroll{'s' if left != 1 else ''} left)"
        if state.phase == FREE_MARK:
            who = self.seat_name(state.current)
            if self.human_to_act() is not None:
                return "Bonus! " + self.words.says(state.current, "may", "may") + (
                    " mark one more number free: click it on the sheet (Left/Right, Enter), or Skip free mark (S)")
            return f"{round_text}  -  {who} may mark one more number free"
        if state.phase == PENALTY:
            return f"{self.seat_name(state.chooser)} scored lowest: starts next round, takes one reroll away"
        return "Game over"

    def _draw_status(self, canvas) -> None:
        """Whose turn and what to do, in at most two lines over (or under) the tray."""
        font = self.theme.font(18, True)
        lines = th.wrap_text(font, self._status_text(), self.tray.w + 30)[:2]
        y = self.tray.y - 22 - 22 * len(lines) if len(self.seats) > 2 else self.tray.bottom + 14
        for line in lines:
            th.blit_text(canvas, font.render(line, True, th.CREAM), (self.tray.centerx, y), "midtop", shadow=2)
            y += 22
        if self.solo_human or (self.personal_best is not None and len(self.seats) == 1):
            best = "none yet" if self.personal_best is None else str(self.personal_best)
            th.draw_text(canvas, self.theme, f"Personal best: {best}  (lowest four-round total)",
                         (self.tray.centerx, self.tray.y - 34), 17, th.BRASS_LIGHT, bold=True,
                         anchor="midtop", shadow=1)

    def _draw_sheet(self, canvas, p: int, geo: SheetGeometry) -> None:
        state, theme, rect = self.state, self.theme, geo.rect
        colour = theme.player_colour(p)
        active = state.phase in (ROLL, FREE_MARK) and state.current == p
        # paper with a shadow and a slight lift for the active player
        if active:
            glow = pygame.Surface(rect.inflate(18, 18).size, pygame.SRCALPHA)
            pulse = 90 + int(50 * math.sin(self.time * 4))
            pygame.draw.rect(glow, (*th.BRASS_LIGHT, pulse), glow.get_rect(), border_radius=14)
            canvas.blit(glow, rect.inflate(18, 18))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 80))
        canvas.blit(shade, rect.move(4, 5))
        pygame.draw.rect(canvas, PAPER, rect, border_radius=5)
        pygame.draw.rect(canvas, PAPER_EDGE, rect, 1, border_radius=5)
        # header: logo, seat colour, name, total
        header = geo.header
        pygame.draw.rect(canvas, colour, (rect.x, rect.y, rect.w, max(4, header.h // 6)),
                         border_top_left_radius=5, border_top_right_radius=5)
        size = max(12, int(header.h * 0.62))
        mid_y = header.centery + header.h // 10
        logo = th.draw_text(canvas, theme, "DICED OUT!", (rect.x + geo.pad, mid_y), size, PRINT_RED,
                            style="display", bold=True, anchor="midleft")
        total = th.draw_text(canvas, theme, f"Total {state.totals()[p]}", (rect.right - geo.pad, mid_y),
                             max(11, size - 3), th.INK, bold=True, anchor="midright")
        persona = self._persona(p) if self.seats[p].is_ai else ""
        font = theme.font(max(11, size - 3), True)
        name = sheet_title(font, self.seat_name(p), persona, total.left - logo.right - 2 * geo.pad)
        th.blit_text(canvas, font.render(name, True, th.INK),
                     (logo.right + geo.pad, mid_y), "midleft")
        self._draw_numbers(canvas, geo)
        self._draw_rounds(canvas, p, geo)
        self._draw_rerolls(canvas, p, geo)
        self._draw_free_mark_choice(canvas, p, geo)
        if state.done[p] and state.phase in (ROLL, FREE_MARK):
            score = state.round_score[p]
            text, ink = ("FULL SHEET", STAMP_GOOD) if score == 0 else ("DICED OUT", PRINT_RED)
            cell = geo.cell(state.round_index, 7)
            stamp(canvas, theme, text, (cell.centerx, cell.centery - cell.h * 0.3), max(14, int(geo.row_h * 1.2)),
                  ink, alpha=165)

    def _persona(self, p: int) -> str:
        agent = self.match.agents.get(p)
        return getattr(agent, "name", "AI")

    def _draw_numbers(self, canvas, geo: SheetGeometry) -> None:
        bonus = self.match.game.bonus
        size = max(11, int(geo.numbers_row.h * 0.58))
        for n in NUMBERS:
            r = geo.number_rect(n)
            th.draw_text(canvas, self.theme, str(n), (r.centerx, r.y + r.h * 0.42), size, th.INK,
                         style="display", bold=True, anchor="center")
            if n in bonus:
                rad = max(2, r.h // 11)
                for dx in (-rad * 1.6, rad * 1.6):
                    pygame.draw.circle(canvas, PRINT_RED, (round(r.centerx + dx), round(r.bottom - rad * 1.8)),
                                       rad, 1)
        th.draw_text(canvas, self.theme, "score", (geo.score(0).centerx, geo.numbers_row.centery), max(9, size // 2),
                     th.INK, anchor="center")

    def _draw_rounds(self, canvas, p: int, geo: SheetGeometry) -> None:
        state, theme = self.state, self.theme
        # Between rounds (roll-off, penalty) the old sheet is already in round_marks.
        current = state.round_index if state.phase in (ROLL, FREE_MARK, OPENING) else -1
        for r in range(ROUNDS):
            row = pygame.Rect(geo.label(r).x, geo.label(r).y, geo.score(r).right - geo.label(r).x, geo.label(r).h)
            if r == current:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                band.fill((*HIGHLIGHT, 120))
                canvas.blit(band, row)
            played = r <= current or r < len(state.round_scores[p])
            th.draw_text(canvas, theme, f"R{r + 1}", geo.label(r).center, max(9, int(geo.row_h * 0.5)),
                         th.INK if played else GRID, bold=True, anchor="center")
            for n in NUMBERS:
                pygame.draw.rect(canvas, GRID, geo.cell(r, n), 1)
            pygame.draw.rect(canvas, GRID, geo.score(r), 1)
            if r < len(state.round_marks[p]):
                marks, score = state.round_marks[p][r], state.round_scores[p][r]
            elif r == current:
                marks, score = state.marked[p], state.round_score[p]
            else:
                continue
            for n in NUMBERS:
                if marks & bit(n):
                    pen_stroke(canvas, geo.cell(r, n), self._stroke_progress(p, r, n), hash((p, r, n)) & 0xFFFF)
            if score is not None:
                th.draw_text(canvas, theme, str(score), geo.score(r).center, max(11, int(geo.row_h * 0.78)), PEN,
                             style="italic", bold=True, anchor="center")

    def _stroke_progress(self, p: int, r: int, n: int) -> float:
        for s in self.strokes:
            if (s.player, s.round_index, s.number) == (p, r, n):
                return max(0.0, min(1.0, (self.time - s.start) / (STROKE_SECONDS * self._pace())))
        return 1.0

    def _draw_rerolls(self, canvas, p: int, geo: SheetGeometry) -> None:
        state = self.state
        footer = geo.footer
        size = max(9, int(footer.h * 0.42))
        th.draw_text(canvas, self.theme, "REROLLS", (geo.rect.x + geo.pad, footer.centery), size, PRINT_RED,
                     bold=True, anchor="midleft")
        limit, left = state.reroll_limit[p], state.rerolls[p]
        if state.phase in (PENALTY, TIE, OPENING, OVER):
            limit = left = 3
        for i in range(3):
            box = geo.reroll_box(i)
            pygame.draw.rect(canvas, PAPER, box)
            pygame.draw.rect(canvas, th.INK, box, 1)
            if i >= limit:  # taken away by the round's lowest scorer
                pygame.draw.line(canvas, PRINT_RED, box.topleft, box.bottomright, 2)
                pygame.draw.line(canvas, PRINT_RED, box.topright, box.bottomleft, 2)
            elif i < limit - left:
                tick_box(canvas, box)
        info = f"{left} left" if state.phase in (ROLL, FREE_MARK) else ""
        if state.phase in (ROLL, FREE_MARK) and not state.done[p]:
            info += f"  -  at risk {unmarked_sum(state.marked[p])}"
        th.draw_text(canvas, self.theme, info, (geo.reroll_box(2).right + geo.pad * 2, footer.centery),
                     size, th.INK, anchor="midleft")

    def _draw_free_mark_choice(self, canvas, p: int, geo: SheetGeometry) -> None:
        state = self.state
        if state.phase != FREE_MARK or state.current != p:
            return
        choices = self._free_choices(p)
        human = self.human_to_act() == p
        chosen = self.cursor if self.cursor in choices else (self._suggested(p) if human else None)
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        for n in choices:
            cell = geo.cell(state.round_index, n)
            if n == chosen:
                pygame.draw.rect(canvas, th.BRASS, cell.inflate(2, 2), 3, border_radius=4)
                pen_stroke(canvas, cell, 1.0, hash((p, n)) & 0xFFFF, PREVIEW_INK)
            elif human:
                ring = pygame.Surface(cell.size, pygame.SRCALPHA)
                pygame.draw.rect(ring, (*th.BRASS, int(60 + 80 * pulse)), ring.get_rect(), 2, border_radius=4)
                canvas.blit(ring, cell)

    def _draw_penalty(self, canvas, seat: int) -> None:
        group = self._penalty_group(seat)
        panel = self._penalty_panel(len(group.widgets))
        th.panel(canvas, panel, fill=th.PARCHMENT, border=th.BRASS_DARK)
        name = self.seat_name(seat)
        title = "You scored lowest!" if self.words.is_you(seat) else f"{name}, you scored lowest!"
        th.draw_text(canvas, self.theme, title, (panel.centerx, panel.y + 14),
                     22, th.INK, bold=True, style="display", anchor="midtop")
        th.draw_text(canvas, self.theme, "You start the next round. Who loses a reroll?",
                     (panel.centerx, panel.y + 50), 16, th.INK, anchor="midtop")
        group.draw(canvas, self.theme)

    def _draw_banners(self, canvas) -> None:
        for b in self.banners:
            age = (self.time - b.start) / max(0.01, b.seconds * self._pace())
            fade = 1.0 if age < 0.75 else max(0.0, 1 - (age - 0.75) / 0.25)
            if b.big:
                pop = 1.0 + 0.6 * max(0.0, 1 - age * 6) ** 2
                stamp(canvas, self.theme, b.title, self.tray.center, 64, b.colour, angle=-8, scale=pop,
                      alpha=int(240 * fade))
                if b.sub:
                    surf = self.theme.text(b.sub, 22, th.CREAM, bold=True)
                    surf.set_alpha(int(255 * fade))
                    th.blit_text(canvas, surf, (self.tray.centerx, self.tray.centery + 58), "midtop", shadow=2)
                continue
            box = pygame.Rect(0, 0, self.tray.w - 20, 70)
            box.midtop = (self.tray.centerx, self.tray.y + 12)
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (20, 12, 8, int(190 * fade)), plate.get_rect(), border_radius=12)
            pygame.draw.rect(plate, (*th.BRASS_DARK, int(255 * fade)), plate.get_rect(), 2, border_radius=12)
            canvas.blit(plate, box)
            title = self.theme.text(b.title, 28, b.colour, bold=True, style="display")
            title.set_alpha(int(255 * fade))
            th.blit_text(canvas, title, (box.centerx, box.y + 4), "midtop")
            if b.sub:
                sub = self.theme.text(b.sub, 16, th.CREAM)
                sub.set_alpha(int(255 * fade))
                th.blit_text(canvas, sub, (box.centerx, box.bottom - 6), "midbottom")


def _shot_free_mark(app, ctx):
    """A human's bonus roll: the sheet offers the free mark and the Skip button."""
    from ...core.match import Match, Seat
    from ...core.protocol import RollResult
    from ...scenes.launch import make_table
    from .solver import mask_of
    seats = [Seat("You", "human"), Seat("Actuary", "ai", "hard")]
    match = Match("diced-out", seats, {"bonus_numbers": [2, 4, 6, 7, 9, 10, 11]}, ctx.seed)
    while match.state.phase != ROLL or match.state.current != 0:
        if not match.step():
            match.apply(match.state.turn_player(), match.state.legal_actions(match.state.turn_player())[0])
    # The solver's corner: 6 and 7 left open with three rerolls, and a 9 rolled.
    state = match.state.clone()
    state.marked[0] = mask_of((2, 3, 4, 5, 8, 10, 11, 12))
    match.state = state
    match.apply(-1, RollResult(((4, 5),)))
    scene = make_table(app, match)
    scene.last_total = (0, 9, "bonus")
    return scene


def _register_shots() -> None:
    try:
        from ...ui.shots import register_shot
    except ImportError:  # pragma: no cover - shots are a dev tool
        return
    register_shot("diced-out-free-mark", _shot_free_mark)


_register_shots()
