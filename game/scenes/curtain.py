"""Pass-the-screen curtain: nothing secret is drawn while it is up.

It is an opaque scene (not an overlay), so the table below is not drawn at
all; the next human presses Enter or clicks to see their dice."""
from __future__ import annotations

import pygame

from ..ui import pictures
from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene


class CurtainScene(MenuScene):
    name = "curtain"
    overlay = False

    def __init__(self, app, seat_name: str, on_reveal=None):
        super().__init__(app)
        self.seat_name = seat_name
        self.on_reveal = on_reveal

    def enter(self) -> None:
        super().enter()
        self.app.sounds.play("curtain", 0.7)

    def build(self) -> None:
        self.ui.add(Button((490, 470, 300, 64), "I am " + self.seat_name[:16], self.reveal, primary=True))

    def reveal(self) -> None:
        if self.on_reveal:
            self.on_reveal()
        self.app.pop()

    def back(self) -> None:
        pass  # Esc must not lift the curtain for the wrong person

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.reveal()
            return
        super().handle_event(event)

    def draw_backdrop(self, canvas):
        canvas.fill(th.NIGHT)
        for i in range(0, 1280, 64):  # velvet folds
            shade = 40 + (i // 64 % 2) * 14
            pygame.draw.rect(canvas, (shade + 60, 18, 24), (i, 0, 64, 720))
            pygame.draw.line(canvas, (shade + 30, 10, 16), (i, 0), (i, 720), 3)
        th.dim(canvas, 90)

    def draw_heading(self, canvas, y=0):
        pictures.cup(canvas, (640, 200), 120, 120)
        th.draw_text(canvas, self.theme, f"Pass to {self.seat_name}", (640, 300), 64, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, "Everyone else, look away. Press Enter or click when ready.",
                     (640, 390), 22, th.CREAM, anchor="midtop", shadow=2)
