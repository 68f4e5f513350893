"""Roll the Bones' lesson: the coach's ring runs through no die (issue 39:
at step 9, "A short stack", the ring round the ante buttons took in the
ante note and ran between the rows of your pile)."""
from __future__ import annotations

from game.ui import layout_record
from tests.test_lesson_cards_clear import ring_crosses, steps_of


def test_every_ring_in_the_roll_the_bones_lesson_runs_through_no_die(app):
    rings = 0
    for step, table in steps_of(app, "roll-the-bones"):
        if not step.anchor:
            continue
        with layout_record.recording(app.canvas) as record:
            table.tutorial._placed = table.tutorial._ring_fit = None   # placed and fitted afresh from this frame
            app.draw(0.0)
            app.draw(0.0)
        rings += len(record.of("ring"))
        found = [(tuple(ring.rect), thing.kind, tuple(thing.rect)) for ring in record.of("ring")
                 for thing in record.boxes if thing.kind in ("die", "card") and thing.layer == ring.layer
                 and ring_crosses(ring.rect, layout_record.piece(thing.rect))]
        assert not found, f"step {table.tutorial.tutorial.step_index + 1} {step.title!r}: a ring across {found}"
    assert rings >= 10
