"""The phone codes handed out one seat at a time, driven as people do
(tests/realinput.py ``Hands``: clicks at drawn places, double-clicks, Esc).

"With two or more humans at one screen, no hidden die is ever drawn face-up
for anyone but its owner, at any moment, whatever they click."  A seat's code
gives its dice to whoever scans it, so a code counts as that seat's hidden
dice: ``CodeWatch`` draws every code as a solid block of its seat's own
colour and looks for those colours on every frame the app draws.  Before the
hand-out every seat's code was on one screen at once.
"""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Seat
from game.phones import server as phone_server
from game.scenes import phones as phone_scenes
from game.ui import theme as th
from tests.phones_helpers import PhoneClient, phone_table, run_until
from tests.realinput import Hands
from tests.test_phones import get


class CodeWatch:
    """Every QR code drawn as a solid block in a colour naming its seat; after
    each frame, the seats whose code is on the screen (``seen``, a list per frame)."""

    def __init__(self, monkeypatch, app, table):
        self.app, self.table = app, table
        self.frames: list[set[int]] = []
        self.urls_drawn: set[str] = set()
        monkeypatch.setattr(phone_scenes, "qr_surface", self.fake_code)
        step = app.step

        def checked_step(*args, **kwargs):
            out = step(*args, **kwargs)
            self.frames.append(self.on_screen())
            return out
        monkeypatch.setattr(app, "step", checked_step)

    @staticmethod
    def colour(seat: int) -> tuple[int, int, int]:
        return (3 + 11 * seat, 251, 7)   # no picture of the game uses these

    def fake_code(self, text: str, size: int) -> pygame.Surface:
        self.urls_drawn.add(text)
        seat = next(s for s, t in self.table.phones.tokens.items() if text.endswith("/" + t))
        surf = pygame.Surface((size, size))
        surf.fill(self.colour(seat))
        return surf

    def on_screen(self) -> set[int]:
        canvas = self.app.canvas
        return {seat for seat in range(len(self.table.match.seats))
                if pygame.mask.from_threshold(canvas, self.colour(seat), (1, 1, 1, 255)).count() > 400}

    def shown(self) -> set[int]:
        return self.frames[-1] if self.frames else set()

    def never_two(self) -> None:
        assert all(len(seen) <= 1 for seen in self.frames), \
            f"two codes on one screen: {[sorted(s) for s in self.frames if len(s) > 1][:3]}"


def mark_filled(app, table, seat: int) -> bool:
    """Is the small phone on ``seat``'s nameplate filled (connected), as drawn?"""
    plate = table.seat_plates[seat]
    return tuple(app.canvas.get_at((plate.right - 17, plate.y + 15)))[:3] == th.BRASS_LIGHT


def new_code_buttons(hands):
    return [c for c in hands.controls() if c.label == "New code"]


