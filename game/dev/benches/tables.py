"""What a player waits for at the biggest tables (``python -m game bench --only tables``).

Plays an AI-only game at the largest table of each game through the real
scenes, headless (dummy video driver) but drawing for real on the 1280x720
canvas at the game's own dice sizes, at the Normal pace, until the results
screen.  Every frame (``App.step``: fixed updates, physics, AI, autosave,
drawing; plus presenting) is timed in CPU time (``time.thread_time``) with
wall time beside it.  Reported per table: frames, CPU p50 / p99 / max, wall
p50 / p99 / max, and the five worst frames with what happened in them; and
memory: the loop's young and valve collections during the game, the old
generation's objects and the resident memory at its end.

Deviation from a player's game, on purpose: an AI acts after one frame
instead of the Normal 0.85 s "thinking" pause.  Those pauses are thousands
of cheap frames that would take most of the run and only lower the p50;
throws, reveals and banners run at their real Normal length.  ``--quick``
stops each game after ``QUICK_FRAMES`` frames (a smoke check, not a figure).
The autosave goes to a throw-away folder.
"""
from __future__ import annotations

import os
import statistics
import time

TABLES: tuple[tuple[str, int, dict[str, int], str], ...] = (
    ("liars-dice", 20, {"starting_dice": 6}, "liars_dice_20x6"),
    ("liars-dice", 20, {"starting_dice": 3}, "liars_dice_20x3"),
    ("roll-call", 10, {"starting_dice": 6}, "roll_call_10x6"),
    ("roll-the-bones", 6, {}, "roll_the_bones_6"),
    ("roll-for-it", 8, {}, "roll_for_it_8"),
    ("diced-out", 8, {}, "diced_out_8"),
)
QUICK_FRAMES = 600
MAX_FRAMES = 400_000
FRAME_DT = 1 / 60


def _pct(values, q):
    s = sorted(values)
    return round(s[min(len(s) - 1, int(round(q * (len(s) - 1))))], 3)


def _what(table, history_before, throw_before, history_after) -> str:
    """A short account of one frame, for the worst-frames list."""
    parts = []
    if table.throw_view is not None and throw_before is None:
        parts.append("throw starts")
    elif table.throw_view is not None:
        throw = getattr(table.throw_view, "throw", None)
        sep = getattr(throw, "_separation", None)
        parts.append("throw in flight" + (" (hard stop separating)" if sep is not None else ""))
    elif throw_before is not None:
        parts.append("throw lands")
    new = table.match.history[history_before:history_after]
    for player, action in new[-2:]:
        label = action.label() if hasattr(action, "label") else type(action).__name__
        parts.append(f"{'chance' if player < 0 else f'seat {player}'}: {label}"[:60])
    if len(new) > 2:
        parts.append(f"+{len(new) - 2} more actions")
    if not parts and table.is_busy():
        parts.append("animation")
    if table.match.is_over:
        parts.append("game over")
    return "; ".join(parts) or "waiting"


