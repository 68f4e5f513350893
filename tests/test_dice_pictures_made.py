"""Issue 41: a die whose picture is made is drawn by one look-up
(``DiceRenderer.sprite``), not through ``DiceRenderer.draw`` (about 30 us of
Python a die: 120 moving dice at Liar's Dice 20x6 cost 3-4 ms a frame), with
the same pixels and the same secrecy record; and a table makes its seats'
dice pictures in frames where nothing flies (``PictureWarmer``), so a throw
finds them.  Work is counted, nothing is timed."""
from __future__ import annotations

import pygame

from game.core.match import Match, Seat
from game.core.protocol import DieGroup, RollRequest
from game.physics import Throw
from game.physics.layout import seat_zones
from game.ui.dice_render import DiceRenderer, player_colour
from game.ui.throw_view import ThrowView


def _counting(renderer: DiceRenderer) -> list:
    """Count ``renderer.draw`` calls (the owner of each die drawn through it)."""
    drawn: list = []
    real = renderer.draw

    def draw(canvas, pose, **kwargs):
        drawn.append(pose.owner)
        return real(canvas, pose, **kwargs)
    renderer.draw = draw   # type: ignore[method-assign]
    return drawn


def _flight(seed: int) -> tuple[Throw, list]:
    """A 4-seat throw of hidden dice, and every frame's poses from the first frame to rest."""
    request = RollRequest(tuple(DieGroup(seat, "d6", 6, hidden=True) for seat in range(4)))
    throw = Throw(request, seed, seat_zones(4), die_size=28.0)
    frames = []
    while not throw.done:
        throw.step()
        throw.step()
        frames.append(throw.poses(1.0))
    return throw, frames


def test_dice_whose_pictures_are_made_are_not_drawn_through_the_renderer_in_flight():
    throw, frames = _flight(41)
    renderer = DiceRenderer(28, prewarm=False)
    colours = lambda pose: player_colour(pose.owner)   # noqa: E731
    seen = lambda owner: owner == 0   # noqa: E731
    for poses in frames:   # every picture of the flight made, outside any frame's budget
        for pose in poses:
            renderer.draw(pygame.Surface((1, 1)), pose, face_down=pose.owner != 0, colour=colours(pose))
    drawn = _counting(renderer)
    quick = ThrowView(throw, renderer, can_see=seen, colours=colours)
    slow = ThrowView(throw, renderer, can_see=seen, colours=colours)
    slow.keep_pictures = False   # every die through ``draw``, as cb395a1 drew every moving die
    for poses in frames:
        pictures = []
        for view in (quick, slow):
            canvas = pygame.Surface((1280, 720))
            canvas.fill((32, 94, 64))
            renderer.start_record()
            drawn.clear()
            view._draw_poses(canvas, poses)
            pictures.append((pygame.image.tobytes(canvas, "RGB"), sorted((d.owner, d.face_up) for d in renderer.drawn),
                             len(drawn)))
        (quick_pixels, quick_record, through_draw), (slow_pixels, slow_record, _) = pictures
        assert through_draw == 0   # cb395a1 drew every die that moved through ``draw``
        assert quick_pixels == slow_pixels
        assert quick_record == slow_record == sorted((p.owner, p.owner == 0) for p in poses)


def test_a_table_makes_its_seats_dice_pictures_while_it_waits(app):
    """Liar's Dice, 8 seats, a human at seat 0: after the table waited on
    the human a while, a throw of every seat's dice draws none of the AIs'
    (face-down) dice through the renderer; the human's own dice turning
    face-up over an edge may still be made as they fly."""
    from game.scenes.launch import make_table
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, 8)]
    table = make_table(app, Match("liars-dice", seats, seed=3))
    app.start(table)
    acc = 0.0
    for _ in range(3000):
        acc = app.step(1 / 60, acc)
        if app.top is table and table.human_to_act() == 0 and table.throw_view is None:
            break
    assert table.human_to_act() == 0
    for _ in range(600):   # the human thinks (the warmer makes 3,888 pictures, 8 a frame)
        acc = app.step(1 / 60, acc)
    request = RollRequest(tuple(DieGroup(seat, "d6", 5, hidden=True) for seat in range(8)))
    zones = [tuple(pygame.Rect(z)) for z in table.dice_zones(request)]
    throw = Throw(request, 77, zones, die_size=float(table.die_size))
    drawn = _counting(table.renderer)
    view = ThrowView(throw, table.renderer, can_see=table.hot_seat.can_see, colours=table.throw_colour)
    frames = 0
    while not view.done:
        view.fixed_update()
        view.fixed_update()
        view.draw(app.canvas)
        frames += 1
    assert frames > 20
    assert [owner for owner in drawn if owner != 0] == []   # cb395a1: every AI die that moved, each frame
    assert table.picture_warmer.made > 0


def test_the_first_throw_at_twenty_seats_finds_every_flat_picture_made_by_the_opening(app, monkeypatch):
    """Liar's Dice 20 x 6 with a human at seat 0, opened as Start opens it
    (the hand-over, ``open_table``): the first throw comes before any frame
    that waits, so the opening makes what its dice show lying flat (the
    AIs' face-down, the human's faces, each seat's colour, every turn).  No
    die lying flat goes through ``DiceRenderer.draw`` in that throw (6b8c6e8:
    about 100 a frame at first, drawn upright past the frame's budget);
    dice part way over an edge may still be made as they fly, but from faces
    and outlines the opening painted (``turning_parts_steps``); and the frame
    they land in paints no face for the human's tray (the opening did)."""
    from game.scenes.launch import make_table
    from game.scenes.opening import open_table
    app.settings.reduced_motion = False   # throws fly
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, 20)]
    table = make_table(app, Match("liars-dice", seats, {"starting_dice": 6}, seed=1))
    open_table(app, table)
    acc = 0.0
    for _ in range(2000):
        acc = app.step(1 / 60, acc)
        if app.top is table:
            break
    assert app.top is table
    flat: list = []
    real = table.renderer.draw

    def draw(canvas, pose, **kwargs):
        if pose.tilt <= 0.04 or pose.tilt >= 0.96:
            flat.append(pose.owner)
        return real(canvas, pose, **kwargs)
    table.renderer.draw = draw   # type: ignore[method-assign]
    from game.ui import dice_render
    painted: list = []   # faces and outlines the human's dice turning face-up are cut from
    for name in ("paint_face_flat", "_silhouette"):
        real_paint = getattr(dice_render, name)
        monkeypatch.setattr(dice_render, name, lambda *a, _real=real_paint, _name=name, **k:
                            painted.append(_name) or _real(*a, **k))
    real_face = dice_render.paint_face   # a face at the tray's size, painted once the dice have landed
    tray = table.cups.own_die_px(0)
    monkeypatch.setattr(dice_render, "paint_face", lambda *a, **k: (
        painted.append("paint_face") if table.throw_view is None and a[3] == tray else None) or real_face(*a, **k))
    flown = 0
    for _ in range(2000):
        if table.waiting_thrower is not None:   # the human's dice wait for a throw: Space, as a player
            app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        acc = app.step(1 / 60, acc)   # the frame the dice land in too
        if table.throw_view is not None:
            flown += 1
        elif flown:
            break
    assert flown > 20   # the first throw flew and landed
    assert table.hot_seat.can_see(0) and table.snap.hand(0)   # the human's dice lie face-up in their tray
    assert flat == []
    # 6b8c6e8: each face and outline painted in the first frame a die turned to it;
    # edb90e0: the human's faces at the tray's size (4), painted in the frame the dice land
    assert painted == []
