"""The last line of defence: an unexpected error in any scene saves the game,
writes a crash report, shows the apology screen, and Enter goes back to the
title where Continue resumes the game.  Never a traceback for the player."""
import pygame
import pytest

from game.app import App
from game.core import saves, userfiles
from game.core.match import Match, Seat
from game.scenes.crash import CrashScene
from game.scenes.title import TitleScene
from game.ui.scene import Scene
from tests.helpers import key, past_the_opening, start_table


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    return tmp_path


def _app():
    app = App(headless=True)
    app.contain_errors = True
    return app


def _table_mid_game(app):
    match = Match("liars-dice", [Seat("Bo", "ai", "hard"), Seat("Cy", "ai", "easy"), Seat("You")], seed=42)
    match.play_out()  # AI and chance until the human must act
    scene = start_table(app, match)
    return scene, match


class Failing(Scene):
    """A scene that fails where it is told to (update, draw, event, enter)."""
    overlay = True

    def __init__(self, app, where):
        super().__init__(app)
        self.where = where

    def _maybe(self, where):
        if self.where == where:
            raise KeyError(f"injected failure in {where}")

    def enter(self):
        self._maybe("enter")

    def update(self, dt):
        self._maybe("update")

    def draw(self, canvas, alpha):
        self._maybe("draw")

    def handle_event(self, event):
        self._maybe("event")


@pytest.mark.parametrize("where", ["update", "draw", "event", "enter", "table"])
def test_a_failing_scene_saves_reports_apologises_and_continue_works(home, capsys, where, monkeypatch):
    app = _app()
    table, match = _table_mid_game(app)
    history = list(match.history)
    if where == "table":  # the game's own table scene fails
        monkeypatch.setattr(table, "update", lambda dt: 1 / 0)
    else:
        app.push(Failing(app, where))
    app.run_frames(2)
    if where == "event":
        app.feed(key(pygame.K_a))
        app.run_frames(1)
    assert isinstance(app.top, CrashScene) and len(app.stack) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1

    # the game was saved, and the report says what happened and to which game
    assert app.autosave.load().history == history
    reports = sorted(home.glob("crash-*-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text()
    for needle in ("Traceback", "ZeroDivisionError" if where == "table" else "injected failure",
                   "version: ", "seed: 42", "game: liars-dice", "options: ", "last actions:"):
        assert needle in text, needle
    assert len(history) > 1 and text.count(": player ") == min(50, len(history))
    assert "Your game was saved" in " ".join(t for t, _c in app.top.lines())
    assert str(reports[0]) in " ".join(t for t, _c in app.top.lines())

    # Enter: back to the title, and Continue resumes the same game
    app.feed(key(pygame.K_RETURN))
    app.run_frames(2)
    assert isinstance(app.top, TitleScene)
    app.top.continue_game()
    past_the_opening(app, 2)
    assert app.top.match.history == history


def test_a_crash_outside_a_game_says_nothing_was_lost(home):
    app = _app()
    app.start(TitleScene(app))
    app.push(Failing(app, "draw"))
    app.run_frames(2)
    assert isinstance(app.top, CrashScene)
    assert "nothing was lost" in app.top.lines()[0][0]
    assert not saves.has_autosave()


def test_two_crashes_in_one_second_get_two_reports(home):
    app = _app()
    for _ in range(2):
        app.start(TitleScene(app))
        app.push(Failing(app, "update"))
        app.run_frames(2)
    assert len(list(home.glob("crash-*.txt"))) == 2


def test_a_crash_on_the_apology_screen_ends_the_game_cleanly(home, monkeypatch):
    app = _app()
    app.start(TitleScene(app))
    app.push(Failing(app, "update"))
    app.run_frames(2)
    monkeypatch.setattr(app.top, "draw", lambda canvas, alpha: 1 / 0)
    app.run_frames(2)
    assert not app.running and app.exit_code == 1


def test_headless_tests_still_see_errors():
    """Containment is for players; in tests a bug must fail loudly."""
    app = App(headless=True)
    app.start(TitleScene(app))
    app.push(Failing(app, "update"))
    with pytest.raises(KeyError):
        app.run_frames(2)


def test_an_unwritable_data_folder_still_gets_the_apology(home, monkeypatch):
    app = _app()
    _table_mid_game(app)
    monkeypatch.setattr(userfiles, "write_crash_report", lambda text: None)
    monkeypatch.setattr(app.autosave, "save", lambda match: (_ for _ in ()).throw(userfiles.UserFileError("disk full")))
    app.push(Failing(app, "update"))
    app.run_frames(2)
    lines = " ".join(t for t, _c in app.top.lines())
    assert "could not be saved" in lines and "could not be written" in lines
