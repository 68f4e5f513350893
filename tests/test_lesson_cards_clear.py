"""Lesson cards and rings keep off what they do not point at (issue 39,
found in the real-window walkthrough of every lesson step):

- a step that points at nothing (the welcome, the last "You've got it!")
  placed its card by the words and dice the table drew; a score sheet or a
  dice tray drawn as one picture records none, so Diced Out's last card lay
  on the score sheet ("DICED O" left of it), Roll the Bones' on the centre
  pot, Roll For It!'s on the tray.  Such a card now keeps off what the table
  keeps clear for the coach (``coach_keep_clear``) wherever it can;
- the ring round a target grew to take in a line of words it would cut;
  under Roll For It!'s cards that line is the prompt as wide as all three,
  so the ring round one card ran through the others (and round the buttons,
  through a rolled die).  The ring is pulled in on that side instead.

The lessons are played with the mouse: "Next" is clicked where it is drawn,
a die dragged onto its card, a button clicked."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.tutorial import right_action
from game.ui import layout_record
from tests.helpers import key, past_the_opening
from tests.test_tutorial import watch_through

LESSONS = [g for g in games.GAME_IDS if games.tutorial_script(g) is not None]


def ring_crosses(ring: pygame.Rect, piece: pygame.Rect) -> bool:
    """A ring's line runs through ``piece`` (half of it in the frame, half out)."""
    return ring.colliderect(piece) and not ring.contains(piece)


def click(app, pos) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def steps_of(app, game_id):
    """Play ``game_id``'s lesson; yield (step, table) at each card as drawn.
    A note's "Next" is clicked at its drawn place; a move asked for is made
    as the lesson wants it (the table's own submit)."""
    from game.scenes.learn import LearnScene, start_tutorial
    app.start(LearnScene(app))
    assert start_tutorial(app, game_id, fresh=True)
    past_the_opening(app)
    table = app.top
    lesson = table.tutorial.tutorial
    for _ in range(400):
        if lesson.done or app.top is not table:
            return
        app.run_frames(4000, until=lambda a: table.tutorial.visible_step() is not None
                       or table.held.moment is not None or lesson.done or table.waiting_thrower is not None)
        step = table.tutorial.visible_step()
        if step is None:
            app.feed(key(pygame.K_SPACE if table.waiting_thrower is not None else pygame.K_RETURN))
            continue
        app.run_frames(20)
        index = lesson.step_index
        yield step, table
        if lesson.step_index != index:
            continue   # the caller made the move (clicked it where it is drawn)
        if step.asks:
            assert table.submit(lesson.learner, right_action(lesson))
        elif step.watches:
            watch_through(app, table, lesson)
        else:
            index = lesson.step_index
            click(app, table.tutorial._buttons["next"].center)
            app.run_frames(2)
            assert lesson.step_index != index or lesson.done, "Next did not take the click where it is drawn"


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_card_pointing_at_nothing_keeps_off_what_the_table_keeps_clear(app, game_id):
    seen = []
    lesson = None
    for step, table in steps_of(app, game_id):
        lesson = table.tutorial.tutorial
        if step.anchor:
            continue
        card = table.tutorial._buttons["card"]
        covered = [tuple(r) for r in table.coach_keep_clear() if card.colliderect(r)]
        seen.append(lesson.step_index)
        assert not covered, f"{step.title!r}: the card {tuple(card)} lies on {covered}"
    assert lesson is not None and lesson.done and seen


def ringed_steps(app, game_id):
    """Each lesson step that points at something, with the record of a frame
    whose ring was placed and fitted afresh."""
    for step, table in steps_of(app, game_id):
        if not step.anchor:
            continue
        with layout_record.recording(app.canvas) as record:
            table.tutorial._placed = table.tutorial._ring_fit = None   # placed and fitted afresh from this frame
            app.draw(0.0)
            app.draw(0.0)
        yield step, table, record


def rings_across_pieces(record):
    """(ring, kind, box) for each recorded die or card a ring runs through."""
    return [(tuple(ring.rect), thing.kind, tuple(thing.rect)) for ring in record.of("ring")
            for thing in record.boxes if thing.kind in ("die", "card") and thing.layer == ring.layer
            and ring_crosses(ring.rect, layout_record.piece(thing.rect))]


def test_the_ring_round_a_roll_for_it_card_runs_through_no_other_card_or_die(app):
    """Steps 3 to 11 of Roll For It!: on the old code the ring round the
    (3 3) card was (310, 94, 633, 338), through the third card's "3 dice"."""
    rings = 0
    for step, _table, record in ringed_steps(app, "roll-for-it"):
        rings += len(record.of("ring"))
        found = rings_across_pieces(record)
        assert not found, f"{step.title!r}: a ring across {found}"
    assert rings >= 9


def test_the_side_pot_note_names_you_inside_its_sentence(app):
    """Roll the Bones lesson, "The side pot": the note under it read "for You
    and Tom" (a capital You mid-sentence); it reads "for you and Tom"."""
    for step, table in steps_of(app, "roll-the-bones"):
        if step.title == "The side pot":
            assert table._pot_note(table.shown, 1) == "for you and Tom"
            return
    raise AssertionError("the lesson showed no side pot step")


