"""CPU of an idle game (``python -m game bench --only idle``).

Runs the real loop (``App.run``) on the title screen and on every game's
table waiting for its human (Diced Out on the human's own roll, where the
seat's sheet glows), waits until the loop rests, then measures the
process CPU time (``process_time``: every thread) over a few seconds of wall
time from a sampler thread, which then posts QUIT.  Figures: percent of one
core while idle, frames drawn per second while idle, and CPU per drawn frame
from start-up until the loop rests (start-up included).
"""
from __future__ import annotations

import threading
import time

from ...core.protocol import RollRequest


def _measure(make_scene, seconds: float, settle_limit: float = 30.0) -> dict:
    import pygame
    from ...app import App
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
    from ...scenes.title import TitleScene
    return TitleScene(app)


WAITING_TABLES = (("waiting_table", "liars-dice", 6), ("waiting_roll_call", "roll-call", 4),
                  ("waiting_roll_the_bones", "roll-the-bones", 4), ("waiting_roll_for_it", "roll-for-it", 4),
                  ("waiting_diced_out", "diced-out", 4))
"""(figure prefix, game, seats): every game's table waiting for its human
(``waiting_table`` is Liar's Dice, the name the first figures used)."""


def _waiting_for_you(state) -> bool:
    """The human (seat 0) is to decide, or to throw a lone roll of their own
    (Diced Out's table holds that throw until they click, and their sheet
    glows meanwhile)."""
    if state.is_chance():
        request = state.chance_request()
        return isinstance(request, RollRequest) and len(request.groups) == 1 and request.groups[0].owner == 0
    return state.turn_player() == 0


def _waiting_table(game_id: str, seats_n: int):
    def make(app):
        from ...core.match import Match, Seat
        from ...scenes.launch import make_table
        seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, seats_n)]
        match = Match(game_id, seats, seed=12)
        for _ in range(1000):
            if _waiting_for_you(match.state):
                break
            if not match.step():   # the human must act, but not yet where we want: their first choice
                player = match.state.turn_player()
                if match.state.is_terminal() or player is None:
                    break
                match.apply(player, match.state.legal_actions(player)[0])
        return make_table(app, match)
    return make


def bench_idle(quick: bool) -> dict:
    from ...core import userfiles
    out = {}
    with userfiles.scratch_home(prefix="dice-tavern-idle-"):
        scenes = [("title", _title)] + [(name, _waiting_table(game, n)) for name, game, n in WAITING_TABLES]
        for name, make in scenes:
            for key, value in _measure(make, 2.0 if quick else 5.0).items():
                out[f"{name}_{key}"] = value
    return out
