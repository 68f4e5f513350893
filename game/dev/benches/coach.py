"""Speed of the post-game coach (``python -m game bench --only coach``)."""
from __future__ import annotations

import time

from ...core.coach import CoachSession
from ...core.match import Match, Seat


def bench_coach(quick: bool) -> dict:
    """``python -m game bench --only coach``: CPU time (``process_time``) to
    weigh every decision of one person in the longest game we ship, Liar's
    Dice at 20 seats (10 with ``--quick``) with 5 dice each, the person in
    seat 0 (their moves played by the Normal AI), and the slowest single
    decision (what one frame of the coach screen may cost)."""
    seats = 10 if quick else 20
    levels = ("hard", "normal", "easy")
    match = Match("liars-dice", [Seat("You", "ai", "normal")]
                  + [Seat(f"AI {i}", "ai", levels[i % 3]) for i in range(1, seats)],
                  {"starting_dice": 5}, 11)
    match.play_out()
    match.seats[0] = Seat("You", "human")
    steps = []
    session = CoachSession(match, 0)
    start = time.process_time()
    while not session.done:
        t0 = time.process_time()
        session.advance(0.0)
        steps.append((time.process_time() - t0) * 1000.0)
    total = (time.process_time() - start) * 1000.0
    steps.sort()
    return {"seats": seats, "moves": len(match.history), "decisions": len(session.entries),
            "total_cpu_ms": round(total, 1), "per_decision_cpu_ms_p50": round(steps[len(steps) // 2], 2),
            "per_decision_cpu_ms_max": round(steps[-1], 2)}
