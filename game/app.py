"""Composition root: the window, the loop and the scene stack.

Everything draws on one 1280x720 *canvas*; each frame the canvas is scaled to
fit the window with letterbox bars, and mouse positions are mapped back to
canvas pixels before scenes see them.  A window of exactly the canvas's size
is itself the canvas (``_canvas_for_frame``): the frame is drawn straight
into it and presenting copies nothing.  The loop runs a fixed 120 Hz step
(``fixed_update``) with a cap on catch-up steps, then one ``update`` and a
``draw`` with the interpolation fraction, timed with ``perf_counter`` and
capped at 60 frames a second.  Scene transitions requested during a frame
are applied at its end.

An idle game rests: when every visible scene says ``is_idle()`` (a menu, a
table waiting for a human), no toast is showing and the last ``QUIET_FRAMES``
frames came out pixel-identical, the loop stops updating and drawing and
sleeps until input arrives (then it runs at full rate at once), waking every
``REST_WAKE_MS`` to check one frame.

``App(headless=True)`` builds the same app without a real window so tests and
the shot command can run frames and feed events (``run_frames``, ``feed``).
"""
from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from typing import Callable

import pygame

from .core import userfiles
from .memory import Collector
from .paths import asset_path
from .ui.drawn_controls import CONTROLS
from .ui.scene import CANVAS_SIZE, FIXED_DT, Scene
from .ui.sound import Sounds, quiet_native_stderr
from .ui.theme import Theme

MAX_CATCH_UP = 8
"""At most this many fixed steps per frame; beyond it the game slows down
instead of spiralling (a stalled window must not fast-forward the dice)."""
FRAME_CAP = 60
QUIET_FRAMES = 20
"""Identical frames of an idle scene before the loop rests (a third of a second)."""
REST_WAKE_MS = 1000
"""While resting the loop waits for input, waking this often to check one frame."""
TOAST_SECONDS = 4.0
TOAST_WIDTH = CANVAS_SIZE[0] - 160
"""A toast's words are wrapped to this many pixels: a message is read whole
(a 135-letter "could not save the finished game" lost its last words, the
part that says what happens to the game, to a cut at 120 letters)."""
TOAST_LINES = 4
"""At most this many lines a toast; a longer message ends with "…" after whole words."""
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
OFF_CANVAS = (-1, -1)
"""The pointer over no canvas pixel (a letterbox bar, no window): hovers nothing."""


class FramePixels:
    """The last idle frame's pixels, to tell whether the next came out the same
    (``App.note_frame``).  Copied into two buffers kept for the app's life:
    a fresh 3.7 MB copy per check (``get_buffer().raw``) made the memory
    system fault its pages in again after every quiet collection's trim,
    about 2 ms of each check frame of a resting pause."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self._now = self._touched(canvas)
        self._last = self._touched(canvas)
        self._has_last = False

    @staticmethod
    def _touched(canvas: pygame.Surface) -> bytearray:
        """A buffer the canvas's size, written once now (at start-up) so its
        pages are the process's before the first check (about 3 ms each)."""
        buffer = bytearray(canvas.get_buffer().length)
        memoryview(buffer)[:] = memoryview(canvas.get_buffer())  # type: ignore[arg-type]  # a buffer, unstubbed
        return buffer

    def forget(self) -> None:
        """Something moved: the next idle frame starts a new comparison."""
        self._has_last = False

    def same_as_last(self, canvas: pygame.Surface) -> bool:
        """Is ``canvas`` the same picture as at the last call (since ``forget``)?"""
        pixels = canvas.get_buffer()   # its memory as it is, no RGB conversion (3.3 ms)
        if len(self._now) != pixels.length:
            self._now = bytearray(pixels.length)
        # a copy into the same memory (bytearray[:] = would copy it first); BufferProxy is a buffer, unstubbed
        memoryview(self._now)[:] = memoryview(pixels)  # type: ignore[arg-type]
        same = self._has_last and self._now == self._last
        if not same:
            self._now, self._last = self._last, self._now
            self._has_last = True
        return same


SCREEN_ROOM = (0.95, 0.88)
"""Share of the screen's width and height a window may take when it opens
(the rest for its title bar, a task bar or a dock)."""


