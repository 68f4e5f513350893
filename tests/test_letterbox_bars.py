"""The black bars beside a letterboxed canvas are not the canvas (issue 39).

A window resized off 16:9 shows the 1280x720 canvas with bars beside it.  A
click in a bar (a player focusing the window) used to be clamped onto the
canvas's edge: it threw Diced Out's dice at "click or press Space to roll"
and reached the screen as a press on its edge pixel, where a button at the
edge would take it.  Now a press or release there goes nowhere, a move there
hovers nothing, and a press on the canvas lands exactly where it did."""
from __future__ import annotations

import pygame

from game.app import OFF_CANVAS
from game.core.match import Match, Seat
from tests.realinput import Hands
from tests.test_empty_window import Listening, resize

WIDE = (1600, 720)     # bars left and right, 160 px each, the canvas at scale 1
TALL = (1280, 800)     # bars above and below, 40 px each
BAR_POINTS = {WIDE: [(60, 360), (1540, 360), (159, 29), (1440, 29), (0, 719)],
              TALL: [(640, 20), (640, 780), (60, 39), (60, 760), (1279, 0)]}
"""Window pixels in the bars, some right beside the canvas's edge and beside the Log button."""


def press_and_release(app, pos) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_click_in_a_bar_does_not_throw_the_dice(app):
    from game.scenes.launch import make_table
    match = Match("diced-out", [Seat("You")], seed=4)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(240)
    assert match.state.is_chance() and table.waiting_thrower == 0
    before = len(match.history)
    for size, points in BAR_POINTS.items():
        resize(app, size)
        for pos in points:
            press_and_release(app, pos)
            app.run_frames(30)
            assert len(match.history) == before and table.waiting_thrower == 0, f"a click at {pos} in a {size} window threw"
    assert app.top is table, "nothing was pressed (the Log or Menu button beside the bar)"
    Hands(app).click((640, 360))   # the same click on the canvas throws, as before
    app.run_frames(600, until=lambda a: len(match.history) > before)
    assert len(match.history) > before


def test_presses_and_moves_in_a_bar_reach_no_screen(app):
    scene = Listening(app)
    app.start(scene)
    for size, points in BAR_POINTS.items():
        resize(app, size)
        for pos in points:
            press_and_release(app, pos)
    assert all(kind == pygame.MOUSEMOTION for kind, _ in scene.heard), scene.heard
    assert {pos for _, pos in scene.heard} == {OFF_CANVAS}, "a move over a bar lights nothing"
    resize(app, WIDE)
    press_and_release(app, (160, 0))          # the canvas's first pixel
    press_and_release(app, (1439, 719))       # and its last
    assert scene.heard[-6:] == [(kind, pos) for pos in ((0, 0), (1279, 719)) for kind in
                                (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]


def test_a_press_held_on_the_canvas_still_ends_in_a_bar(app):
    """A drag or a Peek let go over a bar ends as before (at the edge), so nothing stays held."""
    scene = Listening(app)
    app.start(scene)
    resize(app, WIDE)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 200), button=1),
             pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 210), rel=(-260, 10), buttons=(1, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(40, 210), button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(40, 210), button=1))
    assert scene.heard == [(pygame.MOUSEBUTTONDOWN, (140, 200)), (pygame.MOUSEMOTION, (0, 210)),
                           (pygame.MOUSEBUTTONUP, (0, 210))], "one release, for the one press"


def test_the_mouse_over_a_bar_lights_nothing(app, monkeypatch):
    resize(app, WIDE)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (60, 29))
    assert app.mouse_pointer() == OFF_CANVAS
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (220, 29))
    assert app.mouse_pointer() == (60, 29)
