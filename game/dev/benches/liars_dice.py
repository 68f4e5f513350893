"""AI decision time at a full 20-seat table (``python -m game bench``)."""
from __future__ import annotations

import time

from ..bench import percentiles
from ...core.match import Match, Seat
from ...games.bidding.rivalbook import full_book
from ...core.protocol import CHANCE


def bench_ai(quick: bool) -> dict:
    """CPU-time (``thread_time``) percentiles of every Hard/Normal/Easy decision over real positions of
    seeded 20-player games with 6 dice each (the heaviest table)."""
    samples: dict[str, list[float]] = {"hard": [], "normal": [], "easy": []}
    games = 1 if quick else 3
    for g in range(games):
        levels = ["hard", "normal", "easy"]
        seats = [Seat(f"S{i}", "ai", levels[i % 3]) for i in range(20)]
        # every seat fully remembered: the heaviest rival memory a decision consults
        match = Match("liars-dice", seats, {"starting_dice": 6}, seed=1000 + g,
                      book=full_book("liars-dice", seats))
        steps = 0
        while not match.is_over and steps < (300 if quick else 2000):
            steps += 1
            if match.state.is_chance():
                match.apply(CHANCE, match.chance_outcome())
                continue
            player = match.state.turn_player()
            assert player is not None, "a bidding round always has a turn player"
            t0 = time.thread_time()
            move = match.ai_turn_action()
            samples[seats[player].level].append((time.thread_time() - t0) * 1000.0)
            assert move is not None, "every seat is an AI"
            match.apply(*move)
    out = {}
    for level, s in samples.items():
        for key, value in percentiles(s).items():
            out[f"{level}_{key}"] = value
    return out


def bench_endgame(quick: bool) -> dict:
    """CPU time of the exact-endgame lookup (``endgame.endgame_policy``) at every
    decision of seeded heads-up endgames played from the tables, and the one-off
    CPU time of loading the default variant's table."""
    import random

    from ...core.protocol import RollRequest, RollResult, state_as
    from ...games import make_game
    from ...games.liars_dice import endgame
    from ...games.liars_dice.rules import LiarsState

    t0 = time.process_time()
    endgame.variant_table.cache_clear()
    endgame.variant_table("cap0-skip0")
    load_ms = (time.process_time() - t0) * 1000.0
    rng = random.Random(5)
    samples: list[float] = []
    top = max(2, endgame.max_total())
    starts = [(a, t - a) for t in range(2, top + 1) for a in range(1, t)]
    for g in range(40 if quick else 400):
        state = state_as(make_game("liars-dice", 2).new_initial_state(), LiarsState)
        state.dice = list(starts[g % len(starts)])
        while not state.is_terminal():
            if state.is_chance():
                request = state.chance_request()
                assert isinstance(request, RollRequest), "Liar's Dice only throws dice"
                groups = request.groups
                state = state.apply(CHANCE, RollResult(tuple(
                    tuple(rng.randint(1, 6) for _ in range(grp.count)) for grp in groups)))
                continue
            p = state.turn_player()
            assert p is not None, "a bidding round always has a turn player"
            legal = state.legal_actions(p)
            view = state.view(p)
            t = time.process_time_ns()
            policy = endgame.endgame_policy(view, legal)
            samples.append((time.process_time_ns() - t) / 1e6)
            if policy is None:
                break
            acts, weights = zip(*policy.items())
            state = state.apply(p, rng.choices(acts, weights)[0])
    out = {"table_load_ms": round(load_ms, 1), "lookups": len(samples)}
    out.update({f"lookup_{k}": v for k, v in percentiles(samples).items()})
    return out


ENGINE_REPEATS = 5
"""Runs per table of ``bench_engine`` (one with ``--quick``)."""

ENGINE_TABLES = ((2, 3), (6, 5), (20, 6))
"""(players, starting dice) of the engine bench: heads-up, a full table, the largest table."""


def random_playouts(players: int, dice: int, games: int, seed: int = 1) -> tuple[int, int]:
    """Play ``games`` whole games with uniformly random legal moves and random
    dice through the public engine API, as ``sim`` and a search do: the chance
    request, then per decision the turn player, its legal actions, its view and
    ``apply``.  Returns (actions applied, chance events included; games)."""
    import random

    from ...core.protocol import RollRequest, RollResult
    from ...games import make_game
    rng = random.Random(seed)
    pick, faces = rng.random, (1, 2, 3, 4, 5, 6)
    game = make_game("liars-dice", players, {"starting_dice": dice})
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                request = state.chance_request()
                assert isinstance(request, RollRequest), "Liar's Dice only throws dice"
                state = state.apply(CHANCE, RollResult(tuple(
                    tuple(rng.choices(faces, k=g.count)) for g in request.groups)))
            else:
                p = state.turn_player()
                assert p is not None, "a bidding round always has a turn player"
                legal = state.legal_actions(p)
                state.view(p)
                state = state.apply(p, legal[int(pick() * len(legal))])
            actions += 1
    return actions, games


def bench_engine(quick: bool) -> dict:
    """Random playouts of the rules engine (``python -m game bench --only engine``):
    actions per second of CPU time (``process_time``) at three table sizes,
    with wall time beside it.  Issue 16's goal: 4x the 27-36k actions/s of
    the engine before its hot paths were tuned.  Each table is played
    ``ENGINE_REPEATS`` times (the same games) after a short warm-up: the
    median run is the figure, the best run beside it (a shared machine's
    other work only ever slows a run down)."""
    import statistics
    out: dict[str, float] = {}
    random_playouts(2, 3, 20)   # the engine's caches, as in any longer sim
    for players, dice in ENGINE_TABLES:
        games = max(1, (600 if quick else 6000) // players ** 2 + (1 if quick else 30))
        runs = []
        for _ in range(1 if quick else ENGINE_REPEATS):
            c0, w0 = time.process_time(), time.perf_counter()
            actions, _ = random_playouts(players, dice, games)
            runs.append((time.process_time() - c0, time.perf_counter() - w0))
        cpu = statistics.median(c for c, _ in runs)
        wall = statistics.median(w for _, w in runs)
        name = f"{players}x{dice}"
        out[f"{name}_games"] = games
        out[f"{name}_actions"] = actions
        out[f"{name}_cpu_s"] = round(cpu, 3)
        out[f"{name}_actions_per_cpu_s"] = round(actions / max(cpu, 1e-9))
        out[f"{name}_best_actions_per_cpu_s"] = round(actions / max(min(c for c, _ in runs), 1e-9))
        out[f"{name}_actions_per_wall_s"] = round(actions / max(wall, 1e-9))
    return out