def test_an_arrow_keeps_off_the_controls_it_does_not_point_at(app):
    """Roll For It! step 8 points at Take Back: its arrow came down 11 px
    from the right edge of "Roll for it!" above it, its head touching that
    button, to the ring's top corner (read as pointing at both).  An arrow now
    keeps 8 px off every control outside its ring, or the ring alone shows
    the target."""
    arrows = 0
    for step, table, record in ringed_steps(app, "roll-for-it"):
        rings = [ring.rect for ring in record.of("ring")] + [table.tutorial._buttons["card"]]   # and its own card's
        for arrow in record.of("arrow"):
            arrows += 1
            near = [control.text for control in record.of("control") if arrow.line is not None
                    and not any(ring.contains(control.rect) for ring in rings)
                    and layout_record.arrow_covers(arrow.line, arrow.head, control.rect.inflate(16, 16))]
            assert not near, f"{step.title!r}: the arrow runs along {near}"
    assert arrows >= 5


def test_the_ring_round_a_diced_out_number_stays_in_its_column(app):
    """Diced Out step 5 rings the 11 of your sheet: the ring ran 11 px into
    the 10 and 12 cells either side, under their headings; it now hugs the cell."""
    seen = 0
    for step, table, record in ringed_steps(app, "diced-out"):
        if not step.anchor.startswith("number:"):
            continue
        geo = table.sheets[table.humans[0]]
        cell = geo.cell(min(table.state.round_index, 3), int(step.anchor[7:]))
        for ring in record.of("ring"):
            seen += 1
            assert cell.inflate(8, 8).contains(ring.rect), f"the ring {tuple(ring.rect)} spills from the cell {tuple(cell)}"
    assert seen


def test_the_roll_the_bones_cards_cover_no_word_of_the_table(app):
    """Roll the Bones asks "Roll your 12-sided bone?" (it said "Roll the
    bone?", not which die the bone is).  The longer question stands over the
    "No bone" button, outside the ring, so every arrow to the button crossed
    words: no place passed, and step 11's card fell back to the place that
    keeps clear only what the table keeps clear, over the question (and, a
    line longer, over the "You" nameplate).  The card now takes a place
    clear of the table's words with the ring alone showing its target."""
    asked, steps = set(), 0
    for step, table, record in ringed_steps(app, "roll-the-bones"):
        steps += 1
        card = table.tutorial._buttons["card"]
        asked |= {b.text for b in record.of("text") if "bone?" in b.text}
        drawn_card = next(b.order for b in record.of("panel") if b.rect == card)
        covered = [b.text or b.kind for b in record.boxes[:drawn_card] if b.layer == 0 and card.colliderect(b.rect)
                   and (b.kind in ("die", "control") or b.kind == "text" and b.text.strip())]
        assert not covered, f"step {table.tutorial.tutorial.step_index + 1} {step.title!r}: the card {tuple(card)} lies on {covered}"
    assert asked == {"Roll your 12-sided bone?"} and steps >= 8


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_card_never_lies_on_the_since_your_last_move_card(app, game_id):
    """The "since your last move" card opens as the learner's turn starts,
    after the step's card was placed; the card kept its place: Roll the
    Bones' "A short stack" (610, 10, 400, 192) lay on its last lines
    (238, 12, 420, 171).  A card is placed again when it opens."""
    for step, table in steps_of(app, game_id):
        card, since = table.tutorial._buttons.get("card"), table.since
        assert not (card and since.shown and card.colliderect(since.card_rect(app.theme))), \
            f"{step.title!r}: the card {tuple(card)} lies on {tuple(since.card_rect(app.theme))}"


def test_the_short_stack_card_stands_by_the_button_it_asks_for(app):
    """Roll the Bones step 9, "A short stack", asks for "Ante 2 six-siders"
    at the bottom of the screen: its card sat at the top, 430 px above the
    button, the one place whose arrow crossed no words (the row's "1 to the
    centre, 1 to the side pot" and the question stand over the buttons).  A
    card whose arrow would be that long now takes the nearest clear place
    with the ring alone: just above the buttons, over no word or die.  The
    learner then clicks the ringed button where it is drawn."""
    from game.ui.drawn_controls import CONTROLS
    for step, table, record in ringed_steps(app, "roll-the-bones"):
        if step.title != "A short stack":
            continue
        card = table.tutorial._buttons["card"]
        ring = record.of("ring")[0].rect
        gap = max(ring.top - card.bottom, card.top - ring.bottom, ring.left - card.right, card.left - ring.right)
        assert gap <= 120, f"the card {tuple(card)} stands {gap} px from its ring {tuple(ring)}"
        drawn_card = next(b.order for b in record.of("panel") if b.rect == card)
        covered = [b.text or b.kind for b in record.boxes[:drawn_card] if b.layer == 0 and card.colliderect(b.rect)
                   and (b.kind in ("die", "control") or b.kind == "text" and b.text.strip())]
        assert not covered, f"the card {tuple(card)} lies on {covered}"
        assert not [p for p in layout_record.problems(record) if "arrow" in p], "an arrow across the table"
        button = next(c for c in CONTROLS.last if c.label == "Ante 2 six-siders" and ring.contains(c.rect))
        index = table.tutorial.tutorial.step_index
        click(app, button.rect.center)
        app.run_frames(30)
        assert table.tutorial.tutorial.step_index != index, "the ringed button did not take the click"
        return
    raise AssertionError("the lesson showed no short stack step")


