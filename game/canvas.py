"""The logical canvas every screen draws on: the one source of its size.

Scenes draw on a 1280x720 surface that the app scales to the window, so
layout code works in these fixed coordinates.  Physics (throw zones), the
settings file (the default window) and the ui layer all read it from here;
pure, so every layer may import it."""
from __future__ import annotations

CANVAS_W, CANVAS_H = 1280, 720
CANVAS_SIZE = (CANVAS_W, CANVAS_H)
CENTRE_X = CANVAS_W // 2
"""The horizontal middle: where centred titles, prompts and button rows sit."""
