"""What the bidding tables print keeps clear of their pieces (QA round 13):
the running commentary (bottom left) of the nameplates, your dice and the
hot-seat Peek button; Palifico's note of the bid's caption; the "This round"
footer of its panel's edge.  Text is drawn on a canvas that records every blit."""
from __future__ import annotations

import pygame
import pytest

from game.core.bidding import Bid, Call
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.scenes.launch import make_table
from game.shots import ShotContext, _settled
from game.ui import theme as th
from game.ui.bid_history import BidHistory
from tests.test_bidding_reveal import SpyCanvas

LINES = ["Old Tom: bid 4 fives",
         "Old Tom: bid 4 fives: 98% true as I read the table, Bertha calls it about 100% of the time.",
         "Bertha: bid 5 fives",
         "Bertha: bid 5 fives: 85% true as I read the table, You calls it about 16% of the time."]


def _table_with_commentary(app, game_id, players, humans):
    table = make_table(app, ShotContext(game_id, 7, players).match(humans=humans, progress=0.0))   # every die in play
    table.uses_curtain = False
    _settled(table)
    app.start(table)
    seat = table.human_to_act()
    if humans > 1:   # hot-seat: the human at the screen holds the Peek button
        assert seat is not None
        table.secrecy.confirm(seat)
        assert table.secrecy.peek() and table._peek_button_shown()
    for line in LINES:
        table.announce(line)
    table.draw(app.canvas, 0.0)
    return table


@pytest.mark.parametrize("game_id,players,humans", [("roll-call", 4, 1), ("liars-dice", 20, 1),
                                                    ("liars-dice", 3, 2), ("roll-call", 3, 2)])
def test_the_commentary_prints_over_no_nameplate_dice_or_button(app, game_id, players, humans):
    table = _table_with_commentary(app, game_id, players, humans)
    taken = list(table.seat_plates.values())
    for seat in range(len(table.seats)):
        if table.can_see(seat) and table.hand(seat):   # your dice in their tray (with its label)
            size = table.cups.own_die_px(seat)
            taken.append(table.cups.dice_box(seat, len(table.hand(seat)), size).inflate(18, 40))
    if humans > 1:
        taken.append(table.peek_button_rect())
    canvas = SpyCanvas(app.canvas.get_size())
    table._draw_log(canvas)
    assert canvas.blits, "the commentary printed something"
    for surf, rect in canvas.blits:
        assert rect.collidelist(taken) < 0, f"commentary at {rect} prints over {taken[rect.collidelist(taken)]}"


def test_palifico_note_is_clear_of_the_bids_caption(app):
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 2}, 1)
    match.apply(CHANCE, RollResult(((2, 3), (5, 6))))
    match.apply(0, Bid(3, 5))
    match.apply(1, Call())   # you fall to one die: you open a Palifico round
    match.apply(CHANCE, RollResult(((2,), (5, 6))))
    match.apply(0, Bid(1, 2))
    match.apply(1, Bid(2, 2))
    scene = make_table(app, match)
    scene.enter()
    theme = app.theme
    canvas = SpyCanvas(app.canvas.get_size())
    scene.draw_centre(canvas)
    note = scene.text.bid_note(scene.snap)
    assert note.startswith("Palifico")
    caption = theme.text("bid by Mags", 16, th.CREAM_DIM)
    note_surf = theme.text(note, 16, th.BRASS_LIGHT, bold=True)
    rects = {name: next(r for s, r in canvas.blits if s is surf) for name, surf in (("caption", caption),
                                                                                 ("note", note_surf))}
    assert not rects["caption"].colliderect(rects["note"])


def test_the_round_footer_stays_inside_its_panel(app):
    panel = BidHistory(pygame.Rect(1100, 500, 172, 212))
    canvas = SpyCanvas(app.canvas.get_size())
    from game.ui.dice_render import DiceRenderer
    panel.draw(canvas, app.theme, DiceRenderer(46), [], footer="Round 5  \u00b7  5 dice  \u00b7  Palifico")
    for _surf, rect in canvas.blits:
        assert panel.rect.contains(rect), rect
