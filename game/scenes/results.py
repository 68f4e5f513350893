"""Results: the final ranking with each player's story of the game, a chart of
the lead over time, the coach's line, play again (new or same seed), replay,
title.  The story comes from the game's pure hook (``game.core.story``) and is
drawn by the shared ``game.ui.story``; nothing here is game-specific."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.seeding import fresh_seed
from ..core import story as stories
from ..ui import pictures
from ..ui.intent import MIN_SECONDS, PRESSES, IntentGate
from ..ui import story as story_ui
from ..ui import theme as th
from ..ui import layout_record
from ..ui.still_layer import StillLayer
from ..core.grammar import Voice, isolated
from ..ui.widgets import Button
from .base import MenuScene
from ..canvas import CANVAS_W, CENTRE_X

PLACES = story_ui.PLACES


KEY_GUARD_SECONDS = 1.0
"""The results take a key or a click only once they have been on screen this
long, and only a press that began after that: the Enter or Space that ended
the game, a key still held or repeating from the table, a hand mashing
through the last throw (each press waits again) must not start a new game
and throw the results and the coach away (``IntentGate``, game/ui/intent.py)."""


def safe_story(match):
    """The story of ``match``, or None: a story is a bonus, never let it cost the results screen."""
    try:
        return stories.tell(match)
    except Exception:  # noqa: BLE001
        return None


class ResultsScene(MenuScene):
    name = "results"

    def __init__(self, app, match, replay_path=None, story=None, told: bool = False):
        super().__init__(app)
        self.match = match
        self.replay_path = replay_path
        self.age = 0.0
        ranking = match.state.ranking()
        self.order = sorted(range(len(match.seats)), key=lambda p: (ranking[p], p))
        self.ranking = ranking
        winners = [p for p in self.order if ranking[p] == 0]
        if len(winners) == 1:  # "You win!" for the lone human, "Mags wins!" otherwise
            self.title = Voice(match.seats).says(winners[0], "wins", "win") + "!"
        else:
            self.title = (" and ".join(isolated(match.seats[p].name) for p in winners) + " win!") if winners else "Game over"
        if told:   # told already (``Navigator.results_ahead`` tells it off the frame)
            self.story = story
        else:
            self.story = safe_story(match)
        self.humans = tuple(p for p, seat in enumerate(match.seats) if not seat.is_ai)
        self.gate = IntentGate(app.input, KEY_GUARD_SECONDS)
        self._late: tuple | None = None
        """(teller thread, what it tells): a story still being told (``tell_later``)."""
        self._painting: Iterator[None] | None = None
        """The late story's drawing, a piece a frame (``warm_steps``), once told."""
        self.still = StillLayer()
        """Everything but the widgets (backdrop, heading, ranking, stories, chart,
        footer), painted once: they never change while the screen shows, and
        painting them took 1-7 ms of every frame (the widgets alone move)."""

    def resume(self) -> None:
        """Back from the coach (or a replay): a key that closed that screen,
        pressed again, is no deliberate press here yet (``IntentGate.again``);
        the settings may have changed the theme, so the still is painted again."""
        super().resume()
        self.still.forget()
        self.gate.again(MIN_SECONDS)

    def draw(self, canvas, alpha: float) -> None:
        """The kept still (``_paint_still``), then the widgets over it."""
        self.gate.shown()
        self.still.draw(canvas, self._still_key(canvas), self._paint_still)
        self.ui.draw(canvas, self.theme)

    def _still_key(self, canvas):
        return canvas.get_size(), id(self.theme)

    def _paint_still(self, canvas) -> None:
        self.draw_backdrop(canvas)
        self.draw_heading(canvas)
        self.draw_content(canvas)

    def tell_later(self, teller, told: dict) -> None:
        """The story's thread had not finished when this screen was built
        (``Navigator.results_ahead`` stopped waiting): the screen shows the
        ranking meanwhile, and once the story is told its ledger and chart are
        drawn a piece a frame on the teller's canvas, which then becomes the
        still; never the whole screen in one frame."""
        self._late = (teller, told)

    def _paint_late_story(self) -> None:
        assert self._late is not None
        teller, told = self._late
        if self._painting is None:
            if teller.is_alive():
                return
            if told.get("story") is None:
                self._late = None   # no story after all: the ranking alone stays
                return
            import pygame
            self.story = told["story"]
            self._painting = self.warm_steps(told.get("canvas") or pygame.Surface(self.app.canvas.get_size()))
        try:
            next(self._painting)
        except StopIteration:
            self._late = self._painting = None

    def update(self, dt: float) -> None:
        self.age += dt
        if self._late is not None:
            self._paint_late_story()
        line = getattr(self, "coach_line", None)
        if line is not None and not line.done:
            line.advance()  # the coach's summary, weighed a few ms a frame

    def is_idle(self) -> bool:
        line = getattr(self, "coach_line", None)
        return super().is_idle() and (line is None or line.done) and self._late is None

    def handle_event(self, event) -> None:
        import pygame
        if event.type in PRESSES and not self.gate.accepts(event):
            return
        line = getattr(self, "coach_line", None)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and line:
            line.open()
            return
        super().handle_event(event)

    def build(self) -> None:
        items = [("Play again", self.play_again_new, True)]
        if self.offers_same_seed():
            items.append(("Same seed", self.play_again_same, False))
        items += [("Watch replay", self.watch_replay, False), ("Title", self.to_title, False)]
        w, gap = 200, 16
        x0 = CENTRE_X - (w * len(items) + gap * (len(items) - 1)) // 2
        for i, (text, action, primary) in enumerate(items):
            self.ui.add(Button((x0 + i * (w + gap), 620, w, 54), text, action, primary=primary,
                               enabled=text != "Watch replay" or self.replay_path is not None))
        from .coach import CoachLine, sessions_for   # the post-game coach's one line (C opens it)
        if not hasattr(self, "coach_sessions"):
            self.coach_sessions = sessions_for(self.match, background=bool(self.app.think_in_background))
        self.coach_line = self.ui.add(CoachLine(self.app, self.match, self.coach_slot(), self.coach_sessions)) \
            if self.coach_sessions else None

    TOP, BOTTOM = 112, 560

    def coach_slot(self):
        """The one line the post-game coach owns, between the story and the buttons."""
        return (CENTRE_X - 320, 570, 640, 36)

    def panel_rect(self):
        """The ledger: ranking and each player's story (the whole width
        without a chart)."""
        import pygame
        most = self.BOTTOM - self.TOP
        h = story_ui.board_height(len(self.order), self.story is not None, most)
        if self.story is not None:
            h = max(h, 340)   # room for the chart beside it
        top = self.TOP + (most - h) // 2
        if self.story is None:
            return pygame.Rect(CENTRE_X - 330, top, 660, h)
        return pygame.Rect(28, top, 800, h)

    def chart_rect(self):
        import pygame
        board = self.panel_rect()
        left = board.right + 16
        return pygame.Rect(left, board.y, CANVAS_W - 28 - left, board.h)

    TITLE_SIZES = (56, 48, 40, 34)
    """The title's type sizes, largest first: a long winner's name takes a smaller one."""
    TITLE_DIE = 44
    """The size of the two dice beside the title."""

    def title_layout(self) -> tuple[int, str, list[tuple[int, int]]]:
        """The title's size, its words and where its two dice go: one each
        side of the title as drawn, the largest size whose title and dice
        fit the screen (cut with "…" at the smallest).  The dice stood at
        fixed places, over "WMWMWMWMWMWMWMWM wins!" (seen in a real window)."""
        room = CANVAS_W - 48 - 2 * (self.TITLE_DIE + 24)
        font = self.theme.font
        size = next((n for n in self.TITLE_SIZES if font(n, style="display").size(self.title)[0] <= room),
                    self.TITLE_SIZES[-1])
        title = th.fit_text(font(size, style="display"), self.title, room)
        half = font(size, style="display").size(title)[0] // 2 + 14 + self.TITLE_DIE // 2
        return size, title, [(CENTRE_X - half, 56), (CENTRE_X + half, 56)]

    def draw_heading(self, canvas, y: int = 22) -> None:
        size, title, dice = self.title_layout()
        th.draw_text(canvas, self.theme, title, (CENTRE_X, y + (56 - size) // 2), size, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=3)
        pictures.die(canvas, dice[0], self.TITLE_DIE, 6, angle=-18)
        pictures.die(canvas, dice[1], self.TITLE_DIE, 6, angle=12)

    def draw_content(self, canvas) -> None:
        self.gate.shown()
        self._draw_board(canvas)
        self._draw_chart(canvas)
        self._draw_footer(canvas)

    def _draw_board(self, canvas) -> None:
        for _ in self._board_steps(canvas):
            pass

    def _board_steps(self, canvas):
        return story_ui.board_steps(canvas, self.theme, self.panel_rect(), self.story, self.match.seats,
                                    self.order, self.ranking, highlight=self.humans)

    def _draw_chart(self, canvas) -> None:
        for _ in self._chart_steps(canvas):
            pass

    def _chart_steps(self, canvas):
        if self.story is not None:
            bold = set(self.humans) | {p for p in self.order if self.ranking[p] == 0}
            yield from story_ui.chart_steps(canvas, self.theme, self.chart_rect(), self.story, bold=bold)

    def warm_steps(self, scratch):
        """Draw this screen once on ``scratch`` in pieces (a generator, a piece
        per step: ``Navigator.results_ahead``), so its fonts and labels are
        made before the frame that shows it, and keep that drawing as its
        still (the first frame shown paints nothing but the widgets): ``scratch``
        itself, a surface made for it, so the end delay makes no second whole
        canvas to copy it into.  The widgets' words are made on the app's
        canvas, which the frame's own drawing then covers."""
        self.draw_backdrop(scratch)
        self.draw_heading(scratch)
        yield
        yield from self._board_steps(scratch)   # a few rows per step
        yield
        yield from self._chart_steps(scratch)   # its labels, then its lines
        yield
        self._draw_footer(scratch)
        yield
        if layout_record.ACTIVE is None:
            self.still.adopt(scratch, self._still_key(scratch))   # the first frame shown only blits it
        yield
        self.ui.draw(self.app.canvas, self.theme)   # (``scratch`` is the still now: this frame's drawing covers these)

    def _draw_footer(self, canvas) -> None:
        th.draw_text(canvas, self.theme, f"Seed {self.match.seed}  \u00b7  {len(self.match.history)} moves",
                     (CANVAS_W - 24, 712), 14, th.CREAM_DIM, anchor="bottomright")

    def _again(self, seed: int) -> None:
        from .setup import start_match
        start_match(self.app, self.match.game_id, list(self.match.seats), dict(self.match.options), seed,
                    replace=True)

    def play_again_new(self) -> None:
        self._again(fresh_seed())

    def offers_same_seed(self) -> bool:
        """"Same seed" deals the first round everyone just saw revealed: with two
        or more humans in a game of hidden dice that is one player knowing
        another's cup, so it is not offered (Play again deals a fresh seed;
        Watch replay still shows this deal)."""
        from .. import games
        return len(self.humans) < 2 or not games.game_info(self.match.game_id).hidden_dice

    def play_again_same(self) -> None:
        self._again(self.match.seed)

    def watch_replay(self) -> None:
        # the game as played goes along: a full disk may have kept its file from being written
        error = self.app.nav.replay(self.replay_path, came_from=self, record=self.match.to_record())
        if error:
            self.app.toast(error)

    def to_title(self) -> None:
        self.app.nav.title()

    def back(self) -> None:
        self.to_title()
