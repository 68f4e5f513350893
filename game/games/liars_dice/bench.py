"""AI decision time at a full 20-seat table (``python -m game bench``)."""
from __future__ import annotations

import time

from ...bench import percentiles
from ...core.match import Match, Seat
from ...core.protocol import CHANCE


def bench_ai(quick: bool) -> dict:
    """CPU-time (``thread_time``) percentiles of every Hard/Normal/Easy decision over real positions of
    seeded 20-player games with 6 dice each (the heaviest table)."""
    samples: dict[str, list[float]] = {"hard": [], "normal": [], "easy": []}
    games = 1 if quick else 3
    for g in range(games):
        levels = ["hard", "normal", "easy"]
        seats = [Seat(f"S{i}", "ai", levels[i % 3]) for i in range(20)]
        match = Match("liars-dice", seats, {"starting_dice": 6}, seed=1000 + g)
        steps = 0
        while not match.is_over and steps < (300 if quick else 2000):
            steps += 1
            if match.state.is_chance():
                match.apply(CHANCE, match.chance_outcome())
                continue
            player = match.state.turn_player()
            t0 = time.thread_time()
            move = match.ai_turn_action()
            samples[seats[player].level].append((time.thread_time() - t0) * 1000.0)
            match.apply(*move)
    out = {}
    for level, s in samples.items():
        for key, value in percentiles(s).items():
            out[f"{level}_{key}"] = value
    return out
