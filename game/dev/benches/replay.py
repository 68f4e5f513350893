"""A replay at the biggest table, with the AIs' reasons shown
(``python -m game bench --only replay``).

A 20-seat x 6 dice Liar's Dice game of AIs is played headless (seed 1) and
saved as a replay, which is then opened as a player opens it (a click on
its row in the Replays list, then the hand-over that checks its record and
builds its table: ``open_frames``, the costliest frame ``open_cpu_ms`` in the
game thread's CPU and ``open_proc_ms`` in the process's, the record's check
running on a thread) and watched through the real replay viewer, headless but drawing for real on the 1280x720 canvas, at
the fastest replay speed, with Settings' "Show AI reasoning" on: every AI
move's reason is worked out again by its AI (``Match.relive``), 10-20 ms of
thought a move at this table.  Every frame (``App.step`` plus presenting) is
timed in CPU time of the frame's thread (``time.thread_time``: work done by
a worker thread is not the frame's), wall time beside it, as the tables
bench does (``tables_bench``).  Reported: the frames' CPU and wall figures,
the five worst frames, the same for the frames that reached a seat's move
(where the reason is told: ``move_frames_*``), how many frames the replay
waited for a reason not yet worked out, and how many reasons the
commentary said.

The replay runs at the real pace of its fastest speed (no shortened
pauses).  Frames follow each other at once, except while a worker works
reasons out (``ReplayReasons.working``): then the bench waits out the rest
of the frame's 1/60 s for it, as the window waits for the next frame and
the worker has the interpreter meanwhile (without that wait the 13 frames
between two moves pass in 13 ms, not 217, and a thought would overlap the
next move's frame far more than in the game).
``DICE_TAVERN_BENCH_PACED=1`` waits out every frame's 1/60 s as the window
does (a full replay then takes 15 minutes: pair it with
``DICE_TAVERN_BENCH_FRAMES``; every frame then costs more CPU, its caches
cold after the wait, reasons or not).  ``DICE_TAVERN_BENCH_FRAMES=N`` stops after N
frames; ``--quick`` after ``QUICK_FRAMES`` (a smoke check, not a figure).
``first_throw_cpu_ms`` is the frame the replay's first throw starts in
(right after the hand-over: a forced throw, built ahead or in that frame).
``DICE_TAVERN_BENCH_REPLAYS=roll_the_bones_6,roll_for_it_8,diced_out_8``
watches the other games' replays at their largest tables (``REPLAYS``).
"""
from __future__ import annotations

import os
import time

REPLAYS: tuple[tuple[str, int, dict[str, int], str], ...] = (
    ("liars-dice", 20, {"starting_dice": 6}, "liars_dice_20x6"),
    ("roll-the-bones", 6, {}, "roll_the_bones_6"),
    ("roll-for-it", 8, {}, "roll_for_it_8"),
    ("diced-out", 8, {}, "diced_out_8"),
)
"""(game, seats, options, name): each game without bidding at its largest
table beside the 20x6 Liar's Dice; ``DICE_TAVERN_BENCH_REPLAYS=a,b`` picks
them (default: the first, ``liars_dice_20x6``)."""
QUICK_FRAMES = 1500
MAX_FRAMES = 400_000
FRAME_DT = 1 / 60


