"""The post-game coach screen, and the one-line summary the results screen shows.

Steps through one person's decisions (Left/Right, the mouse wheel, the
Previous/Next buttons, or a click on the timeline of dots): what they could
see, the move made with its odds, the best alternatives as the Hard AI
values them, a verdict badge, and, under a rule, what really happened.  The
decisions are weighed lazily (``CoachSession.advance`` a few milliseconds a
frame), so the screen opens at once even after a 20-seat game.

Several people at one screen (hot seat): each has their own coach; choosing
another person passes the screen through the curtain first, and a decision
part only ever shows the coached person's own dice (``game.core.coach``)."""
from __future__ import annotations

from functools import partial

import pygame

from .. import games
from ..canvas import CENTRE_X
from ..core.grammar import isolated
from ..core.coach import VERDICT_LABELS, VERDICTS, CoachSession, human_seats, summary, tally
from ..ui import pictures
from ..ui import layout_record
from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene

FRAME_BUDGET = 0.006
"""Seconds of weighing per frame while the coach or the results line is open."""

VERDICT_COLOURS = {
    "good": (46, 125, 60), "fine": (52, 104, 150), "questionable": (196, 120, 24), "mistake": (170, 38, 30)}
VERDICT_MARKS = {"good": "", "fine": "~", "questionable": "?", "mistake": "!"}
"""Drawn beside the label so a verdict never rests on colour alone (good gets a drawn tick)."""


BARS_ONLY = "The bars: how the Hard AI rates each move beside its best (the longer, the better)."
"""The footnote of a page whose options show no figures (Roll the Bones' antes
follow the Hard AI's rule): it said "Dice expected: ..." over no figure at all."""


def odds_shown(a) -> bool:
    """Does the page show each option's chance beside its expected dice?"""
    return any(c.chance is not None for c in a.options) and a.scale.unit == "dice"


def has_figures(a) -> bool:
    """Does the page show a figure for any option (its footnote then says what they are)?"""
    return odds_shown(a) or any(c.shown for c in a.options)


def explained(advice) -> str:
    """The page's sentences on why its figures disagree: the Hard AI's chance
    against plain dice odds (``Advice.reading``), the verdict against the
    move's odds (``Advice.why``)."""
    return " ".join(part for part in (advice.reading, advice.why()) if part)


def sessions_for(match, background: bool = False) -> list[CoachSession]:
    """A coach per person who played (none for an all-AI game or a game
    without a hook); ``background``: each weighed by a worker thread
    (``CoachSession.weigh_in_background``; the window's app, where
    ``think_in_background`` is on), not a few milliseconds of every frame."""
    if games.coach_hook(match.game_id) is None:
        return []
    sessions = [CoachSession(match, seat) for seat in human_seats(match)]
    if background:
        for session in sessions:
            session.weigh_in_background()
    return sessions


class CoachLine(Button):
    """The results screen's one line ("Coach: 3 good calls, 1 costly Jinto"):
    fills in while the decisions are weighed; Enter, a click or C opens the coach."""

    def __init__(self, app, match, rect, sessions: list[CoachSession] | None = None):
        super().__init__(rect, "", self.open, size=18)
        self.app = app
        self.match = match
        self.sessions = sessions if sessions is not None else sessions_for(match)
        self.refresh()

    def advance(self, budget: float = FRAME_BUDGET) -> None:
        for s in self.sessions:
            if not s.done:
                s.advance(budget)
                break
        self.refresh()

    @property
    def done(self) -> bool:
        return all(s.done for s in self.sessions)

    def refresh(self) -> None:
        if not self.sessions:
            self.text = ""
        elif len(self.sessions) > 1:
            self.text = self._fitted(["Coach: review " + ", ".join(isolated(s.name) for s in self.sessions),
                                      "Coach: review each player's decisions"])
        elif not self.done:
            self.text = f"Coach: weighing your decisions ({len(self.sessions[0].entries)} so far)\u2026"
        else:
            entries = self.sessions[0].entries
            counts = tally(entries)
            short = ", ".join(f"{n} " + (("mistake" if n == 1 else "mistakes") if v == "mistake" else v)
                              for v, n in counts.items() if n)
            self.text = self._fitted(["Coach: " + summary(entries, limit) for limit in (3, 2, 1)]
                                     + ["Coach: " + (short or "no decisions to review")])

    def _fitted(self, candidates: list[str]) -> str:
        """The first wording that fits the line (long games name many kinds
        of decision: the fallback is the count per verdict)."""
        font = self.app.theme.font(self.size)
        for text in candidates:
            text += "  \u203a"
            if font.size(text)[0] <= self.rect.w - 28:
                return text
        return text

    def open(self) -> None:
        self.app.push(CoachScene(self.app, self.match, self.sessions))


