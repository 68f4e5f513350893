"""A seat played on the screen goes back to a phone (docs/PHONES.md, "Faults").

Bo's phone died while the table waited for him, and he chose "Play Bo on this
screen".  His phone is back: the pause menu's "Phone codes" lists him as
playing on this screen with "Use a phone"; behind his curtain his new code is
shown, and the phone that opens it takes his seat back.  All of it driven as
a person does (events at the drawn buttons; the phone is a real socket
client), and at every frame on the way no hidden die is face-up for anyone
but the person at the screen (the renderer's record of what it drew)."""
from __future__ import annotations

import pygame

from game.core.match import Seat
from tests.phones_helpers import PhoneClient, phone_table, run_until
from tests.realinput import Hands


class WatchedHands(Hands):
    """Hands that check every frame they let pass: the hidden dice drawn
    face-up are those of the person at the screen (the last "I am ..."
    clicked; nobody behind a curtain or a code), never a seat on a phone."""

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.at_screen: int | None = None
        self.checked = 0

    def frames(self, count: int = 1, *, repeat_held: bool = False) -> None:
        for _ in range(count):
            super().frames(1, repeat_held=repeat_held)
            self.check()

    def check(self) -> None:
        table, top = self.table, self.app.top
        if top is not table and top.name in ("curtain", "phones"):
            self.at_screen = None
        drawn = table.renderer.drawn if table._renderer is not None else []
        shown = {d.owner for d in drawn if d.face_up and not d.public}
        assert shown <= {self.at_screen} - {None}, f"{shown} face-up while {self.at_screen} sits at the screen"
        assert not shown & set(table.phones.seats), "a phone seat's die face-up on the screen"
        self.checked += 1

    def pass_curtain(self, *, by: str = "click", look: bool = False) -> int | None:
        seat = self.top.seat
        super().pass_curtain(by=by, look=look)
        self.at_screen = seat
        self.frames(2)
        return seat


def hands_until(hands, done, what: str) -> None:
    """Frames (each one checked) until ``done()``: a phone's message crosses another thread."""
    run_until(hands.app, done, what, frame=hands.frames)


