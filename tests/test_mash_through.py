"""A mash through a change of screen chooses nothing on the next screen
(mash33; qa32 in a real window: a 6-click mash on the out card's "Leave to
the title" ended on Roll For It!'s setup, a later click of it on the title's
card under the button).  The person has not seen the new screen: for
``SETTLE_SECONDS`` after a press changed the screen, and after each press
dropped for it, the same button at the same spot takes nothing there
(``InputClock.second_press``); a person who rests and clicks again gets through."""
from __future__ import annotations

import pygame
import pytest

from game.ui.intent import SETTLE_SECONDS, InputClock
from tests.realinput import Hands
from tests.test_out_moment import _find


@pytest.mark.parametrize("every", [0.09, 0.3, 0.5])
def test_a_mash_on_leave_to_the_title_chooses_nothing_on_the_title(app, every):
    """The out card's button lies over the title's Roll For It! card (the
    pause menu's "Save and quit to title" and the results' "Title" over
    nothing the title draws)."""
    _find(app, "liars-dice", {"starting_dice": 2})
    hands = Hands(app)
    hands.frames(2)
    button = hands.find("Leave to the title").rect
    hands.click_mash(button, 6, every=every)
    hands.frames(3)
    assert app.top.name == "title" and len(app.stack) == 1, f"the mash went on to {app.top.name!r}"
    assert any(c.rect.collidepoint(button.center) for c in hands.controls(enabled_only=True)), \
        "a title card lies under the button (else this test proves nothing)"
    hands.wait(SETTLE_SECONDS)
    hands.click(button.center)
    hands.frames(2)
    assert app.top.name == "setup", "a person who saw the title and clicks its card gets the card"


class _Out:
    pass


class _Title:
    pass


def _click(clock: InputClock, top, pos=(800, 430)) -> bool:
    """One click as the app sees it: True when the screen ``top`` gets it."""
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    taken = not clock.second_press(down, top)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    clock.second_press(up, top)
    return taken


def test_clicks_half_a_second_apart_reach_the_new_screen_only_once_it_was_seen():
    clock = InputClock()
    out, title = _Out(), _Title()
    assert _click(clock, out)              # "Leave to the title": the screen changes
    clock.advance(0.5)
    assert not _click(clock, title), "0.5 s after the change: the title is not yet seen"
    clock.advance(0.5)
    assert not _click(clock, title), "the hand clicks on at its pace: still the out card's"
    clock.advance(SETTLE_SECONDS + 0.05)
    assert _click(clock, title), "after a rest: aimed at the title"


def test_a_moved_mouse_aims_at_the_new_screen_at_once():
    clock = InputClock()
    out, title = _Out(), _Title()
    assert _click(clock, out)
    clock.advance(0.1)
    assert _click(clock, title, pos=(300, 300))


@pytest.mark.parametrize("every", [0.09, 0.5])
def test_a_mash_on_the_curtain_makes_no_move_and_shows_nobody_elses_dice(app, every):
    """Hot seat, 3 humans: "I am Player N" mashed lets that person sit at the
    table; the rest of the mash makes no move there, and no die but the
    seated person's is drawn face-up on any frame."""
    from tests.test_real_hands import face_up_owners, hotseat_table
    app.settings.reduced_motion = True
    table = hotseat_table(app, "liars-dice")
    hands = Hands(app)
    assert hands.until(lambda a: a.top.name == "curtain" and hands.has("I am", enabled=True), 30)
    moves = len(table.match.history)
    pos = hands.target("I am")
    hands.move(pos)
    seen: set[int] = set()
    for i in range(6):
        if i:
            for _ in range(max(1, round(every / hands.frame_dt)) - 1):
                hands.frames(1)
                seen |= face_up_owners(table)
        hands.down(pos)
        hands.frames(1)
        seen |= face_up_owners(table)
        hands.up()
    hands.frames(3)
    seen |= face_up_owners(table)
    assert app.top is table and len(table.match.history) == moves, "the mash made a move at the table"
    assert seen <= {table.secrecy.confirmed}, f"dice of {seen} drawn face-up"


@pytest.mark.parametrize("every", [0.09, 0.5])
def test_a_mash_on_a_title_card_stays_on_its_setup(app, every):
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    hands = Hands(app)
    hands.frames(2)
    hands.click_mash("Roll For It!", 6, every=every)
    hands.frames(3)
    assert app.top.name == "setup" and len(app.stack) == 2, f"the mash went on to {app.top.name!r}"
