"""Roll For It! AI decision times over real positions (provider for ``python -m game bench``)."""
from __future__ import annotations

import time

from ..bench import percentiles
from ...core.match import Match, Seat
from ...core.seeding import derive


def bench_ai(quick: bool = False) -> dict:
    """Milliseconds per decision of each level, sampled from seeded 4-player games."""
    games = 4 if quick else 30
    samples: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}
    for g in range(games):
        levels = ["hard", "normal", "easy", "hard"]
        seats = [Seat(f"{lv}{i}", "ai", lv) for i, lv in enumerate(levels)]
        match = Match("roll-for-it", seats, seed=derive(7, "bench", g))
        while not match.is_over:
            state = match.state
            if state.is_chance():
                match.step()
                continue
            player = state.turn_player()
            assert player is not None, "a game not over and not at chance has a turn player"
            t0 = time.perf_counter()
            move = match.ai_turn_action()
            samples[match.seats[player].level].append((time.perf_counter() - t0) * 1000.0)
            assert move is not None, "every seat is an AI"
            match.apply(*move)
    return {f"{level}_decision": percentiles(s) for level, s in samples.items()}
