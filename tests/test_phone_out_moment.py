"""phones33's walk (Roll Call, 4 phones + 2 AIs): when the last phone player
was out, the big screen asked "Cy is out. What now?" (watch on, results,
title) and every phone still said "The dice are rolling...", which nothing
was.  The phones now say to look at the table while that card is up."""
from __future__ import annotations

from game.core.match import Seat
from tests.phones_helpers import PhoneClient, phone_table, run_until


def test_when_every_phone_player_is_out_the_phones_say_to_look_at_the_table(app):
    seats = [Seat("Ana"), Seat("Mags", "ai", "normal"), Seat("Odo", "ai", "normal")]
    match, table = phone_table(app, "liars-dice", seats, (0,), seed=3, options={"starting_dice": 1})
    phone = PhoneClient(table.phones.url(0))
    try:
        run_until(app, lambda: phone.latest() is not None and app.top is table, "the phone and then the table")
        taps = 0
        while table.game_end.out_moment is None:
            assert not match.is_over, "the game ended with no out moment (choose another seed)"
            view = phone.latest()
            if view and view["your_turn"] and view["version"] == table.phones.number and view["choices"]:
                before = len(match.history)
                phone.send({"type": "act", "version": view["version"], "choice": 0})
                run_until(app, lambda: len(match.history) != before or phone.received("refused"), "Ana's move")
                taps += 1
                assert taps < 60
            else:
                app.run_frames(1)
        run_until(app, lambda: (phone.latest() or {}).get("version") == table.phones.number, "the phone's view")
        assert phone.latest()["status"] == "Look at the table.", phone.latest()["status"]
    finally:
        phone.close()
