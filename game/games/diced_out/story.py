"""Diced Out's results story: the four rounds' scores and the total (low
wins); the chart follows the running totals, turned over so the leader is
on top (see ``game.core.story``)."""
from __future__ import annotations

from typing import Sequence

from ...core.story import Story, walk
from ...core.protocol import Action
from .rules import ROUNDS, DicedOutGame


def tell(game: DicedOutGame, history: Sequence[tuple[int, Action]]) -> Story:
    state = game.new_initial_state()
    for _before, _player, _action, after in walk(state, history):
        state = after
    n = game.num_players
    cells, series = [], []
    for p in range(n):
        scores = list(state.round_scores[p])
        cells.append(tuple(str(s) for s in scores) + ("\u2013",) * (ROUNDS - len(scores)) + (str(sum(scores)),))
        running = [0.0]
        for s in scores:
            running.append(running[-1] + s)
        series.append(tuple(running))
    done = min(len(s) for s in state.round_scores)
    series = [s[:done + 1] for s in series]
    marks = ("Start",) + tuple(f"R{i}" for i in range(1, done + 1))
    return Story(tuple(f"Round {i}" for i in range(1, ROUNDS + 1)) + ("Total (lowest wins)",), tuple(cells),
                 "Running total (lowest wins)", tuple(series), marks, higher_is_better=False)
