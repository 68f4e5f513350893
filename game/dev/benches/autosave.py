"""Speed of the autosave (``python -m game bench --only autosave``).

One save per action is what the table does; this times a save when the game
already holds 10, 1,000 and 5,000 actions.  The match is a real Liar's Dice
game at 20 seats; past its own end its log is padded with its own actions
(the journal never re-reads the log, so only the length matters).  CPU time
(``thread_time``; the fsync thread is not counted, it is off the game loop)
with wall time beside it, and the old whole-record rewrite for comparison.
"""
from __future__ import annotations

import time

SIZES = (10, 1000, 5000)


def _match_with(n: int):
    from ...core.match import Match, Seat
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(20)],
                  {"starting_dice": 6}, seed=3)
    while len(match.history) < min(n, 600) and match.step():
        pass
    real = list(match.history)
    while len(match.history) < n:
        match.history.append(real[len(match.history) % len(real)])
    del match.history[n:]
    return match, real


def _pct(values, q):
    s = sorted(values)
    return round(s[min(len(s) - 1, int(round(q * (len(s) - 1))))], 3)


def bench_autosave(quick: bool) -> dict:
    """The autosave's cost per action at growing game lengths (module docstring):
    it must stay flat, or long games would stutter as they grow."""
    from ...core import saves, userfiles
    saves_per_size = 60 if quick else 400
    out = {}
    autosave = saves.Autosave()
    with userfiles.scratch_home(prefix="dice-tavern-bench-"):
        for n in SIZES:
            match, real = _match_with(n)
            # the former autosave: the whole record rewritten with fsync
            cpu, wall = [], []
            for _ in range(3 if quick else 10):
                c0, w0 = time.thread_time(), time.perf_counter()
                userfiles.atomic_write_json(userfiles.autosave_path(), match.to_record())
                cpu.append((time.thread_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
            out[f"rewrite_{n}_cpu_p50_ms"] = _pct(cpu, 0.5)
            out[f"rewrite_{n}_wall_p50_ms"] = _pct(wall, 0.5)
            autosave.save(match)  # the header: once per game
            cpu, wall = [], []
            for k in range(saves_per_size):
                match.history.append(real[k % len(real)])
                c0, w0 = time.thread_time(), time.perf_counter()
                autosave.save(match)
                cpu.append((time.thread_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
            autosave.clear()
            out[f"journal_{n}_cpu_p50_ms"] = _pct(cpu, 0.5)
            out[f"journal_{n}_cpu_p99_ms"] = _pct(cpu, 0.99)
            out[f"journal_{n}_cpu_max_ms"] = _pct(cpu, 1.0)
            out[f"journal_{n}_wall_p50_ms"] = _pct(wall, 0.5)
            out[f"journal_{n}_wall_p99_ms"] = _pct(wall, 0.99)
        autosave.journals.remove()
    return out
