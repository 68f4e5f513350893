"""What a player waits for at the biggest tables (``python -m game bench --only tables``).

Plays a game at the largest table of each game through the real
scenes (AI-only, and at the bidding tables also with a human in seat 0), headless (dummy video driver) but drawing for real on the 1280x720
canvas at the game's own dice sizes, at the Normal pace, until the results
screen.  Every frame (``App.step``: fixed updates, physics, AI, autosave,
drawing; plus presenting) is timed in CPU time (``time.thread_time``) with
wall time beside it.  Reported per table: frames, CPU p50 / p99 / max, wall
p50 / p99 / max, and the five worst frames with what happened in them; and
memory: the loop's young and valve collections during the game (and the
frames that left a due young collection to a later one, the valve's counts
of the old generation), the old
generation's objects and the resident memory at its end, with the dice
pictures' megabytes kept and how many were let go (``dice_render.CACHE_BYTES``).

Beside the game thread's CPU, the process's CPU of each frame
(``process_time``: the AI thinker and writer threads too; on 2 busy cores
a frame's wall time pays for them through the GIL): ``proc_*`` figures.
The moments a player waits on are also reported alone (``moments``: each
throw's start and landing frames, the hand-over to the results and the
results screen's first frames: count, p50, worst, worst process CPU).
The frames counted include the table's opening (the hand-over after Start,
``scenes/opening.py``: the warm-up and first drawing, frames the player waits on;
``open_cpu_ms`` is its costliest frame) and the hand-over to the
results with ``RESULTS_FRAMES`` frames of the results screen.  Ratios to
the median frame of the same run (``*_over_p50``) compare across runs on
a busy machine.

The pause over a moving table: once a throw has flown a few frames, Esc
(a real key event) opens the pause menu and the loop runs as ``App.run``
does (resting when the frames come out the same) for ``PAUSE_SECONDS`` of
wall time: ``pause_core_pct`` (game thread) and ``pause_proc_core_pct``,
and, from the moment the loop rests (``pause_until_rest_s``), what the
pause costs while it stays open (``pause_resting_core_pct``); then Esc resumes.

A human seat (``*_human`` tables): a stand-in (the game's Normal AI for
that seat, deciding outside the timed frame, as a person thinks between
frames) makes its move after ``HUMAN_THINK_FRAMES`` frames by the path a
click takes (``TableScene.submit``: the picker's and the buttons'
handler) inside a timed frame; every ``UNDO_EVERY``-th undoable move is
taken back with the Z key; the out card is answered "watch" (W), a held
moment continued (Enter) and a waiting throw thrown (Space).  Those frames
are the ``human`` figures per kind (bid, call, undo...).

Between frames the loop sleeps as the window's does only while an AI thinks
(``rest_of_frame``: the rest of 1/60 s, given to the thinker, not timed);
otherwise frames follow each other at once.

Deviation from a player's game, on purpose: an AI acts after one frame
instead of the Normal 0.85 s "thinking" pause.  Those pauses are thousands
of cheap frames that would take most of the run and only lower the p50;
throws, reveals and banners run at their real Normal length.  ``--quick``
stops each game after ``QUICK_FRAMES`` frames (a smoke check, not a figure),
``DICE_TAVERN_BENCH_FRAMES=N`` after N (the same N before and after a change:
a busy machine's figures without waiting for every game's end; the results
hand-over then shows at the small table, ``roll_call_3``);
``DICE_TAVERN_BENCH_TABLES=a,b`` runs only those tables.
The autosave goes to a throw-away folder.
"""
from __future__ import annotations

import os
import statistics
import time
from typing import Any

