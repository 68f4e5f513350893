"""A window reported 0x0 (minimised on some systems, or a resize to nothing)
shows no canvas: a click there has nothing to aim at.  It used to land on the
canvas's corner (0, 0) until the next resize event; now the view is fitted
again to the window's real size, and while that is empty presses and moves
are dropped, and a release comes where the last press landed."""
from __future__ import annotations

import pygame

from game.scenes.base import MenuScene
from tests.realinput import Hands


class Listening(MenuScene):
    """A screen that keeps every mouse event it is given."""

    name = "listening"

    def __init__(self, app):
        super().__init__(app)
        self.heard: list[tuple[int, tuple[int, int]]] = []

    def handle_event(self, event) -> None:
        if hasattr(event, "pos"):
            self.heard.append((event.type, tuple(event.pos)))


def resize(app, size) -> None:
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_a_zero_size_report_does_not_send_clicks_to_the_corner(app):
    scene = Listening(app)
    app.start(scene)
    hands = Hands(app)
    hands.frames(1)
    resize(app, (0, 0))   # the window itself keeps its size: the report was of nothing on screen
    hands.click((640, 360))
    presses = [pos for kind, pos in scene.heard if kind == pygame.MOUSEBUTTONDOWN]
    assert presses and (0, 0) not in presses, scene.heard
    assert all(abs(x - 640) <= 1 and abs(y - 360) <= 1 for x, y in presses), presses


def test_a_window_of_no_size_drops_presses_but_lets_go_of_a_held_one(app):
    scene = Listening(app)
    app.start(scene)
    hands = Hands(app)
    hands.frames(1)
    window = app.window
    hands.down((300, 200))                 # a press held (a Peek) ...
    app.window = pygame.Surface((0, 0))    # ... when the window goes to nothing
    resize(app, (0, 0))
    try:
        hands.move((640, 360))
        hands.up()
        hands.down((640, 360))
        hands.up()
    finally:
        app.window = window
    kinds = [(kind, pos) for kind, pos in scene.heard if kind != pygame.MOUSEMOTION]
    assert kinds[0][0] == pygame.MOUSEBUTTONDOWN and abs(kinds[0][1][0] - 300) <= 1
    assert [k for k, _ in kinds[1:]] == [pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONUP], kinds
    assert all(pos == kinds[0][1] for _, pos in kinds[1:]), "a release where the held press landed, never the corner"
    resize(app, (1280, 720))
    hands.click((640, 360))
    assert scene.heard[-1][0] == pygame.MOUSEBUTTONUP and abs(scene.heard[-1][1][0] - 640) <= 1
