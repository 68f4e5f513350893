"""A lesson step that asks for one button rings that button, not its row
(found walking every lesson with the mouse in a real window, issue 39).

Roll For It!'s "Take Back" step ringed "Roll for it!" and "Take Back"
together, its arrow landing beside "Roll for it!", so a newcomer following
the arrow pressed the wrong one and got the hint; Roll the Bones' ante and
bone steps ringed both buttons of their row, the arrow between them.  Each
such step now rings the button it names; the test clicks the one button the
ring holds, where it is drawn, and the lesson moves on."""
from __future__ import annotations

import pygame
import pytest

from game.ui import layout_record
from tests.realinput import Hands
from tests.test_lesson_cards_clear import steps_of

ASKED = {
    "roll-for-it": {"Take Back": "Take Back"},
    "roll-the-bones": {"The ante": "Ante 2 six-siders", "Bone!": "Bone!", "The second pass": "Bone!",
                       "A short stack": "Ante 2 six-siders", "No bone": "No bone"},
}


def ring_as_drawn(app, table) -> pygame.Rect:
    """The ring of the card on screen, from a frame drawn afresh."""
    with layout_record.recording(app.canvas) as record:
        table.tutorial._placed = table.tutorial._ring_fit = None
        app.draw(0.0)
        app.draw(0.0)
    rings = {tuple(r.rect) for r in record.of("ring")}
    assert len(rings) == 1, rings
    return pygame.Rect(rings.pop())


@pytest.mark.parametrize("game_id", sorted(ASKED))
def test_a_step_asking_for_one_button_rings_it_alone_and_clicking_it_goes_on(app, game_id):
    hands = Hands(app)
    asked = ASKED[game_id]
    seen = []
    for step, table in steps_of(app, game_id):
        if not step.asks or step.title not in asked:
            continue
        lesson = table.tutorial.tutorial
        index = lesson.step_index
        ring = ring_as_drawn(app, table)
        inside = [c for c in hands.controls(enabled_only=True) if ring.contains(c.rect) and c.kind == "button"]
        labels = [c.label for c in inside]
        assert len(inside) == 1 and labels[0].startswith(asked[step.title]), \
            f"{step.title!r}: the ring {tuple(ring)} holds {labels}"
        hands.click(inside[0])
        hands.frames(2)
        assert lesson.step_index == index + 1, f"{step.title!r}: clicking {labels[0]!r} in the ring did not go on"
        seen.append(step.title)
    assert sorted(set(seen)) == sorted(asked)
