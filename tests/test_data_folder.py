"""One running table per data folder (issue 42): the copy that plays holds an
OS-level lock; a second copy says so on its title and offers read-only
(replays, stats) or another folder; a killed copy's lock is gone with it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import userfiles
from game.scenes.title import GameCard, TitleScene
from tests.helpers import key
from tests.test_game_end import ROOT, button, click

SHOTS = Path(os.environ.get("DICE_TAVERN_TEST_SHOTS", "/tmp/dice-tavern-shots"))


def _env(home: Path) -> dict:
    env = {**os.environ, "DICE_TAVERN_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("DICE_TAVERN_KILL_AT", None)
    return env


def _title(home: Path) -> str:
    out = subprocess.run([sys.executable, "-m", "tests.endgame_child", "title"], cwd=ROOT, env=_env(home),
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip().splitlines()[-1]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills with SIGKILL")
def test_two_copies_one_folder_then_the_first_is_killed(tmp_path):
    """Two processes: the first holds the folder, the second opens read-only
    with no game offered; once the first is killed (no clean exit, its lock
    file left behind) a new copy plays again."""
    first = subprocess.Popen([sys.executable, "-m", "tests.endgame_child", "hold"], cwd=ROOT, env=_env(tmp_path),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().strip() == "read_only=False"   # it holds the lock now
        assert _title(tmp_path) == "read_only=True playable=0"
    finally:
        first.kill()
        first.wait(60)
    assert (tmp_path / "table.lock").exists(), "the killed copy's lock file stays"
    assert _title(tmp_path).startswith("read_only=False playable=")
    assert _title(tmp_path) != "read_only=False playable=0"


def test_a_second_copy_says_so_and_moves_to_another_folder(tmp_path, monkeypatch):
    """In one process, two apps on one folder: the second one's title says the
    folder is in use, offers no game and no Continue, and the mouse on
    "Another folder" gives it a folder of its own where it plays."""
    from game.app import App
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    first = App(headless=True, lock_folder=True)
    second = App(headless=True, lock_folder=True)
    try:
        assert not first.read_only and second.read_only
        second.start(TitleScene(second))
        second.run_frames(2)
        title = second.top
        assert not [w for w in title.ui.widgets if isinstance(w, GameCard) and w.enabled]
        labels = [getattr(w, "text", "") for w in title.ui.widgets if not isinstance(w, GameCard)]
        assert labels == ["Play here", "Another folder", "Replays", "Stats", "Quit"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(second.canvas, str(SHOTS / "title-read-only.png"))
        click(second, button(title, "Play here").rect.center)
        assert second.read_only, "the first copy still holds the folder"
        click(second, button(title, "Another folder").rect.center)
        assert not second.read_only
        assert userfiles.data_dir() == tmp_path.with_name(tmp_path.name + "-2")
        cards = [w for w in second.top.ui.widgets if isinstance(w, GameCard) and w.enabled]
        assert cards
        second.run_frames(2)
        pygame.image.save(second.canvas, str(SHOTS / "title-another-folder.png"))
        click(second, cards[0].rect.center)
        assert second.top.name == "setup"
    finally:
        second.shutdown()
        first.shutdown()


def test_a_folder_that_cannot_be_written_is_not_blamed_on_another_window(tmp_path, monkeypatch):
    """A read-only data folder (seen in a window on a read-only mount) made
    the title say "Dice Tavern is already open with this data folder in
    another window", with no other window open, and "Play here" then said the
    other copy was still open.  The title now says the folder cannot be
    written and why, in the system's words; Another folder still plays.
    (A regular file where the folder's parent should be makes a folder no
    one can write, root included.)"""
    from game.app import App
    from tests.test_rtb_lesson_notes_hold import drawn_words
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("in the way")
    home = blocker / "DiceTavern"
    monkeypatch.setenv("DICE_TAVERN_HOME", str(home))
    app = App(headless=True, lock_folder=True)
    try:
        assert app.read_only
        app.start(TitleScene(app))
        app.run_frames(2)
        words = drawn_words(app)
        assert not [w for w in words if "another window" in w], words
        said = [w for w in words if w.startswith("The data folder cannot be written: ")]
        assert said and said[0].endswith("not-a-folder is a file, not a folder."), words   # phones33: was "Not a directory."
        assert blocker.read_text() == "in the way", "the file in the way was touched"
    finally:
        app.shutdown()


def _menu_buttons(app) -> list:
    return [w for w in app.top.ui.widgets if not isinstance(w, GameCard) and getattr(w, "visible", True)]


def test_an_unwritable_folder_still_plays_and_says_once_that_nothing_is_saved(tmp_path, monkeypatch):
    """A data folder that cannot be written, with no folder beside it that
    can (the folder's parent is a file: unwritable for root too).  qa31 found
    every game disabled there (only Replays, Stats and Quit); phones33: the
    games play, in memory.  The title says why and where ("... is a file,
    not a folder") and that nothing is saved; the first game says it once
    more, and its records' own failures (the autosave each move, the finished
    game) are not told again; the file in the way is untouched."""
    from game.app import App
    from game.core.match import Match, Seat
    from tests.test_rtb_lesson_notes_hold import drawn_words
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("in the way")
    monkeypatch.setenv("DICE_TAVERN_HOME", str(blocker / "DiceTavern"))
    app = App(headless=True, lock_folder=True)
    told: list[str] = []
    toast = app.toast
    monkeypatch.setattr(app, "toast", lambda message: (told.append(message), toast(message)))
    try:
        app.settings.reduced_motion = True
        app.settings.animation_speed = "instant"
        app.start(TitleScene(app))
        app.run_frames(2)
        buttons = _menu_buttons(app)
        assert [b.text for b in buttons] == ["Replays", "Stats", "Quit"]
        assert not [b for b in buttons if b.primary]
        cards = [w for w in app.top.ui.widgets if isinstance(w, GameCard) and w.enabled]
        assert cards, "no game can be played"
        words = drawn_words(app)
        assert "Nor can a folder beside it. You can play, but nothing is saved: no Continue, replays or stats." \
            in words, words
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.canvas, str(SHOTS / "title-unwritable-nothing-beside.png"))
        liars = next(c for c in cards if c.game_id == "liars-dice")
        click(app, liars.rect.center)
        app.run_frames(2)
        assert app.top.name == "setup"
        from game.scenes.launch import make_table
        match = Match("liars-dice", [Seat("Ann", "ai", "easy"), Seat("Mags", "ai", "normal")], None, seed=4)
        app.start(make_table(app, match))
        app.run_frames(3)
        app.feed(key(pygame.K_ESCAPE))   # the pause menu promises no save it cannot make
        app.run_frames(2)
        assert app.top.name == "pause"
        leave = [b.text for b in _menu_buttons(app)]
        assert "Quit without saving" in leave and "Save and quit to title" not in leave, leave
        app.feed(key(pygame.K_ESCAPE))
        app.run_frames(20000, until=lambda a: a.top is not None and a.top.name == "results")
        assert match.is_over and app.top.name == "results", "the game did not play to its results"
        assert told == [f"Nothing you play is saved: {blocker} is a file, not a folder."], told
        assert app.read_only and blocker.read_text() == "in the way"
    finally:
        app.shutdown()
    assert blocker.read_text() == "in the way"


def test_a_data_folder_set_to_a_file_is_said_plainly_and_another_folder_plays(tmp_path, monkeypatch, capsys):
    """``DICE_TAVERN_HOME`` (or --data-dir) pointing at a file: the start said
    "Settings reset to defaults: could not read settings.json: Not a directory."
    (no settings file was there to reset) and the title "Not a directory".
    Now the title says the path is a file, not a folder; "Another folder"
    plays beside it; the file is never touched."""
    from game.app import App
    from tests.test_rtb_lesson_notes_hold import drawn_words
    home = tmp_path / "notes.txt"
    home.write_text("the player's own notes")
    monkeypatch.setenv("DICE_TAVERN_HOME", str(home))
    app = App(headless=True, lock_folder=True)
    try:
        assert "Settings reset" not in capsys.readouterr().err
        assert not app.toasts
        app.start(TitleScene(app))
        app.run_frames(2)
        said = [w for w in drawn_words(app) if w.startswith("The data folder cannot be written: ")]
        assert said and said[0].endswith("notes.txt is a file, not a folder."), said   # a long path: its last names
        click(app, button(app.top, "Another folder").rect.center)
        assert not app.read_only and app.records_off is None
        assert userfiles.data_dir() == tmp_path / "notes.txt-2"
        assert [w for w in app.top.ui.widgets if isinstance(w, GameCard) and w.enabled]
    finally:
        app.shutdown()
    assert home.read_text() == "the player's own notes"


def test_an_unwritable_folder_with_room_beside_it_offers_another_folder(tmp_path, monkeypatch):
    """The data folder cannot be written (a file stands where it should be)
    but a folder beside it can: "Another folder" is offered first and
    highlighted, "Play here" is not, and the click plays there."""
    from game.app import App
    home = tmp_path / "DiceTavern"
    home.write_text("a file where the folder should be")
    monkeypatch.setenv("DICE_TAVERN_HOME", str(home))
    app = App(headless=True, lock_folder=True)
    try:
        assert app.read_only and app.table_lock.unwritable
        app.start(TitleScene(app))
        app.run_frames(2)
        buttons = _menu_buttons(app)
        assert [b.text for b in buttons] == ["Another folder", "Replays", "Stats", "Quit"]
        assert [b.text for b in buttons if b.primary] == ["Another folder"]
        click(app, button(app.top, "Another folder").rect.center)
        assert not app.read_only and userfiles.data_dir() == tmp_path / "DiceTavern-2"
        assert [w for w in app.top.ui.widgets if isinstance(w, GameCard) and w.enabled]
    finally:
        app.shutdown()
