"""Roll the Bones: a pot's "for ..." note names its seats in whole words
(issue 39: at six seats with the longest names a side pot read "for
Bartholo, Evangeli", every name cut after eight letters)."""
from __future__ import annotations

import re

import pytest

from game.core.match import Match, Seat
from game.games.roll_the_bones import felt
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.test_layout_check import LONG_NAMES
from tests.test_rtb_words_clear import start_with_piles


def _width(text: str) -> int:
    return 5 * len(text)   # a plain stand-in for a font: five pixels a letter


@pytest.mark.parametrize("names, room, said", [
    (["You", "Old Tom", "Bertha"], 160, "for You, Old Tom and Bertha"),
    (["Bartholomew Quil", "Evangeline Rook"], 160, "for Bartholomew and Evangeline"),
    (["Bartholomew Quil", "You"], 160, "for Bartholomew Quil and You"),
    (["Bartholomew Quil", "Evangeline Rook", "Maximilian Crow"], 160, "for Bartholomew and 2 others"),
    (["Wilhelmina Stout"], 40, "for Wilhelmina"),
])
def test_a_pot_note_shortens_at_whole_words(names, room, said):
    """Full names where they fit; else the longest become their first word;
    else as many as fit and how many others; never a name cut mid-word."""
    assert felt.names_note("for", names, _width, room) == said


def test_every_pot_note_at_six_seats_names_whole_words(app, monkeypatch):
    """Six seats with the longest names, three of them short: each side pot's
    note, as drawn, is made of whole names or their first words (and "N
    others"), and fits its room."""
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(LONG_NAMES[i], "ai", "easy") for i in range(6)]
    table = start_table(app, Match("roll-the-bones", seats, None, 11))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: len(table.shown.pots) > 1 and table.shown.pots[1] and not table.is_busy())
    assert len(table.shown.pots) > 1 and table.shown.pots[1], "the short seats' antes opened a side pot"
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    notes = [box.text for box in record.of("text") if box.text.startswith("for ")]
    assert notes, "the side pots say who they are for"
    words = {word for name in LONG_NAMES for word in name.split()} | {"all", "but", "and", "others", "other"}
    for note in notes:
        said = note.removeprefix("for ").replace(",", "").split()
        assert all(w in words or w.isdigit() for w in said), f"a name cut mid-word: {note!r}"
        assert app.theme.font(13).size(note)[0] <= felt.POT_NOTE_WIDTH, note


@pytest.mark.parametrize("split, said", [((0, 1), "it goes to the side pot: a short player cannot match it"),
                                         ((0, 3), "all 3 go to the side pot: a short player cannot match them"),
                                         ((2, 1), "2 to the centre, 1 to the side pot (six-siders fill the centre first)")])
def test_the_ante_note_counts_one_die_as_one(split, said):
    """Seen in a real window at ante 1 (six seats, short players): "all 1 go
    to the side pot: a short player cannot match them"."""
    from types import SimpleNamespace

    from game.games.roll_the_bones import prompts
    assert prompts.ante_note(SimpleNamespace(ante_split=lambda player: split), 0) == said


def test_pile_words_keep_off_the_side_seats_nameplates(app, monkeypatch):
    """Seen in a real window at six seats with the longest names: "0
    six-siders · 2 bones" began on Wilhelmina's plate edge and "10
    six-siders · 1 bone" ended on Evangeline's.  Every pile's words keep
    8 px or more from every nameplate at their height."""
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(LONG_NAMES[i], "ai", "easy") for i in range(6)]
    table = start_table(app, Match("roll-the-bones", seats, None, 11))
    past_the_opening(app)
    app.run_frames(2)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    piles = [box for box in record.of("text") if "six-sider" in box.text or box.text == "all in play"
             or re.fullmatch(r"\d+ bones?", box.text)]   # a pile of bones alone: "2 bones"
    assert len(piles) == 6
    near = [(box.text, seat) for box in piles for seat, plate in table.seat_plates.items()
            if box.rect.inflate(16, 0).colliderect(plate)]
    assert not near, near


def test_a_shortened_note_names_everyone_whole_under_the_mouse(app, monkeypatch):
    """"for all but Wilhelmina and 1 other": with the mouse over the note,
    a plate under it names every seat whole."""
    import pygame

    from tests.realinput import Hands
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(LONG_NAMES[i], "ai", "easy") for i in range(6)]
    table = start_table(app, Match("roll-the-bones", seats, None, 11))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: len(table.shown.pots) > 1 and table.shown.pots[1] and not table.is_busy())
    app.draw(0.0)
    assert table.note_hovers, "a note was shortened"
    note, _whole = table.note_hovers[-1]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: Hands(app).to_window(note.center))
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    said = [box.text for box in record.of("text") if box.text.startswith(("Side pot for", "Centre pot for"))]
    assert said, [box.text for box in record.of("text")]
    shortened = " ".join(box.text for box in record.of("text") if note.contains(box.rect))   # the note's lines
    named = [table.seat_name(p) for p in range(6) if table.seat_name(p).split()[0] in shortened]
    assert named and all(name in said[0] for name in named), (shortened, said)
    assert " and " in said[0] and "other" not in said[0], said
