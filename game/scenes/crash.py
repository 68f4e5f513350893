"""The apology screen: what a player sees instead of a traceback.

``App.recover`` shows it after an unexpected error in any scene, once the
game in play (if any) is saved and a crash report is written.  Enter goes
back to the title, where Continue resumes the saved game."""
from __future__ import annotations

from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene
from ..canvas import CENTRE_X


class CrashScene(MenuScene):
    name = "crash"
    title = "Sorry, something went wrong"
    subtitle = "The game ran into a problem it did not expect"

    def __init__(self, app, *, saved: str | None, report: str | None):
        super().__init__(app)
        self.saved = saved      # a sentence about the saved game, or None
        self.report = report    # where the crash report is, or None

    def build(self) -> None:
        self.ui.add(Button((330, 520, 280, 56), "Back to the title", self.back, primary=True))
        self.ui.add(Button((670, 520, 280, 56), "Quit", lambda: self.app.quit(1)))

    def back(self) -> None:
        self.app.nav.title()

    def lines(self) -> list[tuple[str, tuple]]:
        out = [(self.saved or "No game was in progress, so nothing was lost.", th.INK)]
        if self.report:
            out.append(("A report for the developers was written to:", th.INK))
            out.append((self.report, th.WOOD_DARK))
        else:
            out.append(("A crash report could not be written (the data folder is not writable).", th.INK))
        out.append(("Press Enter to go back to the title screen.", th.INK))
        return out

    def draw_content(self, canvas) -> None:
        th.panel(canvas, (190, 180, 900, 300), fill=th.PARCHMENT, border=th.BRASS_DARK)
        y = 212
        for text, colour in self.lines():
            font = self.theme.font(22)
            for line in _wrap(font, text, 820):
                th.draw_text(canvas, self.theme, line, (CENTRE_X, y), 22, colour, anchor="midtop")
                y += 32
            y += 16


def _wrap(font, text: str, width: int) -> list[str]:
    """Word wrap, and a word wider than the panel (a folder path) cut by characters."""
    out = []
    for line in th.wrap_text(font, text, width):
        while font.size(line)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut])[0] > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out
