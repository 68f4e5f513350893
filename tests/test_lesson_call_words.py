"""Roll Call's lesson says what its Call! button does (issue 39, seen walking
the lesson with the mouse): the out-of-turn Call! asks "Sure?" first, so
the card says to press it twice, and the hint names no corner the button is
not in."""
from __future__ import annotations

import pygame

from game.scenes.learn import LearnScene, start_tutorial
from game.ui.drawn_controls import CONTROLS
from tests.helpers import key, past_the_opening


def _click(app, rect):
    pos = pygame.Rect(rect).center
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(2)


def test_the_out_of_turn_call_step_says_it_asks_sure(app):
    app.start(LearnScene(app))
    assert start_tutorial(app, "roll-call", fresh=True)
    past_the_opening(app)
    table = app.top
    lesson = table.tutorial.tutorial
    for _ in range(200):
        app.run_frames(4000, until=lambda a: table.tutorial.visible_step() is not None or lesson.done)
        step = table.tutorial.visible_step()
        if step.title == "Call out of turn":
            break
        if step.is_note:
            app.feed(key(pygame.K_RETURN))
        else:
            from game.core.tutorial import right_action
            assert table.submit(lesson.learner, right_action(lesson))
        app.run_frames(2)
    step = table.tutorial.visible_step()
    assert step is not None and step.title == "Call out of turn"
    app.run_frames(2)
    call = next(c for c in CONTROLS.last if c.label.endswith("Call!") and c.enabled and c.scene is table)
    _click(app, call.rect)
    armed = [c.label for c in CONTROLS.last if c.scene is table and c.enabled]
    assert any(label.startswith("Sure?") for label in armed), armed
    assert "Sure?" in step.text, "the card says the button asks first"
    assert "corner" not in (step.hint or "") or call.rect.top < 100 or call.rect.left > 1000
