"""A seat's name field shows the whole name, typed or read, at every seat count.

At 20 seats (Liar's Dice) the fields stand in two narrow columns and cut a
sixteen-letter name with "…" ("WWWWWWW…", "山田太郎山田太…"): a player could
neither read the name they had typed nor see what they were editing.  A name
too long for one line now takes two smaller lines, broken as a nameplate's
is (``layout.fit_plate_name``).  The test sets the seat count with the
Players row's drawn arrow, clicks each name field where it is drawn, types a
name and reads every field's words through the layout recorder."""
from __future__ import annotations

import pytest

from game.ui import layout_record
from tests.realinput import Hands

NAMES = ["WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMM", "Wilhelmina Stout", "山田太郎山田太郎山田太郎山田太郎",
         "Александра Ивано", "אברהם בן דוד כהן", "محمد عبد الرحمن", "Bartholomew Quil"]
"""Sixteen letters (the most a name takes), the widest Latin ones and other scripts."""


def _drawn_words(app) -> list[tuple[str, object]]:
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return [(b.text, b.rect) for b in record.of("text")]


def _words_in(drawn, rect) -> str:
    return " ".join(text for text, box in drawn if rect.contains(box))


def _name_fields(hands) -> list:
    return [c for c in hands.controls() if c.kind == "textinput" and c.label != "Seed"]


@pytest.mark.parametrize("game_id, seats", [("liars-dice", 20), ("roll-call", 10), ("liars-dice", 2)])
def test_every_name_field_shows_its_whole_name_while_typed_and_after(app, game_id, seats):
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SetupScene(app, game_id, offer_tutorial=False))
    app.apply_transitions()
    hands = Hands(app)
    hands.wait(0.3)
    while len(_name_fields(hands)) != seats:
        players = hands.find("Players", exact=True)
        arrow = "\u203a" if len(_name_fields(hands)) < seats else "\u2039"
        hands.click(next(box for text, box in _drawn_words(app) if text == arrow and players.rect.contains(box)))
    typed = {}
    for i in range(seats):
        field = _name_fields(hands)[i]
        hands.click(field.rect)
        name = NAMES[i % len(NAMES)] if i < len(NAMES) else NAMES[i % len(NAMES)][:14] + f"{i:02d}"
        hands.type(name)
        hands.frames(1)
        typed[i] = name
        shown = _words_in(_drawn_words(app), field.rect)
        assert shown.replace(" ", "") == name.replace(" ", ""), \
            f"{game_id} at {seats} seats: typing {name!r} into seat {i + 1}'s field shows {shown!r}"
    drawn = _drawn_words(app)
    for i, field in enumerate(_name_fields(hands)):
        shown = _words_in(drawn, field.rect)
        assert shown.replace(" ", "") == typed[i].replace(" ", ""), \
            f"{game_id} at {seats} seats: seat {i + 1}'s field reads {shown!r}, not {typed[i]!r}"
    assert [s.name for s in app.top.seats()] == [typed[i] for i in range(seats)]
