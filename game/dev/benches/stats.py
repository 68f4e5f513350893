"""Cost of recording a finished game in the lifetime stats
(``python -m game bench --only stats``).

The table calls ``stats.record_match`` once, in the frame that ends a game:
read and check stats.json, replay the game's log once (dice luck, bids,
score), write the file atomically.  Timed per game at its largest table
(every seat but one AI, seat 0 counted as the human) with a stats file that
already holds every game: CPU time (``thread_time``) and wall time (the
fsyncs of the atomic write are in the wall figure).  The table does it on a
worker thread (``stats.Recording``): ``frame_wall_*`` is what the frame that
ends the game pays, starting the thread."""
from __future__ import annotations

import time

TABLES = {"liars-dice": 20, "roll-call": 10, "roll-the-bones": 6, "roll-for-it": 8, "diced-out": 8}


def bench_stats(quick: bool) -> dict:
    """The cost of recording a finished game in the stats file, and of starting the
    recording thread the results frame pays (in a scratch data folder)."""
    from ...core import stats, userfiles
    from ...core.match import Match, Seat
    repeats = 3 if quick else 10
    out: dict = {}
    with userfiles.scratch_home(prefix="dice-tavern-bench-"):
        for game_id, seats in TABLES.items():
            match = Match(game_id, [Seat(f"B{i}", "ai", "normal") for i in range(seats)], seed=5)
            match.play_out()
            match.seats[0] = Seat("You")
            cpu, wall = [], []
            for k in range(repeats):
                match.seed = 1000 + k   # a new game each time for the "already recorded" check
                c0, w0 = time.thread_time(), time.perf_counter()
                stats.record_match(match)
                cpu.append((time.thread_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
            frame = []
            for k in range(repeats):   # what the frame pays: starting the worker thread
                match.seed = 2000 + k
                w0 = time.perf_counter()
                recording = stats.Recording(match)
                frame.append((time.perf_counter() - w0) * 1000)
                recording.wait()
            frame.sort()
            out[f"{game_id}_{seats}p_frame_wall_p50_ms"] = round(frame[len(frame) // 2], 2)
            out[f"{game_id}_{seats}p_frame_wall_max_ms"] = round(frame[-1], 2)
            cpu.sort()
            wall.sort()
            out[f"{game_id}_{seats}p_moves"] = len(match.history)
            out[f"{game_id}_{seats}p_cpu_p50_ms"] = round(cpu[len(cpu) // 2], 2)
            out[f"{game_id}_{seats}p_cpu_max_ms"] = round(cpu[-1], 2)
            out[f"{game_id}_{seats}p_wall_p50_ms"] = round(wall[len(wall) // 2], 2)
        out["stats_file_bytes"] = userfiles.stats_path().stat().st_size
    return out
