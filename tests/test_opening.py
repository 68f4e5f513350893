"""Issue 41: opening a table cost 145-230 ms of CPU in one frame (imports,
dice sprites, the opening throw, the first drawing).  Start now shows a
hand-over (scenes/opening.py): the screen left behind dims while the table
is built a few small steps a frame; the table then opens with nothing left
to build.  Counted in steps and frames, never timed."""
from __future__ import annotations

import pygame

from game.core.match import Seat
from game.scenes.setup import SetupScene


def _press_start(app, setup) -> None:
    start = next(w for w in setup.ui.widgets if getattr(w, "text", "") == "Start")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start.rect.center, button=1))
    app.run_frames(1)


def _setup_with_ais(app, seats: int) -> SetupScene:
    setup = SetupScene(app, "liars-dice", offer_tutorial=False)
    app.start(setup)
    app.run_frames(1)
    setup.set_seat_count(seats)
    for index in range(seats):
        setup.set_kind(index, "easy")   # AIs only: no curtain, the table plays on by itself
    app.run_frames(1)
    return setup


def test_start_builds_the_table_behind_a_hand_over_a_few_steps_a_frame(app):
    """The frame of the press builds nothing of the table (the old code
    opened it whole in that frame); the hand-over then runs the table's
    opening steps over several frames, every one of them before the table
    is on top, so the table's own first frame finds nothing left to build."""
    setup = _setup_with_ais(app, 6)
    _press_start(app, setup)
    assert app.top.name == "opening"
    opening = app.top
    table = opening.table
    assert table._renderer is None and table.still.picture is None   # nothing built in the press's frame
    per_frame: list[int] = []
    while app.top is opening and len(per_frame) < 2000:
        before = opening.steps_run
        app.run_frames(1)
        per_frame.append(opening.steps_run - before)
    assert app.top is table
    assert table.opening_step() is None               # all run by the hand-over...
    assert table._renderer is not None and table.still.picture is not None
    busy = [n for n in per_frame if n]
    assert len(busy) >= 3 and max(busy) < sum(busy)   # ...spread over frames, never all in one


def test_the_hand_over_shows_the_screen_left_behind_never_the_table(app):
    """The opening steps draw the table (its labels, its still layer) on
    the canvas; the hand-over's own drawing covers all of it, so what is
    shown while it runs is the setup screen, dimmed."""
    setup = _setup_with_ais(app, 4)
    left_behind = app.canvas.copy()
    _press_start(app, setup)
    opening = app.top
    while app.top is opening:
        app.run_frames(1)
        if app.top is opening:
            shown = app.canvas
            x, y = 640, 360
            seen, was = shown.get_at((x, y)), left_behind.get_at((x, y))
            assert all(s <= w for s, w in zip(seen[:3], was[:3]))   # the same picture, darker


def test_a_table_started_directly_still_opens_whole(app):
    """Tests and Continue start a table at once (``app.start``): its
    ``enter`` runs every opening step, waiting for the import thread."""
    from game.core.match import Match
    from game.scenes.launch import make_table
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(3)], {}, 5)
    table = make_table(app, match)
    app.start(table)
    assert table.opening_step() is None and table._renderer is not None
