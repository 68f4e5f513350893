"""Leaving full screen gives back the window the player had: its last size,
not the size the game started with (QA s30, a real window under Xvfb: a
window dragged to 1000x700, F11 twice, came back at 1280x720; the size was
saved for the next start but not used on the way back)."""
from __future__ import annotations

import pygame

from tests.realinput import Hands


def _resize(app, size) -> None:
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def _f11(app) -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0))


def test_full_screen_and_back_keeps_the_size_the_player_gave_the_window(app):
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    hands = Hands(app)
    hands.frames(1)
    _resize(app, (1000, 700))
    _f11(app)
    assert app.settings.fullscreen is True
    _f11(app)
    assert app.settings.fullscreen is False
    assert app.window.get_size() == (1000, 700)
    assert app.settings.window_size == (1000, 700)