def bo_plays_on_the_screen(app, open_phone=PhoneClient):
    """Ana at the screen, Bo on his phone (``open_phone(url)``: a socket client,
    or a page in Chromium), Cy an AI; Bo's phone dies, the table waits for it,
    and "Play Bo on this screen" is clicked: Bo's curtain passed."""
    match, table = phone_table(app, "liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], (1,), seed=3)
    hands = WatchedHands(app, table)
    hands.frames(2)
    hands.pass_curtain()   # Bo's first code behind his curtain
    bo = open_phone(table.phones.url(1))
    hands_until(hands, lambda: app.top.name != "phones", "Bo's phone to take his code")
    hands_until(hands, lambda: table.phones.connected(1), "Bo's phone")
    bo.close()   # his phone dies
    hands_until(hands, lambda: not table.phones.connected(1), "Bo's phone to go")

    # Ana plays at the screen (her curtain, her lowest bid) until the table waits for Bo's phone.
    def bo_waited_for(a) -> bool:
        if a.top.name == "curtain":
            hands.pass_curtain()
        elif a.top is table and table.human_to_act() == 0 and hands.has("Bid"):
            hands.click("Bid")
            hands.frames(2)
        return table.phones.waiting_for() == 1 and hands.has("Play Bo on this screen")
    assert hands.until(bo_waited_for, 60.0), "the table to wait for Bo's phone"
    hands.click("Play Bo on this screen")
    hands.at_screen = 1   # Bo walked up to the screen: whoever sat there before, only his own dice from now on
    hands.key_down(pygame.K_TAB)   # and he holds the peek key at once
    hands.frames(3)
    hands.key_up(pygame.K_TAB)
    hands.frames(2)
    assert not table.phones.holds(1) and hands.top.name == "curtain" and hands.top.seat == 1
    assert hands.pass_curtain() == 1   # Bo plays at the screen now
    assert table.human_to_act() == 1
    return match, table, hands, bo



def open_bos_code(app, hands):
    """Pause > Phone codes > "Use a phone" on Bo's row > his curtain: his code is up."""
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    hands.click("Phone codes")
    hands.frames(2)
    assert not hands.has("New code", enabled=None)
    ana_row, bo_row = [c for c in hands.controls() if c.label == "Use a phone"]   # in seat order, both at the screen
    assert ana_row.rect.y < bo_row.rect.y
    hands.click(bo_row)
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 1, "Bo's code comes behind his own curtain"
    hands.pass_curtain()
    assert hands.top.name == "phones" and hands.has("Done")


def test_a_seat_played_on_the_screen_goes_back_to_a_phone_by_a_new_code(app):
    match, table, hands, _ = bo_plays_on_the_screen(app)
    open_bos_code(app, hands)
    assert not table.phones.holds(1), "the seat moves when a phone opens the code, not before"
    again = PhoneClient(table.phones.url(1))
    hands_until(hands, lambda: app.top.name != "phones", "the new phone to take the code")
    assert table.phones.holds(1) and table.secrecy.on_phone(1) and match.phone_seats == (1,)
    hands_until(hands, lambda: table.phones.connected(1) and (again.latest() or {}).get("dice"), "Bo's dice on his phone")
    assert again.latest()["dice"] == list(match.state.view(1).my_faces)

    # Back at the table: Bo's dice stay off the screen; his turn waits on his phone, with no curtain.
    assert hands.top is table or hands.top.name == "curtain"
    curtains: list[int] = []

    def bo_bids_on_his_phone(a) -> bool:
        if a.top.name == "curtain":
            curtains.append(hands.pass_curtain())
            return False
        shown = again.latest()
        if shown and shown["your_turn"] and shown["version"] == table.phones.number:
            bid = next(c for c in shown["choices"] if c["kind"] == "bid")
            before = len(match.history)
            again.send({"type": "act", "version": shown["version"], "choice": bid["id"]})
            hands_until(hands, lambda: len(match.history) > before or table.phones.number != shown["version"],
                        "Bo's bid or a newer view")   # a view sent meanwhile makes the tap stale: tap again
            return len(match.history) > before and match.history[before][0] == 1
        if a.top is table and table.human_to_act() == 0 and hands.has("Bid"):
            hands.click("Bid")
            hands.frames(2)
        return False
    assert hands.until(bo_bids_on_his_phone, 60.0), "Bo's turn on his phone"
    assert 1 not in curtains, "no curtain for a seat on its phone"
    hands.key_down(pygame.K_TAB)   # whoever is at the screen holds the peek key
    hands.frames(3)
    hands.key_up(pygame.K_TAB)
    assert hands.checked > 50
    again.close()


def test_a_code_no_phone_opens_leaves_the_seat_on_the_screen_behind_its_curtain(app):
    """Bo's code is up, he clicks Done without scanning: he stays on the
    screen, his dice come back only behind his curtain again (the code's
    screen unseated him), and the code he did not scan stops working."""
    match, table, hands, _ = bo_plays_on_the_screen(app)
    open_bos_code(app, hands)
    url = table.phones.url(1)
    hands.click("Done")
    hands.frames(2)
    assert not table.phones.holds(1) and not table.phones.offers
    assert hands.top.name == "curtain" and hands.top.seat == 1, "Bo's dice come back behind his curtain"
    late = PhoneClient(url)
    hands_until(hands, lambda: late.close_code is not None, "the late phone to be told")
    assert late.received("state") == [] and "big screen" in late.received("refused")[0]["reason"]
    assert not table.phones.holds(1)
    hands.pass_curtain()
    hands.key_down(pygame.K_TAB)   # Bo peeks at his own dice
    hands.frames(3)
    assert table.hot_seat.viewer == 1
    hands.key_up(pygame.K_TAB)
    hands.frames(2)
    late.close()