def fit_to_screen(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size at start: the saved (or default 1280x720) size, shrunk
    with its shape kept to fit the screen.  A 1280x720 window on an 800x480
    screen showed only its middle: Quit and a game were off the screen (qa31)."""
    w, h = size
    if not screen or screen[0] <= 0 or screen[1] <= 0:
        return w, h
    scale = min(1.0, screen[0] * SCREEN_ROOM[0] / w, screen[1] * SCREEN_ROOM[1] / h)
    return max(1, int(w * scale)), max(1, int(h * scale))


def _desktop_size() -> tuple[int, int] | None:
    """The main screen's size, or None where the system cannot say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (sizes[0][0], sizes[0][1]) if sizes else None


class App:
    """Window + canvas + scene stack.  One per process."""

    def __init__(self, *, headless: bool = False, fullscreen: bool | None = None,
                 window_size: tuple[int, int] | None = None, lock_folder: bool | None = None):
        self.headless = headless
        self.contain_errors = not headless
        """Last line of defence (``recover``); off in headless tests so bugs
        fail them, on for players."""
        self.offer_tutorials = not headless
        """Offer a game's guided first game the first time it is chosen in setup
        (off headless: tests and shots drive setup directly; tests of the offer switch it on)."""
        self.crashes = 0
        self.think_in_background = not headless
        """AI decisions run in a worker thread (game/ui/thinker.py), and so
        do the title's look at the save, a table's hand-over imports and the
        results' story; headless tests keep them inside the frame (or wait
        for them there), so a frame count stays a fixed pace."""
        self.write_in_background = not headless
        """A finished game's records are written by a thread (``GameEnd.finish_game``)."""
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        with quiet_native_stderr():  # pygame.init() also tries the audio device
            pygame.init()
        self.settings, note = userfiles.load_settings()
        from .games.bidding.rivalbook import RivalShelf
        self.rivals = RivalShelf()
        """What the AIs remember of their rivals across games (``rivals.json``)."""
        from .core.saves import Autosave
        self.autosave = Autosave()
        """The game being played, saved for Continue (``game.core.saves``)."""
        from .core.table_lock import TableLock
        self.table_lock = TableLock()
        """This copy's hold on the data folder (``game.core.table_lock``)."""
        self.read_only = (not headless if lock_folder is None else lock_folder) and not self.table_lock.acquire()
        """Another copy plays with this data folder: replays and stats only, nothing
        written (the title says so and offers another folder).  Headless apps
        (tests, shots) take no lock unless asked (``lock_folder``)."""
        self.records_off: str | None = None
        """Why nothing this copy plays is saved (its data folder cannot be written
        at all, ``TableLock.trouble``): the games still play, in memory; said on
        the title and once when the first game starts, and a record's own
        failure is not told again (``record_failure``)."""
        self._told_records_off = False
        if self.read_only and self.table_lock.unwritable:
            self.records_off = f"Nothing you play is saved: {self.table_lock.trouble()}"
        notes = [note] if note else []
        if not self.read_only:
            notes += self._tidy_data_folder()
        # what is on disk (None: nothing valid yet, so the first shutdown writes it)
        self._saved_settings = (self.settings.to_json()
                                if not note and userfiles.settings_path().is_file() else None)
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.theme = Theme(self.settings.colorblind_palette)
        self.sounds = Sounds(self.settings)
        self._own_canvas = pygame.Surface(CANVAS_SIZE)
        """The canvas when the window is not 1280x720 (scaled into it when presented)."""
        self.canvas = self._own_canvas
        self.stack: list[Scene] = []
        from .scenes.nav import Navigator
        self.nav = Navigator(self)
        """Named screens (pause, curtain, results, title, replay) for the table layer."""
        self._pending: list[tuple[str, Scene | None]] = []
        self.toasts: list[list] = []  # [message, seconds left]
        self._toast_wrap: dict[str, list[str]] = {}
        self.running = True
        self.exit_code = 0
        self.frame = 0
        self.memory = Collector()
        from .ui.intent import InputClock
        self.input = InputClock()
        """The app's input time and held keys: every key and button event is
        stamped with when its press began (game/ui/intent.py)."""
        """Garbage collection owned by the loop once ``settle_memory`` ran."""
        self.wake = threading.Event()
        """Set from another thread (a phone's move arrived) to end a rest at once."""
        self._below: tuple[Scene, pygame.Surface] | None = None
        """The still of the scenes under a ``still_below`` overlay (``draw``)."""
        self.in_frame = False
        """True while ``step`` runs a frame: a thinker thread lets it finish first
        (``AiTurns._let_the_frame_run``)."""
        self.quiet_frames = 0           # identical idle frames in a row
        self._frame_pixels = FramePixels(self._own_canvas)
        self._window_size = tuple(window_size or self.settings.window_size)
        self._view = pygame.Rect(0, 0, *CANVAS_SIZE)  # where the canvas sits in the window
        self._last_press = (0, 0)
        """Where the last mouse press landed on the canvas (``mouse_to_canvas``)."""
        self._held_on_canvas: set[int | None] = set()
        """Mouse buttons pressed on the canvas and not yet released (``mouse_to_canvas``)."""
        self.window = self._open_window()
        self.canvas = self._canvas_for_frame()
        """Settled before the first frame, so what records or reads the canvas
        from the start (the layout check, shots) sees the surface frames draw on."""
        for note in notes:
            self.toast(note)
            print(f"dice-tavern: {note}", file=sys.stderr)

    def _tidy_data_folder(self) -> list[str]:
        """What the copy holding the folder's lock does first: temp files a kill
        left removed, and any finished game a kill interrupted recorded now
        (``finished.recover``), before the title offers Continue.  The messages."""
        from .core import finished
        userfiles.clean_stale_temp_files()
        _done, problems = finished.recover(self.rivals)
        return problems

    def take_table(self, lock=None) -> bool:
        """Hold the data folder's lock (or ``lock``, already taken on another
        folder: ``table_lock.another_folder``) and leave read-only; False if
        another copy still holds it."""
        if lock is not None:
            self.table_lock.release()
            self.table_lock = lock
            userfiles.use_data_dir(lock.folder)
            from .games.bidding.rivalbook import RivalShelf
            self.rivals = RivalShelf()
            self._saved_settings = None   # the settings in use are written to the new folder
        elif not self.table_lock.acquire():
            return False
        self.read_only = False
        self.records_off = None
        for note in self._tidy_data_folder():
            self.toast(note)
        return True

    # ------------------------------------------------------------------
    # Window
    # ------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption("Dice Tavern")
        try:
            icon = pygame.image.load(str(asset_path("icon.png")))
            pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError, OSError):
            pass
        if self.settings.fullscreen and not self.headless:
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            width, height = self._window_size[0], self._window_size[1]
            size = (width, height) if self.headless else fit_to_screen((width, height), _desktop_size())
            window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._fit_view(window.get_size())
        return window

    def toggle_fullscreen(self) -> None:
        """F11 anywhere; the choice is saved like any other setting."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.save_settings()
        self.window = self._open_window()
        self.canvas = self._canvas_for_frame()

    def _fit_view(self, size) -> None:
        """Largest 16:9 rectangle centred in the window (letterbox)."""
        w, h = max(0, int(size[0])), max(0, int(size[1]))
        scale = min(w / CANVAS_SIZE[0], h / CANVAS_SIZE[1]) if w and h else 0.0
        vw, vh = int(CANVAS_SIZE[0] * scale), int(CANVAS_SIZE[1] * scale)
        self._view = pygame.Rect((w - vw) // 2, (h - vh) // 2, vw, vh)

    def to_canvas(self, pos) -> tuple[int, int]:
        """Window pixel -> canvas pixel (clamped; a zero-size window maps to 0,0)."""
        v = self._view
        if v.w <= 0 or v.h <= 0:
            return (0, 0)
        x = (pos[0] - v.x) * CANVAS_SIZE[0] / v.w
        y = (pos[1] - v.y) * CANVAS_SIZE[1] / v.h
        return (int(min(max(x, 0), CANVAS_SIZE[0] - 1)), int(min(max(y, 0), CANVAS_SIZE[1] - 1)))

    def mouse_pointer(self) -> tuple[int, int]:
        """Where the mouse is on the canvas for hover, or ``OFF_CANVAS`` when it
        is over a letterbox bar (clamped, it lit the button at the canvas's edge)
        or no window is open."""
        if not pygame.display.get_surface():
            return OFF_CANVAS
        pos = pygame.mouse.get_pos()
        return self.to_canvas(pos) if self._view.collidepoint(pos) else OFF_CANVAS

    def mouse_to_canvas(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """Where a mouse event lands on the canvas, or None when it goes nowhere.

        A window reported 0x0 (minimised on some systems) showed nothing, yet
        mapped every click to the canvas's corner until the next resize: the
        view is fitted again to the window's real size first, and while it is
        still empty presses and moves are dropped; a release still comes, where
        the last press landed, so nothing stays held (a Peek).

        A letterbox bar is not the canvas (issue 39): clamped onto the edge, a
        click there to focus the window rolled Diced Out's dice or pressed the
        button beside the bar.  A press there is dropped; a release there comes
        (clamped, as before) only for a button pressed on the canvas, so a drag
        or a Peek still ends; a move there is a drag's (clamped) while a button
        pressed on the canvas is held, else it is at ``OFF_CANVAS``, so nothing
        stays lit."""
        if self._view.w <= 0 or self._view.h <= 0:
            try:
                self._fit_view(self.window.get_size())
            except pygame.error:
                pass   # the window's surface is gone
        if self._view.w <= 0 or self._view.h <= 0:
            return self._last_press if event.type == pygame.MOUSEBUTTONUP else None
        button = getattr(event, "button", None)
        if self._view.collidepoint(event.pos):
            pos = self.to_canvas(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return None
        elif event.type == pygame.MOUSEBUTTONUP:
            if button not in self._held_on_canvas:
                return None
            pos = self.to_canvas(event.pos)
        else:
            pos = self.to_canvas(event.pos) if self._held_on_canvas else OFF_CANVAS
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._last_press = pos
            self._held_on_canvas.add(button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._held_on_canvas.discard(button)
        return pos

    def _canvas_for_frame(self) -> pygame.Surface:
        """What this frame is drawn on: the window itself when it shows the
        canvas one to one (issue 41: the copy into the window cost about
        0.5 ms of every frame), else the app's own canvas, scaled into the
        window at ``_present``.  Chosen at each frame's start, so a resize
        (the window's surface changes size under it) moves the drawing back
        to the own canvas before anything is drawn at the wrong size."""
        try:
            direct = self._view == pygame.Rect((0, 0), CANVAS_SIZE) and self.window.get_size() == CANVAS_SIZE
        except pygame.error:
            direct = False   # the window's surface is gone (closing): draw off screen
        return self.window if direct else self._own_canvas

    def _present(self) -> None:
        if self.canvas is self.window and self.window.get_size() == CANVAS_SIZE:
            try:
                pygame.display.flip()   # the frame was drawn in the window itself
            except pygame.error:
                pass
            return
        try:
            v = self._view
            if v.topleft != (0, 0) or v.size != self.window.get_size():
                self.window.fill((12, 8, 6))   # the bars beside a canvas that does not fill the window
            if v.w > 0 and v.h > 0:
                if v.size == CANVAS_SIZE:
                    self.window.blit(self.canvas, v.topleft)
                else:
                    self.window.blit(pygame.transform.smoothscale(self.canvas, v.size), v.topleft)
            pygame.display.flip()
        except pygame.error:
            pass  # minimised / lost surface: skip this frame

    # ------------------------------------------------------------------
    # Settings, sounds, messages
    # ------------------------------------------------------------------
    def save_settings(self) -> None:
        """Save now and apply what changes the look or sound."""
        self.theme.colorblind = self.settings.colorblind_palette
        self.sounds.apply_settings(self.settings)
        try:
            userfiles.save_settings(self.settings)
            self._saved_settings = self.settings.to_json()
        except userfiles.UserFileError as exc:
            self.toast(str(exc))

    def record_failure(self, message: str) -> None:
        """A game's record could not be written (``message``): told, unless
        nothing can be written at all (``records_off``: told once, not per file)."""
        if self.records_off is None:
            self.toast(message)

    def tell_records_off(self) -> None:
        """A game starts: if nothing can be saved, say so and where, once per run."""
        if self.records_off is not None and not self._told_records_off:
            self._told_records_off = True
            self.toast(self.records_off + ".")

    def toast(self, message: str) -> None:
        """A short non-fatal message at the top of the screen (the same message
        again restarts its time rather than stacking a copy under it)."""
        self.toasts = [t for t in self.toasts if t[0] != str(message)]
        self.toasts.append([str(message), TOAST_SECONDS])
        del self.toasts[:-3]

    # ------------------------------------------------------------------
    # Scene stack (transitions at the end of the frame)
    # ------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._pending.append(("replace", scene))

    def reset_to(self, scene: Scene) -> None:
        self._pending.append(("reset", scene))

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    @property
    def transitions_pending(self) -> bool:
        """A push, pop, replace or reset asked for and not yet applied (they apply at a frame's end)."""
        return bool(self._pending)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def apply_transitions(self) -> None:
        while self._pending:
            op, scene = self._pending.pop(0)
            if op == "push":
                if self.stack:
                    self.stack[-1].pause()
                assert scene is not None, "push, replace and reset carry a scene"
                self.stack.append(scene)
                scene.enter()
            elif op == "pop":
                self._below = None   # a screen over the pause closed (Settings may change the look): drawn anew
                if self.stack:
                    self.stack.pop().exit()
                if self.stack:
                    self.stack[-1].resume()
            elif op == "replace":
                if self.stack:
                    self.stack.pop().exit()
                assert scene is not None, "push, replace and reset carry a scene"
                self.stack.append(scene)
                scene.enter()
            elif op == "reset":
                while self.stack:
                    self.stack.pop().exit()
                assert scene is not None, "push, replace and reset carry a scene"
                self.stack.append(scene)
                scene.enter()
        if not self.stack:
            self.running = False

    # ------------------------------------------------------------------
    # The loop
    # ------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one raw event: window events here, the rest to the top scene."""
        if not self.contain_errors:
            self._dispatch(event)
            return
        try:
            self._dispatch(event)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            self.recover(exc)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = getattr(event, "size", None) or (getattr(event, "x", 0), getattr(event, "y", 0))
            self._fit_view(size)
            if not self.settings.fullscreen and size[0] >= 200 and size[1] >= 200:
                # kept for the next start and for leaving full screen (F11) now
                self._window_size = self.settings.window_size = (int(size[0]), int(size[1]))
            return
        if event.type == pygame.AUDIODEVICEADDED:
            self.sounds.retry()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in MOUSE_EVENTS and hasattr(event, "pos"):
            pos = self.mouse_to_canvas(event)
            if pos is None:
                return   # no canvas on screen: nothing to aim at
            attrs = dict(event.dict)
            attrs["pos"] = pos
            event = pygame.event.Event(event.type, attrs)
        if self._pending and self.input.press_behind_a_change(event):
            return   # a press in the frame an earlier press changed the screen: aimed at the old one (ui/intent.py)
        top = self.top
        moment = top.press_moment() if top is not None and event.type == pygame.MOUSEBUTTONDOWN else None
        if self.input.second_press(event, top, moment):
            return   # the second press of a double-click or doubled key that changed the screen (ui/intent.py)
        event = self.input.stamp(event)
        if self.stack:
            self.stack[-1].handle_event(event)

    def step(self, frame_dt: float, accumulator: float) -> float:
        """One frame of simulation: fixed steps, update, draw; returns the
        leftover accumulator.  An unexpected error in a scene is contained
        (``recover``) when ``contain_errors`` is on."""
        if not self.contain_errors:
            return self._step(frame_dt, accumulator)
        try:
            return self._step(frame_dt, accumulator)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            self.recover(exc)
            self.frame += 1
            return 0.0

    def _step(self, frame_dt: float, accumulator: float) -> float:
        self.input.advance(frame_dt)
        self.in_frame = True
        try:
            return self._frame(frame_dt, accumulator)
        finally:
            self.in_frame = False

    def _frame(self, frame_dt: float, accumulator: float) -> float:
        started = time.thread_time()
        self.canvas = self._canvas_for_frame()
        accumulator += frame_dt
        steps = 0
        while accumulator >= FIXED_DT and steps < MAX_CATCH_UP:
            if self.stack:
                self.stack[-1].fixed_update(FIXED_DT)
            accumulator -= FIXED_DT
            steps += 1
        if steps == MAX_CATCH_UP:
            accumulator = min(accumulator, FIXED_DT)
        if self.stack:
            self.stack[-1].update(frame_dt)
        for toast in self.toasts:
            toast[1] -= frame_dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.draw(accumulator / FIXED_DT)
        self.apply_transitions()
        self.frame += 1
        self.memory.after_frame((time.thread_time() - started) * 1000.0)
        return accumulator

    def _drawn_from(self) -> tuple[int, int | None]:
        """The index of the lowest scene drawn (the top one and the scenes
        under its overlays), and of the lowest ``still_below`` overlay above
        it (the scenes under it are drawn from a still), or None."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        first = max(first, 0)
        still = next((i for i in range(first + 1, len(self.stack)) if self.stack[i].still_below), None)
        return first, still

    def draw(self, alpha: float) -> None:
        """Draw the top scene and, for overlays, the scenes below it; under a
        ``still_below`` overlay (the pause menu) from the still drawn once."""
        first, still = self._drawn_from()
        if still is not None:
            kept = self._below
            if kept is None or kept[0] is not self.stack[still] or kept[1].get_size() != self.canvas.get_size():
                self.canvas.fill((0, 0, 0))
                for scene in self.stack[first:still]:
                    scene.draw(self.canvas, alpha)
                self.stack[still].draw_into_still(self.canvas)
                kept = self._below = (self.stack[still], self.canvas.copy())
            self.canvas.blit(kept[1], (0, 0))
            first = still
        else:
            self._below = None
            if not (self.stack and self.stack[first].paints_every_pixel):
                self.canvas.fill((0, 0, 0))
        CONTROLS.start()
        try:
            for i, scene in enumerate(self.stack[first:], first):
                CONTROLS.drawing(scene)
                if i == still:
                    scene.draw_over_still(self.canvas, alpha)
                else:
                    scene.draw(self.canvas, alpha)
        finally:
            CONTROLS.finish()
        self._draw_toasts()

    def _draw_toasts(self) -> None:
        from .ui import theme as th
        y = 14
        for message, left in self.toasts:
            labels = [self.theme.text(line, 18, th.CREAM) for line in self._toast_lines(message)]
            box = pygame.Rect(0, y, max(s.get_width() for s in labels) + 32,
                              sum(s.get_height() for s in labels) + 16)
            box.centerx = CANVAS_SIZE[0] // 2
            th.panel(self.canvas, box, fill=th.WOOD_DARK, border=th.BRASS, radius=10, width=2)
            alpha = int(255 * min(1.0, left / 0.4))
            line_top = box.top + 8
            for label in labels:
                th.blit_text(self.canvas, th.faded(label, alpha), (box.centerx, line_top), "midtop")
                line_top += label.get_height()
            y = box.bottom + 6

    def _toast_lines(self, message: str) -> list[str]:
        """``message`` wrapped to ``TOAST_WIDTH`` in at most ``TOAST_LINES``
        lines (kept per message: a toast is drawn every frame for seconds)."""
        from .ui import theme as th
        cached = self._toast_wrap.get(message)
        if cached is not None:
            return cached
        font = self.theme.font(18)
        lines = th.wrap_text(font, message[:1000], TOAST_WIDTH)
        if len(lines) > TOAST_LINES:
            lines = lines[:TOAST_LINES - 1] + [th.fit_words(font, " ".join(lines[TOAST_LINES - 1:]), TOAST_WIDTH)]
        if len(self._toast_wrap) > 16:
            self._toast_wrap.clear()
        self._toast_wrap[message] = lines
        return lines

    # --- resting when idle -------------------------------------------------
    def is_idle(self) -> bool:
        """Every drawn scene idle, nothing pending, no toast showing."""
        if self.toasts or self._pending or not self.stack:
            return False
        first, still = self._drawn_from()
        return all(scene.is_idle() for scene in self.stack[first if still is None else still:])

    def note_frame(self) -> None:
        """After a frame: count it quiet if the scenes are idle and the canvas
        came out the same as the last one (so a scene that claims idle while
        something still moves keeps being drawn)."""
        if not self.is_idle():
            self.quiet_frames = 0
            self._frame_pixels.forget()
            return
        if self._frame_pixels.same_as_last(self.canvas):
            self.quiet_frames += 1
        else:
            self.quiet_frames = 0

    @property
    def resting(self) -> bool:
        needed = getattr(self.top, "quiet_frames_to_rest", None) if self.stack else None
        return self.quiet_frames >= (QUIET_FRAMES if needed is None else needed)

    def _rest(self) -> list:
        """Sleep until input arrives (checked once a frame time: a frame's
        latency, about 1% of a core) or ``REST_WAKE_MS`` passed.  Not
        ``pygame.event.wait``: in pygame-ce it polls every millisecond, which
        costs 2-3% of a core by itself.

        The nap is no game time (nothing on screen moves on by it) but it is
        input time: the player saw the screen all along, so an ``IntentGate``
        waiting its half second (the results' buttons back from the coach)
        counts the nap.  Without it a resting screen's gate took a minute of
        wall time to open, and every click meanwhile made it wait again."""
        start = now = time.perf_counter()
        deadline = start + REST_WAKE_MS / 1000.0
        try:
            while True:
                self.wake.wait(1.0 / FRAME_CAP)   # a frame time, or less when a phone's move arrives
                events = pygame.event.get()
                now = time.perf_counter()
                if self.wake.is_set():
                    self.wake.clear()
                    self.quiet_frames = 0   # something arrived off the event queue: draw again
                    return events
                if events or now >= deadline or not self.running:
                    return events
        finally:
            self.input.advance(now - start)

    # ------------------------------------------------------------------
    # The last line of defence
    # ------------------------------------------------------------------
    def recover(self, exc: BaseException) -> None:
        """An unexpected error in a scene: save the game in play, write a
        crash report to the data folder, and show the apology screen (never a
        traceback).  A second error on the apology screen itself ends the
        game with a one-line message instead of looping."""
        self.crashes += 1
        table = self._table_in_play()
        saved = self._save_for_crash(table)
        report = userfiles.write_crash_report(self._crash_report(exc, table, saved))
        where = str(report) if report else "nowhere (the data folder is not writable)"
        print(f"dice-tavern: an unexpected error was caught ({type(exc).__name__}); report: {where}",
              file=sys.stderr)
        from .scenes.crash import CrashScene
        if isinstance(self.top, CrashScene) or self.crashes > 20:
            self.quit(1)
            return
        self._pending.clear()
        for scene in reversed(self.stack):
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - leaving a broken scene must not stop the rescue
                pass
        self.stack = []
        message = None
        if saved == "autosave":
            message = "Your game was saved: choose Continue on the title screen to play on."
        elif saved == "replay":
            message = "Your finished game was saved with the replays."
        elif saved == "failed":
            message = "Sorry: the game in progress could not be saved."
        crash = CrashScene(self, saved=message, report=str(report) if report else None)
        self.stack.append(crash)
        crash.enter()

    def _table_in_play(self):
        """The top-most table scene with a live (not replayed) match, if any."""
        for scene in reversed(self.stack):
            match = getattr(scene, "match", None)
            if match is not None and getattr(scene, "replay", None) is None and hasattr(match, "to_record"):
                return scene
        return None

    @staticmethod
    def _save_for_crash(table) -> str | None:
        if table is None:
            return None
        try:
            table.app.autosave.save(table.match)
            table.app.autosave.flush()  # on disk now: the next thing may be a kill
        except Exception:  # noqa: BLE001
            return "failed"
        return "replay" if table.match.is_over else "autosave"

    def _crash_report(self, exc: BaseException, table, saved: str | None) -> str:
        from .version import crash_report_header
        lines = [
            "Dice Tavern crash report",
            f"time: {time.strftime('%Y-%m-%d %H:%M:%S')}",
            crash_report_header(),   # version, build, python, platform, pygame-ce, pymunk
            f"screens: {' > '.join(type(s).__name__ for s in self.stack)}",
            f"game saved: {saved or 'no game in progress'}",
        ]
        if table is not None:
            match = table.match
            try:
                lines += [f"game: {match.game_id}", f"seed: {match.seed}",
                          f"options: {dict(match.options)!r}",
                          f"seats: {[(s.kind, s.level) for s in match.seats]!r}",
                          f"actions so far: {len(match.history)}", "last actions:"]
                lines += [f"  {i}: player {p}: {a.to_json()!r}" for i, (p, a) in
                          enumerate(match.history[-50:], start=max(0, len(match.history) - 50) + 1)]
            except Exception as inner:  # noqa: BLE001
                lines.append(f"(the match could not be described: {inner!r})")
        lines += ["", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
        return "\n".join(lines)

    def settle_memory(self) -> None:
        """Collect once, move everything alive now (modules, fonts, the first
        screen) out of the collector's sight (``gc.freeze``) and let the loop
        own collection from here (``game/memory.py``): young collections after
        frames, the full one when the loop rests, so no 8-48 ms full collection
        lands in the middle of a table frame."""
        self.memory.start()

    def run(self, first: Scene) -> int:
        """The real loop (windowed)."""
        self.reset_to(first)
        try:
            self.apply_transitions()
        except Exception as exc:  # noqa: BLE001 - the first screen failed to open
            if not self.contain_errors:
                raise
            self.recover(exc)
        self.settle_memory()
        clock = pygame.time.Clock()
        from .ui.drawn_controls import ControlsFile
        controls_file = os.environ.get("DICE_TAVERN_CONTROLS_FILE")
        shown = ControlsFile(controls_file) if controls_file else None
        last = time.perf_counter()
        accumulator = 0.0
        while self.running:
            was_resting = self.resting
            if was_resting:
                self.memory.quiet()   # nothing moves: the full collection, if one is due
                events = self._rest()
                last = time.perf_counter() - 1.0 / FRAME_CAP  # the nap is not game time
                if events:
                    self.quiet_frames = 0
            else:
                events = pygame.event.get()
            for event in events:
                self.dispatch(event)
            now = time.perf_counter()
            frame_dt = min(now - last, 0.25)
            last = now
            accumulator = self.step(frame_dt, accumulator)
            if shown is not None:
                shown.after_frame(self.top)
            self.note_frame()
            if not (was_resting and not events and self.resting):
                self._present()  # a check frame that came out the same is not shown again
            if self.frame == 1 and os.environ.get("DICE_TAVERN_FIRST_FRAME_EXIT"):
                # start-up probe for `bench --only startup`: first frame is on screen
                print("first-frame", flush=True)
                self.quit(0)
            clock.tick(FRAME_CAP)
        try:
            self.shutdown()
        except Exception as exc:  # noqa: BLE001 - quitting must not show a traceback
            print(f"dice-tavern: error while quitting: {type(exc).__name__}: {exc}", file=sys.stderr)
        return self.exit_code

    # --- headless driving (tests, shots) -------------------------------
    def start(self, scene: Scene) -> None:
        self.reset_to(scene)
        self.apply_transitions()

    def feed(self, *events: pygame.event.Event) -> None:
        """Dispatch synthetic events (mouse positions in *window* pixels)."""
        for event in events:
            self.dispatch(event)

    def run_frames(self, count: int, frame_dt: float = 1 / 60,
                   until: Callable[["App"], bool] | None = None) -> int:
        """Advance ``count`` frames of simulated time; stop early when
        ``until(app)`` is true.  Returns the frames run."""
        accumulator = 0.0
        for i in range(count):
            if until is not None and until(self):
                return i
            accumulator = self.step(frame_dt, accumulator)
        return count

    def shutdown(self) -> None:
        self.memory.stop()   # automatic collection back for whatever runs after the app
        # only when something changed (e.g. the window size): an unchanged
        # file is not rewritten, which keeps quitting quick; never by a read-only copy
        if not self.read_only and self.settings.to_json() != self._saved_settings:
            try:
                userfiles.save_settings(self.settings)
            except userfiles.UserFileError:
                pass
        while self.stack:
            self.stack.pop().exit()
        from .core.finished import wait_all
        wait_all()   # a finished game's records on disk before the process ends
        self.table_lock.release()
        self.sounds.close()


def run(fullscreen: bool | None = None, replay_file: str | None = None) -> int:
    """Start the game (or the replay viewer for ``replay_file``); an error
    before the loop can contain it ends with one line and a report."""
    try:
        app = App(fullscreen=fullscreen)
    except Exception as exc:  # noqa: BLE001 - e.g. no display: one line, never a traceback
        report = userfiles.write_crash_report(
            "Dice Tavern crash report (start-up)\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        print(f"dice-tavern: could not start: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
              + (f" (report: {report})" if report else ""), file=sys.stderr)
        pygame.quit()
        return 1
    from .scenes.title import TitleScene
    first: Scene = TitleScene(app)
    if replay_file is not None:
        from .scenes.replay import open_replay
        scene, error = open_replay(app, replay_file)
        if scene is None:
            print(f"dice-tavern: cannot play replay: {error}", file=sys.stderr)
            pygame.quit()
            return 1
        first = scene
    try:
        return app.run(first)
    except Exception as exc:  # noqa: BLE001 - even the rescue failed: one line and a report
        report = userfiles.write_crash_report(
            "Dice Tavern crash report (the rescue itself failed)\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        print(f"dice-tavern: stopped after an unexpected error ({type(exc).__name__})"
              + (f"; report: {report}" if report else ""), file=sys.stderr)
        return 1
    finally:
        pygame.quit()
