"""A window that opens on a small screen fits it (qa31, the game in a real
window under Xvfb on an 800x480 screen, a netbook's or a small tablet's: the
1280x720 window showed only its middle, Liar's Dice, Diced Out, Learn to play
and Quit were off the screen, with no edge to grab and drag)."""
from __future__ import annotations

import pygame
import pytest

from game import app as app_module


@pytest.mark.parametrize("screen", [(800, 480), (1024, 600), (1366, 768)])
def test_the_window_opens_inside_a_small_screen_with_the_tables_shape(app, monkeypatch, screen):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [screen])
    app.headless = False   # a player's window: the one opened for a screen (headless keeps its size)
    app.settings.window_size = app._window_size = (1280, 720)
    window = app._open_window()
    w, h = window.get_size()
    assert w <= screen[0] and h <= screen[1], (w, h)
    assert abs(w / h - 16 / 9) < 0.01
    assert min(app._view.size) > 0


def test_a_screen_with_room_gets_the_saved_size_and_an_unknown_screen_too():
    assert app_module.fit_to_screen((1280, 720), (1920, 1080)) == (1280, 720)
    assert app_module.fit_to_screen((1000, 700), None) == (1000, 700)
    assert app_module.fit_to_screen((1280, 720), (0, 0)) == (1280, 720)
