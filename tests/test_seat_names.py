"""Seat names and the grammar of every sentence about a seat (issue 13).

Hot-seat seats default to "Player 1", "Player 2"... (one human alone is
"You"); sentences address the lone human as "you" and everybody else by
name in the third person, decided by the seats' kind, never by comparing a
name with "You"; a name field selects its text when focused, so typing
replaces it (no more "YoAnn")."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.ui.grammar import Voice
from tests.helpers import key


def text_event(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def test_voice_follows_the_seat_kind_not_the_name():
    solo = Voice([Seat("Ann"), Seat("Mags", "ai", "easy")])
    assert solo.says(0, "loses", "lose") == "You lose" and solo.possessive(0) == "Your"
    assert solo.says(1, "loses", "lose") == "Mags loses" and solo.object(1) == "Mags"
    hot = Voice([Seat("You"), Seat("Player 2"), Seat("Mags", "ai", "easy")])
    assert hot.says(0, "opens", "open") == "You opens"  # a typed name "You" is still a third person
    assert hot.says(1, "has", "have") == "Player 2 has" and hot.possessive(1) == "Player 2's"
    assert Voice([Seat("A", "ai", "easy"), Seat("B", "ai", "hard")]).subject(0) == "A"


def test_setup_default_names_follow_how_many_humans_sit_down(app):
    from game.scenes.setup import SetupScene, default_seats
    scene = SetupScene(app, "liars-dice", default_seats(4))
    app.start(scene)
    assert [r.name for r in scene.seat_rows] == ["You", "Mags", "Old Tom", "Bertha"]
    scene.set_kind(2, "human")
    assert [r.name for r in scene.seat_rows] == ["Player 1", "Mags", "Player 2", "Bertha"]
    assert [s.name for s in scene.seats()] == ["Player 1", "Mags", "Player 2", "Bertha"]
    scene.set_name(1, "Ann")           # a typed name sticks through kind changes
    scene.set_kind(1, "human")
    assert [r.name for r in scene.seat_rows] == ["Player 1", "Ann", "Player 3", "Bertha"]
    scene.set_kind(2, "hard")          # back to an AI: its tavern name returns
    scene.set_kind(1, "easy")
    assert [r.name for r in scene.seat_rows] == ["You", "Ann", "Old Tom", "Bertha"]
    scene.set_seat_count(2)
    assert [r.name for r in scene.seat_rows] == ["You", "Ann"]


def test_setup_kind_choice_renames_defaults_through_the_widgets(app):
    from game.scenes.setup import SetupScene, default_seats
    from game.ui.widgets import Choice, TextInput
    scene = SetupScene(app, "roll-call", default_seats(3))
    app.start(scene)
    kind = [w for w in scene.ui.widgets if isinstance(w, Choice) and w.value == "normal"][0]
    scene.ui.focus(kind)
    app.feed(key(pygame.K_LEFT))  # normal -> easy -> human
    app.feed(key(pygame.K_LEFT))
    names = [w.text for w in scene.ui.widgets if isinstance(w, TextInput)][:3]
    assert names == ["Player 1", "Player 2", "Old Tom"]


@pytest.mark.parametrize("how", ["click", "tab"])
def test_name_field_selects_its_text_when_focused_so_typing_replaces_it(app, how):
    from game.scenes.setup import SetupScene, default_seats
    from game.ui.widgets import TextInput
    scene = SetupScene(app, "liars-dice", default_seats(3))
    app.start(scene)
    field = [w for w in scene.ui.widgets if isinstance(w, TextInput)][0]
    assert field.text == "You"
    if how == "click":
        app.feed(click(field.value_rect.center))
    else:
        index = scene.ui.widgets.index(field)
        scene.ui.focus_index = index - 1
        app.feed(key(pygame.K_TAB))
    assert scene.ui.focused is field and field.selected
    app.feed(text_event("Ann"))
    assert field.text == "Ann" and scene.seat_rows[0].name == "Ann"  # not "YoAnn"
    app.feed(text_event("a"))
    assert field.text == "Anna"  # typing goes on after the replacement
    app.feed(key(pygame.K_BACKSPACE))
    assert field.text == "Ann"
    scene.draw(app.canvas, 0.0)


def _table(app, game_id, seats, seed=4):
    from game.scenes.launch import make_table
    table = make_table(app, Match(game_id, seats, None, seed))
    app.start(table)
    return table


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_bidding_sentences_use_the_seat_kind(app, game_id):
    hot = _table(app, game_id, [Seat("Player 1"), Seat("Player 2"), Seat("Mags", "ai", "easy")])
    title, _hint = hot.text.opening(hot.snap)
    opener = hot.match.state.opener
    assert title.endswith(f"{hot.seat_name(opener)} {'opens' if opener != 2 else 'opens'} the bidding")
    solo = _table(app, game_id, [Seat("Ann"), Seat("Mags", "ai", "easy"), Seat("Finn", "ai", "easy")])
    assert solo.words.says(0, "loses", "lose") == "You lose"
    assert solo.text.opening(solo.snap)[0].endswith(("You open the bidding", "Mags opens the bidding",
                                             "Finn opens the bidding"))


def test_roll_for_it_says_you_are_rolling_not_you_is(app):
    table = _table(app, "roll-for-it", [Seat("Ann"), Seat("Mags", "ai", "easy")])
    words = table.words
    assert words.says(0, "is", "are") + " rolling..." == "You are rolling..."
    assert f"{words.says(0, 'takes', 'take')} the card!" == "You take the card!"
    hot = _table(app, "roll-for-it", [Seat("Player 1"), Seat("Player 2")])
    assert f"{hot.words.says(1, 'takes', 'take')} the card!" == "Player 2 takes the card!"


def test_results_title_grammar(app):
    from game.scenes.results import ResultsScene
    match = Match("liars-dice", [Seat("Ann"), Seat("Mags", "ai", "easy")], {"starting_dice": 1}, 2)
    while not match.is_over:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[-1])
    title = ResultsScene(app, match).title
    assert title in ("You win!", "Mags wins!")
