"""An idle game rests: nothing changes, nothing is redrawn (game/app.py)."""
import threading
import time

import pygame
import pytest

from game.app import QUIET_FRAMES
from game.dev.benches import idle as idle_bench
from game.ui.motion import settling_pulse
from game.core.match import Match, Seat
from game.ui.scene import Scene
from tests.helpers import key


def _frames(app, n):
    acc = 0.0
    for _ in range(n):
        acc = app.step(1 / 60, acc)
        app.note_frame()


def test_title_rests_and_input_wakes_it(app):
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    _frames(app, QUIET_FRAMES + 2)
    assert app.resting
    app.feed(key(pygame.K_RIGHT))  # focus moves to the next card: the frame changes
    _frames(app, 1)
    assert not app.resting
    _frames(app, QUIET_FRAMES + 1)
    assert app.resting


class _Spinner(Scene):
    """Claims to be idle but draws something new every frame."""
    n = 0

    def draw(self, canvas, alpha):
        self.n += 1
        canvas.fill((self.n % 256, 0, 0))

    def is_idle(self):
        return True


def test_a_scene_that_still_moves_is_never_put_to_rest(app):
    app.start(_Spinner(app))
    _frames(app, QUIET_FRAMES * 3)
    assert not app.resting


def test_table_rests_only_while_a_human_decides(app):
    from game.scenes.launch import make_table
    app.settings.reduced_motion = True
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, 4)]
    table = make_table(app, Match("liars-dice", seats, seed=3))
    app.start(table)
    for _ in range(2000):
        _frames(app, 1)
        if app.resting:
            break
    assert app.resting
    assert table.human_to_act() == 0 and table.throw_view is None
    bots = [Seat(f"Bot{i}", "ai", "normal") for i in range(4)]
    watched = make_table(app, Match("liars-dice", bots, seed=3))
    app.start(watched)
    for _ in range(600):
        _frames(app, 1)
        assert not app.resting, "an AI-only table never rests while the game goes on"


def test_the_real_loop_stops_drawing_when_idle(app):
    """``App.run`` on the title draws its quiet frames, then (almost) none."""
    from game.scenes.title import TitleScene

    def quit_later():
        time.sleep(2.0)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    threading.Thread(target=quit_later, daemon=True).start()
    app.run(TitleScene(app))
    assert app.frame < QUIET_FRAMES + 20  # at 60 frames a second it would be ~120


def test_tables_bench_times_real_frames_and_names_the_worst(tmp_path, monkeypatch):
    """The tables bench drives the real table scene: frames are counted,
    the AI and the dice move the game on, the worst frames say what happened."""
    from game.dev.benches.tables import play_table
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    out = play_table("roll-the-bones", 3, {}, quick=True, max_frames=240)
    assert out["frames"] == out["open_frames"] + 239 and out["actions"] > 3   # the opening hand-over's frames, the game's (one ran the pause)
    assert 0 < out["cpu_p50_ms"] <= out["cpu_p99_ms"] <= out["cpu_max_ms"]
    assert len(out["worst"]) == 5
    assert all(w["what"] for w in out["worst"])
    assert out["worst"][0]["cpu_ms"] == max(w["cpu_ms"] for w in out["worst"])


@pytest.mark.parametrize("name,game_id,seats", idle_bench.WAITING_TABLES)
def test_every_table_waiting_for_its_human_comes_to_rest(app, name, game_id, seats):
    """Full motion, each game's table waiting for its human (the idle bench's
    tables; Diced Out on the human's own roll): whatever pulses to catch the
    eye settles, and the loop rests.  Diced Out's glowing sheet used to pulse
    for ever (31% of a core headless, 60% in a window)."""
    app.settings.reduced_motion = False
    table = idle_bench._waiting_table(game_id, seats)(app)
    app.start(table)
    for _ in range(60 * 15):
        _frames(app, 1)
        if app.resting:
            break
    assert app.resting, f"{name}: still drawing after 15 s of waiting"
    assert table.throw_view is None and not table.match.is_over


def test_a_settling_pulse_beats_then_holds_full():
    values = [settling_pulse(t / 60) for t in range(60 * 6)]
    assert values[0] == 0.0 and min(values[:60]) < 0.2 < 0.8 < max(values[:60])
    end = next(i for i, v in enumerate(values) if v == 1.0 and all(w == 1.0 for w in values[i:]))
    assert 2 * 60 < end < 5 * 60, "a few beats, then still"
    assert settling_pulse(0.0, still=True) == 1.0


