"""The scene base class: one screen (or overlay) on the app's scene stack.

The app owns a stack of scenes.  Only the top scene receives events and
updates; an ``overlay`` scene (pause menu, curtain) lets the scene below be
drawn first.  Transitions requested with ``app.push/pop/replace/reset_to``
are queued and applied at the end of the frame, so a scene never vanishes
in the middle of its own event handler.

Lifecycle, in order::

    enter()            pushed (or revealed by replace/reset_to)
    pause()/resume()   another scene was pushed on top / popped off again
    handle_event(e)    one pygame event; mouse events carry canvas coords in e.pos
    fixed_update(dt)   at a fixed 120 Hz (physics, AI delays), maybe several per frame
    update(dt)         once per frame with the real frame time (animations)
    draw(canvas, a)    canvas: the 1280x720 logical Surface; a: interpolation 0..1
    exit()             removed from the stack

Scenes read ``event.pos`` / ``event.key``, never global input state, so tests
can drive them with synthetic events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..canvas import CANVAS_SIZE as CANVAS_SIZE  # re-exported for the app and shots

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from .services import AppServices

FIXED_DT = 1.0 / 120.0


class Scene:
    """Base of every screen.  Subclasses override the hooks they need."""

    overlay: bool = False
    """True: the scene below is drawn first (pause menu, curtain, dialogs)."""

    still_below: bool = False
    """With ``overlay``: the scenes below are drawn once into a still kept by
    the app (``App.draw``), not every frame: nothing moves under the pause
    menu (only the top scene updates), so the menu alone redraws and the
    loop can rest whatever the table below was doing."""
    paints_every_pixel: bool = False
    """Its ``draw`` covers the whole canvas with opaque pixels (a table: its
    still picture or background first), so the app does not clear the canvas
    under it (a full-canvas fill, about 0.3 ms of every table frame)."""
    quiet_frames_to_rest: int | None = None
    """Identical idle frames before the loop rests on this scene (None: the
    app's ``QUIET_FRAMES``, a third of a second).  A scene that changes only
    on input may rest sooner: the pause menu drew 20 frames first, most of
    its cost over a short pause."""

    name: str = "scene"
    """Short id for logs, shots and tests."""

    def __init__(self, app: AppServices):
        self.app = app

    # --- lifecycle ------------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""

    # --- per frame ------------------------------------------------------
    def handle_event(self, event: "pygame.event.Event") -> None:
        """One input event; mouse positions are already in canvas pixels."""

    def fixed_update(self, dt: float) -> None:
        """Deterministic step at 120 Hz (dt = 1/120)."""

    def update(self, dt: float) -> None:
        """Once per frame with the real elapsed time (clamped)."""

    def press_moment(self) -> object:
        """What a click here can change short of the screen, so that a
        double-click's second click outliving it is dropped
        (``InputClock.second_press``); None: only the screen itself."""
        return None

    def draw(self, canvas: "pygame.Surface", alpha: float) -> None:
        """Draw onto the 1280x720 canvas; ``alpha`` interpolates fixed steps."""

    def draw_into_still(self, canvas: "pygame.Surface") -> None:
        """With ``still_below``: what this scene draws that never changes while
        it is open (the pause's dimming, board and heading), drawn once into
        the app's still over the scenes below; ``draw_over_still`` the rest."""

    def draw_over_still(self, canvas: "pygame.Surface", alpha: float) -> None:
        """With ``still_below``, each frame over the still: all but what
        ``draw_into_still`` put there (default: the whole ``draw``)."""
        self.draw(canvas, alpha)

    def is_idle(self) -> bool:
        """True when nothing on this scene changes until input arrives, so the
        app may stop drawing and sleep (see ``App.run``; it also checks that
        frames really stay the same).  Default: drawn every frame."""
        return False

    # --- helpers ----------------------------------------------------------
    @property
    def is_top(self) -> bool:
        """On top and staying there: while a push, pop, replace or reset waits
        for the frame's end this scene is on its way under or out, and what it
        would start now (a table taking the hand-over's place after a reset to
        the title) would land on the wrong screen."""
        stack = self.app.stack
        return bool(stack) and stack[-1] is self and not self.app.transitions_pending