def play_table(game_id: str, seats: int, options: dict, *, quick: bool, seed: int = 1,
               max_frames: int | None = None) -> dict:
    from ...app import App
    from ...core.match import Match, Seat
    from ...ui import pace as pace_mod
    from ...scenes.launch import make_table
    app = App(headless=True)
    app.think_in_background = True   # as in the game's window: AI thinks off the frame
    app.write_in_background = True   # and the replay is written by a thread
    from ...scenes.setup import SetupScene
    SetupScene(app, game_id).draw(app.canvas, 0.0)   # the menu a player comes through (backdrop, fonts)
    app.settle_memory()              # as ``App.run`` does before its loop
    app.settings.reduced_motion = False
    app.settings.animation_speed = "normal"
    normal = pace_mod.PACES["normal"]
    saved = dict(pace_mod.PACES)
    pace_mod.PACES["normal"] = pace_mod.replace(normal, ai_delay=FRAME_DT)  # at most one AI move a frame
    try:
        match = Match(game_id, [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(seats)],
                      options, seed=seed)
        table = make_table(app, match)
        c0, w0 = time.thread_time(), time.perf_counter()
        app.start(table)  # opening the table (it warms the renderer): not a table frame
        open_cpu, open_wall = (time.thread_time() - c0) * 1000.0, (time.perf_counter() - w0) * 1000.0
        cpu: list[float] = []
        wall: list[float] = []
        worst: list[tuple[float, float, int, str]] = []
        acc = 0.0
        limit = max_frames or (QUICK_FRAMES if quick else MAX_FRAMES)
        partial = os.environ.get("DICE_TAVERN_BENCH_PARTIAL")
        """A file to write the figures so far to every 2,000 frames (long runs)."""
        for frame in range(limit):
            if app.top is not table:
                break
            h0, t0 = len(match.history), table.throw_view
            acc, c, w = timed_frame(app, acc)
            cpu.append(c)
            wall.append(w)
            keep_worst(worst, c, lambda: (c, w, frame, _what(table, h0, t0, len(match.history))))
            if partial and frame % 2000 == 1999:
                _dump(partial, _figures(cpu, wall, worst, match, app.top is not table, open_cpu, open_wall))
        out = _figures(cpu, wall, worst, match, app.top is not table, open_cpu, open_wall)
        out["memory"] = {"young_collections": app.memory.young, "valve_collections": app.memory.forced,
                         "old_objects_at_end": app.memory.old_objects(), "rss_mb_at_end": _rss_mb()}
    finally:
        pace_mod.PACES.clear()
        pace_mod.PACES.update(saved)
        app.shutdown()
    return out


def timed_frame(app, acc: float) -> tuple[float, float, float]:
    """One frame as the window runs it (step and present): the new
    accumulator, its CPU and its wall time in ms."""
    c0, w0 = time.thread_time(), time.perf_counter()
    acc = app.step(FRAME_DT, acc)
    app._present()
    return acc, (time.thread_time() - c0) * 1000.0, (time.perf_counter() - w0) * 1000.0


def keep_worst(worst: list, cpu: float, entry) -> None:
    """Keep the five costliest frames in ``worst`` (heaviest first); ``entry()``
    describes this one (cpu, wall, frame, what), built only when it is kept."""
    if len(worst) < 5 or cpu > worst[-1][0]:
        worst.append(entry())
        worst.sort(key=lambda x: -x[0])
        del worst[5:]


def _rss_mb() -> float | None:
    """Resident memory of this process now (Linux), to see a long game or
    several in a row do not pile up garbage (collection is the loop's job:
    ``game/memory.py``)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _dump(path: str, figures: dict) -> None:
    import json
    with open(path, "w") as f:
        json.dump(figures, f)


def _figures(cpu, wall, worst, match, finished, open_cpu, open_wall) -> dict:
    """The figures of the frames so far (see the module docstring)."""
    return {
        "frames": len(cpu), "actions": len(match.history), "finished": finished,
        "open_cpu_ms": round(open_cpu, 2), "open_wall_ms": round(open_wall, 2),
        "cpu_p50_ms": _pct(cpu, 0.5), "cpu_p99_ms": _pct(cpu, 0.99), "cpu_max_ms": round(max(cpu), 3),
        "wall_p50_ms": _pct(wall, 0.5), "wall_p99_ms": _pct(wall, 0.99), "wall_max_ms": round(max(wall), 3),
        "cpu_mean_ms": round(statistics.fmean(cpu), 3),
        "frames_over_16_7ms_cpu": sum(c > 1000 / 60 for c in cpu),
        "frames_over_6ms_cpu": sum(c > 6.0 for c in cpu),
        "worst": [{"frame": f, "cpu_ms": round(c, 2), "wall_ms": round(w, 2), "what": what}
                  for c, w, f, what in worst],
    }


def bench_tables(quick: bool) -> dict:
    from ...core import userfiles
    only = os.environ.get("DICE_TAVERN_BENCH_TABLES", "")
    out = {}
    with userfiles.scratch_home(prefix="dice-tavern-tables-"):
        for game_id, seats, options, name in TABLES:
            if only and name not in only.split(","):
                continue
            out[name] = play_table(game_id, seats, options, quick=quick)
    return out
