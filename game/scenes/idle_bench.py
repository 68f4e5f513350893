"""CPU of an idle game (``python -m game bench --only idle``).

Runs the real loop (``App.run``) on the title screen and on a Liar's Dice
table waiting for its human, waits until the loop rests, then measures the
process CPU time (``process_time``: every thread) over a few seconds of wall
time from a sampler thread, which then posts QUIT.  Figures: percent of one
core while idle, frames drawn per second while idle, and CPU per drawn frame
from start-up until the loop rests (start-up included).
"""
from __future__ import annotations

import threading
import time


def _measure(make_scene, seconds: float, settle_limit: float = 30.0) -> dict:
    import pygame
    from ..app import App
    app = App(headless=True)
    app.settings.reduced_motion = False
    out: dict = {}
    drawn: list[tuple[float, int]] = []

    def sampler():
        t0 = time.perf_counter()
        c_start = time.process_time()
        f_start = app.frame
        while not app.resting and time.perf_counter() - t0 < settle_limit:
            time.sleep(0.02)
        c1, w1, f1 = time.process_time(), time.perf_counter(), app.frame
        drawn.append(((c1 - c_start) * 1000.0, f1 - f_start))
        out["rested"] = app.resting
        out["seconds_to_rest"] = round(w1 - t0, 2)
        time.sleep(seconds)
        c2, w2, f2 = time.process_time(), time.perf_counter(), app.frame
        out["idle_core_pct"] = round(100.0 * (c2 - c1) / (w2 - w1), 2)
        out["idle_cpu_ms_per_s"] = round(1000.0 * (c2 - c1) / (w2 - w1), 2)
        out["idle_frames_per_s"] = round((f2 - f1) / (w2 - w1), 2)
        out["idle_wall_s"] = round(w2 - w1, 2)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    thread = threading.Thread(target=sampler, daemon=True)
    thread.start()
    app.run(make_scene(app))
    thread.join(timeout=5)
    cpu_ms, frames = drawn[0] if drawn else (0.0, 0)
    out["start_to_rest_cpu_ms_per_frame"] = round(cpu_ms / max(1, frames), 3)
    return out


def _title(app):
    from ..scenes.title import TitleScene
    return TitleScene(app)


def _waiting_table(app):
    from ..core.match import Match, Seat
    from ..scenes.launch import make_table
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, 6)]
    match = Match("liars-dice", seats, seed=12)
    while match.state.turn_player() != 0 or match.state.is_chance():
        if not match.step():
            break
    return make_table(app, match)


def bench_idle(quick: bool) -> dict:
    from ..core import userfiles
    out = {}
    with userfiles.scratch_home(prefix="dice-tavern-idle-"):
        for name, make in (("title", _title), ("waiting_table", _waiting_table)):
            for key, value in _measure(make, 2.0 if quick else 5.0).items():
                out[f"{name}_{key}"] = value
    return out
