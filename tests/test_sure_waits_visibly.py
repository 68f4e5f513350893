"""Issue 39: a confirm button ("Sure? Call!") pressed within half a second of
arming only re-arms it (``intent.SecondPress``: a double-click must not
call), and the player saw no sign of it: the button said "C or click again"
from its first frame, and a click then did nothing visible.  The armed
button now says "wait a moment…" until a second press would fire it, and
says it again after a press that came too soon.

Driven with the mouse at the buttons as drawn; the words are read from what
the frame drew inside the armed button (``layout_record``)."""
from __future__ import annotations

import pygame

from game.ui import layout_record
from game.ui.intent import SecondPress
from tests.realinput import Hands
from tests.test_liars_dice_scene import table, until_human


def words_in(app, rect: pygame.Rect) -> list[str]:
    """The words the next frame draws inside ``rect``."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return [b.text for b in record.boxes if b.kind == "text" and rect.contains(b.rect)]


def armed_call(app):
    """A Liar's Dice table where the human may call, "Call!" clicked once."""
    scene = table(app, seed=4)
    until_human(app, scene)
    hands = Hands(app)
    if scene.match.state.current_bid is None:   # the human opens: a bid first, then the AIs answer
        hands.click("Bid")
        until_human(app, scene)
    hands.frames(1)
    hands.click("Call!")
    return scene, hands


def test_an_armed_call_says_wait_until_a_second_click_would_call(app):
    scene, hands = armed_call(app)
    moves = len(scene.match.history)
    button = hands.find("Sure? Call!").rect
    assert SecondPress.WAIT_WORDS in words_in(app, button)
    hands.wait(0.2)
    hands.click(button.center)   # too soon: it only re-arms
    assert len(scene.match.history) == moves
    assert SecondPress.WAIT_WORDS in words_in(app, button), "a press that only re-armed showed no sign"
    hands.wait(0.7)
    shown = words_in(app, button)
    assert SecondPress.WAIT_WORDS not in shown and any("click again" in w for w in shown), shown
    hands.click(button.center)
    assert len(scene.match.history) == moves + 1, "the second click, once ready, calls"
