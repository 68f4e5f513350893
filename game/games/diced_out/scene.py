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
from dataclasses import dataclass
from functools import partial

import pygame

from ...core.protocol import CHANCE, RollRequest, state_as
from ...core import stats
from ...ui import layout, replay_bar, theme as th
from ...ui.banner import GIVE_WAY_SECONDS
from ...ui.motion import settling_pulse
from ...ui.tutorial import RING_MAX
from ...ui.table_scene import TableScene as BaseTableScene
from ...ui.drawn_controls import note as note_drawn
from ...ui.widgets import Button, FocusGroup
from .rules import (FREE_MARK, OPENING, PENALTY, ROLL, ROUNDS, TIE, DicedOutState, FreeMark, Penalise,
                    SkipFreeMark)
from . import prompts
from . import tray as look
from .sheet import (FreeMarkChoice, SheetFacts, SheetGeometry, SheetPainter, sheet_facts, sheet_rects,
                    sheet_title)  # noqa: F401 (sheet_title re-exported)
from .tray import tray_rect
from .solver import NUMBERS, bit

STROKE_SECONDS = 0.32
STAMP_SECONDS = 1.5
BANNER_SECONDS = 1.8
STATS_KEY = "diced-out"
SHEETS_PER_FRAME = 2
"""Sheets drawn afresh in one frame at most (a phase change touches all eight:
the rest show their kept picture a frame or three longer; the active seat's never waits)."""


@dataclass
class Stroke:
    """A mark drawing itself on a sheet."""
    player: int
    round_index: int
    number: int
    start: float


# --------------------------------------------------------------------------
# The scene
# --------------------------------------------------------------------------

