"""The pill over your lifted dice never cuts a name (issue 39).

With two humans at one screen the pill says whose dice the cup lifted
("Ann's dice"); a sixteen-letter name did not fit and read "WWWWWWWWWWWW…"
(seen in a window at 19-20 seats).  Only the seat at the screen ever sees its
tray, so a name too long for the pill gives way to "Your dice".  Checked as a
player meets it: the curtain passed by the mouse, the drawn Peek button held,
the words the table draws read through the layout recorder."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.realinput import Hands


@pytest.mark.parametrize("game_id, seats", [("liars-dice", 2), ("liars-dice", 20), ("roll-call", 10)])
@pytest.mark.parametrize("first, pill", [("Ann", "Ann's dice"), ("W" * 15 + "A", "Your dice")])
def test_the_pill_over_your_lifted_dice_reads_whole(app, game_id, seats, first, pill):
    names = [first] + ["W" * 15 + chr(ord("B") + i) for i in range(seats - 1)]
    match = Match(game_id, [Seat(names[0]), Seat(names[1])] + [Seat(n, "ai", "easy") for n in names[2:]], None, 7)
    table = start_table(app, match)
    past_the_opening(app)
    hands = Hands(app)
    assert hands.until(lambda a: a.top is not None and a.top.name == "curtain", 10)
    hands.pass_curtain(by="mouse")
    assert hands.until(lambda a: a.top is table and hands.has("Peek"), 10)
    hands.down(hands.find("Peek").rect.center)
    hands.wait(0.3)
    assert table.secrecy.peeking
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    hands.up()
    words = [box.text for box in record.of("text")]
    assert pill in words, f"no {pill!r} over the lifted dice: {[w for w in words if 'dice' in w]}"
    cut = [w for w in words if w.endswith("\u2026") and w.startswith(first[:4])]
    assert not cut, f"a name cut on the table: {cut}"
