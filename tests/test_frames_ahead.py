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
