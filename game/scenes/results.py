"""Results: final ranking, the seed, play again (new or same seed), replay, title."""
from __future__ import annotations

from ..core.seeding import fresh_seed
from ..ui import pictures
from ..ui import theme as th
from ..ui.grammar import Voice
from ..ui.widgets import Button
from .base import MenuScene
from ..canvas import CENTRE_X

PLACES = ("1st", "2nd", "3rd") + tuple(f"{n}th" for n in range(4, 21))


KEY_GUARD_SECONDS = 1.0
"""Keys are ignored this long after the results appear: the Enter that ended
the game (or a held key repeating) must not start a new one."""


class ResultsScene(MenuScene):
    name = "results"

    def __init__(self, app, match, replay_path=None):
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
            self.title = (" and ".join(match.seats[p].name for p in winners) + " win!") if winners else "Game over"

    def update(self, dt: float) -> None:
        self.age += dt
        if getattr(self, "coach_line", None) is not None and not self.coach_line.done:
            self.coach_line.advance()  # the coach's summary, weighed a few ms a frame

    def is_idle(self) -> bool:
        line = getattr(self, "coach_line", None)
        return super().is_idle() and (line is None or line.done)

    def handle_event(self, event) -> None:
        import pygame
        if event.type == pygame.KEYDOWN and self.age < KEY_GUARD_SECONDS:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and getattr(self, "coach_line", None):
            self.coach_line.open()
            return
        super().handle_event(event)

    def build(self) -> None:
        items = [("Play again", self.play_again_new, True), ("Same seed", self.play_again_same, False),
                 ("Watch replay", self.watch_replay, False), ("Title", self.to_title, False)]
        w, gap = 200, 16
        x0 = CENTRE_X - (w * 4 + gap * 3) // 2
        for i, (text, action, primary) in enumerate(items):
            self.ui.add(Button((x0 + i * (w + gap), 620, w, 54), text, action, primary=primary,
                               enabled=text != "Watch replay" or self.replay_path is not None))
        from .coach import CoachLine, sessions_for   # the post-game coach's one line (C opens it)
        if not hasattr(self, "coach_sessions"):
            self.coach_sessions = sessions_for(self.match)
        line_y = 570 if self.panel_rect().bottom < 556 else 682
        self.coach_line = self.ui.add(CoachLine(self.app, self.match, (CENTRE_X - 320, line_y, 640, 36), self.coach_sessions)) \
            if self.coach_sessions else None

    ROW_H = 44
    MAX_ROWS = 10

    def panel_rect(self):
        """The ranking card: as tall as its rows (plus the seed line), centred
        between the heading and the buttons."""
        import pygame
        rows = min(len(self.order), self.MAX_ROWS)
        extra = 26 if len(self.order) > self.MAX_ROWS else 0
        h = 36 + rows * self.ROW_H + extra + 58
        rect = pygame.Rect(0, 0, 600, h)
        rect.center = (CENTRE_X, (120 + 600) // 2)
        rect.top = max(120, rect.top)
        return rect

    def draw_content(self, canvas) -> None:
        import pygame
        card = self.panel_rect()
        th.panel(canvas, card)
        pygame.draw.rect(canvas, th.BRASS_DARK, card.inflate(-14, -14), 1, border_radius=10)
        rows = self.order[:self.MAX_ROWS]
        y0 = card.y + 22
        for i, p in enumerate(rows):
            y = y0 + i * self.ROW_H
            seat = self.match.seats[p]
            winner = self.ranking[p] == 0
            if winner:  # a warm brass band behind the winners
                band = pygame.Rect(card.x + 22, y - 2, card.w - 44, self.ROW_H - 6)
                pygame.draw.rect(canvas, (232, 204, 140), band, border_radius=8)
            elif i:
                pygame.draw.line(canvas, th.PARCHMENT_DARK, (card.x + 40, y - 4), (card.right - 40, y - 4), 1)
            place = PLACES[self.ranking[p]] if self.ranking[p] < len(PLACES) else str(self.ranking[p] + 1)
            colour = (110, 40, 28) if winner else th.INK
            cy = y + (self.ROW_H - 6) // 2
            th.draw_text(canvas, self.theme, place, (card.x + 60, cy), 24, colour, bold=True, style="display",
                         anchor="midleft")
            pygame.draw.circle(canvas, self.theme.player_colour(p), (card.x + 140, cy), 9)
            pygame.draw.circle(canvas, th.INK, (card.x + 140, cy), 9, 1)
            kind = "human" if not seat.is_ai else f"AI {seat.level}"
            th.draw_text(canvas, self.theme, seat.name, (card.x + 160, cy), 24, colour, bold=winner,
                         anchor="midleft")
            th.draw_text(canvas, self.theme, kind, (card.right - 60, cy), 16, (110, 90, 70), style="italic",
                         anchor="midright")
        y = y0 + len(rows) * self.ROW_H
        if len(self.order) > self.MAX_ROWS:
            th.draw_text(canvas, self.theme, f"... and {len(self.order) - self.MAX_ROWS} more", (CENTRE_X, y), 16,
                         th.INK, anchor="midtop", style="italic")
        th.draw_text(canvas, self.theme, f"Seed {self.match.seed}  \u00b7  {len(self.match.history)} moves",
                     (CENTRE_X, card.bottom - 24), 18, th.BRASS_DARK, bold=True, anchor="midbottom")
        pictures.die(canvas, (300, 80), 50, 6, angle=-18)
        pictures.die(canvas, (980, 80), 50, 6, angle=12)

    def _again(self, seed: int) -> None:
        from .setup import start_match
        start_match(self.app, self.match.game_id, list(self.match.seats), dict(self.match.options), seed,
                    replace=True)

    def play_again_new(self) -> None:
        self._again(fresh_seed())

    def play_again_same(self) -> None:
        self._again(self.match.seed)

    def watch_replay(self) -> None:
        error = self.app.nav.replay(self.replay_path, came_from=self)
        if error:
            self.app.toast(error)

    def to_title(self) -> None:
        self.app.nav.title()

    def back(self) -> None:
        self.to_title()