TABLES: tuple[tuple[str, int, dict[str, int], str], ...] = (
    ("liars-dice", 20, {"starting_dice": 6}, "liars_dice_20x6"),
    ("liars-dice", 20, {"starting_dice": 6}, "liars_dice_20x6_human"),
    ("liars-dice", 20, {"starting_dice": 3}, "liars_dice_20x3"),
    ("roll-call", 10, {"starting_dice": 6}, "roll_call_10x6"),
    ("roll-call", 10, {"starting_dice": 6}, "roll_call_10x6_human"),
    ("roll-the-bones", 6, {}, "roll_the_bones_6"),
    ("roll-for-it", 8, {}, "roll_for_it_8"),
    ("roll-for-it", 8, {}, "roll_for_it_8_human"),
    ("diced-out", 8, {}, "diced_out_8"),
    ("roll-call", 3, {}, "roll_call_3"),
    ("liars-dice", 20, {"starting_dice": 6}, "liars_dice_20x6_human_continue"),
    ("diced-out", 8, {}, "diced_out_8_human_continue"),
    ("liars-dice", 2, {}, "lesson_liars_dice"),
    ("liars-dice", 2, {}, "liars_dice_2_human"),
    ("roll-call", 2, {}, "roll_call_2_human"),
    ("roll-the-bones", 2, {}, "roll_the_bones_2_human"),
    ("roll-for-it", 2, {}, "roll_for_it_2_human"),
    ("diced-out", 2, {}, "diced_out_2_human"),
    ("roll-for-it", 2, {}, "lesson_roll_for_it"),
)
"""(game, seats, options, name); a name with ``_human`` seats a human in seat 0; ending
``_continue``: the game is played ``CONTINUE_AT`` moves, saved, and opened by Continue on
the title; starting ``lesson_``: the game's lesson opened from Learn to play (its opening
and ``LESSON_FRAMES`` frames of the coach waiting).  Every game is played at its largest
table and at 2 seats with a human (``*_2_human``): the fixed cost of a frame and the pause
are measured at both ends."""
QUICK_FRAMES = 600
MAX_FRAMES = 400_000
FRAME_DT = 1 / 60
RESULTS_FRAMES = 30
PAUSE_AFTER_THROW_FRAMES = 5
PAUSE_SECONDS = 4.0
HUMAN_THINK_FRAMES = 20
UNDO_EVERY = 3
CONTINUE_AT = 150
LESSON_FRAMES = 300


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
               max_frames: int | None = None, human: bool = False, pause: bool = True,
               opens: str = "start") -> dict:
    from ...app import App
    from ...core.match import Match, Seat
    from ...ui import pace as pace_mod
    from ...scenes.launch import make_table
    from ...ui.table_scene import TableScene
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
        frames = _Frames()
        table: TableScene
        if opens == "lesson":
            table, acc, opening = open_a_lesson(app, game_id, frames)
            match = table.match
            max_frames, pause = LESSON_FRAMES, False
        else:
            match = Match(game_id, [Seat("You", "human") if human and i == 0 else
                                    Seat(f"Bot{i + 1}", "ai", "normal") for i in range(seats)], options, seed=seed)
            if opens == "continue":
                table, acc, opening = continue_as_a_player_does(app, match, seed, frames)
                match = table.match
            else:
                acc, opening = open_as_a_player_does(app, table := make_table(app, match), frames)
        open_cpu, open_wall = max(frames.cpu), max(frames.wall)
        driver = _HumanDriver(game_id, match, table, seed) if human else None
        paused: dict = {}
        limit = max_frames or int(os.environ.get("DICE_TAVERN_BENCH_FRAMES", 0) or 0) or (
            QUICK_FRAMES if quick else MAX_FRAMES)
        partial = os.environ.get("DICE_TAVERN_BENCH_PARTIAL")
        """A file to write the figures so far to every 2,000 frames (long runs)."""
        in_flight = 0
        for frame in range(limit):
            if app.top is not table:
                break
            in_flight = in_flight + 1 if table.throw_view is not None else 0
            if pause and not paused and in_flight >= PAUSE_AFTER_THROW_FRAMES and app.top is table:
                paused = pause_over(app, table)
                continue
            h0, t0 = len(match.history), table.throw_view
            move = driver.next_input() if driver is not None else None
            acc, c, p, w = timed_frame(app, acc, move[1] if move is not None else None)
            rest_of_frame(table, w)
            frames.add(c, p, w, lambda: _what(table, h0, t0, len(match.history)), frame)
            moment = "results hand-over" if app.top is not table else \
                "throw start" if t0 is None and table.throw_view is not None else \
                "throw landing" if t0 is not None and table.throw_view is None else None
            if moment is not None:
                frames.moment(moment, c, p)
            if move is not None and driver is not None:
                driver.took(move[0], c, p)
            if partial and frame % 2000 == 1999:
                _dump(partial, frames.figures(match, app.top is not table, open_cpu, open_wall))
        handed_over = app.top is not table
        if handed_over:   # the results screen's first frames (the hand-over frame is the table's last)
            for _ in range(RESULTS_FRAMES):
                acc, c, p, w = timed_frame(app, acc)
                frames.moment("results screen", c, p)
                frames.add(c, p, w, lambda: f"results screen ({type(app.top).__name__})")
        out = frames.figures(match, handed_over, open_cpu, open_wall)
        out.update(opening)
        out.update(paused)
        if driver is not None:
            out["human"] = driver.figures()
        out["memory"] = {"young_collections": app.memory.young, "valve_collections": app.memory.forced,
                         "young_deferred": app.memory.deferred, "old_counts": app.memory.old_counts,
                         "old_objects_at_end": app.memory.old_objects(), "rss_mb_at_end": _rss_mb(),
                         **_dice_pictures(table)}
    finally:
        pace_mod.PACES.clear()
        pace_mod.PACES.update(saved)
        app.shutdown()
        _let_the_table_go()
    return out


