"""Starting a new game while an unfinished one is saved asks first: the new
game's first move would replace the save Continue resumes (playtest s16)."""
import pygame

from game.core import saves
from game.core.match import Match, Seat
from tests.helpers import past_the_opening

SEATS = [Seat("You", "human"), Seat("Ada", "ai", "normal"), Seat("Bram", "ai", "hard")]


def _save_unfinished(app) -> Match:
    match = Match("liars-dice", SEATS, seed=31)
    while len(match.history) < 6:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    app.autosave.save(match)
    app.autosave.flush()
    return match


def _open_setup(app, game_id="roll-the-bones"):
    from game.scenes.setup import SetupScene
    app.start(SetupScene(app, game_id, offer_tutorial=False))
    app.run_frames(1)
    return app.top


def _key(app, key):
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.run_frames(1)


def test_new_game_over_a_saved_one_asks_and_esc_keeps_it(app):
    from game.scenes.confirm import ConfirmScene
    from game.scenes.setup import SetupScene
    _save_unfinished(app)
    described = app.autosave.describe()
    assert described.startswith("Liar's Dice")
    setup = _open_setup(app)
    setup.start()
    app.run_frames(1)
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert f"Your saved game ({described}) will be replaced" in question.text
    assert [b.text for b in question.ui.widgets] == ["Keep it", "Start new"]
    assert question.ui.focused.text == "Keep it"      # Enter alone never throws the save away
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SetupScene)
    assert saves.has_autosave() and app.autosave.describe() == described


def test_start_new_opens_the_table(app):
    from game.ui.table_scene import TableScene
    _save_unfinished(app)
    setup = _open_setup(app)
    setup.start()
    app.run_frames(1)
    button = next(w for w in app.top.ui.widgets if w.text == "Start new")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    past_the_opening(app, 2)
    assert isinstance(app.top, TableScene) and app.top.match.game_id == "roll-the-bones"


def test_no_saved_game_no_question(app):
    from game.ui.table_scene import TableScene
    assert not saves.has_autosave()
    setup = _open_setup(app)
    setup.start()
    past_the_opening(app, 1)
    assert isinstance(app.top, TableScene)


def test_play_again_after_a_finished_game_does_not_ask(app):
    """A finished game clears the autosave, so "Play again" starts at once."""
    from game.scenes.results import ResultsScene
    from game.ui.table_scene import TableScene
    match = Match("liars-dice", [Seat("Ada", "ai", "easy"), Seat("Bram", "ai", "easy")], seed=5)
    while not match.is_over:
        match.step()
    app.autosave.save(match)
    assert not saves.has_autosave()
    app.start(ResultsScene(app, match))
    app.run_frames(1)
    app.top.play_again_new()
    past_the_opening(app, 1)
    assert isinstance(app.top, TableScene)


def test_a_lesson_never_touches_the_saved_game(app):
    from game.scenes.learn import start_tutorial
    _save_unfinished(app)
    described = app.autosave.describe()
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    start_tutorial(app, "liars-dice")
    past_the_opening(app, 30)
    table = app.top
    assert table.match.tutorial
    app.autosave.save(table.match)
    assert app.autosave.describe() == described
