"""Results: final ranking, the seed, play again (new or same seed), replay, title."""
from __future__ import annotations

from ..core.seeding import fresh_seed
from ..ui import pictures
from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene

PLACES = ("1st", "2nd", "3rd") + tuple(f"{n}th" for n in range(4, 21))


class ResultsScene(MenuScene):
    name = "results"

    def __init__(self, app, match, replay_path=None):
        super().__init__(app)
        self.match = match
        self.replay_path = replay_path
        ranking = match.state.ranking()
        self.order = sorted(range(len(match.seats)), key=lambda p: (ranking[p], p))
        self.ranking = ranking
        winners = [match.seats[p].name for p in self.order if ranking[p] == 0]
        self.title = (" and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")) if winners else "Game over"

    def build(self) -> None:
        items = [("Play again", self.play_again_new, True), ("Same seed", self.play_again_same, False),
                 ("Watch replay", self.watch_replay, False), ("Title", self.to_title, False)]
        w, gap = 200, 16
        x0 = 640 - (w * 4 + gap * 3) // 2
        for i, (text, action, primary) in enumerate(items):
            self.ui.add(Button((x0 + i * (w + gap), 620, w, 54), text, action, primary=primary,
                               enabled=text != "Watch replay" or self.replay_path is not None))

    def draw_content(self, canvas) -> None:
        th.panel(canvas, (340, 150, 600, 430))
        rows = self.order[:10]
        step = min(38, 320 // max(1, len(rows)))
        for i, p in enumerate(rows):
            y = 180 + i * step
            seat = self.match.seats[p]
            place = PLACES[self.ranking[p]] if self.ranking[p] < len(PLACES) else str(self.ranking[p] + 1)
            colour = (110, 40, 28) if self.ranking[p] == 0 else th.INK
            th.draw_text(canvas, self.theme, place, (400, y), 24, colour, bold=True, style="display")
            pygame_colour = self.theme.player_colour(p)
            import pygame
            pygame.draw.circle(canvas, pygame_colour, (480, y + 15), 9)
            pygame.draw.circle(canvas, th.INK, (480, y + 15), 9, 1)
            kind = "human" if not seat.is_ai else f"AI {seat.level}"
            th.draw_text(canvas, self.theme, seat.name, (500, y + 2), 24, colour, bold=self.ranking[p] == 0)
            th.draw_text(canvas, self.theme, kind, (880, y + 6), 16, (110, 90, 70), style="italic", anchor="topright")
        if len(self.order) > 10:
            th.draw_text(canvas, self.theme, f"... and {len(self.order) - 10} more", (640, 520), 16, th.INK,
                         anchor="midtop", style="italic")
        th.draw_text(canvas, self.theme, f"Seed {self.match.seed}  \u00b7  {len(self.match.history)} moves",
                     (640, 548), 18, th.BRASS_DARK, bold=True, anchor="midtop")
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
        from .replay import open_replay
        scene, error = open_replay(self.app, self.replay_path)
        if scene is None:
            self.app.toast(error)
        else:
            self.app.replace(scene)

    def to_title(self) -> None:
        from .title import TitleScene
        self.app.reset_to(TitleScene(self.app))

    def back(self) -> None:
        self.to_title()