class CoachScene(MenuScene):
    name = "coach"

    def __init__(self, app, match, sessions: list[CoachSession] | None = None, seat: int | None = None):
        super().__init__(app)
        self.match = match
        self.sessions = sessions if sessions is not None else sessions_for(match)
        self.current = 0
        self.index = 0
        self.revealed = len(self.sessions) <= 1   # several people: pick one, behind the curtain
        if seat is not None:
            self.current = next((i for i, s in enumerate(self.sessions) if s.seat == seat), 0)
            self.revealed = True
        info = games.game_info(match.game_id)
        self.title = "Coach"
        self.subtitle = f"{info.title}  \u00b7  seed {match.seed}"

    # --- state --------------------------------------------------------------
    @property
    def session(self) -> CoachSession | None:
        return self.sessions[self.current] if self.sessions else None

    def entry(self):
        s = self.session
        if s is None or not 0 <= self.index < len(s.entries):
            return None
        return s.entries[self.index]

    def update(self, dt: float) -> None:
        s = self.session
        if s is not None and self.revealed and not s.done:
            before = len(s.entries)
            s.advance(FRAME_BUDGET)
            if (before == 0 and s.entries) or s.is_done():   # the first entry, or the last
                self.rebuild()

    def is_idle(self) -> bool:
        s = self.session
        return s is None or s.done or not self.revealed

    def step(self, delta: int) -> None:
        s = self.session
        if s is None or not self.revealed:
            return
        last = len(s.entries) - 1 if s.done else len(s.entries)
        self.index = max(0, min(max(0, last), self.index + delta))
        self.rebuild()

    def choose(self, i: int) -> None:
        """Coach another person: the screen passes through the curtain first."""
        if not 0 <= i < len(self.sessions):
            return
        seat = self.sessions[i].seat

        def reveal():
            self.current, self.index, self.revealed = i, 0, True
            self.rebuild()
        self.revealed = False
        self.rebuild()
        self.app.nav.curtain(self.match.seats[seat].name, reveal, seat=seat)

    # --- widgets -------------------------------------------------------------
    def build(self) -> None:
        if len(self.sessions) > 1:
            w = min(200, 900 // len(self.sessions))
            x0 = CENTRE_X - (w * len(self.sessions) + 10 * (len(self.sessions) - 1)) // 2
            for i, sess in enumerate(self.sessions):
                self.ui.add(Button((x0 + i * (w + 10), 118, w, 36), sess.name, partial(self.choose, i), size=16,
                                   primary=self.revealed and i == self.current))
        s = self.session
        can_step = s is not None and self.revealed
        last = (len(s.entries) - 1 if s.done else len(s.entries)) if s is not None else 0
        self.ui.add(Button((330, 656, 180, 48), "\u2039 Previous", lambda: self.step(-1),
                           enabled=can_step and self.index > 0))
        self.ui.add(Button((550, 656, 180, 48), "Back", self.back, primary=True))
        self.ui.add(Button((770, 656, 180, 48), "Next \u203a", lambda: self.step(1),
                           enabled=can_step and self.index < last))

    def rebuild(self) -> None:
        """Keep the focus on Next while there is a next decision (else Back)."""
        super().rebuild()
        texts = [getattr(w, "text", "") for w in self.ui.widgets]
        for wanted in ("Next \u203a", "Back"):
            if wanted in texts and self.ui.widgets[texts.index(wanted)].can_focus:
                self.ui.focus_index = texts.index(wanted)
                break

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = self._dot_at(event.pos)
            if hit is not None:
                self.index = hit
                self.rebuild()
                return
            if event.button == 3:
                self.step(-1)
                return
        super().handle_event(event)

    # --- drawing -------------------------------------------------------------------
    def _dots(self):
        """Timeline of decisions: (rect, index) of each dot."""
        s = self.session
        if s is None or not s.entries:
            return []
        n = len(s.entries)
        width = 900
        gap = min(22, width / max(1, n))
        r = max(3, min(7, int(gap / 2) - 1))
        x0 = CENTRE_X - gap * (n - 1) / 2
        y = 196
        return [(pygame.Rect(int(x0 + i * gap) - r, y - r, 2 * r, 2 * r), i) for i in range(n)]

    def _dot_at(self, pos):
        for rect, i in self._dots():
            if rect.inflate(6, 10).collidepoint(pos):
                return i
        return None

    def draw_heading(self, canvas, y: int = 22) -> None:
        th.draw_text(canvas, self.theme, self.title, (CENTRE_X, y), 46, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, self.subtitle, (CENTRE_X, y + 58), 18, th.CREAM_DIM, style="italic",
                     anchor="midtop", shadow=2)

    def draw_content(self, canvas) -> None:
        s = self.session
        if s is None:
            self._message(canvas, "Nobody played this game by hand: there is nothing to coach.")
            return
        if not self.revealed:
            self._message(canvas, "Choose whose decisions to review. Each player's review shows only "
                                  "their own dice; the screen passes through the curtain first.")
            return
        self._summary_bar(canvas, s)
        entry = self.entry()
        card = pygame.Rect(150, 230, 980, 412)
        th.panel(canvas, card)
        pygame.draw.rect(canvas, th.BRASS_DARK, card.inflate(-14, -14), 1, border_radius=10)
        if entry is None:
            if s.error:
                text = f"Sorry: {s.error}."
            elif s.done:
                text = "No decisions of yours to weigh in this game (forced moves are not listed)."
            else:
                text = f"Weighing your decisions\u2026 ({len(s.entries)} so far)"
            th.draw_text(canvas, self.theme, text, card.center, 22, th.INK, style="italic", anchor="center")
            return
        self._entry(canvas, card, entry, len(s.entries), s.done)

    def _message(self, canvas, text: str) -> None:
        card = pygame.Rect(240, 250, 800, 200)
        th.panel(canvas, card)
        font = self.theme.font(22, style="italic")
        lines = th.wrap_text(font, text, card.w - 80)
        y = card.centery - len(lines) * 15
        for line in lines:
            th.draw_text(canvas, self.theme, line, (card.centerx, y), 22, th.INK, style="italic", anchor="midtop")
            y += 30

    def _summary_bar(self, canvas, s: CoachSession) -> None:
        many = len(self.sessions) > 1
        bar = pygame.Rect(150, 160, 980, 58) if many else pygame.Rect(150, 112, 980, 106)
        th.wood_board(canvas, bar, radius=12, studs=False)
        counts = tally(s.entries)
        x = bar.x + 26
        cy = bar.y + 24 if not many else bar.y + 20
        chips_x = bar.x + 240
        who, size = self._who(s, chips_x - 12 - x)
        th.draw_text(canvas, self.theme, who, (x, cy), size, th.BRASS_LIGHT, bold=True, anchor="midleft")
        x = chips_x
        for v in VERDICTS:
            r = self._chip(canvas, (x, cy), f"{counts[v]}  {VERDICT_LABELS[v]}", VERDICT_COLOURS[v], 16)
            x = r.right + 12
        status = s.summary() if s.done else f"weighing\u2026 {len(s.entries)} so far"
        if many:   # after the chips, cut to the room left (it had run under the last chip)
            status = th.fit_text(self.theme.font(15, style="italic"), status, bar.right - 24 - (x + 4))
            th.draw_text(canvas, self.theme, status, (bar.right - 24, cy), 15, th.CREAM_DIM, style="italic",
                         anchor="midright")
        else:
            th.draw_text(canvas, self.theme, status, (bar.x + 26, cy + 30), 16, th.CREAM_DIM, style="italic",
                         anchor="midleft")
        if len(self.sessions) <= 1:
            for rect, i in self._dots():
                v = s.entries[i].verdict
                colour = VERDICT_COLOURS[v]
                if i == self.index:
                    pygame.draw.circle(canvas, th.BRASS_LIGHT, rect.center, rect.w // 2 + 4)
                pygame.draw.circle(canvas, colour, rect.center, rect.w // 2)
                pygame.draw.circle(canvas, th.WOOD_DARK, rect.center, rect.w // 2, 1)

    def _who(self, s: CoachSession, room: int) -> tuple[str, int]:
        """Whose decisions the page shows, and its size, to fit ``room``
        before the chips ("Bartholomew Quil's decisions" ran under them; the
        highlighted button above names the person where the name does not fit)."""
        if len(self.sessions) <= 1:
            return "Your decisions", 20
        name = isolated(s.name)
        for text, size in ((f"{name}'s decisions", 20), (f"{name}'s decisions", 16), (f"{name}'s", 16)):
            if self.theme.font(size, True).size(text)[0] <= room:
                return text, size
        return "Decisions", 20

    def _chip(self, canvas, center_left, text, colour, size=16, *, pad=10, height=28) -> pygame.Rect:
        surf = self.theme.text(text, size, th.CREAM, bold=True)
        rect = pygame.Rect(0, 0, surf.get_width() + 2 * pad, height)
        rect.midleft = (int(center_left[0]), int(center_left[1]))
        pygame.draw.rect(canvas, th.WOOD_DARK, rect.move(0, 2), border_radius=height // 2)
        pygame.draw.rect(canvas, colour, rect, border_radius=height // 2)
        pygame.draw.rect(canvas, tuple(min(255, c + 60) for c in colour), rect, 1, border_radius=height // 2)
        layout_record.note(canvas, "panel", rect)
        th.blit_text(canvas, surf, rect.center, "center")
        return rect

    def _wrapped(self, canvas, text, x, y, width, size, colour, *, style="body", bold=False, gap=4,
                 bottom: int | None = None) -> int:
        """``text`` wrapped from ``y`` down; ``bottom``: cut to the whole lines above it, the last ended " …"."""
        font = self.theme.font(size, bold, style=style)
        step = font.get_linesize() + gap - 4
        lines = th.wrap_text(font, text, width)
        if bottom is not None and y + step * len(lines) > bottom:
            lines = lines[:max(0, (bottom - y) // step)]
            if lines:
                lines[-1] = th.fit_words(font, lines[-1], width)
        for line in lines:
            th.draw_text(canvas, self.theme, line, (x, y), size, colour, style=style, bold=bold)
            y += step
        return y

    def _entry(self, canvas, card, entry, count, done) -> None:
        a = entry.advice
        x, w = card.x + 36, card.w - 72
        y = card.y + 22
        head = f"Decision {entry.number} of {count}{'' if done else '+'}"
        if entry.heading:
            head += f"  \u00b7  {entry.heading}"
        th.draw_text(canvas, self.theme, head, (x, y + 14), 18, th.BRASS_DARK, bold=True, anchor="midleft")
        verdict = a.verdict
        text = f"{VERDICT_MARKS[verdict] or '   '}  {VERDICT_LABELS[verdict]}"
        label_w = self.theme.font(20, True).size(text)[0]
        badge = self._chip(canvas, (card.right - 30 - label_w - 36, y + 14), text, VERDICT_COLOURS[verdict], 20,
                           pad=18, height=36)
        if verdict == "good":  # the font has no tick: draw one
            bx, by = badge.x + 20, badge.centery
            pygame.draw.lines(canvas, th.CREAM, False, [(bx, by), (bx + 5, by + 6), (bx + 15, by - 7)], 4)
        y += 40
        th.draw_text(canvas, self.theme, "What you saw", (x, y), 14, (120, 96, 70), bold=True)
        y = self._wrapped(canvas, a.situation, x, y + 20, w, 18, th.INK) + 6
        y = self._wrapped(canvas, a.headline(), x, y, w, 24, (96, 34, 24), bold=True) + 6
        font = self.theme.font(15)
        tx = card.x + 18 + 62
        lines = th.wrap_text(font, entry.after_text, card.right - 18 - tx - 16)
        if len(lines) > 2:   # cut at a whole word or hand ("Gwendolyn Mar…" read as a name)
            lines = [lines[0], th.fit_words(font, " ".join(lines[1:]), card.right - 18 - tx - 16)]
        plan = self._option_rows(a, w, self._strip(card, len(lines)).y - 14 - y)
        if plan is None and len(lines) > 1:   # the strip on one line, cut at a whole hand, before the page's words
            lines = [th.fit_words(font, " ".join(lines), card.right - 18 - tx - 16)]
            plan = self._option_rows(a, w, self._strip(card, 1).y - 14 - y)
        strip = self._strip(card, len(lines))
        rows, row_h, legend, said = plan or (2, 21, self._legends(a)[-1], 13)
        # past every fallback (no game has needed it): the sentences saying why are cut, never the footnote
        said_bottom = None if plan else strip.y - 14 - self._lines_height(legend, w, 13, "italic")
        y = self._options(canvas, a, x, y, w, rows, row_h)
        if explained(a):   # the verdict, its chance and plain dice odds disagree: why
            y = self._wrapped(canvas, explained(a), x, y + 2, w, said, (96, 34, 24), style="italic",
                              bottom=said_bottom)
        if a.note:
            y = self._wrapped(canvas, a.note, x, y + 2, w, said, (110, 90, 70), style="italic", bottom=said_bottom)
        # after the decision: a separate, darker strip below a dashed rule
        self._legend(canvas, legend, x, y, w, strip.y - 14)
        for dx in range(strip.x + 6, strip.right - 6, 14):
            pygame.draw.line(canvas, th.BRASS_DARK, (dx, strip.y - 9), (dx + 7, strip.y - 9), 2)
        pygame.draw.rect(canvas, (70, 46, 30), strip, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_DARK, strip, 2, border_radius=10)
        pictures.cup(canvas, (strip.x + 32, strip.centery + 6), 30, 38)
        th.draw_text(canvas, self.theme, entry.after_label + ":", (tx, strip.y + 6), 15, th.BRASS_LIGHT, bold=True)
        for i, line in enumerate(lines):
            th.draw_text(canvas, self.theme, line, (tx, strip.y + 28 + 21 * i), 15, th.CREAM)

    def _legend(self, canvas, text: str, x: int, top: int, w: int, bottom: int) -> None:
        """The page's footnote (``Scale.legend``: what the figures are, units
        named once), its last line just above ``bottom``; cut to the lines
        that fit below ``top``."""
        if not text:
            return
        font = self.theme.font(13, style="italic")
        step = font.get_linesize()
        lines = th.wrap_text(font, text, w)
        room = max(0, (bottom - top) // step)
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = th.fit_text(font, lines[-1] + "\u2026", w)
        y = bottom - step * len(lines)
        for line in lines:
            th.draw_text(canvas, self.theme, line, (x, y), 13, (120, 96, 70), style="italic")
            y += step

    def _lines_height(self, text: str, w: int, size: int, style: str = "body") -> int:
        """The height ``_wrapped`` takes for ``text`` (0 for none)."""
        if not text:
            return 0
        font = self.theme.font(size, style=style)
        return 2 + len(th.wrap_text(font, text, w)) * font.get_linesize()

    @staticmethod
    def _strip(card: pygame.Rect, lines: int) -> pygame.Rect:
        """The "after the decision" strip at the card's foot, ``lines`` lines of it
        (a one-line strip leaves the page more room)."""
        height = 57 + 21 * (lines - 1)
        return pygame.Rect(card.x + 18, card.bottom - 16 - height, card.w - 36, height)

    @staticmethod
    def _legends(a) -> list[str]:
        """The page's footnotes, longest first."""
        return [a.scale.legend] + ([a.scale.short] if a.scale.short else []) if has_figures(a) else [BARS_ONLY]

    def _option_rows(self, a, w: int, room: int) -> tuple[int, int, str, int] | None:
        """How many option rows, how tall, which footnote and the size of the
        sentences saying why, so the header, the rows, those sentences, the
        note and the footnote all fit in ``room`` pixels (fewer, lower rows,
        the one-line footnote, then the sentences in the footnote's size,
        before anything is cut: a 10-seat page, then a 6-seat page with six
        long names and a three-line "why", lost its footnote); None: nothing fits."""
        for size in (15, 13):
            said = self._lines_height(explained(a), w, size, "italic") + self._lines_height(a.note, w, size, "italic")
            for legend in self._legends(a):
                words = said + self._lines_height(legend, w, 13, "italic")
                for count in (4, 3, 2):
                    for height in (30, 26, 23, 21):
                        if 16 + count * (height + 2) + 4 + words <= room:
                            return count, height, legend, size
        return None

    def _options(self, canvas, a, x, y, w, count: int = 4, row_h: int = 30) -> int:
        """The options as value bars, best first (``count`` rows of ``row_h``
        pixels): the move made and the best marked."""
        rows = list(a.options[:count])
        if a.made not in rows and a.made.key not in [c.key for c in rows]:
            rows[-1:] = [a.made]
        values = [c.value for c in a.options]
        hi, lo = max(values), min(values)
        # a bar shows what an option gives away next to the best, on the verdict scale:
        # half a bar is the line between "questionable" and "clear mistake"
        sc = a.scale
        span = max(hi - lo, 2 * sc.questionable * (max(abs(hi), 0.05) if sc.relative else 1.0), 1e-9)
        # the figures' units are named once, in a header over their columns
        odds_column = odds_shown(a)
        head = (120, 96, 70)
        figures = any(c.shown for c in rows)
        th.draw_text(canvas, self.theme, "chance (Hard AI)" if odds_column else sc.column if figures else "",
                     (x + 330, y), 13, head, style="italic", bold=True)
        if odds_column:
            th.draw_text(canvas, self.theme, sc.column, (x + 585, y), 13, head, style="italic", bold=True,
                         anchor="topright")
        y += 16
        for i, c in enumerate(rows):
            row = pygame.Rect(x, y, w, row_h)
            mine = c.key == a.made.key
            best = i == 0 and c.key == a.best.key
            if mine:
                pygame.draw.rect(canvas, (232, 212, 168), row.inflate(10, 4), border_radius=8)
            if best:
                pictures.star(canvas, (x + 10, row.centery), 8, VERDICT_COLOURS["good"])
            th.draw_text(canvas, self.theme, c.text, (x + 26, row.centery), 18, th.INK, bold=mine,
                         anchor="midleft")
            th.draw_text(canvas, self.theme, c.shown, (x + 330, row.centery), 16, (90, 70, 50), anchor="midleft")
            if odds_column:   # odds say how likely; the expected dice say what it is worth
                shown = c.value if abs(c.value) >= 0.005 else 0.0   # never "-0.00"
                th.draw_text(canvas, self.theme, f"{shown:+.2f}", (x + 585, row.centery), 15,
                             (120, 96, 70), style="italic", anchor="midright")
            bar = pygame.Rect(x + 600, row.centery - 7, w - 600 - 110, 14)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, bar, border_radius=7)
            share = max(0.04, 1.0 - (hi - c.value) / span)
            fill = pygame.Rect(bar.x, bar.y, max(8, int(bar.w * share)), bar.h)
            pygame.draw.rect(canvas, VERDICT_COLOURS["good"] if best else (150, 120, 80), fill, border_radius=7)
            tag = "your move" if mine else ("best" if best else "")
            if tag:
                th.draw_text(canvas, self.theme, tag, (row.right - 4, row.centery), 14,
                             (96, 34, 24) if mine else VERDICT_COLOURS["good"], style="italic", bold=True,
                             anchor="midright")
            y += row.h + 2
        return y + 4