def _let_the_table_go() -> None:
    """Free this table's app before the next table plays: ``settle_memory``
    froze the app (``gc.freeze``), and a frozen app is never collected, nor is
    what it still holds, so each table of a run kept the last one's pictures,
    labels and canvases (about 4 GB resident by the last of 19 tables, whose
    frames then faulted in a process ten times a player's).  A player's game
    has one app for its whole life, and hands freed memory back at the quiet
    moment after a game (``memory.release_free_memory``), as this does."""
    import gc

    from ...memory import release_free_memory
    gc.unfreeze()
    gc.collect()
    release_free_memory()


def open_as_a_player_does(app, table, frames) -> tuple[float, dict]:
    """Start pressed on the setup screen: the opening hand-over
    (``scenes/opening.py``) until the table is on top, every frame timed
    (``frames``) as "opening the table".  Returns the accumulator and the
    opening's figures: its costliest frame (``open_cpu_ms``, beside
    ``open_cpu_total_ms`` and ``open_frames``)."""
    from ...scenes.opening import OpeningScene
    c0, p0, w0 = time.thread_time(), time.process_time(), time.perf_counter()
    app.start(OpeningScene(app, table))   # the opening's first frame: the hand-over shown
    frames.add((time.thread_time() - c0) * 1000.0, (time.process_time() - p0) * 1000.0,
               (time.perf_counter() - w0) * 1000.0, lambda: "opening the table")
    acc = 0.0
    while app.top is not table:
        acc, c, p, w = timed_frame(app, acc)
        frames.add(c, p, w, lambda: "opening the table")
    return acc, {"open_frames": len(frames.cpu), "open_cpu_total_ms": round(sum(frames.cpu), 2)}


def _click_and_open(app, screen, label: str, frames) -> tuple[Any, float, dict]:
    """``screen`` shown, then a mouse click on its button ``label`` and the
    hand-over, every frame timed as "opening the table", until a table is on
    top.  Returns the table, the accumulator and the opening's figures."""
    import pygame
    from ...ui.table_scene import TableScene
    app.start(screen)
    app.run_frames(2)
    button = next(w for w in screen.ui.widgets if getattr(w, "text", "") == label)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    acc = 0.0
    while not isinstance(app.top, TableScene) and len(frames.cpu) < 2000:
        acc, c, p, w = timed_frame(app, acc)
        frames.add(c, p, w, lambda: "opening the table")
    acc, c, p, w = timed_frame(app, acc)   # the table's first frame (its ``enter`` ran in the last one)
    frames.add(c, p, w, lambda: "opening the table")
    table = app.top
    assert isinstance(table, TableScene), f"the click opened {type(table).__name__}"
    return table, acc, {"open_frames": len(frames.cpu), "open_cpu_total_ms": round(sum(frames.cpu), 2)}


def continue_as_a_player_does(app, match, seed: int, frames) -> tuple:
    """``match`` played ``CONTINUE_AT`` moves (seat 0 by the game's Normal
    AI), saved as the autosave, and opened by a click on the title's Continue."""
    from ... import games
    from ...core.seeding import stream
    from ...scenes.title import TitleScene
    stand_in = games.make_agent(match.game_id, "normal", 0, stream(seed, "bench-continue"))
    while len(match.history) < CONTINUE_AT and not match.is_over:
        if match.step():
            continue
        state = match.state
        action = stand_in.interject(state.view(0), state.legal_actions(0)) \
            if 0 in (state.interjectors() or ()) else None
        match.apply(0, action if action is not None else stand_in.act(state.view(0), state.legal_actions(0)))
    app.autosave.save(match)
    app.autosave.flush()
    return _click_and_open(app, TitleScene(app), "Continue", frames)


def open_a_lesson(app, game_id: str, frames) -> tuple:
    """The game's lesson, started fresh by a click on Learn to play."""
    from ...games import game_info
    from ...scenes.learn import LearnScene
    return _click_and_open(app, LearnScene(app), game_info(game_id).title, frames)


