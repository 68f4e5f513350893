"""A yes/no question over the current screen: a board with a heading, a
line or two, and two buttons; Esc (or the left button) keeps things as they
are.  Used before a new game replaces the player's saved one."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene
from ..canvas import CENTRE_X


class ConfirmScene(MenuScene):
    """``heading`` and ``text`` on a board; ``keep_label`` (focused first, Esc)
    just closes, ``go_label`` closes and calls ``on_go``."""

    name = "confirm"
    overlay = True
    BOARD = pygame.Rect(330, 210, 620, 290)

    def __init__(self, app, heading: str, text: str, go_label: str, keep_label: str,
                 on_go: Callable[[], None]):
        super().__init__(app)
        self.heading = heading
        self.text = text
        self.go_label = go_label
        self.keep_label = keep_label
        self.on_go = on_go

    def build(self) -> None:
        self.ui.add(Button((370, 396, 260, 58), self.keep_label, self.back))
        self.ui.add(Button((650, 396, 260, 58), self.go_label, self.go, primary=True))

    def go(self) -> None:
        self.app.pop()
        self.on_go()

    def draw_backdrop(self, canvas) -> None:
        super().draw_backdrop(canvas)
        th.wood_board(canvas, self.BOARD)

    def draw_heading(self, canvas, y=0) -> None:
        th.draw_text(canvas, self.theme, self.heading, (CENTRE_X, self.BOARD.y + 26), 40, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=3)
        font = self.theme.font(20)
        for i, line in enumerate(th.wrap_text(font, self.text, self.BOARD.w - 80)[:3]):
            th.draw_text(canvas, self.theme, line, (CENTRE_X, self.BOARD.y + 96 + i * 28), 20, th.CREAM,
                         anchor="midtop", shadow=1)

    def draw_content(self, canvas) -> None:
        th.draw_text(canvas, self.theme, f"Esc: {self.keep_label.lower()}", (CENTRE_X, self.BOARD.bottom - 14),
                     14, th.CREAM_DIM, anchor="midbottom")


def replace_save_question(app, on_go: Callable[[], None]) -> ConfirmScene:
    """"Your saved game (Roll the Bones, round 44) will be replaced": asked
    before a new game takes the place of an unfinished saved one."""
    described = app.autosave.describe()
    what = f"Your saved game ({described})" if described else "Your saved game"
    return ConfirmScene(app, "Replace your saved game?",
                        f"{what} will be replaced by this new game.",
                        "Start new", "Keep it", on_go)
