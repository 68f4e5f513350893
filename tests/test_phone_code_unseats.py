"""A phone code handed out behind its owner's curtain unseats whoever sat at
the screen (found hunting with mouse and keys for a hidden die shown to the
wrong person, docs/PHONES.md).

Ana plays at the screen, Bo on his phone.  Ana is seated (her curtain
passed); the pause menu's "Phone codes", "New code" for Bo: "Pass to Bo", Bo
clicks "I am Bo" and sees his code, clicks Done, and is back at the table,
where Ana was still seated: Bo held Tab and Ana's cup lifted, her dice
face-up for Bo.  Now the screen passing to Bo unseats Ana, and back at the
table "Pass to Ana" comes first."""
from __future__ import annotations

import pygame

from game.core.match import Seat
from tests.phones_helpers import PhoneClient, phone_table, run_until
from tests.realinput import Hands


def test_after_bos_new_code_anas_dice_need_her_curtain_again(app):
    match, table = phone_table(app, "liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], (1,), seed=3)
    hands = Hands(app)
    hands.frames(2)
    hands.pass_curtain(by="click")   # Bo's first code
    hands.frames(2)
    bo = PhoneClient(table.phones.url(1))
    hands.until(lambda a: a.top.name != "phones", 10.0, step=lambda h: bo.latest())
    run_until(app, lambda: table.phones.connected(1), "Bo's phone")
    hands.until(lambda a: a.top.name == "curtain", 30.0)
    assert hands.top.seat == 0
    hands.pass_curtain(by="click")   # Ana sits at the screen, her turn
    assert table.secrecy.confirmed == 0
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    hands.click("Phone codes")
    hands.frames(2)
    hands.click("New code")
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 1
    hands.pass_curtain(by="click")   # Bo at the screen: his code
    hands.frames(2)
    hands.click("Done")
    hands.frames(3)
    hands.key_down(pygame.K_TAB)   # Bo, still at the screen, holds the peek key
    hands.frames(3)
    assert not table.hot_seat.can_see(0) and table.hot_seat.viewer is None, "Ana's dice face-up for Bo"
    hands.key_up(pygame.K_TAB)
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 0, "Ana's curtain comes before her dice"
    bo.close()
