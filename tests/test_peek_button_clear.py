"""The hot-seat "Peek at my dice" button never lies over a nameplate (issue 39).

At 17-20 seats of Liar's Dice (and 7-8 of Roll Call) with sixteen-letter
names, the button sat on the bottom-left seats' plates: each of its usual
places had a plate across it, so it fell back to the first, over the plate
("Peek at my dice" on "3 dice").  It now takes the clear place nearest its
usual one in the bottom-left quarter (``HotSeatFlow.peek_button_rect``).

Checked as a player meets it: two humans at one screen, the curtain passed
with the mouse, the table drawn with the layout recorder on; the button's
drawn box (the drawn controls) must meet no plate and no words, and a press
held at that drawn spot lifts the cup, in a 1280x720 window and in a small
one (the canvas is scaled: the clicks land where the player sees it); after
a bid the commentary still says it (a first fix put the button in the
commentary's rows at 19 seats and the line had no room left)."""
from __future__ import annotations

import pytest

from game import games
from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.realinput import Hands

BIDDING = ("liars-dice", "roll-call")
QUICK = {"liars-dice": (2, 7, 8, 14, 17, 18, 19, 20), "roll-call": (2, 7, 8, 10)}
"""Seat counts where the button's usual places all had a plate on them (and the fewest)."""
WINDOWS = ((1280, 720), (640, 360))


def _peek_table(app, game_id: str, seats: int, letter: str, window: tuple[int, int]):
    """Two humans first, then AIs, every name sixteen ``letter``s wide; the
    window resized as a player drags it; the curtain passed by the mouse."""
    import pygame
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=window, w=window[0], h=window[1]))
    names = [letter * 15 + chr(ord("A") + i) for i in range(seats)]
    match = Match(game_id, [Seat(names[0]), Seat(names[1])] + [Seat(n, "ai", "easy") for n in names[2:]], None, 7)
    table = start_table(app, match)
    past_the_opening(app)
    hands = Hands(app)
    hands.until(lambda a: a.top is not None and a.top.name == "curtain", 10)
    hands.pass_curtain(by="mouse")
    hands.until(lambda a: a.top is table and hands.has("Peek"), 10)
    return table, hands


def _check(app, game_id: str, seats: int, letter: str, window: tuple[int, int]) -> None:
    table, hands = _peek_table(app, game_id, seats, letter, window)
    button = hands.find("Peek")
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    where = f"{game_id} at {seats} seats of {letter}s, window {window}"
    plates = list(table.seat_plates.values())
    assert button.rect.inflate(8, 8).collidelist(plates) < 0, \
        f"{where}: Peek {tuple(button.rect)} lies on a plate {plates[button.rect.inflate(8, 8).collidelist(plates)]}"
    found = layout_record.problems(record)
    assert not found, f"{where}:\n" + "\n".join(found)
    hands.down(button.rect.center)
    hands.wait(0.3)
    assert table.secrecy.peeking, f"{where}: a press on the drawn Peek button lifted nothing"
    hands.up()
    hands.frames(2)
    assert not table.secrecy.peeking
    hands.click("Bid")   # the commentary says it: the button leaves it room (at 19 seats it took its rows)
    hands.until(lambda a: a.top is not table or table.human_to_act() is not None, 30)
    if hands.top.name == "curtain":
        hands.pass_curtain(by="mouse")
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    said = table.log[-1].text
    assert any(said.startswith(box.text) and len(box.text) > 8 for box in record.of("text")), \
        f"{where}: the commentary's {said!r} is not drawn"
    found = layout_record.problems(record)
    assert not found, f"{where}, after a bid:\n" + "\n".join(found)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("letter", "WM")
@pytest.mark.parametrize("game_id,seats", [(g, n) for g in BIDDING for n in QUICK[g]])
def test_peek_lies_clear_of_every_plate(app, game_id, seats, letter, window):
    _check(app, game_id, seats, letter, window)


@pytest.mark.slow
@pytest.mark.parametrize("letter", "WM")
@pytest.mark.parametrize("game_id,seats", [(g, n) for g in BIDDING
                                           for n in range(2, games.game_info(g).max_players + 1)])
def test_peek_lies_clear_of_every_plate_at_every_seat_count(app, game_id, seats, letter):
    _check(app, game_id, seats, letter, WINDOWS[0])