class _Frames:
    """Every timed frame's game-thread CPU, process CPU and wall time, and the
    five costliest by game-thread CPU (``worst``) and by process CPU
    (``worst_proc``: the AI thinker's and writer's threads too) with what
    happened in them."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.proc: list[float] = []
        self.wall: list[float] = []
        self.worst: list = []
        self.worst_proc: list = []
        self.moments: dict[str, list[tuple[float, float]]] = {}
        """(game-thread, process) CPU of the frames of each moment a player waits on (``moment``)."""

    def moment(self, kind: str, cpu: float, proc: float) -> None:
        """A frame of ``kind`` (a throw's start, its landing, the results hand-over...)."""
        self.moments.setdefault(kind, []).append((cpu, proc))

    def add(self, cpu: float, proc: float, wall: float, what, frame: int = -1) -> None:
        self.cpu.append(cpu)
        self.proc.append(proc)
        self.wall.append(wall)
        keep_worst(self.worst, cpu, lambda: (cpu, wall, frame, what()))
        keep_worst(self.worst_proc, proc, lambda: (proc, cpu, wall, frame, what()))

    def figures(self, match, finished, open_cpu, open_wall) -> dict:
        out = _figures(self.cpu, self.wall, self.worst, match, finished, open_cpu, open_wall)
        p50 = max(out["cpu_p50_ms"], 1e-3)
        out.update({
            "cpu_p99_over_p50": round(out["cpu_p99_ms"] / p50, 2),
            "cpu_max_over_p50": round(out["cpu_max_ms"] / p50, 2),
            "proc_p50_ms": _pct(self.proc, 0.5), "proc_p99_ms": _pct(self.proc, 0.99),
            "proc_max_ms": round(max(self.proc), 3),
            "frames_over_16_7ms_proc": sum(c > 1000 / 60 for c in self.proc),
            "worst_proc": [{"frame": f, "proc_ms": round(p, 2), "cpu_ms": round(c, 2), "wall_ms": round(w, 2),
                            "what": what} for p, c, w, f, what in self.worst_proc],
            "moments": {kind: {"n": len(v), "cpu_p50_ms": _pct([c for c, _ in v], 0.5),
                               "cpu_max_ms": round(max(c for c, _ in v), 3),
                               "proc_max_ms": round(max(p for _, p in v), 3)}
                        for kind, v in sorted(self.moments.items())},
        })
        return out


def pause_over(app, table) -> dict:
    """Esc over a moving table, then the loop as ``App.run`` runs it (resting
    once its frames come out the same, waking as it does) for
    ``PAUSE_SECONDS`` of wall time; Esc again resumes.  Returns the share
    of a core the pause took (game thread and process) and its frames."""
    import pygame
    from ...app import FRAME_CAP
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    app.apply_transitions()
    on = type(app.top).__name__
    c0, p0, w0, f0 = time.thread_time(), time.process_time(), time.perf_counter(), app.frame
    acc = 0.0
    rested_at = None   # (thread, process, wall) clocks when the loop first rests
    while time.perf_counter() - w0 < PAUSE_SECONDS:
        tick = time.perf_counter()
        was_resting = app.resting
        if was_resting and rested_at is None:
            rested_at = (time.thread_time(), time.process_time(), tick)
        if was_resting:
            app.memory.quiet()
            events = app._rest()
        else:
            events = pygame.event.get()
        for event in events:
            app.dispatch(event)
        acc = app.step(FRAME_DT, acc)
        app.note_frame()
        if not (was_resting and not events and app.resting):
            app._present()
        time.sleep(max(0.0, 1.0 / FRAME_CAP - (time.perf_counter() - tick)))   # ``clock.tick``
    wall = time.perf_counter() - w0
    out = {"pause_screen": on, "pause_core_pct": round(100.0 * (time.thread_time() - c0) / wall, 2),
           "pause_proc_core_pct": round(100.0 * (time.process_time() - p0) / wall, 2),
           "pause_frames_per_s": round((app.frame - f0) / wall, 1), "pause_rested": app.resting}
    if rested_at is not None:   # once resting: what a pause left open costs (the first frames find it idle)
        c1, p1, w1 = rested_at
        rest_wall = max(1e-6, time.perf_counter() - w1)
        out.update({"pause_until_rest_s": round(w1 - w0, 2),
                    "pause_resting_core_pct": round(100.0 * (time.thread_time() - c1) / rest_wall, 2),
                    "pause_resting_proc_core_pct": round(100.0 * (time.process_time() - p1) / rest_wall, 2)})
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    app.apply_transitions()
    app.quiet_frames = 0
    return out


class _HumanDriver:
    """Seat 0's player (see the module docstring): what they do next, decided
    between frames, as events or a call the timed frame runs."""

    def __init__(self, game_id: str, match, table, seed: int):
        from ... import games
        from ...core.seeding import stream
        self.match, self.table = match, table
        self.stand_in = games.make_agent(game_id, "normal", 0, stream(seed, "bench-human"))
        self.waited = 0
        self.undoable_moves = 0
        self.asked_at = -1
        self.frames: dict[str, list[tuple[float, float]]] = {}

    def next_input(self):
        """(kind, what the frame runs first) or None."""
        import pygame
        table, match = self.table, self.match
        app = table.app
        if app.top is not table:
            return None
        if table.game_end.out_moment is not None:
            return "out card", lambda: app.feed(_key(pygame.K_w))
        if table.held.moment is not None:
            return "continue", lambda: app.feed(_key(pygame.K_RETURN))
        if table.waiting_thrower is not None:
            return "throw", lambda: app.feed(_key(pygame.K_SPACE))
        if table.undo_flow.can_undo() and match.undo_player() == 0 and self.undoable_moves % UNDO_EVERY == 0 \
                and self.asked_at != -2:
            self.asked_at = -2   # one take-back per move
            return "undo", lambda: app.feed(_key(pygame.K_z))
        state = match.state
        if state.is_terminal() or state.is_chance() or table.throw_view is not None or table.is_busy():
            return None
        action = None
        if table.human_to_act() == 0:
            self.waited += 1
            if self.waited < HUMAN_THINK_FRAMES:
                return None
            action = self.stand_in.act(state.view(0), state.legal_actions(0))
        elif 0 in (state.interjectors() or ()) and self.asked_at != len(match.history):
            self.asked_at = len(match.history)   # out of turn: asked once per moment
            action = self.stand_in.interject(state.view(0), state.legal_actions(0))
        if action is None:
            return None
        self.waited = 0
        if self.asked_at == -2:
            self.asked_at = -1
        undoable = table.undoable(0, action)
        label = type(action).__name__.lower()

        def submit():
            if table.submit(0, action) and undoable:
                self.undoable_moves += 1
        return label, submit

    def took(self, kind: str, cpu: float, proc: float) -> None:
        self.frames.setdefault(kind, []).append((cpu, proc))

    def figures(self) -> dict:
        out = {}
        for kind, values in sorted(self.frames.items()):
            cpu = [c for c, _ in values]
            proc = [p for _, p in values]
            out[kind] = {"n": len(values), "cpu_p50_ms": _pct(cpu, 0.5), "cpu_max_ms": round(max(cpu), 3),
                         "proc_max_ms": round(max(proc), 3)}
        return out


def _key(key: int):
    import pygame
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def timed_frame(app, acc: float, first=None) -> tuple[float, float, float, float]:
    """One frame as the window runs it (the player's input ``first()``, if
    any, then step and present): the new accumulator, its game-thread CPU,
    its process CPU and its wall time in ms."""
    c0, p0, w0 = time.thread_time(), time.process_time(), time.perf_counter()
    if first is not None:
        first()
    acc = app.step(FRAME_DT, acc)
    app._present()
    return (acc, (time.thread_time() - c0) * 1000.0, (time.process_time() - p0) * 1000.0,
            (time.perf_counter() - w0) * 1000.0)


def rest_of_frame(table, wall_ms: float) -> None:
    """What ``App.run``'s frame clock gives the table's AI thinker after a
    frame: the rest of the frame time (1/60 s less the frame's wall time),
    given while a thought runs (``Thinker.give``, ending when it does), not
    timed.  Without it the frames ran back to back and left the thinker
    nothing: on an idle 2-core machine Liar's Dice 20x6 made 5-12 moves in
    6,000 frames (a real window at that table: 3-4 moves a second)."""
    thinker = table.ai_turns.thinker
    spare = FRAME_DT - wall_ms / 1000.0
    if thinker is not None and not thinker.done and spare > 0:
        thinker.give(spare)


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


def _dice_pictures(table) -> dict:
    """The table's dice pictures at the end: megabytes kept (``CACHE_BYTES``)
    and how many were let go to stay within it (a cache that churns)."""
    renderer = getattr(table, "renderer", None)
    if renderer is None or not hasattr(renderer, "sprite_bytes"):
        return {}
    return {"dice_pictures_mb": round(renderer.sprite_bytes / 2**20, 1), "dice_pictures_dropped": renderer.dropped}


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
            opens = "continue" if name.endswith("_continue") else "lesson" if name.startswith("lesson_") else "start"
            out[name] = play_table(game_id, seats, options, quick=quick, human="_human" in name, opens=opens)
    return out
