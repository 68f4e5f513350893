"""Roll the Bones' lesson: the coach's ring runs through no die (issue 39:
at step 9, "A short stack", the ring round the ante buttons took in the
ante note and ran between the rows of your pile)."""
from __future__ import annotations

from tests.test_lesson_cards_clear import ringed_steps, rings_across_pieces


def test_every_ring_in_the_roll_the_bones_lesson_runs_through_no_die(app):
    rings = 0
    for step, table, record in ringed_steps(app, "roll-the-bones"):
        rings += len(record.of("ring"))
        found = rings_across_pieces(record)
        assert not found, f"step {table.tutorial.tutorial.step_index + 1} {step.title!r}: a ring across {found}"
    assert rings >= 10