def _a_throw_in_flight(app, game_id: str, seats: int):
    """A table of Normal bots (seed 3) run until its first throw is in the air."""
    from tests.helpers import start_table
    app.settings.reduced_motion = False
    table = start_table(app, Match(game_id, [Seat(f"Bot{i}", "ai", "normal") for i in range(seats)], seed=3))
    for _ in range(2000):
        if table.throw_view is not None:
            break
        _frames(app, 1)
    return table


def test_the_pause_over_a_flying_throw_draws_the_table_once_and_rests(app, monkeypatch):
    """Esc while the dice fly: the paused table is drawn once into a still
    (``Scene.still_below``), only the menu redraws, and the loop rests (the
    pause redrew the dimmed table every frame, 27-29% of a core at 20
    seats).  Resumed, the table draws live again and the throw flies on."""
    from game.scenes.pause import PauseScene
    table = _a_throw_in_flight(app, "roll-the-bones", 4)
    assert table.throw_view is not None
    draws = []
    real_draw = type(table).draw
    monkeypatch.setattr(type(table), "draw", lambda self, canvas, alpha: draws.append(1) or real_draw(self, canvas, alpha))
    app.feed(key(pygame.K_ESCAPE))
    _frames(app, 1)   # the frame of the key press (the pause opens at its end)
    assert isinstance(app.top, PauseScene)
    draws.clear()
    _frames(app, QUIET_FRAMES + 5)
    assert len(draws) == 1, "the paused table is drawn once"
    assert app.resting, "the pause over a moving table rests"
    app.feed(key(pygame.K_ESCAPE))
    _frames(app, 3)
    assert app.top is table and len(draws) >= 3 and not app.resting


def test_the_paused_table_is_dimmed_once_and_the_menu_looks_as_drawn_whole(app, monkeypatch):
    """Issue 41: every frame the resting pause checked (and each before it
    rested) dimmed the whole still table again and drew the board and its
    words: about 2 ms of the 1.7-3% of a core a pause costs.  They are drawn
    once into the still; each frame draws the buttons alone over it, and the
    picture is pixel for pixel the menu drawn whole over the table."""
    from game.ui import theme as th
    table = _a_throw_in_flight(app, "roll-the-bones", 4)
    dims: list[int] = []
    real_dim = th.dim
    monkeypatch.setattr(th, "dim", lambda *a, **k: dims.append(app.frame) or real_dim(*a, **k))
    app.feed(key(pygame.K_ESCAPE))
    _frames(app, 1)
    pause = app.top
    assert pause.name == "pause"
    _frames(app, 12)
    assert len(dims) == 1, f"the table dimmed in {len(dims)} frames of 12"
    whole = pygame.Surface(app.canvas.get_size())
    table.draw(whole, 0.0)
    pause.draw(whole, 0.0)
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.canvas, "RGB")


def test_checking_a_resting_frame_allocates_no_copy_of_the_canvas(app):
    """Each check of an idle frame (``App.note_frame``, once a second while
    resting) took a fresh 3.7 MB copy of the canvas; after the quiet
    collection trimmed the freed memory, its pages were faulted in again:
    about 2 ms of each check frame of a resting pause.  The pixels go into
    buffers kept for the app's life; the frames are still told apart."""
    import tracemalloc
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    _frames(app, QUIET_FRAMES + 5)
    assert app.resting
    tracemalloc.start()
    try:
        for _ in range(5):
            app.step(1 / 60, 0.0)
            app.note_frame()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert app.resting, "the same picture: still resting"
    assert peak < 1_000_000, f"{peak} bytes allocated at the peak of five checks"
    app.toast("Something new")
    _frames(app, 1)
    assert not app.resting, "a changed picture wakes the loop"


def test_the_pause_rests_after_a_few_frames_not_a_third_of_a_second(app):
    """Issue 41: over a whole pause the menu cost 4-6% of a core (2-3% once
    resting): the loop drew ``QUIET_FRAMES`` (20) identical frames, each
    compared pixel for pixel, before it rested.  The pause (the still table
    and a menu that changes only on input) rests after two."""
    _a_throw_in_flight(app, "roll-for-it", 8)
    app.feed(key(pygame.K_ESCAPE))
    _frames(app, 1)
    assert app.top.name == "pause"
    drawn = 0
    while not app.resting and drawn < QUIET_FRAMES + 5:
        _frames(app, 1)
        drawn += 1
    assert app.resting and drawn <= 4, f"{drawn} frames drawn before the pause rested"