def test_codes_are_handed_out_one_seat_at_a_time_behind_each_curtain(app, monkeypatch):
    """Three humans on phones and an AI.  Each code is shown alone, only after
    its owner passed their own curtain; a phone that connects moves the screen
    on; Next skips a seat; Esc ends the hand-out with no code left up; the
    pause menu's "Phone codes" lists the seats (no code) and "New code" hands
    one seat a fresh code behind its curtain, retiring its old one."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy"), Seat("Di")]
    match, table = phone_table(app, "liars-dice", seats, (0, 1, 3), seed=5)
    watch = CodeWatch(monkeypatch, app, table)
    hands = Hands(app)
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 0 and watch.shown() == set()
    # Ana double-clicks "I am Ana" as soon as it lights: her code alone, and only hers
    hands.until(lambda a: hands.has("I am", enabled=True), 5.0)
    hands.double_click("I am")
    hands.frames(3)
    assert hands.top.name == "phones" and watch.shown() == {0}
    assert hands.has("Next")
    ana = PhoneClient(table.phones.url(0))   # Ana scans: the screen moves on by itself
    hands.until(lambda a: a.top.name == "curtain" and a.top.seat == 1, 10.0, step=lambda h: ana.latest())
    run_until(app, lambda: ana.latest() is not None, "Ana's view")
    assert ana.latest()["dice"] == list(match.state.view(0).my_faces)
    # Bo has no phone at hand: he clicks Next, twice in a hurry
    hands.pass_curtain(by="click")
    hands.frames(2)
    assert watch.shown() == {1}
    bo_first_code = table.phones.url(1)
    hands.double_click("Next")
    hands.frames(3)
    assert hands.top.name == "curtain" and hands.top.seat == 3, "the second click never passes Di's curtain"
    assert watch.shown() == set()
    # Esc on Di's curtain: the hand-out ends; no code is on the table
    hands.press(pygame.K_ESCAPE)
    hands.frames(3)
    assert hands.top is table and watch.shown() == set()
    # the pause menu: "Phone codes" lists the seats, no code drawn
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    hands.click("Phone codes")
    hands.frames(2)
    assert hands.top.name == "phones" and watch.shown() == set()
    assert len(new_code_buttons(hands)) == 3
    hands.click(new_code_buttons(hands)[1])   # Bo's row
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 1 and watch.shown() == set()
    hands.pass_curtain(by="click")
    hands.frames(2)
    assert watch.shown() == {1} and table.phones.url(1) != bo_first_code
    assert hands.has("Done")
    run_until(app, lambda: get(bo_first_code)[0] == 410, "Bo's first code to be retired")
    bo = PhoneClient(table.phones.url(1))
    hands.until(lambda a: a.top is table, 10.0, step=lambda h: bo.latest())
    run_until(app, lambda: bo.latest() is not None and table.phones.connected(1), "Bo's view")
    assert bo.latest()["seat"] == 1 and bo.latest()["dice"] == list(match.state.view(1).my_faces)
    hands.frames(2)
    assert mark_filled(app, table, 1), "Bo's nameplate still shows no phone (the resting table's picture was old)"
    # Ana asks for a new code (a phone swapped): her old phone is let go
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    hands.click("Phone codes")
    hands.frames(2)
    hands.click(new_code_buttons(hands)[0])
    hands.frames(2)
    assert hands.top.name == "curtain" and hands.top.seat == 0
    hands.pass_curtain(by="key")
    hands.frames(2)
    assert watch.shown() == {0}
    run_until(app, lambda: ana.close_code is not None, "Ana's old phone to be let go")
    assert ana.close_code == phone_server.CLOSE_RELINKED
    hands.click("Done")
    hands.frames(2)
    assert hands.top is table and watch.shown() == set()
    watch.never_two()
    assert len(watch.urls_drawn) == 4   # Ana's two codes, Bo's two; Di's was never drawn
    for phone in (ana, bo):
        phone.close()


def test_one_human_with_ais_gets_the_code_without_a_curtain(app, monkeypatch):
    """Alone with AIs nobody else must look away: the code at once, the table when the phone connects."""
    match, table = phone_table(app, "liars-dice", [Seat("Ana"), Seat("Cy", "ai", "easy")], (0,), seed=2)
    watch = CodeWatch(monkeypatch, app, table)
    hands = Hands(app)
    hands.frames(2)
    assert hands.top.name == "phones" and watch.shown() == {0}
    phone = PhoneClient(table.phones.url(0))
    assert hands.until(lambda a: a.top is table, 10.0, step=lambda h: phone.latest())
    hands.frames(1)
    assert watch.shown() == set()
    # the table moved on when the code was claimed, a moment before the socket
    # counts as connected: the nameplate's phone mark fills in once it does
    run_until(app, lambda: table.phones.connected(0), "the phone to count as connected")
    hands.frames(2)
    assert mark_filled(app, table, 0), "the phone mark still shows no phone"
    phone.close()


@pytest.mark.parametrize("where", ["curtain", "code"])
def test_esc_mid_handout_returns_to_the_table_with_no_code_up(app, monkeypatch, where):
    match, table = phone_table(app, "roll-call", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], (0, 1), seed=4)
    watch = CodeWatch(monkeypatch, app, table)
    hands = Hands(app)
    hands.frames(2)
    if where == "code":
        hands.pass_curtain(by="key")
        hands.frames(2)
        assert watch.shown() == {0}
    hands.press(pygame.K_ESCAPE)
    hands.frames(3)
    assert hands.top is table and watch.shown() == set()
    watch.never_two()
