"""A plain table for any game without its own scene (and for tests).

It shows the seats, the game's ``summary()`` and one button per legal action
of the human to act, so the whole flow (setup -> table -> results) works
before a game's own table exists."""
from __future__ import annotations

import json
from functools import partial

import pygame

from . import theme as th
from .table_scene import TableScene
from .widgets import Button, FocusGroup
from ..canvas import CENTRE_X
from ..core.grammar import isolated


class GenericTableScene(TableScene):
    """A game's table before it has its own: buttons for the legal actions and the
    state's summary, so a new game is playable end to end from its rules alone."""
    name = "table"

    def __init__(self, app, match, *, replay=None):
        super().__init__(app, match, replay=replay)
        self.ui = FocusGroup(app)

    def _rebuild(self) -> None:
        player = self.controls_to_build(self.ui)
        if player is None:
            return
        legal = self.match.state.legal_actions(player)[:12]
        w, gap = 170, 10
        x0 = CENTRE_X - (min(len(legal), 6) * (w + gap) - gap) // 2
        for i, action in enumerate(legal):
            row, col = divmod(i, 6)
            self.ui.add(Button((x0 + col * (w + gap), 560 + row * 52, w, 44), action.label()[:18],
                               partial(self.submit, player, action), size=17))

    def update(self, dt: float) -> None:
        self._rebuild()

    def handle_table_event(self, event) -> bool:
        self._rebuild()
        return self.ui.handle_event(event)

    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        state = self.match.state
        active = state.turn_player() if not state.is_terminal() else None
        self.draw_seats(canvas, active)
        title = self.info.title
        th.draw_text(canvas, self.theme, title, (CENTRE_X, 130), 40, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=2)
        try:
            summary = json.dumps(state.summary(), default=str)
        except Exception:
            summary = ""
        font = self.theme.font(17)
        for i, line in enumerate(th.wrap_text(font, summary, 700)[:8]):
            th.blit_text(canvas, font.render(line, True, th.CREAM), (CENTRE_X, 200 + i * 22), "midtop", shadow=1)
        player = self.human_to_act()
        if player is not None:
            th.draw_text(canvas, self.theme, f"{isolated(self.seat_name(player))}, your move", (CENTRE_X, 520), 24,
                         th.BRASS_LIGHT, bold=True, anchor="midtop", shadow=2)
        self.ui.draw(canvas, self.theme)
