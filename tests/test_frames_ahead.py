"""Issue 41: work a frame a player waits on used to do, made ahead or once.

Counted in calls and pictures made, never timed (the bench measures the
milliseconds: ``python -m game bench --only tables``)."""
from __future__ import annotations

import pygame

from game.core.match import Match, Seat
from game.core.protocol import DieGroup, RollRequest
from game.physics import Throw
from game.physics.layout import seat_zones
from game.scenes.launch import make_table
from game.ui import dice_render
from game.ui.dice_render import DiceRenderer, player_colour
from game.ui.throw_view import ThrowView


def test_the_bid_pickers_faces_and_fonts_are_made_while_the_table_opens(app, monkeypatch):
    """The picker's first showing (the frame a human's turn begins, often the
    throw's landing) painted its six faces and loaded its fonts: 10-12 ms at
    20 seats.  The opening makes them, so that drawing, reached by playing
    frames to the human's turn, paints no face and loads no font."""
    match = Match("liars-dice", [Seat("You", "human")] + [Seat(f"B{i}", "ai", "easy") for i in range(3)],
                  {}, 5)
    table = make_table(app, match)
    app.start(table)   # started at once: ``enter`` runs every opening step
    made: list[str] = []
    real_paint, real_font = dice_render.paint_face, pygame.font.Font
    first_draw = table.picker.draw
    drawn: list[int] = []

    def counting_draw(*args, **kwargs):
        monkeypatch.setattr(dice_render, "paint_face", lambda *a, **k: made.append("face") or real_paint(*a, **k))
        monkeypatch.setattr(pygame.font, "Font", lambda *a, **k: made.append("font") or real_font(*a, **k))
        try:
            first_draw(*args, **kwargs)
        finally:
            monkeypatch.setattr(dice_render, "paint_face", real_paint)
            monkeypatch.setattr(pygame.font, "Font", real_font)
        drawn.append(1)
    table.picker.draw = counting_draw
    app.run_frames(3000, until=lambda a: bool(drawn))
    assert drawn and table.human_to_act() == 0
    assert made == []


def test_a_throw_asks_each_owners_colour_and_secrecy_once_a_frame():
    """At 20 seats a throw draws 120 dice; their colour and whether the
    viewer may see them follow the owner, so each is asked once per owner
    and frame (they were asked for every die)."""
    pygame.init()
    request = RollRequest(tuple(DieGroup(i, "d6", 5, hidden=True) for i in range(4)))
    throw = Throw(request, 7, seat_zones(4))
    asked: list[tuple[str, int]] = []

    def colour(pose):
        asked.append(("colour", pose.owner))
        return player_colour(pose.owner)

    def can_see(owner):
        asked.append(("see", owner))
        return owner == 0
    view = ThrowView(throw, DiceRenderer(), can_see=can_see, colours=colour)
    for _ in range(10):
        view.fixed_update()
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, 0.5)
    assert sorted(asked) == sorted([("colour", i) for i in range(4)] + [("see", i) for i in range(4)])


def test_a_busy_table_works_out_its_next_throws_key_once_a_move(app, monkeypatch):
    """While a reveal plays the next throw is built ahead, a little a tick
    (``Throws.prepare``); its key (the request, seed and every seat's dice
    zone) was made again twice a frame, about a millisecond at 20 seats.
    Now once per move: over a reveal's frames the zones are asked once."""
    from game.ui import pace
    for name, p in list(pace.PACES.items()):
        monkeypatch.setitem(pace.PACES, name, pace.replace(p, ai_delay=1 / 60))
    app.settings.reduced_motion = False
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(3)], {}, 5)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(20_000, until=lambda a: table.reveal is not None)
    assert table.reveal is not None and not match.is_over
    asked: list[int] = []
    real = table.dice_zones
    monkeypatch.setattr(table, "dice_zones", lambda request: asked.append(1) or real(request))
    moves = len(match.history)
    app.run_frames(30)
    assert len(match.history) == moves and table.reveal is not None   # the same reveal, still playing
    assert len(asked) <= 1
