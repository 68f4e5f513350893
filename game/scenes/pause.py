"""The pause menu over a table: resume, rules, settings, save and quit."""
from __future__ import annotations

from ..core import saves
from ..core.userfiles import UserFileError
from ..ui import theme as th
from ..ui.widgets import Button, Panel
from .base import MenuScene


class PauseScene(MenuScene):
    name = "pause"
    overlay = True
    title = "Paused"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def build(self) -> None:
        self.ui.add(Panel((440, 150, 400, 420), fill=th.WOOD_DARK, border=th.BRASS))
        items = [("Resume", self.back, True), ("Rules", self.open_rules, False),
                 ("Settings", self.open_settings, False), ("Save and quit to title", self.quit_to_title, False)]
        for i, (text, action, primary) in enumerate(items):
            self.ui.add(Button((480, 250 + i * 72, 320, 56), text, action, primary=primary))

    def draw_heading(self, canvas, y=0):
        th.draw_text(canvas, self.theme, "Paused", (640, 168), 56, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)

    def open_rules(self) -> None:
        from .rules import RulesScene
        match = self.table.match
        self.app.push(RulesScene(self.app, match.game_id, match.options, overlay=True))

    def open_settings(self) -> None:
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app, overlay=True))

    def quit_to_title(self) -> None:
        match = self.table.match
        if not match.is_over and self.table.replay is None:
            try:
                saves.autosave(match)
            except UserFileError as exc:
                self.app.toast(f"Could not save: {exc}")
        from .title import TitleScene
        self.app.reset_to(TitleScene(self.app))
