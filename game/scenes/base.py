"""MenuScene: the shared frame of every menu screen.

A menu builds its widgets in ``build()`` into ``self.ui`` (a FocusGroup),
draws the tavern backdrop and a heading, and goes back with Esc.  Overlay
menus (pause) draw a dimmed veil over the scene below instead.
"""
from __future__ import annotations

import pygame

from ..ui import pictures
from ..ui import theme as th
from ..ui.scene import Scene
from ..ui.widgets import FocusGroup
from ..canvas import CANVAS_SIZE, CENTRE_X

def backdrop(size=CANVAS_SIZE) -> pygame.Surface:
    """The menus' backdrop (see ``pictures.menu_backdrop``)."""
    return pictures.menu_backdrop(size)


class MenuScene(Scene):
    """A screen of widgets with a heading; Esc goes back."""

    title = ""
    subtitle = ""

    def __init__(self, app):
        super().__init__(app)
        self.ui = FocusGroup(app)

    @property
    def theme(self) -> th.Theme:
        return self.app.theme

    def enter(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """(Re)create the widgets, keeping the focus position when possible."""
        index = self.ui.focus_index
        self.ui.clear()
        self.build()
        if 0 <= index < len(self.ui.widgets) and self.ui.widgets[index].can_focus:
            self.ui.focus_index = index
        else:
            self.ui.focus_first()

    def build(self) -> None:
        """Add widgets to ``self.ui``."""

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            focused = self.ui.focused
            from ..ui.widgets import TextInput
            if not (event.key == pygame.K_BACKSPACE and isinstance(focused, TextInput)):
                self.back()
                return
        self.ui.handle_event(event)

    def is_idle(self) -> bool:
        """A menu changes only on input (a focused text field blinks)."""
        from ..ui.widgets import TextInput
        return not isinstance(self.ui.focused, TextInput)

    def draw_backdrop(self, canvas: pygame.Surface) -> None:
        if self.overlay:
            th.dim(canvas, 160)
        else:
            canvas.blit(backdrop(canvas.get_size()), (0, 0))

    def draw_heading(self, canvas: pygame.Surface, y: int = 40) -> None:
        if self.title:
            th.draw_text(canvas, self.theme, self.title, (CENTRE_X, y), 56, th.BRASS_LIGHT,
                         style="display", anchor="midtop", shadow=3)
        if self.subtitle:
            th.draw_text(canvas, self.theme, self.subtitle, (CENTRE_X, y + 70), 20, th.CREAM_DIM,
                         style="italic", anchor="midtop", shadow=2)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        self.draw_backdrop(canvas)
        self.draw_heading(canvas)
        self.draw_content(canvas)
        self.ui.draw(canvas, self.theme)

    def draw_content(self, canvas: pygame.Surface) -> None:
        """Extra drawing between the heading and the widgets."""
