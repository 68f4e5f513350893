"""Replays: the list of saved games and opening one in watch-only mode.

A replay is played back through the game's own TableScene (``replay=``
feed), with the throws re-simulated and the logged faces trusted."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from ..core import saves
from ..core.match import Match, RecordError, run_steps
from ..core.narration import plural
from ..core.userfiles import UserFileError
from ..ui import theme as th
from ..core.playback import ReplayFeed
from ..core.replay_index import ReplayIndex, ReplaySummary
from ..ui.widgets import Button, Panel, Scrollbar
from .base import MenuScene
from .launch import make_table
from ..canvas import CENTRE_X

if TYPE_CHECKING:
    from ..ui.table_scene import TableScene

ROWS = 8
SCROLL_KEYS = {pygame.K_PAGEDOWN: ROWS, pygame.K_PAGEUP: -ROWS, pygame.K_HOME: -10**9, pygame.K_END: 10**9}
"""Keys that move the replay list (older is positive), as in the game log."""


def open_replay(app, path, record: dict | None = None) -> tuple[TableScene | None, str]:
    """(table scene in watch mode, "") or (None, a message for players).
    ``record``: the game as played, watched from memory when its file is not
    on disk (a full disk kept the replay from being written)."""
    return run_steps(replay_steps(app, path, record))


def replay_steps(app, path, record: dict | None = None):
    """``open_replay`` a piece a step (a generator whose value is its answer):
    the record read, then checked ``RECORD_MOVES_PER_STEP`` moves a step, so
    the hand-over (``nav.replay``) spreads a long record over its frames (a
    20-seat replay's check and table cost 110-180 ms in the click's frame)."""
    try:
        if record is not None and not Path(path).exists():
            data = record
        else:
            data = saves.read_record(Path(path))   # read once, within the record format's limits
        yield
        checked = yield from _checked_off_the_frame(data)
        full = yield from saves.match_steps(checked or data, Path(path).name,   # validates the whole log
                                            checked=checked is not None)
        # the same game before its first move: its header alone (the log is checked above, and
        # checking it again cost a 1,211-move replay a second ~140 ms of CPU in the click's frame)
        start = Match.from_record(dict(data, actions=[], said=[]), dice=None, upto=0)
    except (UserFileError, RecordError) as exc:
        return None, str(exc)
    except Exception as exc:  # a rules error on a doctored log
        return None, f"{Path(path).name}: cannot be replayed ({exc})"
    from ..ui import preload
    loading = preload.start(start.game_id)   # its table's modules, imported off the frame (100-180 ms)
    while not loading.done():
        yield loading
    start.dice = full.dice
    start.said = dict(full.said)   # what the AIs said, told as the replay reaches each move
    start.watched = False   # shown, never played on: its AIs need not watch (``Match.catch_up``)
    feed = ReplayFeed(list(full.history))
    return make_table(app, start, replay=feed), ""


def _checked_off_the_frame(data):
    """``data`` checked against the record format on a thread (steps: a
    ``preload.Loading`` while it runs; 30-50 ms at a 20-seat replay): what the
    check returned, or None if it failed (``Match.record_steps`` then checks
    it again and says why, in the same words)."""
    from ..core import validation
    from ..core.match import RECORD_FORMAT
    from ..ui import preload
    out: list = []

    def check() -> None:
        try:
            out.append(validation.check_document(dict(data), RECORD_FORMAT))
        except Exception:  # noqa: BLE001 - told by the check on the game thread
            pass
    loading = preload.in_background(check, "replay-check")
    while not loading.done():
        yield loading
    return out[0] if out else None


ROW_ACTIONS: list[tuple[str, Callable[[Any, Path], None]]] = []
"""Extra buttons at the right end of every replay row: (label, action(app, path)).
Register with ``register_row_action`` (e.g. the coach's "Coach")."""
ACTION_W = 110


def register_row_action(label: str, action: Callable[[Any, Path], None]) -> None:
    """Add a per-row button to the replay list (once per label)."""
    if all(name != label for name, _ in ROW_ACTIONS):
        ROW_ACTIONS.append((label, action))


class ReplayRow(Button):
    """One saved game: date and game on the left, the winner on the right,
    the players below; clicking watches it."""

    def __init__(self, rect, summary: ReplaySummary, on_click):
        super().__init__(rect, summary.game or "Cannot be read", on_click, enabled=summary.ok, size=19)
        self.summary = summary

    def players_line(self) -> str:
        """"3 players: You, Mags, Finn" ("1 player: You" for a solo game), or why the file cannot be read."""
        s = self.summary
        if not s.ok:
            return s.problem or "This file is damaged."
        return f"{plural(len(s.players), 'player')}: " + ", ".join(s.players)

    def draw(self, canvas, theme, focused, hovered):
        s = self.summary
        _wood(canvas, self.rect, focused, hovered, self.enabled)
        x, top, right = self.rect.x + 18, self.rect.y + 7, self.rect.right - 18
        colour = th.CREAM if self.enabled else th.CREAM_DIM
        th.draw_text(canvas, theme, s.date, (x, top), 16, th.BRASS_LIGHT, bold=True)
        th.draw_text(canvas, theme, s.game if s.ok else "Cannot be read", (x + 190, top), 19, colour, bold=True)
        if s.ok:
            won = f"Winner: {s.winner}" if s.winner else "Not finished"
            th.draw_text(canvas, theme, won, (right, top), 17, th.BRASS_LIGHT, bold=True, anchor="topright")
        players = self.players_line()
        font = theme.font(15)
        while len(players) > 20 and font.size(players)[0] > self.rect.w - 36 - 190:
            players = players[:-5].rstrip(", ") + "\u2026"
        th.draw_text(canvas, theme, players, (x + 190, top + 24), 15, th.CREAM_DIM)


def _wood(canvas, rect, focused, hovered, enabled):
    from ..ui.widgets import _wood_box
    _wood_box(canvas, rect, focused=focused, hovered=hovered, enabled=enabled, primary=False)


class ReplayListScene(MenuScene):
    name = "replays"
    title = "Replays"
    subtitle = "Every finished game is kept here"

    def __init__(self, app):
        super().__init__(app)
        from ..core.finished import wait_all
        wait_all()   # the game just finished is in the list
        self.files = saves.list_replays()
        self.index = ReplayIndex(saves.replays_dir())
        self.first = 0
        self.bar = Scrollbar(self.BAR, self.scroll_to, on_release=self.rebuild)   # rebuilt: the cache is saved
        """Dragged or clicked, it moves the list (kept across rebuilds: a drag outlives them)."""

    BAR = pygame.Rect(1110, 164, 14, ROWS * 56 - 6)
    """The scrollbar's track, right of the rows, as tall as the eight rows."""

    def build(self) -> None:
        self.ui.add(Panel((140, 140, 1000, 480)))
        shown = self.files[self.first:self.first + ROWS]
        actions = self.row_actions()
        row_w = 920 - len(actions) * (ACTION_W + 10)
        for i, path in enumerate(shown):
            y = 164 + i * 56
            summary = self.index.summary(path)
            self.ui.add(ReplayRow((180, y, row_w, 50), summary, partial(self.open, path)))
            for k, (label, action) in enumerate(actions):
                x = 180 + row_w + 10 + k * (ACTION_W + 10)
                self.ui.add(Button((x, y, ACTION_W, 50), label, partial(action, path),
                                   size=18, enabled=summary.ok))
        self.bar.show(self.first, ROWS, len(self.files))
        self.ui.add(self.bar)
        if not self.app.read_only and self.bar.grab is None:   # the copy that plays keeps the cache
            self.index.save(keep=self.files)   # (once the thumb is let go: not at every step of a drag)
        if not self.files:
            from ..ui.widgets import Label
            self.ui.add(Label((CENTRE_X, 360), "No finished games yet.", 22, th.INK, anchor="center", style="italic"))
        self.ui.add(Button((300, 640, 160, 52), "Newer", lambda: self.page(-ROWS), enabled=self.first > 0))
        self.ui.add(Button((560, 640, 160, 52), "Back", self.back, primary=True))
        self.ui.add(Button((820, 640, 160, 52), "Older", lambda: self.page(ROWS),
                           enabled=self.first + ROWS < len(self.files)))

    def draw_content(self, canvas):
        if self.files:
            last = min(len(self.files), self.first + ROWS)
            th.draw_text(canvas, self.theme, f"{self.first + 1}\u2013{last} of {len(self.files)}",
                         (CENTRE_X, 716), 16, th.CREAM_DIM, anchor="midbottom", shadow=1)

    def row_actions(self) -> list[tuple[str, Callable[[Path], None]]]:
        """The buttons at the right end of each row: the coach, then registered ones."""
        coach: list[tuple[str, Callable[[Path], None]]] = [("Coach", self.coach)]
        return coach + [(label, partial(action, self.app)) for label, action in ROW_ACTIONS if label != "Coach"]

    def page(self, step: int) -> None:
        self.first = max(0, min(len(self.files) - 1, self.first + step))
        self.rebuild()

    def scroll(self, rows: int) -> None:
        """Move the list by ``rows`` (older is positive), never past the last full
        page: thousands of games are a few turns of the wheel, not hundreds of
        clicks of "Older"."""
        self.scroll_to(self.first + rows)

    def scroll_to(self, first: int) -> None:
        """Show the list from row ``first`` (clamped to the last full page)."""
        first = max(0, min(len(self.files) - ROWS, first))
        if first != self.first:
            self.first = first
            self.rebuild()

    def handle_event(self, event) -> None:
        if self.bar.route(event):   # the thumb held: the mouse drags it
            return
        if event.type == pygame.MOUSEWHEEL:   # three rows a notch, as in the game log
            self.scroll(-3 * int(getattr(event, "y", 0)))
            return
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key])
            return
        super().handle_event(event)

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
