"""The replay viewer's controls: one component every table gets for free.

A wooden board (low in the bottom-left corner unless the table gives it
another ``origin``: Diced Out's sheets fill that corner) with a status line (position,
speed, paused/end), a brass progress line and six small buttons (slower,
step back, play/pause, step, faster, close), clear of every seat label up
to 20 seats and of the history panels on the right.  Keys: Space/P pause,
Right/N/. step, Left/B/, step back, Up/+ faster, Down/- slower.  The bar
works on the pure playback state (``core.playback.ReplayFeed``); stepping
back and closing are the table's (it rebuilds itself through ``app.nav``),
so it is handed those two as callbacks.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ..core.playback import ReplayFeed
from . import theme as th
from .drawn_controls import note as note_drawn

NAMES = ("slower", "back", "pause", "step", "faster", "close")
ORIGIN = (20, 672)
"""The first button's top-left corner on most tables (``TableBase.replay_bar_origin``)."""
BUTTON_W, BUTTON_H, BUTTON_STEP = 56, 36, 58
BOARD_W = BUTTON_STEP * (len(NAMES) - 1) + BUTTON_W + 24
"""The board's width: the buttons and 12 px of wood either side."""
BOTTOM = ORIGIN[1] + BUTTON_H
"""Where the buttons end, whatever the board's form (the board's wood 6 px below)."""
WIDE, COMPACT = len(NAMES), 3
"""Buttons a row: one row of six (the wide board), or two rows of three under
a shorter status line (the compact board: at 11-19 seats the wide one met the
bottom-left nameplate; ``TableBase.replay_bar_columns``)."""
COMPACT_BUTTON_H, COMPACT_ROW_GAP, COMPACT_TOP = 26, 3, 31
"""The compact board's buttons' height, the gap between its rows, and its wood above them."""


def compact_origin(origin: tuple[int, int] = ORIGIN) -> tuple[int, int]:
    """The compact board's first button, for a wide board's ``origin``: its
    rows end where the wide board's one row does."""
    return origin[0], origin[1] + BUTTON_H - 2 * COMPACT_BUTTON_H - COMPACT_ROW_GAP
KEYS = {
    "pause": (pygame.K_SPACE, pygame.K_p),
    "step": (pygame.K_RIGHT, pygame.K_n, pygame.K_PERIOD),
    "back": (pygame.K_LEFT, pygame.K_b, pygame.K_COMMA),
    "faster": (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
    "slower": (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS),
}


class ReplayBar:
    """The replay controls (module docstring): a component so every table gets them
    without code of its own; it changes only the feed and calls back for the rest."""
    def __init__(self, feed: ReplayFeed, *, on_back: Callable[[], None], on_close: Callable[[], None],
                 origin: tuple[int, int] = ORIGIN, columns: int = WIDE):
        self.feed = feed
        self.origin = origin
        self.columns = columns
        self.on_back = on_back
        self.on_close = on_close

    def buttons(self) -> dict[str, pygame.Rect]:
        """Six small buttons, in one row or in rows of ``columns`` (see the module text for where)."""
        x, y = self.origin
        wide = self.columns >= len(NAMES)
        h, step_y = (BUTTON_H, 0) if wide else (COMPACT_BUTTON_H, COMPACT_BUTTON_H + COMPACT_ROW_GAP)
        return {n: pygame.Rect(x + (i % self.columns) * BUTTON_STEP, y + (i // self.columns) * step_y, BUTTON_W, h)
                for i, n in enumerate(NAMES)}

    def top(self) -> int:
        """Pixels of wood above the buttons (the status line and the progress line)."""
        return 34 if self.columns >= len(NAMES) else COMPACT_TOP

    def rect(self) -> pygame.Rect:
        """The board behind the controls (status line, progress, buttons)."""
        board = pygame.Rect(self.origin, (0, 0)).unionall(list(self.buttons().values()))
        return pygame.Rect(board.x - 12, board.y - self.top(), board.w + 24, board.h + self.top() + 6)

    def status(self, font_width: Callable[[str], int], room: int) -> str:
        """The status line: where the replay is, its speed, paused or at its end;
        where that does not fit ``room`` (the compact board), the state takes
        the place of the word "Replay"."""
        feed = self.feed
        state = "end" if feed.finished else "paused" if feed.paused else ""
        line = f"Replay  {feed.position}/{len(feed.actions)}  \u00b7  x{feed.speed:g}" + (f"  \u00b7  {state}" if state else "")
        if font_width(line) <= room:
            return line
        return f"{state.capitalize() or 'Replay'} {feed.position}/{len(feed.actions)} \u00b7 x{feed.speed:g}"

    def press(self, name: str) -> None:
        feed = self.feed
        if name == "pause":
            feed.paused = not feed.paused
        elif name == "step":
            feed.paused = True
            feed.pending_steps += 1
        elif name == "back":
            self.on_back()
        elif name == "faster":
            feed.faster()
        elif name == "slower":
            feed.slower()
        elif name == "close":
            self.on_close()

    def handle_event(self, event) -> bool:
        """A key or click meant for the bar: act on it and say so."""
        if event.type == pygame.KEYDOWN:
            name = next((n for n, keys in KEYS.items() if event.key in keys), None)
            if name is not None:
                self.press(name)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for name, rect in self.buttons().items():
                if rect.collidepoint(event.pos):
                    self.press(name)
                    return True
        return False

    def draw(self, canvas: pygame.Surface, theme: th.Theme, mouse: tuple[int, int]) -> None:
        """The board, the buttons (lit under the mouse), the status and progress."""
        feed = self.feed
        bar = self.rect()
        th.wood_board(canvas, bar, radius=12, inlay=False, studs=False)
        labels = {"slower": "Slower", "pause": "Play" if feed.paused else "Pause", "step": "Step >", "back": "< Step",
                  "faster": "Faster", "close": "Close"}
        for name, rect in self.buttons().items():
            hot = rect.collidepoint(mouse)
            note_drawn(labels[name], rect)
            pygame.draw.rect(canvas, th.WOOD_LIGHT if hot else th.WOOD, rect, border_radius=8)
            pygame.draw.rect(canvas, th.BRASS_LIGHT if name == "pause" else th.BRASS, rect, 2, border_radius=8)
            th.draw_text(canvas, theme, labels[name], rect.center, 15, th.CREAM, bold=True, anchor="center")
        size = 15 if self.columns >= len(NAMES) else 14
        font = theme.font(size, True)
        status = self.status(lambda text: font.size(text)[0], bar.w - 28)
        th.draw_text(canvas, theme, status, (bar.x + 14, bar.y + (self.top() - 9) // 2 + 1), size, th.BRASS_LIGHT,
                     bold=True, anchor="midleft")
        track = pygame.Rect(bar.x + 14, bar.y + self.top() - 9, bar.w - 28, 4)
        pygame.draw.rect(canvas, (40, 24, 14), track, border_radius=2)
        done = track.copy()
        done.w = int(track.w * feed.position / max(1, len(feed.actions)))
        if done.w:
            pygame.draw.rect(canvas, th.BRASS, done, border_radius=2)