def test_the_diced_out_card_stands_over_the_roll_it_tells_of(app):
    """Diced Out step 10 reads "8 again with no rerolls left: Diced Out!":
    the round's last roll left the tray as the new round began, before the
    card came up, so it told of dice no longer there.  The tray keeps them
    while the lesson's note is read."""
    for step, table in steps_of(app, "diced-out"):
        if step.title != "Diced Out!":
            continue
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        on_tray = [b for b in record.of("die") if table.tray.contains(b.rect)]
        assert len(on_tray) == 2, f"the tray shows {len(on_tray)} dice under the card"
        assert table.last_total is not None and table.last_total[1] == 8, table.last_total
        return
    raise AssertionError("the lesson showed no Diced Out! step")


@pytest.mark.parametrize("game_id", LESSONS)
def test_an_arrow_meets_its_ring_on_a_side_not_at_a_corner(app, game_id):
    """Roll Call step 9 points at Call!: the card stood right of the bid
    picker, a little higher than the ring, so its arrow ran flat along the
    ring's top edge and ended at the corner where the picker's border meets
    it (Diced Out step 7's ran along the sheet's grid line to the rerolls').
    An arrow now meets a side of its ring at least 8 px from a corner."""
    for step, table, record in ringed_steps(app, game_id):
        for arrow in record.of("arrow"):
            ring = record.of("ring")[0].rect
            tip = arrow.line[1]
            near_x = min(abs(tip[0] - ring.left), abs(tip[0] - ring.right))
            near_y = min(abs(tip[1] - ring.top), abs(tip[1] - ring.bottom))
            assert max(near_x, near_y) >= 8, \
                f"{step.title!r}: the arrow ends at {tip}, the corner of the ring {tuple(ring)}"


def test_the_palifico_note_and_your_turn_stand_apart(app):
    """Liar's Dice step 8, "A Palifico raise": "Palifico: fives only, no
    wilds" stood on "Your turn" under it (their boxes 1 px apart: the
    descender of "only" on the capital Y).  The turn line is lower."""
    for step, table in steps_of(app, "liars-dice"):
        if step.title != "A Palifico raise":
            continue
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        texts = {b.text: b.rect for b in record.of("text")}
        note = next(rect for text, rect in texts.items() if text.startswith("Palifico:"))
        turn = texts["Your turn"]
        assert turn.top - note.bottom >= 4, f"the note {tuple(note)} touches the turn line {tuple(turn)}"
        return
    raise AssertionError("the lesson showed no Palifico raise")


def test_the_diced_out_reroll_cards_stand_beside_the_reroll_boxes(app):
    """Diced Out steps 7 ("A reroll") and 11 ("Who loses a reroll?") talk
    about the reroll boxes at the sheet's foot: their cards stood right of
    the sheet, 376 px from the boxes (the narrow card did not fit left of
    the sheet).  The ring now takes in the "REROLLS" label, and a slim card
    stands beside it, left of the sheet, covering no word, die or panel; its
    two buttons apart, each taking the click where it is drawn."""
    seen = []
    for step, table, record in ringed_steps(app, "diced-out"):
        if step.anchor != "rerolls":
            continue
        seen.append(step.title)
        card = table.tutorial._buttons["card"]
        ring = record.of("ring")[0].rect
        gap = max(ring.top - card.bottom, card.top - ring.bottom, ring.left - card.right, card.left - ring.right)
        assert gap <= 24, f"{step.title!r}: the card {tuple(card)} stands {gap} px from its ring {tuple(ring)}"
        sheet = table.sheets[table.humans[0]].rect
        assert not card.colliderect(sheet), f"{step.title!r}: the card {tuple(card)} lies on the sheet {tuple(sheet)}"
        drawn_card = next(b.order for b in record.of("panel") if b.rect == card)
        covered = [b.text or b.kind for b in record.boxes[:drawn_card] if b.layer == 0 and card.colliderect(b.rect)
                   and (b.kind in ("die", "control", "panel") or b.kind == "text" and b.text.strip())]
        assert not covered, f"{step.title!r}: the card {tuple(card)} lies on {covered}"
        skip, nxt = table.tutorial._buttons["skip"], table.tutorial._buttons["next"]
        assert nxt.left - skip.right >= 12 and card.contains(skip) and card.contains(nxt), (skip, nxt, card)
    assert seen == ["A reroll", "Who loses a reroll?"], seen