def watch_replay(game_id: str, seats: int, options: dict, *, quick: bool, seed: int = 1,
                 max_frames: int | None = None) -> dict:
    from ...app import App
    from ...core import saves
    from ...core.match import Match, Seat
    from ...core.playback import REPLAY_SPEEDS
    from ... import games
    from ...scenes.replay import ReplayListScene
    from ...scenes.setup import SetupScene
    from ...ui import theme as th
    from .tables import _click_and_open, _figures, _Frames, _pct, _what, keep_worst, timed_frame
    match = Match(game_id, [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(seats)], options, seed=seed)
    match.play_out()
    saves.save_replay(match)   # the only game in the Replays list (a scratch home)
    app = App(headless=True)
    app.think_in_background = True   # as in the game's window
    app.settings.show_ai_reasons = True
    app.settings.reduced_motion = False
    app.settings.animation_speed = "normal"
    SetupScene(app, game_id).draw(app.canvas, 0.0)   # fonts and backdrop, as a player comes through menus
    app.settle_memory()
    table = None
    try:
        # opened as a player opens it: a click on its row in the Replays list, then the
        # hand-over (its record checked, its table built) until the table's first frame
        opening = _Frames()
        table, _acc, opened = _click_and_open(app, ReplayListScene(app), games.game_info(game_id).title, opening)
        open_cpu, open_wall = max(opening.cpu), max(opening.wall)
        opened.update({"open_proc_ms": round(max(opening.proc), 3),
                       "open_proc_total_ms": round(sum(opening.proc), 2)})
        feed = table.replay
        assert feed is not None, "a replay's table has its feed"
        feed.speed_index = len(REPLAY_SPEEDS) - 1   # the fastest
        said: list[tuple[str, object]] = []
        announce = table.announce

        def spy(text, colour=None):
            said.append((text, colour))
            announce(text, colour)
        setattr(table, "announce", spy)   # what the commentary says (the reasons among it)
        cpu: list[float] = []
        wall: list[float] = []
        worst: list[tuple[float, float, int, str]] = []
        moved: list[float] = []
        moved_wall: list[float] = []
        first_throw: float | None = None
        waited = 0
        acc = 0.0
        limit = max_frames or int(os.environ.get("DICE_TAVERN_BENCH_FRAMES", 0)) or (
            QUICK_FRAMES if quick else MAX_FRAMES)
        paced = os.environ.get("DICE_TAVERN_BENCH_PACED", "") not in ("", "0")
        for frame in range(limit):
            if feed.finished and not table.is_busy() and table.throw_view is None:
                break
            h0, t0, p0 = len(table.match.history), table.throw_view, feed.position
            acc, c, _, w = timed_frame(app, acc)
            cpu.append(c)
            wall.append(w)
            if paced:
                time.sleep(max(0.0, FRAME_DT - w / 1000.0))
            elif feed.reasons is not None and getattr(feed.reasons, "working", False):
                feed.reasons.wait(max(0.0, FRAME_DT - w / 1000.0))
            if any(player >= 0 for player, _a in table.match.history[h0:]):
                moved.append(c)   # the frame that reached a seat's move (and told its reason)
                moved_wall.append(w)
            if table.replay_driver is not None and table.replay_driver.waiting_for_reason and feed.position == p0:
                waited += 1
            if first_throw is None and table.throw_view is not None and t0 is None:
                first_throw = c
            keep_worst(worst, c, lambda: (c, w, frame, _what(table, h0, t0, len(table.match.history))))
        out = _figures(cpu, wall, worst, table.match, feed.finished, open_cpu, open_wall)
        out.update(opened)
        out["actions_in_replay"] = len(feed.actions)
        out["first_throw_cpu_ms"] = round(first_throw, 3) if first_throw is not None else None
        out["move_frames"] = len(moved)
        out["move_frames_cpu_p99_ms"] = _pct(moved, 0.99) if moved else None
        out["move_frames_cpu_max_ms"] = round(max(moved), 3) if moved else None
        out["move_frames_over_6ms_cpu"] = sum(c > 6.0 for c in moved)
        out["move_frames_over_16_7ms_cpu"] = sum(c > 1000 / 60 for c in moved)
        out["move_frames_wall_p99_ms"] = _pct(moved_wall, 0.99) if moved else None
        out["move_frames_wall_max_ms"] = round(max(moved_wall), 3) if moved else None
        out["paced"] = paced
        out["memory"] = {"young_collections": app.memory.young, "valve_collections": app.memory.forced,
                         "old_objects_at_end": app.memory.old_objects()}
        out["frames_waiting_for_a_reason"] = waited
        out["reasons_said"] = sum(1 for _text, colour in said if colour == th.CREAM_DIM)
    finally:
        reasons = table.replay.reasons if table is not None and table.replay is not None else None
        close = getattr(reasons, "close", None)
        if close is not None:
            close()
        app.shutdown()
    return out


def bench_replay(quick: bool) -> dict:
    from ...core import userfiles
    only = os.environ.get("DICE_TAVERN_BENCH_REPLAYS", "") or REPLAYS[0][3]
    out = {}
    for game_id, seats, options, name in REPLAYS:
        if name in only.split(","):
            with userfiles.scratch_home(prefix="dice-tavern-replay-"):   # its replay the only one in the list
                out[name] = watch_replay(game_id, seats, options, quick=quick)
    return out
