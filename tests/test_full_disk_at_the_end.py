"""A disk that fills up as a game ends (qa28, played in a window on a 200 KB
folder): the finished game's commit could not be written, and the results
said "Could not save the finished game: could not save liars-dice-7-71.json:
No space left on device (it is kept and saved at" - the toast was cut at 120
letters, and the promise it was cutting was not true either: nothing was
kept for the next start; the autosave still held the game, and only
Continue on the title recorded it; "Watch replay" said only
"20261129-023104-liars-dice-7.json does not exist".  Each toast is now read
whole (wrapped), says what really keeps the game, and the game just played
can be watched from memory."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core import finished, saves, userfiles
from game.core.match import Match, Seat
from game.core.userfiles import UserFileError
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.test_game_end import button, click

FULL = "No space left on device"


def _fill_the_disk_for_the_commit(monkeypatch) -> None:
    """Writing the finished game's commit (``finishing/*.json``) fails as on a full disk."""
    write = userfiles.atomic_write_json

    def atomic_write_json(path, document, *args, **kwargs):
        if Path(path).parent == finished.pending_dir():
            raise UserFileError(f"could not save {Path(path).name}: {FULL}")
        return write(path, document, *args, **kwargs)
    monkeypatch.setattr(userfiles, "atomic_write_json", atomic_write_json)


def _to_the_results(app, match):
    start_table(app, match)
    app.run_frames(20000, until=lambda a: a.top is not None and a.top.name == "results")
    assert app.top.name == "results", app.top.name


def _toast_words(app) -> list[str]:
    """The words of the toasts as drawn on the next frame (the panels and
    words drawn last, over every screen), each checked inside the window."""
    with layout_record.recording(app.canvas) as record:
        app.run_frames(1)
    first = len(record.boxes)
    while first > 0 and record.boxes[first - 1].kind in ("text", "panel"):
        first -= 1
    while record.boxes[first].kind != "panel" or record.boxes[first].rect.top != 14:
        first += 1   # the screen's own words drawn last, before the first toast
    canvas = app.canvas.get_rect()
    lines = [b for b in record.boxes[first:] if b.kind == "text"]
    for box in lines:
        assert canvas.contains(box.rect), f"{box.text!r} runs out of the window: {box.rect}"
    return [b.text for b in lines]


def test_the_message_of_a_game_that_could_not_be_saved_is_read_whole_and_true(app):
    match = Match("liars-dice", [Seat("Mags", "ai", "easy"), Seat("Old Tom", "ai", "easy")],
                  {"starting_dice": 1}, seed=7)
    with pytest.MonkeyPatch.context() as full_disk:
        _fill_the_disk_for_the_commit(full_disk)
        start_table(app, match)
        app.run_frames(20000, until=lambda a: bool(a.toasts))
        assert match.is_over and not finished.pending() and not saves.list_replays()
        assert saves.has_autosave(), "the autosave still holds the game"
        said = " ".join(_toast_words(app))
        assert said.startswith("Could not save the finished game:"), said
        assert FULL in said, said
        assert said.endswith("It is kept: Continue on the title saves it."), said
        assert "next start" not in said, "nothing was kept for the next start"
        app.run_frames(20000, until=lambda a: a.top is not None and a.top.name == "results")

    # the promise holds: room again, Title and Continue by the mouse record the game once
    results = app.top
    assert results.name == "results"
    app.run_frames(90)   # the results take a press only after a second
    click(app, button(results, "Title").rect.center)
    app.run_frames(3)
    title = app.top
    assert title.name == "title"
    click(app, button(title, "Continue").rect.center)
    app.run_frames(20000, until=lambda a: a.top is not None and a.top.name == "results")
    assert app.top.name == "results"
    finished.wait_all()
    assert not saves.has_autosave() and not finished.pending()
    replays = saves.list_replays()
    assert len(replays) == 1, replays
    kept = saves.read_record(Path(replays[0]))
    assert (kept["game"], kept["seed"], len(kept["actions"])) == ("liars-dice", 7, len(match.history))


def test_a_long_toast_is_wrapped_inside_the_window_never_cut(app):
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.run_frames(2)
    words = " ".join(["Wwwwwwww"] * 30) + " the end."
    app.toast(words)
    lines = _toast_words(app)
    assert len(lines) > 1 and " ".join(lines) == words, lines


def test_the_game_just_played_can_be_watched_though_its_replay_could_not_be_written(app):
    match = Match("liars-dice", [Seat("Mags", "ai", "easy"), Seat("Old Tom", "ai", "easy")],
                  {"starting_dice": 2}, seed=11)
    with pytest.MonkeyPatch.context() as full_disk:
        _fill_the_disk_for_the_commit(full_disk)
        start_table(app, match)
        app.run_frames(20000, until=lambda a: a.top is not None and a.top.name == "results")
        results = app.top
        assert results.name == "results" and not saves.list_replays()
        app.run_frames(90)   # the results take a press only after a second
        click(app, button(results, "Watch replay").rect.center)
        past_the_opening(app, 2)
        table = app.top
        assert getattr(table, "replay", None) is not None, ("the replay opens", table.name, app.toasts)
        assert [a for _, a in table.replay.actions] == [a for _, a in match.history]
