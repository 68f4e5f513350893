"""Real hands: drive the app only through the events a person produces.

``Hands(app)`` moves the mouse, presses and releases buttons at the centre of
a control *as it was drawn* (the app's record of the last frame,
game/ui/drawn_controls.py), presses, holds and releases keys (a held key may
repeat), types text, and sends several inputs inside one frame.  Time is the
app's own: every frame advances it by ``frame_dt`` (the injected clock of
game/ui/intent.py), so nothing here depends on the wall clock or on the
scheduler.  Events go through ``app.feed`` exactly as the real loop
dispatches them (window pixels, mapped to the canvas by the app).

Nothing here calls a scene's methods or reads its widgets: a test finds a
button by its label on screen, as a person does.
"""
from __future__ import annotations

from typing import Iterable

import pygame

from game.ui.drawn_controls import CONTROLS, DrawnControl

FRAME = 1 / 60
CLICK_HOLD = 0.08
"""Seconds a button is held down in an ordinary click."""
DOUBLE_CLICK_GAP = 0.15


class NotOnScreen(AssertionError):
    """The control a test looked for was not drawn on the top screen."""


class Hands:
    """A person at the app (see the module docstring)."""

    def __init__(self, app, frame_dt: float = FRAME):
        self.app = app
        self.frame_dt = frame_dt
        self.keys_down: set[int] = set()
        self.mouse = (0, 0)
        self.buttons_down: set[int] = set()
        self._accumulator = 0.0

    # --- time ---------------------------------------------------------------
    @property
    def now(self) -> float:
        return self.app.input.now

    def frames(self, count: int = 1, *, repeat_held: bool = False) -> None:
        """Let ``count`` frames pass (every screen updates and is drawn);
        ``repeat_held``: each held key repeats once a frame meanwhile."""
        for _ in range(count):
            if repeat_held:
                for k in sorted(self.keys_down):
                    self._send(self._key_event(pygame.KEYDOWN, k))
            self._accumulator = self.app.step(self.frame_dt, self._accumulator)

    def wait(self, seconds: float, *, repeat_held: bool = False) -> None:
        """Let ``seconds`` of app time pass, a frame at a time."""
        self.frames(max(1, round(seconds / self.frame_dt)), repeat_held=repeat_held)

    def until(self, done, seconds: float = 30.0, *, step=None) -> bool:
        """Frames until ``done(app)`` (``step(hands)`` after each, e.g. to pass
        curtains); False if ``seconds`` of app time passed first."""
        end = self.now + seconds
        while self.now < end:
            if done(self.app):
                return True
            self.frames(1)
            if step is not None:
                step(self)
        return bool(done(self.app))

    # --- what is on screen ------------------------------------------------------
    @property
    def top(self):
        return self.app.top

    def controls(self, *, enabled_only: bool = False) -> list[DrawnControl]:
        """The controls the top screen drew in the last frame (the only screen taking input)."""
        top = self.app.top
        return [c for c in CONTROLS.last if c.scene is top and (c.enabled or not enabled_only)]

    def labels(self, *, enabled_only: bool = False) -> list[str]:
        return [c.label for c in self.controls(enabled_only=enabled_only)]

    def find(self, label: str, *, exact: bool = False, enabled: bool | None = True) -> DrawnControl:
        """The drawn control whose label is ``label`` (or starts with it); the
        frame is drawn first if nothing was drawn yet."""
        for attempt in range(2):
            for c in self.controls():
                if (c.label == label or (not exact and c.label.lower().startswith(label.lower()))) \
                        and (enabled is None or c.enabled == enabled):
                    return c
            if attempt == 0:
                self.frames(1)
        raise NotOnScreen(f"{label!r} is not on {getattr(self.app.top, 'name', None)!r}; drawn: {self.labels()}")

    def has(self, label: str, *, enabled: bool | None = True) -> bool:
        try:
            self.find(label, enabled=enabled)
        except NotOnScreen:
            return False
        return True

    # --- the mouse ----------------------------------------------------------------
    def to_window(self, pos) -> tuple[int, int]:
        """Canvas pixel -> window pixel (the app maps it back)."""
        view = self.app._view
        from game.ui.scene import CANVAS_SIZE
        return (int(view.x + (pos[0] + 0.5) * view.w / CANVAS_SIZE[0]),
                int(view.y + (pos[1] + 0.5) * view.h / CANVAS_SIZE[1]))

    def move(self, pos) -> None:
        old, self.mouse = self.mouse, self.to_window(pos)
        self._send(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse,
                                      rel=(self.mouse[0] - old[0], self.mouse[1] - old[1]),
                                      buttons=(int(1 in self.buttons_down), 0, 0)))

    def down(self, pos=None, button: int = 1) -> None:
        if pos is not None:
            self.move(pos)
        self.buttons_down.add(button)
        self._send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.mouse, button=button))

    def up(self, button: int = 1) -> None:
        self.buttons_down.discard(button)
        self._send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.mouse, button=button))

    def target(self, what) -> tuple[int, int]:
        """A label (found as drawn), a drawn control, a rect or a point -> a canvas point."""
        if isinstance(what, str):
            what = self.find(what)
        if isinstance(what, DrawnControl):
            return what.rect.center
        if isinstance(what, pygame.Rect):
            return what.center
        return (int(what[0]), int(what[1]))

    def click(self, what, *, hold: float = CLICK_HOLD, button: int = 1) -> None:
        """Move there, press, hold a moment (frames pass), release."""
        pos = self.target(what)
        self.move(pos)
        self.frames(1)
        self.down(pos, button)
        self.wait(hold)
        self.up(button)
        self.frames(1)

    def double_click(self, what, *, gap: float = DOUBLE_CLICK_GAP) -> None:
        """Two clicks ``gap`` seconds apart at the same spot (found once)."""
        pos = self.target(what)
        self.move(pos)
        self.down(pos)
        self.frames(1)
        self.up()
        self.wait(gap)
        self.down(pos)
        self.frames(1)
        self.up()
        self.frames(1)

    def click_mash(self, what, clicks: int, *, every: float) -> None:
        """``clicks`` clicks at one spot (found once, as drawn), their presses
        ``every`` seconds apart: an impatient hand that does not look."""
        pos = self.target(what)
        self.move(pos)
        for i in range(clicks):
            if i:
                self.wait(every - self.frame_dt)
            self.down(pos)
            self.frames(1)
            self.up()

    def hold_button(self, what) -> None:
        """Press the mouse on ``what`` and keep it down (``up()`` lets go)."""
        self.down(self.target(what))

    # --- keys -------------------------------------------------------------------------
    @staticmethod
    def _key_event(kind: int, key: int, mod: int = 0) -> pygame.event.Event:
        name = pygame.key.name(key)
        return pygame.event.Event(kind, key=key, mod=mod, unicode=name if len(name) == 1 else "",
                                  scancode=0)

    def key_down(self, key: int, mod: int = 0) -> None:
        self.keys_down.add(key)
        self._send(self._key_event(pygame.KEYDOWN, key, mod))

    def key_up(self, key: int, mod: int = 0) -> None:
        self.keys_down.discard(key)
        self._send(self._key_event(pygame.KEYUP, key, mod))

    def press(self, key: int, *, hold: float = CLICK_HOLD, mod: int = 0) -> None:
        """Press and release a key, holding it ``hold`` seconds (frames pass)."""
        self.key_down(key, mod)
        self.wait(hold)
        self.key_up(key, mod)
        self.frames(1)

    def tap(self, *keys: int) -> None:
        """Each key down and up inside one frame (a quick, impatient hand)."""
        for k in keys:
            self.key_down(k)
            self.key_up(k)

    def mash(self, key: int, seconds: float, *, every: float = 0.15) -> None:
        """Press ``key`` again and again, ``every`` seconds, for ``seconds``."""
        end = self.now + seconds
        while self.now < end:
            self.key_down(key)
            self.frames(1)
            self.key_up(key)
            self.wait(every)

    def type(self, text: str) -> None:
        self._send(pygame.event.Event(pygame.TEXTINPUT, text=text))

    def same_frame(self, events: Iterable[pygame.event.Event]) -> None:
        """Several inputs dispatched before one frame, as the loop does."""
        for event in events:
            self._send(event)
        self.frames(1)

    def release_all(self) -> None:
        for k in sorted(self.keys_down):
            self.key_up(k)
        for b in sorted(self.buttons_down):
            self.up(b)

    def _send(self, event: pygame.event.Event) -> None:
        self.app.feed(event)

    # --- people's habits ----------------------------------------------------------------
    def pass_curtain(self, *, by: str = "key", look: bool = True) -> int | None:
        """A curtain is up: wait until its button lights (as a person waits for
        the screen), then confirm it with Enter or a click; the seat it passed
        to.  ``look``: then look at the table a moment (the app takes the same
        key pressed again at once for the second press of a double press,
        ``InputClock.second_press``)."""
        curtain = self.app.top
        assert curtain is not None and curtain.name == "curtain", getattr(curtain, "name", None)
        seat = getattr(curtain, "seat", None)
        self.until(lambda a: self.has("I am", enabled=True), 5.0)
        if by == "key":
            self.press(pygame.K_RETURN)
        else:
            self.click("I am")
        if look:
            from game.ui.intent import DOUBLE_CLICK_SECONDS
            self.wait(DOUBLE_CLICK_SECONDS)
        return seat
