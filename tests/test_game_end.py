"""The end of a game as one durable path (issue 42, issue 38's "Game end as
one path"): finishing, "Skip to the results", the crash rescue and a kill at
any step all leave each finished game counted once in the stats, once in the
AIs' memory, with one replay, and no Continue for a game that is over."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import finished, saves, stats, userfiles
from game.core.match import Match, Seat
from tests.helpers import past_the_opening

ROOT = Path(__file__).resolve().parents[1]


# --- real input: a mouse click at a drawn canvas position -------------------

def click(app, canvas_pos) -> None:
    """Mouse motion, button down and up at ``canvas_pos`` as drawn (window pixels
    worked out from where the canvas sits in the window)."""
    view = app._view
    pos = (view.x + (canvas_pos[0] + 0.5) * view.w / app.canvas.get_width(),
           view.y + (canvas_pos[1] + 0.5) * view.h / app.canvas.get_height())
    pos = (int(pos[0]), int(pos[1]))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(1)


def button(scene, text: str):
    """The widget labelled ``text`` on a menu scene, as built."""
    found = [w for w in scene.ui.widgets if getattr(w, "text", None) == text]
    assert found, f"no {text!r} on {scene.name}: {[getattr(w, 'text', None) for w in scene.ui.widgets]}"
    return found[0]


# --- the one path in the app -------------------------------------------------

def _human_out(app):
    """A Liar's Dice table where the only human went out and the "you are out"
    card offers to skip to the results (AIs still playing)."""
    from tests.test_out_moment import _find
    return _find(app, "liars-dice", {"starting_dice": 2})


def _replays() -> list[Path]:
    return saves.list_replays()


def test_skip_to_the_results_records_the_game_once(app):
    """Issue 38: after going out, clicking "Skip to the results" with the mouse
    (the replay written by a thread, as in the real app) gives results whose
    "Watch replay" works, the game counted in Stats and the rivals memory fed.
    On the old code "Watch replay" was greyed out and the stats never counted."""
    scene = _human_out(app)
    app.write_in_background = True
    match = scene.match
    click(app, scene.game_end.out_moment.buttons()["results"].center)
    app.run_frames(2)
    assert match.is_over and app.top.name == "results"
    watch = button(app.top, "Watch replay")
    assert watch.enabled, "Watch replay is offered at once"
    scene.game_end.recording.wait()
    data, _ = userfiles.load_stats()
    assert data["recent"] == [stats.match_key(match)]
    assert sum(b["games"] for b in data["games"]["liars-dice"]["levels"].values()) == 1
    assert len(_replays()) == 1 and not saves.has_autosave()
    assert not finished.pending()
    app.run_frames(90)   # a player reads the results: they take a press only after a second (issue 38)
    click(app, watch.rect.center)
    past_the_opening(app, 2)
    assert app.top.replay is not None, "the replay opens"


def test_every_way_out_of_a_finished_game_records_it_once(app):
    """The end of the game asked again (the table's last move, then the
    results path, then the crash rescue's ``app.autosave.save``) is the same
    end: one replay, one count."""
    scene = _human_out(app)
    click(app, scene.game_end.out_moment.buttons()["results"].center)
    first = scene.game_end.recording
    scene.game_end.finish_game()
    app.autosave.save(scene.match)          # what the crash rescue calls
    assert scene.game_end.recording is first
    assert len(_replays()) == 1
    data, _ = userfiles.load_stats()
    assert sum(b["games"] for b in data["games"]["liars-dice"]["levels"].values()) == 1


def test_a_lesson_records_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    match = Match("liars-dice", [Seat("Ada", "ai", "normal"), Seat("Bo", "ai", "normal")], None, seed=2)
    match.play_out()
    match.tutorial = True
    ending = finished.finish(match)
    assert ending.done and ending.replay_path is None and not _replays()


# --- kill at every step ------------------------------------------------------

def _child(home: Path, *args: str, kill_at: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "DICE_TAVERN_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop(finished.KILL_ENV, None)
    if kill_at:
        env[finished.KILL_ENV] = kill_at
    return subprocess.run([sys.executable, "-m", "tests.endgame_child", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def _start(home: Path) -> str:
    out = _child(home, "start")
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()[-1]


def _check_counted_once(home: Path, games: int) -> None:
    """Each finished game: once in the stats, once in the rivals memory, one replay."""
    data = json.loads((home / "stats.json").read_text())
    recent = data["recent"]
    assert len(recent) == len(set(recent)) == games, recent
    assert sum(b["games"] for b in data["games"]["liars-dice"]["levels"].values()) == games
    replays = [p for p in (home / "replays").glob("*.json") if p.name != "index.json"]
    assert len(replays) == games, [p.name for p in replays]
    keys = sorted(stats.match_key(Match.from_record(json.loads(p.read_text()))) for p in replays)
    assert keys == sorted(recent), "one replay per counted game"
    book = json.loads((home / "rivals.json").read_text())
    assert sorted(book["recent"]) == sorted(recent) and book["games"] == games
    assert not (home / "autosave.journal").exists()
    assert not list((home / "finishing").glob("*.json"))


def _kill_then_start(home: Path, step: str, seed: int) -> None:
    """One game killed at ``step`` of its end, the next start, (Continue and
    its end if the kill came before the commit), then one more game unharmed."""
    killed = _child(home, "play", str(seed), kill_at=step)
    assert killed.returncode != 0, f"the kill point {step} was never reached"
    if step == "begin":   # nothing committed: Continue plays the last move once more
        assert _start(home) == "continue"
        out = _child(home, "continue", str(seed))
        assert out.returncode == 0, out.stderr[-2000:]
    assert _start(home) == "no-continue", "Continue never offers a finished game"
    out = _child(home, "play", str(seed + 1000))
    assert out.returncode == 0, out.stderr[-2000:]
    _check_counted_once(home, 2)


@pytest.mark.parametrize("step", ["committed", "replay"])
def test_a_kill_during_the_end_of_a_game_counts_it_once(tmp_path, step):
    """The short version: killed after the commit (autosave still there) and
    after the replay (stats not yet written: the case that lost 3 of 29 games)."""
    _kill_then_start(tmp_path, step, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("step", finished.STEPS)
def test_a_kill_at_every_step_of_the_end_of_a_game_counts_it_once(tmp_path, step):
    _kill_then_start(tmp_path, step, seed=5)
