"""A mouse-only player pauses and leaves a game (game/ui/menu_button.py).

Only Esc opened the pause menu: nothing on a table's screen did, so a player
with a mouse alone could neither pause nor save and quit.  The Menu button
beside the Log button opens it, on every table and on the pass-the-screen
curtain (the table still hidden, every cup down), once however it is
clicked, and it covers nothing a table draws at 2 seats or at the most.
Everything here is driven as a person does: clicks at the drawn controls
(tests/realinput.py)."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import start_table, you_and_ais
from tests.realinput import Hands
from tests.test_layout_check import play_table


def _at_the_table(app, game_id: str, seats=None) -> tuple[Hands, object]:
    table = start_table(app, Match(game_id, seats or you_and_ais(3), None, 7))
    hands = Hands(app)
    hands.until(lambda a: a.top is table and 0 in (table.human_to_act(), table.waiting_thrower)
                and not table.is_busy() and table.throw_view is None, 60)
    assert 0 in (table.human_to_act(), table.waiting_thrower)   # Diced Out: your throw waits for your click
    return hands, table


def _yours(table) -> int:
    """Moves the human (seat 0) made, and a throw in flight: a click through
    to the table would make one, or throw (Diced Out's "click to roll")."""
    return sum(1 for player, _ in table.match.history if player == 0) + 1000 * (table.throw_view is not None)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_menu_button_pauses_and_resume_returns_to_the_table(app, game_id):
    hands, table = _at_the_table(app, game_id)
    moves = _yours(table)
    hands.click("Menu")
    assert app.top.name == "pause" and app.top.table is table
    hands.click("Resume")
    assert app.top is table and _yours(table) == moves, "the clicks fell through to the table"


def test_a_double_click_or_mashing_opens_one_menu_and_never_reaches_the_table(app):
    hands, table = _at_the_table(app, "liars-dice")
    moves = _yours(table)
    hands.double_click("Menu")
    assert app.top.name == "pause" and [s.name for s in app.stack].count("pause") == 1
    menu = table.menu_button.rect.center
    for _ in range(6):   # mashing where the button was: the pause menu has nothing there
        hands.click(menu, hold=0.05)
    assert app.top.name == "pause" and [s.name for s in app.stack].count("pause") == 1
    hands.double_click("Resume")
    assert app.top is table and _yours(table) == moves


def test_save_and_quit_from_the_menu_then_continue(app):
    hands, table = _at_the_table(app, "liars-dice")
    moves = len(table.match.history)
    hands.click("Menu")
    hands.click("Save and quit")
    hands.until(lambda a: a.top is not None and a.top.name == "title", 10)
    assert app.top.name == "title"
    hands.click("Continue")
    hands.until(lambda a: a.top is not None and a.top.name not in ("title", "opening"), 30)
    back = app.top
    assert back.match.game_id == "liars-dice" and len(back.match.history) >= moves


def _hot_seat(app) -> tuple[Hands, object]:
    table = start_table(app, Match("liars-dice", [Seat("Ann"), Seat("Bob"), Seat("Cat", "ai", "normal")], None, 12))
    hands = Hands(app)
    hands.until(lambda a: a.top.name == "curtain", 30)
    return hands, table


def test_the_menu_button_on_the_curtain_pauses_with_the_table_hidden(app):
    hands, table = _hot_seat(app)
    curtain = app.top
    table.renderer.drawn = []
    hands.click("Menu")
    assert app.top.name == "pause" and app.stack[-2] is curtain, "the pause menu lies over the curtain"
    hands.wait(0.5)
    assert table.renderer.drawn == [], "the table was drawn under the pause menu"
    assert not any(table.hot_seat.can_see(s) for s in range(3))
    hands.click("Resume")
    assert app.top is curtain and table.secrecy.confirmed is None


def test_the_menu_button_during_a_peek_drops_the_cup(app):
    """Ann holds Tab to peek and clicks Menu with the mouse: her cup is down
    before the pause menu shows and stays down after Resume; no hand is drawn
    face-up under the menu."""
    hands, table = _hot_seat(app)
    seat = hands.pass_curtain(by="click")
    hands.until(lambda a: a.top is table and table.human_to_act() == seat and table.throw_view is None, 30)
    hands.key_down(pygame.K_TAB)
    hands.frames(2)
    assert table.hot_seat.viewer == seat and table.hot_seat.can_see(seat) and not table.hot_seat.can_see(1 - seat)
    table.renderer.drawn = []
    hands.click("Menu")
    assert app.top.name == "pause" and table.hot_seat.viewer is None
    assert not any(table.hot_seat.can_see(s) for s in range(3))
    hands.frames(3, repeat_held=True)   # Tab still held, repeating, under the menu
    assert not [d for d in table.renderer.drawn if d.face_up and d.owner is not None], \
        "a hand was drawn face-up under the pause menu"
    hands.click("Resume")
    hands.frames(2)
    assert app.top is table and table.hot_seat.viewer is None and not any(table.hot_seat.can_see(s) for s in range(3))
    hands.key_up(pygame.K_TAB)


def _covering(menu: pygame.Rect):
    """Problems: anything drawn on the Menu button (with an 8 px margin) but its own words."""
    room = menu.inflate(8, 8)

    def found(record) -> list[str]:
        return [f"{b.kind} {b.text!r} at {tuple(b.rect)} on the Menu button {tuple(menu)}"
                for b in record.boxes if b.kind != "veil" and b.rect.colliderect(room) and not menu.contains(b.rect)]
    return found


@pytest.mark.parametrize("game_id,seats", [(g, n) for g in games.GAME_IDS
                                           for n in (2, games.game_info(g).max_players)])
def test_the_menu_button_covers_nothing_at_2_seats_and_at_the_most(app, monkeypatch, game_id, seats):
    """Nameplates, dice, cards, sheets, banners, the "since your last move" card
    and the table's words keep off the button through the first stretch of a
    game (the layout recorder's boxes, frame by frame)."""
    from game.scenes.launch import make_table
    probe = make_table(app, Match(game_id, you_and_ais(seats), None, 11))
    monkeypatch.setattr(layout_record, "problems", _covering(probe.menu_button.rect))
    app.settings.reduced_motion = False
    watch = play_table(app, game_id, seats, 600 if seats <= 6 else 400)
    assert not watch.lasting, "\n".join(watch.lasting.values())


def test_a_key_mashed_right_after_resume_does_not_pass_the_curtain(app):
    """Menu, then Resume, then Enter at once: the curtain came back on top,
    so the press is as early as one on a freshly shown curtain and is
    refused; only a press once the button lights again hands the screen on
    (the storm test: an Enter 0.1 s after Resume gave Cat the screen, and
    her Space lifted her cup, with nobody having chosen to be Cat)."""
    hands, table = _hot_seat(app)
    curtain = app.top
    hands.wait(1.0)   # the curtain's button lit long ago
    hands.click("Menu")
    hands.click("Resume")
    assert app.top is curtain
    hands.press(pygame.K_RETURN, hold=0.05)
    hands.frames(2)
    assert app.top is curtain and table.secrecy.confirmed is None, "an Enter right after Resume passed the curtain"
    hands.until(lambda a: curtain.gate.is_open, 5)
    hands.wait(0.1)
    hands.press(pygame.K_RETURN, hold=0.05)
    hands.frames(2)
    assert app.top is not curtain, "a deliberate Enter once the button lit did not pass"


WIDEST_NAME = "W" * 16
"""The widest name a seat takes (16 letters): the widest title and "I am" button."""


@pytest.mark.parametrize("kind", ["pass", "peek", "hand-out"])
def test_the_curtain_menu_button_sits_clear_of_the_valance_the_title_and_the_buttons(app, kind):
    """On the curtain the Menu button hung alone at the table's place, on the
    pelmet's brass rod.  It sits in the curtain's top corner now, below the
    valance's art, clear of every word and control the curtain draws (the
    widest name's title and "I am" button, the peek hint or the hand-out's line).
    The canvas is letterboxed into the window, so this holds at every window size."""
    from game.scenes.curtain import VALANCE_BOTTOM, CurtainScene
    table = start_table(app, Match("liars-dice", [Seat(WIDEST_NAME), Seat("Bob")], None, 12))
    app.push(CurtainScene(app, WIDEST_NAME, seat=0, table=table, for_peek=kind == "peek",
                          hint="Scan the code with your phone" if kind == "hand-out" else ""))
    Hands(app).wait(1.0)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    menu = app.top.menu_button().rect
    assert menu.top > VALANCE_BOTTOM and app.canvas.get_rect().contains(menu)
    assert [(b.kind, b.text) for b in record.boxes if b.rect == menu] == [("control", "Menu")], \
        "one Menu button, drawn as a control"
    room = menu.inflate(16, 16)
    near = [f"{b.kind} {b.text!r} at {tuple(b.rect)}" for b in record.boxes
            if b.kind in ("text", "control", "panel") and b.rect.colliderect(room) and not menu.contains(b.rect)]
    assert not near, f"on or beside the Menu button {tuple(menu)}: {near}"
    assert any(b.kind == "control" and b.text.startswith("I am") for b in record.boxes)


@pytest.mark.parametrize("window", [(200, 200), (3840, 2160)])
def test_the_curtain_menu_button_works_in_the_smallest_and_a_large_window(tmp_path, monkeypatch, window):
    """The smallest window the settings allow (200 px) and a 4K one: a click
    at the button as drawn opens the pause over the curtain, Resume comes back
    to it with its button waiting again."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True, window_size=window)
    app.settings.reduced_motion = True
    try:
        hands, table = _hot_seat(app)
        curtain = app.top
        hands.wait(1.0)
        hands.click("Menu")
        assert app.top.name == "pause" and app.stack[-2] is curtain
        hands.click("Resume")
        assert app.top is curtain and not curtain.gate.is_open and table.secrecy.confirmed is None
    finally:
        app.shutdown()
