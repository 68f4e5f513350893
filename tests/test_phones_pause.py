"""The host pauses, the phones are told (phones33).

qa31/phones32 left it: when the host opened the pause menu the phones went
on showing "Your turn!" as if nothing had happened, and after "Save and quit"
they said "The table closed this game. Scan the new code for the next one."
as if the game were over.  Now every phone says "The table is paused" while
the menu is open; a move tapped then is held and played on Resume (a bid,
as before; the "continue" under a held reveal too); and "Save and quit" tells
each phone the game was saved ("your dice are safe").  Real Chromium pages;
the host's side by the drawn Menu button and mouse clicks (``Hands``).
"""
from __future__ import annotations

import pytest

from game.core.match import Seat
from game.ui.intent import DOUBLE_CLICK_SECONDS
from game.ui.phone_link import PAUSED
from tests.phones_helpers import WAIT, browser, needs_chromium, run_until
from tests.realinput import Hands
from tests.test_phones_browser import check_frames, play, start, turn_of


@pytest.fixture(autouse=True)
def _chromium():
    needs_chromium()


def test_the_phones_say_the_table_is_paused_hold_the_move_and_hear_of_the_save(app):
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, "liars-dice", seats, (0, 1), seed=5)
        hands = Hands(app)
        play(app, table, recorder, devices, decide=lambda seat, phone, moves: phone.lowest_bid(),
             until=lambda: any(turn_of(recorder, table, s) for s in devices))
        seat = next(s for s in devices if turn_of(recorder, table, s))
        mover = devices[seat]
        hands.click("Menu")
        assert hands.top.name == "pause"
        for phone in devices.values():
            phone.shows(table.phones.number)
            assert phone.page.inner_text("#status") == PAUSED
            assert "paused" in phone.page.evaluate("document.body.className")
        before = len(match.history)
        mover.lowest_bid()   # tapped under the pause
        run_until(app, lambda: not table.phones.server.inbound.empty(), "the paused tap to reach the server",
                  frame=hands.frames)
        hands.frames(10)
        assert len(match.history) == before, "a move was played while the table was paused"
        hands.wait(DOUBLE_CLICK_SECONDS)
        hands.click("Resume")
        run_until(app, lambda: len(match.history) > before, "the held bid to be played on Resume", frame=hands.frames)
        assert match.history[before][0] == seat and type(match.history[before][1]).__name__ == "Bid"
        for phone in devices.values():
            phone.shows(table.phones.number)
            assert phone.page.inner_text("#status") != PAUSED
        check_frames(recorder, devices)
        hands.click("Menu")
        hands.wait(DOUBLE_CLICK_SECONDS)
        hands.click("Save and quit")
        hands.until(lambda a: a.top is not None and a.top.name == "title", 10)
        for phone in devices.values():
            phone.page.wait_for_function("() => document.getElementById('link').textContent === 'closed'",
                                         timeout=WAIT * 1000)
            said = phone.page.inner_text("#status")
            assert "your dice are safe" in said and "saved" in said, said
            assert phone.page.is_hidden("#moves")
