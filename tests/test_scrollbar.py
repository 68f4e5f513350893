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
