"""The invariant harness every game plugs into.

``playouts`` runs seeded games with a mix of AI levels and random agents and
checks, after every action:

* no exception; the game ends within a step limit;
* whoever may act has at least one legal action, until the end;
* the game's own conservation laws: ``rules.check_invariants(prev, action,
  state)`` if the rules module defines it (raise ``AssertionError``);
* every state's ``summary()`` is JSON; the finished record reloads through
  JSON and replays to the very same summaries.

It is plain Python so the smoke mode and the tests share it.
"""
from __future__ import annotations

import json
import random

from .. import games
from ..core.agents import RandomAgent
from ..core.match import Match, Seat
from ..core.protocol import CHANCE
from ..core.seeding import derive, stream


def _invariant_hook(game_id: str):
    return getattr(games.rules_module(game_id), "check_invariants", None)


def playout(game_id: str, num_players: int, seed: int, options: dict | None = None,
            mix: tuple[str, ...] = ("random", "easy", "normal", "hard"), max_steps: int = 200_000,
            dice=None) -> Match:
    """One checked game; returns the finished match."""
    rng = random.Random(derive(seed, "harness-seats"))
    kinds = [rng.choice(mix) for _ in range(num_players)]
    seats = [Seat(f"P{i}", "ai", k if k != "random" else "easy") for i, k in enumerate(kinds)]
    match = Match(game_id, seats, options, seed=seed, dice=dice)
    for i, k in enumerate(kinds):
        if k == "random":
            match.agents[i] = RandomAgent(i, stream(seed, "random-agent", i))
    check = _invariant_hook(game_id)
    summaries = [match.state.summary()]
    for _ in range(max_steps):
        state = match.state
        if state.is_terminal():
            break
        if not state.is_chance():
            for p in state.current_players():
                assert state.legal_actions(p), f"{game_id} seed {seed}: player {p} may act but has no legal action"
        before = state
        if not match.step():
            raise AssertionError(f"{game_id} seed {seed}: stuck with no AI or chance to move")
        player, action = match.history[-1]
        if player != CHANCE:
            assert action in before.legal_actions(player), f"{game_id}: illegal {action} applied"
        if check is not None:
            check(before, action, match.state)
        summaries.append(match.state.summary())
    else:
        raise AssertionError(f"{game_id} seed {seed}: no end after {max_steps} steps")
    ranking = match.state.ranking()
    assert len(ranking) == num_players and min(ranking) == 0, f"bad ranking {ranking}"
    # Round trip through JSON text, then replay and compare every state.
    record = json.loads(json.dumps(match.to_record()))
    replayed = Match.from_record(record)
    assert replayed.state.summary() == match.state.summary()
    again = []
    rebuilt = Match(game_id, match.seats, record["options"], seed=seed)
    again.append(rebuilt.state.summary())
    for player, action in replayed.history:
        rebuilt.apply(player, action)
        again.append(rebuilt.state.summary())
    assert again == summaries, f"{game_id} seed {seed}: replay diverged"
    json.dumps(summaries[-1])
    return match


def playouts(game_id: str, count: int, seed: int = 0, players: tuple[int, ...] | None = None,
             options: dict | None = None, **kw) -> list[Match]:
    """``count`` checked games with player counts cycling through ``players``."""
    info = games.game_info(game_id)
    players = players or tuple(range(info.min_players, min(info.max_players, 6) + 1))
    return [playout(game_id, players[i % len(players)], derive(seed, game_id, i), options, **kw)
            for i in range(count)]
