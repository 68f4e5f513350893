"""While a lesson holds an opponent's turn for the learner, the centre says
what it waits for, never that the opponent is thinking.

Roll Call's lesson asks for a call out of turn while Tom is to act; the
centre read "Tom is thinking…" though nothing moves until the learner calls.
It now reads "Tom waits for you: Call out of turn".  The lesson is followed
as a person does (Enter on each note, the asked bid), the centre's words
read through the layout recorder."""
from __future__ import annotations

import pygame

from game.core.tutorial import right_action
from game.ui import layout_record
from tests.helpers import key
from tests.test_tutorial import open_lesson, until_note


def test_the_roll_call_lesson_says_tom_waits_for_your_call_out_of_turn(app):
    table = open_lesson(app, "roll-call", fresh=True)
    lesson = table.tutorial.tutorial
    for _ in range(10):
        step = until_note(app, table)
        assert step is not None, "the lesson ended before its call out of turn"
        if step.title == "Call out of turn":
            break
        if step.asks:
            assert table.submit(lesson.learner, right_action(lesson)), step.title
        else:
            app.feed(key(pygame.K_RETURN))
        app.run_frames(3)
    app.run_frames(3)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    words = [b.text for b in record.of("text")]
    assert not [w for w in words if "thinking" in w], words
    assert "Tom waits for you: Call out of turn" in words, words
    found = [p for p in layout_record.problems(record) if "waits" in p]
    assert not found, "\n".join(found)
