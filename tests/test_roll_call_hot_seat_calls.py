"""Roll Call hot-seat: each human's out-of-turn "Call!" sits where its player
looks (issue 39).  Seen in a real window: with two or more humans at one
screen the buttons stacked in the top-right corner, far from the seats and
from the call window's countdown.  Each is now beside its own nameplate,
clear of every nameplate, cup, the centre's words, the picker and the
countdown, and shows the countdown while the call window runs."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core.match import Match, Seat
from game.games.roll_call.rules import CallOutOfTurn
from game.games.roll_call.scene import TableScene
from game.ui import layout_record
from tests.helpers import key, pass_curtain
from tests.realinput import Hands

SEATS = [Seat("Ann", "human"), Seat("Bob", "ai", "normal"), Seat("Ben", "human"), Seat("Cat", "human"),
         Seat("Dot", "ai", "normal"), Seat("Eve", "ai", "normal")]
NEAR = 40
"""Pixels at most between a button and its owner's nameplate."""


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


def _to(app, scene, moment, frames=6000) -> None:
    """Play on (the lit button, the least bid, at a human's turn; the curtain
    passed as a person passes it) until ``moment()`` holds at the table."""
    for _ in range(frames):
        app.run_frames(1)
        if app.top is not scene:
            pass_curtain(app)
            app.apply_transitions()
            continue
        if moment():
            return
        if scene.human_to_act() is not None and scene.throw_view is None and not scene.match.state.is_chance() \
                and scene.reveal is None:
            app.feed(key(pygame.K_RETURN))   # the lit button: the least bid
    raise AssertionError("the moment never came")


