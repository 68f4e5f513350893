"""Roll Call AI decision times at a full 10-player table (``python -m game bench``).

Positions come from real seeded games (all three levels seated), so the
times include late rounds with long bid histories and every out-of-turn poll.
"""
from __future__ import annotations

import time

from ..bench import percentiles
from ...core.match import Match, Seat
from ...games.bidding.rivalbook import full_book
from ...core.seeding import derive

GAME_ID = "roll-call"
LEVELS = ("easy", "normal", "hard")


def bench_ai(quick: bool = False) -> dict:
    """p50/p95/p99/max CPU milliseconds (``thread_time``) per decision (turn moves and interjection polls) per level."""
    games = 2 if quick else 12
    samples: dict[str, list[float]] = {level: [] for level in LEVELS}
    for g in range(games):
        seats = [Seat(f"P{i}", "ai", LEVELS[(i + g) % 3]) for i in range(10)]
        # every seat fully remembered: the heaviest rival memory a decision consults
        match = Match(GAME_ID, seats, seed=derive(7, "bench", g), book=full_book(GAME_ID, seats))
        while not match.is_over:
            state = match.state
            if state.is_chance():
                match.apply(-1, match.chance_outcome())
                continue
            match.catch_up()   # the AIs have watched every move before they are asked
            for p in state.interjectors():
                agent = match.agents[p]
                t0 = time.thread_time()
                agent.interject(state.view(p), state.legal_actions(p))
                samples[match.seats[p].level].append((time.thread_time() - t0) * 1000.0)
            tp = state.turn_player()
            t0 = time.thread_time()
            move = match.ai_interjection() or match.ai_turn_action()
            elapsed = (time.thread_time() - t0) * 1000.0
            assert tp is not None and move is not None, "every seat is an AI"
            if move[0] == tp:
                samples[match.seats[tp].level].append(elapsed)
            match.apply(*move)
    out: dict[str, object] = {f"{level}_decision_ms": percentiles(s) for level, s in samples.items()}
    out["table"] = "10 players, 5 dice each"
    return out
