"""Replays: the list of saved games and opening one in watch-only mode.

A replay is played back through the game's own TableScene (``replay=``
feed), with the throws re-simulated and the logged faces trusted."""
from __future__ import annotations

from pathlib import Path

from ..core import saves
from ..core.match import Match, RecordError
from ..core.userfiles import UserFileError, read_json
from ..ui import theme as th
from ..core.playback import ReplayFeed
from ..ui.widgets import Button, Panel
from .base import MenuScene
from .launch import make_table
from ..canvas import CENTRE_X

ROWS = 8


def open_replay(app, path) -> tuple[object | None, str]:
    """(table scene in watch mode, "") or (None, a message for players)."""
    try:
        full = saves.load_match(Path(path))  # validates the whole log
        data = read_json(Path(path))
        start = Match.from_record(data, dice=None, upto=0)
    except (UserFileError, RecordError) as exc:
        return None, str(exc)
    except Exception as exc:  # a rules error on a doctored log
        return None, f"{Path(path).name}: cannot be replayed ({exc})"
    start.dice = full.dice
    feed = ReplayFeed(list(full.history))
    return make_table(app, start, replay=feed), ""


class ReplayListScene(MenuScene):
    name = "replays"
    title = "Replays"
    subtitle = "Every finished game is kept here"

    def __init__(self, app):
        super().__init__(app)
        self.files = saves.list_replays()
        self.first = 0

    def build(self) -> None:
        self.ui.add(Panel((240, 140, 800, 480)))
        shown = self.files[self.first:self.first + ROWS]
        for i, path in enumerate(shown):
            self.ui.add(Button((280, 170 + i * 54, 600, 46), _describe(path),
                               lambda p=path: self.open(p), size=18))
            self.ui.add(Button((890, 170 + i * 54, 110, 46), "Coach", lambda p=path: self.coach(p), size=18))
        if not self.files:
            from ..ui.widgets import Label
            self.ui.add(Label((CENTRE_X, 360), "No finished games yet.", 22, th.INK, anchor="center", style="italic"))
        self.ui.add(Button((300, 640, 160, 52), "Newer", lambda: self.page(-ROWS), enabled=self.first > 0))
        self.ui.add(Button((560, 640, 160, 52), "Back", self.back, primary=True))
        self.ui.add(Button((820, 640, 160, 52), "Older", lambda: self.page(ROWS),
                           enabled=self.first + ROWS < len(self.files)))

    def page(self, step: int) -> None:
        self.first = max(0, min(len(self.files) - 1, self.first + step))
        self.rebuild()

    def coach(self, path) -> None:
        """The post-game coach of a saved game (for each person who played it)."""
        from .coach import CoachScene, sessions_for
        try:
            match = saves.load_match(Path(path))
        except (UserFileError, RecordError) as exc:
            self.app.toast(str(exc))
            return
        except Exception as exc:  # a rules error on a doctored log
            self.app.toast(f"{Path(path).name}: cannot be replayed ({exc})")
            return
        if not sessions_for(match):
            self.app.toast("Nobody played this game by hand: there is nothing to coach.")
            return
        self.app.push(CoachScene(self.app, match))

    def open(self, path) -> None:
        error = self.app.nav.replay(path)
        if error:
            self.app.toast(error)


def _describe(path: Path) -> str:
    """'2024-05-01 20:14  liars-dice  seed 123' from the file name."""
    parts = path.stem.split("-")
    if len(parts) >= 4 and parts[0].isdigit():
        day, clock = parts[0], parts[1]
        game = "-".join(parts[2:-1])
        return f"{day[:4]}-{day[4:6]}-{day[6:]}  {clock[:2]}:{clock[2:4]}   {game}   seed {parts[-1]}"
    return path.name
