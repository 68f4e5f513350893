"""The setup screens' value rows answer the mouse as a board-game app does:
a click on a row's words or on its value (the number itself) only takes the
focus, the value box's arrow sides change it, and the keys still do
(game/ui/widgets.py, ``_ValueRow.click``).

A click on a row's label raised its value: a player pointing at "Starting
dice" to read it got one more die without noticing.  Every value row of
every game's setup screen is clicked where its words and its arrows are
drawn (the layout recorder's text boxes), as a person does.  A click on
the number itself raised it too (the box's right half held it): a player
clicking "3" to see whether it is editable got a 4."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.ui import layout_record
from tests.realinput import Hands

VALUE_KINDS = ("stepper", "choice", "toggle")


def _setup(app, game_id: str) -> Hands:
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SetupScene(app, game_id, offer_tutorial=False))
    app.apply_transitions()
    hands = Hands(app)
    hands.wait(0.5)
    return hands


def _values(scene) -> tuple:
    """Everything a setup row sets: the options, the seats and their kinds, phones."""
    return (sorted((k, repr(v)) for k, v in scene.options.items()),
            [row.kind for row in scene.seat_rows], scene.use_phones)


def _drawn(app, row) -> dict[str, pygame.Rect]:
    """Where ``row``'s words and its arrows are drawn this frame (by their text)."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    inside = [b for b in record.of("text") if row.rect.contains(b.rect)]
    return {b.text: b.rect for b in inside}


def _widget(app, label: str):
    """The top screen's value row labelled ``label`` (what its value reads)."""
    return next(w for w in app.top.ui.widgets if getattr(w, "label", None) == label)


def _rows(hands) -> list:
    """The value rows with words of their own (a seat's kind row has none)."""
    return [c for c in hands.controls(enabled_only=True) if c.kind in VALUE_KINDS and c.label]


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_clicking_a_rows_words_changes_nothing_and_its_arrows_change_it(app, game_id):
    hands = _setup(app, game_id)
    rows = _rows(hands)
    assert any(c.label == "Players" for c in rows) and len(rows) >= 2, [c.label for c in hands.controls()]
    for label in [c.label for c in rows]:
        row = hands.find(label, exact=True)
        drawn = _drawn(app, row)
        before = _values(app.top)
        hands.click(drawn[label])
        assert _values(app.top) == before, f"{game_id}: a click on the words {label!r} changed a value"
        shown = _widget(app, label).value_text()
        hands.click(drawn[shown])
        assert _values(app.top) == before, f"{game_id}: a click on {label!r}'s value {shown!r} changed a value"
        assert app.top.ui.focused is _widget(app, label), f"{game_id}: a click on {shown!r} left {label!r} unfocused"
        arrow = "\u203a" if label != "Players" else "\u2039"   # more seats would only add a row
        if label == "Players" and app.top.info.min_players == len(app.top.seat_rows):
            arrow = "\u203a"
        hands.click(drawn[arrow])
        assert _values(app.top) != before, f"{game_id}: the {arrow} arrow of {label!r} changed nothing"
        hands.click(_drawn(app, hands.find(label, exact=True))["\u2039" if arrow == "\u203a" else "\u203a"])


def test_the_keys_still_change_a_row_its_words_focused(app):
    """A click on the words gives the row the focus: Right then raises it."""
    hands = _setup(app, "liars-dice")
    label = next(c.label for c in _rows(hands) if c.label.startswith("Starting dice"))
    before = dict(app.top.options)
    hands.click(_drawn(app, hands.find(label, exact=True))[label])
    assert app.top.options == before
    hands.press(pygame.K_RIGHT)
    assert app.top.options["starting_dice"] == before["starting_dice"] + 1


def test_clicking_a_seats_kind_in_its_middle_changes_nothing(app):
    """A seat's kind row has no words of its own: its value ("Human") only
    focuses, its arrows cycle the kind."""
    hands = _setup(app, "liars-dice")
    scene = app.top
    row = next(w for w in scene.ui.widgets if type(w).__name__ == "Choice" and not w.label)
    before = _values(scene)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    shown = next(b.rect for b in record.of("text") if b.text == row.value_text() and row.rect.contains(b.rect))
    hands.click(shown)
    assert _values(scene) == before and scene.ui.focused is row
    arrow = next(b.rect for b in record.of("text") if b.text == "\u203a" and row.rect.collidepoint(b.rect.center))
    hands.click(arrow)
    assert _values(scene) != before


def test_the_settings_rows_change_by_their_arrows_only(app):
    """Settings: a click on a row's words or its value (e.g. "80 %") changes
    nothing and focuses the row; its "‹" lowers (the Display row is left alone)."""
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SettingsScene(app))
    app.apply_transitions()
    hands = Hands(app)
    hands.wait(0.5)
    scene = app.top

    def settings() -> dict:
        return dict(vars(app.settings))

    rows = [w for w in scene.ui.widgets if type(w).__name__ in ("Stepper", "Choice", "Toggle")]
    assert len(rows) >= 8
    for row in rows:
        drawn = _drawn(app, row)
        before = settings()
        for words in (row.label, row.value_text()):
            hands.click(drawn[words])
            assert settings() == before, f"a click on {words!r} of {row.label!r} changed a setting"
            assert scene.ui.focused is row
        if row.label != "Display":
            hands.click(drawn["\u2039"])
            if settings() == before:   # at its lowest
                hands.click(drawn["\u203a"])
            assert settings() != before, f"the arrows of {row.label!r} changed nothing"
