"""AI decision times for Roll the Bones over real positions (``python -m game bench``)."""
from __future__ import annotations

import time

from game.dev.bench import percentiles
from game.core.match import Match, Seat
from game.core.seeding import stream

from ...games.roll_the_bones.ai import make_agent


def bench_ai(quick: bool = False) -> dict:
    """Milliseconds per decision for each level, sampled from seeded AI games."""
    games = 6 if quick else 40
    out = {}
    for level in ("easy", "normal", "hard"):
        samples = []
        for g in range(games):
            seats = [Seat(f"P{i}", "ai", "hard") for i in range(2 + g % 5)]
            match = Match("roll-the-bones", seats, seed=1000 + g)
            while not match.is_over:
                state = match.state
                if not state.is_chance():
                    p = state.turn_player()
                    assert p is not None, "an AI-only table waits on nobody"
                    agent = make_agent(level, p, stream(g, "bench", len(match.history)))
                    view, legal = state.view(p), state.legal_actions(p)
                    t0 = time.perf_counter()
                    agent.act(view, legal)
                    samples.append((time.perf_counter() - t0) * 1000.0)
                match.step()
        out[level] = percentiles(samples)
    return out