def _check_places(app, scene) -> dict[int, pygame.Rect]:
    """Each button as drawn: beside its owner's nameplate, on screen, over
    nothing a player reads, and the countdown (while it runs) on it."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    buttons = scene.out_of_turn_buttons()
    assert len(buttons) >= 2, buttons
    drawn = {box.text: box.rect for box in record.of("control")}
    countdown = pygame.Rect(0, 0, 300, 46)
    countdown.midtop = (640, 372)
    pieces = [scene.centre_box(), scene.history.rect, countdown] + list(scene.seat_plates.values())
    if scene.human_to_act() is not None:
        pieces.append(scene.picker.rect)
    pieces += [box.rect for box in record.of("die")]
    for seat, rect in buttons.items():
        label = f"{scene.seat_name(seat)}: Call!"
        assert drawn.get(label) == rect, (label, drawn)
        plate = scene.seat_plates[seat]
        assert _gap(rect, plate) <= NEAR, f"{label} at {rect} is far from {scene.seat_name(seat)}'s plate {plate}"
        assert app.canvas.get_rect().contains(rect), rect
        covered = [tuple(p) for p in pieces if p.colliderect(rect)]
        assert not covered, f"{label} at {rect} covers {covered}"
        others = [r for s, r in buttons.items() if s != seat]
        assert rect.collidelist(others) < 0
    return buttons


def test_each_humans_call_button_sits_by_its_nameplate_and_calls_with_the_mouse(app):
    app.settings.call_window = 10   # a slow hand's setting: the click below takes a second or two
    scene = TableScene(app, Match("roll-call", SEATS, None, 3))
    app.start(scene)
    # a human weighs a bid: the others' buttons by their plates, clear of the picker
    _to(app, scene, lambda: scene.human_to_act() is not None and scene.match.state.bid is not None
        and scene.throw_view is None and len(scene.out_of_turn_buttons()) >= 2)
    _check_places(app, scene)
    # an AI weighs a bid under the call window's countdown
    _to(app, scene, lambda: scene.ai_turns.call_window_left > 8 and len(scene.out_of_turn_buttons()) >= 2)
    buttons = _check_places(app, scene)
    caller = max(buttons)
    hands = Hands(app)
    hands.click(f"{scene.seat_name(caller)}: Call!")
    assert hands.has("Sure? Call!")
    hands.wait(0.6)   # a person reads the "Sure?" a moment (``intent.MIN_SECONDS``)
    hands.click("Sure? Call!")
    assert scene.match.history[-1] == (caller, CallOutOfTurn())


def test_at_ten_seats_with_six_humans_each_call_sits_by_its_plate_over_nothing(app):
    """Ten seats with the longest names, six humans at one screen: each
    button beside its own nameplate, over no nameplate, cup, die, the
    countdown or the Peek button's place, its name in whole words; a click
    on one (and on "Sure? Call!") calls.  Seen before: the left seat's button
    115 px from its plate, and two buttons under "Peek at my dice"."""
    from tests.test_layout_check import LONG_NAMES
    names = [LONG_NAMES[i % len(LONG_NAMES)][:14] + (f"{i:02d}" if i >= len(LONG_NAMES) else "") for i in range(10)]
    seats = [Seat(names[i], "human" if i < 6 else "ai", "normal") for i in range(10)]
    app.settings.call_window = 10
    scene = TableScene(app, Match("roll-call", seats, None, 3))
    app.start(scene)
    _to(app, scene, lambda: scene.ai_turns.call_window_left > 8 and len(scene.out_of_turn_buttons()) >= 4)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    buttons = scene.out_of_turn_buttons()
    drawn = {box.text: box.rect for box in record.of("control")}
    cups = []
    for seat, n in enumerate(scene.dice_counts()):
        cup = pygame.Rect(0, 0, scene.cup_px, scene.cup_px)
        cup.center = tuple(round(v) for v in scene.cups.cup_point(seat))
        cups += [cup] if n else []
    countdown = pygame.Rect(0, 0, 300, 46)
    countdown.midtop = (640, 372)
    must_not = (list(scene.seat_plates.values()) + cups + [box.rect for box in record.of("die")]
                + [countdown, scene.hot_seat.peek_button_rect()])
    for seat, rect in buttons.items():
        label = next(text for text, box in drawn.items() if box == rect)
        name = scene.seat_name(seat)
        assert label in (f"{name}: Call!", f"{name.split()[0]}: Call!", "Call!"), label
        assert _gap(rect, scene.seat_plates[seat]) <= NEAR + 8, f"{label} at {rect} is far from its plate"
        # (+8: the bottom-left seat's nearest room is just over its plate, 43 px: under it lie the
        # commentary, beside it the Peek button and a cup)
        covered = [tuple(p) for p in must_not if p.colliderect(rect)]
        assert not covered, f"{label} at {rect} covers {covered}"
    caller = min(buttons)
    hands = Hands(app)
    hands.click(next(text for text, box in drawn.items() if box == buttons[caller]))
    assert hands.has("Sure? Call!")
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    inside = [box for box in record.of("text") if box.rect.colliderect(buttons[caller])]
    assert inside and all(buttons[caller].contains(box.rect.inflate(-2, -2)) for box in inside), \
        [(box.text, box.rect) for box in inside]   # "Maximilian: F3 or click again" ran to the edge
    hands.wait(0.6)
    hands.click("Sure? Call!")
    assert scene.match.history[-1] == (caller, CallOutOfTurn())


@pytest.mark.parametrize("game_id,count", [("roll-call", 10), ("liars-dice", 20)])
def test_the_peek_button_covers_no_nameplate_at_the_biggest_tables(app, game_id, count):
    """Seen in a real window at Roll Call 10 seats with six humans: "Peek at
    my dice" lay over the bottom-left seat's nameplate, its hint cut to
    "Bartholomew : hold Tab or Space".  At the biggest tables, with the
    longest names, it covers no nameplate as drawn, and its words are whole."""
    from game.scenes.launch import make_table
    from tests.test_layout_check import LONG_NAMES
    names = [LONG_NAMES[i % len(LONG_NAMES)][:14] + (f"{i:02d}" if i >= len(LONG_NAMES) else "") for i in range(count)]
    seats = [Seat(names[i], "human" if i < 3 else "ai", "normal") for i in range(count)]
    scene = make_table(app, Match(game_id, seats, None, 3))
    app.start(scene)
    _to(app, scene, lambda: scene.hot_seat.button_shown() and scene.human_to_act() is not None)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    peek = scene.hot_seat.peek_button_rect()
    assert any(box.rect == peek for box in record.of("control"))
    covered = [scene.seat_name(s) for s, plate in scene.seat_plates.items() if plate.colliderect(peek)]
    assert not covered, f"Peek at {peek} covers {covered}'s nameplates"
    words = [box.text for box in record.of("text") if peek.contains(box.rect)]
    assert words and all(" :" not in text for text in words), words
