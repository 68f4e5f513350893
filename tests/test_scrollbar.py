"""The scrollbar (``widgets.Scrollbar``, one for every long list or page): a
thumb a person drags and a track clicked to move a page, as a desktop list's.
The replay list's own test is in test_replay_list.py; here the rules page,
which drew a thumb that did nothing under the mouse."""
from __future__ import annotations

from game import games
from game.scenes.rules import RulesScene
from game.scenes.title import TitleScene
from tests.realinput import Hands


def _rules_page(app):
    """Liar's Dice's rules page over the title, drawn, and a person's hands."""
    app.start(TitleScene(app))
    app.push(RulesScene(app, "liars-dice"))
    app.apply_transitions()
    hands = Hands(app)
    hands.frames(2)
    return app.top, hands


def test_the_rules_pages_thumb_drags_the_page(app):
    rules, hands = _rules_page(app)
    assert games.game_info("liars-dice") and rules.max_scroll > 0, "the rules are longer than their panel"
    track, thumb = hands.find("Scroll bar").rect, hands.find("Scroll thumb").rect
    hands.down(thumb.center)
    hands.move((thumb.centerx, track.bottom + 30))
    hands.frames(1)
    hands.up()
    hands.frames(1)
    assert rules.scroll == rules.max_scroll, "the thumb at the bottom shows the end of the rules"
    assert hands.find("Scroll thumb").rect.bottom == track.bottom
    hands.click((track.centerx, track.top + 4))   # the track above the thumb: a page up
    assert 0 < rules.scroll < rules.max_scroll
    hands.click("Back")
    assert isinstance(app.top, TitleScene)


def test_the_keyboard_moves_a_focused_scrollbar(app):
    """The mouse over the bar gives it the focus (as every widget): Left and
    Right then move the page, rather than do nothing."""
    import pygame
    rules, hands = _rules_page(app)
    hands.move((hands.find("Scroll bar").rect.centerx, hands.find("Scroll bar").rect.bottom - 4))
    hands.press(pygame.K_RIGHT)
    assert rules.scroll > 0
    hands.press(pygame.K_LEFT)
    assert rules.scroll == 0


def test_enter_on_a_focused_scrollbar_turns_a_page_and_the_hint_says_drag(app):
    """The rules page's hint named the keys and the wheel but not the bar a
    person drags; the focused bar (its ring lit) did nothing on Enter.  Enter
    now turns a page, from the end back to the start; the hint says "Drag"."""
    import pygame
    from game.ui import layout_record
    rules, hands = _rules_page(app)
    bar = hands.find("Scroll bar").rect
    hands.move((bar.centerx, bar.bottom - 4))   # the mouse over the bar gives it the focus
    hands.press(pygame.K_RETURN)
    assert rules.scroll > 0, "Enter on the focused scrollbar did nothing"
    for _ in range(40):
        if rules.scroll == rules.max_scroll:
            break
        hands.press(pygame.K_RETURN)
    assert rules.scroll == rules.max_scroll
    hands.press(pygame.K_RETURN)
    assert rules.scroll == 0, "Enter at the end goes back to the start"
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    hint = [b for b in record.of("text") if "scroll" in b.text]
    assert hint and "Drag the bar" in hint[0].text, [b.text for b in record.of("text")]
    assert not layout_record.problems(record)
