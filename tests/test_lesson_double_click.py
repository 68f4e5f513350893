"""A double-click takes one lesson step, never two (found walking the lessons
in a real window with double-clicks, tools/walk_lessons.py WALK_DOUBLE=1).

Roll For It!, "Match it!": a 3 held, a double-click on the (3 3) card placed
both 3s: "Score it!" (the step that says a full card scores) was skipped,
and again at "Match again" / "Score again" with the 4s.  The second press of
a double-click whose first press took a step is now dropped by the coach, as
a new screen never takes it (game/ui/intent.py)."""
from __future__ import annotations

import pygame

from tests.realinput import Hands
from tests.test_lesson_cards_clear import steps_of

REDUCED_MOTION = False   # the placed die flies to its card, as in play


def test_a_double_click_on_a_card_places_one_die_and_shows_the_next_step(app):
    hands = Hands(app)
    seen = []
    for step, table in steps_of(app, "roll-for-it"):
        if step.title not in ("Match it!", "Match again"):
            continue
        lesson = table.tutorial.tutorial
        index = lesson.step_index
        face = 3 if step.title == "Match it!" else 4
        hands.click(f"die {face}")
        card = next(c for c in hands.controls() if c.label.startswith(f"card 2: {face} {face}"))
        hands.double_click(card)
        hands.wait(1.0)
        assert lesson.step_index == index + 1, \
            f"{step.title!r}: a double-click took the lesson from step {index + 1} to {lesson.step_index + 1}"
        assert table.tutorial.visible_step() is lesson.steps[index + 1]
        seen.append(step.title)
    assert seen == ["Match it!", "Match again"]


def test_a_double_click_on_next_does_not_roll_the_dice_under_it(app):
    """Diced Out: a double-click on "Next" of each note took two steps (1 to
    3, 3 to 5, 7 to 9): its second press rolled the dice,
    so "Roll: click the dice tray" was never seen.  On a busy machine both
    clicks reach the game in one frame: the second went to the table, which
    rolls at a click while it waits for the throw."""
    hands = Hands(app)
    notes = 0
    for step, table in steps_of(app, "diced-out"):
        lesson = table.tutorial.tutorial
        if not step.is_note or lesson.step_index + 1 >= len(lesson.steps):
            continue
        index, moves = lesson.step_index, len(lesson.match.history)
        spot = hands.to_window(table.tutorial._buttons["next"].center)
        press = [pygame.event.Event(kind, pos=spot, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
        hands.same_frame(press + press)   # both clicks in one frame, as on a busy machine
        hands.frames(2)
        assert lesson.step_index == index + 1, \
            f"{step.title!r}: a double-click on Next took the lesson from step {index + 1} to {lesson.step_index + 1}"
        assert len(lesson.match.history) == moves or not lesson.steps[index + 1].watches, "the second press rolled"
        notes += 1
    assert notes >= 3
