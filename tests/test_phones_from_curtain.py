"""The pause menu's "Use phones" chosen while a pass-the-screen curtain is up
(found walking hot-seat with the mouse, docs/PHONES.md).

The hand-out of codes went on over that curtain, so when it ended (Esc, or
every phone linked) the old "Pass to Ana" curtain was still there: a second
curtain for a seat whose dice had gone to her phone, hiding nothing.  Now the
old curtain closes with the pause menu, and when the codes are done the table
brings the curtain it needs then, once: none while every human is on a phone."""
from __future__ import annotations

import pygame

from game.core.match import Match, Seat
from game.scenes.launch import make_table
from tests.phones_helpers import PhoneClient, run_until
from tests.realinput import Hands


def names(app) -> list[tuple[str, object]]:
    return [(s.name, getattr(s, "seat", None)) for s in app.stack]


def use_phones_behind_the_curtain(app):
    """Ana and Bo at one screen with an AI; Ana's curtain is up; Esc, "Use phones"."""
    match = Match("liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], {}, seed=3)
    table = make_table(app, match)
    app.start(table)
    hands = Hands(app)
    hands.frames(3)
    assert names(app) == [("table", None), ("curtain", 0)]
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    assert hands.top.name == "pause"
    hands.click("Use phones")
    hands.frames(2)
    assert names(app) == [("table", None), ("phones", None), ("curtain", 0)], \
        "the hand-out's curtain is the only one (the old one is gone)"
    return table, hands


def test_esc_on_the_first_code_curtain_ends_at_the_table(app):
    table, hands = use_phones_behind_the_curtain(app)
    hands.press(pygame.K_ESCAPE)
    hands.frames(5)
    assert names(app) == [("table", None)], "a stale 'Pass to Ana' curtain was left behind"
    assert table.phones is not None and table.phones.holds(0)


def test_every_phone_linked_ends_at_the_table(app):
    table, hands = use_phones_behind_the_curtain(app)
    phones = []
    for seat in (0, 1):
        assert hands.top.name == "curtain" and hands.top.seat == seat
        hands.pass_curtain(by="click")
        hands.frames(2)
        phone = PhoneClient(table.phones.url(seat))
        phones.append(phone)
        hands.until(lambda a: a.top.name != "phones", 10.0, step=lambda h: phone.latest())
    run_until(app, lambda: table.phones.connected(0) and table.phones.connected(1), "both phones")
    hands.frames(5)
    assert names(app) == [("table", None)], "the old curtain waited over phones that were all linked"
    for phone in phones:
        phone.close()


def test_no_code_curtain_for_a_seat_whose_phone_is_connected(app):
    """Every phone already connected: a hand-out of the same codes shows no
    curtain at all (a guard: on today's code no path starts one then, since
    every hand-out but "New code" starts new codes)."""
    seats = (0, 1)
    from game.scenes.phones import PhoneHandoutScene
    from tests.phones_helpers import phone_table
    match, table = phone_table(app, "liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], seats, seed=3)
    hands = Hands(app)
    hands.frames(2)
    phones = []
    for seat in seats:
        hands.pass_curtain(by="click")
        hands.frames(2)
        phone = PhoneClient(table.phones.url(seat))
        phones.append(phone)
        hands.until(lambda a: a.top.name != "phones", 10.0, step=lambda h: phone.latest())
    run_until(app, lambda: all(table.phones.connected(s) for s in seats), "the phones")
    hands.frames(2)
    app.push(PhoneHandoutScene(app, table, seats))
    hands.frames(2)
    assert names(app) == [("table", None)]
    for phone in phones:
        phone.close()
