"""What a person can click on screen, as it was drawn this frame.

Every clickable control notes itself here while it is drawn (``note``): its
label, its rectangle as drawn and whether it is enabled.  The app records only
inside its own frame drawing (``App.draw``) and keeps the last frame's list,
each control with the screen that drew it, so the real-input tests
(tests/realinput.py) and the widget census find a button where a person
would see it, never through a scene's internals.  The cost while playing is a
list append per drawn control.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from . import layout_record


@dataclass(frozen=True)
class DrawnControl:
    label: str
    rect: pygame.Rect
    enabled: bool
    scene: Any
    """The screen that drew it (only the top screen takes input)."""
    kind: str = "button"


class DrawnControls:
    """The frame's record (see the module docstring)."""

    def __init__(self) -> None:
        self.recording = False
        self.scene: Any = None
        self._frame: list[DrawnControl] = []
        self.last: list[DrawnControl] = []
        """The controls of the last drawn frame, in drawing order."""

    def start(self) -> None:
        self.recording = True
        self._frame = []

    def drawing(self, scene: Any) -> None:
        """The next controls noted belong to ``scene``."""
        self.scene = scene

    def finish(self) -> None:
        self.recording = False
        self.last, self._frame = self._frame, []
        self.scene = None

    def enabled_count(self) -> int:
        """How many enabled controls this frame has noted so far: a screen
        compares two counts to learn whether a part of its drawing held any
        (``TableScene._draw_table``: the person's buttons are up)."""
        return sum(c.enabled for c in self._frame)

    def note(self, label: str, rect, enabled: bool = True, kind: str = "button") -> None:
        if self.recording:
            self._frame.append(DrawnControl(str(label), pygame.Rect(rect), bool(enabled), self.scene, kind))


class ControlsFile:
    """Writes the top screen's drawn controls to a JSON file whenever they
    change (``DICE_TAVERN_CONTROLS_FILE``): a walkthrough driving the real
    window from outside (xdotool under Xvfb) clicks what was drawn."""

    def __init__(self, path: str):
        self.path = path
        self._last: object = None

    def after_frame(self, top: Any) -> None:
        import json
        rows = [{"label": c.label, "rect": list(c.rect), "enabled": c.enabled, "kind": c.kind}
                for c in CONTROLS.last if c.scene is top]
        key = (getattr(top, "name", None), json.dumps(rows), json.dumps(_lesson_step(top)))
        if key == self._last:
            return
        self._last = key
        try:
            with open(self.path + ".tmp", "w", encoding="utf-8") as out:
                json.dump({"screen": key[0], "controls": rows, "lesson": _lesson_step(top)}, out)
            import os
            os.replace(self.path + ".tmp", self.path)
        except OSError:
            pass   # a walkthrough aid: never a reason to stop the game


def _lesson_step(top: Any) -> dict | None:
    """A lesson's place on screen (which step of how many, its title, shown
    or not yet, done), so a walkthrough can say what it clicked where."""
    coach: Any = getattr(top, "tutorial", None)
    lesson = getattr(coach, "tutorial", None)
    if lesson is None:
        return None
    step = coach.visible_step()
    return {"step": lesson.step_index + 1, "of": len(lesson.steps), "done": bool(lesson.done),
            "shown": step is not None, "title": step.title if step is not None else None,
            "note": bool(step is not None and step.is_note)}


CONTROLS = DrawnControls()
"""The one record (drawing code has no app at hand; the app starts and finishes each frame)."""


def note(label: str, rect, enabled: bool = True, kind: str = "button") -> None:
    """Say that a clickable control was drawn (see the module docstring); the
    layout check records it too (``layout_record.note_control``)."""
    CONTROLS.note(label, rect, enabled, kind)
    layout_record.note_control(rect, str(label))