class TableScene(BaseTableScene):
    name = "diced-out"
    show_log = False
    banner_keep = 2   # a stamp (DICED OUT!, FULL SHEET!) over the smaller banner of its own move
    banner_colour = th.CREAM
    banner_seconds = BANNER_SECONDS

    @property
    def log_corner(self) -> str:  # type: ignore[override]  # a property of the seats, not a constant
        """At 5+ seats the sheets fill both top corners: the Log button goes top centre."""
        return "top" if len(self.match.seats) >= 5 else "topleft"

    @property
    def state(self) -> DicedOutState:
        """The match's state as Diced Out's own State (typed: its fields are checked)."""
        return state_as(self.match.state, DicedOutState)

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        n = len(match.seats)
        self.sheets = [SheetGeometry(r) for r in sheet_rects(n)]
        self.painters = [SheetPainter(p, geo) for p, geo in enumerate(self.sheets)]
        self._fresh_sheets = 0   # sheets drawn afresh this frame (``SHEETS_PER_FRAME``)
        self._glow_key: tuple | None = None
        self._glow_since = 0.0
        self._ending: tuple[DicedOutState, list] | None = None
        """The turn that just ended and its banners fading out (``banners.end``):
        until they are gone the status line and the glow stay on that turn."""
        self.tray = tray_rect(n)
        self.strokes: list[Stroke] = []
        self.last_total: tuple[int, int, str] | None = None   # (player, total, what happened)
        self._total_round = 0                                  # the round ``last_total`` was rolled in
        self.cursor: int | None = None                        # free-mark choice under the keyboard
        self.hover_number: int | None = None
        self.penalty_buttons: FocusGroup | None = None
        self._penalty_for: int | None = None                  # history length the buttons belong to
        self.zone_labels: list[tuple[pygame.Rect, int]] = []
        self.personal_best: int | None = None
        self.new_best = False

    def replay_bar_origin(self) -> tuple[int, int]:
        """The sheets fill the bottom-left corner where a replay's controls
        usually sit: with one or two sheets (under the tray) the controls go
        left of the tray, above the sheets; with more (two columns beside the
        tray) under the tray, between the columns."""
        if len(self.match.seats) <= 2:
            return replay_bar.ORIGIN[0], 360
        return layout.CENTRE_X - replay_bar.BOARD_W // 2 + 12, replay_bar.ORIGIN[1]

    def plate_bounds(self) -> list[pygame.Rect]:
        """None: Diced Out's players sit at their score sheets, not at plates on the rail."""
        return []

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
        self.game_end.finish_game()
        total = self.state.totals()[0]
        if self.personal_best is None or total < self.personal_best:
            self.new_best = True
            self.personal_best = total

    # --- timing ---------------------------------------------------------------
    def is_idle(self) -> bool:
        """Not while a sheet still waits for its fresh drawing (``SHEETS_PER_FRAME``)."""
        return super().is_idle() and not any(p.pending for p in self.painters)

    def is_busy(self) -> bool:
        now = self.time
        if any(now - s.start < STROKE_SECONDS * self.pace.duration for s in self.strokes):
            return True
        return self.banners.blocking(now)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        now = self.time
        self.strokes = [s for s in self.strokes if now - s.start < STROKE_SECONDS * self.pace.duration + 0.05]
        self._clear_previous_roll()

    def _clear_previous_roll(self) -> None:
        """Once the marks and banners of a roll are done and another player's
        turn or a new round has begun, that roll (dice and total) leaves the
        tray: a player never sees the previous player's dice, nor the last
        round's, as if they were their own.  A lesson's note holds it there
        while it is read (the "8 again with no rerolls left: Diced Out!" card
        stood over an empty tray)."""
        if self.last_total is None or self.throw_view is not None or self.is_busy():
            return
        if self.tutorial is not None and self.tutorial.holds_table():
            return
        state = self.state
        if state.phase in (ROLL, FREE_MARK) and (state.current != self.last_total[0]
                                                 or state.round_index != self._total_round):
            self.last_total = None
            self.clear_dice()

    # --- dice -----------------------------------------------------------------
    def throw_waits_for(self, request: RollRequest) -> int | None:
        """A human throws their own two dice (opening roll-offs, with several
        rollers at once, go by themselves)."""
        if self.replay is not None or len(request.groups) != 1:
            return None
        owner = request.groups[0].owner
        if self.match.seats[owner].is_ai:
            return None
        self.banners.give_way(self.time)   # "Mags goes first" is over: it is this player's turn now
        return owner

    def throw_prompt_place(self) -> tuple[tuple[int, int], int]:
        """In the tray, where the dice will land (not over the sheets)."""
        zone = self.tray.inflate(-40, -40)
        zone.top = self.tray.y + look.BANNER_STRIP
        zone.h = self.tray.bottom - 80 - zone.top
        return zone.center, self.tray.w - 24

    def throw_prompt_room(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Inside the tray, clear of the last roll's dice (still lying there on
        your next turn), its total and any banner still fading: the plate
        once covered the dice it asked you to roll again."""
        keep = list(self.settled_view.boxes()) if self.settled_view is not None else []
        shown = self._shown_total()
        if shown is not None:
            keep.append(look.rolled_total_rect(self.theme, self.tray, shown[0]))
        if any(b.alive(self.time) for b in self.banners):
            keep += look.banner_strips(self.tray, low=self._two_banners())
        return self.tray.inflate(-12, -12), keep

    def anchor_rect(self, name: str):
        """The tutorial coach's targets here: "tray", and on the lone human's
        sheet "sheet", "number:N" (this round's cell) and "rerolls"."""
        if name == "tray":
            return self.tray
        if not self.humans or self.humans[0] >= len(self.sheets):
            return super().anchor_rect(name)
        geo = self.sheets[self.humans[0]]
        if name == "sheet":
            return geo.rect
        if name.startswith("number:") and name[7:].isdigit():
            # drawn this much smaller, the coach's ring hugs the cell (from its border to 3 px
            # out) instead of running 11 px into the 10 and 12 cells either side of the 11
            return geo.cell(min(self.state.round_index, 3), int(name[7:])).inflate(6 - RING_MAX, 6 - RING_MAX)
        if name == "rerolls":   # the boxes with their "REROLLS" label: a card beside the label (left
            # of the sheet) then stands next to them, not across the sheet on its right
            boxes = [geo.reroll_box(i) for i in range(3)]
            label = pygame.Rect((geo.rect.x + geo.pad, 0), self.theme.font(geo.footer_size, True).size("REROLLS"))
            label.centery = geo.footer.centery
            return label.unionall(boxes).inflate(10, 10)
        return super().anchor_rect(name)

    def coach_keep_clear(self) -> list:
        """The tray and the sheets, and on them the bands of printed words (an
        arrow to a cell keeps off them: ``SheetGeometry.printed_words``)."""
        return [self.tray] + [geo.rect for geo in self.sheets] + [band for geo in self.sheets
                                                                  for band in geo.printed_words()]

    def since_keep_clear(self) -> list:
        """The "since your last move" card keeps off the tray and every sheet."""
        return [self.log_keep_clear() + [self.tray.inflate(8, 8)] + [geo.rect.inflate(8, 8) for geo in self.sheets]]

    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]:
        """The tray for a turn; a roll-off splits the tray, one lane per player."""
        groups = request.groups
        if len(groups) == 1:
            inner = self.tray.inflate(-40, -40)
            inner.top = self.tray.y + look.BANNER_STRIP   # the top strip keeps the banners off the dice
            inner.h = self.tray.bottom - 80 - inner.top   # the bottom strip keeps the Skip button and total clear
            self.zone_labels = []
            return [inner]
        cols = min(4, len(groups))
        rows = math.ceil(len(groups) / cols)
        inner = self.tray.inflate(-16, -16)
        inner.h -= self.tray.y + look.BANNER_STRIP - inner.top
        inner.top = self.tray.y + look.BANNER_STRIP
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
        who = self.words.subject(event.get("player", player)) if "player" in event else ""
        sounds = self.app.sounds
        if not (after.phase == FREE_MARK or kind == "repeat"):
            # a banner belongs to its turn: it ends when the turn ends (a bonus banner stood over the
            # next player's throw); the next turn waits until it is gone
            fading = [b for b in self.banners if b.alive(self.time)]
            if fading and self._ending is None:
                self._ending = (before, fading)
            self.banners.end(self.time, GIVE_WAY_SECONDS * self.pace.duration)
        if player == CHANCE and kind in ("mark", "bonus", "repeat", "diced_out"):
            self._keep_total(event, before)
        if kind == "bonus":
            self.show_banner(f"Bonus number {event['total']}!", f"{who} may mark one more number free", th.BRASS_LIGHT)
            sounds.play("win", 0.35)
            self.cursor = None
        elif kind == "repeat":
            left = event["rerolls"]
            self.show_banner(f"{event['total']} again!", f"{self.words.says(event['player'], 'uses', 'use')} a reroll "
                        f"({left} left)", th.CREAM)
        elif kind == "diced_out":
            self.show_banner("DICED OUT!", f"{who}: {event['score']} points this round", self.theme.bad, seconds=STAMP_SECONDS, blocking=True, big=True)
            sounds.play("error", 0.7)
        elif kind == "free_mark":
            sounds.play("click", 0.8)
        elif kind == "skip_free_mark":
            self.show_banner("No free mark", f"{self.words.says(event['player'], 'leaves', 'leave')} the sheet as it is",
                             th.CREAM, blocking=True)   # it ends the turn: the next waits until it is read
        elif kind == "penalty":
            self.show_banner(f"{self.words.says(event.get('player', player), 'starts', 'start')} round "
                        f"{after.round_index + 1}",
                        f"{self.words.says(event['target'], 'loses', 'lose')} a reroll this round", th.BRASS_LIGHT)
        elif kind == "roll_off":
            self._announce_roll_off(event, after)
        if event.get("complete"):
            self.show_banner("FULL SHEET!", f"{who} marked every number: 0 points", self.theme.good,
                        seconds=STAMP_SECONDS, blocking=True, big=True)
            sounds.play("win", 0.8)
        if after.round_index > before.round_index:
            self._announce_round_end(before, after)
        if after.is_terminal() and not before.is_terminal() and self.solo_human:
            self._record_solo_result()
            if self.new_best:
                self.show_banner("New personal best!", f"{after.totals()[0]} points", th.BRASS_LIGHT, seconds=3)

    def on_roll_restored(self, before_state, after_state) -> None:
        """Continue: the last roll's total beside the tray again (it goes, with
        the dice, once another player's turn begins: ``_clear_previous_roll``)."""
        event = after_state.last if after_state.last is not before_state.last else {}
        if event.get("event") in ("mark", "bonus", "repeat", "diced_out"):
            self._keep_total(event, before_state)

    def _keep_total(self, event: dict, before: DicedOutState) -> None:
        """The roll just applied stays in the tray with its total, until
        ``_clear_previous_roll``; ``before``: the state it was rolled in (its round)."""
        self.last_total = (event["player"], event["total"], event["event"])
        self._total_round = before.round_index

    def restore_moment(self, player, action, before_state) -> None:
        """Continue: the last move's outcome again (the roll's strokes and
        banner, a free mark, the penalty and the next round's banner)."""
        self.on_applied(player, action, before_state)

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
            self.show_banner("Tie!", "The tied players roll again", th.CREAM)
        elif event["phase"] == OPENING:
            self.show_banner(f"{self.words.says(winner, 'goes', 'go')} first", "Highest roll starts; play passes clockwise",
                        th.BRASS_LIGHT)
        else:
            self.show_banner(f"{self.words.says(winner, 'wins', 'win')} the roll-off", "and picks who loses a reroll",
                        th.BRASS_LIGHT)

    def _announce_round_end(self, before, after) -> None:
        finished = before.round_index + 1
        scores = [s[before.round_index] for s in after.round_scores]
        low = min(scores)
        names = self.words.group([p for p in range(after.n) if scores[p] == low])
        if after.is_terminal():
            totals = after.totals()
            best = min(totals)
            winners = [p for p in range(after.n) if totals[p] == best]
            title = ((f"{self.words.says(winners[0], 'wins', 'win')}!" if len(winners) == 1
                      else f"{' & '.join(self.words.group(winners, start=True))} win!") if after.n > 1 else "Game over")
            self.show_banner(title, f"Lowest total: {best}", th.BRASS_LIGHT, seconds=3, blocking=True)
        elif after.n == 1:
            self.show_banner(f"Round {finished} done", f"{low} points - round {finished + 1} of {ROUNDS}", th.BRASS_LIGHT,
                        blocking=True, seconds=1.4)
        else:
            self.show_banner(f"Round {finished} over", f"Lowest: {' & '.join(names)} with {low}", th.BRASS_LIGHT,
                        blocking=True, seconds=1.6)

    # --- input ------------------------------------------------------------------
    def decision_kind(self) -> object:
        """The bonus free mark and the penalty are moments of their own at a
        shared screen (``HandOver``): they come to a person out of the
        throw-and-mark rhythm, after a stamp or a flight, while the others may
        still be clicking at the sheets.  RULES.md, "Two or more at one screen"."""
        phase = self.state.phase
        return phase if phase in (FREE_MARK, PENALTY) else None

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
            panel = look.penalty_panel(self.tray, len(targets))
            group = FocusGroup(self.app)
            for t, rect in zip(targets, look.penalty_button_rects(panel, len(targets))):
                group.add(Button(rect, self.seat_name(t), partial(self.submit, seat, Penalise(t)),
                                 size=18, sub=f"total {state.totals()[t]}"))
            self.penalty_buttons, self._penalty_for = group, moment
        return self.penalty_buttons

    # --- drawing ----------------------------------------------------------------
    def _moving_sheets(self) -> frozenset:
        """Sheets drawn every frame above the still layer: the active seat's
        (it glows) and any whose mark is drawing itself."""
        state = self.turn_shown()
        moving = {s.player for s in self.strokes}
        if state.phase in (ROLL, FREE_MARK):
            moving.add(state.current)
        return frozenset(moving)

    def still_key(self):
        """The tray and every sheet that is not moving: they change only with a
        move (a new state), the colours, the total in the tray's corner (it goes
        while the next roll flies, without a move) or while a sheet waits for
        its fresh drawing (``SHEETS_PER_FRAME``)."""
        return ("sheets", id(self.state), id(self.turn_shown()), len(self.match.history), self.theme.colorblind, self._two_banners(),
                self._shown_total(), self._moving_sheets(), tuple(p.pending for p in self.painters))

    def draw_still(self, canvas: pygame.Surface) -> None:
        self._draw_tray(canvas)
        self._fresh_sheets = 0
        moving = self._moving_sheets()
        for p, sheet in enumerate(self.sheets):
            if p not in moving:
                self._draw_sheet(canvas, p, sheet)

    def glyph_fonts(self) -> tuple[tuple, ...]:
        """Adds the sheets' words (``SheetGeometry.word_fonts``)."""
        return super().glyph_fonts() + tuple(dict.fromkeys(f for geo in self.sheets for f in geo.word_fonts()))

    def first_draw_steps(self):
        """Each seat's sheet drawn (and kept), one a step: eight sheets in the
        first drawing cost about 50 ms in one frame.  On the canvas before
        its frame's drawing covers it (``opening_steps``)."""
        canvas = self.app.canvas
        for p, sheet in enumerate(self.sheets):
            self._fresh_sheets = 0
            self._draw_sheet(canvas, p, sheet)
            yield
        self._draw_tray(canvas)
        yield

    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        for p in sorted(self._moving_sheets()):
            self._draw_sheet(canvas, p, self.sheets[p])
        self._draw_status(canvas)

    def draw_above_dice(self, canvas) -> None:
        seat = self.human_to_act()
        if seat is not None and self.state.phase == PENALTY and not self.is_busy():
            self._draw_penalty(canvas, seat)
        if seat is not None and self.state.phase == FREE_MARK and not self.is_busy():
            rect = self.skip_rect()
            mouse = self.app.mouse_pointer()
            waiting = self.hand_over.waiting   # the person's bonus mark is not theirs to click yet: dimmed
            Button(rect, "Skip free mark", size=18, sub="key S", enabled=not waiting).draw(
                canvas, self.theme, False, rect.collidepoint(mouse) and not waiting)
            note_drawn("Skip free mark", rect)
            for n in self._free_choices(seat):   # the sheet's unmarked numbers take the click
                note_drawn(f"Mark {n}", self.sheets[seat].number_rect(n), kind="sheet")
        self._draw_banners(canvas)

    def _draw_tray(self, canvas) -> None:
        look.draw_tray(canvas, self.tray)
        if self.state.phase in (OPENING, TIE):
            look.draw_lane_names(canvas, self.theme, [(r, o, self.seat_name(o)) for r, o in self.zone_labels])
        shown = self._shown_total()
        if shown is not None:
            total, kind = shown
            colour = {"repeat": th.CREAM_DIM, "diced_out": self.theme.bad}.get(kind, th.BRASS_LIGHT)
            look.draw_rolled_total(canvas, self.theme, self.tray, total, colour)

    def _shown_total(self) -> tuple[int, str] | None:
        """The total in the tray's corner (and what the roll did), or None: only
        the roll whose dice lie there, not while the next flies or lands (its
        outcome is not applied yet), nor beside two banners (the plate in the
        bottom strip says what the roll did) or the penalty panel.  Part of the
        still layer's key: a kept tray once showed "12 rolled" over a new 4 and 3."""
        if self.last_total is None or self.state.phase in (OPENING, TIE) or self.throw_view is not None \
                or self._two_banners() or (self.state.phase == PENALTY and self.human_to_act() is not None):
            return None
        _player, total, kind = self.last_total
        return total, kind

    def screen_facts(self) -> dict:
        facts = super().screen_facts()
        facts.update(prompt=self._status_text(), last_total=self.last_total,
                     cursor=getattr(self, "cursor", None),
                     banner=self.banners.showing(self.time))
        return facts

    def _status_text(self) -> str:
        shown = self.turn_shown()
        return prompts.status(shown, self.words, shown is self.state and self.human_to_act() is not None)

    def _draw_status(self, canvas) -> None:
        """Whose turn and what to do, over (or under) the tray; a solo player's personal best."""
        best = None
        if self.solo_human or (self.personal_best is not None and len(self.seats) == 1):
            best = "none yet" if self.personal_best is None else str(self.personal_best)
            best = f"Personal best: {best}  (lowest four-round total)"
        look.draw_status(canvas, self.theme, self.tray, self._status_text(), above=len(self.seats) > 2, best=best)

    def _draw_sheet(self, canvas, p: int, geo: SheetGeometry) -> None:
        """One seat's sheet (sheet.py), drawn afresh only when its facts
        change or a free mark is on offer there (a mark drawing itself is
        drawn over the sheet's kept picture)."""
        state = self.turn_shown()
        active = state.phase in (ROLL, FREE_MARK) and state.current == p
        glow = 40 + int(100 * settling_pulse(self.time - self._turn_began(), self.pace.reduced_motion)) \
            if active else None
        drawing: dict[tuple[int, int], float] = {}
        for s in self.strokes:
            if s.player == p:
                drawing.setdefault((s.round_index, s.number), self._stroke_progress(s))
        if self.painters[p].draw(canvas, self.theme, self._sheet_facts(p), glow=glow, drawing=drawing or None,
                                 free_mark=self._free_mark_choice(p),
                                 may_wait=self._fresh_sheets >= SHEETS_PER_FRAME and p != state.current):
            self._fresh_sheets += 1

    def _turn_began(self) -> float:
        """When the seat to act started its roll or free mark (its sheet's glow
        pulses from then, then holds still so a waiting table can rest)."""
        shown = self.turn_shown()
        key = (shown.current, shown.phase, len(self.match.history) if shown is self.state else -1)
        if key != self._glow_key:
            self._glow_key, self._glow_since = key, self.time
        return self._glow_since

    def _sheet_facts(self, p: int) -> SheetFacts:
        """What seat ``p``'s sheet shows now (sheet.py)."""
        persona = self._persona(p) if self.seats[p].is_ai else ""
        return sheet_facts(self.state, p, self.theme.player_colour(p), self.seat_name(p), persona)

    def _persona(self, p: int) -> str:
        agent = self.match.agents.get(p)
        return getattr(agent, "name", "AI")

    def _stroke_progress(self, stroke: Stroke) -> float:
        """How far a mark has drawn itself (0..1)."""
        return max(0.0, min(1.0, (self.time - stroke.start) / (STROKE_SECONDS * self.pace.duration)))

    def _free_mark_choice(self, p: int) -> FreeMarkChoice | None:
        state = self.state
        if state.phase != FREE_MARK or state.current != p:
            return None
        choices = self._free_choices(p)
        human = self.human_to_act() == p
        chosen = self.cursor if self.cursor in choices else (self._suggested(p) if human else None)
        if chosen is None and not human:
            return None   # an AI choosing: nothing shows on the sheet
        pulse = settling_pulse(self.time - self._turn_began(), self.pace.reduced_motion)
        return FreeMarkChoice(state.round_index, tuple(choices), chosen, human, pulse)

    def _draw_penalty(self, canvas, seat: int) -> None:
        group = self._penalty_group(seat)
        name = self.words.speaker(seat)
        title = "You scored lowest!" if self.words.is_you(seat) else f"{name}, you scored lowest!"
        look.draw_penalty_panel(canvas, self.theme, look.penalty_panel(self.tray, len(group.widgets)), title)
        group.draw(canvas, self.theme)

    def turn_shown(self) -> DicedOutState:
        """The state whose turn the status line and the sheets' glow show: the
        ended turn's while its banners fade (the next player's line and glow
        came up under the fading "Bonus number 7!"), else the game's."""
        if self._ending is not None:
            before, fading = self._ending
            if any(b.alive(self.time) for b in fading):
                return before
            self._ending = None
        return self.state

    def _two_banners(self) -> bool:
        """A stamp and a plate at once: the stamp keeps the tray's top strip, the plate its bottom."""
        alive = [b for b in self.banners if b.alive(self.time)]
        return any(b.big for b in alive) and any(not b.big for b in alive)

    def _draw_banners(self, canvas) -> None:
        low = self._two_banners()
        for b in sorted(self.banners, key=lambda b: b.big):
            look.draw_banner(canvas, self.theme, b, self.tray, self.time, low=low and not b.big)
