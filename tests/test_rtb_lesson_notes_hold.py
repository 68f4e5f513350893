"""Issue 39, Roll the Bones lesson 13 to 14 ("Mags antes between two
notes"): card 13 reads over the held pot split ("Mags takes 6 dice"); its
Next let the split go, and the next round's forced ante (Mags's, made by
the rules at the roll) slid into the pot with its log line "Mags antes"
before card 14 showed, though card 14's moment had come and a note holds
the table.  Now the forced antes wait until the lesson's notes are read:
nothing moves between two notes.

The lesson is played with the mouse (Next clicked where drawn); what each
frame shows is read from the words it drew (``layout_record``)."""
from __future__ import annotations

from game.ui import layout_record
from tests.test_lesson_cards_clear import click, steps_of

REDUCED_MOTION = False
"""The antes fly at the settings' own pace."""


def drawn_words(app) -> list[str]:
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return [b.text for b in record.boxes if b.kind == "text" and b.text.strip()]


def to_two_pots_two_winners(app):
    """The lesson played with the mouse up to card 13, "Two pots, two winners"; its table."""
    for step, table in steps_of(app, "roll-the-bones"):
        if step.title == "Two pots, two winners":
            return table
    raise AssertionError("the lesson never showed 'Two pots, two winners'")


def test_nothing_moves_between_the_last_two_notes_of_roll_the_bones(app):
    table = to_two_pots_two_winners(app)
    lesson = table.tutorial.tutorial
    before = drawn_words(app)
    assert "6 six-siders" in before and "Mags antes" not in before, before
    click(app, table.tutorial._buttons["next"].center)
    seen: list[list[str]] = []
    for _ in range(600):
        app.run_frames(1)
        seen.append(drawn_words(app))
        if table.tutorial.visible_step() is not None:
            break
    assert table.tutorial.visible_step() is lesson.steps[13], "card 14 did not come"
    moved = [words for words in seen if "Mags antes" in words or "4 six-siders" in words]
    assert not moved, f"Mags's ante was shown between two notes ({len(moved)} of {len(seen)} frames): {moved[-1]}"
    assert "no dice" in seen[-1], seen[-1]


def test_nobody_is_lit_as_next_to_ante_while_the_notes_hold(app):
    """Issue 39, the same notes: while card 13's pot split and card 14 hold
    the next round's forced antes, Tom's nameplate was lit as the one about
    to ante (the glow of the seat to act), though nobody acts until the
    notes are read.  No plate is lit until the round goes on."""
    table = to_two_pots_two_winners(app)
    lesson = table.tutorial.tutorial
    lit: list[tuple[str, str]] = []

    def look(when: str) -> None:
        app.draw(0.0)
        if table.highlighted_seat is not None:
            lit.append((when, table.seat_name(table.highlighted_seat)))
    look("card 13")
    click(app, table.tutorial._buttons["next"].center)
    for _ in range(600):
        app.run_frames(1)
        look("between the cards")
        if table.tutorial.visible_step() is not None:
            break
    assert table.tutorial.visible_step() is lesson.steps[13], "card 14 did not come"
    for _ in range(30):
        app.run_frames(1)
        look("card 14")
    assert not lit, f"lit as next to act while the notes hold: {sorted(set(lit))} ({len(lit)} frames)"
