"""Roll the Bones at six seats: the centre pot's "for ..." note and a side
pot's beside it read as two notes, and the plate that opens a shortened note
under the mouse covers no other words (issue 39: both notes, "for all but
Wilhelmina and 1 other", ran within 2 px of each other and read as one line;
the side pot's plate lay over the centre pot's note)."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.games.roll_the_bones import felt
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.realinput import Hands
from tests.test_layout_check import LONG_NAMES
from tests.test_rtb_words_clear import start_with_piles

NOTES_APART = 12
"""Pixels at least between two pots' notes side by side (or 6 above each other)."""


@pytest.fixture
def table(app, monkeypatch):
    """Six seats with the longest names, three short: the announcements of
    the first round, a side pot open and both pots' notes shown."""
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(LONG_NAMES[i], "ai", "easy") for i in range(6)]
    table = start_table(app, Match("roll-the-bones", seats, None, 11))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: table.shown.phase == "declare" and not table.is_busy()
                   and table._pot_note(table.shown, 0) is not None and len(table.shown.pots) > 1)
    assert table._pot_note(table.shown, 0) and table._pot_note(table.shown, 1), "both pots have a note"
    return table


def _notes(table, record) -> dict[int, list[pygame.Rect]]:
    """Each pot's note lines as drawn: the words centred under its tray, below its count."""
    out: dict[int, list[pygame.Rect]] = {}
    for i, (x, y) in enumerate(table.pot_spots()):
        below = y + felt.pot_radius(i) + 18
        out[i] = [b.rect for b in record.of("text") if abs(b.rect.centerx - x) <= 1 and b.rect.top >= below
                  and b.rect.top < below + 60]
    return out


def test_the_centre_and_side_pot_notes_keep_apart(app, table):
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    notes = _notes(table, record)
    assert all(notes.values()), notes
    for i, lines in notes.items():
        for j, others in notes.items():
            if i < j:
                for a in lines:
                    for b in others:
                        assert not a.inflate(2 * NOTES_APART, 6).colliderect(b), (i, a, j, b)


def test_a_note_opened_under_the_mouse_covers_no_other_words(app, table, monkeypatch):
    app.draw(0.0)
    assert len(table.note_hovers) >= 2, "both notes were shortened"
    for note, whole in list(table.note_hovers):
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: Hands(app).to_window(note.center))
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        plate = record.of("panel")[-1].rect
        under = [b.text for b in record.of("text") if b.order < record.of("panel")[-1].order
                 and b.rect.colliderect(plate) and not note.contains(b.rect)]
        assert not under, f"{whole!r} covers {under}"
